"""A card table draws at most ``FACES_PER_FRAME`` card faces from their vector art in one frame
once its pictures are warm: when the melds take a new width, the other faces show scaled from
the width they were drawn at before, for a few frames, and are drawn in the next ones (the
faces of the new width are drawn ahead, one a frame); then a frame draws none."""

from __future__ import annotations

import pytest

from game.ui.tables.cardtable import FACES_PER_FRAME
from tests.ui.driver import frames
from tests.ui.test_still_layer import _open_table, _play_one


# a whole game of six at 1920x1080 each: the everyday loop watches one, the slow run both
@pytest.mark.parametrize("game", ["frustration", pytest.param("rum500", marks=pytest.mark.slow)])
def test_a_new_meld_width_spreads_its_faces_over_frames(make_app, game):
    app, table, bots = _open_table(make_app, game, 6, size=(1920, 1080))
    while table._warm_jobs:
        frames(app, 1)
    made: list[int] = []
    make_card = app.art._make_card

    def counted(*args):
        made[-1] += 1
        return make_card(*args)

    app.art._make_card = counted
    shown_late = 0
    for _ in range(260):
        if table.state.is_over:
            break
        _play_one(table, bots)
        for _ in range(3):
            made.append(0)
            frames(app, 1)
            shown_late += bool(table.painter.late)
    assert max(made) <= FACES_PER_FRAME, f"{max(made)} faces drawn in one frame"
    assert shown_late, "no new width came up: nothing to judge"
    frames(app, 60)  # the faces shown scaled are all drawn by now
    assert not table.painter.late
    while table._warm_jobs:  # and those of a new meld width, drawn ahead one a frame
        frames(app, 1)
    frames(app, 1)
    assert table.painter.made == 0 and not table.painter.late
