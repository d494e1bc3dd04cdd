"""The tile game's computer players: legal moves under every rule, each level's way of
playing on hand-made positions, the work per decision.

Win rates and decision times are the simulation command's business (docs/ai-tiles.md).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.registry import available_levels, make_bot
from game.ai.tiles import best_play, players
from game.ai.tiles.hard import HardBot
from game.ai.tiles.keep import keep_scores, tile_to_give
from game.ai.tiles.memory import read_memory
from game.ai.tiles.players import DecisionWork, EasyBot, NormalBot
from game.bench.bots import time_level
from game.engine.base import Move
from game.engine.events import PublicEvent, record
from game.engine.pieces import Tile
from game.engine.tiles import (
    STALEMATE_CIRCUITS,
    TURN_RULES,
    Discard,
    Draw,
    Exchange,
    NextRound,
    Options,
    Pass,
    Play,
    TilesState,
    TilesView,
    new_game,
    validate_play,
)
from tests.ai.tile_notation import tiles_after

# ------------------------------------------------------------------------------------------
# Helpers


def tiles(text: str, after: Sequence[Sequence[Tile]] = ()) -> list[Tile]:
    """Tiles from notation, twins numbered after the copies already in ``after``."""
    return tiles_after(text, after)


def table_of(*texts: str) -> list[list[Tile]]:
    out: list[list[Tile]] = []
    for text in texts:
        out.append(tiles(text, out))
    return out


def quiet_log(turns: int, me: int = 0, players: int = 2) -> tuple[PublicEvent, ...]:
    """A round's log: both seats opened, then ``turns`` exchanges in a row, the last one by
    the seat before ``me``."""
    log: list[PublicEvent] = []
    record(log, None, "deal", detail=(("round", 1), ("starter", 0)))
    seat = (me - turns) % players
    for s in reversed(range(players)):
        opener = (seat - 1 - s) % players
        record(log, opener, "play", ("K1",), (), "rack", "table", count=1, detail=(("opening", True),))
    for _ in range(turns):
        record(log, seat, "exchange", source="rack", target="pool", count=1)
        seat = (seat + 1) % players
    return tuple(log)


def view_of(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    *,
    opened: tuple[bool, ...] = (True, True),
    hand_sizes: tuple[int, ...] | None = None,
    log: tuple[PublicEvent, ...] | None = None,
    options: Options | None = None,
    pool: int = 40,
    phase: str = "play",
) -> TilesView:
    """Seat 0's view of a hand-made position, seat 0 to play."""
    sizes = hand_sizes or (len(rack), 14)
    return TilesView(
        seat=0,
        phase=phase,
        current_player=0,
        round_number=1,
        options=options or Options(),
        hand=tuple(rack),
        table=tuple(tuple(c) for c in table),
        turn_table=tuple(tuple(c) for c in table),
        hand_sizes=(len(rack), *sizes[1:]),
        pool_size=pool,
        opened=opened,
        drawn_this_turn=0,
        played_this_turn=False,
        starter=0,
        start_draw=(),
        log=log if log is not None else quiet_log(0, players=len(opened)),
        sheet=(),
        totals=(0,) * len(opened),
        winners=(),
        quiet_turns_left=STALEMATE_CIRCUITS * len(opened) - _trailing_quiet_turns(log or ()),
    )


def _trailing_quiet_turns(log: Sequence[PublicEvent]) -> int:
    """The turns at the end of a ``quiet_log`` that laid nothing."""
    quiet = 0
    for entry in reversed(log):
        if entry.kind in ("play", "deal"):
            break
        quiet += 1
    return quiet


def placed_by(view: TilesView, move: Move) -> list[Tile]:
    assert isinstance(move, Play) and view.why_not(move) is None
    return validate_play(view.table, view.hand, move.table, view.has_opened, options=view.options)


def keeps_combinations(before: Sequence[Sequence[Tile]], after: Sequence[Sequence[Tile]]) -> bool:
    """Each old combination lies whole and in order inside its own new combination."""
    free = [[t.ident for t in c] for c in after]
    for combination in before:
        wanted = [t.ident for t in combination]
        for i, candidate in enumerate(free):
            if any(candidate[k : k + len(wanted)] == wanted for k in range(len(candidate) - len(wanted) + 1)):
                free[i] = []
                break
        else:
            return False
    return True


