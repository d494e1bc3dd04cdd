"""The still layer of the three tables (``tables/still.py``): after a move only the parts that
changed are drawn again, and what that leaves is exactly what a full redraw draws; a computer
move or a pickup (a draw from the stock or the discard pile, a tile exchange) redraws a small
part of the window; picking a piece up leaves the layer alone; every part paints within its
rectangle."""

from __future__ import annotations

import pygame
import pytest

from game.ai.registry import make_bot
from game.bench.frames import start_drag
from game.engine import frustration, rum500, tiles
from game.ui.session import GameConfig, Seat, Session
from game.ui.tables.still import StillLayer
from tests.ui.driver import frames

OPTIONS = {
    "frustration": lambda: frustration.Options(final_contract=3),
    "rum500": lambda: rum500.Options(),
    "tiles": lambda: tiles.Options(opening_min=0),
}
LEVEL = {"frustration": "normal", "rum500": "easy", "tiles": "easy"}
GAMES = [("frustration", 6), ("rum500", 6), ("tiles", 4)]
NAMES = ["Marie-Charlotte", "Bruno", "Chloé", "Dimitri", "Élodie", "Félix"]


def _open_table(make_app, game: str, players: int, size=(1280, 800), seed: int = 4):
    """A table in French where Marie (seat 0) plays against computers; the test plays every
    seat itself, one move at a time, as the turn flow would."""
    app = make_app(lang="fr", size=size)
    seats = [Seat(NAMES[0])] + [Seat(NAMES[i], LEVEL[game]) for i in range(1, players)]
    app.show_table(Session.start(GameConfig(game, seats, OPTIONS[game](), seed=seed)))
    frames(app, 3)
    table = app.scenes.top
    table.turns.advance = lambda *_: None
    bots = [make_bot(game, LEVEL[game], seed * 10 + s) for s in range(players)]
    return app, table, bots


PICKUPS = {"draw_stock", "draw_discard", "take_discard", "draw", "exchange"}
"""The moves that take pieces from the stock, the discard pile or the pool."""


def _play_one(table, bots):
    """One move by the seat to move (the next round when one is over); returns the move."""
    state = table.state
    if state.phase == "round_over":
        table.next_round()
        return None
    move = bots[state.current_player].choose(state.view(state.current_player))
    table.after_moves([move], table.session.apply(move))
    return move


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def _redrawn_whole(table) -> pygame.Surface:
    """The still layer as a full redraw draws it now, on a layer of its own."""
    fresh = StillLayer()
    fresh.redraw_all(table.app.art.felt(table.app.size), table.drawing.still_parts())
    return fresh.surface


@pytest.mark.slow  # compares every partial redraw of 140 moves with a full one, to the pixel
@pytest.mark.parametrize("game,players", GAMES, ids=lambda v: str(v))
def test_a_partial_redraw_leaves_what_a_full_one_draws(make_app, game, players):
    app, table, bots = _open_table(make_app, game, players)
    still = table.drawing.still
    partial = 0
    for _ in range(140):
        if table.state.is_over:
            break
        redraws = still.redraws
        _play_one(table, bots)
        frames(app, 1)
        if still.redraws > redraws and still.redrawn_share() < 1:
            partial += 1
        assert _pixels(still.surface) == _pixels(_redrawn_whole(table)), (
            f"stale still layer after {partial} moves"
        )
    assert partial >= 60, "too few partial redraws to judge"


@pytest.mark.parametrize("game,players", GAMES, ids=lambda v: str(v))
def test_a_computer_move_or_a_pickup_redraws_a_small_part_of_the_window(make_app, game, players):
    app, table, bots = _open_table(make_app, game, players, size=(1920, 1080))
    still = table.drawing.still
    shares: dict[str, list[float]] = {"computer": [], "pickup": []}
    for _ in range(120):
        if table.state.is_over:
            break
        state = table.state
        seat, round_number = state.current_player, state.round_number
        redraws = still.redraws
        played = _play_one(table, bots)
        frames(app, 1)
        if played is None or table.state.round_number != round_number or table.phase == "round_over":
            continue  # a new deal lays the whole table out again
        share = still.redrawn_share() if still.redraws > redraws else 0.0
        if seat != 0:
            shares["computer"].append(share)
        elif played.kind in PICKUPS:
            shares["pickup"].append(share)
    assert shares["computer"] and shares["pickup"]
    for kind, values in shares.items():
        values.sort()
        assert max(values) < 0.5, f"a {kind} move redrew {max(values):.0%} of the window"
        assert values[len(values) // 2] < 0.1, f"a {kind} move redrew {values[len(values) // 2]:.0%} (median)"


@pytest.mark.parametrize("game,players", GAMES, ids=lambda v: str(v))
def test_picking_a_piece_up_leaves_the_still_layer_alone(make_app, game, players):
    app, table, bots = _open_table(make_app, game, players)
    for _ in range(200):  # to Marie's turn, past her draw: a tile or card she may move on the table
        if table.my_turn and table.phase == "play":
            break
        _play_one(table, bots)
    table.replay.finish()
    frames(app, 30)
    still = table.drawing.still
    redraws, pixels = still.redraws, _pixels(still.surface)
    sprite = _lift_a_piece(app, table)
    for i in range(10):
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + 20 * i, 400), rel=(20, 0), buttons=(1, 0, 0))
        )
        frames(app, 1)
    assert table.gesture.dragging and table.gesture.held and table.gesture.held[0] is sprite
    assert still.redraws == redraws and _pixels(still.surface) == pixels


def _lift_a_piece(app, table):
    """Press on a piece of Marie's hand or rack and move enough to lift it."""
    sprite = start_drag(pygame, table)
    assert sprite is not None, "no piece to pick up"
    frames(app, 1)
    return sprite


@pytest.mark.slow  # paints every part of every table at two sizes
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game,players", GAMES, ids=lambda v: str(v))
def test_every_still_part_paints_within_its_rectangle(make_app, game, players, size):
    app, table, bots = _open_table(make_app, game, players, size=size)
    checked = 0
    for moves in range(90):
        if moves % 15 == 0:
            parts = table.drawing.still_parts()
            assert len({p.name for p in parts}) == len(parts), "two parts of one name"
            for part in parts:
                layer = pygame.Surface(size, pygame.SRCALPHA)
                layer.fill((0, 0, 0, 0))
                part.paint(layer)
                ink = layer.get_bounding_rect()
                assert not ink.width or part.rect.contains(ink), (
                    f"{part.name} paints {ink} out of {part.rect}"
                )
                checked += 1
        if table.state.is_over:
            break
        _play_one(table, bots)
        frames(app, 1)
    assert checked > 20
