"""Generate the game's vector art: card faces and backs, tiles, icons, emblem, felt grain, app icon.

Run from the repository root:  python tools/make_art.py

Writes SVG files under assets/cards, assets/tiles and assets/ui, the felt grain as a small PNG,
and the application icon (assets/icon.png, assets/icon.ico, assets/icon.icns, rasterised with
pygame-ce). The output is deterministic: running it twice gives the same bytes. Letters and
digits are not in the SVG files (the renderer inside pygame-ce draws no text): the loader
(game/ui/art.py) draws them with the bundled font, at the positions given by the layout
constants imported below.
"""

from __future__ import annotations

import io
import math
import os
import random
import struct
import sys
import zlib
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.ui.art import (  # noqa: E402
    CARD_VIEW,
    INDEX_CX,
    INDEX_PIP_CY,
    INDEX_PIP_W,
    STANDARD_INK,
    TILE_INK,
    TILE_VIEW,
)

ASSETS = ROOT / "assets"
W, H = CARD_VIEW
TW, TH = TILE_VIEW

# ----------------------------------------------------------------------------- palette

IVORY = "#fffdf7"
CARD_EDGE = "#a39b8b"
OUTLINE = "#2a2622"
GOLD = "#e8b423"
GOLD_DARK = "#b07d12"
RED = "#c63a2f"
BLUE = "#2a58a8"
BLUE_DARK = "#1d3d78"
SKIN = "#f9dcc4"
SKIN_SHADE = "#efc2a4"
WHITE = "#ffffff"
HAIR_GREY = "#dcd8cf"
HAIR_GOLD = "#f0c64c"
HAIR_BROWN = "#a8672a"
STEEL = "#c9d0da"
GREEN = "#3d8b45"
PANEL = "#fffaf0"
OUT_W = 4.0
"""Width of every outline on the figures, in card units."""

# ----------------------------------------------------------------------------- helpers


def f(value: float) -> str:
    """A number written compactly and deterministically."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def poly(points: Iterable[tuple[float, float]]) -> str:
    """Path data of a closed polygon."""
    return "M" + "L".join(f"{f(x)} {f(y)}" for x, y in points) + "Z"


def svg(width: float, height: float, body: str, defs: str = "") -> str:
    """A complete SVG document. ``width``/``height`` repeat the view box so that the loader can
    replace them with the pixel size it wants (``preserveAspectRatio="none"`` then fills it)."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{f(width)}" height="{f(height)}" '
        f'viewBox="0 0 {f(width)} {f(height)}" preserveAspectRatio="none">\n'
    )
    defs_block = f"<defs>\n{defs}</defs>\n" if defs else ""
    return head + defs_block + body + "</svg>\n"


def path(
    d: str,
    fill: str = "none",
    stroke: str | None = None,
    width: float = OUT_W,
    extra: str = "",
    cap: str = "round",
) -> str:
    attrs = f'd="{d}" fill="{fill}"'
    if stroke:
        attrs += (
            f' stroke="{stroke}" stroke-width="{f(width)}" stroke-linejoin="round" stroke-linecap="{cap}"'
        )
    return f"<path {attrs}{extra}/>\n"


def circle(
    cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = None, width: float = OUT_W
) -> str:
    attrs = f'cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{f(width)}"'
    return f"<circle {attrs}/>\n"


def ellipse(
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    fill: str = "none",
    stroke: str | None = None,
    width: float = OUT_W,
) -> str:
    attrs = f'cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{f(width)}"'
    return f"<ellipse {attrs}/>\n"


def rect(
    x: float,
    y: float,
    w: float,
    h: float,
    rx: float = 0,
    fill: str = "none",
    stroke: str | None = None,
    width: float = OUT_W,
) -> str:
    attrs = f'x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" fill="{fill}"'
    if rx:
        attrs += f' rx="{f(rx)}" ry="{f(rx)}"'
    if stroke:
        attrs += f' stroke="{stroke}" stroke-width="{f(width)}"'
    return f"<rect {attrs}/>\n"


def group(body: str, transform: str = "", opacity: float | None = None) -> str:
    attrs = f' transform="{transform}"' if transform else ""
    if opacity is not None:
        attrs += f' opacity="{f(opacity)}"'
    return f"<g{attrs}>\n{body}</g>\n"


def circle_d(cx: float, cy: float, r: float) -> str:
    """A circle as a closed sub-path (so several can share one ``<path>``)."""
    return (
        f"M{f(cx - r)} {f(cy)}A{f(r)} {f(r)} 0 1 0 {f(cx + r)} {f(cy)}"
        f"A{f(r)} {f(r)} 0 1 0 {f(cx - r)} {f(cy)}Z"
    )


def star_points(
    cx: float, cy: float, outer: float, inner: float, n: int = 5, turn: float = 0
) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / n - math.pi / 2 + turn
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def pc(fraction: float) -> str:
    """A fraction as a percentage (the renderer ignores bare fractions in gradients)."""
    return f"{f(fraction * 100)}%"


def linear_gradient(ident: str, stops: list[tuple[float, str]], x1=0.0, y1=0.0, x2=0.0, y2=1.0) -> str:
    """A gradient across the shape's box, from (x1, y1) to (x2, y2) in fractions of it."""
    stop_xml = "".join(f'<stop offset="{f(o)}" stop-color="{c}"/>' for o, c in stops)
    return (
        f'<linearGradient id="{ident}" x1="{pc(x1)}" y1="{pc(y1)}" x2="{pc(x2)}" y2="{pc(y2)}">'
        f"{stop_xml}</linearGradient>\n"
    )


def radial_gradient(ident: str, stops: list[tuple[float, str]], cx=0.5, cy=0.5, r=0.5) -> str:
    """A radial gradient centred at (cx, cy), radius r, in fractions of the shape's box."""
    stop_xml = "".join(f'<stop offset="{f(o)}" stop-color="{c}"/>' for o, c in stops)
    return (
        f'<radialGradient id="{ident}" cx="{pc(cx)}" cy="{pc(cy)}" r="{pc(r)}">{stop_xml}</radialGradient>\n'
    )


# ----------------------------------------------------------------------------- suit shapes
# Each suit is drawn in a box 100 units wide centred on the origin (y down).

