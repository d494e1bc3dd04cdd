"""The three engines are built alike inside: one dispatch of moves, named phases, one public event
type, one hand accessor, one way to ask why a move is refused, and the same role for every file
name. Each test runs over every game of ``game.engine.games.GAMES``."""

from __future__ import annotations

import importlib
import inspect
import json
import pathlib
import random
from enum import StrEnum

import pytest

from game.ai.registry import make_bot
from game.engine import base
from game.engine.base import GameState, Move, MoveRule, NextRound, TurnRules
from game.engine.errors import IllegalMove
from game.engine.events import PublicEvent
from game.engine.games import GAME_IDS, GAMES, load_game

ENGINE = pathlib.Path(base.__file__).parent

ROLES = {
    "__init__": "the package: its rules as played (docstring), its public names and GAME",
    "options": "the options, their choices and the range of players",
    "moves": "the moves, MOVE_CLASSES and CODEC",
    "turn": "Phase and the game's TurnRules: the check of every move, legal_moves()",
    "state": "the state: new_game and the play of every move",
    "view": "what one seat sees (the TurnRules answer for it)",
    "positions": "positions set up by hand: arranged(); a game guessed from a view: guessed()",
    "audit": "the invariants: audit(state)",
    "save": "the codec: state_to_json, state_from_json, migrate, SCHEMA, SAVE_VERSION",
    "codes": "every IllegalMove code with its parameters: ERROR_CODES",
}
"""The files every engine package has, and their one role (docs/architecture.md)."""

NAMES = {
    "options": ("MIN_PLAYERS", "MAX_PLAYERS", "Options", "OPTION_CHOICES"),
    "moves": ("MOVE_CLASSES", "CODEC"),
    "turn": ("Phase",),
    "positions": ("arranged", "guessed"),
    "audit": ("audit",),
    "save": ("state_to_json", "state_from_json", "migrate", "SCHEMA", "SAVE_VERSION"),
    "codes": ("ERROR_CODES",),
}
"""What each role file offers, in every package."""

SHARED_BY_TWO = {"rules.py", "records.py"}
"""Files only the card games have, with one role in both (meld rules; the score sheet)."""


def package(game_id: str):
    return importlib.import_module(f"game.engine.{game_id}")


def played(game_id: str, seed: int, moves: int):
    """A 3-player game after ``moves`` moves of easy players, and every position on the way."""
    state = GAMES[game_id].new_game(3, seed=seed)
    bots = [make_bot(game_id, "easy", seed + seat) for seat in range(3)]
    positions = []
    for _ in range(moves):
        if state.is_over:
            break
        positions.append(state.to_json())
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
    return state, positions


def code_of(refusal: IllegalMove | None) -> str | None:
    return None if refusal is None else refusal.code


# ---- the same role for every file name -------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_engine_package_has_the_same_role_files(game_id):
    files = {p.stem for p in (ENGINE / game_id).glob("*.py")}
    assert set(ROLES) <= files, f"{game_id} lacks {sorted(set(ROLES) - files)}"
    assert "events" not in files and "position" not in files  # gone: one event type, positions.py
    for role, names in NAMES.items():
        module = importlib.import_module(f"game.engine.{game_id}.{role}")
        missing = [n for n in names if not hasattr(module, n)]
        assert not missing, f"{game_id}/{role}.py lacks {missing}"
    positions = importlib.import_module(f"game.engine.{game_id}.positions")
    assert package(game_id).arranged is positions.arranged and package(game_id).guessed is positions.guessed


def test_a_file_name_two_packages_share_has_one_role():
    per_game = {g: {p.name for p in (ENGINE / g).glob("*.py")} for g in GAME_IDS}
    shared = {
        name for g in GAME_IDS for name in per_game[g] if sum(name in per_game[o] for o in GAME_IDS) > 1
    }
    assert shared <= {f"{r}.py" for r in ROLES} | SHARED_BY_TWO, shared


# ---- one dispatch --------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_one_dispatch_table_holds_every_move_of_the_game(game_id):
    info = GAMES[game_id]
    state_class, module = info.state_class, package(game_id)
    assert state_class.apply is GameState.apply  # nobody overrides the one dispatch
    assert "apply" not in vars(state_class) and "why_not" not in vars(state_class)
    assert set(state_class.move_rules) == set(module.MOVE_CLASSES)
    phases = set(module.Phase)
    for move_class, rule in state_class.move_rules.items():
        assert isinstance(rule, MoveRule) and rule.play is not None, move_class
        assert rule.phases and rule.phases <= phases, move_class
    view_class = type(info.new_game(2).view(0))
    assert issubclass(view_class, TurnRules) and issubclass(state_class, TurnRules)
    assert {m: r.check for m, r in view_class.move_rules.items()} == {
        m: r.check for m, r in state_class.move_rules.items()
    }
    assert state_class.move_rules[NextRound].phases == {base.ROUND_OVER}


