"""The 500 Rum table driven through posted mouse events only, and its layout."""

from __future__ import annotations

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.errors import IllegalMove
from game.engine.rum500 import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    Options,
    Rum500State,
    TakeDiscard,
    card_points,
)
from game.engine.rum500.positions import arranged
from game.showcase.rum500 import busy_session
from game.ui import dnd
from game.ui import text as text_module
from game.ui.scenes.handoff import HandoffScene
from game.ui.session import Seat, Session
from game.ui.tables import turns as table_turns
from game.ui.tables.cardtable import INDEX_STEP
from game.ui.tables.piece_words import the_card
from game.ui.tables.rum500.layout import FlowMetrics, flow_melds, spread_pile
from game.ui.tables.rum500.scene import STOCK_KEY, Rum500Table
from game.ui.tables.rum500.summary import Rum500Summary
from tests.ui.driver import click, drag, frames, wait_until

MARIE_BRUNO = [Seat("Marie"), Seat("Bruno", "easy")]


@pytest.fixture(autouse=True)
def quick_computer(monkeypatch):
    monkeypatch.setattr(table_turns, "THINK_DELAY", {"fast": 0.0, "normal": 0.0, "slow": 0.0})


def deep_pickup_position(**options) -> Rum500State:
    """Marie to draw: she holds 9♦ 9♥, the pile is 9♣ 5♦ K♦ 2♠ (bottom first), so she may take
    the 9♣ with the three cards above it; Bruno's run 5♣ 6♣ 7♣ takes her 8♣."""
    return arranged(
        ["9D 9H 8C KH 3D 4C 2D", "AS 2C 4D 5H JC 8D 10S"],
        discard="9C 5D KD 2S",
        table=[("5C 6C 7C", 1), ("JS QS KS", 1), ("2H 3H 4H", 1), ("10D JD QD", 1), ("5S 6S 7S", 1)],
        options=Options(**options),
        seed=5,
    )


def open_table(make_app, state, seats=MARIE_BRUNO, lang="en", size=(1280, 800), speed="instant"):
    """The table on ``state``; computer seats play at their seat's level, in the thread worker,
    with no pause (``quick_computer``)."""
    app = make_app(lang, size)
    app.settings.animation_speed = speed
    session = Session("rum500", list(seats), state)
    app.show_table(session)
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    assert isinstance(table, Rum500Table)
    return app, table