def play_round(state: TilesState, bots: Sequence[Any], watch: Any = None, cap: int = 3000) -> None:
    """Play ``state`` to its end; every move must be legal and every state sound."""
    for _ in range(cap):
        if state.is_over:
            return
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        move = bots[seat].choose(view)
        if watch is not None:
            watch(seat, view, move)
        state.apply(move)  # raises IllegalMove on an illegal move
        state.audit()
    raise AssertionError("the round did not end")


class FrugalHard(HardBot):
    """The hard level with little work per decision, for fast whole rounds."""

    work: ClassVar[int] = 2_000


class OneNodeHard(HardBot):
    """The hard level with one search node per decision: its first solver call only."""

    work: ClassVar[int] = 1


class NoWorkHard(HardBot):
    """The hard level with no work to spare at all."""

    work: ClassVar[int] = 0


# ------------------------------------------------------------------------------------------
# Legal play under every rule


def test_levels_are_declared() -> None:
    assert available_levels("tiles") == ["random", "easy", "normal", "hard"]
    assert type(make_bot("tiles", "hard", 1)).__name__ == "HardBot"


TABLES = (
    ("easy", "hard"),
    ("hard", "normal"),
    ("normal", "random", "hard"),
    ("hard", "easy", "hard", "normal"),
    ("random", "easy"),
)


@pytest.mark.parametrize(
    "rule",
    # whole rounds at six tables per rule: the everyday loop plays the default rule's
    [rule if rule == "exchange" else pytest.param(rule, marks=pytest.mark.slow) for rule in TURN_RULES],
)
def test_every_level_plays_legally_under_each_turn_rule(rule: str) -> None:
    for seed, names in enumerate(TABLES):
        state = new_game(len(names), Options(turn_rule=rule, rounds=1), seed=100 + seed)
        bots = [make_bot("tiles", n, seed) for n in names]
        for bot in bots:
            if isinstance(bot, HardBot):
                bot.work = 2_000
        play_round(state, bots)
        assert state.sheet and state.sheet[-1]["end"] in ("out", "blocked", "stalemate")


variants = st.sampled_from(
    [
        {"stars": False},
        {"opening_min": 0},
        {"opening_min": 50},
        {"continue_after_opening": True},
        {"ace_after_13": True},
        {"groups_only": True},
        {"runs_only": True},
        {"mixed_colour_runs": True},
        {"timer": 0, "timeout_penalty": 3},
    ]
)


@pytest.mark.slow  # plays 24 whole rounds
@settings(max_examples=12, deadline=None)
@given(variant=variants, rule=st.sampled_from(TURN_RULES), seed=st.integers(0, 10_000))
def test_rule_variants_are_honoured(variant: dict[str, Any], rule: str, seed: int) -> None:
    state = new_game(2, Options(turn_rule=rule, rounds=2, **variant), seed=seed)
    bots = [NormalBot(seed), FrugalHard(seed)]
    play_round(state, bots)
    assert state.is_over and len(state.sheet) == 2


# ------------------------------------------------------------------------------------------
# Easy and normal


def test_easy_never_rearranges() -> None:
    plays = 0

    def watch(seat: int, view: TilesView, move: Move) -> None:
        nonlocal plays
        if seat == 0 and isinstance(move, Play):
            plays += 1
            assert keeps_combinations(view.table, move.table)

    for seed in range(3):
        for rule in ("draw", "exchange"):
            state = new_game(2, Options(turn_rule=rule, rounds=1), seed=seed)
            play_round(state, [EasyBot(seed), NormalBot(seed)], watch)
    assert plays >= 10


def test_easy_adds_at_the_ends_and_lays_its_own_combinations() -> None:
    table = table_of("R4 R5 R6", "K9 B9 O9")
    rack = tiles("R7 R10 B1 B2 B3 K12", table)
    bot = EasyBot(1)
    bot.miss_turn = bot.overlook = 0.0
    view = view_of(rack, table)
    placed = {t.text for t in placed_by(view, bot.choose(view))}
    assert placed == {"R7", "B1", "B2", "B3"}  # R10 would need R8 and R9


@pytest.mark.slow  # compares every play of whole games with the solver's
def test_normal_places_what_the_solver_places() -> None:
    checked = 0

    def watch(seat: int, view: TilesView, move: Move) -> None:
        nonlocal checked
        if seat != 0 or not view.can_play_now:
            return
        best = best_play(view.hand, view.table, view.has_opened, options=view.options)
        if best.placed:
            checked += 1
            assert isinstance(move, Play)
            assert sorted(t.ident for t in placed_by(view, move)) == sorted(t.ident for t in best.placed)
        else:
            assert not isinstance(move, Play)

    for seed, rule in enumerate(TURN_RULES):
        state = new_game(2, Options(turn_rule=rule, rounds=1), seed=seed)
        play_round(state, [NormalBot(seed), EasyBot(seed)], watch)
    assert checked >= 8


