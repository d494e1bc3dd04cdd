"""Combinations of the tile game: how a run or a group reads, what it is worth, why it fails.

A combination is given in table order. A run reads left to right in increasing order; a star
stands for the value of its position (in a run) or the group's number (in a group). When a
combination reads both ways (``R5 * *``: run 5-6-7 or group of 5s), the reading worth more
points wins, and a run on equal points (``* R5 *``: both 15).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..errors import IllegalMove
from ..melds import ACE, ACE_HIGH, run_starts
from ..pieces import Tile
from .options import Options

STAR_PENALTY = 25
"""What a star left on a rack costs at the end of a round."""
MIN_SIZE = 3
GROUP_MAX = 4

_DEFAULT = Options()


@dataclass(frozen=True, slots=True)
class MeldReading:
    """How a valid combination reads.

    ``values``: what each tile stands for, in table order: its position 1-14 in a run (14 is a
    1 laid after 13), the number in a group. ``colour``: the run's colour, ``None`` for groups
    and mixed-colour runs.
    """

    kind: Literal["run", "group"]
    values: tuple[int, ...]
    colour: str | None = None

    @property
    def points(self) -> int:
        """Each tile its number, a star the number it stands for; a 1 after 13 counts 1."""
        return sum(ACE if v == ACE_HIGH else v for v in self.values)


def pick_options(rules: Options | None, options: Options | None) -> Options:
    """The options given under either keyword (``rules=`` or ``options=``), else the defaults."""
    if rules is not None and options is not None and rules != options:
        raise ValueError("give the options once, as rules= or options=")
    chosen = rules if rules is not None else options
    if chosen is None:
        return _DEFAULT
    if not isinstance(chosen, Options):
        raise TypeError(f"expected tile game Options, not {type(chosen).__name__}")
    return chosen


def read_meld(
    tiles: Iterable[Tile], rules: Options | None = None, *, options: Options | None = None
) -> MeldReading:
    """The reading of ``tiles`` (table order) as a legal combination under ``rules``.

    Raises ``IllegalMove`` with the reason: ``not_a_tile``, ``too_few_tiles``, ``only_stars``,
    ``group_numbers_differ``, ``group_too_big``, ``group_colour_twice``, ``run_colours_differ``,
    ``ace_after_13_off``, ``run_out_of_range``, ``run_wrong_order``, ``run_wraps``,
    ``run_not_consecutive``, ``runs_not_allowed``, ``groups_not_allowed``, and
    ``neither_run_nor_group`` when the tiles look meant as neither (see ``_meant``): the
    reason is the one of what the player seems to have meant.
    """
    opts = pick_options(rules, options)
    laid = tuple(tiles)
    reading = _reading(laid, opts)
    if reading is None:
        raise _problem(laid, opts)
    return reading


def _reading(laid: Sequence[Tile], opts: Options) -> MeldReading | None:
    """The best reading of ``laid`` under ``opts``, or ``None`` (the fast path: no errors)."""
    if len(laid) < MIN_SIZE or not all(isinstance(t, Tile) for t in laid):
        return None
    naturals = [t for t in laid if not t.is_star]
    if not naturals:
        return None
    group = None if opts.runs_only else _group_reading(laid, naturals)
    run = (
        None if opts.groups_only else _run_reading(laid, naturals, opts.ace_after_13, opts.mixed_colour_runs)
    )
    if group is None or run is None:
        return group or run
    return run if run.points >= group.points else group


def _problem(laid: Sequence[Tile], opts: Options) -> IllegalMove:
    """Why ``laid`` is no combination under ``opts`` (``_reading`` returned ``None``)."""
    for t in laid:
        if not isinstance(t, Tile):
            return IllegalMove("not_a_tile", piece=str(t))
    if len(laid) < MIN_SIZE:
        return IllegalMove("too_few_tiles", count=len(laid))
    naturals = [t for t in laid if not t.is_star]
    if not naturals:
        return IllegalMove("only_stars")
    if opts.groups_only and _run_reading(laid, naturals, opts.ace_after_13, opts.mixed_colour_runs):
        return IllegalMove("runs_not_allowed")
    if opts.runs_only and _group_reading(laid, naturals):
        return IllegalMove("groups_not_allowed")
    if opts.groups_only:
        return _group_problem(laid, naturals)
    if opts.runs_only:
        return _run_problem(laid, naturals, opts.ace_after_13, opts.mixed_colour_runs)
    meant = _meant(naturals, opts.mixed_colour_runs)
    if meant == "group":
        return _group_problem(laid, naturals)
    if meant == "run":
        return _run_problem(laid, naturals, opts.ace_after_13, opts.mixed_colour_runs)
    return IllegalMove("neither_run_nor_group")


def _meant(naturals: Sequence[Tile], mixed: bool) -> str | None:
    """What a refused combination looks meant to be, to say what is wrong with it: a group
    when more of its numbered tiles share a number than a colour (``R5 B5 O6``), a run when
    more share a colour (``R1 R2 B3``) or when no number comes twice (``R5 B6 O7``), else
    neither (``R7 B7 R8 B8``). In a mixed-colour run the colours say nothing."""
    numbers = Counter(t.number for t in naturals)
    by_number = max(numbers.values())
    by_colour = 1 if mixed else max(Counter(t.colour for t in naturals).values())
    if by_number == len(naturals) or by_number > by_colour:
        return "group"
    if by_colour > by_number or by_number == 1:
        return "run"
    return None


def validate_meld(
    tiles: Iterable[Tile], rules: Options | None = None, *, options: Options | None = None
) -> None:
    """Raise ``IllegalMove`` unless ``tiles``, in table order, form a legal run or group
    (default rules unless ``rules``/``options`` are given). See ``read_meld`` for the codes."""
    read_meld(tiles, rules, options=options)


def is_valid_meld(
    tiles: Iterable[Tile], rules: Options | None = None, *, options: Options | None = None
) -> bool:
    """True when ``tiles`` form a legal combination (``validate_meld`` without the reason)."""
    return _reading(tuple(tiles), pick_options(rules, options)) is not None


def meld_value(tiles: Iterable[Tile], rules: Options | None = None, *, options: Options | None = None) -> int:
    """The points of a combination as laid: each tile its number, a star the value it stands
    for where it lies. Raises ``IllegalMove`` when ``tiles`` are not a legal combination."""
    return read_meld(tiles, rules, options=options).points


def rack_penalty(tiles: Iterable[Tile]) -> int:
    """What tiles left on a rack cost: the sum of their numbers, a star 25."""
    return sum(STAR_PENALTY if t.is_star else t.number for t in tiles)


def arrange_meld(
    tiles: Iterable[Tile], rules: Options | None = None, *, options: Options | None = None
) -> tuple[Tile, ...] | None:
    """A table order in which ``tiles`` form a legal combination (the one worth the most
    points; stars fill the gaps of a run, spare ones go to either end), or ``None``."""
    opts = pick_options(rules, options)
    laid = list(tiles)
    stars = [t for t in laid if t.is_star]
    naturals = [t for t in laid if not t.is_star]
    candidates: list[tuple[Tile, ...]] = [tuple(naturals + stars)]
    for ace_high in (False, True) if opts.ace_after_13 else (False,):
        candidates.extend(_run_orders(naturals, stars, ace_high))
    best: tuple[int, tuple[Tile, ...]] | None = None
    for order in candidates:
        try:
            points = read_meld(order, opts).points
        except IllegalMove:
            continue
        if best is None or points > best[0]:
            best = (points, order)
    return None if best is None else best[1]


def _run_orders(naturals: Sequence[Tile], stars: Sequence[Tile], ace_high: bool) -> list[tuple[Tile, ...]]:
    """The increasing orders of ``naturals`` with stars in the gaps and the spare stars split
    every way between the two ends."""
    if not naturals:
        return []
    ranked = sorted(naturals, key=lambda t: ACE_HIGH if ace_high and t.number == ACE else t.number)
    values = [ACE_HIGH if ace_high and t.number == ACE else t.number for t in ranked]
    if len(set(values)) != len(values):
        return []
    gaps = values[-1] - values[0] + 1 - len(values)
    if gaps > len(stars):
        return []
    spare = list(stars[gaps:])
    body: list[Tile] = [ranked[0]]
    used = 0
    for prev, tile, value in zip(values, ranked[1:], values[1:], strict=False):
        body.extend(stars[used : used + value - prev - 1])
        used += value - prev - 1
        body.append(tile)
    orders = []
    for low in range(len(spare) + 1):
        orders.append(tuple(spare[:low]) + tuple(body) + tuple(spare[low:]))
    return orders


def _group_reading(laid: Sequence[Tile], naturals: Sequence[Tile]) -> MeldReading | None:
    number = naturals[0].number
    if len(laid) > GROUP_MAX or any(t.number != number for t in naturals):
        return None
    if len({t.colour for t in naturals}) != len(naturals):
        return None
    return MeldReading("group", (number,) * len(laid))


def _group_problem(laid: Sequence[Tile], naturals: Sequence[Tile]) -> IllegalMove:
    number = naturals[0].number
    if any(t.number != number for t in naturals):
        return IllegalMove("group_numbers_differ")
    if len(laid) > GROUP_MAX:
        return IllegalMove("group_too_big", count=len(laid))
    seen: set[str] = set()
    for t in naturals:
        if t.colour in seen:
            return IllegalMove("group_colour_twice", colour=t.colour, number=number)
        seen.add(t.colour)
    raise AssertionError("a valid group has no problem")


def _run_reading(
    laid: Sequence[Tile], naturals: Sequence[Tile], ace_high: bool, mixed: bool
) -> MeldReading | None:
    colour = naturals[0].colour
    if not mixed and any(t.colour != colour for t in naturals):
        return None
    if not _steps_by_one(laid):
        return None
    starts = run_starts([None if t.is_star else t.number for t in laid], ace_high)
    if not starts:
        return None
    return MeldReading("run", tuple(range(starts[0], starts[0] + len(laid))), None if mixed else colour)


def _steps_by_one(laid: Sequence[Tile]) -> bool:
    """A quick filter: the numbered tiles step by one from position to position (a 1 may
    stand for 14); the bounds are left to ``run_starts``."""
    offset: int | None = None
    for i, t in enumerate(laid):
        if t.is_star:
            continue
        here = t.number - i
        if offset is None:
            offset = here
        elif here != offset and not (t.number == ACE and ACE_HIGH - i == offset):
            return False
    return True


def _run_problem(laid: Sequence[Tile], naturals: Sequence[Tile], ace_high: bool, mixed: bool) -> IllegalMove:
    colour = naturals[0].colour
    if not mixed and any(t.colour != colour for t in naturals):
        return IllegalMove("run_colours_differ")
    numbers = [None if t.is_star else t.number for t in laid]
    if not ace_high and run_starts(numbers, True):
        return IllegalMove("ace_after_13_off")
    if _consecutive_without_bounds(numbers):
        return IllegalMove("run_out_of_range")
    if run_starts(numbers[::-1], ace_high):
        return IllegalMove("run_wrong_order")
    if len({(v - i) % 13 for i, v in enumerate(numbers) if v is not None}) == 1:
        return IllegalMove("run_wraps")
    return IllegalMove("run_not_consecutive")


def _consecutive_without_bounds(numbers: Sequence[int | None]) -> bool:
    """True when the numbers step by one from tile to tile (a 1 read as 1 or as 14), wherever
    the run would start or end."""
    common: set[int] | None = None
    for i, v in enumerate(numbers):
        if v is None:
            continue
        offsets = {v - i} | ({ACE_HIGH - i} if v == ACE else set())
        common = offsets if common is None else common & offsets
    return bool(common)
