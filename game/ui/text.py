"""Text drawing: the bundled fonts, a cache of rendered lines, wrapping.

Every string the interface draws passes through ``Fonts.render``. It accepts only ``Text``
(from a catalogue) and ``Verbatim`` (player names, numbers); with ``strict`` on (the tests turn
it on) anything else raises, which proves that no sentence is hard-coded in the interface.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame
import pygame.freetype

from game.i18n import Text, Verbatim
from game.resources import resource_path

FONT_FILES = {False: ("assets", "fonts", "DejaVuSans.ttf"), True: ("assets", "fonts", "DejaVuSans-Bold.ttf")}

strict = False
"""When true, drawing a string that is neither ``Text`` nor ``Verbatim`` raises ``TypeError``."""

_drawn: list[str] | None = None


@contextmanager
def recording() -> Iterator[list[str]]:
    """Collect every string drawn inside the ``with`` block (for tests)."""
    global _drawn
    previous, _drawn = _drawn, []
    try:
        yield _drawn
    finally:
        _drawn = previous


_placed: list[tuple[str, pygame.Rect, pygame.Rect, tuple[int, int]]] | None = None


@contextmanager
def placing() -> Iterator[list[tuple[str, pygame.Rect, pygame.Rect, tuple[int, int]]]]:
    """Collect where every line of text is drawn inside the ``with`` block (for tests): the
    text, its rectangle, the surface's clip and the surface's size."""
    global _placed
    previous, _placed = _placed, []
    try:
        yield _placed
    finally:
        _placed = previous


@dataclass(frozen=True)
class Drawn:
    """One thing drawn while ``drawing_order`` records: a line of text (``rect`` is its ink),
    a piece (a card or a tile), a panel (something opaque put over what lies under it, text
    drawn on it comes after it), a bubble (a passing message, a refusal or the hint: a panel
    that may lie over pieces, never over a label) or a veil (everything drawn before it is
    dimmed out of play); ``mark:<kind>`` is a mark drawn in a cell (the contract grid's),
    covering nothing."""

    kind: str
    rect: pygame.Rect
    surface: tuple[int, int]
    """The size of the surface it was drawn on (the window's, or a layer's)."""
    clip: pygame.Rect
    text: str = ""


_order: list[Drawn] | None = None


@contextmanager
def drawing_order() -> Iterator[list[Drawn]]:
    """Collect, in the order they are drawn inside the ``with`` block, every line of text, piece,
    panel and veil (for tests: what covers what)."""
    global _order
    previous, _order = _order, []
    try:
        yield _order
    finally:
        _order = previous


_collectors: list[list[pygame.Rect]] = []


@contextmanager
def collecting_lines() -> Iterator[list[pygame.Rect]]:
    """Collect the ink of every line of text drawn inside the ``with`` block (a table's still
    layer keeps where its labels are, so that bubbles keep clear of them); what records for
    the tests (``drawing_order``, ``placing``) still records."""
    lines: list[pygame.Rect] = []
    _collectors.append(lines)
    try:
        yield lines
    finally:
        _collectors.remove(lines)


def note_line(surface: pygame.Surface, text: str, rendered: pygame.Surface, topleft: tuple[int, int]) -> None:
    """Record a line of ``text``, ``rendered``, that a layer put on ``surface`` with its top-left
    corner at ``topleft`` (a pill, a bubble), as ``Fonts.draw`` records the lines it draws."""
    rect = rendered.get_rect(topleft=topleft)
    if _placed is not None:
        _placed.append((str(text), rect, surface.get_clip(), surface.get_size()))
    if _order is not None or _collectors:
        ink = rendered.get_bounding_rect().move(rect.topleft)
        if _order is not None:
            _order.append(Drawn("text", ink, surface.get_size(), surface.get_clip(), str(text)))
        for lines in _collectors:
            lines.append(ink)


def note(surface: pygame.Surface, kind: str, rect: pygame.Rect, name: str = "") -> None:
    """Record that a piece, a panel or a veil covers ``rect`` of ``surface`` (see ``Drawn``;
    ``name``: which piece, kept as its ``text``); nothing happens unless ``drawing_order``
    records."""
    if _order is not None:
        _order.append(Drawn(kind, pygame.Rect(rect), surface.get_size(), surface.get_clip(), name))


class Fonts:
    """The two bundled faces (regular and bold) and a bounded cache of rendered text."""

    def __init__(self, cache_size: int = 800) -> None:
        if not pygame.freetype.get_init():
            pygame.freetype.init()
        self._faces = {bold: self._load(bold) for bold in (False, True)}
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_size = cache_size
        self._sizes: dict[tuple, tuple[int, int]] = {}

    @staticmethod
    def _load(bold: bool) -> pygame.freetype.Font:
        path = resource_path(*FONT_FILES[bold])
        try:
            font = pygame.freetype.Font(str(path))
        except (OSError, FileNotFoundError):
            font = pygame.freetype.Font(None)
            font.strong = bold
        font.pad = True
        font.antialiased = True
        return font

    def face(self, bold: bool = False) -> pygame.freetype.Font:
        return self._faces[bold]

    def render(self, text: str, size: int, colour: tuple[int, ...], bold: bool = False) -> pygame.Surface:
        """The text as an alpha surface (cached)."""
        if not isinstance(text, (Text, Verbatim)) and strict:
            raise TypeError(f"text not from a catalogue: {text!r}")
        if _drawn is not None:
            _drawn.append(str(text))
        key = (str(text), size, tuple(colour), bold)
        surface = self._cache.get(key)
        if surface is None:
            surface, _ = self._faces[bold].render(str(text), colour, size=size)
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._cache[key] = surface
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(key)
        return surface

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """Width and height the text will take (line height included)."""
        key = (str(text), size, bold)
        measured = self._sizes.get(key)
        if measured is None:
            face = self._faces[bold]
            measured = (face.get_rect(str(text), size=size).width, face.get_sized_height(size))
            if len(self._sizes) > 4000:
                self._sizes.clear()
            self._sizes[key] = measured
        return measured

    def line_height(self, size: int, bold: bool = False) -> int:
        return self._faces[bold].get_sized_height(size)

    def draw(
        self,
        surface: pygame.Surface,
        text: str,
        pos: tuple[int, int],
        size: int,
        colour: tuple[int, ...],
        *,
        bold: bool = False,
        anchor: str = "topleft",
    ) -> pygame.Rect:
        """Draw one line; ``anchor`` is a ``pygame.Rect`` attribute name placed at ``pos``."""
        rendered = self.render(text, size, colour, bold)
        rect = rendered.get_rect(**{anchor: pos})
        surface.blit(rendered, rect)
        if _placed is not None or _order is not None or _collectors:
            note_line(surface, text, rendered, rect.topleft)
        return rect

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """``text`` cut into lines no wider than ``width`` (words kept whole; explicit
        newlines kept). Lines keep the type of ``text`` (``Text`` or ``Verbatim``)."""
        kind = type(text) if isinstance(text, (Text, Verbatim)) else str
        lines: list[str] = []
        for paragraph in str(text).split("\n"):
            words = paragraph.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}" if line else word
                if line and self.size(trial, size, bold)[0] > width:
                    lines.append(kind(line))
                    line = word
                else:
                    line = trial
            lines.append(kind(line))
        return lines

    def shorten(self, text: str, size: int, width: int, bold: bool = False) -> str:
        """``text`` whole when it fits in ``width`` on one line, else cut with an ellipsis (a
        long name in a narrow column). Keeps the type of ``text``."""
        if self.size(text, size, bold)[0] <= width:
            return text
        kind = type(text) if isinstance(text, (Text, Verbatim)) else str
        cut = str(text)
        while len(cut) > 1 and self.size(cut.rstrip(" -") + "…", size, bold)[0] > width:
            cut = cut[:-1]
        return kind(cut.rstrip(" -") + "…")

    def fit_lines(
        self, text: str, size: int, width: int, most: int, bold: bool = False, minimum: int = 12
    ) -> tuple[int, list[str]]:
        """A long line wrapped before it shrinks: the largest size up to ``size`` at which
        ``text`` wraps into at most ``most`` lines no wider than ``width``, and those lines. At
        ``minimum`` the lines are given as they wrap, perhaps more than ``most`` (the caller
        cuts them: ``shorten``)."""
        while True:
            lines = self.wrap(text, size, width, bold)
            fits = len(lines) <= most and all(self.size(line, size, bold)[0] <= width for line in lines)
            if fits or size <= minimum:
                return size, lines
            size -= 1

    def fit(self, text: str, size: int, width: int, bold: bool = False, minimum: int = 12) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``width`` on one line."""
        while size > minimum and self.size(text, size, bold)[0] > width:
            size -= 1
        return size