def grab_point(table: Rum500Table, key) -> tuple[int, int]:
    """A point on the visible part of a sprite (its top-left index corner)."""
    sprite = table.sprites.sprites[key]
    return round(sprite.x) + max(4, sprite.width // 8), round(sprite.y) + max(6, sprite.width // 5)


def hand_ids(table: Rum500Table) -> list[str]:
    return sorted(c.ident for c in table.view.hand)


def empty_table_point(table: Rum500Table) -> tuple[int, int]:
    """A point of the melds area that no meld covers."""
    area = table.areas["melds"]
    point = (area.right - table.scale(30), area.bottom - table.scale(20))
    assert not any(rect.inflate(20, 20).collidepoint(point) for rect in table.flow.places.values())
    return point


def meld_end_point(table: Rum500Table, index: int, end: str | None) -> tuple[int, int]:
    rect = table.flow.places[index]
    if end == "low":
        return rect.x + rect.width // 4, rect.centery
    if end == "high":
        return rect.right - rect.width // 4, rect.centery
    return rect.center


def take_from_pile(app, table: Rum500Table, index: int) -> None:
    card = table.view.discard[index]
    drag(app, grab_point(table, card.ident), table.areas["hand"].center)


def select(app, table: Rum500Table, cards) -> None:
    for card in cards:
        click(app, grab_point(table, card.ident))
    assert {c.ident for c in table.selected_cards()} == {c.ident for c in cards}


def meld_by_drag(app, table: Rum500Table, move: Meld) -> None:
    select(app, table, move.cards)
    drag(app, grab_point(table, move.cards[-1].ident), empty_table_point(table))


def meld_by_button(app, table: Rum500Table, move: Meld) -> None:
    select(app, table, move.cards)
    assert table.meld_button.enabled
    click(app, table.meld_button.rect.center)


def lay_off_by_drag(app, table: Rum500Table, move: LayOff) -> None:
    drag(app, grab_point(table, move.card.ident), meld_end_point(table, move.meld, move.end))


def discard_by_drag(app, table: Rum500Table, card) -> None:
    drag(app, grab_point(table, card.ident), table.discard_zone().center)


def wait_for_my_turn_or_summary(app, table):
    wait_until(app, lambda: table.my_turn or isinstance(app.scenes.top, Rum500Summary))


def human_turn(app, table: Rum500Table) -> None:
    """One step of a plain strategy, played with the mouse: a deep pick-up when there is one,
    the card taken used at once (a meld dragged onto the table), melds (with the Meld button),
    lay-offs, then the highest card discarded."""
    view, legal = table.view, table.model.legal
    if view.phase == "draw":
        takes = [m.index for m in legal if isinstance(m, TakeDiscard)]
        deep = [i for i in takes if i < len(view.discard) - 1]
        if deep:
            take_from_pile(app, table, min(deep))
        elif DrawStock() in legal:
            drag(app, grab_point(table, STOCK_KEY), table.areas["hand"].center)
        elif takes:
            take_from_pile(app, table, takes[0])
        else:
            click(app, table.pass_stock_button.rect.center)
        return
    melds = [m for m in legal if isinstance(m, Meld)]
    lay_offs = [m for m in legal if isinstance(m, LayOff)]
    must = view.must_use
    if must is not None:
        melds = [m for m in melds if any(c.ident == must.ident for c in m.cards)]
        lay_offs = [m for m in lay_offs if m.card.ident == must.ident]
    if melds:
        (meld_by_button if must is None else meld_by_drag)(app, table, melds[0])
    elif lay_offs:
        lay_off_by_drag(app, table, lay_offs[0])
    else:
        card = max((m.card for m in legal if isinstance(m, Discard)), key=card_points)
        discard_by_drag(app, table, card)


def test_a_whole_hand_through_the_mouse(make_app, monkeypatch):
    monkeypatch.setattr(dnd, "DOUBLE_CLICK", 0.0)  # quick clicks on one card are never a double-click
    app, table = open_table(make_app, deep_pickup_position(target=1000))
    for _step in range(400):
        wait_for_my_turn_or_summary(app, table)
        if isinstance(app.scenes.top, Rum500Summary):
            break
        before = len(table.view.log)
        human_turn(app, table)
        assert len(table.view.log) > before or table.view.phase == "round_over", "the gesture had no effect"
    else:
        raise AssertionError("the hand did not end")
    summary = app.scenes.top
    assert isinstance(summary, Rum500Summary) and not summary.final
    mine = [e for e in table.view.log if e.seat == 0]
    taken = [i for i, e in enumerate(mine) if e.kind == "draw" and e.source == "discard"]
    deep = mine[taken[0]]
    assert len(deep.pieces) == 4 and deep.get("must_use") == "9C"  # the deepest card, three above it
    used = mine[taken[0] + 1]
    assert used.kind == "meld" and "9C" in used.pieces  # used at once
    assert {"meld", "lay_off", "discard"} <= {e.kind for e in mine}
    assert table.state.phase == "round_over" and len(table.view.history) == 1
    click(app, summary.buttons[0].rect.center)  # next hand
    assert table.state.round_number == 2 and app.scenes.top is table


def test_discarding_before_using_the_card_taken_keeps_it_and_says_why(make_app):
    app, table = open_table(make_app, deep_pickup_position())
    take_from_pile(app, table, 0)
    view = table.view
    assert view.must_use is not None and view.must_use.text == "9C" and len(view.hand) == 11
    assert [c.text for c in view.discard] == []
    hand_before = hand_ids(table)
    king = next(c for c in view.hand if c.text == "KH")
    home = table.sprites.sprites[king.ident].target
    discard_by_drag(app, table, king)
    assert hand_ids(table) == hand_before and not table.view.discard  # nothing was discarded
    expected = str(table.reason(IllegalMove("must_use_card", card="9C")))
    assert expected == str(app.tr("error.must_use_card", card=the_card(app, "9C")))
    assert table.bubbles and str(table.bubbles[0].text) == expected
    with text_module.recording() as drawn:
        frames(app, 1)
    assert expected in " ".join(drawn)  # the bubble may wrap it over two lines
    frames(app, 10)
    sprite = table.sprites.sprites[king.ident]
    assert (round(sprite.x), round(sprite.y)) == (round(home[0]), round(home[1]))  # back in the hand
    # A double-click on a card of the hand (when the setting allows it) is refused for the same reason.
    app.settings.double_click_discard = True
    table.bubbles.clear()
    point = grab_point(table, king.ident)
    click(app, point)
    click(app, point)
    assert hand_ids(table) == hand_before and str(table.bubbles[0].text) == expected
    # The must-use card is marked in the hand and the status line says what to do.
    with text_module.recording() as drawn:
        frames(app, 1)
    assert str(app.tr("rum500.must_use_tag")) in drawn
    assert str(app.tr("rum500.status.must_use", card=the_card(app, "9C"))) in drawn


def test_a_card_that_cannot_be_used_is_not_taken(make_app):
    app, table = open_table(make_app, deep_pickup_position(), lang="fr")
    view = table.view
    assert TakeDiscard(1) not in table.model.legal  # 5♦ fits nothing Marie could make
    pile_before = [c.ident for c in view.discard]
    take_from_pile(app, table, 1)
    assert [c.ident for c in table.view.discard] == pile_before and table.view.phase == "draw"
    expected = str(table.reason(IllegalMove("cannot_use_card", card="5D")))
    assert "5♦" in expected and not expected.startswith("error.")
    assert str(table.bubbles[0].text) == expected


def test_pressing_a_pile_card_lifts_it_with_every_card_above(make_app):
    app, table = open_table(make_app, deep_pickup_position())
    pile = table.view.discard
    start = grab_point(table, pile[1].ident)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    frames(app, 1)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 80), rel=(0, 80), buttons=(1, 0, 0))
    )
    frames(app, 1)
    assert [s.key for s in table.gesture.held] == [c.ident for c in pile[1:]]
    hand_target = next(t for t in table.gesture.targets if t.key == "hand")
    assert not hand_target.accepts  # the 5♦ cannot be used: the hand does not light up
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] + 80), button=1))
    frames(app, 2)
    assert [c.ident for c in table.view.discard] == [c.ident for c in pile]


