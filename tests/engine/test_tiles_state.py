"""The tile game's state: deal and first player, the turn rules, timeouts, empty pool, blocked
and stalemate rounds, scores and "Rummy", rounds, views, saves and replays."""

from __future__ import annotations

import json

import pytest

from game.ai.tiles.random_bot import RandomBot
from game.engine.base import NextRound
from game.engine.errors import IllegalMove, SaveError
from game.engine.events import PublicEvent
from game.engine.notation import parse_ident, parse_one
from game.engine.pieces import Tile, make_tiles
from game.engine.tiles import (
    CODEC,
    STALEMATE_CIRCUITS,
    Discard,
    Draw,
    Exchange,
    Options,
    Pass,
    Play,
    TilesState,
    Timeout,
    new_game,
    rack_penalty,
)


def tiles(text: str) -> list[Tile]:
    return [parse_ident(w) if "#" in w else parse_one(w) for w in text.split()]


def position(
    racks: list[str],
    table: tuple[str, ...] = (),
    *,
    options: Options | None = None,
    current: int = 0,
    opened: list[bool] | None = None,
    pool_top: str = "",
    pool_size: int | None = None,
) -> TilesState:
    """A game at the start of ``current``'s turn with these racks and table, loaded through
    the public save format. The other tiles form the pool (``pool_top`` drawn first). With
    ``pool_size``, only that many stay in the pool and the rest go to the last rack."""
    options = options or Options()
    players = len(racks)
    data = new_game(players, options, seed=0).to_json()
    rack_tiles = [tiles(r) for r in racks]
    table_tiles = [tiles(c) for c in table]
    top = tiles(pool_top)
    used = {t.ident for group in [*rack_tiles, *table_tiles, top] for t in group}
    rest = [t for t in make_tiles(options.star_count) if t.ident not in used]
    if pool_size is not None:
        keep = pool_size - len(top)
        rack_tiles[-1] += rest[keep:]
        rest = rest[:keep]
    pool = rest + top[::-1]
    opened = opened or [False] * players
    draws_first = options.turn_rule in ("draw_discard", "draw_exchange")
    data.update(
        racks=[[t.ident for t in r] for r in rack_tiles],
        table=[[t.ident for t in c] for c in table_tiles],
        pool=[t.ident for t in pool],
        opened=opened,
        current=current,
        starter=current,
        phase="draw" if draws_first and pool else "play",
        turn={
            "table": [[t.ident for t in c] for c in table_tiles],
            "rack": [t.ident for t in rack_tiles[current]],
            "opened": opened[current],
            "drawn": [],
            "played": False,
        },
    )
    return TilesState.from_json(data)


def idents(pieces) -> list[str]:
    return [t.ident for t in pieces]


def illegal(state: TilesState, move) -> IllegalMove:
    before = state.to_json()
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert state.to_json() == before
    return info.value


RUMMY_RACK = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 K11 B11 O11 *"
OTHER_RACK = "K1 K2 K3 K4 K5 B6 B7 B8 B9 O1 O2 O3 O4 O5"


# --------------------------------------------------------------------------------------------
# Deal and first player


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_new_game_deals_14_tiles_each_and_the_rest_to_the_pool(players):
    state = new_game(players, seed=players)
    assert [len(state.hand(p)) for p in range(state.num_players)] == [14] * players
    assert len(state.pool) == 106 - 14 * players
    assert state.table == [] and state.phase == "play" and state.round_number == 1
    assert state.current_player == state.starter
    state.audit()


def test_without_stars_the_set_has_104_tiles():
    state = new_game(2, Options(stars=False), seed=1)
    everything = [t for p in range(state.num_players) for t in state.hand(p)] + state.pool
    assert len(everything) == 104
    assert not any(t.is_star for t in everything)


@pytest.mark.parametrize("players", [2, 3, 4, 1.5, 5, 1])
def test_player_counts(players):
    if players in (2, 3, 4):
        assert new_game(players).num_players == players
    else:
        with pytest.raises((ValueError, TypeError)):
            new_game(players)


