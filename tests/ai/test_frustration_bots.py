"""The Frustration bots: every level plays only legal moves over many games, and the decisions
the levels are built on hold in concrete positions."""

from __future__ import annotations

import argparse
from typing import ClassVar

import pytest

from game.ai.frustration import hard as hard_module
from game.ai.frustration.bots import EasyBot, HardBot, NormalBot
from game.ai.frustration.knowledge import read
from game.ai.frustration.tableplay import play_out
from game.ai.registry import available_levels, make_bot
from game.engine.frustration import (
    Discard,
    DrawDiscard,
    DrawStock,
    ExtraMeld,
    LayDown,
    LayOff,
    Options,
    TakeBackWild,
    is_wild,
)
from game.sim.frustration import GAME
from game.sim.runner import run
from tests.engine.test_frustration_support import build, card_in


class QuickHard(HardBot):
    """The hard level with little work per decision, for fast tests."""

    next_hands: ClassVar[int] = 8
    deals: ClassVar[int] = 4


def sim_args(
    players: list[str], games: int, final: int, seed: int = 3, **options: object
) -> argparse.Namespace:
    values = {
        "players": players,
        "games": games,
        "seed": seed,
        "seat_range": None,
        "turn_cap": 0,
        "decks": None,
        "final_contract": final,
        "final_contract_wins": False,
        "everyone_down_ends_round": False,
        "exact_contract_length": False,
        "extra_run_min": 3,
        "wild_takeback": True,
        "scoring": True,
    }
    values.update(options)
    return argparse.Namespace(**values)


def make(name: str, seed: int):
    if name == "quick_hard":
        return QuickHard(seed)
    return make_bot("frustration", name, seed)


def test_every_level_is_registered():
    assert available_levels("frustration") == ["random", "easy", "normal", "hard"]
    assert isinstance(make_bot("frustration", "hard", 1), HardBot)


@pytest.mark.parametrize(
    ("players", "games", "final", "options"),
    [
        (["easy", "random"], 24, 3, {}),
        (["normal", "easy"], 24, 3, {}),
        (["normal", "normal", "easy"], 6, 5, {"exact_contract_length": True, "extra_run_min": 4}),
        pytest.param(["quick_hard", "normal"], 24, 3, {}, marks=pytest.mark.slow),  # 24 whole games
        (["quick_hard", "easy", "normal", "random"], 2, 4, {"wild_takeback": False}),
    ],
)
def test_bots_play_only_legal_moves(players, games, final, options):
    report = run(GAME, sim_args(players, games, final, **options), make)
    assert report.violations == []
    total = sum(k.finished for k in report.kinds.values())
    assert total == games
    assert sum(report.bots[name].wins for name in set(players)) == pytest.approx(games)


@pytest.mark.slow  # measures strength
def test_normal_beats_random_and_uses_every_kind_of_move():
    seen: set[str] = set()

    class Watching(NormalBot):
        def choose(self, view):
            move = super().choose(view)
            seen.add(type(move).__name__)
            return move

    report = run(
        GAME,
        sim_args(["normal", "random"], 12, 3, seed=5),
        lambda n, s: Watching(s) if n == "normal" else make(n, s),
    )
    assert report.violations == []
    assert report.bots["normal"].wins >= 10
    assert {"DrawStock", "DrawDiscard", "LayDown", "LayOff", "ExtraMeld", "Discard"} <= seen


# --------------------------------------------------------------------------------------------
# Decisions in concrete positions (seat 0 to play; hands of 13 in the draw phase)


def test_lays_down_as_soon_as_it_can():
    state = build(2, hands=["5H 5S 5D 9C 9S 9D KD KS KH 3C 7D JH QS 4C"], phase="play")
    move = NormalBot(1).choose(state.view(0))
    assert isinstance(move, LayDown)
    assert state.why_not(move) is None


def test_takes_the_discard_that_completes_the_contract():
    state = build(2, hands=["5H 5S 5D 9C 9S 9D KD KS 3C 7D JH QS 4C"], discard="KH", phase="draw")
    for bot in (NormalBot(1), HardBot(1)):
        assert isinstance(bot.choose(state.view(0)), DrawDiscard)


def test_draws_blind_rather_than_take_a_useless_discard():
    state = build(2, hands=["5H 5S 5D 9C 9S 9D KD KS 3C 7D JH QS 4C"], discard="8H", phase="draw")
    assert isinstance(NormalBot(1).choose(state.view(0)), DrawStock)


