"""Build Rami's Debian package from the standalone build, offline (``tools/build-deb`` runs it).

    tools/build-deb [--dist dist/rami] [--out dist]

Takes an existing PyInstaller bundle (``pyinstaller build.spec`` makes ``dist/rami``) and writes
``rami_<version>_<arch>.deb`` with ``dpkg-deb``: the bundle under /opt/rami, /usr/bin/rami, the
menu entry, the icons (every hicolor size and the scalable SVG), the AppStream metainfo, the man
page rami(6), the copyright file, the changelog and lintian's overrides. Needs Python 3's
standard library, dpkg-deb and patchelf; the files it adds come from linux/ and assets/. The version is
game.__version__ (the bundle must say the same); the changelog and the release date come from
the metainfo's <releases>; the files' dates are the release date (or SOURCE_DATE_EPOCH), so the
same bundle gives the same package.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import hashlib
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import textwrap
import xml.etree.ElementTree as ET
from email.utils import format_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINUX = ROOT / "linux"
APP_ID = "org.rami.game"
PACKAGE = "rami"
MAINTAINER = "Rami maintainers <maintainers@users.noreply.a-seed-ca03909c.example>"
NOT_IN_PACKAGE = ("rami.desktop", "install-desktop-entry.sh")
"""Files of the tar.gz bundle that the package replaces with system-wide ones."""
ELF_MACHINES = {62: "amd64", 183: "arm64", 3: "i386", 40: "armhf"}
DEPENDS = ["libx11-6", "libxext6"]
"""What SDL needs for a window and the bundle does not carry: SDL opens libX11 and libXext when
the game starts (they are not linked, so no tool finds them). Wayland desktops run X11 programs
through XWayland, where SDL 2 prefers X11."""
RECOMMENDS = ["libasound2 | libpulse0", "libxcursor1", "libxi6", "libxrandr2"]
"""Opened when present: sound (ALSA, or PulseAudio and PipeWire's PulseAudio server), the
mouse cursors, input devices, several screens. Without them the game runs (silent)."""
DESCRIPTION = """\
three rummy games: Frustration Rummy, 500 Rum, rummy with tiles
 Rami is a collection of three rummy games, in French or English, against
 computer players of three levels or with friends on one screen, hands hidden
 between turns:
  - Frustration Rummy: fourteen contracts to complete in order, 2s and jokers
    wild, 2 to 6 players;
  - 500 Rum: take any card from the spread discard pile, score what you meld,
    first to 500, 2 to 6 players;
  - Rummy with tiles: 106 tiles, a 30-point opening, free rearrangement of the
    table and a sand-glass timer, 2 to 4 players.
 .
 Every computer move plays out on the table; the rules screens, the house
 rules of the original rule sheets, a save after every move, statistics and a
 hint key are built in, and the whole game can be played with the keyboard.
 .
 This package holds the game's standalone build (its own Python and
 libraries) under /opt/rami."""


class BuildError(Exception):
    """A build that cannot go on, said in one line."""


def game_version() -> str:
    text = (ROOT / "game" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if match is None:
        raise BuildError("no __version__ in game/__init__.py")
    return match.group(1)


def releases(metainfo: Path) -> list[tuple[str, dt.date, list[str]]]:
    """The metainfo's releases, newest first: version, date, the English paragraphs."""
    found = []
    for release in ET.parse(metainfo).getroot().iterfind("releases/release"):
        paragraphs = [
            " ".join(p.text.split())
            for p in release.iterfind("description/p")
            if p.text and "{http://www.w3.org/XML/1998/namespace}lang" not in p.attrib
        ]
        found.append((release.get("version"), dt.date.fromisoformat(release.get("date")), paragraphs))
    if not found:
        raise BuildError(f"no <release> in {metainfo}")
    return found


def homepage(metainfo: Path) -> str:
    url = ET.parse(metainfo).getroot().find("url[@type='homepage']")
    if url is None or not url.text:
        raise BuildError(f"no homepage <url> in {metainfo}")
    return url.text.strip()


def debian_changelog(history: list[tuple[str, dt.date, list[str]]]) -> str:
    """The changelog of a native package (Debian Policy 4.4), one entry per release."""
    entries = []
    for version, day, paragraphs in history:
        when = dt.datetime.combine(day, dt.time(12, 0), tzinfo=dt.UTC)
        items = "\n".join(
            textwrap.fill(p, 76, initial_indent="  * ", subsequent_indent="    ")
            for p in paragraphs or ["Release."]
        )
        entries.append(
            f"{PACKAGE} ({version}) unstable; urgency=medium\n\n{items}\n\n -- {MAINTAINER}  {format_datetime(when)}\n"
        )
    return "\n".join(entries)


def elf_architecture(executable: Path) -> str:
    """The Debian architecture of an ELF executable, or the machine's for anything else."""
    head = executable.read_bytes()[:20]
    if head[:4] == b"\x7fELF":
        machine = struct.unpack("<H" if head[5] == 1 else ">H", head[18:20])[0]
        if machine in ELF_MACHINES:
            return ELF_MACHINES[machine]
    return subprocess.run(
        ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
    ).stdout.strip()


