"""The 500 Rum computer players: decisions on built positions, and legal play in whole games."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.registry import available_levels, make_bot
from game.ai.rum500.hard import After, HardBot, reply_cost
from game.ai.rum500.knowledge import read
from game.ai.rum500.planner import best_plan, spot_of
from game.ai.rum500.policy import EasyBot, NormalBot
from game.ai.rum500.random_bot import RandomBot
from game.engine.events import PublicEvent
from game.engine.notation import parse
from game.engine.pieces import Card
from game.engine.rum500 import (
    ClaimRummy,
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Options,
    PassClaim,
    Rum500State,
    TakeDiscard,
    new_game,
)
from game.engine.rum500.positions import arranged


class QuickHardBot(HardBot):
    """The hard player with little work per decision (few dealt games), for fast tests."""

    work = 4


SMART = [NormalBot, HardBot]
ALL = [EasyBot, NormalBot, HardBot]


def card(text: str) -> Card:
    found = parse(text)[0]
    assert isinstance(found, Card)
    return found


def play_turn(state: Rum500State, bot) -> list:
    """Let ``bot`` play the turn of the seat to move; returns the moves."""
    seat = state.current_player
    moves = []
    while state.current_player == seat and state.phase in ("draw", "play"):
        move = bot.choose(state.view(seat))
        state.apply(move)
        moves.append(move)
    return moves


# ---- the spread discard pile ------------------------------------------------------------------


@pytest.mark.parametrize("bot_class", ALL)
def test_a_deep_card_that_completes_a_run_is_taken(bot_class):
    # 7H, second from the bottom, makes 5H 6H 7H; the 4D and 10C above it come along.
    state = arranged(
        ["5H 6H 9S 9D 2C KC QS 8C 4S JD AC 6S 3D", "2S 3H 4H 7D 8D JS QH KH 10D 10H 5S 7S 8S"],
        discard="3S 7H 4D 10C",
    )
    view = state.view(0)
    assert TakeDiscard(1) in view.legal_moves()
    assert bot_class(seed=1).choose(view) == TakeDiscard(1)


@pytest.mark.parametrize("bot_class", SMART)
def test_a_pile_that_only_loads_the_hand_with_high_cards_is_not_taken(bot_class):
    # The bottom 4C makes a set of fours (12 points) but brings 55 points of loose high cards,
    # with the opponent down to three cards.
    state = arranged(["4D 4S 2H 3C 6D 7C 5H 8S", "2S 3H 9D"], discard="4C KS QD JC AH 10S")
    view = state.view(0)
    assert TakeDiscard(0) in view.legal_moves()
    assert bot_class(seed=1).choose(view) == DrawStock()


def test_the_easy_player_grabs_the_pile_for_the_points_it_shows():
    state = arranged(["4D 4S 2H 3C 6D 7C 5H 8S", "2S 3H 9D"], discard="4C KS QD JC AH 10S")
    assert EasyBot(seed=1).choose(state.view(0)) == TakeDiscard(0)


@pytest.mark.parametrize("bot_class", SMART)
def test_a_big_pile_with_melds_in_it_is_taken_deep(bot_class):
    # Taking from the 8D brings 8S (a set of eights) and JC QC KC (a run): far more than a draw.
    state = arranged(["8H 8C 2S 4D 9H 3C 5S", "AS 2H 6C"], discard="3H 8D JC 8S QC KC 4S")
    assert bot_class(seed=1).choose(state.view(0)) == TakeDiscard(1)


# ---- laying down, discarding, going out -------------------------------------------------------


def _meld_and_lay_off(opponent: str) -> Rum500State:
    """Seat 0 can meld 5H 6H 7H and lay JD off on the table's run; ``opponent`` is seat 1's hand."""
    return arranged(["5H 6H 7H JD 2S 3S KC", opponent], stock="QS", table=[("8D 9D 10D", 1)])


@pytest.mark.parametrize("bot_class", [EasyBot, NormalBot])
def test_every_card_that_can_be_laid_is_laid(bot_class):
    state = _meld_and_lay_off("4C 4D 10H 5D 9S 2C")
    play_turn(state, bot_class(seed=1))
    assert len(state.hand(0)) == 3
    assert [c.text for c in state.table[0].cards] == ["8D", "9D", "10D", "JD"]
    assert [c.text for c in state.table[1].cards] == ["5H", "6H", "7H"]


def test_the_hard_player_keeps_its_melds_while_the_opponent_is_far_from_going_out():
    state = _meld_and_lay_off("4C 4D 10H 5D 9S 2C")
    moves = play_turn(state, QuickHardBot(seed=1))
    assert not any(isinstance(m, (Meld, LayOff)) for m in moves)
    assert [[c.text for c in m.cards] for m in state.table] == [["8D", "9D", "10D"]]
    assert {"5H", "6H", "7H", "JD"} <= {c.text for c in state.hand(0)}


def test_the_hard_player_lays_down_when_an_opponent_nears_going_out():
    state = _meld_and_lay_off("4C 4D")
    play_turn(state, QuickHardBot(seed=1))
    assert [c.text for c in state.table[0].cards] == ["8D", "9D", "10D", "JD"]
    assert any([c.text for c in m.cards] == ["5H", "6H", "7H"] for m in state.table)


def test_the_hard_player_stops_keeping_melds_near_the_end_of_the_stock():
    state = _meld_and_lay_off("4C 4D 10H 5D 9S 2C")
    state.apply(DrawStock())
    view = state.view(0)
    assert HardBot(seed=1).keeps_melds(view)
    assert HardBot(seed=1).keeps_melds(replace(view, stock_count=HardBot.keep_while_stock))
    assert not HardBot(seed=1).keeps_melds(replace(view, stock_count=HardBot.keep_while_stock - 1))


def test_the_hard_player_stops_keeping_melds_once_the_pile_was_turned_over_as_a_stock():
    state = _meld_and_lay_off("4C 4D 10H 5D 9S 2C")
    state.apply(DrawStock())
    view = state.view(0)
    assert HardBot(seed=1).keeps_melds(view)
    turned = PublicEvent(len(view.log), 1, "reshuffle", source="discard", target="stock", count=20)
    renewed = replace(view, log=(*view.log, turned))
    assert not HardBot(seed=1).keeps_melds(renewed)


def _opponent_holds_two_kings() -> Rum500State:
    """Seat 1 took 5C with KD KS above it and melded the 5C: everyone saw it keep two kings."""
    state = arranged(["KH 3D 5S 9D 2H", "6C 7C 2D 9H JS QD"], discard="5C KD KS", turn=1, stock="4H")
    state.apply(TakeDiscard(0))
    state.apply(Meld(tuple(parse("5C 6C 7C"))))
    state.apply(Discard(card("2D")))
    state.apply(DrawStock())
    return state


@pytest.mark.parametrize("bot_class", SMART)
def test_the_discard_does_not_feed_a_set_the_opponent_is_known_to_hold(bot_class):
    state = _opponent_holds_two_kings()
    assert bot_class(seed=1).choose(state.view(0)) != Discard(card("KH"))


def test_the_easy_player_throws_its_highest_loose_card_whatever_it_feeds():
    state = _opponent_holds_two_kings()
    assert EasyBot(seed=1).choose(state.view(0)) == Discard(card("KH"))


def _can_go_out(totals: list[int]) -> Rum500State:
    """Seat 0 draws 9S and can then meld 5H 6H 7H and 9S 9D 9C: its whole hand."""
    return arranged(
        ["5H 6H 7H 9C 9D", "2S 3S"],
        stock="9S",
        table=[("JD QD KD AD", 1), ("10S 10H 10C", 1)],
        totals=totals,
    )


@pytest.mark.parametrize("bot_class", ALL)
def test_the_player_goes_out_when_it_pays(bot_class):
    state = _can_go_out([300, 200])
    play_turn(state, bot_class(seed=1))
    assert state.phase == "round_over"
    assert state.history[-1]["went_out"] == 0


@pytest.mark.parametrize("bot_class", SMART)
def test_the_player_holds_on_when_going_out_hands_the_opponent_the_game(bot_class):
    # Seat 1 has 75 points on the table and 490 before this hand: ending the hand now puts it
    # past 500 with two small cards in hand, while seat 0 would stay far below.
    state = _can_go_out([300, 490])
    play_turn(state, bot_class(seed=1))
    assert state.phase == "draw" and state.current_player == 1
    assert len(state.hand(0)) == 2
    assert any([c.text for c in m.cards] == ["5H", "6H", "7H"] for m in state.table)


# ---- "Rummy!" claims ----------------------------------------------------------------------------


@pytest.mark.parametrize("bot_class", ALL)
def test_a_claim_is_made_with_the_most_points(bot_class):
    # Seat 1 discards 2D: seat 0 may claim it with 2S 2H (6 points) or with 3D 4D (9 points).
    state = arranged(
        ["2S 2H 3D 4D 9C", "JH QH KH 8D 8S 2D"], stock="5S", turn=1, options=Options(rummy_claims=True)
    )
    state.apply(DrawStock())
    state.apply(Meld(tuple(parse("JH QH KH"))))
    state.apply(Discard(card("2D")))
    assert state.phase == "claim" and state.current_player == 0
    move = bot_class(seed=1).choose(state.view(0))
    assert move == ClaimRummy(cards=tuple(parse("2D 3D 4D")))
    state.apply(move)
    assert state.phase == "draw" and [c.text for c in state.hand(0)] == ["2S", "2H", "9C"]


def test_claims_pass_when_there_is_nothing_to_claim():
    bot = NormalBot(seed=1)
    assert isinstance(bot.choose_claim(_opponent_holds_two_kings().view(0), [PassClaim()]), PassClaim)


# ---- whole games: only legal moves -----------------------------------------------------------------


def play_game(bots, options: Options, seed: int, turn_cap: int = 20_000) -> Rum500State:
    """Play a game to its end; ``apply`` raises on any illegal move, ``audit`` on a broken state."""
    state = new_game(len(bots), options, seed)
    for _ in range(turn_cap):
        if state.is_over:
            break
        seat = state.current_player
        state.apply(bots[seat].choose(state.view(seat)))
        state.audit()
    return state


LEVEL_GAMES = [
    ([EasyBot, RandomBot], 2, Options(target=200)),
    ([NormalBot, EasyBot], 2, Options(target=200, rummy_claims=True)),
    pytest.param(
        [QuickHardBot, NormalBot], 2, Options(target=150, reuse_discards=True), marks=pytest.mark.slow
    ),
    pytest.param(
        [QuickHardBot, EasyBot, NormalBot], 3, Options(target=150, rummy_claims=True), marks=pytest.mark.slow
    ),
    ([NormalBot, RandomBot, QuickHardBot, EasyBot], 4, Options(target=150)),
    ([EasyBot, NormalBot, EasyBot], 6, Options(target=100, reuse_discards=True)),
    (
        [EasyBot, NormalBot, QuickHardBot, RandomBot, NormalBot, EasyBot],
        6,
        Options(target=100, rummy_claims=True, reuse_discards=True),
    ),
]


@pytest.mark.parametrize(("classes", "players", "options"), LEVEL_GAMES)
def test_bots_only_play_legal_moves_over_whole_games(classes, players, options):
    for game in range(8):
        bots = [classes[(game + s) % len(classes)](seed=game * 10 + s) for s in range(players)]
        state = play_game(bots, options, seed=1000 + game)
        assert state.is_over
        assert max(state.totals) >= options.target


def test_the_registry_has_every_level():
    assert available_levels("rum500") == ["random", "easy", "normal", "hard"]
    for level, cls in (("easy", EasyBot), ("normal", NormalBot), ("hard", HardBot)):
        bot = make_bot("rum500", level, 3)
        assert type(bot) is cls and bot.level == level


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), players=st.integers(2, 4))
def test_every_bot_answers_any_position_with_a_legal_move(seed, steps, players):
    state = new_game(players, Options(rummy_claims=True), seed)
    shuffler = RandomBot(seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        state.apply(shuffler.choose(state.view(state.current_player)))
    if state.is_over:
        return
    view = state.view(state.current_player)
    legal = view.legal_moves()
    for bot in (EasyBot(seed=1), NormalBot(seed=1), QuickHardBot(seed=1)):
        assert bot.choose(view) in legal


def test_lay_off_moves_name_their_end_like_the_engine():
    state = arranged(["8H 2C 3D", "4S 5S 6C"], table=[("5H 6H 7H", 1)], stock="KS")
    state.apply(DrawStock())
    move = NormalBot(seed=1).choose(state.view(0))
    assert move == LayOff(card("8H"), 0, "high")


# ---- the parts ----------------------------------------------------------------------------------


def test_knowledge_follows_the_cards_an_opponent_took_from_the_pile():
    view = _opponent_holds_two_kings().view(0)
    know = read(view)
    assert {c.text for c in know.held[1]} == {"KD", "KS"}
    assert know.hidden[1] == view.hand_sizes[1] - 2
    assert not {c.text for c in know.unseen} & {"KD", "KS", "5C", "2D", *(c.text for c in view.hand)}
    assert len(know.unseen) == 52 - len(view.hand) - len(view.discard) - 3 - 2


def test_the_plan_puts_the_most_points_down():
    # The ace is worth 15 high (Q K A) and 1 low (A 2 3): the plan takes it high, and lays
    # 8H then 9H off the table run one after the other.
    spots = [spot_of(m) for m in arranged(["2C", "3C"], table=[("5H 6H 7H", 1)]).table]
    plan = best_plan(parse("QS KS AS 2S 3S 8H 9H 4D"), spots)
    assert [[c.text for c in m] for m in plan.melds] == [["QS", "KS", "AS"]]
    assert [(c.text, end) for c, _, end in plan.lay_offs] == [("8H", "high"), ("9H", "high")]
    assert plan.points == 35 + 17
    assert sorted(c.text for c in plan.rest) == ["2S", "3S", "4D"]


def test_the_plan_keeps_the_card_taken_from_the_pile_in_play():
    # Without a rule, 7S 7H 7D is worth more than 5D 6D 7D; 5D must be used, so the run wins.
    plan = best_plan(parse("7S 7H 7D 6D 5D"), [], must_use=card("5D"))
    assert [[c.text for c in m] for m in plan.melds] == [["5D", "6D", "7D"]]


def test_a_reply_that_makes_a_set_with_the_discard_costs_its_points():
    state = _opponent_holds_two_kings()
    view = state.view(0)
    theirs = list(state.hand(1))
    spots = [spot_of(m) for m in view.table]
    kept = [c for c in view.hand if c.text not in ("KH", "3D")]
    feeding = reply_cost(
        theirs, After(kept, [*view.discard, card("KH")], spots, False), None, HardBot.junk_weight
    )
    safe = reply_cost(
        theirs, After(kept, [*view.discard, card("3D")], spots, False), None, HardBot.junk_weight
    )
    assert feeding >= 30 > safe


@pytest.mark.parametrize("position", ["pile", "discard"])
def test_the_hard_player_without_time_plays_its_normal_choice(position):
    class NoTimeBot(HardBot):
        time_limit = 0.0

    class SameWeights(NormalBot):
        style = HardBot.style

    if position == "pile":
        state = arranged(["8H 8C 2S 4D 9H 3C 5S", "AS 2H 6C"], discard="3H 8D JC 8S QC KC 4S")
    else:
        state = _opponent_holds_two_kings()
    view = state.view(0)
    assert NoTimeBot(seed=1).choose(view) == SameWeights(seed=1).choose(view)


@pytest.mark.parametrize("position", ["pile", "discard"])
def test_the_hard_player_does_the_same_work_on_a_slow_machine(position):
    """The sampled deals are a fixed number: a clock that runs fast (a loaded machine) changes
    neither the move nor how many deals were drawn from the bot's random numbers."""

    def stepping(step: float):
        now = [0.0]

        def clock() -> float:
            now[0] += step
            return now[0]

        return clock

    if position == "pile":
        state = arranged(["8H 8C 2S 4D 9H 3C 5S", "AS 2H 6C"], discard="3H 8D JC 8S QC KC 4S")
    else:
        state = _opponent_holds_two_kings()
    view = state.view(0)
    still, busy = HardBot(seed=3), HardBot(seed=3)
    still.clock = stepping(0.0)
    busy.clock = stepping(0.002)
    assert still.choose(view) == busy.choose(view)
    assert still.rng.random() == busy.rng.random()