def test_easy_sometimes_misses_a_helpful_discard():
    state = build(2, hands=["5H 5S 5D 9C 9S 9D KD KS 3C 7D JH QS 4C"], discard="KH", phase="draw")
    choices = {type(EasyBot(seed).choose(state.view(0))) for seed in range(20)}
    assert choices == {DrawDiscard, DrawStock}


def test_never_throws_a_wild_when_a_useless_card_can_go():
    state = build(2, hands=["5H 5S JK 9C 9S 2D KD KS 3C 7D JH QS 4C 8D"], phase="play", contracts=[2, 1])
    for bot in (NormalBot(2), HardBot(2)):
        move = bot.choose(state.view(0))
        assert isinstance(move, Discard)
        assert not is_wild(move.card)


def test_keeps_the_cards_that_build_the_contract():
    # contract 1, two cards short: the 5s, 9s and kings stay; a loose card goes
    state = build(2, hands=["5H 5S 9C 9S KD KS 3C 7D JH QS 4C 8D 10H 6S"], phase="play")
    move = NormalBot(3).choose(state.view(0))
    assert isinstance(move, Discard)
    assert move.card.rank not in (5, 9, 13)


def test_once_down_plays_everything_and_goes_out():
    state = build(
        2,
        hands=["7H JK 4C"],
        table=[(0, "8H 9H 10H"), (0, "4S 4D 4H"), (0, "QS QD QH")],
        phase="play",
    )
    bot = NormalBot(1)
    moves = []
    while state.phase == "play" and state.current_player == 0:
        move = bot.choose(state.view(0))
        state.apply(move)
        moves.append(move)
    assert isinstance(moves[-1], Discard)
    assert state.phase in ("round_over", "game_over")  # seat 0 went out
    assert any(isinstance(m, LayOff) and m.card.text == "7H" for m in moves)


def test_a_wild_bridges_to_a_card_in_hand():
    state = build(2, hands=["10H JK 3C"], table=[(0, "5H 6H 7H 8H")], phase="play")
    plan = play_out(state.hand(0), state.table, 0, state.options)
    assert [c.text for c in plan.hand] == ["3C"]
    assert len(plan.moves) == 2


def test_takes_back_a_wild_to_play_a_card_that_fits_nowhere_else():
    state = build(2, hands=["6H 9S 3C", "KC 4D"], table=[(1, "5H JK 7H"), (0, "9D 9H 9C")], phase="play")
    plan = play_out(state.hand(0), state.table, 0, state.options)
    assert any(isinstance(m, TakeBackWild) and m.card.text == "6H" for m in plan.moves)
    for move in plan.moves:
        state.apply(move)  # legal in order
    assert [c.text for c in state.hand(0)] == ["3C"]


def test_lays_extra_melds_from_the_hand():
    state = build(2, hands=["3H 4H 5H 9S 9D 2C KC"], table=[(0, "QS QD QH")], phase="play")
    plan = play_out(state.hand(0), state.table, 0, state.options)
    assert sum(isinstance(m, ExtraMeld) for m in plan.moves) == 2
    assert plan.left == 1


def test_easy_does_not_take_back_wilds():
    state = build(2, hands=["6H 9S 3C", "KC 4D"], table=[(1, "5H JK 7H"), (0, "9D 9H 9C")], phase="play")
    move = EasyBot(1).choose(state.view(0))
    assert not isinstance(move, TakeBackWild)


def test_does_not_feed_the_next_player_a_lay_off():
    # seat 1 is down with a run of hearts 5-8; seat 0 has the contract-neutral choice of
    # discarding the 9H (which seat 1 could lay off) or the 3C
    state = build(
        2,
        hands=["5S 5D 9C 9S KD KS 9H 3C JD QC 7S 4D 10S 6C", "KC 4H"],
        table=[(1, "5H 6H 7H 8H"), (1, "AS AD AC")],
        phase="play",
        contracts=[1, 2],
    )
    for bot in (NormalBot(4), HardBot(4)):
        move = bot.choose(state.view(0))
        assert isinstance(move, Discard)
        assert move.card.text != "9H"