SUIT_D = {
    "H": (
        "M0 -27C-5 -41 -16 -46 -26 -46C-40 -46 -50 -35 -50 -21C-50 2 -24 20 0 45"
        "C24 20 50 2 50 -21C50 -35 40 -46 26 -46C16 -46 5 -41 0 -27Z"
    ),
    "D": "M0 -50C11 -33 23 -17 37 0C23 17 11 33 0 50C-11 33 -23 17 -37 0C-23 -17 -11 -33 0 -50Z",
    "S": (
        "M0 -50C9 -34 50 -14 50 11C50 27 38 35 26 35C16 35 9 31 5 25"
        "C6 36 11 44 20 50H-20C-11 44 -6 36 -5 25C-9 31 -16 35 -26 35"
        "C-38 35 -50 27 -50 11C-50 -14 -9 -34 0 -50Z"
    ),
    "C": (
        circle_d(0, -25, 23.5)
        + circle_d(-26, 9, 23.5)
        + circle_d(26, 9, 23.5)
        + "M0 -12L-18 12L18 12Z"
        + "M-5 8C-5 30 -11 42 -21 50H21C11 42 5 30 5 8Z"
    ),
}


def pip(suit: str, cx: float, cy: float, width: float, flip: bool = False, fill: str | None = None) -> str:
    """A suit symbol ``width`` units wide centred on (cx, cy); ``flip`` turns it upside down."""
    scale = width / 100
    turn = " rotate(180)" if flip else ""
    colour = fill or STANDARD_INK[suit]
    return path(
        SUIT_D[suit], colour, extra=f' transform="translate({f(cx)} {f(cy)}) scale({f(scale)}){turn}"'
    )


# ----------------------------------------------------------------------------- card faces

CORNER_R = 38
PIP_W = 102
COL_X = (208, 315, 422)
ROW_TOP, ROW_BOTTOM = 142, 738


def card_frame() -> str:
    return rect(2, 2, W - 4, H - 4, CORNER_R - 2, IVORY, CARD_EDGE, 4)


def index_pips(suit: str) -> str:
    """The small suit under the rank, top-left and (turned) bottom-right."""
    return pip(suit, INDEX_CX, INDEX_PIP_CY, INDEX_PIP_W) + pip(
        suit, W - INDEX_CX, H - INDEX_PIP_CY, INDEX_PIP_W, flip=True
    )


PIP_LAYOUT: dict[int, list[tuple[int, float]]] = {
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(c, r) for r in (0, 0.5, 1) for c in (0, 2)],
    7: [(c, r) for r in (0, 0.5, 1) for c in (0, 2)] + [(1, 0.25)],
    8: [(c, r) for r in (0, 0.5, 1) for c in (0, 2)] + [(1, 0.25), (1, 0.75)],
    9: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (0, 2)] + [(1, 0.5)],
    10: [(c, r) for r in (0, 1 / 3, 2 / 3, 1) for c in (0, 2)] + [(1, 1 / 6), (1, 5 / 6)],
}
"""Traditional pip positions: (column 0-2, row 0-1 from top to bottom)."""


def number_body(rank: int, suit: str) -> str:
    out = []
    for col, row in PIP_LAYOUT[rank]:
        y = ROW_TOP + (ROW_BOTTOM - ROW_TOP) * row
        out.append(pip(suit, COL_X[col], y, PIP_W, flip=row > 0.5))
    return "".join(out)


def ace_body(suit: str) -> str:
    if suit != "S":
        return pip(suit, W / 2, H / 2, 210)
    return ace_of_spades()


def ace_of_spades() -> str:
    """The decorated ace: a large spade in a laurel ring with a scroll below."""
    cx, cy = W / 2, H / 2 - 6
    ink = STANDARD_INK["S"]
    out = [circle(cx, cy, 196, "none", GOLD, 5), circle(cx, cy, 184, "none", ink, 2)]
    leaves = []
    for side in (-1, 1):
        for i in range(11):
            a = math.radians(110 + i * 13.5) if side < 0 else math.radians(70 - i * 13.5)
            lx, ly = cx + 190 * math.cos(a), cy + 190 * math.sin(a)
            rot = math.degrees(a) + (90 if side < 0 else -90) + 35 * side
            leaves.append(
                ellipse(0, 0, 8, 17, GREEN, OUTLINE, 2).replace(
                    "<ellipse", f'<ellipse transform="translate({f(lx)} {f(ly)}) rotate({f(rot)})"'
                )
            )
    out.extend(leaves)
    out.append(pip("S", cx, cy, 250))
    inner = path(
        SUIT_D["S"], "none", "#f6f1e4", 3.2, extra=f' transform="translate({f(cx)} {f(cy)}) scale(1.7)"'
    )
    out.append(inner)
    # small ornament in the heart of the spade
    out.append(path(SUIT_D["S"], GOLD, extra=f' transform="translate({f(cx)} {f(cy - 4)}) scale(0.42)"'))
    out.append(circle(cx, cy - 64, 9, GOLD))
    return "".join(out)


# ----------------------------------------------------------------------------- court cards
# Each court card is a half figure drawn once in the top half of a framed panel and repeated,
# turned half a turn, in the bottom half. The half panel is PW x PH units; heads are drawn in
# coordinates centred on the face, held objects in half-panel coordinates.

PANEL_X0, PANEL_X1 = 152, 478
PANEL_Y0, PANEL_Y1 = 46, 834
PW = PANEL_X1 - PANEL_X0  # 326
PH = (PANEL_Y1 - PANEL_Y0) / 2  # 394
HX = 147
"""Centre line of the figure in the half panel (left of the middle: the held object is right)."""
NECK = 236
"""Height in the half panel where the shoulders meet the neck."""

COURT_COLOURS = {
    # robe, trim, accent
    "S": (BLUE, GOLD, RED),
    "H": (RED, GOLD, BLUE),
    "D": (RED, BLUE, GOLD),
    "C": (BLUE, RED, GOLD),
}


def at(x: float, y: float, body: str) -> str:
    """``body`` drawn with its origin moved to (x, y)."""
    return group(body, f"translate({f(x)} {f(y)})")


def face(rx: float, ry: float, young: bool = False, lady: bool = False) -> str:
    """A face centred on the origin: skin oval, eyes, brows, nose, mouth and cheeks."""
    brow = -19 if lady else -17
    out = [ellipse(0, 0, rx, ry, SKIN, OUTLINE)]
    for s in (-1, 1):
        out.append(ellipse(16 * s, -4, 8, 4.4, WHITE, OUTLINE, 2.2))
        out.append(circle(17.2 * s, -4, 3.3, OUTLINE))
        out.append(
            path(
                f"M{16 * s - 9} {brow + 2}Q{16 * s} {brow - 4} {16 * s + 9} {brow + 2}", "none", OUTLINE, 2.6
            )
        )
        out.append(circle(23 * s, 15, 7.5, "#f4b8a4"))
    out.append(path("M1 2Q-7 17 2 19", "none", OUTLINE, 2.4))
    out.append(path("M-9 30Q0 36 9 30Q0 32 -9 30Z", "#cf3b3b" if lady else "#b9574a", OUTLINE, 2))
    if young:
        out.append(path("M-12 25Q0 22 12 25", "none", HAIR_BROWN, 2.2))
    return "".join(out)