# ---- two decks (five or six players) ------------------------------------------------------------


def physical(move) -> tuple:
    """A move with its cards named by ident (moves compare by face: twins are equal)."""
    cards = getattr(move, "cards", ()) or (getattr(move, "card", None),)
    return (move, tuple(c.ident for c in cards if c is not None))


def _two_deck_turn() -> Rum500State:
    """Five players, two decks: seat 1 holds twins (9S twice, 4D twice) and draws 9H; its
    other cards are second copies (seat 0 holds the first ones)."""
    hands = ["KC QS 2H", "9S 9S 4D 4D KC 2H QS", "QH 4C 10D", "KS 2D 8S", "AS 6H QD"]
    return arranged(hands, stock="9H", discard="2C", turn=1)


def test_the_plan_melds_twins_and_keeps_them_apart():
    # A hand holding a face twice is a two-deck hand: 9S 9S 9H is a set, the two 4D stay two cards.
    plan = best_plan(parse("9S 9S 9H 4D 4D KC"), [])
    assert [[c.text for c in m] for m in plan.melds] == [["9S", "9S", "9H"]]
    assert sorted(c.text for c in plan.rest) == ["4D", "4D", "KC"]
    assert len({c.ident for c in [*plan.laid, *plan.rest]}) == 6


def test_knowledge_counts_two_copies_of_each_card_with_two_decks():
    state = _two_deck_turn()
    view = state.view(1)
    know = read(view)
    assert view.decks == 2
    assert len(know.unseen) == 104 - len(view.hand) - len(view.discard)
    assert [c.text for c in know.unseen].count("4D") == 0  # both held or seen
    assert [c.text for c in know.unseen].count("9S") == 0
    assert [c.text for c in know.unseen].count("9H") == 2


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_plays_physical_cards_it_holds_with_twins(level):
    state = _two_deck_turn()
    bot = make_bot("rum500", level, seed=3)
    for _ in range(6):
        if state.current_player != 1 or state.phase not in ("draw", "play"):
            break
        move = bot.choose(state.view(1))
        listed = state.legal_moves()
        assert physical(move) in [physical(m) for m in listed]
        state.apply(move)
        state.audit()
    assert state.current_player != 1 and state.discard[-1].copy == 1