def test_normal_gives_back_the_tile_furthest_from_a_combination() -> None:
    rack = tiles("R5 R6 K9 B9 O2 O12 *")
    view = view_of(rack, [], opened=(False, False))
    move = NormalBot(1).choose(view)
    assert isinstance(move, Exchange)
    assert move.tile.text == "O12"


def test_counted_tiles_make_a_pair_dead() -> None:
    table = table_of("R4 R5 R6 R7", "R4 R5 R6 R7 R8")
    rack = tiles("R2 R3 K11 K12", table)  # both R4 are on the table; K10 and K13 are hidden
    seen = read_memory(view_of(rack, table)).live
    counted = keep_scores(rack, table, False, Options(), seen, penalty_weight=0)
    assert counted[rack[0].ident] < counted[rack[2].ident]
    assert tile_to_give(rack, table, False, Options(), seen, penalty_weight=0).text in ("R2", "R3")
    unseen = read_memory(view_of(rack, [])).live
    blind = keep_scores(rack, [], False, Options(), unseen, penalty_weight=0)
    assert blind[rack[0].ident] > counted[rack[0].ident]


def test_draw_discard_discards_after_a_play_and_draws_first() -> None:
    options = Options(turn_rule="draw_discard")
    view = view_of(tiles("K1"), [], options=options, phase="draw")
    assert isinstance(NormalBot(1).choose(view), Draw)
    rack = tiles("R1 R2 R3 K13 B13")
    view = dataclasses.replace(view_of(rack, [], options=options, phase="discard"), drawn_this_turn=1)
    move = NormalBot(1).choose(view)
    assert isinstance(move, Discard) and move.tile.text in ("K13", "B13")


def test_between_rounds_the_next_round_is_called() -> None:
    view = dataclasses.replace(view_of(tiles("K1"), []), phase="round_over")
    for bot in (EasyBot(1), NormalBot(1), HardBot(1)):
        assert isinstance(bot.choose(view), NextRound)


# ------------------------------------------------------------------------------------------
# Hard


DRAW = Options(turn_rule="draw")
"""A turn without a play costs a tile: the hard player lays what it can (no hold-back)."""


def test_hard_holds_back_under_the_exchange_rule_until_it_goes_out() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 O5 B13", table)  # R7-R9 and B13 go, O5 does not
    view = view_of(rack, table, hand_sizes=(5, 12))
    move = HardBot(1).choose(view)
    assert isinstance(move, Exchange) and move.tile.text == "O5"
    assert len(placed_by(view, NormalBot(1).choose(view))) == 4
    rack = tiles("R7 R8 R9 B13", table)
    view = view_of(rack, table, hand_sizes=(4, 12))
    assert len(placed_by(view, HardBot(1).choose(view))) == 4  # out
    view = view_of(tiles("R7 R8 R9 O5 B13", table), table, hand_sizes=(5, 12), options=DRAW)
    assert len(placed_by(view, HardBot(1).choose(view))) == 4


def test_hard_opens_late_and_small_under_the_exchange_rule() -> None:
    table = table_of("K4 K5 K6")
    rack = tiles("R10 R11 R12 B10 O10 K10 O3", table)  # opening: R10-R12 (33) or the 10s too
    view = view_of(rack, table, opened=(False, True), hand_sizes=(7, 12))
    move = HardBot(1).choose(view)
    assert isinstance(move, Exchange) and move.tile.text == "O3"  # O3 would not go next turn
    rack = tiles("R10 R11 R12 B10 O10 K10 K7", table)  # K7 goes on K4-K6 once open
    view = view_of(rack, table, opened=(False, True), hand_sizes=(7, 12))
    placed = {t.text for t in placed_by(view, HardBot(1).choose(view))}
    assert placed in ({"R10", "R11", "R12"}, {"B10", "O10", "K10"})  # the fewest tiles worth 30
    normal = placed_by(view, NormalBot(1).choose(view))
    assert len(normal) == 6