def test_a_game_whose_moves_lack_a_play_is_refused_when_its_class_is_made():
    class Rules(TurnRules):
        @base.checks(NextRound, base.ROUND_OVER)
        def check_next(self, move):
            return None

    with pytest.raises(TypeError, match="NextRound"):

        class Game(Rules, GameState):
            game_id = "nothing"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_move_of_another_kind_is_an_unknown_move(game_id):
    class Teleport(Move):
        kind = "teleport"

    state = GAMES[game_id].new_game(2, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(Teleport())
    assert info.value.code == "unknown_move" and state.to_json() == before
    assert state.view(state.current_player).why_not(Teleport()).code == "unknown_move"


# ---- named phases ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_phases_are_named_and_saved_by_value(game_id):
    phase = package(game_id).Phase
    assert issubclass(phase, StrEnum)
    assert phase.ROUND_OVER == base.ROUND_OVER and phase.GAME_OVER == base.GAME_OVER
    state, positions = played(game_id, seed=2, moves=150)
    assert isinstance(state.phase, phase) and isinstance(state.view(0).phase, phase)
    assert {p["phase"] for p in positions} <= {p.value for p in phase}
    assert type(json.loads(json.dumps(state.to_json()))["phase"]) is str


# ---- one public event type ---------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_log_is_a_list_of_public_events(game_id):
    state, _ = played(game_id, seed=3, moves=120)
    for seat in range(state.num_players):
        log = state.view(seat).log
        assert all(type(e) is PublicEvent for e in log) and list(log) == list(state.log)
        assert [e.index for e in log] == list(range(len(log)))
    assert load_game(state.to_json()).log == state.log


# ---- one hand accessor ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_hand_is_hand_on_a_state_and_on_a_view(game_id):
    state, _ = played(game_id, seed=4, moves=60)
    assert not hasattr(state, "hands") and not hasattr(state, "racks")
    for seat in range(state.num_players):
        view = state.view(seat)
        assert isinstance(state.hand(seat), tuple)
        assert view.hand == state.hand(seat)
        assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(state.num_players))


# ---- one "why not" -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_why_not_says_what_apply_says_and_a_refusal_changes_nothing(game_id):
    """At every position of a game, moves listed at earlier positions (most of them refused
    now) are tried: ``why_not`` on the mover's view gives apply's answer, other seats' views say
    it is not their turn, and a refused move leaves the state exactly as it was."""
    _, positions = played(game_id, seed=5, moves=160)
    codes = package(game_id).ERROR_CODES
    rng = random.Random(5)
    seen: list[Move] = []
    refused = accepted = 0
    for data in positions[::3]:
        probe = load_game(data)
        seen.extend(probe.legal_moves())
        seat = probe.current_player
        for move in rng.sample(seen, min(12, len(seen))):
            refusal = probe.view(seat).why_not(move)
            assert code_of(probe.why_not(move)) == code_of(refusal)  # the state answers alike
            for other in range(probe.num_players):
                if other != seat:
                    assert probe.view(other).why_not(move).code in ("not_your_turn", "unknown_move")
            try:
                probe.apply(move)
            except IllegalMove as exc:
                assert refusal is not None and exc.code == refusal.code and exc.params == refusal.params
                assert set(exc.params) == set(codes[exc.code]), exc
                assert probe.to_json() == data, f"{move} was refused ({exc.code}) but changed the state"
                refused += 1
                continue
            assert refusal is None, f"why_not refused {move} ({refusal.code}), apply played it"
            accepted += 1
            probe = load_game(data)
    assert refused > 20 and accepted > 5


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_engine_check_is_a_declared_method_not_a_second_copy(game_id):
    """The view answers with the engine's own checks: its module defines no check of its own."""
    view_module = importlib.import_module(f"game.engine.{game_id}.view")
    source = inspect.getsource(view_module)
    assert "IllegalMove(" not in source and "def why_not" not in source and "def check" not in source
