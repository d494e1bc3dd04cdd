"""Issue 22, gestures: refusals are seen, card-game conventions, undo within a turn, round
ends, hot-seat rotation. Driven through posted mouse events (``tests/ui/driver.py``)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine.frustration import LayOff, Options
from game.ui.dnd import BUBBLE_SECONDS
from game.ui.tables import turns as table_turns
from tests.ui.driver import click, drag, frames
from tests.ui.test_frustration_table import grab_point

SHOTS = os.environ.get("RAMI_SHOTS")
"""A folder to save the pictures looked at for the issue in (unset: none are saved)."""


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def shoot(app, name: str) -> None:
    if SHOTS:
        frames(app, 1)
        pygame.image.save(app.window, str(Path(SHOTS) / name))


def play_until_bad_lay_off(session):
    """Bot moves on the engine until seat 0 is to play holding a card no meld takes."""
    bots = [make_bot("frustration", "random", 1), make_bot("frustration", "random", 2)]
    for _ in range(3000):
        st = session.state
        if st.current_player == 0 and st.phase == "play" and st.table:
            legal = st.legal_moves()
            for i, _meld in enumerate(st.table):
                for card in st.hands[0]:
                    if not any(isinstance(m, LayOff) and m.card == card and m.meld == i for m in legal):
                        return card, i
        session.apply(bots[st.current_player].choose(st.view(st.current_player)))
    raise AssertionError("no refused lay-off came up")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_refused_drop_shows_a_bubble_whose_text_fits_at_1024_by_600(make_app, lang):
    app = make_app(lang, (1024, 600))
    app.settings.animation_speed = "instant"
    from game.ui.scenes import navigation
    from game.ui.session import GameConfig, Seat

    seats = [Seat("Marie"), Seat("Bruno", "easy")]
    navigation.start_game(app, GameConfig("frustration", seats, Options(final_contract=2), seed=4))
    frames(app, 2)
    table = app.scenes.top
    card, index = play_until_bad_lay_off(table.session)
    table.refresh()
    frames(app, 3)
    _, rect, _ = next(entry for entry in table.meld_rects if entry[0] == index)
    drag(app, grab_point(table, card.ident), rect.center)
    assert table.bubbles, "the refusal is not shown"
    bubble = table.bubbles[0]
    size = table.scale.font(18)
    box, lines, _ = bubble.layout(app.window.get_rect(), app.fonts, size)
    assert app.window.get_rect().contains(box)
    assert " ".join(str(line) for line in lines).split() == str(bubble.text).split()
    for line in lines:  # measured in the face it is drawn in
        assert app.fonts.render(line, size, (0, 0, 0), bold=True).get_width() <= box.width - 2 * 6
    # It points at the spot of the refused drop (the meld at fault).
    assert rect.inflate(40, 40).collidepoint(bubble.pos)
    shoot(app, f"refusal-bubble-{lang}-1024x600.png")
    # It stays past its least time while nothing else happens ...
    frames(app, int(BUBBLE_SECONDS * 60) * 3)
    assert table.bubbles
    # ... and goes after the next gesture.
    click(app, (5, app.size[1] // 2))
    frames(app, 40)
    assert not table.bubbles