def test_hard_keeps_a_star_that_only_lays_itself() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 * O5 K13", table)
    view = view_of(rack, table, hand_sizes=(6, 12), options=DRAW)
    placed = {t.text for t in placed_by(view, HardBot(1).choose(view))}
    assert placed == {"R7", "R8", "R9"}
    normal = {t.text for t in placed_by(view, NormalBot(1).choose(view))}
    assert "*" in normal


def test_hard_lays_its_star_when_it_goes_out_or_an_opponent_is_close() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 *", table)
    view = view_of(rack, table)
    assert len(placed_by(view, HardBot(1).choose(view))) == 4  # out
    rack = tiles("R7 R8 R9 * O5", table)
    view = view_of(rack, table, hand_sizes=(5, 3))
    assert "*" in {t.text for t in placed_by(view, HardBot(1).choose(view))}


def test_hard_does_not_hand_the_round_to_an_opponent_with_two_tiles() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 K5 B5 O5 K13", table)  # new hooks: R6, R10 and R5
    view = view_of(rack, table, hand_sizes=(7, 2))
    assert isinstance(HardBot(1).choose(view), Exchange)
    assert isinstance(NormalBot(1).choose(view), Play)
    rack = tiles("B13 O5 K13", table)  # B13 adds no hook: B9 was one already
    view = view_of(rack, table, hand_sizes=(3, 2))
    assert {t.text for t in placed_by(view, HardBot(1).choose(view))} == {"B13"}


LAST_QUIET_TURNS = 2 * STALEMATE_CIRCUITS - 2
"""A two-player round with two turns left before it ends blocked (its last circuit)."""


def test_hard_lays_in_the_last_circuit_whether_ahead_or_not() -> None:
    table = table_of("R4 R5 R6", "K9 B9 O9")
    rack = tiles("R3 K1 B2", table)  # R3 fits; the rack is worth 6 against about 14 tiles
    view = view_of(rack, table, opened=(True, False), hand_sizes=(3, 14), log=quiet_log(7))
    assert isinstance(HardBot(1).choose(view), Exchange)  # holding back: it would not go out
    view = view_of(rack, table, opened=(True, False), hand_sizes=(3, 14), log=quiet_log(LAST_QUIET_TURNS))
    assert read_memory(view).quiet_turns == LAST_QUIET_TURNS
    assert isinstance(HardBot(1).choose(view), Play)
    for quiet in (7, LAST_QUIET_TURNS):  # the draw rule: no hold-back
        view = view_of(
            rack, table, opened=(True, False), hand_sizes=(3, 14), log=quiet_log(quiet), options=DRAW
        )
        assert isinstance(HardBot(1).choose(view), Play)


def test_hard_lays_when_behind() -> None:
    table = table_of("R4 R5 R6", "K9 B9 O9")
    rack = tiles("R3 K13 B13 O12 K12 B11 O11 K10 R10 B8 O7 K6 B5", table)
    view = view_of(rack, table, opened=(True, False), hand_sizes=(13, 4), log=quiet_log(7), options=DRAW)
    assert isinstance(HardBot(1).choose(view), Play)


RUMMY_RULE = Options(turn_rule="draw_exchange")
"""A draw rule where an unopened player may still exchange: the Rummy wait applies."""


def test_hard_waits_for_a_rummy_when_it_is_safe() -> None:
    rack = tiles("R10 R11 R12 K10 B10 O10 K5 K6 K7 B1 B2 B3 O13 R1")
    view = view_of(rack, [], opened=(False, False), hand_sizes=(14, 14), options=RUMMY_RULE)
    best = best_play(rack, [], False)
    assert best.count == 12
    assert not isinstance(HardBot(1).choose(view), Play)
    rack = tiles("R10 R11 R12 K10 B10 O10 K5 K6 K7 B1 B2 B3 O13 O12 O11")
    view = view_of(rack, [], opened=(False, False), hand_sizes=(15, 14), options=RUMMY_RULE)
    assert len(placed_by(view, HardBot(1).choose(view))) == 15  # all at once: the double
    view = view_of(rack, [], opened=(False, False), hand_sizes=(15, 14))
    assert len(placed_by(view, HardBot(1).choose(view))) == 15  # the exchange rule too


def test_hard_waits_for_a_rummy_a_few_turns_only() -> None:
    rack = tiles("R10 R11 R12 K10 B10 O10 K5 K6 K7 B1 B2 B3 O13 R1")
    waited = 2 * HardBot.rummy_wait  # its own turns: every other one
    view = view_of(
        rack, [], opened=(False, False), hand_sizes=(14, 14), log=quiet_log(waited), options=RUMMY_RULE
    )
    assert read_memory(view).idle_streak == HardBot.rummy_wait
    assert len(placed_by(view, HardBot(1).choose(view))) == 12