def test_a_double_click_on_a_pile_card_takes_it(make_app):
    app, table = open_table(make_app, deep_pickup_position())
    point = grab_point(table, table.view.discard[0].ident)
    click(app, point)
    click(app, point)
    assert table.view.must_use is not None and table.view.must_use.text == "9C"
    assert table.selected_cards() == []


def claim_position(discard: str = "4H") -> Rum500State:
    """Bruno to play: he draws the 2♦ and discards the 4♥ (or the 10♥), which Marie may claim
    with her 5♥ 6♥ (or lay off on the 7♥ 8♥ 9♥)."""
    state = arranged(
        ["5H 6H 9C KD 2S", f"{discard} JC 4D JS QS"],
        discard="3C",
        table=[("7H 8H 9H", 1)],
        stock="2D",
        turn=1,
        options=Options(rummy_claims=True),
    )
    state.apply(DrawStock())
    state.apply(Discard(next(c for c in state.hand(1) if c.text == discard)))
    assert state.phase == "claim" and state.current_player == 0
    return state


def test_rummy_claim_with_the_button(make_app):
    app, table = open_table(make_app, claim_position())
    assert table.action_buttons() == [table.claim_button, table.pass_claim_button]
    with text_module.recording() as drawn:
        frames(app, 1)
    assert str(app.tr("rum500.claim")) in drawn
    click(app, table.claim_button.rect.center)
    claim = next(e for e in table.view.log if e.kind == "claim")
    assert claim.seat == 0 and claim.get("card") == "4H" and claim.pieces == ("4H", "5H", "6H")
    assert table.view.table[-1].owners == (0, 0, 0)


