"""Colours, sizes and the scale of the interface, so that every scene looks the same.

Sizes are given for the reference window (1280 x 800) and scaled with ``Scale``; text is never
smaller than 16 px at the reference size.
"""

from __future__ import annotations

REFERENCE_SIZE = (1280, 800)

# Table and panels
FELT = (22, 86, 58)
PANEL = (250, 246, 236)
PANEL_EDGE = (196, 180, 140)
PANEL_DARK = (18, 38, 30)

# Text (contrast >= 4.5:1 on its background)
INK = (28, 30, 34)
INK_SOFT = (78, 82, 90)
CREAM = (248, 242, 226)
CREAM_SOFT = (214, 222, 210)
GOLD = (233, 196, 106)
GOLD_DARK = (150, 112, 34)

# Buttons
BUTTON = (244, 236, 214)
BUTTON_HOVER = (255, 249, 232)
BUTTON_PRESSED = (226, 214, 182)
BUTTON_PRIMARY = (196, 60, 48)
BUTTON_PRIMARY_HOVER = (216, 78, 64)
BUTTON_DISABLED = (150, 160, 150)

# Feedback
GOOD = (96, 186, 112)
BAD = (214, 64, 56)
DROP_GLOW = (255, 228, 120)
CURSOR = (96, 200, 255)
"""The table's keyboard cursor (never the gold of a selected piece)."""


class Scale:
    """Converts reference sizes (at 1280 x 800) to the current window. Two scales of the same
    factor are equal (and hash alike); a scale never changes. (A plain class: a dataclass costs
    about half a millisecond to define, before the title's first frame.)"""

    __slots__ = ("factor",)

    def __init__(self, factor: float) -> None:
        object.__setattr__(self, "factor", factor)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Scale never changes ({name})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scale) and other.factor == self.factor

    def __hash__(self) -> int:
        return hash((Scale, self.factor))

    def __repr__(self) -> str:
        return f"Scale(factor={self.factor!r})"

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Scale:
        w, h = size
        return cls(max(0.6, min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1])))

    def __call__(self, value: float) -> int:
        return max(1, round(value * self.factor))

    def font(self, px: float) -> int:
        """A font size: scaled, but never under 16 px at the reference size's factor."""
        return max(round(16 * min(self.factor, 1.0)), round(px * self.factor))