def test_hard_lays_its_stars_when_the_quiet_count_is_ending() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 * O5 K13", table)
    early = view_of(rack, table, hand_sizes=(6, 12), log=quiet_log(4), options=DRAW)
    assert "*" not in {t.text for t in placed_by(early, HardBot(1).choose(early))}
    late = view_of(rack, table, hand_sizes=(6, 12), log=quiet_log(LAST_QUIET_TURNS))
    assert "*" in {t.text for t in placed_by(late, HardBot(1).choose(late))}
    rack = tiles("* O5 K13", table)  # only the star can go
    early = view_of(rack, table, hand_sizes=(3, 12), log=quiet_log(4))
    assert isinstance(HardBot(1).choose(early), Exchange)
    late = view_of(rack, table, hand_sizes=(3, 12), log=quiet_log(LAST_QUIET_TURNS))
    assert {t.text for t in placed_by(late, HardBot(1).choose(late))} == {"*"}


def test_hard_gives_back_by_use_not_by_number_until_the_count_ends() -> None:
    table = table_of("K9 B9 O9 R9")
    rack = tiles("R12 R13 K3 B7", table)  # R12 R13: a run short of R11; K3, B7: alone
    view = view_of(rack, table, opened=(True, True), hand_sizes=(4, 9))
    move = HardBot(1).choose(view)
    assert isinstance(move, Exchange) and move.tile.text in ("K3", "B7")
    normal = NormalBot(1).choose(view)
    assert isinstance(normal, Exchange) and normal.tile.text == "R13"  # it costs the most
    late = view_of(rack, table, opened=(True, True), hand_sizes=(4, 9), log=quiet_log(LAST_QUIET_TURNS))
    move = HardBot(1).choose(late)
    assert isinstance(move, Exchange) and move.tile.text == "R13"


def test_hard_gives_back_a_star_on_the_last_quiet_turn() -> None:
    table = table_of("K9 B9 O9 R9")  # nowhere to lay the star
    rack = tiles("* K1 B2 O3", table)
    last = 2 * STALEMATE_CIRCUITS - 1
    view = view_of(rack, table, opened=(True, False), hand_sizes=(4, 14), log=quiet_log(last))
    move = HardBot(1).choose(view)
    assert isinstance(move, Exchange) and move.tile.is_star


class NeverLays(NormalBot):
    """Takes the turn rule's action every turn: an opponent that lets the quiet count run."""

    def find_play(self, view: TilesView, memory: Any, clock: Any) -> None:
        return None


@pytest.mark.parametrize("seed", range(3))
def test_hard_never_lets_the_quiet_count_run_out_while_it_can_lay(seed: int) -> None:
    state = new_game(2, Options(rounds=1), seed=seed)
    hard = HardBot(seed)
    checked = []

    def watch(seat: int, view: TilesView, move: Move) -> None:
        if seat != 0 or view.phase != "play" or view.circuits_left > HardBot.end_circuits:
            return
        play = best_play(view.hand, view.table, view.has_opened)
        checked.append(view.circuits_left)
        assert isinstance(move, Play) or not play.placed

    play_round(state, [hard, NeverLays(seed + 1)], watch)
    if state.sheet[-1]["end"] == "out":
        assert state.sheet[-1]["winner"] == 0
    else:
        assert checked  # the round ran the count out: hard had nothing to lay


def test_keep_never_gives_a_star_away_by_default() -> None:
    rack = tiles("* K13 B13 O13 R12")
    assert not tile_to_give(rack, [], False, Options(), lambda face: 2).is_star


# ------------------------------------------------------------------------------------------
# Memory


def test_memory_counts_the_hidden_tiles_and_the_quiet_turns() -> None:
    state = new_game(2, Options(), seed=3)
    view = state.view(state.current_player)
    memory = read_memory(view)
    assert memory.hidden_total == 106 - 14
    assert memory.quiet_turns == 0 and memory.stalemate_at == 2 * STALEMATE_CIRCUITS
    table = table_of("R4 R5 R6")
    view = view_of(tiles("R4 K1", table), table, log=quiet_log(5))
    memory = read_memory(view)
    assert memory.live("R4") == 0 and memory.live("R5") == 1 and memory.live("K2") == 2
    assert memory.quiet_turns == 5 and memory.quiet_turns_left == 2 * STALEMATE_CIRCUITS - 5
    assert memory.quiet_turns_left == view.quiet_turns_left
    assert memory.opponents[0].idle_streak == 3


