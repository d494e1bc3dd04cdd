"""Pictures kept between runs: the start's drawings saved as BMP files in the user's cache folder.

Rasterising the title's pictures from SVG (the emblem, and the three games' pictures with their
court cards, joker and tiles) takes about 20 ms, the largest part of the title's first frame.
The same pixels read back from uncompressed BMP files take about a tenth of a millisecond each
(a PNG file takes ten times as long to decode: the felt's grain and the window's icon, read from
PNG assets, are kept too). BMP keeps every pixel and the transparency exactly, so a kept picture
has the pixels of a fresh drawing (a test checks it); the files take a few hundred kilobytes.

A picture is kept under a name that says what it depends on besides the art (what it shows, its
size, its language) and a fingerprint of the art: the game's version, pygame's and SDL's versions,
and the size and modification time of every asset file and of the drawing code (the executable,
in a bundle). Any change there gives another fingerprint, so the picture is drawn again, and the
files of other fingerprints are removed when new ones are written.

Only the pictures of the start are kept: those drawn before the first frame are written right
after it (``save``), never before, and nothing drawn later is written (a window dragged through
many sizes leaves nothing behind). A cache folder that cannot be read or written is not used.
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

import pygame

SUFFIX = ".bmp"
TMP_SUFFIX = ".tmp.bmp"
"""A picture being written (``pygame.image.save`` picks the format from the name's end)."""
MAX_FILES = 24
"""The most pictures the folder keeps (the oldest go first): a few window sizes' worth."""


def fingerprint(version: str, files: Iterable[Path]) -> str:
    """A short code that changes when ``version``, pygame, SDL or any of ``files`` (its size or
    modification time) changes."""
    code = zlib.crc32(f"{version}|{pygame.version.ver}|{pygame.version.SDL}".encode())
    for path in files:
        try:
            stat = path.stat()
            item = f"{path.name}:{stat.st_size}:{stat.st_mtime_ns}"
        except OSError:
            item = f"{path.name}:-"
        code = zlib.crc32(item.encode(), code)
    return f"{code:08x}"


def code_files(*modules: str) -> list[Path]:
    """The files of the drawing code: the modules' source files, or the executable of a bundle
    (whose modules live inside it)."""
    if getattr(sys, "frozen", False):
        return [Path(sys.executable)]
    return [Path(getattr(importlib.import_module(name), "__file__", None) or name) for name in modules]


class PictureCache:
    """Pictures drawn at the start, kept as BMP files in ``folder`` (see the module docstring).

    ``sources`` gives the files the pictures are drawn from; it is read once, on first use."""

    def __init__(self, folder: Path, version: str, sources: Callable[[], Iterable[Path]]) -> None:
        self.folder = Path(folder)
        self._version = version
        self._sources = sources
        self._fingerprint: str | None = None
        self._pending: list[tuple[str, pygame.Surface]] = []
        self._folder_missing: bool | None = None
        """True when no earlier start kept anything (a first start: no folder); looked at once."""
        self.open = True
        """True until ``save``: pictures drawn until then are written by it."""

    @property
    def fingerprint(self) -> str:
        if self._fingerprint is None:
            self._fingerprint = fingerprint(self._version, self._sources())
        return self._fingerprint

    def path(self, name: str) -> Path:
        """Where the picture ``name`` is kept."""
        return self.folder / f"{name}.{self.fingerprint}{SUFFIX}"

    def has(self, name: str) -> bool:
        """True when the picture ``name`` can be read back (kept by an earlier start)."""
        return self.open and not self._nothing_kept() and self.path(name).is_file()

    def _nothing_kept(self) -> bool:
        """True on a first start (no folder yet): then nothing is read back, and the fingerprint
        (a look at every art file) waits for ``save``, after the first frame."""
        if self._folder_missing is None:
            self._folder_missing = not self.folder.is_dir()
        return self._folder_missing

    def get(
        self, name: str, size: tuple[int, int] | None, make: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        """The kept picture ``name`` of ``size`` pixels (any size when ``None``), else ``make()``
        (written by ``save`` if the first frame is not yet on screen). A picture with
        transparency comes back with it, an opaque one opaque."""
        if not self.open:
            return make()
        surface = None if self._nothing_kept() else _read_picture(self.path(name))
        if surface is not None and size in (None, surface.get_size()):
            if pygame.display.get_surface() is None:
                return surface
            return surface.convert_alpha() if surface.get_flags() & pygame.SRCALPHA else surface.convert()
        surface = make()
        self._pending.append((name, surface))
        return surface

    def save(self) -> None:
        """Write the pictures drawn so far, remove those of other fingerprints, the oldest
        beyond ``MAX_FILES`` and any half-written file, and keep nothing drawn from now on.

        Half-written files go first (a write a kill cut short, or one a full disk refused), so
        that a start never adds to a full disk what an earlier one left; a write that fails
        removes its own half-written file and ends the writing (the disk is full or refuses)."""
        self.open = False
        pending, self._pending = self._pending, []
        try:
            if pending:
                self.folder.mkdir(parents=True, exist_ok=True)
            if not self.folder.is_dir():
                return
            self._remove_half_written()
            for name, surface in pending:
                if not _write_picture(surface, self.path(name)):
                    break
            self._tidy()
        except OSError:
            return

    def _remove_half_written(self) -> None:
        for path in self.folder.iterdir():
            if path.name.endswith(TMP_SUFFIX):
                with contextlib.suppress(OSError):
                    path.unlink()

    def _tidy(self) -> None:
        current = f".{self.fingerprint}{SUFFIX}"
        kept = []
        for path in self.folder.iterdir():
            if path.name.endswith(TMP_SUFFIX) or (
                path.name.endswith(SUFFIX) and not path.name.endswith(current)
            ):
                path.unlink(missing_ok=True)
            elif path.name.endswith(SUFFIX):
                kept.append(path)
        kept.sort(key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for path in kept[MAX_FILES:]:
            path.unlink(missing_ok=True)


def _read_picture(path: Path) -> pygame.Surface | None:
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError):
        return None


def _write_picture(surface: pygame.Surface, path: Path) -> bool:
    """Write ``surface`` to ``path`` through a temporary file; ``False`` (and no temporary file
    left) when the disk refuses."""
    tmp = path.with_name(f".{path.stem}.{os.getpid()}{TMP_SUFFIX}")
    try:
        pygame.image.save(surface, str(tmp))
        os.replace(tmp, path)
    except (OSError, pygame.error):
        with contextlib.suppress(OSError):
            tmp.unlink()
        return False
    return True
