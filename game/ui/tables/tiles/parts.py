"""Drawing pieces of the tile table: tiles with their highlights, the sand glass, the pool,
the wooden rack, the seat panels and the snap grid's faint slots.

Everything that does not change from frame to frame (the rack's wood, the empty glass, the
grid's slots, shadows) is drawn once per size and cached.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

import pygame

from game.i18n import Verbatim
from game.ui import text as text_layer
from game.ui import theme
from game.ui.motion import Sprite
from game.ui.text import Fonts
from game.ui.widgets import draw_shadow, piece_shadow

LIFT_SCALE = 1.08
WOOD = (112, 72, 40)
WOOD_DARK = (78, 48, 26)
WOOD_LIGHT = (150, 104, 62)
SAND = (236, 196, 110)
SAND_WARNING = (232, 92, 70)
GLASS_EDGE = (214, 230, 236)
PLACED_MARK = (255, 214, 102)
FRESH_GLOW = (255, 236, 150)
INVALID = (232, 58, 48)
VALID = (120, 214, 132)


def _tile_shadow(size: tuple[int, int], lifted: bool) -> pygame.Surface:
    w = size[0]
    return piece_shadow(size, max(3, w // 6), max(4, w // 7), 22 if lifted else 14, 14 if lifted else 8)


class TilePainter:
    """Draws tile sprites with the player's settings (the colour-blind marks)."""

    def __init__(self, app) -> None:
        self.app = app

    def height(self, width: int) -> int:
        return self.app.art.tile_size(width)[1]

    def image(self, sprite: Sprite, width: int) -> pygame.Surface:
        if sprite.face_up and sprite.piece is not None:
            return self.app.art.tile(sprite.piece, width, colour_blind=self.app.settings.colour_blind)
        return self.app.art.tile_back(width)

    def draw(
        self,
        surface: pygame.Surface,
        sprite: Sprite,
        *,
        selected: bool = False,
        placed: bool = False,
        glow: float = 0.0,
    ) -> None:
        width = sprite.width
        if sprite.lift > 0:
            width = round(width * (1 + (LIFT_SCALE - 1) * sprite.lift))
        image = self.image(sprite, width)
        x, y = round(sprite.x), round(sprite.y)
        if sprite.lift > 0:
            x -= (width - sprite.width) // 2
            y -= (image.get_height() - self.height(sprite.width)) // 2
            shadow = _tile_shadow(image.get_size(), True)
            pad = (shadow.get_width() - image.get_width()) // 2
            surface.blit(shadow, (x - pad + width // 12, y - pad + width // 7))
        rect = pygame.Rect(x, y, image.get_width(), image.get_height())
        if glow > 0:
            draw_tile_glow(surface, rect, glow)
        surface.blit(image, rect)
        text_layer.note(surface, "piece", rect)
        radius = max(3, width // 8)
        if placed:
            bar = pygame.Rect(
                rect.x + width // 5,
                rect.bottom - max(3, width // 14) - 1,
                width - 2 * (width // 5),
                max(3, width // 14),
            )
            pygame.draw.rect(surface, PLACED_MARK, bar, border_radius=bar.height // 2)
        if selected:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(4, 4), width=3, border_radius=radius + 2)


@lru_cache(maxsize=48)
def _glow(size: tuple[int, int], alpha: int) -> pygame.Surface:
    w, h = size
    pad = max(4, w // 5)
    surface = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int(alpha * (1 - i / (pad + 1)) * 0.5)
        pygame.draw.rect(
            surface,
            (*FRESH_GLOW, a),
            pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i),
            border_radius=w // 6 + i,
        )
    return surface


def draw_tile_glow(surface: pygame.Surface, rect: pygame.Rect, strength: float) -> None:
    """A warm halo around a tile (a tile that just arrived on the rack)."""
    steps = round(min(1.0, max(0.0, strength)) * 8)
    if not steps:
        return
    layer = _glow(rect.size, 25 * steps)
    pad = (layer.get_width() - rect.width) // 2
    surface.blit(layer, (rect.x - pad, rect.y - pad))


# --------------------------------------------------------------------------------------------
# The table's grid and combination outlines


@lru_cache(maxsize=8)
def grid_slots(
    size: tuple[int, int], cols: int, rows: int, cell: tuple[int, int], tile: tuple[int, int], alpha: int
) -> pygame.Surface:
    """The faint empty places of the snap grid (``size``: the grid's pixel size)."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    cw, ch = cell
    tw, th = tile
    radius = max(3, tw // 8)
    for r in range(rows):
        for c in range(cols):
            rect = pygame.Rect(c * cw + (cw - tw) // 2, r * ch + (ch - th) // 2, tw, th)
            pygame.draw.rect(surface, (0, 0, 0, alpha // 2), rect, border_radius=radius)
            pygame.draw.rect(surface, (255, 255, 255, alpha), rect, width=1, border_radius=radius)
    return surface


def draw_outline(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int, fill: int
) -> None:
    """A rounded outline around a combination, with a faint fill of the same colour."""
    radius = max(6, rect.height // 7)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    if fill:
        pygame.draw.rect(layer, (*colour, fill), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*colour, 255), layer.get_rect(), width=width, border_radius=radius)
    surface.blit(layer, rect)


def draw_ghost(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Where a held tile will land."""
    radius = max(4, rect.width // 8)
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (*theme.DROP_GLOW, 60), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(layer, (*theme.DROP_GLOW, 230), layer.get_rect(), width=2, border_radius=radius)
    surface.blit(layer, rect)


# --------------------------------------------------------------------------------------------
# The rack


@lru_cache(maxsize=8)
def rack_wood(size: tuple[int, int], band: int, shelves: tuple[int, ...], lip: int) -> pygame.Surface:
    """The wooden rack: a label band on top and a lip under each shelf (``shelves``: the y of
    each shelf's bottom, relative to the rack)."""
    w, h = size
    radius = max(8, h // 12)
    surface = pygame.Surface(size, pygame.SRCALPHA)
    body = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        k = y / max(1, h - 1)
        colour = tuple(round(a + (b - a) * k) for a, b in zip(WOOD, WOOD_DARK, strict=True))
        pygame.draw.line(body, colour, (0, y), (w, y))
    grain = pygame.Surface(size, pygame.SRCALPHA)
    step = max(5, h // 14)
    for k, y in enumerate(range(step // 2, h, step)):
        shade = 14 if k % 2 else -12
        wave = [(x, y + round(2 * math.sin(x / (31 + 7 * (k % 3)) + k))) for x in range(0, w + 8, 8)]
        pygame.draw.lines(grain, (*_shift(WOOD, shade), 46), False, wave, 1)
    body.blit(grain, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(body, (0, 0))
    pygame.draw.line(surface, (*WOOD_LIGHT, 255), (radius, band), (w - radius, band), 2)
    for bottom in shelves:
        lip_rect = pygame.Rect(radius // 2, bottom, w - radius, lip)
        pygame.draw.rect(surface, (*WOOD_LIGHT, 255), lip_rect, border_radius=lip // 2)
        pygame.draw.line(
            surface, (*WOOD_DARK, 255), (lip_rect.x, lip_rect.bottom), (lip_rect.right, lip_rect.bottom), 1
        )
    pygame.draw.rect(surface, (*WOOD_DARK, 255), surface.get_rect(), width=2, border_radius=radius)
    return surface


def _shift(colour: tuple[int, int, int], delta: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, v + delta)) for v in colour)  # type: ignore[return-value]


# --------------------------------------------------------------------------------------------
# The sand glass


def _bulb_profile(half: float, full: float, neck: float, steps: int = 10) -> list[tuple[float, float]]:
    """(distance from the neck, half width) from the neck to the cap of one bulb."""
    out = []
    for i in range(steps + 1):
        t = i / steps
        bulge = math.sin(t * math.pi / 2) ** 0.8
        out.append((t * half, neck / 2 + (full / 2 - neck / 2) * bulge))
    return out


@lru_cache(maxsize=8)
def _glass(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surface = pygame.Surface(size, pygame.SRCALPHA)
    cap = max(4, h // 11)
    cx = w / 2
    inner_top, inner_bottom = cap, h - cap
    half = (inner_bottom - inner_top) / 2
    cy = inner_top + half
    profile = _bulb_profile(half, w * 0.78, max(2, w * 0.1))
    right = [(cx + hw, cy - d) for d, hw in reversed(profile)] + [(cx + hw, cy + d) for d, hw in profile]
    left = [(cx - hw, cy + d) for d, hw in reversed(profile)] + [(cx - hw, cy - d) for d, hw in profile]
    outline = right + left
    pygame.draw.polygon(surface, (255, 255, 255, 38), outline)
    pygame.draw.lines(surface, (*GLASS_EDGE, 200), True, outline, max(1, w // 28))
    post = max(2, w // 16)
    for x in (post, w - 2 * post):
        pygame.draw.rect(surface, (*WOOD_DARK, 255), pygame.Rect(x, cap // 2, post, h - cap))
    for y in (0, h - cap):
        pygame.draw.rect(surface, (*WOOD, 255), pygame.Rect(0, y, w, cap), border_radius=cap // 2)
        pygame.draw.rect(
            surface, (*WOOD_DARK, 255), pygame.Rect(0, y, w, cap), width=1, border_radius=cap // 2
        )
    return surface


def draw_sand_glass(
    surface: pygame.Surface, rect: pygame.Rect, fraction: float, running: bool, warning: bool
) -> None:
    """A sand glass in ``rect`` whose upper bulb holds ``fraction`` (0-1) of the sand."""
    w, h = rect.size
    cap = max(4, h // 11)
    cx = rect.x + w / 2
    half = (h - 2 * cap) / 2
    cy = rect.y + cap + half
    profile = _bulb_profile(half, w * 0.78 - 4, max(2, w * 0.1))
    colour = SAND_WARNING if warning else SAND
    fraction = min(1.0, max(0.0, fraction))
    usable = half * 0.86
    if fraction > 0:
        level = usable * fraction
        top = [(cx + hw, cy - d) for d, hw in profile if d <= level]
        top.append((cx + _width_at(profile, level), cy - level))
        poly = top + [(2 * cx - x, y) for x, y in reversed(top)]
        if len(poly) >= 3:
            pygame.draw.polygon(surface, colour, poly)
    if fraction < 1:
        height = usable * (1 - fraction)
        level = half - height
        right = [(cx + _width_at(profile, level), cy + level)]
        right += [(cx + hw, cy + d) for d, hw in profile if d > level]
        left = [(2 * cx - x, y) for x, y in reversed(right)]
        peak = (cx, cy + level - min(height * 0.35, half * 0.14))
        pygame.draw.polygon(surface, colour, [peak, *right, *left])
    if running and 0 < fraction < 1:
        pygame.draw.line(surface, colour, (cx, cy - 1), (cx, cy + half - height), max(1, w // 26))
    surface.blit(_glass(rect.size), rect)


def _width_at(profile: list[tuple[float, float]], distance: float) -> float:
    for (d0, w0), (d1, w1) in itertools.pairwise(profile):
        if d0 <= distance <= d1:
            k = (distance - d0) / max(1e-6, d1 - d0)
            return w0 + (w1 - w0) * k
    return profile[-1][1]


# --------------------------------------------------------------------------------------------
# Seats


def draw_seat(
    surface: pygame.Surface,
    fonts: Fonts,
    scale: theme.Scale,
    rect: pygame.Rect,
    name: str,
    facts: str,
    score: str,
    *,
    active: bool,
    badge: str | None,
    back: pygame.Surface | None,
    count: int | None = None,
) -> None:
    """An opponent's panel: name and badge on top, tiles left and total score below. When
    ``facts`` ("4 tiles") does not fit beside the score, ``count`` alone stands by the tile."""
    s = scale
    if active:
        draw_shadow(surface, rect.inflate(s(6), s(6)), s(14), offset=0, alpha=110)
    layer = _seat_layer(rect.size, s(12), active)
    surface.blit(layer, rect)
    text_layer.note(surface, "panel", rect)
    pad = s(10)
    badge_w = 0
    if badge:
        bsize = s.font(16)
        badge_w = fonts.size(badge, bsize, bold=True)[0] + s(14)
        brect = pygame.Rect(
            rect.right - pad - badge_w, rect.y + pad - s(1), badge_w, fonts.line_height(bsize) + s(4)
        )
        pygame.draw.rect(surface, theme.GOOD, brect, border_radius=brect.height // 2)
        fonts.draw(surface, badge, brect.center, bsize, (16, 40, 22), bold=True, anchor="center")
    room = rect.width - 2 * pad - badge_w - s(6)
    size = fonts.fit(name, s.font(18), room, bold=True)
    fonts.draw(
        surface,
        fonts.shorten(name, size, room, bold=True),
        (rect.x + pad, rect.y + pad - s(2)),
        size,
        theme.GOLD if active else theme.CREAM,
        bold=True,
    )
    y = rect.bottom - pad
    x = rect.x + pad
    if back is not None:
        surface.blit(back, back.get_rect(bottomleft=(x, y + s(2))))
        x += back.get_width() + s(6)
    score_w = fonts.size(score, s.font(16), bold=True)[0]
    room = rect.right - pad - score_w - s(10) - x
    fact_size = fonts.fit(facts, s.font(16), room)
    if fonts.size(facts, fact_size)[0] > room and count is not None:
        facts, fact_size = Verbatim(str(count)), s.font(16)
    fonts.draw(surface, facts, (x, y), fact_size, theme.CREAM_SOFT, anchor="bottomleft")
    fonts.draw(
        surface, score, (rect.right - pad, y), s.font(16), theme.CREAM, bold=True, anchor="bottomright"
    )


@lru_cache(maxsize=16)
def _seat_layer(size: tuple[int, int], radius: int, active: bool) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (12, 36, 26, 215), layer.get_rect(), border_radius=radius)
    edge = (*theme.GOLD, 255) if active else (70, 110, 90, 255)
    pygame.draw.rect(layer, edge, layer.get_rect(), width=2 if active else 1, border_radius=radius)
    return layer


def draw_note(
    surface: pygame.Surface,
    fonts: Fonts,
    scale: theme.Scale,
    text: str,
    midtop: tuple[int, int],
    alpha: float,
    room: int,
    size: int,
) -> None:
    """A short pill under a seat panel saying what that player just did, no wider than ``room``
    (its panel's width): the text is made smaller down to a floor, then cut short (the last
    turns' strip says it whole)."""
    s = scale
    pad = s(11)
    size = fonts.fit(text, size, room - 2 * pad, bold=True, minimum=max(9, size * 4 // 5))
    text = fonts.shorten(text, size, room - 2 * pad, bold=True)
    tw = fonts.size(text, size, bold=True)[0]
    rect = pygame.Rect(0, 0, tw + 2 * pad, fonts.line_height(size, bold=True) + s(6))
    rect.midtop = midtop
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (250, 246, 236, 240), layer.get_rect(), border_radius=rect.height // 2)
    rendered = fonts.render(text, size, theme.INK, bold=True)
    at = rendered.get_rect(midleft=(pad, rect.height // 2))
    layer.blit(rendered, at)
    layer.set_alpha(int(255 * max(0.0, min(1.0, alpha))))
    surface.blit(layer, rect)
    text_layer.note(surface, "panel", rect)
    text_layer.note_line(surface, text, rendered, at.move(rect.topleft).topleft)


def draw_pill(
    surface: pygame.Surface,
    fonts: Fonts,
    text: str,
    center: tuple[int, int],
    size: int,
    fill: tuple[int, ...],
    ink: tuple[int, int, int],
    pad: int,
) -> pygame.Rect:
    """A rounded label (the opening progress, the seconds left)."""
    tw, th = fonts.size(text, size, bold=True)
    rect = pygame.Rect(0, 0, tw + 2 * pad, th + pad // 2)
    rect.center = center
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    fonts.draw(surface, text, rect.center, size, ink, bold=True, anchor="center")
    return rect


def number_text(value: int, signed: bool = False) -> Verbatim:
    """A number as shown on the score sheet (``+12``, ``−5`` with a true minus sign)."""
    if signed and value > 0:
        return Verbatim(f"+{value}")
    if value < 0:
        return Verbatim(f"\u2212{-value}")
    return Verbatim(str(value))


def sort_icon(fonts: Fonts, name: str, size: int) -> pygame.Surface:
    """1 2 3 in one colour (colour runs) or 7 7 7 in three colours (number groups)."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    inks = ["#cf1b2b"] * 3 if name == "sort_colour" else ["#1a1a1a", "#cf1b2b", "#1458c4"]
    labels = ["1", "2", "3"] if name == "sort_colour" else ["7", "7", "7"]
    plate = pygame.Rect(size // 20, size // 6, size - size // 10, size - size // 3)
    pygame.draw.rect(surface, (250, 244, 226), plate, border_radius=max(3, size // 6))
    font_px = max(9, int(plate.height * 0.78))
    step = plate.width / 3
    for i, (ink, label) in enumerate(zip(inks, labels, strict=True)):
        colour = pygame.Color(ink)
        centre = (round(plate.x + step * (i + 0.5)), plate.centery)
        fonts.draw(
            surface,
            Verbatim(label),
            centre,
            font_px,
            (colour.r, colour.g, colour.b),
            bold=True,
            anchor="center",
        )
    return surface