def glibc_needed(bundle: Path) -> tuple[int, ...] | None:
    """The newest GLIBC_x.y symbol version any ELF file of the bundle asks for (libc is the
    one system library the bundle links to; ``ldd`` shows nothing else outside it)."""
    newest = None
    for path in bundle.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
            data = f.read()
        for match in re.findall(rb"GLIBC_(\d+)\.(\d+)(?:\.(\d+))?", data):
            version = tuple(int(part) for part in match if part)
            newest = version if newest is None or version > newest else newest
    return newest


def icon_pngs() -> dict[int, bytes]:
    """The application icon as PNG files by size: every size of assets/icon.ico (16-256) and
    the 512 of assets/icon.icns, all rasterised by tools/make_art.py from ui/app_icon.svg."""
    pngs = {}
    ico = (ROOT / "assets" / "icon.ico").read_bytes()
    for i in range(struct.unpack("<H", ico[4:6])[0]):
        width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6 + 16 * i : 22 + 16 * i])
        pngs[width or 256] = ico[offset : offset + size]
    icns = (ROOT / "assets" / "icon.icns").read_bytes()
    pos = 8
    while pos < len(icns):
        kind, length = icns[pos : pos + 4], struct.unpack(">I", icns[pos + 4 : pos + 8])[0]
        if kind == b"ic09":
            pngs[512] = icns[pos + 8 : pos + length]
        pos += length
    for size, data in pngs.items():
        if not data.startswith(b"\x89PNG") or struct.unpack(">II", data[16:24]) != (size, size):
            raise BuildError(f"the {size} px icon in assets/ is not a {size}x{size} PNG")
    return pngs


def write(path: Path, data: bytes | str, mode: int = 0o644) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    path.chmod(mode)


def gzipped(data: bytes | str, epoch: int) -> bytes:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return gzip.compress(raw, compresslevel=9, mtime=epoch)


def copy_bundle(bundle: Path, target: Path) -> None:
    """The bundle as /opt/rami, with Debian's modes: directories and programs 0755, everything
    else (shared libraries included) 0644."""
    shutil.copytree(
        bundle,
        target,
        symlinks=True,
        ignore=lambda folder, names: [n for n in names if Path(folder) == bundle and n in NOT_IN_PACKAGE],
    )
    for path in [target, *target.rglob("*")]:
        if path.is_symlink():
            continue
        if path.is_dir():
            path.chmod(0o755)
        else:
            path.chmod(0o755 if path == target / "rami" else 0o644)