def test_the_lowest_draw_starts_and_ties_draw_again():
    seen_tie = seen_star = False
    for seed in range(300):
        state = new_game(4, seed=seed)
        contenders = set(range(4))
        for drawn_pass in state.start_draw:
            assert {d["seat"] for d in drawn_pass} == contenders
            counted = {d["seat"]: parse_one(d["tiles"][-1]).number for d in drawn_pass}
            for d in drawn_pass:
                assert all(face == "*" for face in d["tiles"][:-1])
                seen_star |= len(d["tiles"]) > 1
            lowest = min(counted.values())
            contenders = {s for s, n in counted.items() if n == lowest}
        seen_tie |= len(state.start_draw) > 1
        assert contenders == {state.starter}
        assert state.log[0] == PublicEvent(0, None, "deal", detail=(("round", 1), ("starter", state.starter)))
    assert seen_tie and seen_star


def test_the_first_player_moves_one_seat_left_each_round():
    state = new_game(3, Options(rounds=3), seed=5)
    starters = [state.starter]
    while not state.is_over:
        if state.phase == "round_over":
            state.apply(NextRound())
            starters.append(state.starter)
        else:
            state.apply(Timeout())  # nobody lays anything: the round ends in stalemate
    assert starters == [starters[0], (starters[0] + 1) % 3, (starters[0] + 2) % 3]


# --------------------------------------------------------------------------------------------
# Turn rules


def test_exchange_rule_puts_a_tile_unseen_into_the_pool_and_takes_one():
    state = position(["R1 R2 R3 K9", "B1 B2 B3"], pool_top="O7")
    pool_size = len(state.pool)
    events = state.apply(Exchange(tiles("K9")[0]))
    assert idents(state.hand(0)) == ["R1#0", "R2#0", "R3#0", "O7#0"]
    assert len(state.pool) == pool_size and "K9#0" in idents(state.pool)
    assert state.current_player == 1
    assert state.log[-1] == PublicEvent(
        len(state.log) - 1, 0, "exchange", source="rack", target="pool", count=1
    )
    assert events[0].kind == "exchange"
    assert illegal(state, Exchange(tiles("R1")[0])).code == "tile_not_in_rack"
    assert illegal(state, Draw()).code == "no_draw_in_turn_rule"
    assert illegal(state, Pass()).code == "pool_not_empty"
    assert illegal(state, Discard(tiles("B1")[0])).code == "no_discard_in_turn_rule"
    assert illegal(state, NextRound()).code == "round_not_over"


def test_the_exchange_rule_also_allows_exchanges_after_opening():
    state = position(["R1 R2 R3 K9", "B1 B2 B3"], opened=[True, False])
    assert Exchange(tiles("K9")[0]) in state.legal_moves()
    state.apply(Exchange(tiles("K9")[0]))


def test_draw_rule():
    state = position(["R1 R2 R3 K9", "B1 B2 B3"], options=Options(turn_rule="draw"), pool_top="O7")
    assert state.legal_moves() == [Draw()]
    state.apply(Draw())
    assert idents(state.hand(0))[-1] == "O7#0" and state.current_player == 1
    assert state.log[-1] == PublicEvent(len(state.log) - 1, 0, "draw", source="pool", target="rack", count=1)
    assert illegal(state, Exchange(tiles("B1")[0])).code == "no_exchange_in_turn_rule"
    assert illegal(state, Pass()).code == "pool_not_empty"


def test_draw_then_discard_rule():
    rules = Options(turn_rule="draw_discard")
    state = position(["R10 R11 R12 R13 K9 K2", "B1 B2 B3"], options=rules, pool_top="O7")
    assert state.phase == "draw" and state.legal_moves() == [Draw()]
    assert illegal(state, Play([tiles("R10 R11 R12")])).code == "must_draw_first"
    assert illegal(state, Discard(tiles("K9")[0])).code == "must_draw_first"
    state.apply(Draw())
    assert state.phase == "play" and state.current_player == 0
    assert illegal(state, Draw()).code == "already_drawn"
    assert illegal(state, Pass()).code == "must_discard"
    state.apply(Play([tiles("R10 R11 R12 R13")]))
    assert state.phase == "discard"
    assert state.legal_moves() == [Discard(t) for t in state.hand(0)]
    assert illegal(state, Play([tiles("R10 R11 R12 R13")])).code == "must_discard"
    state.apply(Discard(tiles("O7")[0]))
    assert idents(state.hand(0)) == ["K9#0", "K2#0"]
    assert state.current_player == 1 and state.phase == "draw"
    assert state.log[-1] == PublicEvent(
        len(state.log) - 1, 0, "discard", source="rack", target="pool", count=1
    )