# ------------------------------------------------------------------------------------------
# Work, not time


def test_a_tiny_work_limit_cuts_the_hard_search_short_but_the_move_stays_legal() -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12")
    rack = tiles("R7 R8 R9 * O5 K13", table)
    view = view_of(rack, table, hand_sizes=(6, 12), options=DRAW)
    bot = OneNodeHard(1)
    move = bot.choose(view)
    assert bot.last_work is not None and bot.last_work.cut_short
    assert bot.last_work.solver_calls == 1
    assert len(placed_by(view, move)) == 4  # no work left to hold the star back: the solver's play
    roomy = HardBot(1)
    roomy.choose(view)
    assert roomy.last_work is not None and roomy.last_work.solver_calls > 1
    assert not roomy.last_work.cut_short


def test_a_game_with_no_work_to_spare_stays_legal() -> None:
    state = new_game(2, Options(turn_rule="draw_discard", rounds=1), seed=8)
    bots = [NoWorkHard(1), NoWorkHard(2)]
    play_round(state, bots)
    assert all(b.last_work is None or b.last_work.solver_calls <= 1 for b in bots)


def test_the_bench_adds_up_the_work_of_every_decision() -> None:
    """``python -m game.bench bots`` reports how often the node count bound the tile players:
    every decision's account is added once."""
    cpu, _, tally = time_level("tiles", "hard", "normal", 1, 1, ["--rounds", "1"])
    assert tally.solver_calls >= len(cpu) // 2  # a play or a keep score in most decisions
    calls, stopped, cut_short = tally.solver_calls, tally.stopped, tally.cut_short
    tally.add(DecisionWork(0, solver_calls=2, cut_short=True, stopped=1))
    assert (tally.solver_calls, tally.stopped, tally.cut_short) == (calls + 2, stopped + 1, cut_short + 1)


def test_decisions_do_not_read_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Same view, same move, however slow the machine: the work is counted in search
    nodes. A clock that jumps ten seconds at every reading changes nothing."""
    table = table_of("K1 K2 K3", "B10 B11 B12", "R4 R5 R6 R7")
    rack = tiles("R8 R9 * O5 K13 K4 B4 O4 B13", table)
    view = view_of(rack, table, hand_sizes=(9, 12))
    calm = [make_bot("tiles", level, 3).choose(view) for level in ("easy", "normal", "hard")]
    now = [time.perf_counter() + time.process_time() + time.time()]

    def jumping() -> float:
        now[0] += 10.0
        return now[0]

    for name in ("perf_counter", "process_time", "monotonic", "time", "thread_time"):
        monkeypatch.setattr(time, name, jumping)
    hurried = [make_bot("tiles", level, 3).choose(view) for level in ("easy", "normal", "hard")]
    assert [repr(m) for m in hurried] == [repr(m) for m in calm]


def test_a_position_past_the_node_limit_gets_the_play_without_rearranging(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = table_of("K1 K2 K3", "B10 B11 B12", "R4 R5 R6")
    rack = tiles("R7 K4 B9 O8", table)
    view = view_of(rack, table, hand_sizes=(4, 12))
    monkeypatch.setattr(players, "CALL_NODES", 3)
    bot = NormalBot(1)
    move = bot.choose(view)
    assert bot.last_work is not None and bot.last_work.stopped == 1
    assert {t.text for t in placed_by(view, move)} == {"R7", "K4", "B9"}


def test_pass_when_nothing_else_is_left() -> None:
    view = view_of(tiles("K1 K5"), [], pool=0, opened=(False, False))
    assert isinstance(NormalBot(1).choose(view), Pass)


def test_a_table_the_solver_refuses_still_gets_a_legal_play(monkeypatch: pytest.MonkeyPatch) -> None:
    options = Options(ace_after_13=True, turn_rule="draw")  # hard lays what it can
    table = table_of("K1 R1 O1", "B12 B13 B1")
    rack = tiles("O5 O6 O7 K9", table)
    assert best_play(rack, table, True, options=options).count == 3

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise ValueError("refused")

    monkeypatch.setattr("game.ai.tiles.players.best_play", refuse)
    view = view_of(rack, table, options=options)
    for bot in (NormalBot(1), HardBot(1)):
        assert {t.text for t in placed_by(view, bot.choose(view))} == {"O5", "O6", "O7"}
