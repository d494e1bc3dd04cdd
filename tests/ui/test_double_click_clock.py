"""A double-click is timed in frames (``Gesture.tick``), never by the wall clock."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.ui.dnd import DOUBLE_CLICK, Gesture


class Table:
    """A table with one piece under the pointer everywhere, noting the clicks it is told of."""

    def __init__(self, piece) -> None:
        self.piece = piece
        self.clicks: list = []
        self.doubles: list = []

    def pick(self, pos):
        return self.piece

    def on_piece_click(self, sprite) -> None:
        self.clicks.append(sprite)

    def on_piece_double_click(self, sprite) -> None:
        self.doubles.append(sprite)

    def lay_out_pieces(self) -> None:
        pass


def click(gesture: Gesture) -> None:
    gesture.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    gesture.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))


def test_two_clicks_within_the_frames_of_a_double_click_are_one():
    table = Table(SimpleNamespace(key="5H#0"))
    gesture = Gesture(table)
    click(gesture)
    gesture.tick(DOUBLE_CLICK / 2)
    click(gesture)
    assert table.doubles == [table.piece] and table.clicks == [table.piece]


def test_clicks_further_apart_in_frame_time_are_two_clicks():
    table = Table(SimpleNamespace(key="5H#0"))
    gesture = Gesture(table)
    click(gesture)
    gesture.tick(DOUBLE_CLICK * 2)  # however little wall time passes
    click(gesture)
    assert table.doubles == [] and table.clicks == [table.piece, table.piece]