def test_draw_then_discard_without_playing_and_going_out_by_a_play():
    rules = Options(turn_rule="draw_discard")
    state = position(["R10 R11 R12 K5", "B1 B2 B3"], options=rules, pool_top="O7", opened=[True, False])
    state.apply(Draw())
    state.apply(Discard(tiles("K5")[0]))
    assert idents(state.hand(0)) == ["R10#0", "R11#0", "R12#0", "O7#0"]
    state = position(["R10 R11 R12", "B1 B2 B3"], options=rules, pool_top="R13", opened=[True, False])
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12 R13")]))
    assert state.sheet[-1]["winner"] == 0 and state.phase == "round_over"


def test_draw_exchange_rule():
    rules = Options(turn_rule="draw_exchange")
    state = position(["R10 R11 R12 R13 K9", "B1 B2 B3"], options=rules, pool_top="O7 O8")
    state.apply(Draw())
    assert Exchange(tiles("K9")[0]) in state.legal_moves() and Pass() in state.legal_moves()
    assert illegal(state, Draw()).code == "already_drawn"
    state.apply(Exchange(tiles("K9")[0]))
    assert idents(state.hand(0))[-2:] == ["O7#0", "O8#0"] and state.current_player == 1
    state = position(["R10 R11 R12 R13 K9", "B1 B2 B3"], options=rules, opened=[True, False])
    state.apply(Draw())
    assert not any(isinstance(m, Exchange) for m in state.legal_moves())
    assert illegal(state, Exchange(tiles("K9")[0])).code == "exchange_after_opening"
    state.apply(Pass())
    assert state.current_player == 1 and len(state.hand(0)) == 6


def test_a_play_ends_the_turn_and_opens():
    state = position(["R10 R11 R12 K2", "B1 B2 B3"])
    assert state.can_play_now
    events = state.apply(Play([tiles("R10 R11 R12")]))
    assert state.opened == [True, False] and state.current_player == 1
    assert state.table == [tuple(tiles("R10 R11 R12"))]
    assert events[0].data["placed"] == ("R10", "R11", "R12") and events[0].data["opening"] is True
    assert illegal(state, Play([tiles("R10 R11 R12"), tiles("B1 B2 B3")])).code == "opening_too_low"
    assert illegal(state, Play([tiles("R10 R11 R12")])).code == "nothing_placed"


# --------------------------------------------------------------------------------------------
# Timeouts


def test_timeout_under_the_exchange_rule_simply_ends_the_turn():
    state = position(["R1 R2 R3 K9", "B1 B2 B3"])
    before = idents(state.hand(0)), len(state.pool)
    state.apply(Timeout())
    assert (idents(state.hand(0)), len(state.pool)) == before and state.current_player == 1
    state.apply(Timeout(invalid_table=True))
    assert state.log[-1].get("invalid_table") is True


@pytest.mark.parametrize(("penalty", "pool_size", "drawn"), [(1, 50, 1), (3, 50, 3), (3, 2, 2), (1, 0, 0)])
def test_timeout_under_the_draw_rule_draws_the_penalty(penalty, pool_size, drawn):
    rules = Options(turn_rule="draw", timeout_penalty=penalty)
    state = position(["R1 R2 R3 K9", "B1 B2 B3"], options=rules, pool_size=pool_size)
    state.apply(Timeout())
    assert len(state.hand(0)) == 4 + drawn and len(state.pool) == pool_size - drawn
    assert state.log[-1].get("drawn") == drawn == state.log[-1].count


def test_timeout_under_draw_then_discard_undoes_the_turn_and_returns_the_drawn_tile():
    rules = Options(turn_rule="draw_discard")
    state = position(["R10 R11 R12 K9 K2", "B1 B2 B3"], options=rules, pool_top="O7")
    table, rack, pool = list(state.table), idents(state.hand(0)), len(state.pool)
    state.apply(Draw())
    state.apply(Play([tiles("R10 R11 R12")]))
    state.apply(Timeout())
    assert state.table == table and idents(state.hand(0)) == rack and len(state.pool) == pool
    assert "O7#0" in idents(state.pool) and state.opened == [False, False]
    assert state.log[-1].get("undid_play") is True and state.log[-1].get("returned") == 1