def drop_build_machine_paths(target: Path) -> int:
    """Remove the library search paths of the build machine (``/usr/local/lib``, the Python
    installation's ``lib``) that the wheels' and the interpreter's modules carry: on a player's
    machine they point nowhere, or at libraries that are not the bundle's. The bundle's own
    ``$ORIGIN`` paths stay. Returns how many files changed."""
    changed = 0
    for path in sorted(target.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        with path.open("rb") as f:
            if f.read(4) != b"\x7fELF":
                continue
        said = subprocess.run(["patchelf", "--print-rpath", str(path)], capture_output=True, text=True)
        if said.returncode != 0 or not said.stdout.strip():
            continue
        entries = said.stdout.strip().split(":")
        kept = [entry for entry in entries if entry.startswith("$ORIGIN")]
        if kept == entries:
            continue
        command = ["--set-rpath", ":".join(kept)] if kept else ["--remove-rpath"]
        subprocess.run(["patchelf", *command, str(path)], check=True, capture_output=True)
        changed += 1
    return changed


def installed_size(tree: Path) -> int:
    """Installed-Size in KiB, counted as dpkg-gencontrol does (each file rounded up, one per
    directory and symlink)."""
    total = 0
    for path in tree.rglob("*"):
        if path.is_relative_to(tree / "DEBIAN"):
            continue
        total += 1 if path.is_symlink() or path.is_dir() else -(-path.stat().st_size // 1024)
    return total


def md5sums(tree: Path) -> str:
    lines = []
    for path in sorted(tree.rglob("*")):
        if path.is_file() and not path.is_symlink() and not path.is_relative_to(tree / "DEBIAN"):
            lines.append(f"{hashlib.md5(path.read_bytes()).hexdigest()}  {path.relative_to(tree)}")
    return "\n".join(lines) + "\n"


def control(version: str, arch: str, size: int, glibc: tuple[int, ...] | None, url: str) -> str:
    libc = "libc6" if glibc is None else f"libc6 (>= {'.'.join(map(str, glibc))})"
    return (
        f"Package: {PACKAGE}\nVersion: {version}\nArchitecture: {arch}\nMaintainer: {MAINTAINER}\n"
        f"Installed-Size: {size}\nDepends: {', '.join([libc, *DEPENDS])}\n"
        f"Recommends: {', '.join(RECOMMENDS)}\nSection: games\nPriority: optional\n"
        f"Homepage: {url}\nDescription: {DESCRIPTION}\n"
    )


def stage(bundle: Path, tree: Path, version: str, epoch: int) -> str:
    """Lay the package's files out under ``tree``; returns the architecture."""
    metainfo = LINUX / f"{APP_ID}.metainfo.xml"
    history = releases(metainfo)
    if history[0][0] != version:
        raise BuildError(f"the newest release in {metainfo.name} is {history[0][0]}, the game is {version}")
    copy_bundle(bundle, tree / "opt" / PACKAGE)
    drop_build_machine_paths(tree / "opt" / PACKAGE)
    (tree / "usr" / "bin").mkdir(parents=True)
    # Absolute, as Debian Policy 10.5 asks between top-level folders; the bootloader finds its
    # _internal folder through /proc/self/exe, wherever it was started from.
    (tree / "usr" / "bin" / PACKAGE).symlink_to(f"/opt/{PACKAGE}/{PACKAGE}")
    share = tree / "usr" / "share"
    write(share / "applications" / "rami.desktop", (LINUX / "rami.desktop").read_bytes())
    for size, png in sorted(icon_pngs().items()):
        write(share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "rami.png", png)
    write(
        share / "icons" / "hicolor" / "scalable" / "apps" / "rami.svg",
        (ROOT / "assets" / "ui" / "app_icon.svg").read_bytes(),
    )
    write(share / "metainfo" / metainfo.name, metainfo.read_bytes())
    day = history[0][1].strftime("%Y-%m-%d")
    page = (LINUX / "rami.6").read_text(encoding="utf-8").replace("@VERSION@", version).replace("@DATE@", day)
    write(share / "man" / "man6" / "rami.6.gz", gzipped(page, epoch))
    doc = share / "doc" / PACKAGE
    write(doc / "copyright", (LINUX / "copyright").read_bytes())
    write(doc / "changelog.gz", gzipped(debian_changelog(history), epoch))
    write(share / "lintian" / "overrides" / PACKAGE, (LINUX / "lintian-overrides").read_bytes())
    arch = elf_architecture(bundle / PACKAGE)
    size = installed_size(tree)
    write(tree / "DEBIAN" / "control", control(version, arch, size, glibc_needed(bundle), homepage(metainfo)))
    write(tree / "DEBIAN" / "md5sums", md5sums(tree))
    for path in [tree, *tree.rglob("*")]:
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o755)
        os.utime(path, (epoch, epoch), follow_symlinks=False)
    return arch


def check_bundle(bundle: Path, version: str) -> None:
    exe = bundle / PACKAGE
    if not (exe.is_file() and os.access(exe, os.X_OK)):
        raise BuildError(f"no executable at {exe}: build it first (pyinstaller --noconfirm build.spec)")
    said = subprocess.run(
        [str(exe), "--version"], capture_output=True, text=True, env=dict(os.environ, SDL_VIDEODRIVER="dummy")
    )
    if said.returncode != 0 or said.stdout.split() != [PACKAGE, version]:
        raise BuildError(
            f"{exe} --version says {said.stdout.strip() or said.stderr.strip()!r}, the game is {version}: build it again"
        )


def build(bundle: Path, out: Path) -> Path:
    """Write the package into ``out``; returns its path."""
    for tool, package in (("dpkg-deb", "dpkg"), ("patchelf", "patchelf")):
        if shutil.which(tool) is None:
            raise BuildError(f"{tool} is missing (apt-get install {package})")
    version = game_version()
    check_bundle(bundle, version)
    history = releases(LINUX / f"{APP_ID}.metainfo.xml")
    noon = dt.datetime.combine(history[0][1], dt.time(12, 0), tzinfo=dt.UTC)
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or noon.timestamp())
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="rami-deb-") as folder:
        tree = Path(folder) / "root"
        tree.mkdir()
        arch = stage(bundle, tree, version, epoch)
        target = out / f"{PACKAGE}_{version}_{arch}.deb"
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(epoch))
        done = subprocess.run(
            ["dpkg-deb", "--root-owner-group", "-Zxz", "--build", str(tree), str(target)],
            capture_output=True,
            text=True,
            env=env,
        )
        if done.returncode != 0:
            raise BuildError(f"dpkg-deb failed: {done.stderr.strip()}")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="build-deb", description="Build rami_<version>_<arch>.deb from dist/rami."
    )
    parser.add_argument(
        "--dist", type=Path, default=ROOT / "dist" / PACKAGE, help="the bundle (default: dist/rami)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="where the .deb goes (default: dist)")
    args = parser.parse_args(argv)
    try:
        target = build(args.dist.resolve(), args.out.resolve())
    except (BuildError, OSError, ET.ParseError, ValueError, subprocess.CalledProcessError) as problem:
        print(f"build-deb: {problem}", file=sys.stderr)
        return 1
    print(f"{target} ({target.stat().st_size / 1024 / 1024:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