def robe(colours: tuple[str, str, str], kind: str) -> str:
    """Shoulders and chest filling the bottom of the half panel, with the collar of ``kind``."""
    main, trim, accent = colours
    dot = WHITE if trim != GOLD else RED
    out = [path("M0 394L0 296C16 260 60 242 107 238L187 238C266 242 310 260 326 296L326 394Z", main, OUTLINE)]
    out.append(brocade(trim))
    out.append(path("M87 240L147 394L207 240Z", accent, OUTLINE))
    out.append(path("M87 240L143 394L123 394L63 240Z", trim, OUTLINE, 3))
    out.append(path("M207 240L151 394L171 394L231 240Z", trim, OUTLINE, 3))
    for i in range(1, 6):
        y = 240 + 154 * i / 6
        reach = 72 - 58 * i / 6
        out.append(
            circle(HX - reach, y, 4.2, dot, OUTLINE, 1.5) + circle(HX + reach, y, 4.2, dot, OUTLINE, 1.5)
        )
    for y in (280, 314, 348):
        out.append(path(poly([(HX, y - 10), (HX + 7, y), (HX, y + 10), (HX - 7, y)]), trim, OUTLINE, 1.6))
    out.append(at(HX, NECK, COLLARS[kind]()))
    return "".join(out)


def brocade(colour: str) -> str:
    """Small four-pointed stars scattered over the robe, outside the tunic front and the arm."""
    marks = []
    for row, y in enumerate(range(NECK + 44, int(PH) - 8, 34)):
        for x in range(16 + (17 if row % 2 else 0), PW - 8, 34):
            t = (y - NECK) / (PH - NECK)
            if abs(x - HX) < 86 * (1 - t) + 22 or (x > PW - 100 and y < NECK + 60):
                continue
            marks.append(poly(star_points(x, y, 7, 3.5, 4)))
    return path("".join(marks), colour, extra=' opacity="0.9"')


def ermine_collar() -> str:
    out = [path("M-100 14C-60 -8 60 -8 100 14C70 44 -70 44 -100 14Z", WHITE, OUTLINE)]
    for i in range(8):
        x, y = -80 + i * 23, 12 + (7 if i % 2 else 0)
        out.append(path(poly([(x, y - 5), (x + 3.5, y + 6), (x - 3.5, y + 6)]), OUTLINE))
    return "".join(out)


def lace_collar() -> str:
    scallops = "".join(f"Q{f(73.5 - 21 * i)} 36 {63 - 21 * i} 14" for i in range(8))
    out = [path("M-84 14C-50 -6 50 -6 84 14" + scallops + "Z", WHITE, OUTLINE, 3)]
    for i in range(9):
        a = math.radians(20 + i * 17.5)
        out.append(circle(-56 * math.cos(a), 6 + 14 * math.sin(a), 4.5, GOLD, OUTLINE, 1.5))
    return "".join(out)


def pointed_collar() -> str:
    return path("M-74 6L-42 42L0 14L42 42L74 6Q0 -10 -74 6Z", WHITE, OUTLINE, 3)


COLLARS = {"K": ermine_collar, "Q": lace_collar, "J": pointed_collar}


def arm(sleeve: str) -> str:
    """The figure's right arm, raised from the bottom edge to hold something at (266, 310)."""
    line = "M297 394C297 370 296 340 274 322"
    out = [path(line, "none", OUTLINE, 50, cap="butt"), path(line, "none", sleeve, 42, cap="butt")]
    cuff = ellipse(0, 0, 24, 10, WHITE, OUTLINE, 3)
    out.append(group(cuff, "translate(274 326) rotate(-28)"))
    return "".join(out)


def fist() -> str:
    """The hand closed round a shaft at (266, 310)."""
    return rect(251, 296, 30, 26, 10, SKIN, OUTLINE, 3) + path(
        "M252 306H268M252 314H268", "none", OUTLINE, 1.8
    )


def sleeve_colour(colours: tuple[str, str, str]) -> str:
    _, trim, accent = colours
    return trim if trim != GOLD else accent


def king_half(suit: str) -> str:
    """A bearded king with an ermine collar, a crown over a velvet cap, and a sceptre."""
    colours = COURT_COLOURS[suit]
    accent = colours[2]
    hair = path("M-58 -40C-72 10 -70 60 -50 80L50 80C70 60 72 10 58 -40Z", HAIR_GREY, OUTLINE)
    neck = rect(-18, 40, 36, 60, 0, SKIN_SHADE, OUTLINE, 3)
    sceptre = [
        rect(260, 64, 12, PH - 64, 0, GOLD, OUTLINE, 3),
        circle(266, 50, 16, GOLD, OUTLINE, 3),
        path("M250 50H282M266 34V66", "none", OUTLINE, 2.5),
        path("M266 8V34M257 18H275", "none", OUTLINE, 9),
        path("M266 8V34M257 18H275", "none", GOLD, 4),
    ]
    beard = [
        path(
            "M-46 2C-46 62 -22 100 0 110C22 100 46 62 46 2C38 30 24 42 0 42C-24 42 -38 30 -46 2Z",
            HAIR_GREY,
            OUTLINE,
        )
    ]
    for i in range(4):
        x = -27 + i * 18
        beard.append(path(f"M{x} 52Q{x + 4} 74 {f(x * 0.4)} 98", "none", "#a9a398", 2))
    beard.append(path("M-9 34Q0 39 9 34", "none", OUTLINE, 2.4))
    beard.append(
        path(
            "M0 22C-10 16 -26 20 -34 32C-22 28 -10 30 0 27C10 30 22 28 34 32C26 20 10 16 0 22Z",
            HAIR_GREY,
            OUTLINE,
            2.4,
        )
    )
    crown = [
        path("M-44 -62Q0 -118 44 -62Z", accent, OUTLINE),
        path("M-52 -44L-58 -108L-30 -76L-15 -120L0 -82L15 -120L30 -76L58 -108L52 -44Z", GOLD, OUTLINE),
        *(circle(x, y, 6, GOLD, OUTLINE, 2.5) for x, y in ((-58, -108), (-15, -120), (15, -120), (58, -108))),
        rect(-54, -62, 108, 22, 3, GOLD, OUTLINE, 3),
        *(circle(-36 + i * 18, -51, 5, (RED, BLUE)[i % 2], OUTLINE, 1.6) for i in range(5)),
    ]
    head = face(46, 56) + "".join(beard) + "".join(crown)
    return (
        at(HX, 146, hair + neck)
        + robe(colours, "K")
        + arm(sleeve_colour(colours))
        + "".join(sceptre)
        + fist()
        + at(HX, 146, head)
    )


