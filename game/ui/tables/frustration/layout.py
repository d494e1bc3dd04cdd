"""Geometry of the Frustration Rummy table that does not depend on the scene: the staging slots
and the cards in them, the fans of the others' card backs. Nothing is drawn here (the melds on
the table are laid out by ``tables/meld_places.py``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.tables.cardtable import HAND_STEP


def slot_rects(area: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``count`` staging slots side by side in ``area``."""
    n = max(1, count)
    w = (area.width - gap * (n - 1)) // n
    return [pygame.Rect(area.x + i * (w + gap), area.y, w, area.height) for i in range(n)]


def seat_fan(
    rect: pygame.Rect, top: int, s: Callable[[float], int], height: Callable[[int], int]
) -> tuple[pygame.Rect, int]:
    """Where an opponent's card backs are fanned in its panel ``rect``: under ``top`` (the foot
    of its text) and above the panel's foot, across the panel. Returns the fan's area and the
    card width (``s(26)``, smaller when the panel is too short for it)."""
    bottom = rect.bottom - s(8)
    width = s(26)
    while width > s(12) and bottom - height(width) < top:
        width -= 1
    return pygame.Rect(rect.x + s(10), bottom - height(width), rect.width - s(20), height(width)), width


def slot_positions(
    rect: pygame.Rect, count: int, card_w: int, card_h: int, inset: tuple[int, int]
) -> list[tuple[float, float]]:
    """Top-left corners of ``count`` cards ``card_w`` wide in the staging slot ``rect``, from
    its left, ``inset`` (sideways, from the foot) inside it: side by side while the slot has
    room (``HAND_STEP``), then overlapping just enough to fit."""
    if count == 0:
        return []
    side, foot = inset
    room = rect.width - 2 * side - card_w
    step = min(card_w * HAND_STEP, room / (count - 1)) if count > 1 else 0
    y = rect.bottom - card_h - foot
    return [(rect.x + side + k * step, y) for k in range(count)]
