"""Card, tile and table art: SVG bodies from ``assets/`` rendered at the exact size asked for.

Every picture is vector art (made by ``tools/make_art.py``) rasterised by the SVG renderer inside
pygame-ce at the requested pixel size, so pieces stay sharp at any window size. That renderer
draws no ``<text>``, so the letters and numbers (card indices, tile numbers, the word JOKER) are
drawn here with the bundled bold font, which also lets the same card body serve English and
French indices. Every result is kept in a bounded cache keyed by all its parameters.

The layout constants below are in the units of the SVG view boxes (a card is 630 x 880, a tile
720 x 1000); the generator imports them, so art and loader always agree.
"""

from __future__ import annotations

import io
import re
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame.freetype

from game.resources import resource_path

if TYPE_CHECKING:  # the title's first frame needs no piece (its pictures may be kept ones)
    from game.engine.pieces import Card, Tile

CARD_RATIO = 88 / 63
"""Height over width of a card (the poker proportion)."""
TILE_RATIO = 1000 / 720
"""Height over width of a tile."""

CARD_VIEW = (630, 880)
TILE_VIEW = (720, 1000)

# Card index: the rank is drawn at runtime, the small suit below it is in the SVG body.
INDEX_CX = 80
RANK_TOP = 40
RANK_CAP = 118
RANK_MAX_W = 124
INDEX_PIP_CY = 238
INDEX_PIP_W = 86
JOKER_LETTER_CAP = 70
JOKER_LETTER_STEP = 92
JOKER_TOP = 44
WILD_BADGE_CX = 80
WILD_BADGE_CY = 358
WILD_BADGE_W = 96

# Tile face: the number is drawn at runtime, the colour-blind mark below it is an SVG.
TILE_NUMBER_CY = 392
TILE_NUMBER_CAP = 330
TILE_NUMBER_MAX_W = 500
TILE_MARK_CY = 752
TILE_MARK_W = 190

STANDARD_INK: dict[str, str] = {"S": "#17171f", "H": "#c8102e", "D": "#c8102e", "C": "#17171f"}
"""Suit colours of the standard deck (the SVG files use these)."""
FOUR_COLOUR_INK: dict[str, str] = {"S": "#17171f", "H": "#c8102e", "D": "#1554b8", "C": "#117a36"}
"""Suit colours of the four-colour deck: spades black, hearts red, diamonds blue, clubs green."""
TILE_INK: dict[str, str] = {"K": "#1a1a1a", "R": "#cf1b2b", "B": "#1458c4", "O": "#d96500"}
"""Tile number colours: black, red, blue, orange."""
TILE_MARKS: dict[str, str] = {"K": "circle", "R": "triangle", "B": "square", "O": "diamond"}
"""Colour-blind mark of each tile colour."""

RANK_LETTERS: dict[str, dict[int, str]] = {
    "en": {1: "A", 11: "J", 12: "Q", 13: "K"},
    "fr": {1: "A", 11: "V", 12: "D", 13: "R"},
}
"""Index letters: English ace, jack, queen, king; French as, valet, dame, roi."""
JOKER_WORD = "JOKER"
JOKER_INK = ("#b3121f", "#3b2a8c")
"""Colour of the corner word on the two joker designs."""

BACK_STYLES = ("blue", "red")
ICON_NAMES = (
    "settings",
    "sound_on",
    "sound_off",
    "rules",
    "undo",
    "reset",
    "hint",
    "sort_rank",
    "sort_suit",
    "menu",
    "close",
    "back",
    "check",
    "info",
    "timer",
    "fullscreen",
    "history",
    "tidy",
)
FELT_COLOURS: dict[str, tuple[int, int, int]] = {
    "green": (24, 92, 62),
    "blue": (24, 66, 104),
    "red": (104, 30, 40),
}
ICON_COLOUR = (244, 240, 230)

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
    "display": "DejaVuSerif-Bold.ttf",
}