def queen_half(suit: str) -> str:
    """A queen with a veil, golden hair, a coronet with three fleurons, and a rose."""
    colours = COURT_COLOURS[suit]
    main, _, accent = colours
    veil = path(
        "M-40 -70C-96 -40 -104 60 -112 104L112 104C104 60 96 -40 40 -70Z",
        BLUE_DARK if main == RED else "#7a1f2b",
        OUTLINE,
    )
    hair = path("M-50 -40C-66 10 -64 56 -44 76L44 76C64 56 66 10 50 -40Z", HAIR_GOLD, OUTLINE)
    neck = rect(-16, 36, 32, 58, 0, SKIN_SHADE, OUTLINE, 3)
    rose = [
        path("M266 310C272 240 262 198 270 118", "none", GREEN, 5),
        path("M271 188C300 172 306 192 271 188Z", GREEN, OUTLINE, 2),
        path("M268 228C240 212 236 232 268 228Z", GREEN, OUTLINE, 2),
        *(
            circle(270 + 11 * math.cos(a), 118 + 11 * math.sin(a), 11, "#d7263d", OUTLINE, 2)
            for a in _angles(5, -90)
        ),
        circle(270, 118, 8, GOLD, OUTLINE, 2),
    ]
    fringe = path(
        "M-41 -8C-40 -48 -10 -58 0 -54C10 -58 40 -48 41 -8C30 -34 12 -38 0 -32C-12 -38 -30 -34 -41 -8Z",
        HAIR_GOLD,
        OUTLINE,
        3,
    )
    coronet = [
        path("M-40 -48L-44 -78Q-32 -70 -22 -78L0 -106L22 -78Q32 -70 44 -78L40 -48Z", GOLD, OUTLINE),
        circle(0, -108, 6, RED, OUTLINE, 2.5),
        circle(-44, -80, 5, GOLD, OUTLINE, 2.2),
        circle(44, -80, 5, GOLD, OUTLINE, 2.2),
        circle(0, -65, 7, BLUE if accent == BLUE else RED, OUTLINE, 2),
    ]
    head = face(41, 52, lady=True) + fringe + "".join(coronet)
    return (
        at(HX, 152, veil + hair + neck)
        + robe(colours, "Q")
        + arm(sleeve_colour(colours))
        + "".join(rose)
        + fist()
        + at(HX, 152, head)
    )


def jack_half(suit: str) -> str:
    """A young jack with curls, a feathered cap, and a halberd."""
    colours = COURT_COLOURS[suit]
    _, trim, accent = colours
    right = "".join(
        f"Q{60 + (14 if i % 2 == 0 else 0)} {i * 22 - 9} 56 {(i + 1) * 22 - 20}" for i in range(4)
    )
    left = "".join(
        f"Q{-60 - (14 if i % 2 == 0 else 0)} {57 - i * 22} -56 {68 - (i + 1) * 22}" for i in range(4)
    )
    hair = path("M-54 -40L54 -40L56 -20" + right + "L-56 68" + left + "Z", HAIR_BROWN, OUTLINE)
    neck = rect(-16, 36, 32, 54, 0, SKIN_SHADE, OUTLINE, 3)
    halberd = [
        rect(261, 52, 10, PH - 52, 0, HAIR_BROWN, OUTLINE, 3),
        path("M270 66C306 58 310 108 302 124C292 108 280 104 270 106Z", STEEL, OUTLINE, 3),
        path("M261 72L240 66L261 92Z", STEEL, OUTLINE, 3),
        path("M266 8L275 54L257 54Z", STEEL, OUTLINE, 3),
    ]
    cap = [
        path("M20 -66C-10 -120 -50 -146 -74 -140C-56 -124 -30 -96 6 -56Z", WHITE, OUTLINE, 3),
        path("M14 -62C-12 -106 -44 -134 -70 -139", "none", OUTLINE, 2),
        path("M-60 -36C-64 -84 50 -104 72 -56C74 -46 64 -38 60 -36Z", accent, OUTLINE),
        path("M-64 -28Q0 -50 64 -28L62 -46Q0 -66 -62 -46Z", trim, OUTLINE, 3),
        *(
            circle(-40 + i * 20, -42 - lift, 3.5, WHITE if trim != RED else GOLD, OUTLINE, 1.2)
            for i, lift in enumerate((0, 4, 6, 4, 0))
        ),
    ]
    head = face(41, 52, young=True) + "".join(cap)
    return (
        at(HX, 156, hair + neck)
        + robe(colours, "J")
        + arm(sleeve_colour(colours))
        + "".join(halberd)
        + fist()
        + at(HX, 156, head)
    )


def _angles(n: int, start: float) -> list[float]:
    """``n`` evenly spaced angles in radians, the first at ``start`` degrees."""
    return [math.radians(start + i * 360 / n) for i in range(n)]


COURT_HALF = {11: jack_half, 12: queen_half, 13: king_half}


def court_body(rank: int, suit: str) -> str:
    half = COURT_HALF[rank](suit)
    ink = STANDARD_INK[suit]
    height = PANEL_Y1 - PANEL_Y0
    panel = rect(PANEL_X0, PANEL_Y0, PW, height, 6, PANEL, OUTLINE, 4)
    top = group(half, f"translate({PANEL_X0} {PANEL_Y0})")
    bottom = group(half, f"translate({PANEL_X1} {PANEL_Y1}) rotate(180)")
    divider = rect(PANEL_X0, PANEL_Y0 + PH - 3, PW, 6, 0, GOLD, OUTLINE, 2)
    inner = rect(PANEL_X0 + 7, PANEL_Y0 + 7, PW - 14, height - 14, 3, "none", ink, 2)
    pips = pip(suit, PANEL_X0 + 32, PANEL_Y0 + 36, 42) + pip(
        suit, PANEL_X1 - 32, PANEL_Y1 - 36, 42, flip=True
    )
    frame = rect(PANEL_X0, PANEL_Y0, PW, height, 6, "none", OUTLINE, 4)
    return panel + top + bottom + divider + inner + pips + frame


def card_face(rank: int, suit: str) -> str:
    """The SVG of a card face: frame, index suits, and pips, an ace or a court panel."""
    if rank == 1:
        body = ace_body(suit)
    elif rank <= 10:
        body = number_body(rank, suit)
    else:
        body = court_body(rank, suit)
    return svg(W, H, card_frame() + index_pips(suit) + body)


