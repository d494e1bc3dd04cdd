"""The public notation API: game.engine.notation.parse / format."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import notation
from game.engine.pieces import Card, Tile, make_cards, make_tiles


def test_parse_cards_and_tiles_in_order():
    items = notation.parse("10H QS JK R7 K13 * AD")
    assert items == [
        Card(10, "H"),
        Card(12, "S"),
        Card(0, ""),
        Tile("R", 7),
        Tile("K", 13),
        Tile("", 0),
        Card(1, "D"),
    ]
    assert items[2].is_joker and items[5].is_star


def test_king_of_spades_is_a_card_and_k13_a_tile():
    ks, k13 = notation.parse("KS K13")
    assert isinstance(ks, Card) and ks.rank == 13 and ks.suit == "S"
    assert isinstance(k13, Tile) and k13.colour == "K" and k13.number == 13


def test_format_is_the_inverse():
    text = "AS 2H 10D JC QH KS JK B1 O13 *"
    assert notation.format(notation.parse(text)) == text


def test_repeated_faces_are_distinct_physical_pieces():
    a, b = notation.parse("5D 5D")
    assert a == b
    assert a.ident != b.ident
    assert (a.copy, b.copy) == (0, 1)


@pytest.mark.parametrize("bad", ["1H", "R14", "5X", "11S", "K0", "R07", "JJ", "10", "Z3", "**"])
def test_bad_tokens_are_named_in_the_error(bad):
    with pytest.raises(ValueError) as info:
        notation.parse(f"AS {bad} KH")
    assert repr(bad) in str(info.value) or bad in str(info.value)
    assert isinstance(info.value, notation.NotationError)
    assert info.value.token == bad


def test_empty_text_is_an_empty_list():
    assert notation.parse("") == []
    assert notation.parse("   ") == []


def test_idents_round_trip():
    for piece in make_cards(3, 6) + make_tiles():
        assert notation.parse_ident(notation.format_ident(piece)).ident == piece.ident


@given(st.lists(st.sampled_from(make_cards(1, 2) + make_tiles()), max_size=30))
def test_parse_format_round_trip(items):
    assert notation.parse(notation.format(items)) == items
