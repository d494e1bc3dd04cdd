"""A stable table in the card games: a turn that only lays one card off onto one meld moves no
other meld on screen, and the grown meld keeps its place (its left and top edges)."""

from __future__ import annotations

import pytest

from game.ai.registry import make_bot
from game.engine import frustration, rum500
from game.ui.session import Seat, Session
from tests.ui.driver import frames

GAMES = {"frustration": frustration, "rum500": rum500}


def position_before_a_lay_off(game: str, seed: int):
    """A computer-played game stopped where the player to move, after drawing, can lay a card
    off onto an early meld of a table of at least four: the state and that lay-off."""
    engine = GAMES[game]
    state = engine.new_game(3, seed=seed)
    bots = [make_bot(game, "easy", seed + s) for s in range(3)]
    for _ in range(600):
        if state.phase in ("round_over", "game_over"):
            return None
        lay_offs = [m for m in state.legal_moves() if m.kind == "lay_off"]
        if state.phase == "play" and len(state.table) >= 4 and lay_offs:
            return state, min(lay_offs, key=lambda m: m.meld)
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
    return None


def meld_corners(scene, state) -> dict[int, tuple[float, float]]:
    """Each table meld's left and top edge on screen (from where its cards are going)."""
    corners = {}
    for index, meld in enumerate(state.table):
        targets = [scene.sprites.sprites[c.ident].target for c in meld.cards]
        corners[index] = (min(x for x, _ in targets), min(y for _, y in targets))
    return corners


def card_places(scene, state) -> dict[int, list]:
    return {i: [scene.sprites.sprites[c.ident].target for c in m.cards] for i, m in enumerate(state.table)}


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_lay_off_grows_its_meld_in_place_and_moves_no_other_meld(make_app, game, size):
    found = None
    for seed in range(40):
        found = position_before_a_lay_off(game, seed)
        if found is not None:
            break
    assert found is not None, "no position with a lay-off: the test proves nothing"
    state, lay_off = found
    app = make_app(size=size)
    app.settings.animation_speed = "instant"
    seats = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Chloé", "easy")]
    session = Session(game, seats, state)
    app.show_table(session)
    scene = app.scenes.top
    scene.turns.advance = lambda *_: None  # the computer waits: the test plays its moves
    frames(app, 3)
    corners, places = meld_corners(scene, state), card_places(scene, state)
    scene.after_moves([lay_off], session.apply(lay_off))
    frames(app, 2)
    discard = next(m for m in state.legal_moves() if m.kind == "discard")
    scene.after_moves([discard], session.apply(discard))
    frames(app, 3)
    after = card_places(scene, state)
    moved = [i for i in places if i != lay_off.meld and after[i] != places[i]]
    assert moved == [], f"melds {moved} moved when meld {lay_off.meld} grew"
    assert meld_corners(scene, state)[lay_off.meld] == corners[lay_off.meld], "the grown meld moved"