@pytest.mark.parametrize("left", [1, 2])
def test_hard_weighs_heavily_a_discard_that_lets_the_next_player_go_out(left):
    # seat 1 is down with one or two cards: the 9H (or a wild) laid off on its run would let it
    # go out at once, the 3C would not
    state = build(
        2,
        hands=["5S 5D 9C 9S KD KS 9H 3C JD QC 7S 4D 10S JK", "KC" if left == 1 else "KC 4H"],
        table=[(1, "5H 6H 7H 8H"), (1, "AS AD AC")],
        phase="play",
        contracts=[1, 2],
    )
    view = state.view(0)
    cards = {c.text: c for c in view.hand if c.text in ("9H", "3C", "JK")}
    hard = HardBot(4)
    risks = hard.discard_risks(view, read(view), list(cards.values()))
    plain = NormalBot.discard_risks(hard, view, read(view), list(cards.values()))
    for text in ("9H", "JK"):
        assert risks[cards[text].ident] - plain[cards[text].ident] == pytest.approx(HardBot.guard / left)
    assert risks[cards["3C"].ident] == pytest.approx(plain[cards["3C"].ident])


# Contract 14 (a set of 3 and a run of 9) in a hand of 14 after the draw: with the 4C and the
# 9S it cannot go out this turn; with the 10H it lays everything but one card down and goes out.
FINAL_NOT_OUT = "5S 5D 5C 3H 4H 5H 6H 7H 8H 9H 10H JH 4C 9S"
FINAL_OUT = "5S 5D 5C 3H 4H 5H 6H 7H 8H 9H 10H JH QH 9S"


def _final(hand: str, contract: int = 14, **options: object):
    state = build(2, hands=[hand], phase="play", contracts=[contract, 1], options=Options(**options))
    return state.view(0)


def test_hard_keeps_the_final_contract_in_hand_until_it_goes_out():
    view = _final(FINAL_NOT_OUT)
    assert view.can_lay_down()
    assert isinstance(NormalBot(1).choose(view), LayDown)
    for bot in (HardBot(1), QuickHard(1)):
        move = bot.choose(view)
        assert isinstance(move, Discard)
        assert move.card.text in ("4C", "9S")


def test_hard_lays_the_final_contract_down_when_that_goes_out():
    view = _final(FINAL_OUT)
    hard = QuickHard(1)
    move = hard.choose(view)
    assert isinstance(move, LayDown)
    assert not hard.holds_back(view, move.melds)


@pytest.mark.parametrize(
    ("contract", "options", "held"),
    [
        (14, {}, True),
        (7, {}, False),
        (14, {"final_contract_wins": True}, False),
        (7, {"final_contract": 7}, True),
    ],
)
def test_only_the_final_contract_is_held_back_and_only_when_going_out_wins(contract, options, held):
    # on contract 7 (a set of 3 and a run of 7) the same hand holds the contract too; with
    # final_contract_wins, laying the final contract down ends the game with that round
    view = _final(FINAL_NOT_OUT, contract, **options)
    melds = HardBot(1).lay_down(view)
    assert melds is not None
    assert HardBot(1).holds_back(view, melds) is held
    assert NormalBot(1).holds_back(view, melds) is False


def _scripted_playouts(monkeypatch, values):
    """Make ``HardBot.weigh`` read its playout values from ``values`` (one row per dealt game,
    one value per option) instead of playing rounds out."""
    flat = iter(v for row in values for v in row)
    monkeypatch.setattr(hard_module, "deal_hidden", lambda view, know, rng: None)
    monkeypatch.setattr(hard_module, "play_round", lambda state, bots: 1)
    monkeypatch.setattr(hard_module, "round_value", lambda state, seat: next(flat))


