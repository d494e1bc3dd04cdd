"""Small pictures of each game (for the title and setup screens), composed from the game art."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from game.ui.games import table_info


def game_icon(art: Any, game: str, size: int, lang: str = "en") -> pygame.Surface:
    """A ``size``-high picture of ``game``: a fan of cards, or a row of tiles."""
    return _icon(art, game, size, lang)


def game_icon_ready(art: Any, game: str, size: int, lang: str = "en") -> bool:
    """False on a first start, while ``game_icon`` would still have to draw the picture from its
    art (a few milliseconds): true once it is kept, or when nothing is kept at all."""
    return not art.must_draw(_name(game, size, lang))


def _name(game: str, size: int, lang: str) -> str:
    return f"game-{game}-{size}-{lang}"


@lru_cache(maxsize=32)
def _icon(art: Any, game: str, size: int, lang: str) -> pygame.Surface:
    picture_size = (int(size * 1.6), size)
    return art.kept(_name(game, size, lang), picture_size, lambda: _draw(art, game, size, lang))


def _draw(art: Any, game: str, size: int, lang: str) -> pygame.Surface:
    from game.engine.notation import parse  # only to draw: a kept picture needs no piece

    surface = pygame.Surface((int(size * 1.6), size), pygame.SRCALPHA)
    info = table_info(game)
    pieces = parse(info.icon)
    if info.rack:  # tiles, in a row
        w = int(size * 0.46)
        face_h = art.tile_size(w)[1]
        gap = max(2, size // 24)
        x0 = (surface.get_width() - (len(pieces) * w + (len(pieces) - 1) * gap)) // 2
        for i, tile in enumerate(pieces):
            face = art.tile(tile, w)
            surface.blit(face, (x0 + i * (w + gap), (size - face_h) // 2))
        return surface
    first, last = info.icon_fan  # cards, fanned
    card_w = int(size * 0.62)
    centre = (surface.get_width() // 2, int(size * 0.56))
    for i, card in enumerate(pieces):
        angle = first + (last - first) * i / max(1, len(pieces) - 1)
        face = pygame.transform.rotozoom(art.card(card, card_w, lang=lang), -angle, 1.0)
        offset = pygame.math.Vector2(0, -size * 0.05).rotate(angle) + pygame.math.Vector2(
            angle * size * 0.012, 0
        )
        surface.blit(face, face.get_rect(center=(centre[0] + offset.x, centre[1] + offset.y)))
    return surface
