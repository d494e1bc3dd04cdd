"""The melds' places of the card tables (``tables/meld_places.py``), played out on made-up tables:
whatever the window and however the table fills, every meld card shows its whole corner index,
melds and seat areas never overlap, and a seat's melds and area stay put while its melds do not
change (unless the cards must shrink, or, rarer still, the round is planned again)."""

from __future__ import annotations

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.art import card_index_box
from game.ui.tables.meld_places import MeldMetrics, MeldPlaces, min_step

METRICS = MeldMetrics(label_h=20, pad=6, gap=9, line_gap=9, block_gap=9, below=4)
WIDTHS = range(44, 25, -2)


def height(width: int) -> int:
    return round(width * 88 / 63)


def check(layout, area: pygame.Rect, owners: list[int], cards: list[frozenset[str]]) -> None:
    """Everything inside its area, nothing over anything else, every index whole."""
    assert set(layout.places) == set(range(len(cards)))
    blocks = layout.blocks
    assert all(area.contains(b) for b in blocks.values())
    rects = list(blocks.values())
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    places = list(layout.places.items())
    for i, (index, rect) in enumerate(places):
        assert blocks[owners[index]].contains(rect), (index, rect, blocks[owners[index]])
        if len(cards[index]) > 1:
            assert layout.steps[index] >= min_step(layout.card_w)
            assert layout.steps[index] > card_index_box(layout.card_w).right
        for _other, other in places[i + 1 :]:
            assert not rect.colliderect(other)


@settings(max_examples=120, deadline=None)
@given(
    width=st.integers(700, 1900),
    height_px=st.integers(150, 360),
    players=st.integers(2, 6),
    events=st.lists(
        st.tuples(
            st.integers(0, 5), st.sampled_from(["meld", "lay_off", "lay_off", "lay_off"]), st.integers(0, 99)
        ),
        max_size=40,
    ),
)
def test_melds_fill_the_table_without_hiding_an_index_or_moving_others(width, height_px, players, events):
    area = pygame.Rect(10, 20, width, height_px)
    places = MeldPlaces()
    owners: list[int] = []
    cards: list[frozenset[str]] = []
    made = 0
    before = None
    for seat, action, pick in events:
        seat %= players
        if action == "meld" or not cards:
            owners.append(seat)
            cards.append(frozenset(f"c{made + k}" for k in range(3 + pick % 3)))
            made += 3 + pick % 3
            changed = {seat}
        else:
            index = pick % len(cards)
            cards[index] = cards[index] | {f"c{made}"}
            made += 1
            changed = {owners[index]}
        counters = (places.replanned, places.shrunk)
        layout = places.settle(owners, cards, area, players, 1, WIDTHS, height, METRICS, {})
        if layout.fits:
            check(layout, area, owners, cards)
        if before is not None and counters == (places.replanned, places.shrunk):
            old_layout, old_owners = before
            for s, block in old_layout.blocks.items():
                if s in changed:
                    continue
                assert layout.blocks[s] == block, f"seat {s}'s area moved"
                for index, rect in old_layout.places.items():
                    if old_owners[index] == s:
                        assert layout.places[index] == rect, f"meld {index} of seat {s} moved"
        before = (layout, list(owners))


def test_a_new_round_plans_afresh_and_an_undo_frees_a_seats_area():
    area = pygame.Rect(0, 0, 900, 200)
    places = MeldPlaces()
    owners, cards = [1, 2], [frozenset({"a", "b", "c"}), frozenset({"d", "e", "f"})]
    first = places.settle(owners, cards, area, 4, 1, WIDTHS, height, METRICS, {})
    assert set(first.blocks) == {1, 2}
    undone = places.settle(owners[:1], cards[:1], area, 4, 1, WIDTHS, height, METRICS, {})
    assert set(undone.blocks) == {1} and undone.blocks[1] == first.blocks[1]
    assert undone.places[0] == first.places[0]
    again = places.settle([3], [frozenset({"x", "y", "z"})], area, 4, 2, WIDTHS, height, METRICS, {})
    assert set(again.blocks) == {3} and again.places[0].topleft == first.places[0].topleft


def test_a_grown_meld_keeps_its_place_and_overlaps_only_down_to_its_index():
    area = pygame.Rect(0, 0, 1000, 200)
    places = MeldPlaces()
    cards = [frozenset(f"a{k}" for k in range(3)), frozenset(f"b{k}" for k in range(3))]
    first = places.settle([0, 0], cards, area, 2, 1, WIDTHS, height, METRICS, {})
    for k in range(10):
        cards[0] = cards[0] | {f"g{k}"}
        layout = places.settle([0, 0], cards, area, 2, 1, WIDTHS, height, METRICS, {})
        assert layout.places[0].topleft == first.places[0].topleft
        assert layout.steps[0] >= min_step(layout.card_w)
        assert not layout.places[0].colliderect(layout.places[1])
