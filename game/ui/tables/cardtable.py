"""Pieces shared by the two card tables (Frustration Rummy and 500 Rum): drawing card sprites,
the hand fan, rows of overlapping cards, seat panels, the stock, and card names in text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.pieces import Card
from game.i18n import Text, Verbatim
from game.ui import text as text_layer
from game.ui import theme
from game.ui.motion import Sprite
from game.ui.tables.drawing import TableDrawing
from game.ui.text import Fonts
from game.ui.widgets import draw_panel, draw_shadow, piece_shadow

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
INDEX_STEP = 0.34
"""Overlap of cards in a meld: the part of each card left visible (its index), in card widths."""


def card_label(app, card: Card | str) -> Text:
    """A card's name for sentences: ``10♥``, ``R♠`` in French, ``joker``."""
    text = card if isinstance(card, str) else card.text
    if text == "JK":
        return app.tr("card.joker")
    rank, suit = text[:-1], text[-1]
    return app.tr("card.label", rank=app.tr(f"card.rank.{rank}"), suit=Verbatim(SUIT_SYMBOLS.get(suit, suit)))


def _card_shadow(size: tuple[int, int], lifted: bool) -> pygame.Surface:
    w = size[0]
    return piece_shadow(size, max(3, w // 8), max(4, w // 10), 26 if lifted else 18, 14 if lifted else 10)


FACES_PER_FRAME = 2
"""Card faces drawn from their vector art in one frame at most (about 3.5 ms each at 1920x1080)
once the table shows: when a row of melds takes a new width, the faces beyond these show for a
few frames as the same face drawn before at another width, scaled, and are drawn in the next
frames (``CardPainter.new_frame``)."""


@dataclass
class CardPainter:
    """Draws card sprites with the player's settings (language, four colours, card back)."""

    app: object
    made: int = 0
    """Faces drawn from their vector art since the frame began."""
    late: dict[tuple, tuple[Card, int, bool]] = field(default_factory=dict)
    """The faces shown scaled from another width, to draw in the next frames."""
    shown: dict[tuple, pygame.Surface] = field(default_factory=dict)
    """The last face drawn of each card (whatever its width), for a face shown scaled."""

    def new_frame(self) -> None:
        """A frame begins: draw a few of the faces left waiting (see ``FACES_PER_FRAME``)."""
        self.made = 0
        while self.late and self.made < FACES_PER_FRAME:
            card, width, wild = self.late.pop(next(iter(self.late)))
            self.face(card, width, wild)

    def face(self, card: Card, width: int, wild: bool = False) -> pygame.Surface:
        art, settings = self.app.art, self.app.settings
        looks = dict(lang=self.app.lang, four_colour=settings.four_colour, wild_badge=wild)
        look = (card.rank, card.suit, card.copy % 2 if card.is_joker else 0, *looks.values())
        if not art.has_card(card, width, **looks):
            before = self.shown.get(look)
            if before is not None and self.made >= FACES_PER_FRAME:
                self.late[(*look, width)] = (card, width, wild)
                return pygame.transform.smoothscale(before, art.card_size(width))
            self.made += 1
        face = self.shown[look] = art.card(card, width, **looks)
        return face

    def back(self, width: int) -> pygame.Surface:
        return self.app.art.card_back(width, self.app.settings.card_back)

    def height(self, width: int) -> int:
        return self.app.art.card_size(width)[1]

    def draw(
        self,
        surface: pygame.Surface,
        sprite: Sprite,
        *,
        wild: bool = False,
        selected: bool = False,
        dim: bool = False,
    ) -> None:
        width = sprite.width
        if sprite.lift > 0:
            width = round(width * (1 + 0.06 * sprite.lift))
        image = (
            self.face(sprite.piece, width, wild)
            if sprite.face_up and sprite.piece is not None
            else self.back(width)
        )
        x, y = round(sprite.x), round(sprite.y)
        if sprite.lift > 0:
            x -= (width - sprite.width) // 2
            y -= (image.get_height() - self.height(sprite.width)) // 2
        if sprite.lift > 0 or sprite.data.get("shadow", True):
            shadow = _card_shadow(image.get_size(), sprite.lift > 0)
            pad = (shadow.get_width() - image.get_width()) // 2
            offset = max(2, width // 14) if sprite.lift > 0 else max(1, width // 30)
            surface.blit(shadow, (x - pad + offset // 2, y - pad + offset))
        surface.blit(image, (x, y))
        text_layer.note(surface, "piece", pygame.Rect((x, y), image.get_size()), str(sprite.key))
        if selected:
            rect = pygame.Rect(x, y, image.get_width(), image.get_height())
            pygame.draw.rect(
                surface, theme.GOLD, rect.inflate(4, 4), width=3, border_radius=max(4, width // 12)
            )
        if dim:
            veil = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 90))
            surface.blit(veil, (x, y), special_flags=0)


class CardTableDrawing(TableDrawing):
    """What the two card tables' drawings share (``table``: a ``CardTableScene``)."""

    def draw_status(self, surface: pygame.Surface) -> None:
        """The status line; once the round is over, each hand's penalty on its panel."""
        super().draw_status(surface)
        table = self.table
        if not table.revealed_hands():
            return
        s, fonts = table.scale, table.app.fonts
        for seat, rect in table.seat_rects.items():
            points = table.hand_penalty(seat)
            if points is None:
                continue
            text = table.app.tr("summary.penalty", points=points)
            size = s.font(16)
            w, h = fonts.size(text, size, bold=True)
            tag = pygame.Rect(0, 0, w + s(16), h + s(6))
            if rect.centery > surface.get_height() // 2:  # the seat at the bottom: above its panel
                tag.bottomleft = (rect.x, rect.top - s(4))
            else:  # the others: astride the foot of their panel, clear of the melds' names under it
                tag.midright = (rect.right - s(8), rect.bottom)
            colour = theme.BAD if points else theme.GOOD
            pygame.draw.rect(surface, colour, tag, border_radius=tag.height // 2)
            text_layer.note(surface, "panel", tag)
            fonts.draw(surface, text, tag.center, size, theme.CREAM, bold=True, anchor="center")

    def more_tips(self) -> list:
        """The sort buttons beside the hand."""
        return [self.table.sort_suit, self.table.sort_rank] if self.table.viewer is not None else []

    def seat_panel(
        self,
        surface: pygame.Surface,
        seat: int,
        rect: pygame.Rect,
        lines: Sequence,
        *,
        active: bool,
        badge: Text | None,
        badge_good: bool,
        aside: Text | None = None,
    ) -> None:
        """Seat ``seat``'s panel in ``rect``: its name, ``lines`` of facts, a badge, an aside
        (see ``draw_seat_panel``)."""
        table = self.table
        draw_seat_panel(
            surface,
            table.app.fonts,
            table.scale,
            rect,
            table.seat_name(seat),
            lines,
            active=active,
            badge=badge,
            badge_good=badge_good,
            aside=aside,
        )


HAND_STEP = 1.08
"""The widest step of a hand's cards, in card widths: side by side with a small gap while the
hand has room, overlapping only as much as it must."""
RAISED = 0.16
"""How far a selected card of the hand rises above the others, in card heights."""


def fan_positions(
    count: int,
    area: pygame.Rect,
    card_w: int,
    card_h: int,
    max_step: float = HAND_STEP,
    lift: Sequence[bool] = (),
) -> list[tuple[float, float]]:
    """Top-left corners of ``count`` cards fanned left to right, centred in ``area``; those
    ``lift`` marks are raised, and the card after a raised one moves clear of it (the raised
    card is drawn above the fan: its neighbour's index stays in sight) while the others can
    still show their indices."""
    if count == 0:
        return []
    raised = [i < len(lift) and bool(lift[i]) for i in range(count)]
    room = area.width - card_w
    widest = card_w * max_step
    step = min(widest, room / max(1, count - 1)) if count > 1 else 0
    steps = [step] * (count - 1)
    clear = max(step, min(widest, card_w + card_w * (max_step - 1)))
    after = [i for i in range(count - 1) if raised[i]]
    if after and clear > step and count - 1 > len(after):
        rest = (room - clear * len(after)) / (count - 1 - len(after))
        if rest >= card_w * INDEX_STEP:
            steps = [clear if raised[i] else min(widest, rest) for i in range(count - 1)]
    total = card_w + sum(steps)
    x = area.centerx - total / 2
    y = area.bottom - card_h
    out = []
    for i in range(count):
        out.append((x, y - (card_h * RAISED if raised[i] else 0)))
        if i < count - 1:
            x += steps[i]
    return out


def hand_z(base: int, position: int, count: int, raised: bool) -> int:
    """The drawing order of card ``position`` of a hand of ``count`` cards whose first card is
    drawn at ``base``: left to right, a raised card above all the others (its right-hand
    neighbour would hide it otherwise)."""
    return base + position + (count if raised else 0)


def draw_stock(surface: pygame.Surface, painter: CardPainter, rect: pygame.Rect, count: int) -> None:
    """A squared stack of face-down cards whose thickness follows ``count``."""
    layers = min(6, (count + 9) // 10)
    for i in range(layers, 0, -1):
        back = painter.back(rect.width)
        surface.blit(back, (rect.x + i * 2, rect.y + i * 2))
    if count == 0:
        pygame.draw.rect(surface, (255, 255, 255, 60), rect, width=2, border_radius=rect.width // 10)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect, radius: int, active: bool = False) -> None:
    """An empty place on the felt (a dashed-looking outline)."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (0, 0, 0, 40), layer.get_rect(), border_radius=radius)
    pygame.draw.rect(
        layer,
        (*theme.GOLD, 200) if active else (255, 255, 255, 70),
        layer.get_rect(),
        width=2,
        border_radius=radius,
    )
    surface.blit(layer, rect)


def draw_seat_panel(
    surface: pygame.Surface,
    fonts: Fonts,
    scale: theme.Scale,
    rect: pygame.Rect,
    name: str,
    lines: Sequence[str],
    *,
    active: bool,
    badge: str | None = None,
    badge_good: bool = False,
    aside: str | None = None,
) -> None:
    """A player's panel: name, a line or two of facts, a badge (laid down, score) and, with
    ``aside``, a fact in bold at the right of the first line (the cards in hand)."""
    s = scale
    if active:
        draw_shadow(surface, rect.inflate(s(6), s(6)), s(14), offset=0, alpha=110)
    draw_panel(
        surface,
        rect,
        colour=(12, 36, 26, 215),
        edge=theme.GOLD if active else (70, 110, 90),
        radius=s(12),
        shadow=False,
    )
    pad = s(10)
    badge_w = fonts.size(badge, s.font(14), bold=True)[0] + s(22) if badge else 0
    room = rect.width - 2 * pad - badge_w
    size = fonts.fit(name, s.font(18), room, bold=True)
    name = fonts.shorten(name, size, room, bold=True)
    fonts.draw(
        surface, name, (rect.x + pad, rect.y + pad), size, theme.GOLD if active else theme.CREAM, bold=True
    )
    y = rect.y + pad + fonts.line_height(size, bold=True) + s(2)
    for i, line in enumerate(lines):
        room = rect.width - 2 * pad
        if aside and i == 0:
            at = (rect.right - pad, y)
            room -= fonts.draw(
                surface, aside, at, s.font(15), theme.CREAM, bold=True, anchor="topright"
            ).width + s(8)
        line_size = fonts.fit(line, s.font(15), room)
        fonts.draw(surface, line, (rect.x + pad, y), line_size, theme.CREAM_SOFT)
        y += fonts.line_height(line_size)
    if badge:
        bsize = s.font(14)
        bw = fonts.size(badge, bsize, bold=True)[0] + s(14)
        brect = pygame.Rect(rect.right - pad - bw, rect.y + pad, bw, fonts.line_height(bsize) + s(4))
        pygame.draw.rect(
            surface, theme.GOOD if badge_good else theme.GOLD_DARK, brect, border_radius=brect.height // 2
        )
        fonts.draw(surface, badge, brect.center, bsize, (255, 255, 255), bold=True, anchor="center")


def seat_text_bottom(fonts: Fonts, scale: theme.Scale, rect: pygame.Rect, lines: int) -> int:
    """Where the name and ``lines`` lines of facts of a seat panel in ``rect`` end at most
    (``draw_seat_panel``'s sizes before any fitting): what is drawn under them starts lower."""
    s = scale
    line = max(fonts.line_height(s.font(15)), fonts.line_height(s.font(15), bold=True))
    return rect.y + s(10) + fonts.line_height(s.font(18), bold=True) + s(2) + lines * line


def reorder(
    order: Sequence[str],
    shown: Sequence[Card],
    moved: Sequence[str],
    drop_x: float,
    area: pygame.Rect,
    card_w: int,
    card_h: int,
) -> list[str]:
    """``order`` (card idents) with the ``moved`` cards put where they were dropped in a fan of
    ``shown`` cards laid out in ``area``: after the last card whose middle lies left of ``drop_x``."""
    remaining = [i for i in order if i not in moved]
    cards = [c for c in shown if c.ident not in moved]
    positions = fan_positions(len(cards) + len(moved), area, card_w, card_h)
    slot = sum(1 for (px, _py) in positions[: len(cards)] if px + card_w / 2 < drop_x)
    before = cards[slot - 1].ident if slot > 0 and cards else None
    insert_at = remaining.index(before) + 1 if before in remaining else 0
    return remaining[:insert_at] + list(moved) + remaining[insert_at:]
