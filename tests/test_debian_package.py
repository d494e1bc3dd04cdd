"""The Debian package's sources (linux/) and its builder (tools/build-deb): the metainfo, the man
page, the menu entry, and a package built from a small stand-in for dist/rami.

CI builds the real package from the real bundle, runs lintian, installs it, starts it and
removes it (.ci/run); these tests keep the sources true to the game between those runs."""

from __future__ import annotations

import configparser
import gzip
import importlib.util
import re
import shutil
import subprocess
import types
import xml.etree.ElementTree as ET
from pathlib import Path
from urllib.parse import urlparse

import pytest

from game import __version__
from game.__main__ import build_parser
from game.ui.app import WINDOW_CLASS

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "linux"
METAINFO = LINUX / "org.rami.game.metainfo.xml"
LANG = "{http://www.w3.org/XML/1998/namespace}lang"


def load_builder() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("deb_package", ROOT / "tools" / "deb_package.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


deb_package = load_builder()


def desktop_entry(text: str) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str
    parser.read_string(text)
    return parser["Desktop Entry"]


# The metainfo ------------------------------------------------------------------------------------


def test_the_newest_release_in_the_metainfo_is_the_games_version():
    history = deb_package.releases(METAINFO)
    assert history[0][0] == __version__
    days = [day for _, day, _ in history]
    assert days == sorted(days, reverse=True), "releases newest first"


def test_the_metainfo_speaks_english_and_french():
    component = ET.parse(METAINFO).getroot()
    assert component.findtext("id") == deb_package.APP_ID
    assert component.findtext("launchable") == "rami.desktop"
    for tag in ("summary", "description/p", "description/ul"):
        langs = {element.get(LANG) for element in component.iterfind(tag)}
        assert langs == {None, "fr"}, tag
    for screenshot in component.iterfind("screenshots/screenshot"):
        assert {caption.get(LANG) for caption in screenshot.iterfind("caption")} == {None, "fr"}
    assert component.find("content_rating").get("type") == "oars-1.1"


def test_every_screenshot_of_the_metainfo_is_a_file_of_docs_screenshots():
    component = ET.parse(METAINFO).getroot()
    images = [image.text.strip() for image in component.iterfind("screenshots/screenshot/image")]
    assert len(images) >= 3
    home = urlparse(deb_package.homepage(METAINFO)).path.strip("/")  # owner/repository
    for url in images:
        parts = urlparse(url)
        assert parts.scheme == "https"
        owner_repo, _, inside = parts.path.strip("/").partition("/main/")
        assert owner_repo == home, url
        assert inside.startswith("docs/screenshots/") and (ROOT / inside).is_file(), url


def test_the_metainfo_and_the_menu_entry_name_the_same_categories():
    component = ET.parse(METAINFO).getroot()
    entry = desktop_entry((LINUX / "rami.desktop").read_text(encoding="utf-8"))
    categories = [c.text for c in component.iterfind("categories/category")]
    assert entry["Categories"] == ";".join(categories) + ";" == "Game;CardGame;"


# The menu entry ----------------------------------------------------------------------------------


def test_the_menu_entry_has_english_and_french_names_and_comments():
    entry = desktop_entry((LINUX / "rami.desktop").read_text(encoding="utf-8"))
    for key in ("Name", "GenericName", "Comment", "Keywords"):
        assert entry[key] and entry[f"{key}[fr]"], key
    assert entry["Comment"] != entry["Comment[fr]"]
    assert entry["StartupWMClass"] == WINDOW_CLASS


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="needs desktop-file-utils")
def test_the_menu_entry_passes_desktop_file_validate():
    done = subprocess.run(
        ["desktop-file-validate", str(LINUX / "rami.desktop")], capture_output=True, text=True
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="needs appstream")
def test_the_metainfo_passes_appstreamcli_validate():
    done = subprocess.run(
        ["appstreamcli", "validate", "--no-net", "--pedantic", str(METAINFO)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout


# The man page ------------------------------------------------------------------------------------


def test_the_man_page_has_every_option_of_the_command_line():
    page = (LINUX / "rami.6").read_text(encoding="utf-8").replace("\\-", "-")
    options_section = page.split(".SH OPTIONS\n", 1)[1].split("\n.SH ", 1)[0]
    entries = [line for line in options_section.splitlines() if re.match(r"\.B[IR]? ", line)]
    documented = {option for line in entries for option in re.findall(r"(?<![\w-])(--?[a-z][a-z-]*)", line)}
    listed = {
        option
        for action in build_parser()._actions
        if action.help != "==SUPPRESS=="
        for option in action.option_strings
    }
    assert {"--lang", "--help", "-h", "--version"} <= listed
    assert documented == listed


# A package built from a stand-in bundle -----------------------------------------------------------

needs_dpkg = pytest.mark.skipif(
    shutil.which("dpkg-deb") is None or shutil.which("patchelf") is None, reason="needs dpkg-deb and patchelf"
)


def stand_in_bundle(folder: Path, version: str = __version__) -> Path:
    """A folder laid out like dist/rami, whose executable only says its version."""
    (folder / "_internal" / "game").mkdir(parents=True)
    (folder / "_internal" / "game" / "data.txt").write_text("the game's files\n")
    exe = folder / "rami"
    exe.write_text(f'#!/bin/sh\n[ "$1" = --version ] && echo "rami {version}"\n')
    exe.chmod(0o755)
    shutil.copy(LINUX / "rami.desktop", folder)
    shutil.copy(LINUX / "install-desktop-entry.sh", folder)
    return folder


def contents(deb: Path) -> dict[str, str]:
    """Path -> the tar listing's mode string (and the link target for symlinks)."""
    listing = subprocess.run(["dpkg-deb", "--contents", str(deb)], capture_output=True, text=True, check=True)
    found = {}
    for line in listing.stdout.splitlines():
        fields = line.split(maxsplit=5)
        name, _, target = fields[5].partition(" -> ")
        found[name.removeprefix(".").rstrip("/") or "/"] = fields[0] + (f" -> {target}" if target else "")
    return found


def member(deb: Path, path: str, folder: Path) -> bytes:
    subprocess.run(["dpkg-deb", "--extract", str(deb), str(folder)], check=True)
    return (folder / path.lstrip("/")).read_bytes()


@needs_dpkg
def test_the_package_lays_the_bundle_and_the_desktop_files_out(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    deb = deb_package.build(stand_in_bundle(tmp_path / "rami"), tmp_path / "out")
    assert deb.name.startswith(f"rami_{__version__}_") and deb.suffix == ".deb"
    files = contents(deb)
    assert files["/usr/bin/rami"].startswith("l") and files["/usr/bin/rami"].endswith("-> /opt/rami/rami")
    assert files["/opt/rami/rami"].startswith("-rwxr-xr-x")
    assert files["/opt/rami/_internal/game/data.txt"].startswith("-rw-r--r--")
    assert "/opt/rami/install-desktop-entry.sh" not in files and "/opt/rami/rami.desktop" not in files
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert f"/usr/share/icons/hicolor/{size}x{size}/apps/rami.png" in files
    for path in (
        "/usr/share/icons/hicolor/scalable/apps/rami.svg",
        "/usr/share/applications/rami.desktop",
        "/usr/share/metainfo/org.rami.game.metainfo.xml",
        "/usr/share/man/man6/rami.6.gz",
        "/usr/share/doc/rami/copyright",
        "/usr/share/doc/rami/changelog.gz",
        "/usr/share/lintian/overrides/rami",
    ):
        assert files[path].startswith("-rw-r--r--"), path

    def field(name: str) -> str:
        return subprocess.run(
            ["dpkg-deb", "--field", str(deb), name], capture_output=True, text=True, check=True
        ).stdout.strip()

    assert field("Package") == "rami" and field("Version") == __version__
    assert field("Section") == "games"
    assert field("Depends").split(", ")[0] == "libc6"  # a shell script asks nothing of glibc
    assert int(field("Installed-Size")) > 0
    page = gzip.decompress(member(deb, "/usr/share/man/man6/rami.6.gz", tmp_path / "x"))
    assert f'"Rami {__version__}"'.encode() in page and b"@VERSION@" not in page
    changelog = gzip.decompress((tmp_path / "x/usr/share/doc/rami/changelog.gz").read_bytes()).decode()
    assert changelog.startswith(f"rami ({__version__}) unstable; urgency=medium\n\n  * ")
    assert re.search(r"^ -- .+ <.+@.+>  \w{3}, \d\d \w{3} \d{4} 12:00:00 \+0000$", changelog, re.M)
    installed_entry = (tmp_path / "x/usr/share/applications/rami.desktop").read_text(encoding="utf-8")
    assert desktop_entry(installed_entry)["StartupWMClass"] == WINDOW_CLASS


@needs_dpkg
def test_the_same_bundle_gives_the_same_package(tmp_path, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    bundle = stand_in_bundle(tmp_path / "rami")
    first = deb_package.build(bundle, tmp_path / "one").read_bytes()
    second = deb_package.build(bundle, tmp_path / "two").read_bytes()
    assert first == second


@needs_dpkg
def test_a_bundle_of_another_version_is_refused(tmp_path):
    bundle = stand_in_bundle(tmp_path / "rami", version="0.0.1")
    with pytest.raises(deb_package.BuildError, match="build it again"):
        deb_package.build(bundle, tmp_path / "out")
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_no_bundle_is_said_in_one_line(tmp_path, capsys):
    assert deb_package.main(["--dist", str(tmp_path / "nothing"), "--out", str(tmp_path)]) == 1
    said = capsys.readouterr().err
    assert said.startswith("build-deb: ") and said.count("\n") == 1


# What the builder reads from the project --------------------------------------------------------


def test_the_icons_cover_the_hicolor_sizes_desktops_ask_for():
    pngs = deb_package.icon_pngs()
    assert {16, 24, 32, 48, 64, 128, 256, 512} <= set(pngs)


def test_the_changelog_has_one_entry_per_release():
    history = deb_package.releases(METAINFO)
    changelog = deb_package.debian_changelog(history)
    assert changelog.count(" -- ") == len(history)
    assert changelog.splitlines()[0] == f"rami ({__version__}) unstable; urgency=medium"
