"""The hint at each table: the normal level's move for the player's own view, legal, shown
on exactly the pieces it plays, never played by itself, cleared by the next move."""

from __future__ import annotations

import copy

import pygame
import pytest

from game.ai.registry import make_bot
from game.engine.games import game_info
from game.engine.tiles import Options as TilesOptions
from game.ui.session import Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.hint import describe
from tests.ui.driver import click, frames, key, lift_a_hand_card, wait_until


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def open_table(make_app, game: str, seed: int, lang: str = "en", options=None):
    """A new two-player game of ``game``; the person (Marie) is the seat to move first."""
    state = game_info(game).new_game(2, options, seed=seed)
    seats = [Seat("Bruno", "normal"), Seat("Bruno", "normal")]
    seats[state.current_player] = Seat("Marie")
    app = make_app(lang)
    app.settings.animation_speed = "instant"
    session = Session(game, seats, state, bot_seed=seed)
    app.show_table(session)
    frames(app, 2)
    return app, app.scenes.top


def expected_keys(move, view) -> set:
    """The pieces a hint for ``move`` must light, written out per kind of move."""
    kind = move.kind
    if kind == "draw_stock":
        return {"stock"}
    if kind == "draw":
        return {"pool"}
    if kind == "draw_discard":
        return {view.discard[-1].ident}
    if kind == "take_discard":
        return {c.ident for c in view.discard[move.index :]}
    if kind in ("lay_off", "take_back_wild") or (kind == "discard" and hasattr(move, "card")):
        return {move.card.ident}
    if kind in ("exchange", "discard"):
        return {move.tile.ident}
    if kind in ("meld", "extra_meld"):
        return {c.ident for c in move.cards}
    if kind == "lay_down":
        return {c.ident for meld in move.melds for c in meld}
    if kind == "play":
        on_table = {t.ident for combo in view.table for t in combo}
        return {t.ident for combo in move.table for t in combo} - on_table
    return set()


def check_hint(app, table, ask) -> object:
    """Ask for a hint with ``ask``; check it against a normal player of the seat's seed and
    return the move."""
    state = table.state
    seat = state.current_player
    before = copy.deepcopy(state)
    ask()
    wait_until(app, lambda: table.hint.shown, what="no hint came")
    move = table.hint.move
    view = state.view(seat)
    assert move == make_bot(table.game_id, "normal", table.session.bot_seed * 10 + seat).choose(view)
    legal = view.legal_moves()
    if any(m.kind == move.kind for m in legal):  # lay-downs and tile plays are not listed
        assert move in legal
    copy.deepcopy(state).apply(move)  # raises IllegalMove when it is not legal
    assert {s.key for s in table.hint.glowing()} == expected_keys(move, view) == table.hint.pieces
    assert str(table.hint.text())
    # Nothing moved: the state is the one before the hint.
    assert state.view(seat) == before.view(seat)
    assert state.current_player == seat
    return move


@pytest.mark.parametrize(
    ("game", "seed", "turns", "options", "must"),
    [
        ("frustration", 3, 6, None, {"draw_stock", "discard", "lay_down"}),
        ("rum500", 4, 6, None, {"draw_stock", "take_discard", "meld", "discard"}),
        ("tiles", 5, 3, None, {"exchange", "play"}),
        ("tiles", 5, 3, TilesOptions(turn_rule="draw"), {"draw"}),
    ],
)
def test_hint_is_the_normal_levels_legal_move_on_its_pieces(make_app, game, seed, turns, options, must):
    app, table = open_table(make_app, game, seed, options=options)
    kinds = set()
    for step in range(turns * 3):
        if not table.my_turn:
            wait_until(app, lambda: table.my_turn or table.state.is_over or table.phase == "round_over")
            if not table.my_turn:
                break
        if step % 2:
            move = check_hint(app, table, lambda: key(app, pygame.K_h))
        else:
            move = check_hint(app, table, lambda: click(app, table.hint_button.rect.center))
        kinds.add(move.kind)
        frames(app, 3)
        assert table.hint.shown and table.state.current_player == table.viewer
        assert table.play(move)
        assert not table.hint.shown and not table.hint.glowing()
    assert must <= kinds, kinds


def test_no_hint_out_of_turn(make_app, monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 600.0, "normal": 600.0, "slow": 600.0})
    app, table = open_table(make_app, "rum500", 4)
    table.play(table.state.legal_moves()[0])  # draw
    table.play(next(m for m in table.state.legal_moves() if m.kind == "discard"))
    frames(app, 2)
    assert not table.my_turn and not table.hint_button.enabled
    key(app, pygame.K_h)
    click(app, table.hint_button.rect.center)
    frames(app, 3)
    assert not table.hint.shown and table.hint.pending is None


def test_a_hint_clears_when_a_drag_starts(make_app):
    app, table = open_table(make_app, "frustration", 3)
    key(app, pygame.K_h)
    wait_until(app, lambda: table.hint.shown)
    lift_a_hand_card(app, table)
    assert not table.hint.shown
    key(app, pygame.K_ESCAPE)
    assert not table.gesture.dragging


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hint_is_said_in_both_languages(make_app, lang):
    app, table = open_table(make_app, "rum500", 4, lang)
    key(app, pygame.K_h)
    wait_until(app, lambda: table.hint.shown)
    words = describe(table.hint.move, table.hint.view, app.tr, table.piece_words)
    assert words.key.startswith("move.") and words.key.endswith(".hint")
    assert str(words) in str(table.hint.text())
    assert str(table.hint.text()).startswith("Hint: " if lang == "en" else "Indice\u202f: ")


@pytest.mark.parametrize(("game", "seed"), [("frustration", 3), ("rum500", 4), ("tiles", 5)])
def test_the_glow_is_drawn_on_the_hinted_pieces_only(make_app, game, seed):
    """The frame with the hint differs from the frame without it only around the hinted
    pieces and in the bubble, and around each of them."""
    app, table = open_table(make_app, game, seed)
    key(app, pygame.K_h)
    wait_until(app, lambda: table.hint.shown)
    frames(app, 2)
    size = app.size
    with_hint, without = pygame.Surface(size), pygame.Surface(size)
    table.draw(with_hint)
    move, table.hint.move = table.hint.move, None
    table.draw(without)
    table.hint.move = move
    diff = with_hint.copy()
    diff.blit(without, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other = without.copy()
    other.blit(with_hint, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(other, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
    changed.invert()
    glows = [
        s.rect(table.piece_height(s.width)).inflate(table.scale(16), table.scale(16))
        for s in table.hint.glowing()
    ]
    assert glows and table.hint.bubble_rect is not None
    allowed = pygame.mask.Mask(size)
    for rect in [*glows, table.hint.bubble_rect]:
        allowed.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    assert changed.overlap_area(allowed, (0, 0)) == changed.count() > 0
    for rect in glows:
        around = pygame.mask.Mask(size)
        around.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
        assert changed.overlap_area(around, (0, 0)) > 0