def test_rummy_claim_by_dragging_the_card_onto_the_table(make_app):
    app, table = open_table(make_app, claim_position())
    card = table.view.claim_card
    drag(app, grab_point(table, card.ident), empty_table_point(table))
    claim = next(e for e in table.view.log if e.kind == "claim")
    assert claim.seat == 0 and claim.pieces == ("4H", "5H", "6H")


def test_rummy_claim_by_dragging_the_card_onto_a_meld(make_app):
    app, table = open_table(make_app, claim_position("10H"))
    card = table.view.claim_card
    drag(app, grab_point(table, card.ident), meld_end_point(table, 0, "high"))
    claim = next(e for e in table.view.log if e.kind == "claim")
    assert claim.seat == 0 and claim.end == "high"
    assert [c.text for c in table.view.table[0].cards] == ["7H", "8H", "9H", "10H"]
    assert table.view.table[0].owners == (1, 1, 1, 0)  # the claimer is credited with the 10♥


def test_passing_a_claim(make_app):
    app, table = open_table(make_app, claim_position())
    click(app, table.pass_claim_button.rect.center)
    assert not any(e.kind == "claim" for e in table.view.log)
    assert table.state.phase in ("draw", "play") and table.state.turn_player == 0


def test_empty_stock_button_ends_the_hand(make_app):
    state = arranged(
        ["2S 7D 2C", "3C 9H AS"],
        discard="KD",
        table=[
            ("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 1),
            ("AH 2H 3H 4H 5H 6H 7H 8H", 0),
            ("10H JH QH KH", 1),
            ("AD 2D 3D 4D 5D 6D", 0),
            ("8D 9D 10D JD QD", 1),
            ("4C 5C 6C 7C 8C 9C 10C JC QC KC AC", 0),
        ],
    )
    assert state.stock_count == 0
    app, table = open_table(make_app, state)
    assert table.pass_stock_button in table.action_buttons()
    with text_module.recording() as drawn:
        frames(app, 1)
    assert str(app.tr("rum500.pass_stock")) in drawn
    assert str(app.tr("rum500.status.draw_empty")) in drawn
    with text_module.recording() as drawn:
        click(app, table.pass_stock_button.rect.center)
        frames(app, 2)
    assert table.state.phase == "round_over"
    assert isinstance(app.scenes.top, Rum500Summary)
    assert str(app.tr("cards.summary.stock_empty")) in drawn
    app.set_language("fr")  # the summary follows a language switch at once
    with text_module.recording() as drawn:
        frames(app, 1)
    assert str(app.tr("rum500.summary.hand_over", n=1)) in drawn and app.lang == "fr"


def test_a_computer_deep_pick_up_glides_to_its_seat(make_app):
    state = arranged(
        ["AS 2C 4D 5H JC 8D 10S", "9D 9H 8C KH 3D 6S QS"],
        discard="9C 4H KD 2S",
        table=[("5C 6C 7C", 0)],
        turn=1,
        seed=5,
    )
    app, table = open_table(make_app, state, speed="slow")
    taken = [c.ident for c in state.discard]
    for _ in range(400):
        frames(app, 1)
        if any(e.kind == "draw" and e.source == "discard" for e in table.view.log):
            break
    else:
        raise AssertionError("the computer did not take from the pile")
    bruno = table.seat_rects[1]
    flying = [table.sprites.sprites[i] for i in taken if i in table.sprites.sprites]
    assert len(flying) == 4 and all(s.data["leaving"] and s.moving for s in flying)
    assert all(abs(s.target[1] - bruno.y) < bruno.height for s in flying)  # heading for Bruno's panel
    start = [(s.x, s.y) for s in flying]
    frames(app, 3)
    assert [(s.x, s.y) for s in flying] != start


def test_hot_seat_claim_hands_the_screen_to_the_player_asked(make_app):
    state = claim_position()
    app = make_app("en")
    app.settings.animation_speed = "instant"
    app.show_table(Session("rum500", [Seat("Marie"), Seat("Paul")], state))
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    assert isinstance(app.scenes.top, HandoffScene) and table.viewer is None
    assert table.action_buttons() == []
    click(app, app.scenes.top.ready.rect.center)
    assert table.viewer == 0 and table.my_turn
    assert table.claim_button in table.action_buttons()


def test_the_hand_order_is_kept_in_the_save(make_app):
    app, table = open_table(make_app, deep_pickup_position())
    dealt = list(table.model.hand_order)
    click(app, table.sort_rank.rect.center)
    order = list(table.model.hand_order)
    assert order != dealt and [c.ident for c in table.model.hand_cards()] == order
    app.flush_saves()
    data, problem = app.storage.load_game_data("rum500")
    assert problem is None
    app.show_table(Session.from_json(data))
    frames(app, 2)
    resumed = app.scenes.find(Rum500Table)
    assert resumed is not table and resumed.model.hand_order == order
    assert [c.ident for c in resumed.model.hand_cards()] == order


def draw_and_discard(app, table: Rum500Table) -> None:
    drag(app, grab_point(table, STOCK_KEY), table.areas["hand"].center)
    card = max((m.card for m in table.model.legal if isinstance(m, Discard)), key=card_points)
    discard_by_drag(app, table, card)


def test_each_person_at_the_screen_keeps_their_own_hand_order(make_app):
    app = make_app("en")
    app.settings.animation_speed = "instant"
    app.show_table(Session("rum500", [Seat("Marie"), Seat("Paul")], deep_pickup_position()))
    frames(app, 2)
    table = app.scenes.find(Rum500Table)
    click(app, app.scenes.top.ready.rect.center)
    click(app, table.sort_rank.rect.center)
    marie = list(table.model.hand_order)
    draw_and_discard(app, table)
    frames(app, 2)
    assert isinstance(app.scenes.top, HandoffScene)
    click(app, app.scenes.top.ready.rect.center)
    assert table.viewer == 1 and set(table.model.hand_order) == {c.ident for c in table.state.hand(1)}
    click(app, table.sort_suit.rect.center)
    draw_and_discard(app, table)
    frames(app, 2)
    click(app, app.scenes.top.ready.rect.center)
    assert table.viewer == 0
    kept = [i for i in marie if i in table.model.hand_order]
    # Her order is kept (the card she drew lies where she dropped it).
    assert len(kept) >= len(marie) - 1 and [i for i in table.model.hand_order if i in kept] == kept


SIZES = [(1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_layout_fits_the_window(make_app, size, players):
    app = make_app("fr", size)
    app.settings.animation_speed = "instant"
    app.show_table(busy_session(players))
    frames(app, 2)
    table = app.scenes.top
    w, h = size
    safe = pygame.Rect(0, 0, w, h).inflate(-2 * (w * 2 // 100), -2 * (h * 2 // 100))
    rects = [wd.rect for wd in table.widgets()] + list(table.seat_rects.values())
    rects += [table.areas[k] for k in ("hand", "stock", "pile", "melds")]
    rects += [r for _seat, r in table.flow.blocks] + list(table.pile.strips) + [table.pile.slot]
    assert all(safe.contains(r) for r in rects), [r for r in rects if not safe.contains(r)]
    panels = list(table.seat_rects.values())
    assert not any(a.colliderect(b) for i, a in enumerate(panels) for b in panels[i + 1 :])
    assert table.flow.fits
    for button in table.action_buttons():
        assert not button.rect.colliderect(table.areas["hand"])


def test_text_is_at_least_16_px_at_1280_by_800(make_app, monkeypatch):
    app = make_app("fr", (1280, 800))
    app.settings.animation_speed = "instant"
    app.show_table(busy_session(6))
    frames(app, 2)
    table = app.scenes.top
    sizes: list[tuple[str, int]] = []
    render = app.fonts.render

    def spy(text, size, colour, bold=False):
        sizes.append((str(text), size))
        return render(text, size, colour, bold)

    monkeypatch.setattr(app.fonts, "render", spy)
    table.invalidate()

    def point(pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    point(table.pile.strips[0].center)  # the pick-up hint
    frames(app, 1)
    point(table.flow.places[0].center)  # the credit hint
    frames(app, 1)
    table.show_sheet = True
    frames(app, 1)
    small = [(t, s) for t, s in sizes if s < 16]
    assert sizes and not small, small


@settings(max_examples=60, deadline=None)
@given(count=st.integers(0, 52), width=st.integers(300, 2000), card_w=st.integers(30, 90))
def test_every_pile_card_shows_its_index(count, width, card_w):
    card_h = round(card_w * 88 / 63)
    pile = spread_pile(count, pygame.Rect(10, 10, width, card_h), card_w, card_h)
    assert len(pile.strips) == count
    for i, strip in enumerate(pile.strips):
        assert strip.width >= round(card_w * INDEX_STEP) - 1
        assert strip.right <= 10 + width + 1
        for other in pile.strips[i + 1 :]:
            assert not strip.colliderect(other)
    if count:
        assert pile.slot.x > pile.strips[-1].x or pile.slot.y > pile.strips[-1].y


@settings(max_examples=60, deadline=None)
@given(
    groups=st.lists(st.lists(st.integers(3, 8), min_size=1, max_size=5), min_size=0, max_size=6),
    width=st.integers(600, 2000),
)
def test_melds_never_overlap(groups, width):
    lengths, seated, index = {}, [], 0
    for seat, melds in enumerate(groups):
        indices = []
        for length in melds:
            lengths[index] = length
            indices.append(index)
            index += 1
        seated.append((seat, indices))
    metrics = FlowMetrics(label_h=24, pad=8, gap=12, block_gap=14, stripe_h=12, line_gap=8, label_w={})
    area = pygame.Rect(20, 20, width, 4000)
    flow = flow_melds(seated, lengths, area, 40, 56, metrics)
    rects = list(flow.places.values())
    assert len(rects) == len(lengths)
    assert all(area.contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    blocks = [r for _seat, r in flow.blocks]
    assert not any(a.colliderect(b) for i, a in enumerate(blocks) for b in blocks[i + 1 :])


def test_a_drop_whose_second_lay_off_is_refused_plays_neither(make_app):
    """Marie took the 8♥ from the pile, to use with her 8♠ 8♦. She drops 4♠ 8♠ on the run 5♠ 6♠ 7♠:
    the 4♠ fits, but the 8♠ after it would leave the 8♥ unusable, so the engine refuses the drop
    as a whole: no card is laid, nothing is saved, the reason shows."""
    state = arranged(
        ["8S 8D 4S 2C 9D", "AS 2H 4D 5H JC 8C 10S"], discard="8H KC", table=[("5S 6S 7S", 1)], seed=5
    )
    app, table = open_table(make_app, state)
    take_from_pile(app, table, 0)
    assert table.view.phase == "play" and table.view.must_use.text == "8H"
    app.flush_saves()
    saved = app.storage.load_game_data("rum500")[0]
    before = table.state.to_json()
    four, eight = (next(c for c in table.view.hand if c.text == text) for text in ("4S", "8S"))
    select(app, table, [four, eight])
    drag(app, grab_point(table, eight.ident), table.flow.places[0].center)
    assert table.state.to_json() == before
    assert {c.text for c in table.view.table[0].cards} == {"5S", "6S", "7S"}
    assert table.bubbles and "8" in str(table.bubbles[0].text)
    app.flush_saves()
    assert app.storage.load_game_data("rum500")[0] == saved