# ----------------------------------------------------------------------------- jokers

JOKER_SCHEMES = (
    # sunburst light, sunburst deep, hat colours, tunic colours
    ("#fff3c4", "#f7a823", ("#d7263d", "#1b998b", "#3b5bdb"), ("#d7263d", "#f4d35e")),
    ("#e6f0ff", "#6f4fd0", ("#e4572e", "#29a35a", "#f4c430"), ("#3b2a8c", "#76d7ea")),
)


def joker_face(design: int) -> str:
    """A jester on a bright sunburst, framed like the court cards but never mirrored."""
    light, deep, hats, tunic = JOKER_SCHEMES[design]
    defs = radial_gradient("burst", [(0, light), (1, deep)], 0.5, 0.55, 0.65)
    x0, y0, x1, y1 = PANEL_X0, PANEL_Y0, PANEL_X1, PANEL_Y1
    cx = (x0 + x1) / 2
    out = [card_frame(), rect(x0, y0, x1 - x0, y1 - y0, 10, "url(#burst)")]
    rays = [
        poly(
            [
                (0, 0),
                (190 * math.cos(a), 190 * math.sin(a)),
                (190 * math.cos(a + 0.14), 190 * math.sin(a + 0.14)),
            ]
        )
        for a in _angles(18, 0)
    ]
    out.append(at(cx, 470, path("".join(rays), WHITE, extra=' opacity="0.35"')))
    rng = random.Random(17 + design)
    for i in range(8):
        sx = x0 + 40 + (i % 4) * (x1 - x0 - 80) / 3 + rng.uniform(-12, 12)
        sy = y0 + 60 + (i // 4) * 90 + rng.uniform(-14, 14)
        out.append(path(poly(star_points(sx, sy, 15, 6.5)), WHITE, OUTLINE, 2))
    k = (x1 - x0 - 6) / 352
    out.append(group(jester(hats, tunic), f"translate({f(cx)} {f(y1 - 2 - 838 * k)}) scale({f(k)})"))
    out.append(rect(x0, y0, x1 - x0, y1 - y0, 10, "none", OUTLINE, 4))
    out.append(rect(x0 + 8, y0 + 8, x1 - x0 - 16, y1 - y0 - 16, 5, "none", WHITE, 2.5))
    return svg(W, H, "".join(out), defs)


def jester(hats: tuple[str, str, str], tunic: tuple[str, str]) -> str:
    """The jester, centred on x = 0, 352 units wide, from the hat tip (y 11) down to y 838."""
    out = [
        path("M-176 838L-176 630C-140 580 -80 560 0 560C80 560 140 580 176 630L176 838Z", tunic[0], OUTLINE)
    ]
    diamonds = []
    for row in range(4):
        for col in range(-4, 5):
            x, y = col * 56 + (28 if row % 2 else 0), 630 + row * 56
            if abs(x) < 152 and y < 812:
                diamonds.append(poly([(x, y - 28), (x + 28, y), (x, y + 28), (x - 28, y)]))
    out.append(path("".join(diamonds), tunic[1], OUTLINE, 2.5))
    ruff = []
    for i in range(15):
        a = math.pi + math.pi * i / 14
        r = 150 if i % 2 == 0 else 108
        ruff.append((r * math.cos(a), 580 - 60 * math.sin(a) * r / 150))
    out.append(path(poly(ruff)[:-1] + f"Q0 630 {f(ruff[0][0])} {f(ruff[0][1])}Z", WHITE, OUTLINE, 5))
    out.extend(circle(x, y, 10, GOLD, OUTLINE, 3.5) for x, y in ruff[::2])
    out.append(ellipse(0, 450, 80, 92, SKIN, OUTLINE, 5))
    for s in (-1, 1):
        out.append(path(f"M{30 * s - 16} 438Q{30 * s} 420 {30 * s + 16} 438", "none", OUTLINE, 6))
        out.append(
            path(
                poly([(30 * s, 388), (30 * s + 9, 406), (30 * s, 424), (30 * s - 9, 406)]),
                hats[0],
                OUTLINE,
                2.5,
            )
        )
        out.append(circle(52 * s, 472, 15, "#f49a8c"))
    out.append(circle(0, 458, 16, hats[1], OUTLINE, 4))
    out.append(path("M-48 480Q0 548 48 480Q0 506 -48 480Z", "#8e1b24", OUTLINE, 4.5))
    lobes = (
        "M-92 380C-120 290 -170 190 -150 150C-90 170 -30 290 -6 380Z",
        "M-44 380C-40 250 -10 60 0 30C10 60 40 250 44 380Z",
        "M92 380C120 290 170 190 150 150C90 170 30 290 6 380Z",
    )
    out.extend(path(lobe, colour, OUTLINE, 5) for lobe, colour in zip(lobes, hats, strict=True))
    for x, y in ((-150, 150), (0, 30), (150, 150)):
        out.append(
            circle(x, y, 19, GOLD, OUTLINE, 4.5) + path(f"M{x - 9} {y + 5}H{x + 9}", "none", OUTLINE, 3)
        )
    out.append(path("M-96 396Q0 354 96 396L92 370Q0 330 -92 370Z", GOLD, OUTLINE, 5))
    for i, lift in enumerate((0, 7, 10, 7, 0)):
        out.append(circle(-60 + i * 30, 366 - lift, 7, hats[i % 3], OUTLINE, 2.5))
    return "".join(out)


# ----------------------------------------------------------------------------- card backs

BACK_SCHEMES = {
    "blue": ("#163a78", "#24509a", "#8fb3e8", "#e9d9a6"),
    "red": ("#7d1420", "#9c2230", "#e9a0a4", "#e9d9a6"),
}


def card_back(style: str) -> str:
    deep, mid, line, gold = BACK_SCHEMES[style]
    m = 30
    out = [card_frame(), rect(m, m, W - 2 * m, H - 2 * m, 26, deep)]
    x0, y0, x1, y1 = m + 22, m + 22, W - m - 22, H - m - 22
    step = 34.0
    lines = []
    # two families of diagonal lines, cut to the inner rectangle
    for family in (1, -1):
        k = -((y1 - y0) + (x1 - x0))
        while k <= (y1 - y0) + (x1 - x0):
            seg = _diag_segment(x0, y0, x1, y1, k, family)
            if seg:
                (ax, ay), (bx, by) = seg
                lines.append(f"M{f(ax)} {f(ay)}L{f(bx)} {f(by)}")
            k += step
    out.append(path("".join(lines), "none", mid, 5))
    out.append(path("".join(lines), "none", line, 1.6, extra=' opacity="0.55"'))
    # tiny diamonds where the lines cross
    dots = []
    cx0, cy0 = (x0 + x1) / 2, (y0 + y1) / 2
    half = step / 2
    for i in range(-20, 21):
        for j in range(-30, 31):
            x = cx0 + (i + j) * half
            y = cy0 + (j - i) * half
            if x0 + 6 < x < x1 - 6 and y0 + 6 < y < y1 - 6:
                dots.append(f"M{f(x)} {f(y - 4)}L{f(x + 4)} {f(y)}L{f(x)} {f(y + 4)}L{f(x - 4)} {f(y)}Z")
    out.append(path("".join(dots), gold, extra=' opacity="0.8"'))
    # borders
    out.append(rect(x0, y0, x1 - x0, y1 - y0, 8, "none", gold, 5))
    out.append(rect(x0 - 11, y0 - 11, x1 - x0 + 22, y1 - y0 + 22, 16, "none", line, 2))
    out.append(rect(x0 + 9, y0 + 9, x1 - x0 - 18, y1 - y0 - 18, 4, "none", gold, 1.6))
    # central medallion: a rosette
    cx, cy = W / 2, H / 2
    out.append(ellipse(cx, cy, 128, 150, deep, gold, 5))
    out.append(ellipse(cx, cy, 116, 138, "none", line, 1.6))
    petals = []
    for i in range(12):
        a = i * 30
        petals.append(
            ellipse(0, -62, 18, 44, mid, gold, 2.5).replace(
                "<ellipse", f'<ellipse transform="translate({f(cx)} {f(cy)}) rotate({a})"'
            )
        )
    out.extend(petals)
    out.append(path(poly(star_points(cx, cy, 52, 24, 8)), gold, deep, 2))
    out.append(circle(cx, cy, 16, deep, gold, 3))
    # corner fleurons
    for sx, sy in ((x0 + 40, y0 + 40), (x1 - 40, y0 + 40), (x0 + 40, y1 - 40), (x1 - 40, y1 - 40)):
        out.append(circle(sx, sy, 22, deep, gold, 3))
        out.append(path(poly(star_points(sx, sy, 15, 6, 4)), gold))
    return svg(W, H, "".join(out))


def _diag_segment(x0, y0, x1, y1, k, family):
    """The part of the line y - y0 = family * (x - x0) + k inside the rectangle, or None."""
    hits = []
    for x in (x0, x1):
        y = y0 + family * (x - x0) + k
        if y0 <= y <= y1:
            hits.append((x, y))
    for y in (y0, y1):
        x = x0 + (y - y0 - k) / family
        if x0 <= x <= x1:
            hits.append((x, y))
    hits = sorted(set((round(x, 3), round(y, 3)) for x, y in hits))
    if len(hits) < 2:
        return None
    return hits[0], hits[-1]


# ----------------------------------------------------------------------------- tiles

TILE_FACE_TOP = "#fffdf6"
TILE_FACE_BOTTOM = "#f5eedd"
TILE_EDGE = "#8f846c"


def tile_shell(face_fill: str = "url(#face)") -> tuple[str, str]:
    """The tile body: a darker block (its thickness) under an ivory face, with a highlight."""
    defs = linear_gradient("face", [(0, TILE_FACE_TOP), (1, TILE_FACE_BOTTOM)])
    defs += linear_gradient("side", [(0, "#ddd2b6"), (1, "#b6a888")])
    out = [
        rect(3, 3, TW - 6, TH - 6, 70, "url(#side)", TILE_EDGE, 5),
        rect(16, 12, TW - 32, TH - 62, 60, face_fill),
        path(
            f"M{f(40)} {f(TH - 70)}L{f(40)} 80Q40 36 86 36L{f(TW - 86)} 36",
            "none",
            "#ffffff",
            7,
            extra=' opacity="0.8"',
        ),
        rect(16, 12, TW - 32, TH - 62, 60, "none", "#b9ad92", 3),
    ]
    return defs, "".join(out)


def tile_face() -> str:
    defs, body = tile_shell()
    return svg(TW, TH, body, defs)


def tile_star() -> str:
    """The star (the tile joker): a big smiling star, with a dot of each colour in the corners."""
    defs, body = tile_shell()
    defs += radial_gradient("starfill", [(0, "#ffe680"), (0.7, "#f7b500"), (1, "#e88a00")], 0.45, 0.4, 0.6)
    cx, cy = TW / 2, 468
    out = [body]
    corners = ((130, 128), (TW - 130, 128), (130, TH - 180), (TW - 130, TH - 180))
    for (x, y), key in zip(corners, ("K", "R", "B", "O"), strict=True):
        out.append(circle(x, y, 36, TILE_INK[key], "#ffffff", 6))
    star = star_points(cx, cy + 16, 300, 136)
    out.append(path(poly(star), "url(#starfill)", "#7a4300", 14))
    for side in (-1, 1):
        out.append(ellipse(cx + 50 * side, cy - 4, 17, 27, "#3a2200"))
        out.append(circle(cx + 55 * side, cy - 14, 6, "#ffffff"))
        out.append(circle(cx + 98 * side, cy + 50, 22, "#ff8a5c"))
    out.append(
        path(
            f"M{f(cx - 66)} {f(cy + 48)}Q{f(cx)} {f(cy + 120)} {f(cx + 66)} {f(cy + 48)}",
            "none",
            "#3a2200",
            14,
        )
    )
    return svg(TW, TH, "".join(out), defs)


def tile_back() -> str:
    defs, body = tile_shell()
    defs += linear_gradient("inlay", [(0, "#1f6f6a"), (1, "#13514d")])
    out = [body, rect(92, 84, TW - 184, TH - 230, 40, "url(#inlay)", "#0e3d3a", 5)]
    out.append(rect(116, 108, TW - 232, TH - 278, 28, "none", "#e9d9a6", 4))
    cx, cy = TW / 2, 84 + (TH - 230) / 2
    out.append(path(poly(star_points(cx, cy, 120, 52)), "#e9d9a6"))
    out.append(circle(cx, cy, 160, "none", "#e9d9a6", 4))
    return svg(TW, TH, "".join(out), defs)


MARK_D = {
    "circle": circle_d(50, 50, 40),
    "triangle": "M50 8L94 86H6Z",
    "square": "M12 12H88V88H12Z",
    "diamond": "M50 4L94 50L50 96L6 50Z",
}
MARK_COLOUR = {"circle": "K", "triangle": "R", "square": "B", "diamond": "O"}


def tile_mark(kind: str) -> str:
    return svg(100, 100, path(MARK_D[kind], TILE_INK[MARK_COLOUR[kind]]))


# ----------------------------------------------------------------------------- interface

ICON_STROKE = 4.2


def icon_doc(body: str) -> str:
    """An icon on a 48 x 48 grid, drawn in white so the loader can tint it."""
    return svg(48, 48, body)


def stroke(d: str, width: float = ICON_STROKE) -> str:
    return path(d, "none", "#ffffff", width)


def solid(d: str) -> str:
    return path(d, "#ffffff")


def gear() -> str:
    teeth = []
    n = 8
    for i in range(n):
        a = 2 * math.pi * i / n
        for da, r in ((-0.2, 14), (-0.14, 20), (0.14, 20), (0.2, 14)):
            teeth.append((24 + r * math.cos(a + da), 24 + r * math.sin(a + da)))
    outer = poly(teeth)
    hole = "M30.5 24A6.5 6.5 0 1 1 17.5 24A6.5 6.5 0 1 1 30.5 24Z"
    return path(outer + hole, "#ffffff", extra=' fill-rule="evenodd"')


ICONS = {
    "settings": gear,
    "sound_on": lambda: (
        solid("M6 18H14L24 9V39L14 30H6Z") + stroke("M30 17Q35 24 30 31") + stroke("M35 11Q45 24 35 37")
    ),
    "sound_off": lambda: solid("M6 18H14L24 9V39L14 30H6Z") + stroke("M31 18L42 30M42 18L31 30"),
    "rules": lambda: stroke("M24 12Q16 7 6 9V38Q16 36 24 41Q32 36 42 38V9Q32 7 24 12ZM24 12V41", 3.6),
    "undo": lambda: stroke("M12 20H30Q40 20 40 30Q40 40 30 40H20") + solid("M4 20L15 10V30Z"),
    "reset": lambda: stroke("M38 24A14 14 0 1 1 33.9 14.1") + solid("M42 6V20H28Z"),
    "hint": lambda: (
        stroke("M18 32Q18 27 14.5 23A12 12 0 1 1 33.5 23Q30 27 30 32Z", 3.6)
        + stroke("M19 37H29M21 42H27", 3.6)
    ),
    "sort_rank": lambda: stroke("M8 12H22M8 24H30M8 36H40") + solid("M36 6L44 16H28Z"),
    "sort_suit": lambda: (
        path(SUIT_D["S"], "#ffffff", extra=' transform="translate(14 14) scale(0.2)"')
        + path(SUIT_D["H"], "#ffffff", extra=' transform="translate(34 14) scale(0.2)"')
        + path(SUIT_D["C"], "#ffffff", extra=' transform="translate(14 34) scale(0.2)"')
        + path(SUIT_D["D"], "#ffffff", extra=' transform="translate(34 34) scale(0.2)"')
    ),
    "menu": lambda: stroke("M8 13H40M8 24H40M8 35H40"),
    "close": lambda: stroke("M12 12L36 36M36 12L12 36"),
    "back": lambda: stroke("M28 10L14 24L28 38"),
    "check": lambda: stroke("M9 25L19 35L39 13"),
    "info": lambda: (
        stroke("M24 4A20 20 0 1 1 23.9 4Z", 3.4) + stroke("M24 21V35") + solid(circle_d(24, 14, 2.8))
    ),
    "timer": lambda: (
        stroke("M12 6H36M12 42H36", 3.6)
        + stroke("M15 6Q15 18 24 24Q15 30 15 42M33 6Q33 18 24 24Q33 30 33 42", 3.4)
        + solid("M18 40Q18 33 24 31Q30 33 30 40Z")
    ),
    "fullscreen": lambda: stroke("M6 17V6H17M31 6H42V17M42 31V42H31M17 42H6V31"),
}


def wild_badge() -> str:
    star = star_points(50, 52, 30, 13)
    body = circle(50, 50, 45, "#f4c430", "#6b4a00", 6)
    body += circle(50, 50, 36, "none", "#fff4c4", 3)
    body += path(poly(star), "#ffffff", "#6b4a00", 4)
    return svg(100, 100, body)


def mini_card(suit: str, angle: float, cx: float, cy: float, pivot: tuple[float, float], scale: float) -> str:
    """A small card with one big pip, turned about ``pivot`` (for the emblem and the app icon)."""
    w, h = 63 * scale, 88 * scale
    body = rect(cx - w / 2 + 2.5 * scale, cy - h / 2 + 3 * scale, w, h, 5 * scale, "#0b2a1d")
    body = group(body, opacity=0.35)
    body += rect(cx - w / 2, cy - h / 2, w, h, 5 * scale, IVORY, CARD_EDGE, 1.2 * scale)
    body += pip(suit, cx, cy + 2 * scale, 34 * scale)
    body += pip(suit, cx - w / 2 + 9 * scale, cy - h / 2 + 13 * scale, 9 * scale)
    body += pip(suit, cx + w / 2 - 9 * scale, cy + h / 2 - 13 * scale, 9 * scale, flip=True)
    return group(body, f"rotate({f(angle)} {f(pivot[0])} {f(pivot[1])})")


def mini_star_tile(cx: float, cy: float, scale: float) -> str:
    w, h = 72 * scale, 100 * scale
    out = group(
        rect(cx - w / 2 + 3 * scale, cy - h / 2 + 4 * scale, w, h, 9 * scale, "#0b2a1d"), opacity=0.35
    )
    out += rect(cx - w / 2, cy - h / 2, w, h, 9 * scale, "#cfc3a6", TILE_EDGE, 1.2 * scale)
    out += rect(
        cx - w / 2 + 2 * scale, cy - h / 2 + 1.5 * scale, w - 4 * scale, h - 7 * scale, 8 * scale, "#fffaee"
    )
    star = star_points(cx, cy + 1 * scale, 27 * scale, 12 * scale)
    out += path(poly(star), "url(#starfill)", "#7a4300", 1.6 * scale)
    for side in (-1, 1):
        out += ellipse(cx + 4.5 * side * scale, cy - 1 * scale, 1.6 * scale, 2.6 * scale, "#3a2200")
    out += path(
        f"M{f(cx - 6 * scale)} {f(cy + 4 * scale)}Q{f(cx)} {f(cy + 10 * scale)} {f(cx + 6 * scale)} {f(cy + 4 * scale)}",
        "none",
        "#3a2200",
        1.5 * scale,
    )
    return out


def emblem() -> str:
    """The title emblem: four aces fanned out and a star tile in front."""
    defs = radial_gradient("starfill", [(0, "#ffe680"), (0.7, "#f7b500"), (1, "#e88a00")], 0.45, 0.4, 0.6)
    pivot = (256, 470)
    out = []
    for suit, angle in (("C", -30), ("D", -10), ("H", 10), ("S", 30)):
        out.append(mini_card(suit, angle, 256, 196, pivot, 1.9))
    out.append(mini_star_tile(340, 360, 1.3))
    return svg(512, 512, "".join(out), defs)


def app_icon() -> str:
    """The application icon: two aces on a rounded square of felt."""
    defs = radial_gradient("felt", [(0, "#2b7a52"), (1, "#134a31")], 0.5, 0.45, 0.65)
    out = [rect(8, 8, 496, 496, 96, "url(#felt)", "#0c3322", 8)]
    pivot = (256, 600)
    out.append(mini_card("S", -17, 256, 262, pivot, 3.5))
    out.append(mini_card("H", 17, 256, 262, pivot, 3.5))
    return svg(512, 512, "".join(out), defs)


# ----------------------------------------------------------------------------- felt grain (PNG)


def felt_grain(size: int = 256, seed: int = 7) -> bytes:
    """A tileable overlay of light and dark specks and short fibres, as an RGBA PNG.

    White pixels lighten and black pixels darken whatever felt colour it is laid on, so one file
    serves every table colour."""
    rng = random.Random(seed)
    coarse, fine = value_noise(rng, size, 4), value_noise(rng, size, 32)
    values = [
        [0.25 * coarse(x, y) + 0.2 * fine(x, y) + 0.55 * rng.uniform(-1, 1) for x in range(size)]
        for y in range(size)
    ]
    for _ in range(900):
        x, y = rng.randrange(size), rng.randrange(size)
        a = rng.uniform(0, math.pi)
        sign = rng.choice((-1, 1))
        for t in range(rng.randint(3, 7)):
            px = int(x + t * math.cos(a)) % size
            py = int(y + t * math.sin(a)) % size
            values[py][px] += 0.9 * sign
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")
        for x in range(size):
            v = max(-1.0, min(1.0, values[y][x] * 0.8))
            level = 255 if v > 0 else 0
            row += bytes((level, level, level, round(abs(v) * 22)))
        rows.append(bytes(row))
    return png_bytes(size, size, b"".join(rows))


def value_noise(rng: random.Random, size: int, cells: int):
    """Smooth noise in -1..1 that wraps around a ``size`` square split into ``cells`` cells."""
    grid = [[rng.uniform(-1, 1) for _ in range(cells)] for _ in range(cells)]

    def at(x: float, y: float) -> float:
        gx, gy = x / size * cells, y / size * cells
        ix, iy = int(gx), int(gy)
        tx, ty = gx - ix, gy - iy
        tx, ty = tx * tx * (3 - 2 * tx), ty * ty * (3 - 2 * ty)
        a = grid[iy % cells][ix % cells]
        b = grid[iy % cells][(ix + 1) % cells]
        c = grid[(iy + 1) % cells][ix % cells]
        e = grid[(iy + 1) % cells][(ix + 1) % cells]
        return (a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + e * tx) * ty

    return at


def png_bytes(width: int, height: int, raw: bytes) -> bytes:
    """An RGBA PNG from filtered scanlines (filter byte 0 at the start of each row)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


# ----------------------------------------------------------------------------- app icon rasters

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}
"""The macOS icon sizes and their chunk types (each chunk holds a PNG)."""


def write_app_icons(svg_text: str) -> None:
    """Rasterise the app icon to assets/icon.png (256 px), a multi-size assets/icon.ico (Windows)
    and a multi-size assets/icon.icns (macOS)."""
    pngs = app_icon_pngs(svg_text)
    (ASSETS / "icon.png").write_bytes(pngs[256])
    header = struct.pack("<HHH", 0, 1, len(ICO_SIZES))
    offset = 6 + 16 * len(ICO_SIZES)
    entries, blobs = b"", b""
    for size in ICO_SIZES:
        data = pngs[size]
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    (ASSETS / "icon.ico").write_bytes(header + entries + blobs)
    (ASSETS / "icon.icns").write_bytes(icns(pngs))


def app_icon_pngs(svg_text: str) -> dict[int, bytes]:
    """The app icon as PNG files, by size in pixels (every size the .ico and .icns files hold)."""
    import pygame

    pngs = {}
    for size in sorted(set(ICO_SIZES) | set(ICNS_TYPES)):
        sized = svg_text.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
        surface = pygame.image.load_sized_svg(io.BytesIO(sized.encode()), (size, size))
        out = io.BytesIO()
        pygame.image.save(surface, out, "icon.png")
        pngs[size] = _strip_png(out.getvalue())
    return pngs


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS icon file: the "icns" header, then one chunk (type, length, PNG) per size."""
    chunks = b"".join(
        kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for size, kind in ICNS_TYPES.items()
    )
    return b"icns" + struct.pack(">I", 8 + len(chunks)) + chunks


def _strip_png(data: bytes) -> bytes:
    """Re-encode a PNG keeping only the image chunks, so the bytes never depend on a clock."""
    pos, kept = 8, []
    while pos < len(data):
        length = struct.unpack(">I", data[pos : pos + 4])[0]
        kind = data[pos + 4 : pos + 8]
        if kind in (b"IHDR", b"PLTE", b"tRNS", b"IDAT", b"IEND"):
            kept.append(data[pos : pos + 12 + length])
        pos += 12 + length
    return data[:8] + b"".join(kept)


# ----------------------------------------------------------------------------- main


def write(rel: str, text: str) -> None:
    target = ASSETS / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8", newline="\n")


def main() -> None:
    for suit in "SHDC":
        for rank in range(1, 14):
            name = {1: "A", 11: "J", 12: "Q", 13: "K"}.get(rank, str(rank))
            write(f"cards/{name}{suit}.svg", card_face(rank, suit))
    for design in (0, 1):
        write(f"cards/joker_{design + 1}.svg", joker_face(design))
    for style in BACK_SCHEMES:
        write(f"cards/back_{style}.svg", card_back(style))
    write("tiles/face.svg", tile_face())
    write("tiles/star.svg", tile_star())
    write("tiles/back.svg", tile_back())
    for kind in MARK_D:
        write(f"tiles/mark_{kind}.svg", tile_mark(kind))
    for name, draw in ICONS.items():
        write(f"ui/icons/{name}.svg", icon_doc(draw()))
    write("ui/wild_badge.svg", wild_badge())
    write("ui/emblem.svg", emblem())
    icon_svg = app_icon()
    write("ui/app_icon.svg", icon_svg)
    (ASSETS / "ui" / "felt.png").write_bytes(felt_grain())
    write_app_icons(icon_svg)
    print(f"art written under {ASSETS}")


if __name__ == "__main__":
    main()
