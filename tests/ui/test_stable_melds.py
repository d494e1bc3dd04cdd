"""A stable table in the card games: a turn that only lays one card off onto one meld moves no
other meld on screen, and the grown meld keeps its place (its left and top edges); a seat that
lays down takes free space and moves no other seat's melds or area, so a drag aimed at a meld
while a computer's lay-down is shown lands on that meld."""

from __future__ import annotations

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine import frustration, rum500
from game.ui.session import Seat, Session
from game.ui.tables.rum500.model import meld_starters
from tests.ui.driver import click, drag, frames

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


def first_found(find, seeds: int, what: str):
    """The first position ``find(seed)`` finds over ``seeds`` seeds (the test proves nothing
    without one)."""
    for seed in range(seeds):
        found = find(seed)
        if found is not None:
            return found
    raise AssertionError(f"no game came to {what}: the test proves nothing")


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
    state, lay_off = first_found(lambda seed: position_before_a_lay_off(game, seed), 40, "a lay-off")
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


def seats_with_melds(game: str, state) -> set[int]:
    """The seats whose melds have an area on the table: owners (Frustration), starters (500 Rum)."""
    if game == "frustration":
        return {m.owner for m in state.table}
    return set(meld_starters(state.table, state.log))


def position_before_a_new_seat_melds(game: str, players: int, seed: int):
    """A computer-played game stopped where the player to move, with no meld on the table yet,
    lays melds down while at least two other seats have theirs: the state and that move."""
    engine = GAMES[game]
    state = engine.new_game(players, seed=seed)
    bots = [make_bot(game, "normal", seed + s) for s in range(players)]
    for _ in range(1500):
        if state.phase in ("round_over", "game_over"):
            return None
        seat = state.current_player
        move = bots[seat].choose(state.view(seat))
        laid = seats_with_melds(game, state)
        if move.kind in ("lay_down", "meld") and seat not in laid and len(laid) >= 2:
            return state, move
        state.apply(move)
    return None


def meld_areas(scene) -> dict[int, tuple]:
    """Each seat's area of melds on screen."""
    blocks = scene.flow.blocks if hasattr(scene, "flow") else scene.meld_blocks
    return {seat: tuple(rect) for seat, rect in blocks.items()}


@pytest.mark.parametrize("size", [(1024, 600), (1280, 800)])
@pytest.mark.parametrize(
    "game,players", [("frustration", 4), ("frustration", 6), ("rum500", 4), ("rum500", 6)]
)
def test_a_seat_laying_down_moves_no_other_seats_melds(make_app, game, players, size):
    found = first_found(
        lambda seed: position_before_a_new_seat_melds(game, players, seed), 60, "a late lay-down"
    )
    state, meld = found
    app = make_app(size=size)
    app.settings.animation_speed = "instant"
    names = ["Marie", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]
    seats = [Seat(names[0])] + [Seat(name, "easy") for name in names[1:players]]
    session = Session(game, seats, state)
    app.show_table(session)
    scene = app.scenes.top
    scene.turns.advance = lambda *_: None  # the computers wait: the test plays their moves
    frames(app, 3)
    places, areas = card_places(scene, state), meld_areas(scene)
    mover = state.current_player
    scene.after_moves([meld], session.apply(meld))
    frames(app, 3)
    after = card_places(scene, state)
    moved = [i for i in places if after[i] != places[i]]
    assert moved == [], f"melds {moved} moved when seat {mover} laid down"
    now = meld_areas(scene)
    assert all(now[seat] == rect for seat, rect in areas.items()), "another seat's area moved"
    assert mover in now and not any(
        pygame.Rect(now[mover]).colliderect(rect) for seat, rect in now.items() if seat != mover
    )


def test_a_drag_after_a_computer_laid_down_lands_on_the_meld_it_was_aimed_at(make_app):
    """Chloé (a computer) lays her contract down and discards; Marie, who was looking at Bruno's
    queens, clicks (the replay of Chloé's turn ends), draws, and drags her queen of hearts to
    where Bruno's queens were shown before Chloé laid down: it is laid off onto them."""
    state = frustration.arranged(
        ["QH 8C 8D 5D 2S 9S", "AC AD", "9C 9D 9H 10C 10D 10H 7C 7D 7H 2H 5C 4H KH 8S"],
        table=[
            ("QC QD QS", 1),
            ("3C 3D 3S", 1),
            ("JC JD JS", 1),
            ("KC KD KS", 0),
            ("4C 4D 4S", 0),
            ("6C 6D 6S", 0),
        ],
        turn=2,
        phase="play",
        stock="AH 5S",
    )
    app = make_app(size=(1024, 600))
    app.settings.animation_speed = "normal"
    session = Session("frustration", [Seat("Marie"), Seat("Bruno", "easy"), Seat("Chloé", "easy")], state)
    app.show_table(session)
    scene = app.scenes.top
    scene.turns.advance = lambda *_: None  # the test plays Chloé's moves
    frames(app, 30)
    queens = next(rect for index, rect, _strips in scene.meld_rects if index == 0)
    aimed = (queens.right - 4, queens.centery)  # the last queen, where a card goes on a set
    hand = {c.text: c for c in state.hand(2)}
    lay_down = frustration.LayDown(
        melds=tuple(
            tuple(hand[t] for t in group.split()) for group in ("9C 9D 9H", "10C 10D 10H", "7C 7D 7H")
        )
    )
    for move in (lay_down, frustration.Discard(hand["KH"])):
        scene.after_moves([move], session.apply(move))
        frames(app, 2)
    assert scene.my_turn and scene.replay.active, "Chloé's turn is not being shown"
    click(app, scene.areas["stock"].center)  # ends the replay
    click(app, scene.areas["stock"].center)  # draws
    assert scene.view.phase == "play"
    queen = next(c for c in scene.view.hand if c.text == "QH")
    drag(app, scene.sprites.sprites[queen.ident].rect(scene.hand_h).center, aimed)
    assert [c.text for c in scene.view.table[0].cards].count("QH") == 1, (
        "the queen did not reach Bruno's queens"
    )
    assert all(c.text != "QH" for c in scene.view.hand)