@pytest.mark.parametrize(("penalty", "extra"), [(1, 1), (3, 3)])
def test_timeout_under_draw_exchange_keeps_the_draw_as_the_first_penalty_tile(penalty, extra):
    rules = Options(turn_rule="draw_exchange", timeout_penalty=penalty)
    state = position(["R10 R11 R12 K9", "B1 B2 B3"], options=rules)
    state.apply(Draw())
    state.apply(Timeout())
    assert len(state.hand(0)) == 4 + extra and state.current_player == 1


def test_timeout_before_the_draw_of_draw_exchange_draws_the_penalty():
    rules = Options(turn_rule="draw_exchange", timeout_penalty=3)
    state = position(["R10 R11 R12 K9", "B1 B2 B3"], options=rules)
    state.apply(Timeout())
    assert len(state.hand(0)) == 7


# --------------------------------------------------------------------------------------------
# Empty pool, blocked rounds, stalemate


def test_with_an_empty_pool_players_pass_and_a_round_of_passes_blocks_the_round():
    rules = Options(turn_rule="draw")
    state = position(["R1 R2 K9", "B1 B2 B3"], options=rules, pool_size=1)
    state.apply(Draw())
    assert state.pool == [] and state.legal_moves() == [Pass()]
    assert illegal(state, Draw()).code == "pool_empty"
    state.apply(Pass())
    assert state.phase == "play"
    state.apply(Pass())
    assert state.phase == "round_over"
    row = state.sheet[-1]
    assert row["end"] == "blocked" and row["winner"] is None
    assert list(row["scores"]) == [-rack_penalty(state.hand(p)) for p in range(state.num_players)]
    assert state.totals == list(row["scores"])


def test_the_blocked_count_restarts_after_a_play():
    rules = Options(turn_rule="draw")
    state = position(["R1 R2 R3 K9", "B1 B2 B3 O4"], options=rules, pool_size=0, opened=[True, True])
    state.apply(Pass())
    state.apply(Play([tiles("B1 B2 B3")]))
    state.apply(Pass())
    assert state.phase == "play"
    state.apply(Pass())
    assert state.phase == "round_over" and state.sheet[-1]["end"] == "blocked"


def test_empty_pool_under_the_draw_first_rules():
    for rule in ("draw_discard", "draw_exchange"):
        state = position(["R1 R2 K9", "B1 B2 B3"], options=Options(turn_rule=rule), pool_size=0)
        assert state.phase == "play" and state.legal_moves() == [Pass()]
        assert illegal(state, Draw()).code == "pool_empty"
        if rule == "draw_discard":
            assert illegal(state, Discard(tiles("K9")[0])).code == "discard_without_draw"
        else:
            assert illegal(state, Exchange(tiles("K9")[0])).code == "pool_empty"
        state.apply(Pass())
        state.apply(Pass())
        assert state.sheet[-1]["end"] == "blocked"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twenty_circuits_without_a_tile_laid_end_the_round_in_stalemate(players):
    """RULES.md: "when twenty full circuits of turns go by with no tile laid by anyone, the
    round ends as if blocked"."""
    assert STALEMATE_CIRCUITS == 20
    state = new_game(players, seed=11)
    for _ in range(20 * players - 1):
        state.apply(state.legal_moves()[0])
        assert state.phase == "play"
    state.apply(state.legal_moves()[0])
    assert state.phase == "round_over"
    row = state.sheet[-1]
    assert row["end"] == "stalemate" and list(row["scores"]) == [
        -rack_penalty(state.hand(p)) for p in range(state.num_players)
    ]


def test_a_play_restarts_the_stalemate_count():
    state = position(["R1 R2 R3 K9", "B1 B2 B3 O4"], opened=[True, True])

    def exchange_last_tile():
        state.apply(Exchange(state.hand(state.current_player)[-1]))

    last = 2 * STALEMATE_CIRCUITS - 1
    for _ in range(last):
        exchange_last_tile()
    assert state.current_player == 1 and state.quiet_turns == last
    state.apply(Play([tiles("B1 B2 B3")]))
    assert state.quiet_turns == 0
    for _ in range(39):
        exchange_last_tile()
    assert state.phase == "play"
    exchange_last_tile()
    assert state.sheet[-1]["end"] == "stalemate"


