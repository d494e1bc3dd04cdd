"""Render contact sheets of the game's art into a folder (default /tmp/art) to look at.

python tools/art_sheet.py [OUT_DIR]

Sheets: every card face at 60 and 160 px (standard and four-colour, English and French
indices), jokers and backs, a fanned hand, every tile with and without colour-blind marks,
the icons, the emblem and the felt.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.engine.pieces import COLOURS, SUITS, Card, Tile, joker, star  # noqa: E402
from game.ui.art import ICON_NAMES, Art  # noqa: E402

FELT = (24, 92, 62)


def grid(surfaces: list[pygame.Surface], columns: int, gap: int = 8) -> pygame.Surface:
    """Lay surfaces out in rows on the felt colour."""
    cw = max(s.get_width() for s in surfaces)
    ch = max(s.get_height() for s in surfaces)
    rows = (len(surfaces) + columns - 1) // columns
    sheet = pygame.Surface((gap + columns * (cw + gap), gap + rows * (ch + gap)))
    sheet.fill(FELT)
    for i, s in enumerate(surfaces):
        r, c = divmod(i, columns)
        sheet.blit(s, (gap + c * (cw + gap), gap + r * (ch + gap)))
    return sheet


def deck(art: Art, width: int, lang: str, four: bool) -> list[pygame.Surface]:
    cards = [art.card(Card(r, s), width, lang=lang, four_colour=four) for s in SUITS for r in range(1, 14)]
    cards += [art.card(joker(0), width), art.card(joker(1), width)]
    cards += [art.card_back(width, "blue"), art.card_back(width, "red")]
    cards += [
        art.card(Card(2, "H"), width, wild_badge=True),
        art.card(Card(2, "C"), width, wild_badge=True, four_colour=four),
    ]
    return cards


def fan(art: Art, width: int, step: float, lang: str = "en", four: bool = False) -> pygame.Surface:
    hand = [Card(1, "S"), Card(10, "H"), Card(12, "H"), Card(7, "D"), Card(11, "C"), Card(13, "S"), joker(0)]
    hand += [Card(2, "D"), Card(9, "C"), Card(8, "S"), Card(12, "D"), Card(5, "C"), Card(13, "D")]
    w, h = art.card_size(width)
    sheet = pygame.Surface((round(step * width * (len(hand) - 1) + w + 40), h + 40))
    sheet.fill(FELT)
    for i, card in enumerate(hand):
        sheet.blit(
            art.card(card, width, lang=lang, four_colour=four, wild_badge=card.rank == 2),
            (20 + round(i * step * width), 20),
        )
    return sheet


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/art")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    art = Art()
    for width in (60, 160):
        for lang, four in (("en", False), ("fr", True)):
            name = f"cards_{width}_{lang}_{'four' if four else 'std'}.png"
            pygame.image.save(grid(deck(art, width, lang, four), 13), str(out / name))
    for width in (40, 90, 300):
        pygame.image.save(
            grid(deck(art, width, "en", False)[:13] + deck(art, width, "en", False)[52:], 9),
            str(out / f"cards_{width}.png"),
        )
    pygame.image.save(fan(art, 60, 0.36), str(out / "fan_60.png"))
    pygame.image.save(fan(art, 110, 0.3, "fr", True), str(out / "fan_110_fr_four.png"))
    for width in (60, 160):
        tiles = [art.tile(Tile(c, n), width) for c in COLOURS for n in range(1, 14)]
        tiles += [art.tile(star(), width), art.tile_back(width)]
        tiles += [art.tile(Tile(c, n), width, colour_blind=True) for c in COLOURS for n in range(1, 14)]
        pygame.image.save(grid(tiles, 15), str(out / f"tiles_{width}.png"))
    icons = [art.icon(n, s) for s in (24, 48) for n in ICON_NAMES]
    pygame.image.save(grid(icons, len(ICON_NAMES)), str(out / "icons.png"))
    pygame.image.save(grid([art.emblem(320), art.emblem(96)], 2), str(out / "emblem.png"))
    pygame.image.save(art.felt((1280, 800)), str(out / "felt.png"))
    icon = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    pygame.image.save(
        grid([icon, pygame.transform.smoothscale(icon, (32, 32))], 2), str(out / "app_icon.png")
    )
    print(f"sheets written to {out}")


if __name__ == "__main__":
    main()
