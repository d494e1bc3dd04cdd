"""The exact best-play solver of the tile game (RULES.md section 3), for the computer players.

``best_play(rack, table, opened)`` returns the play that places the most rack tiles, and among
those the one of the highest value (below), with the table freely rearranged and every table
tile kept; before opening, the best opening from the rack alone worth at least the opening
minimum, the table untouched. See docs/solver.md for the algorithm and its proof.

Value of a play (``Play.value``, the tie-break between plays laying as many tiles): for an
opening, its points (each tile its number, a star the number it stands for); after opening,
what the placed tiles would cost if left on the rack (each tile its number, a star 25), that
is what the play saves at the end of the round. Where a star stands on the table scores
nothing after opening, so it does not count.

Rule variants (keyword ``options``: the tile engine's ``Options`` or any object with the same
attribute names, or a ``RuleSet``): ``ace_after_13``, ``runs_only``, ``groups_only``,
``mixed_colour_runs``, ``opening_min``; a set without stars needs nothing (no star is ever
given). ``continue_after_opening`` is not searched: before opening the solver returns the best
plain opening, which is legal under that option too.

Stars on the table keep their place until freed (RULES.md section 3, the engine's
``game.engine.tiles.stars``): each table star either stands at the end of the turn for what it
stood for (a run star in a run of its colour at its number, a group star in a group of its
number), or a tile that frees it is on the table, one per freed star. The search obeys that
exactly (``_solver_stars``); the table stars are then put where the rule wants them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.pieces import COLOURS, Tile
from game.engine.tiles import Options, star_places, stars_kept

from ._solver_core import (
    COLOUR_COUNT,
    STAR_PENALTY,
    Counts,
    RuleSet,
    Solution,
    Work,
    WorkLimitReached,
    group_faces,
    solve,
    split_groups,
)
from ._solver_mixed import mixed_faces, solve_mixed
from ._solver_stars import ANY_COLOUR, StarDemand

__all__ = [
    "Play",
    "RuleSet",
    "Work",
    "WorkLimitReached",
    "best_play",
    "rack_value",
    "rules_from_options",
    "table_points",
]

_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_NUMBERS = range(1, 14)


@dataclass(frozen=True)
class Play:
    """A play: ``placed`` are the rack tiles laid (the rack's own objects), ``table`` the
    whole new table in table order (old and new tiles, the same objects), ``value`` the
    tie-break value. ``placed == []`` means no play: the table is returned unchanged."""

    placed: list[Tile]
    table: list[list[Tile]]
    value: int = 0
    """The tie-break value: an opening's points; after opening the rack value of ``placed``."""
    opening: bool = field(default=False)
    """True when this play is a player's opening (rack tiles only, table untouched)."""

    @property
    def count(self) -> int:
        """How many rack tiles the play lays."""
        return len(self.placed)


def rules_from_options(options: Any = None) -> RuleSet:
    """The rules the solver needs, from the tile engine's ``Options`` (or any object with its
    attribute names), a ``RuleSet``, or ``None`` for the default rules."""
    if options is None:
        return RuleSet()
    if isinstance(options, RuleSet):
        return options
    groups_only = bool(getattr(options, "groups_only", False))
    runs_only = bool(getattr(options, "runs_only", False))
    if groups_only and runs_only:
        raise ValueError("groups_only and runs_only exclude each other")
    return RuleSet(
        runs=not groups_only,
        groups=not runs_only,
        ace_after_13=bool(getattr(options, "ace_after_13", False)),
        mixed_colour_runs=bool(getattr(options, "mixed_colour_runs", False)),
    )


def best_play(
    rack: Sequence[Tile],
    table: Sequence[Sequence[Tile]],
    opened: bool,
    min_opening: int | None = None,
    *,
    options: Any = None,
    work: Work | None = None,
) -> Play:
    """The best play for a player holding ``rack`` in front of ``table`` (legal combinations).

    ``opened``: whether the player has opened in this round. ``min_opening``: the opening
    minimum (default: ``options.opening_min`` when given, else 30). ``options``: the rule
    variants (see the module docstring). Returns a ``Play``; ``placed == []`` when nothing can
    be laid (the table comes back unchanged, as new lists of the same tile objects).
    ``work``: the search nodes the call may visit (``Work.limit``; none: no limit), and on
    return the nodes it visited (``Work.nodes``, also counted when it stops short). With a
    limit the call raises ``WorkLimitReached`` when it would need more: the answer is then
    unknown, never a worse play passed off as the best.
    Raises ``ValueError`` when a tile face is given more than twice, there are more than two
    stars, or (after opening) the table's tiles cannot form legal combinations at all.
    """
    rules = rules_from_options(options)
    minimum = min_opening if min_opening is not None else int(getattr(options, "opening_min", 30))
    rack = list(rack)
    old = [list(meld) for meld in table]
    work = work if work is not None else Work()
    if opened:
        return _best_rearrangement(rack, old, rules, work)
    return _best_opening(rack, old, rules, minimum, work)


def _best_rearrangement(
    rack: list[Tile], old: list[list[Tile]], rules: RuleSet, work: Work, *, fallback: bool = True
) -> Play:
    on_table = [t for meld in old for t in meld]
    counts = _counts(on_table, rack)
    engine_rules = engine_options(rules)
    demands = star_demands(old, engine_rules)
    laid: dict[int, tuple[list[list[Tile]], list[Tile]]] = {}

    def lay(solution: Solution) -> bool:
        """Give out the tiles of ``solution``; False when its stars break the star rule."""
        new_table, placed = _assign_tiles(_faces(solution, rules), on_table, rack, keep=old, rules=rules)
        if demands and placed:
            ordered = _place_table_stars(old, new_table, engine_rules)
            if ordered is None:
                return False
            new_table = ordered
        laid[id(solution)] = (new_table, placed)
        return True

    solution = _search(counts, rules, stars=demands, accept=lay, work=work)
    if solution is None:
        raise ValueError("the table is not a legal arrangement under these rules")
    if id(solution) not in laid and not lay(solution):
        if not fallback:
            return Play([], old, 0)
        return _play_keeping_star_combinations(rack, old, rules, work)
    new_table, placed = laid[id(solution)]
    if not placed:
        return Play([], old, 0)
    return Play(placed, new_table, rack_value(placed))


def _play_keeping_star_combinations(
    rack: list[Tile], old: list[list[Tile]], rules: RuleSet, work: Work
) -> Play:
    """A legal play, not always the best, for the rare table where the search under the star
    rule returns an arrangement the engine reads otherwise: a run of two stars then one
    numbered tile (``* * R3``) reads as a group, so a table star the search kept there as a
    run star (R1 or R2) would move. The search's run states do not tell which runs hold the
    stars, so it cannot rule that run out by itself.

    The better of: the combinations holding table stars left as they are and the rest of the
    table rearranged with the rack (every table star keeps its exact place), and the search
    under the rule without the rack's stars, when its stars can be given out."""
    with_stars = [meld for meld in old if any(t.is_star for t in meld)]
    rest = [meld for meld in old if not any(t.is_star for t in meld)]
    kept = _best_rearrangement(rack, rest, rules, work, fallback=False)
    best = Play(kept.placed, [*with_stars, *kept.table], kept.value) if kept.placed else Play([], old, 0)
    plain = [t for t in rack if not t.is_star]
    if len(plain) < len(rack):
        other = _best_rearrangement(plain, old, rules, work, fallback=False)
        if (other.count, other.value) > (best.count, best.value):
            best = other
    return best


def _search(
    counts: Counts,
    rules: RuleSet,
    *,
    opening_minimum: int = 0,
    star_points: int | None = STAR_PENALTY,
    stars: tuple[StarDemand, ...] = (),
    accept: Callable[[Solution], bool] | None = None,
    work: Work | None = None,
) -> Solution | None:
    if rules.mixed_colour_runs:
        return solve_mixed(counts, rules, opening_minimum, star_points, stars, accept, work)
    return solve(
        counts,
        rules,
        opening_minimum=opening_minimum,
        star_points=star_points,
        stars=stars,
        accept=accept,
        work=work,
    )


def engine_options(rules: RuleSet) -> Options:
    """The tile engine's options for the variants of ``rules`` (to read combinations)."""
    return Options(
        runs_only=not rules.groups,
        groups_only=not rules.runs,
        ace_after_13=rules.ace_after_13,
        mixed_colour_runs=rules.mixed_colour_runs,
    )


def star_demands(table: Sequence[Sequence[Tile]], options: Options) -> tuple[StarDemand, ...]:
    """The places of ``table``'s stars at the start of the turn, as the search needs them."""
    demands = []
    for place in star_places(table, options).values():
        colour = ANY_COLOUR if place.colour is None else _COLOUR_INDEX[place.colour]
        frees = tuple(sorted(_COLOUR_INDEX[c] for c, _n in place.frees))
        demands.append(StarDemand(place.kind, place.number, colour, frees, place.combination))
    return tuple(demands)


def _place_table_stars(
    old: list[list[Tile]], table: list[list[Tile]], options: Options
) -> list[list[Tile]] | None:
    """``table`` with its stars swapped so that every table star keeps its place or is freed,
    or ``None`` when no order of the stars does."""
    spots = [(i, j) for i, meld in enumerate(table) for j, t in enumerate(meld) if t.is_star]
    stars = [table[i][j] for i, j in spots]
    for order in itertools.permutations(stars):
        trial = [list(meld) for meld in table]
        for (i, j), star in zip(spots, order, strict=True):
            trial[i][j] = star
        if stars_kept(old, trial, options):
            return trial
    return None


def _best_opening(rack: list[Tile], old: list[list[Tile]], rules: RuleSet, minimum: int, work: Work) -> Play:
    counts = _counts([], rack)
    solution = _search(counts, rules, opening_minimum=max(minimum, 0), star_points=None, work=work)
    if solution is None:
        return Play([], old, 0)
    faces = _faces(solution, rules)
    new_melds, placed = _assign_tiles(faces, [], rack, keep=[], rules=rules)
    if not placed:
        return Play([], old, 0)
    return Play(placed, old + new_melds, table_points(new_melds, rules), opening=True)


# --- from tiles to counts ----------------------------------------------------------------


def _counts(on_table: Iterable[Tile], rack: Iterable[Tile]) -> Counts:
    table_counts = [[0] * COLOUR_COUNT for _ in range(14)]
    rack_counts = [[0] * COLOUR_COUNT for _ in range(14)]
    table_stars = rack_stars = 0
    for t in on_table:
        if t.is_star:
            table_stars += 1
        else:
            table_counts[t.number][_COLOUR_INDEX[t.colour]] += 1
    for t in rack:
        if t.is_star:
            rack_stars += 1
        else:
            rack_counts[t.number][_COLOUR_INDEX[t.colour]] += 1
    for n in _NUMBERS:
        for c in range(COLOUR_COUNT):
            if table_counts[n][c] + rack_counts[n][c] > 2:
                raise ValueError(f"more than two {COLOURS[c]}{n} tiles")
    if table_stars + rack_stars > 2:
        raise ValueError("more than two stars")
    return Counts(
        tuple(tuple(row) for row in table_counts),
        tuple(tuple(row) for row in rack_counts),
        table_stars,
        rack_stars,
    )


# --- from the search's choices to combinations of faces ----------------------------------

Face = tuple[int, int] | None
"""A tile face in a combination: (colour index, number), or ``None`` for a star."""


def _faces(solution: Solution, rules: RuleSet) -> list[list[Face]]:
    """The combinations of the solution, in table order, as faces."""
    if rules.mixed_colour_runs:
        return mixed_faces(solution, rules)
    melds: list[list[Face]] = []
    open_runs: list[list[list[Face]]] = [[] for _ in range(COLOUR_COUNT)]
    for pos in range(1, rules.top + 1):
        number = 1 if pos == 14 else pos
        steps = solution.steps.get(pos)
        if steps is None:
            continue
        grouped = [0] * COLOUR_COUNT
        for c, step in enumerate(steps):
            grouped[c] = step.grouped
            naturals = step.used - step.grouped
            open_runs[c] = _extend_runs(open_runs[c], naturals, step.stars, (c, number), melds)
        groups = split_groups(grouped, solution.group_stars.get(pos, 0))
        assert groups is not None
        melds.extend(group_faces(g, number) for g in groups)
    for runs in open_runs:
        melds.extend(runs)
    return melds


def _extend_runs(
    runs: list[list[Face]], naturals: int, stars: int, face: tuple[int, int], done: list[list[Face]]
) -> list[list[Face]]:
    """Add ``naturals`` tiles ``face`` and ``stars`` stars to a colour's open runs, as the
    search's run states do (see ``next_run_state``); closed runs go to ``done``."""
    short = [r for r in runs if len(r) < 3]
    long = sorted((r for r in runs if len(r) >= 3), key=len, reverse=True)
    extra = naturals + stars - len(short)
    going_on = long[:extra]
    done.extend(long[max(extra, 0) :])
    fresh: list[list[Face]] = [[] for _ in range(max(0, extra - len(long)))]
    slots = short + going_on + fresh
    for i, run in enumerate(slots):
        run.append(None if i >= naturals else face)
    return slots


# --- from faces to the physical tiles ------------------------------------------------------


def _assign_tiles(
    faces: list[list[Face]],
    on_table: list[Tile],
    rack: list[Tile],
    keep: list[list[Tile]],
    rules: RuleSet,
) -> tuple[list[list[Tile]], list[Tile]]:
    """Give each face a physical tile, table tiles first; old combinations that come back
    unchanged keep their own tiles and their place. Returns the table and the rack tiles
    placed (in table order)."""
    supply: dict[Face, list[Tile]] = {}
    for t in [*on_table, *rack]:
        supply.setdefault(_face_of(t), []).append(t)
    for tiles in supply.values():
        tiles.reverse()  # pop() then gives table tiles first, in their order
    wanted = [_meld_key(f, rules) for f in faces]
    taken = [False] * len(faces)
    table: list[list[Tile]] = []
    for meld in keep:
        key = _meld_key([_face_of(t) for t in meld], rules)
        for i, w in enumerate(wanted):
            if not taken[i] and w == key:
                taken[i] = True
                for t in meld:
                    pile = supply[_face_of(t)]
                    del pile[next(j for j, u in enumerate(pile) if u.ident == t.ident)]
                table.append(list(meld))
                break
    for i, meld_faces in enumerate(faces):
        if not taken[i]:
            table.append([supply[f].pop() for f in meld_faces])
    rack_ids = {t.ident for t in rack}
    placed = [t for meld in table for t in meld if t.ident in rack_ids]
    return table, placed


def _face_of(tile: Tile) -> Face:
    return None if tile.is_star else (_COLOUR_INDEX[tile.colour], tile.number)


def _meld_key(faces: Sequence[Face], rules: RuleSet) -> tuple:
    """What makes two combinations the same: the faces in order for a run, the sorted faces
    for a group."""
    if _read_points(faces, rules)[1] == "group":
        return ("group", tuple(sorted(faces, key=lambda f: (-1, 0) if f is None else f)))
    return ("run", tuple(faces))


def rack_value(tiles: Iterable[Tile]) -> int:
    """What ``tiles`` would cost left on a rack: each its number, a star 25."""
    return sum(STAR_PENALTY if t.is_star else t.number for t in tiles)


# --- points ------------------------------------------------------------------------------


def table_points(table: Iterable[Sequence[Tile]], options: Any = None) -> int:
    """The points of a table: each tile its number, a star the number it stands for where it
    lies (a combination that reads two ways takes the reading worth more, as the engine)."""
    rules = options if isinstance(options, RuleSet) else rules_from_options(options)
    return sum(_read_points([_face_of(t) for t in meld], rules)[0] for meld in table)


def _read_points(faces: Sequence[Face], rules: RuleSet) -> tuple[int, str]:
    """(points, "run" or "group") of a combination in table order; the naturals' sum when it
    does not read (never the case for the solver's own combinations)."""
    naturals = [f for f in faces if f is not None]
    readings: list[tuple[int, str]] = []
    numbers = {f[1] for f in naturals}
    if rules.groups and len(numbers) == 1 and len(faces) <= 4:
        colours = [f[0] for f in naturals]
        if len(set(colours)) == len(colours):
            readings.append((naturals[0][1] * len(faces), "group"))
    if rules.runs:
        for start in _run_starts(faces, rules):
            values = [start + i for i in range(len(faces))]
            readings.append((sum(1 if v == 14 else v for v in values), "run"))
    if not readings:
        return sum(f[1] for f in naturals), "run"
    return max(readings, key=lambda r: (r[0], r[1] == "run"))


def _run_starts(faces: Sequence[Face], rules: RuleSet) -> list[int]:
    colours = {f[0] for f in faces if f is not None}
    if len(colours) > 1 and not rules.mixed_colour_runs:
        return []
    top = rules.top
    starts = []
    for start in range(1, top - len(faces) + 2):
        ok = True
        for i, f in enumerate(faces):
            if f is None:
                continue
            want = start + i
            if not (f[1] == want or (want == 14 and f[1] == 1)):
                ok = False
                break
        if ok:
            starts.append(start)
    return starts[:1]