# --------------------------------------------------------------------------------------------
# Going out, scores, rounds


def test_going_out_scores_the_others_racks():
    state = position(["R1 R2 R3", OTHER_RACK], table=("K10 K11 K12",), opened=[True, False])
    state.apply(Play([tiles("K10 K11 K12"), tiles("R1 R2 R3")]))
    row = state.sheet[-1]
    penalty = rack_penalty(tiles(OTHER_RACK))
    assert (row["winner"], row["end"], row["rummy"]) == (0, "out", False)
    assert list(row["scores"]) == [penalty, -penalty]
    assert state.phase == "round_over" and state.current_player == 1
    assert state.legal_moves() == [NextRound()]
    assert illegal(state, Draw()).code == "round_is_over"


def test_rummy_going_out_in_one_turn_doubles_the_winners_plus():
    state = position([RUMMY_RACK, OTHER_RACK])
    state.apply(Play([tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"), tiles("K11 B11 O11 *")]))
    row = state.sheet[-1]
    penalty = rack_penalty(tiles(OTHER_RACK))
    assert row["rummy"] is True and list(row["scores"]) == [2 * penalty, -penalty]
    assert state.log[-1].kind == "round_over" and state.log[-1].get("rummy") is True


def test_rummy_with_more_seats_doubles_only_the_winner():
    state = position([RUMMY_RACK, OTHER_RACK, "B12 B13 O12"], current=0)
    state.apply(Play([tiles("R1 R2 R3 R4 R5 R6 R7 R8 R9 R10"), tiles("K11 B11 O11 *")]))
    a, b = rack_penalty(tiles(OTHER_RACK)), rack_penalty(state.hand(2))
    assert list(state.sheet[-1]["scores"]) == [2 * (a + b), -a, -b]


def test_a_star_left_on_a_rack_costs_25():
    state = position(["R1 R2 R3", "B1 *"], opened=[True, False])
    state.apply(Play([tiles("R1 R2 R3")]))
    assert list(state.sheet[-1]["scores"]) == [26, -26]


def test_the_game_ends_after_the_last_round_and_ties_share_the_win():
    state = new_game(2, Options(rounds=2), seed=3)
    while not state.is_over:
        state.apply(state.legal_moves()[0] if state.phase != "round_over" else NextRound())
    assert state.phase == "game_over" and state.current_player is None
    assert len(state.sheet) == 2 and [r["round"] for r in state.sheet] == [1, 2]
    best = max(state.totals)
    assert state.winners == [s for s, t in enumerate(state.totals) if t == best]
    assert state.legal_moves() == []
    assert illegal(state, NextRound()).code == "game_is_over"
    tied = position(["R1 R2 R3", "B1 B2 B3"], options=Options(rounds=1), opened=[True, True])
    tied.apply(Play([tiles("R1 R2 R3")]))
    assert tied.winners == [0]
    data = tied.to_json()
    data["sheet"][0]["scores"] = [0, 0]
    data["totals"] = [0, 0]
    data["winners"] = [0, 1]
    assert TilesState.from_json(data).winners == [0, 1]


def test_next_round_deals_again_and_keeps_the_sheet():
    state = position(["R1 R2 R3", OTHER_RACK], opened=[True, False])
    state.apply(Play([tiles("R1 R2 R3")]))
    state.apply(NextRound())
    assert state.round_number == 2 and state.starter == 1 and state.current_player == 1
    assert [len(state.hand(p)) for p in range(state.num_players)] == [14, 14] and state.table == []
    assert state.opened == [False, False] and len(state.sheet) == 1
    assert state.log == [PublicEvent(0, None, "deal", detail=(("round", 2), ("starter", 1)))]
    state.audit()


# --------------------------------------------------------------------------------------------
# Views


def _tiles_in(value, found):
    if isinstance(value, Tile):
        found.append(value)
    elif isinstance(value, (tuple, list)):
        for v in value:
            _tiles_in(v, found)
    elif hasattr(value, "items"):
        for v in value.values():
            _tiles_in(v, found)
    return found


def test_a_view_shows_its_own_rack_and_never_another_rack_or_the_pool():
    state = new_game(3, seed=8)
    bots = [RandomBot(seed=s) for s in range(3)]
    for _ in range(60):
        if state.is_over:
            break
        for seat in range(3):
            view = state.view(seat)
            assert idents(view.hand) == idents(state.hand(seat))
            visible = {t.ident for t in view.hand} | {t.ident for c in view.table for t in c}
            visible |= {t.ident for c in view.turn_table for t in c}
            assert {t.ident for t in _tiles_in(list(vars(view).values()), [])} <= visible
            hidden = {t.ident for s in range(3) if s != seat for t in state.hand(s)}
            assert not hidden & visible
            assert view.hand_sizes == tuple(
                len(state.hand(p)) for p in range(state.num_players)
            ) and view.pool_size == len(state.pool)
            text = repr(view)
            assert all(t.ident not in text for t in state.pool)
            if seat == state.current_player:
                assert view.legal_moves() == state.legal_moves()
                assert view.can_play_now == state.can_play_now
            else:
                assert view.legal_moves() == [] and not view.can_play_now
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))


def test_the_log_tells_plays_but_not_exchanged_or_drawn_tiles():
    state = position(["R10 R11 R12 K2", "B1 B2 B3 O9"])
    state.apply(Play([tiles("R10 R11 R12")]))
    state.apply(Exchange(tiles("O9")[0]))
    view = state.view(0)
    play, exchange = view.log[-2:]
    assert (play.kind, play.seat, play.pieces, play.get("opening")) == (
        "play",
        0,
        ("R10", "R11", "R12"),
        True,
    )
    assert (exchange.kind, exchange.seat, exchange.pieces) == ("exchange", 1, ())
    assert view.opened == (True, False) and view.opening_min == 30


def test_a_view_checks_a_proposed_play_from_its_seat():
    state = position(["R10 R11 R12 O7", "B1 B2 B3 O9"], table=("O4 O5 O6",))
    view = state.view(0)
    assert view.why_not(Play([tiles("O4 O5 O6"), tiles("R10 R11 R12")])) is None
    assert view.why_not(Play([tiles("O4 O5 O6 O7")])).code == "opening_uses_table"
    assert state.view(1).why_not(Play([tiles("O4 O5 O6"), tiles("B1 B2 B3")])).code == "not_your_turn"


# --------------------------------------------------------------------------------------------
# Saves, replays, moves as JSON


def play_some(state: TilesState, moves: int, seed: int) -> list:
    bots = [RandomBot(seed=seed + s) for s in range(state.num_players)]
    played = []
    for _ in range(moves):
        if state.is_over:
            break
        move = bots[state.current_player].choose(state.view(state.current_player))
        state.apply(move)
        played.append(move)
    return played


def test_save_round_trip_at_every_phase():
    rules = Options(turn_rule="draw_discard", rounds=2)
    state = new_game(3, rules, seed=21)
    phases = set()
    for _ in range(4000):
        data = json.loads(json.dumps(state.to_json()))
        assert TilesState.from_json(data).to_json() == state.to_json()
        phases.add(state.phase)
        if state.is_over:
            break
        play_some(state, 1, seed=len(phases))
    assert phases == {"draw", "play", "discard", "round_over", "game_over"}


def test_a_loaded_game_continues_like_the_original():
    state = new_game(2, seed=4)
    play_some(state, 40, seed=1)
    copy = TilesState.from_json(json.loads(json.dumps(state.to_json())))
    moves = play_some(state, 150, seed=2)
    for move in moves:
        copy.apply(move)
    assert copy.to_json() == state.to_json()


def test_a_seed_and_the_moves_replay_the_game():
    rules = Options(turn_rule="draw", rounds=2)
    state = new_game(3, rules, seed=9)
    moves = play_some(state, 600, seed=5)
    replay = new_game(3, rules, seed=9)
    for move in moves:
        replay.apply(CODEC.decode(json.loads(json.dumps(CODEC.encode(move)))))
    assert replay.to_json() == state.to_json()
    assert new_game(3, rules, seed=10).to_json()["racks"] != new_game(3, rules, seed=9).to_json()["racks"]


def test_moves_round_trip_through_json():
    moves = [
        Play([tiles("R1 R2 R3"), tiles("K5 B5 *#1")]),
        Draw(),
        Exchange(tiles("O7#1")[0]),
        Discard(tiles("*")[0]),
        Pass(),
        Timeout(),
        Timeout(invalid_table=True),
        NextRound(),
    ]
    for move in moves:
        back = CODEC.decode(json.loads(json.dumps(CODEC.encode(move))))
        assert back == move and type(back) is type(move)
    play = CODEC.decode(CODEC.encode(moves[0]))
    assert [t.ident for c in play.table for t in c] == ["R1#0", "R2#0", "R3#0", "K5#0", "B5#0", "*#1"]
    with pytest.raises(SaveError):
        CODEC.decode({"kind": "exchange", "tile": "5H#0"})


def _broken(mutate) -> SaveError:
    data = json.loads(json.dumps(position(["R1 R2 R3 K9", "B1 B2 B3"], table=("O4 O5 O6",)).to_json()))
    mutate(data)
    with pytest.raises(SaveError) as info:
        TilesState.from_json(data)
    return info.value


@pytest.mark.parametrize(
    ("mutate", "code"),
    [
        (lambda d: d.update(game="rum500"), "wrong_game"),
        (lambda d: d.update(version=99), "bad_version"),
        (lambda d: d.update(extra=1), "unknown_field"),
        (lambda d: d.pop("pool"), "missing_field"),
        (lambda d: d["racks"][1].append("R1#0"), "inconsistent"),
        (lambda d: d["pool"].pop(), "inconsistent"),
        (lambda d: d["racks"][0].append("5H#0"), "bad_piece"),
        (lambda d: d["options"].update(turn_rule="steal"), "bad_options"),
        (lambda d: d.update(phase="bidding"), "bad_field"),
        (lambda d: d["table"][0].reverse(), "inconsistent"),
        (lambda d: d["turn"]["rack"].pop(), "inconsistent"),
        (lambda d: d.update(totals=[5, 0]), "inconsistent"),
        (lambda d: d.update(current=7), "bad_field"),
        (lambda d: d.update(rng=[1, 2]), "bad_rng"),
        (lambda d: d.update(start_draw=[[{"seat": 9, "tiles": ["R1"]}]]), "bad_field"),
    ],
)
def test_bad_saves_are_rejected(mutate, code):
    assert _broken(mutate).code == code


def test_unknown_moves_are_rejected():
    state = new_game(2)
    assert illegal(state, "draw").code == "unknown_move"


ALL_CHANGED = Options(
    stars=False,
    opening_min=50,
    continue_after_opening=True,
    ace_after_13=True,
    runs_only=True,
    mixed_colour_runs=True,
    turn_rule="draw_exchange",
    timer=120,
    timeout_penalty=3,
    rounds=7,
)


def test_every_option_is_stored_in_the_save_and_shown_in_views():
    state = new_game(3, ALL_CHANGED, seed=2)
    data = json.loads(json.dumps(state.to_json()))
    assert data["options"]["timer"] == 120 and data["options"]["turn_rule"] == "draw_exchange"
    loaded = TilesState.from_json(data)
    assert loaded.options == ALL_CHANGED and loaded.view(1).options == ALL_CHANGED
    data["options"]["groups_only"] = True  # with runs_only: contradictory
    with pytest.raises(SaveError):
        TilesState.from_json(data)


def test_the_state_applies_the_rule_options():
    forty = Options(opening_min=40)
    state = position(["R10 R11 R12 K2", "B1 B2 B3"], options=forty)
    error = illegal(state, Play([tiles("R10 R11 R12")]))
    assert error.params == {"points": 33, "minimum": 40}
    state = position(["R10 B11 O12 K2", "B1 B2 B3"], options=Options(mixed_colour_runs=True))
    state.apply(Play([tiles("R10 B11 O12")]))
    state = position(["K11 K12 K13 K1 B2", "B1 B2#1 B3"], options=Options(ace_after_13=True))
    state.apply(Play([tiles("K11 K12 K13 K1")]))
    assert state.opened == [True, False]
    state = position(["K7 R7 B7 O7 R1", "B1 B2 B3"], options=Options(runs_only=True))
    assert illegal(state, Play([tiles("K7 R7 B7 O7")])).params["reason"] == "groups_not_allowed"
