"""Installing like an app: --version, the shipped files found from a wheel or a checkout, the
Linux desktop entry and its install script, the Windows version resource, the macOS icon."""

from __future__ import annotations

import configparser
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import types
from pathlib import Path

import pytest

from game import __version__
from game.__main__ import main
from game.resources import SHIPPED, choose_root, resource_path

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "linux"


def load_tool(name: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --version ---------------------------------------------------------------------------------


def test_version_option_prints_the_version_and_exits(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"rami {__version__}"


def test_python_dash_m_game_prints_the_version():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "game", "--version"], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == f"rami {__version__}"


# Shipped files ------------------------------------------------------------------------------


def test_shipped_files_inside_the_package_win(tmp_path):
    package, checkout = tmp_path / "site" / "game", tmp_path / "checkout"
    for name in SHIPPED:
        (package / name).mkdir(parents=True)
    assert choose_root(package, checkout) == package


def test_a_package_without_its_shipped_files_falls_back_to_the_checkout(tmp_path):
    package, checkout = tmp_path / "checkout" / "game", tmp_path / "checkout"
    (package / "assets").mkdir(parents=True)  # locales missing: not an installed wheel
    assert choose_root(package, checkout) == checkout


def test_the_running_game_finds_its_assets_and_locales():
    assert resource_path("locales", "fr.json").is_file()
    assert resource_path("assets", "icon.png").is_file()


def test_the_wheel_maps_every_shipped_folder_into_the_package():
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    for name in SHIPPED:
        assert f'"game.{name}": "{name}"' in text


def test_the_wheel_and_the_bundle_carry_the_lesson_scripts():
    assert '"game.lessons": ["*.json"]' in (ROOT / "setup.py").read_text(encoding="utf-8")
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert '"lessons" / "*.json"), "game/lessons")' in spec
    assert sorted(p.name for p in (ROOT / "game" / "lessons").glob("*.json")) == [
        "frustration.json",
        "rum500.json",
        "tiles.json",
    ]


# Linux desktop entry ---------------------------------------------------------------------------


def read_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def test_the_desktop_entry_is_an_application_with_the_rami_icon():
    entry = read_entry(LINUX / "rami.desktop")
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Rami"
    assert entry["Exec"] == "rami"
    assert entry["Icon"] == "rami"
    assert entry["Terminal"] == "false"
    assert entry["Categories"].endswith(";") and "Game" in entry["Categories"].split(";")


def fake_bundle(folder: Path) -> Path:
    """A folder laid out like dist/rami: the executable, the entry, the script, the icon."""
    folder.mkdir(parents=True)
    exe = folder / "rami"
    exe.write_text("#!/bin/sh\nexit 0\n")
    exe.chmod(0o755)
    shutil.copy(LINUX / "rami.desktop", folder)
    shutil.copy(LINUX / "install-desktop-entry.sh", folder)
    icon = folder / "_internal" / "game" / "assets"
    icon.mkdir(parents=True)
    shutil.copy(ROOT / "assets" / "icon.png", icon)
    return folder


def run_script(bundle: Path, data: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, XDG_DATA_HOME=str(data), HOME=str(data.parent))
    return subprocess.run(
        ["sh", str(bundle / "install-desktop-entry.sh"), *args], env=env, capture_output=True, text=True
    )


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_install_script_puts_the_entry_and_the_icon_in_the_users_menu(tmp_path):
    bundle = fake_bundle(tmp_path / "My Games" / "rami")
    data = tmp_path / "data"
    done = run_script(bundle, data)
    assert done.returncode == 0, done.stderr
    installed = data / "applications" / "rami.desktop"
    entry = read_entry(installed)
    assert entry["Exec"] == f'"{bundle / "rami"}"'  # quoted: the path holds a space
    assert entry["Icon"] == "rami"
    assert entry["Name"] == read_entry(LINUX / "rami.desktop")["Name"]
    assert entry["StartupWMClass"] == "rami"  # the window's class, as the Debian package's entry says
    icon = data / "icons" / "hicolor" / "256x256" / "apps" / "rami.png"
    assert icon.read_bytes() == (ROOT / "assets" / "icon.png").read_bytes()

    done = run_script(bundle, data, "--uninstall")
    assert done.returncode == 0, done.stderr
    assert not installed.exists() and not icon.exists()


@pytest.mark.skipif(shutil.which("sh") is None, reason="needs a POSIX shell")
def test_the_install_script_refuses_a_path_an_entry_cannot_quote(tmp_path):
    bundle = fake_bundle(tmp_path / "cost$5" / "rami")
    done = run_script(bundle, tmp_path / "data")
    assert done.returncode == 1
    assert not (tmp_path / "data" / "applications" / "rami.desktop").exists()


# Windows version resource ------------------------------------------------------------------------


def test_windows_version_numbers():
    windows_version = load_tool("windows_version")
    assert windows_version.version_numbers("1.0.0") == (1, 0, 0, 0)
    assert windows_version.version_numbers("2.13.4rc1+local") == (2, 13, 4, 0)
    assert windows_version.version_numbers("3") == (3, 0, 0, 0)


def test_the_windows_version_resource_reads_back_in_pyinstaller(tmp_path, monkeypatch):
    pytest.importorskip("PyInstaller")
    import PyInstaller.compat

    # The parser lives in a Windows-only module: stand in for the two Windows libraries it
    # imports (neither is used to read the text or to encode the resource).
    monkeypatch.setitem(sys.modules, "pefile", types.ModuleType("pefile"))
    monkeypatch.setattr(PyInstaller.compat, "win32api", None, raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    from PyInstaller.utils.win32 import versioninfo

    path = tmp_path / "version.txt"
    path.write_text(load_tool("windows_version").version_info_text("1.2.3"), encoding="utf-8")
    info = versioninfo.load_version_info_from_text_file(str(path))
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((1 << 16) | 2, 3 << 16)
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductVersion"] == "1.2.3"
    assert strings["OriginalFilename"] == "rami.exe"
    assert len(info.toRaw()) > 200


# macOS icon ---------------------------------------------------------------------------------


def test_the_macos_icon_holds_one_png_per_size_and_matches_its_generator():
    make_art = load_tool("make_art")
    data = (ROOT / "assets" / "icon.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, sizes = 8, {}
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        png = data[pos + 8 : pos + length]
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        sizes[kind] = (width, height)
        pos += length
    assert sizes == {kind: (size, size) for size, kind in make_art.ICNS_TYPES.items()}
    assert data == make_art.icns(make_art.app_icon_pngs(make_art.app_icon()))