@pytest.mark.parametrize(
    ("rows", "chosen"),
    [
        # the same value for every option in every dealt game: the heuristic's choice
        (lambda deals: [(0.5, 0.5, 0.5)] * deals, 0),
        # one dealt game favours the second option, the others are the same for all three
        (lambda deals: [(0.5, 0.7, 0.5)] + [(0.5, 0.5, 0.5)] * (deals - 1), 1),
        # the third option does better in most dealt games, never worse
        (lambda deals: [(0.4, 0.4, 0.6) if d % 4 else (0.5, 0.5, 0.5) for d in range(deals)], 2),
    ],
)
def test_hard_takes_the_option_with_the_best_mean_over_the_dealt_games(monkeypatch, rows, chosen):
    state = build(2, hands=["5H 5S 9C 9S KD KS 3C JD QC 7S 4D 10S JK AH"], phase="play")
    view = state.view(0)
    _scripted_playouts(monkeypatch, rows(HardBot.deals // 3))
    assert HardBot(1).weigh(view, read(view), [(), (), ()]) == chosen


def test_hard_agrees_on_obvious_moves():
    state = build(2, hands=["5H 5S 5D 9C 9S 9D KD KS KH 3C 7D JH QS 4C"], phase="play")
    move = QuickHard(1).choose(state.view(0))
    assert isinstance(move, LayDown)


def test_a_fresh_bot_takes_over_mid_turn():
    state = build(2, hands=["7H JK 4C 9D"], table=[(0, "8H 9H 10H"), (0, "4S 4D 4H")], phase="play")
    first = NormalBot(1).choose(state.view(0))
    state.apply(first)
    second = NormalBot(9).choose(state.view(0))  # knows nothing of the first one's plan
    assert state.why_not(second) is None


def test_a_bot_only_sees_its_view():
    state = build(2, hands=["5H 5S 9C 9S KD KS 3C 7D JH QS 4C 8D 10H 6S"], phase="play")
    view = state.view(0)
    assert not hasattr(view, "stock") and not hasattr(view, "hands")
    card = card_in(state, 0, "5H")
    assert any(c.ident == card.ident for c in view.hand)
    with pytest.raises(ValueError):
        state.view(5)


def test_options_change_nothing_for_the_contract_check():
    state = build(
        2,
        hands=["5H 5S 5D 5C 6C 7C 8C 9C 10C KD QS 3H 4D 7H"],
        phase="play",
        contracts=[2, 1],
        options=Options(exact_contract_length=True),
    )
    move = NormalBot(1).choose(state.view(0))
    assert isinstance(move, LayDown)
    assert state.why_not(move) is None
    assert sorted(len(m) for m in move.melds) == [3, 4]


def test_an_unexpected_refusal_falls_back_on_a_legal_move():
    class Confused(NormalBot):
        def choose_play(self, view):
            return LayOff(view.hand[0], 7, "high")  # no such meld

    state = build(2, hands=["7H JK 4C 9D"], table=[(0, "8H 9H 10H")], phase="play")
    move = Confused(1).choose(state.view(0))
    assert state.why_not(move) is None
    assert isinstance(move, Discard)


# RULES.md section 1, step 3: "the wild taken back must be played on the table in the same
# turn, anywhere a wild may go: a lay-off or an extra meld laid from the hand that turn."

TAKE_BACK_TABLE = [(1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK"), (0, "9S 9D JK 2C")]


def play_turn(state, bot, seat=0):
    """The bot's moves until its turn ends; each is applied (so each must be legal)."""
    moves = []
    while state.phase == "play" and state.current_player == seat:
        move = bot.choose(state.view(seat))
        state.apply(move)
        moves.append(move)
    return moves


@pytest.mark.parametrize("make", [lambda: make_bot("frustration", "random", 1), lambda: EasyBot(1)])
def test_weaker_levels_stay_legal_where_a_wild_can_only_go_to_an_extra_meld(make):
    state = build(2, hands=["AH 7C 7D KC", "KS QS"], table=TAKE_BACK_TABLE)
    moves = play_turn(state, make())
    assert isinstance(moves[-1], Discard)


@pytest.mark.parametrize("bot", [NormalBot(1), QuickHard(1)])
def test_takes_back_a_wild_and_melds_it_from_the_hand(bot):
    """The issue's example: the joker comes back with the AH and goes out in ``7C 7D JK``."""
    state = build(2, hands=["AH 7C 7D KC", "KS QS"], table=TAKE_BACK_TABLE)
    moves = play_turn(state, bot)
    assert [m.kind for m in moves] == ["take_back_wild", "extra_meld", "discard"]
    assert sorted(c.text for c in moves[1].cards) == ["7C", "7D", "JK"]
    assert state.history[-1].went_out == 0


def test_random_bot_places_a_wild_taken_back_where_only_a_meld_takes_it():
    # the finder alone would meld 7C 7D 2S 2D, leaving the joker nowhere to go
    state = build(2, hands=["AH 7C 7D 2S 2D KC", "KS QS"], table=TAKE_BACK_TABLE)
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    moves = play_turn(state, make_bot("frustration", "random", 3))
    assert any(isinstance(m, ExtraMeld) and any(c.text == "JK" for c in m.cards) for m in moves)
    assert isinstance(moves[-1], Discard)


def test_the_fallback_plays_a_wild_taken_back_before_any_discard():
    class Confused(NormalBot):
        def choose_play(self, view):
            return Discard(view.hand[0])  # refused: the joker taken back is still in hand

    state = build(2, hands=["AH 7C 7D KC", "KS QS"], table=TAKE_BACK_TABLE)
    state.apply(TakeBackWild(card_in(state, 0, "AH"), 0, 12))
    move = Confused(1).choose(state.view(0))
    assert isinstance(move, ExtraMeld) and state.why_not(move) is None