_CACHE_BYTES = 160 * 1024 * 1024
_CACHE_ENTRIES = 1500
_CAP_HEIGHT = 0.729
"""Cap height of the DejaVu Sans faces, as a fraction of the em."""
_SVG_SIZE = re.compile(r'(<svg\b[^>]*?)\swidth="[^"]*"\s+height="[^"]*"', re.S)


def asset(*parts: str) -> Path:
    """Path of a file under ``assets/``."""
    return resource_path("assets", *parts)


def card_file(card: Card) -> tuple[str, ...]:
    """The asset path parts of a card's SVG body (jokers alternate two designs by copy)."""
    if card.is_joker:
        return ("cards", f"joker_{card.copy % 2 + 1}.svg")
    return ("cards", f"{card.text}.svg")


def tile_file(tile: Tile) -> tuple[str, ...]:
    """The asset path parts of a tile's SVG face."""
    return ("tiles", "star.svg") if tile.is_star else ("tiles", "face.svg")


def all_asset_files() -> list[tuple[str, ...]]:
    """Every asset the loader may open (the tests check they all exist)."""
    from game.engine.pieces import Card

    cards = [card_file(Card(r, s)) for s in "SHDC" for r in range(1, 14)]
    cards += [("cards", "joker_1.svg"), ("cards", "joker_2.svg")]
    cards += [("cards", f"back_{style}.svg") for style in BACK_STYLES]
    tiles = [("tiles", n) for n in ("face.svg", "star.svg", "back.svg")]
    tiles += [("tiles", f"mark_{m}.svg") for m in TILE_MARKS.values()]
    ui = [("ui", "icons", f"{name}.svg") for name in ICON_NAMES]
    ui += [("ui", "emblem.svg"), ("ui", "wild_badge.svg"), ("ui", "felt.png"), ("ui", "app_icon.svg")]
    fonts = [("fonts", name) for name in FONT_FILES.values()]
    return cards + tiles + ui + fonts + [("icon.png",), ("icon.ico",)]


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` as an RGB tuple."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class SurfaceCache:
    """A least-recently-used cache of surfaces bounded by entry count and pixel memory."""

    def __init__(self, max_bytes: int = _CACHE_BYTES, max_entries: int = _CACHE_ENTRIES) -> None:
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._bytes = 0
        self.max_bytes = max_bytes
        self.max_entries = max_entries

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The cached surface for ``key``, made (and stored) on a miss."""
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
            return surface
        surface = make()
        self._items[key] = surface
        self._bytes += _size_of(surface)
        while len(self._items) > 1 and (self._bytes > self.max_bytes or len(self._items) > self.max_entries):
            _, old = self._items.popitem(last=False)
            self._bytes -= _size_of(old)
        return surface

    def clear(self) -> None:
        self._items.clear()
        self._bytes = 0


def _size_of(surface: pygame.Surface) -> int:
    return surface.get_width() * surface.get_height() * 4


class Art:
    """Loads and caches every picture the table scenes draw. Does no I/O until asked.

    ``kept`` (a ``game.ui.picture_cache.PictureCache``) keeps the start's pictures (the title's
    emblem and game pictures) between runs; without it they are drawn every time."""

    def __init__(self, kept: Any = None) -> None:
        self._cache = SurfaceCache()
        self._svg_texts: dict[tuple[str, ...], str] = {}
        self._fonts: dict[str, pygame.freetype.Font] = {}
        self._felt_laid: set[Hashable] = set()
        self._kept = kept

    def kept(
        self, name: str, size: tuple[int, int] | None, make: Callable[[], pygame.Surface]
    ) -> pygame.Surface:
        """The picture ``name`` (``size`` pixels, if known) from the pictures kept between runs,
        else ``make()``; ``name`` must say everything the picture depends on besides the art
        files."""
        if self._kept is None:
            return make()
        return self._kept.get(name, size, make)

    def must_draw(self, name: str) -> bool:
        """True on a first start, while the picture ``name`` is not kept yet: asking for it draws
        it from its art. False when it is kept, or when nothing is kept at all."""
        return self._kept is not None and self._kept.open and not self._kept.has(name)

    def emblem_ready(self, size: int) -> bool:
        """False on a first start, while ``emblem(size)`` would still draw it from its art."""
        size = max(8, int(size))
        return ("emblem", size) in self._cache or not self.must_draw(f"emblem-{size}")

    def save_kept(self) -> None:
        """Write the start's new pictures to the cache folder (once the first frame is shown)."""
        if self._kept is not None:
            self._kept.save()

    # ----------------------------------------------------------------- sizes and fonts

    def card_size(self, width: int) -> tuple[int, int]:
        """Pixel size of a card ``width`` pixels wide."""
        width = max(8, int(width))
        return width, round(width * CARD_RATIO)

    def tile_size(self, width: int) -> tuple[int, int]:
        """Pixel size of a tile ``width`` pixels wide."""
        width = max(8, int(width))
        return width, round(width * TILE_RATIO)

    def font_path(self, bold: bool = False) -> str:
        """Path of the bundled DejaVu Sans (bold or regular) as a string."""
        return str(asset("fonts", FONT_FILES["bold" if bold else "regular"]))

    def display_font_path(self) -> str:
        """Path of the bundled display face for titles (DejaVu Serif bold)."""
        return str(asset("fonts", FONT_FILES["display"]))

    def clear(self) -> None:
        """Forget every rendered surface (e.g. after the display mode changed)."""
        self._cache.clear()

    # ----------------------------------------------------------------- cards

    def card(
        self,
        card: Card,
        width: int,
        *,
        lang: str = "en",
        four_colour: bool = False,
        wild_badge: bool = False,
    ) -> pygame.Surface:
        """The face of ``card``, ``width`` pixels wide, indices in ``lang`` ("en" or "fr").

        ``four_colour`` draws diamonds blue and clubs green; ``wild_badge`` adds a small star
        badge under the top-left index (jokers never need it: they are plainly wild)."""
        size = self.card_size(width)
        lang = lang if lang in RANK_LETTERS else "en"
        wild_badge = wild_badge and not card.is_joker
        key = self._card_key(card, size, lang, four_colour, wild_badge)
        return self._cache.get(key, lambda: self._make_card(card, size, lang, four_colour, wild_badge))

    def has_card(
        self, card: Card, width: int, *, lang: str = "en", four_colour: bool = False, wild_badge: bool = False
    ) -> bool:
        """Whether ``card(...)`` with these arguments is drawn already (costs nothing)."""
        lang = lang if lang in RANK_LETTERS else "en"
        wild_badge = wild_badge and not card.is_joker
        return self._card_key(card, self.card_size(width), lang, four_colour, wild_badge) in self._cache

    @staticmethod
    def _card_key(card: Card, size: tuple[int, int], lang: str, four_colour: bool, wild_badge: bool) -> tuple:
        design = card.copy % 2 if card.is_joker else 0
        return ("card", card.rank, card.suit, design, size, lang, four_colour, wild_badge)

    def card_back(self, width: int, style: str = "blue") -> pygame.Surface:
        """The back of a card, ``width`` pixels wide; ``style`` is "blue" or "red"."""
        size = self.card_size(width)
        style = style if style in BACK_STYLES else BACK_STYLES[0]
        return self._cache.get(("back", style, size), lambda: self._svg(("cards", f"back_{style}.svg"), size))

    def _make_card(
        self, card: Card, size: tuple[int, int], lang: str, four_colour: bool, wild_badge: bool
    ) -> pygame.Surface:
        swaps: dict[str, str] = {}
        if four_colour and not card.is_joker:
            standard, four = STANDARD_INK[card.suit], FOUR_COLOUR_INK[card.suit]
            if standard != four:
                swaps[standard] = four
        surface = self._svg(card_file(card), size, swaps, finish=False)
        scale = size[0] / CARD_VIEW[0]
        if card.is_joker:
            self._draw_joker_word(surface, scale, JOKER_INK[card.copy % 2])
        else:
            ink = (FOUR_COLOUR_INK if four_colour else STANDARD_INK)[card.suit]
            text = RANK_LETTERS[lang].get(card.rank, str(card.rank))
            self._draw_rank(surface, scale, text, hex_rgb(ink))
        if wild_badge:
            badge_w = max(6, round(WILD_BADGE_W * scale))
            badge = self._svg(("ui", "wild_badge.svg"), (badge_w, badge_w), finish=False)
            surface.blit(badge, badge.get_rect(center=(WILD_BADGE_CX * scale, WILD_BADGE_CY * scale)))
        return self._finish(surface)

    def _draw_rank(
        self, surface: pygame.Surface, scale: float, text: str, colour: tuple[int, int, int]
    ) -> None:
        """Draw the rank in the top-left corner and, turned half a turn, in the bottom-right."""
        condensed = len(text) > 1
        glyph = self._text(text, RANK_CAP * scale, colour, "condensed" if condensed else "bold")
        if condensed:
            glyph = _fit_width(glyph, RANK_MAX_W * scale)
        self._blit_pair(surface, glyph, INDEX_CX * scale, RANK_TOP * scale)

    def _draw_joker_word(self, surface: pygame.Surface, scale: float, ink: str) -> None:
        """Draw JOKER down the top-left corner and, turned, up the bottom-right corner."""
        colour = hex_rgb(ink)
        for i, letter in enumerate(JOKER_WORD):
            glyph = self._text(letter, JOKER_LETTER_CAP * scale, colour, "bold")
            self._blit_pair(surface, glyph, INDEX_CX * scale, (JOKER_TOP + i * JOKER_LETTER_STEP) * scale)

    @staticmethod
    def _blit_pair(surface: pygame.Surface, glyph: pygame.Surface, cx: float, top: float) -> None:
        w, h = surface.get_size()
        x = round(cx - glyph.get_width() / 2)
        y = round(top)
        surface.blit(glyph, (x, y))
        surface.blit(
            pygame.transform.rotate(glyph, 180), (w - x - glyph.get_width(), h - y - glyph.get_height())
        )

    # ----------------------------------------------------------------- tiles

    def tile(self, tile: Tile, width: int, *, colour_blind: bool = False) -> pygame.Surface:
        """The face of ``tile``, ``width`` pixels wide, with its shape mark when ``colour_blind``."""
        size = self.tile_size(width)
        key = ("tile", tile.colour, tile.number, size, colour_blind and not tile.is_star)
        return self._cache.get(key, lambda: self._make_tile(tile, size, colour_blind))

    def has_tile(self, tile: Tile, width: int, *, colour_blind: bool = False) -> bool:
        """True when the picture ``tile(tile, width, colour_blind=...)`` is already drawn."""
        size = self.tile_size(width)
        return ("tile", tile.colour, tile.number, size, colour_blind and not tile.is_star) in self._cache

    def tile_back(self, width: int) -> pygame.Surface:
        """The back of a tile, ``width`` pixels wide."""
        size = self.tile_size(width)
        return self._cache.get(("tile_back", size), lambda: self._svg(("tiles", "back.svg"), size))

    def _make_tile(self, tile: Tile, size: tuple[int, int], colour_blind: bool) -> pygame.Surface:
        surface = self._svg(tile_file(tile), size, finish=False)
        if tile.is_star:
            return self._finish(surface)
        scale = size[0] / TILE_VIEW[0]
        colour = hex_rgb(TILE_INK[tile.colour])
        text = str(tile.number)
        glyph = self._text(text, TILE_NUMBER_CAP * scale, colour, "condensed" if len(text) > 1 else "bold")
        glyph = _fit_width(glyph, TILE_NUMBER_MAX_W * scale)
        surface.blit(glyph, glyph.get_rect(center=(round(size[0] / 2), round(TILE_NUMBER_CY * scale))))
        if colour_blind:
            mark_w = max(4, round(TILE_MARK_W * scale))
            mark = self._svg(("tiles", f"mark_{TILE_MARKS[tile.colour]}.svg"), (mark_w, mark_w), finish=False)
            surface.blit(mark, mark.get_rect(center=(round(size[0] / 2), round(TILE_MARK_CY * scale))))
        return self._finish(surface)

    # ----------------------------------------------------------------- table and interface

    def icon(self, name: str, size: int, colour: tuple[int, int, int] = ICON_COLOUR) -> pygame.Surface:
        """Interface icon ``name`` (see ``ICON_NAMES``), ``size`` pixels square, in ``colour``."""
        if name not in ICON_NAMES:
            raise ValueError(f"unknown icon: {name!r}")
        size = max(4, int(size))
        key = ("icon", name, size, tuple(colour))
        return self._cache.get(key, lambda: self._make_icon(name, size, tuple(colour)))

    def _make_icon(self, name: str, size: int, colour: tuple[int, ...]) -> pygame.Surface:
        surface = self._svg(("ui", "icons", f"{name}.svg"), (size, size), finish=False)
        surface.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
        return self._finish(surface)

    def emblem(self, size: int) -> pygame.Surface:
        """The title-screen emblem (a fan of cards and a star tile), ``size`` pixels square."""
        size = max(8, int(size))
        return self._cache.get(
            ("emblem", size),
            lambda: self.kept(
                f"emblem-{size}", (size, size), lambda: self._svg(("ui", "emblem.svg"), (size, size))
            ),
        )

    def felt(self, size: tuple[int, int], colour: str = "green") -> pygame.Surface:
        """The table cloth: ``colour`` felt ("green", "blue", "red") with grain and a vignette."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        colour = colour if colour in FELT_COLOURS else "green"
        return self._cache.get(("felt", colour, size), lambda: self._make_felt(size, FELT_COLOURS[colour]))

    def lay_felt(self, target: pygame.Surface, colour: str = "green") -> None:
        """Cover ``target`` with the felt of its size, as blitting ``felt(target size)`` would.

        The first time a size is asked for, the felt is composed straight into ``target``: no
        full-size surface is made, which keeps the title's first frame quick. From the second
        time on it comes from the cache like ``felt``."""
        colour = colour if colour in FELT_COLOURS else "green"
        key = ("felt", colour, target.get_size())
        if key in self._cache or key in self._felt_laid:
            target.blit(self.felt(target.get_size(), colour), (0, 0))
            return
        self._felt_laid.add(key)
        self._compose_felt(target, FELT_COLOURS[colour])

    def _make_felt(self, size: tuple[int, int], base: tuple[int, int, int]) -> pygame.Surface:
        display = pygame.display.get_surface()
        surface = pygame.Surface(size, 0, display) if display is not None else pygame.Surface(size)
        self._compose_felt(surface, base)
        return surface

    def _compose_felt(self, surface: pygame.Surface, base: tuple[int, int, int]) -> None:
        """Paint the felt over the whole of ``surface``: the vignette's shade is smooth-scaled
        straight into it, then the grain patches are multiplied over it (patch x (255 - vignette
        alpha) / 255, the same as laying the vignette over the felt, with no full-size layer)."""
        patch = self._cache.get(("felt_patch", base), lambda: self._felt_patch(base))
        shade = self._cache.get(("vignette",), lambda: self.kept("vignette", VIGNETTE_SIZE, _vignette_shade))
        pygame.transform.smoothscale(shade.convert(surface), surface.get_size(), surface)
        pw, ph = patch.get_size()
        w, h = surface.get_size()
        tiles = [(patch, (x, y)) for y in range(0, h, ph) for x in range(0, w, pw)]
        surface.fblits(tiles, pygame.BLEND_RGB_MULT)

    def _felt_patch(self, base: tuple[int, int, int]) -> pygame.Surface:
        """One opaque, seamless square of felt: the base colour with the grain laid over it
        (kept between runs: the title lays it first)."""
        return self.kept("felt-{:02x}{:02x}{:02x}".format(*base), None, lambda: self._make_felt_patch(base))

    def _make_felt_patch(self, base: tuple[int, int, int]) -> pygame.Surface:
        # In the window's pixel format the grain blends into the patch eight times as fast, converting included.
        grain = self._finish(pygame.image.load(str(asset("ui", "felt.png"))))
        patch = pygame.Surface(grain.get_size())
        patch.fill(base)
        patch.blit(grain, (0, 0))
        return patch.convert() if pygame.display.get_surface() is not None else patch

    # ----------------------------------------------------------------- low level

    def _svg(
        self,
        parts: tuple[str, ...],
        size: tuple[int, int],
        swaps: dict[str, str] | None = None,
        finish: bool = True,
    ) -> pygame.Surface:
        """Rasterise an SVG asset at exactly ``size`` pixels, after colour swaps."""
        text = self._svg_texts.get(parts)
        if text is None:
            text = asset(*parts).read_text(encoding="utf-8")
            self._svg_texts[parts] = text
        for old, new in (swaps or {}).items():
            text = text.replace(old, new)
        text = _SVG_SIZE.sub(rf'\1 width="{size[0]}" height="{size[1]}"', text, count=1)
        surface = pygame.image.load_sized_svg(io.BytesIO(text.encode("utf-8")), size)
        if surface.get_size() != size:
            surface = pygame.transform.smoothscale(surface, size)
        return self._finish(surface) if finish else surface

    def _font(self, face: str) -> pygame.freetype.Font:
        font = self._fonts.get(face)
        if font is None:
            if not pygame.freetype.get_init():
                pygame.freetype.init()
            font = pygame.freetype.Font(str(asset("fonts", FONT_FILES[face])))
            font.antialiased = True
            font.kerning = True
            self._fonts[face] = font
        return font

    def _text(self, text: str, cap: float, colour: tuple[int, int, int], face: str) -> pygame.Surface:
        """``text`` rendered tight to its ink, with capital letters ``cap`` pixels tall."""
        font = self._font(face)
        surface, _ = font.render(text, colour, size=max(4.0, cap / _CAP_HEIGHT))
        return surface

    @staticmethod
    def _finish(surface: pygame.Surface) -> pygame.Surface:
        if pygame.display.get_surface() is not None:
            return surface.convert_alpha()
        return surface


def _fit_width(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """Narrow ``surface`` to ``max_width`` pixels when it is wider (two-digit numbers)."""
    width = round(max_width)
    if surface.get_width() <= width:
        return surface
    return pygame.transform.smoothscale(surface, (width, surface.get_height()))


VIGNETTE_SIZE = (48, 30)


def _vignette_shade() -> pygame.Surface:
    """A small grey map, darker towards the edges, meant to be smooth-scaled to the table and
    multiplied with the felt (white keeps the felt, black makes it black)."""
    w, h = VIGNETTE_SIZE
    squares_x = [((x + 0.5) / w * 2 - 1) ** 2 for x in range(w)]
    values = bytearray()
    rows: dict[float, bytes] = {}  # the lower half mirrors the upper one: each row made once
    for y in range(h):
        dy2 = ((y + 0.5) / h * 2 - 1) ** 2
        row = rows.get(dy2)
        if row is None:
            row = bytes(255 - round(20 + 150 * min(1.0, (dx2 + dy2) / 2) ** 1.5) for dx2 in squares_x)
            rows[dy2] = row
        values += row
    grey = pygame.image.frombytes(bytes(values), (w, h), "P")
    grey.set_palette([(v, v, v) for v in range(256)])
    return grey
