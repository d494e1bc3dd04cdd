"""The art loader: every asset exists, every piece renders at the size asked, not blank, cached."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pygame.freetype
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.pieces import COLOURS, SUITS, Card, Tile, joker, star
from game.ui import art as art_module
from game.ui.art import (
    BACK_STYLES,
    CARD_RATIO,
    ICON_NAMES,
    Art,
    SurfaceCache,
    all_asset_files,
    asset,
    card_file,
    hex_rgb,
)

ROOT = Path(__file__).resolve().parents[2]
ALL_CARDS = [Card(r, s) for s in SUITS for r in range(1, 14)] + [joker(0), joker(1)]
ALL_TILES = [Tile(c, n) for c in COLOURS for n in range(1, 14)] + [star()]


@pytest.fixture(scope="module")
def art():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    yield Art()
    pygame.display.quit()


def ink_pixels(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tol: int = 40
) -> int:
    """How many pixels of ``rect`` are close to ``colour`` and opaque."""
    count = 0
    for y in range(rect.top, rect.bottom):
        for x in range(rect.left, rect.right):
            c = surface.get_at((x, y))
            if c.a > 200 and all(abs(a - b) <= tol for a, b in zip(c[:3], colour, strict=True)):
                count += 1
    return count


def distinct_colours(surface: pygame.Surface, step: int = 2) -> int:
    seen = set()
    for y in range(0, surface.get_height(), step):
        for x in range(0, surface.get_width(), step):
            seen.add(tuple(surface.get_at((x, y))))
    return len(seen)


# ----------------------------------------------------------------------------- files


def test_every_referenced_asset_exists():
    missing = [parts for parts in all_asset_files() if not asset(*parts).is_file()]
    assert missing == []


def test_svgs_are_valid_xml_without_text_and_resizable():
    for parts in all_asset_files():
        if parts[-1].endswith(".svg"):
            text = asset(*parts).read_text(encoding="utf-8")
            root = ET.fromstring(text)
            assert root.tag.endswith("svg"), parts
            assert "<text" not in text, parts
            assert art_module._SVG_SIZE.search(text), parts
            assert 'preserveAspectRatio="none"' in text, parts


def test_assets_match_their_generator():
    """The committed SVG files are exactly what tools/make_art.py writes (nobody edited them by hand)."""
    spec = importlib.util.spec_from_file_location("make_art", ROOT / "tools" / "make_art.py")
    make_art = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_art)
    assert asset("cards", "QH.svg").read_text(encoding="utf-8") == make_art.card_face(12, "H")
    assert asset("cards", "7C.svg").read_text(encoding="utf-8") == make_art.card_face(7, "C")
    assert asset("cards", "joker_2.svg").read_text(encoding="utf-8") == make_art.joker_face(1)
    assert asset("cards", "back_red.svg").read_text(encoding="utf-8") == make_art.card_back("red")
    assert asset("tiles", "star.svg").read_text(encoding="utf-8") == make_art.tile_star()
    assert asset("ui", "emblem.svg").read_text(encoding="utf-8") == make_art.emblem()


def test_card_files_are_named_by_notation():
    assert card_file(Card(10, "H")) == ("cards", "10H.svg")
    assert card_file(Card(13, "S")) == ("cards", "KS.svg")
    assert card_file(joker(0)) != card_file(joker(1))
    assert card_file(joker(2)) == card_file(joker(0))


# ----------------------------------------------------------------------------- cards


@pytest.mark.parametrize("width", [40, 60, 161])
def test_every_card_face_has_the_right_size_and_is_drawn(art, width):
    size = art.card_size(width)
    for card in ALL_CARDS:
        surface = art.card(card, width)
        assert surface.get_size() == size, card
        assert distinct_colours(surface) > 8, card
        # the corners are transparent (rounded), the centre is opaque
        assert surface.get_at((0, 0)).a < 80, card
        assert surface.get_at((size[0] // 2, size[1] // 2)).a == 255, card


def test_card_size_keeps_the_poker_proportion(art):
    for width in (40, 63, 100, 300):
        w, h = art.card_size(width)
        assert w == width
        assert abs(h / w - CARD_RATIO) < 0.02


@settings(max_examples=15, deadline=None)
@given(
    width=st.integers(min_value=30, max_value=320),
    index=st.integers(min_value=0, max_value=len(ALL_CARDS) - 1),
)
def test_any_width_renders_exactly(art, width, index):
    surface = art.card(ALL_CARDS[index], width)
    assert surface.get_size() == art.card_size(width)


def test_index_is_drawn_in_the_suit_colour_in_both_corners(art):
    width = 120
    w, h = art.card_size(width)
    red = hex_rgb(art_module.STANDARD_INK["H"])
    surface = art.card(Card(9, "H"), width)
    corner = pygame.Rect(0, 0, w // 4, h // 5)
    assert ink_pixels(surface, corner, red) > 30
    assert ink_pixels(surface, corner.move(w - corner.width, h - corner.height), red) > 30


def ink_box(
    surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], tol: int = 40
) -> pygame.Rect:
    """The bounding box of the pixels of ``rect`` close to ``colour`` and opaque."""
    points = [
        (x, y)
        for y in range(rect.top, rect.bottom)
        for x in range(rect.left, rect.right)
        if (c := surface.get_at((x, y))).a > 200
        and all(abs(a - b) <= tol for a, b in zip(c[:3], colour, strict=True))
    ]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (
        pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
        if points
        else pygame.Rect(0, 0, 0, 0)
    )


def test_the_index_suit_is_large_in_the_smallest_hand(art):
    """At 1024x600 a hand card is 63 pixels wide: the suit under the rank covers 75 square pixels
    or more, a heart 11 pixels wide (a heart and a diamond stay apart), inside the index that a
    meld leaves showing."""
    width = 63
    scale = width / art_module.CARD_VIEW[0]
    index = art_module.card_index_box(width)
    under_rank = pygame.Rect(
        index.x, round((art_module.RANK_TOP + art_module.RANK_CAP + 4) * scale), index.width, 0
    )
    under_rank.height = index.bottom - under_rank.y
    for suit in "HDSC":
        surface = art.card(Card(7, suit), width)
        box = ink_box(surface, under_rank, hex_rgb(art_module.STANDARD_INK[suit]), tol=60)
        assert box.width * box.height >= 75 and (suit != "H" or box.width >= 11), (suit, box)
        assert index.contains(box)


def test_four_colour_deck_recolours_diamonds_and_clubs(art):
    width = 100
    blue = hex_rgb(art_module.FOUR_COLOUR_INK["D"])
    green = hex_rgb(art_module.FOUR_COLOUR_INK["C"])
    red = hex_rgb(art_module.STANDARD_INK["D"])
    whole = pygame.Rect((0, 0), art.card_size(width))
    diamonds = art.card(Card(5, "D"), width, four_colour=True)
    assert ink_pixels(diamonds, whole, blue, 20) > 100
    assert ink_pixels(diamonds, whole, red, 20) == 0
    clubs = art.card(Card(5, "C"), width, four_colour=True)
    assert ink_pixels(clubs, whole, green, 20) > 100
    standard = art.card(Card(5, "D"), width)
    assert ink_pixels(standard, whole, blue, 20) == 0


def test_french_indices_differ_only_on_letters(art):
    width = 100

    def same(a: pygame.Surface, b: pygame.Surface) -> bool:
        return pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")

    assert not same(art.card(Card(13, "S"), width, lang="en"), art.card(Card(13, "S"), width, lang="fr"))
    assert not same(art.card(Card(11, "D"), width, lang="en"), art.card(Card(11, "D"), width, lang="fr"))
    assert same(art.card(Card(7, "S"), width, lang="en"), art.card(Card(7, "S"), width, lang="fr"))
    assert same(art.card(Card(1, "H"), width, lang="en"), art.card(Card(1, "H"), width, lang="fr"))


def test_wild_badge_marks_the_card(art):
    width = 100
    plain = art.card(Card(2, "C"), width)
    marked = art.card(Card(2, "C"), width, wild_badge=True)
    badge = pygame.Rect(0, 0, width // 4, art.card_size(width)[1] // 2)
    gold = hex_rgb("#f4c430")
    assert ink_pixels(marked, badge, gold, 30) > 20
    assert ink_pixels(plain, badge, gold, 30) == 0


def test_jokers_are_unlike_any_card(art):
    width = 80
    j1, j2 = art.card(joker(0), width), art.card(joker(1), width)
    assert pygame.image.tobytes(j1, "RGBA") != pygame.image.tobytes(j2, "RGBA")
    assert distinct_colours(j1) > distinct_colours(art.card(Card(3, "S"), width))


def test_backs(art):
    for style in BACK_STYLES:
        surface = art.card_back(90, style)
        assert surface.get_size() == art.card_size(90)
        assert distinct_colours(surface) > 8
    assert art.card_back(90, "no such style") is art.card_back(90, BACK_STYLES[0])
    blue = art.card_back(90, "blue").get_at((45, 30))
    red = art.card_back(90, "red").get_at((45, 30))
    assert blue.b > blue.r and red.r > red.b


# ----------------------------------------------------------------------------- cache


def test_cache_returns_the_same_surface(art):
    a = art.card(Card(4, "S"), 77)
    assert art.card(Card(4, "S", copy=1), 77) is a
    assert art.card(Card(4, "S"), 77, lang="fr") is art.card(Card(4, "S"), 77, lang="fr")
    assert art.card(Card(4, "S"), 78) is not a
    assert art.card(Card(4, "S"), 77, four_colour=True) is not a
    assert art.tile(Tile("R", 5), 50) is art.tile(Tile("R", 5, copy=1), 50)
    assert art.icon("settings", 32) is art.icon("settings", 32)
    assert art.felt((200, 100)) is art.felt((200, 100))


def test_cache_is_bounded():
    cache = SurfaceCache(max_bytes=10 * 10 * 4 * 3, max_entries=100)
    for i in range(10):
        cache.get(i, lambda: pygame.Surface((10, 10)))
    assert len(cache) == 3
    small = SurfaceCache(max_bytes=10**9, max_entries=4)
    for i in range(10):
        small.get(i, lambda: pygame.Surface((2, 2)))
    assert len(small) == 4


# ----------------------------------------------------------------------------- tiles


@pytest.mark.parametrize("width", [36, 60, 140])
def test_every_tile_has_the_right_size_and_is_drawn(art, width):
    size = art.tile_size(width)
    assert abs(size[0] / size[1] - 0.72) < 0.02
    for tile in ALL_TILES:
        for colour_blind in (False, True):
            surface = art.tile(tile, width, colour_blind=colour_blind)
            assert surface.get_size() == size, tile
            assert distinct_colours(surface) > 6, tile
    assert art.tile_back(width).get_size() == size


def test_tile_numbers_use_their_colour_and_marks_appear_when_asked(art):
    width = 100
    w, h = art.tile_size(width)
    number_box = pygame.Rect(0, h // 5, w, h // 3)
    mark_box = pygame.Rect(0, int(h * 0.66), w, int(h * 0.16))
    for colour in COLOURS:
        ink = hex_rgb(art_module.TILE_INK[colour])
        plain = art.tile(Tile(colour, 8), width)
        marked = art.tile(Tile(colour, 8), width, colour_blind=True)
        assert ink_pixels(plain, number_box, ink, 25) > 50, colour
        assert ink_pixels(plain, mark_box, ink, 25) == 0, colour
        assert ink_pixels(marked, mark_box, ink, 25) > 20, colour


def test_colour_blind_marks_differ_between_colours(art):
    width = 100
    w, h = art.tile_size(width)
    box = pygame.Rect(0, int(h * 0.66), w, int(h * 0.16))
    shapes = set()
    for colour in COLOURS:
        surface = art.tile(Tile(colour, 3), width, colour_blind=True)
        mask = tuple(
            surface.get_at((x, y)).r < 235
            for y in range(box.top, box.bottom, 2)
            for x in range(box.left, box.right, 2)
        )
        shapes.add(mask)
    assert len(shapes) == 4


# ----------------------------------------------------------------------------- interface pieces


def test_icons_render_tinted_and_unknown_icons_raise(art):
    for name in ICON_NAMES:
        surface = art.icon(name, 40, (255, 0, 0))
        assert surface.get_size() == (40, 40)
        opaque = [
            surface.get_at((x, y)) for y in range(40) for x in range(40) if surface.get_at((x, y)).a > 200
        ]
        assert len(opaque) > 20, name
        assert all(c.g < 60 and c.b < 60 for c in opaque), name
    with pytest.raises(ValueError):
        art.icon("no_such_icon", 32)


def test_felt_emblem_and_fonts(art):
    felt = art.felt((320, 200))
    assert felt.get_size() == (320, 200)
    centre, corner = felt.get_at((160, 100)), felt.get_at((1, 1))
    assert centre.g > centre.r and centre.g > centre.b
    assert sum(corner[:3]) < sum(centre[:3])  # the vignette darkens the edges
    assert art.felt((320, 200), "blue").get_at((160, 100)).b > centre.b
    emblem = art.emblem(128)
    assert emblem.get_size() == (128, 128)
    assert distinct_colours(emblem) > 20
    for path in (art.font_path(False), art.font_path(True), art.display_font_path()):
        font = pygame.freetype.Font(path)
        # French accents and the four suit symbols are all in the bundled faces
        assert all(m is not None for m in font.get_metrics("éèàçôùœÉ♠♥♦♣", size=20)), path


def test_jokers_never_get_a_badge(art):
    assert art.card(joker(0), 70, wild_badge=True) is art.card(joker(0), 70)


def test_works_before_any_display_mode_is_set():
    pygame.display.quit()
    fresh = Art()
    surface = fresh.card(Card(12, "D"), 50)
    assert surface.get_size() == fresh.card_size(50)
    assert fresh.tile(Tile("O", 12), 40, colour_blind=True).get_size() == fresh.tile_size(40)
    assert fresh.felt((64, 40)).get_size() == (64, 40)
