"""What the card tables show of the hand, the staging slots and the marks, driven through posted
mouse events: a selected (raised) card is drawn above its neighbours and the next card moves
clear of it, a short hand and the cards of a staging slot lie side by side when there is room,
and the gold frame of a card laid by someone else marks only what shows of it."""

from __future__ import annotations

import itertools

import pygame
import pytest

from game.engine import frustration, rum500
from game.ui import text as text_module
from game.ui.session import Seat, Session
from game.ui.tables.follow_draw import visible_part
from tests.ui.driver import click, drag, frames

SEATS = [Seat("Marie"), Seat("Bruno", "easy"), Seat("Chloé", "easy")]


def open_table(make_app, game: str, state, size=(1024, 600)):
    app = make_app("fr", size)
    app.settings.animation_speed = "instant"
    app.show_table(Session(game, SEATS[: state.num_players], state))
    table = app.scenes.top
    table.turns.advance = lambda *_: None  # the computers wait: the test plays their moves
    frames(app, 3)
    return app, table


def grab_point(table, ident) -> tuple[int, int]:
    """A point on the part of a card that shows (its top-left corner)."""
    sprite = table.sprites.sprites[ident]
    return round(sprite.x) + max(4, sprite.width // 8), round(sprite.y) + max(6, sprite.width // 5)


def hand_rects(table) -> list[pygame.Rect]:
    return [table.sprites.sprites[c.ident].rect(table.hand_h) for c in table.model.hand_cards()]


def frustration_to_play(
    hand: str = "5H 6H 9C 9D KS 2C 3D 4S 8C 8S JD QH AS AD",
) -> frustration.FrustrationState:
    return frustration.arranged(
        [hand, "3S 4D 5S 6D 7C 8D 9H 10S JC QC KC AH 2D"], turn=0, phase="play", seed=3
    )


def rum500_to_play(hand: str = "4H 7S 6S AD 10C 5S 2H 9D QS KH 3C") -> rum500.Rum500State:
    return rum500.arranged([hand, "AS 2S"], seed=3)


@pytest.mark.parametrize("game", ["frustration", "rum500"])
def test_a_selected_card_is_drawn_above_the_hand(make_app, game):
    state = frustration_to_play() if game == "frustration" else rum500_to_play()
    app, table = open_table(make_app, game, state, size=(1024, 600))
    cards = table.model.hand_cards()
    chosen, neighbour = cards[3], cards[4]
    click(app, grab_point(table, chosen.ident))
    assert [s.key for s in table.gesture.selection] == [chosen.ident]
    raised, beside = (table.sprites.sprites[c.ident].rect(table.hand_h) for c in (chosen, neighbour))
    assert raised.bottom < beside.bottom, "the selected card is not raised"
    assert beside.left >= raised.right, "the raised card hides its neighbour's index"
    area = table.areas["hand"]
    assert all(area.left <= r.left and r.right <= area.right for r in hand_rects(table)), (
        "the hand left its area"
    )
    with text_module.drawing_order() as order:
        table.draw(app.window)
    drawn = [d.text for d in order if d.kind == "piece"]
    hand = {c.ident for c in cards}
    assert drawn.index(chosen.ident) > max(drawn.index(i) for i in hand - {chosen.ident}), (
        "a card of the hand is drawn over the selected one"
    )


@pytest.mark.parametrize("game", ["frustration", "rum500"])
def test_a_short_hand_lies_side_by_side(make_app, game):
    if game == "frustration":
        state = frustration.arranged(
            ["5H 6H 9C 9D", "3S 4D 5S 6D 7C 8D 9H 10S JC QC KC AH 2D"],
            table=[("KC#1 KD KS", 0)],
            turn=0,
            phase="play",
            seed=3,
        )
    else:
        state = rum500_to_play("5H 6H 9C")
    _app, table = open_table(make_app, game, state)
    rects = hand_rects(table)
    assert 3 <= len(rects) <= 4
    assert all(a.right < b.left for a, b in itertools.pairwise(rects)), "the cards overlap"
    assert all(table.areas["hand"].contains(r) for r in rects)


def test_the_cards_of_a_staging_slot_use_its_width(make_app):
    app, table = open_table(make_app, "frustration", frustration_to_play(), size=(1024, 600))
    slot = table.slot_rects[0]
    nines = [c for c in table.model.hand_cards() if c.rank == 9] + [
        c for c in table.model.hand_cards() if c.rank == 8
    ][:1]
    for card in nines:
        drag(app, grab_point(table, card.ident), table.slot_rects[0].center)
    assert table.model.staged[0] == [c.ident for c in nines]
    rects = [table.sprites.sprites[c.ident].rect(table.stage_h) for c in nines]
    assert all(slot.contains(r) for r in rects)
    assert slot.width > 3 * table.stage_w + table.scale(40), "the slot is too narrow to judge"
    assert all(a.right < b.left for a, b in itertools.pairwise(rects)), "three cards squeezed"


def test_the_frame_of_a_laid_card_marks_only_what_shows_of_it(make_app):
    """Bruno lays three sets down while Marie watches: each laid card is framed, every frame
    around the strip of its card that shows, none reaching over the next card."""
    state = frustration.arranged(
        ["3S 4D 5S 6D 7C 8D 9H 10S JC QC KC AH 2D", "9C 9D 9H 10C 10D 10H 7D 7H 7S 2H 5C 4H KH 8S"],
        turn=1,
        phase="play",
        seed=3,
    )
    app, table = open_table(make_app, "frustration", state, size=(1280, 800))
    hand = {c.text: c for c in state.hand(1)}
    groups = ("9C 9D 9H", "10C 10D 10H", "7D 7H 7S")
    move = frustration.LayDown(melds=tuple(tuple(hand[t] for t in group.split()) for group in groups))
    table.after_moves([move], table.session.apply(move))
    table.replay.finish()
    frames(app, 3)
    frames_ = table.follow_layer.mark_frames()
    laid = [c for meld in table.view.table for c in meld.cards]
    assert len(frames_) == len(laid) == 9
    by_card = {key: frame for key, _kind, frame, _whole in frames_}
    assert set(by_card) == {c.ident for c in laid}
    for meld in table.view.table:
        sprites = [table.sprites.sprites[c.ident] for c in meld.cards]
        rects = [s.rect(table.piece_height(s.width)) for s in sprites]
        for k, card in enumerate(meld.cards):
            frame = by_card[card.ident]
            if k + 1 < len(meld.cards):
                assert frame.right <= rects[k + 1].left, f"{card.text}'s frame reaches over the next card"
            assert frame.left >= rects[k].left - table.scale(4)
    frame_rects = list(by_card.values())
    assert not any(a.colliderect(b) for i, a in enumerate(frame_rects) for b in frame_rects[i + 1 :])


def test_the_part_of_a_card_that_shows():
    card = pygame.Rect(100, 50, 60, 84)
    assert visible_part(card, [pygame.Rect(120, 50, 60, 84)]) == pygame.Rect(100, 50, 20, 84)
    assert visible_part(card, [pygame.Rect(80, 50, 60, 84)]) == pygame.Rect(140, 50, 20, 84)
    assert visible_part(card, [pygame.Rect(120, 90, 60, 84)]) == card  # a card below covers its foot only
    assert visible_part(card, []) == card
