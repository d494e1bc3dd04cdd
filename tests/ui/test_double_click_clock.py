"""A double-click is timed in frames (``DragLayer.tick``), never by the wall clock."""

from __future__ import annotations

from types import SimpleNamespace

from game.ui.dnd import DOUBLE_CLICK, DragLayer


def layer(doubles: list) -> DragLayer:
    return DragLayer(
        pick=lambda pos: None,
        targets=lambda held: [],
        on_drop=lambda target, held: None,
        on_illegal=lambda exc, pos: None,
        on_double_click=doubles.append,
    )


def test_two_clicks_within_the_frames_of_a_double_click_are_one():
    doubles: list = []
    drag, card = layer(doubles), SimpleNamespace(key="5H#0")
    drag._clicked(card)
    drag.tick(DOUBLE_CLICK / 2)
    drag._clicked(card)
    assert doubles == [card]


def test_clicks_further_apart_in_frame_time_are_two_clicks():
    doubles: list = []
    drag, card = layer(doubles), SimpleNamespace(key="5H#0")
    drag._clicked(card)
    drag.tick(DOUBLE_CLICK * 2)  # however little wall time passes
    drag._clicked(card)
    assert doubles == []
