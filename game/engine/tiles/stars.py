"""Stars on the table keep their place until freed (RULES.md section 3).

"Until it is freed, a star keeps standing for the tile it stood for at the start of the turn
(in a run, that number and colour; in a group, that number)... Freeing means that the tile it
stands for, from the rack or from the table, takes its place in its combination."

How the engine reads that, judging a turn on its start and end tables:

- What a star stands for at the start of the turn (``StarPlace``): in a run, the number and
  colour of its position (a 1 after 13 is the 1; in a mixed-colour run, the number only); in a
  group, the group's number. The tiles that can free it (``StarPlace.frees``): in a run, that
  tile (any colour of that number in a mixed-colour run); in a group, that number in each
  colour the group's numbered tiles lack (in ``K5 R5 B5 *`` only ``O5``).
- A star *keeps its place* when at the end of the turn it stands, in the same kind of
  combination, for the same thing: a run star in a run of the same colour at the same number,
  a group star in a group of the same number. Combinations may be split, joined, reordered or
  extended around it.
- Any other star must have been *freed*: a tile that can free it is on the table at the end
  of the turn, each freed star with its own tile (two stars of one group with tiles of two
  colours). The tile may come from the rack or from the table; since the table is then
  rearranged freely, it need not stay next to the star's old neighbours. A freed star may go
  anywhere on the table (it never returns to a rack: ``star_to_rack``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import IllegalMove
from ..melds import ACE, ACE_HIGH
from ..pieces import COLOURS, Tile
from .combinations import MeldReading, read_meld
from .options import Options

Face = tuple[str, int]
"""A numbered tile's face: (colour, number)."""


@dataclass(frozen=True)
class StarPlace:
    """What a star on the table stands for where it lies.

    ``kind``: "run" or "group"; ``number`` 1-13; ``colour``: the run's colour (``None`` in a
    group or a mixed-colour run); ``frees``: the faces of the tiles that can take its place;
    ``combination``: the index of its combination in its table."""

    kind: str
    number: int
    colour: str | None
    frees: frozenset[Face]
    combination: int

    def same_as(self, other: StarPlace) -> bool:
        """True when ``other`` stands for what this place stands for (see the module)."""
        return self.kind == other.kind and self.number == other.number and self.colour == other.colour

    @property
    def text(self) -> str:
        """The tiles that free it, in notation (``R8``; ``B5/O5`` for a group)."""
        return "/".join(f"{c}{n}" for c, n in sorted(self.frees, key=lambda f: COLOURS.index(f[0])))


def place_of(reading: MeldReading, combination: Sequence[Tile], value: int, index: int) -> StarPlace:
    """The place of a star standing for ``value`` (its position in a run, the number in a
    group) in ``combination``, read as ``reading``."""
    number = ACE if value == ACE_HIGH else value
    if reading.kind == "group":
        present = {t.colour for t in combination if not t.is_star}
        frees = frozenset((c, number) for c in COLOURS if c not in present)
        return StarPlace("group", number, None, frees, index)
    if reading.colour is None:
        return StarPlace("run", number, None, frozenset((c, number) for c in COLOURS), index)
    return StarPlace("run", number, reading.colour, frozenset({(reading.colour, number)}), index)


def star_places(table: Iterable[Sequence[Tile]], options: Options) -> dict[str, StarPlace]:
    """Star ident -> its place, for every star in a legal combination of ``table``."""
    places: dict[str, StarPlace] = {}
    for index, combination in enumerate(table):
        if not any(t.is_star for t in combination):
            continue
        try:
            reading = read_meld(combination, options)
        except IllegalMove:
            continue
        for t, value in zip(combination, reading.values, strict=True):
            if t.is_star:
                places[t.ident] = place_of(reading, combination, value, index)
    return places


def check_stars(
    table_before: Sequence[Sequence[Tile]], table_after: Sequence[Sequence[Tile]], options: Options
) -> None:
    """Raise ``IllegalMove("star_not_freed", tile=..., index=...)`` when a star of
    ``table_before`` has moved to stand for another tile in ``table_after`` without being freed
    (``tile``: the tiles that would free it; ``index``: the combination of ``table_after`` it
    now lies in). Both tables must hold legal combinations (``table_after`` at least where the
    stars are)."""
    moved = _moved(table_before, table_after, options)
    if not moved:
        return
    naturals = Counter((t.colour, t.number) for c in table_after for t in c if not t.is_star)
    if not _freeable([p for _, p in moved], naturals, set()):
        ident, stuck = next(((i, p) for i, p in moved if not any(naturals[f] for f in p.frees)), moved[0])
        raise IllegalMove("star_not_freed", tile=stuck.text, index=_where(ident, table_after))


def freed_stars(
    table_before: Sequence[Sequence[Tile]], table_after: Sequence[Sequence[Tile]], options: Options
) -> list[str]:
    """The idents of the stars of ``table_before`` that left their place in ``table_after``
    (for a legal turn: the stars it freed); a star that kept its place while the tiles around
    it were split, joined or moved is not one of them."""
    return [ident for ident, _ in _moved(table_before, table_after, options)]


def _moved(
    table_before: Sequence[Sequence[Tile]], table_after: Sequence[Sequence[Tile]], options: Options
) -> list[tuple[str, StarPlace]]:
    """The stars of ``table_before`` (ident, place) that do not keep their place in ``table_after``."""
    before = star_places(table_before, options)
    if not before:
        return []
    after = star_places(table_after, options)
    return [(ident, place) for ident, place in before.items() if not _kept(place, after.get(ident))]


def stars_kept(
    table_before: Sequence[Sequence[Tile]], table_after: Sequence[Sequence[Tile]], options: Options
) -> bool:
    """``check_stars`` as a yes or no."""
    try:
        check_stars(table_before, table_after, options)
    except IllegalMove:
        return False
    return True


def _where(ident: str, table: Sequence[Sequence[Tile]]) -> int:
    """The index of the combination of ``table`` holding the tile ``ident``."""
    return next(i for i, combination in enumerate(table) if any(t.ident == ident for t in combination))


def _kept(before: StarPlace, after: StarPlace | None) -> bool:
    return after is not None and before.same_as(after)


def _freeable(moved: list[StarPlace], naturals: Counter[Face], taken: set[tuple[int, str]]) -> bool:
    """Whether each place of ``moved`` gets its own freeing tile from ``naturals`` (tiles of
    two colours for two stars of one group; ``taken``: (combination, colour) already used)."""
    if not moved:
        return True
    place, rest = moved[0], moved[1:]
    for face in sorted(place.frees):
        if naturals[face] <= 0 or (place.combination, face[0]) in taken:
            continue
        naturals[face] -= 1
        mark = (place.combination, face[0]) if place.kind == "group" else (-1, "")
        ok = _freeable(rest, naturals, taken | {mark})
        naturals[face] += 1
        if ok:
            return True
    return False
