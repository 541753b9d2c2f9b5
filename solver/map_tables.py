"""Look-up tables of one board for the checks run on every order, built once per board and kept.

A board (:class:`~dipsat.model.gamemap.GameMap`) never changes, and a board in play with lasting
changes (Ice, Walls) is a board of its own, so tables built from one board stay true as long as
it lives. They are plain dicts keyed by strings: the checks of a phase read them many times.
"""
from __future__ import annotations

from typing import Any, Final

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ARMY
from dipsat.model.types import Location, Unit

_EMPTY: Final[frozenset[str]] = frozenset()


class MapTables:
    """One board's terrain and edges as plain dicts, and the answers already worked out on it."""

    __slots__ = ("terrain", "army", "walks", "fleet_reach", "sea_adjacent", "split", "destinations", "routes",
                 "distances", "reach")

    def __init__(self, gmap: GameMap) -> None:
        self.terrain: dict[str, str] = {p: province.terrain.value for p, province in gmap.provinces.items()}
        """Province -> its terrain on this board: ``land``, ``coast`` or ``sea``."""
        self.army: dict[str, frozenset[str]] = dict(gmap.army_neighbours)
        """Province -> the provinces an army moves to."""
        stands = ARMY.stands
        self.walks: dict[str, frozenset[str]] = {
            p: frozenset(d for d in ends if self.terrain.get(d) in stands)
            for p, ends in self.army.items() if self.terrain.get(p) in stands}
        """Province an army stands in -> the provinces it walks to and may stand in: where a plain
        army move (no coast, no convoy) is legal by itself (:mod:`dipsat.solver.legality`)."""
        self.fleet_reach: dict[tuple[str, str | None], frozenset[str]] = {
            (loc.province, loc.coast): ends for loc, ends in gmap.fleet_province_neighbours.items()}
        """Fleet location as (province, coast) -> the provinces a fleet there reaches on some coast
        (keyed by plain strings: a tuple of them hashes in C, a :class:`Location` in Python)."""
        self.sea_adjacent: dict[str, frozenset[str]] = dict(gmap._fleet_adjacent)  # noqa: SLF001
        """Province -> the provinces it shares a fleet edge with on any coasts: the legs of convoy
        chains (:meth:`~dipsat.model.gamemap.GameMap.fleet_provinces_adjacent`; a variant's board
        may cut a leg that no fleet move crosses, a Wall)."""
        self.split: frozenset[str] = frozenset(p for p, province in gmap.provinces.items() if province.coasts)
        """The split-coast provinces."""
        self.destinations: dict[tuple[str, str | None, str, str | None, str, str], tuple[Location, str]] = {}
        """Where fleet moves already asked about go (kept by :mod:`dipsat.solver.legality`)."""
        self.routes: dict[tuple[str, str, tuple[str, ...], int], tuple[tuple[str, ...], ...]] = {}
        """Convoy routes already listed (kept by :mod:`dipsat.solver.convoy_routes`)."""
        self.distances: dict[tuple[Any, ...], int] = {}
        """Distances already counted (kept by :mod:`dipsat.solver.adjustment` for civil disorder)."""
        self.reach: dict[Unit, tuple[Location, ...]] = {}
        """Unit -> where it moves by itself, in the order of its retreat options (kept by
        :func:`dipsat.solver.movement.retreat_options`; at most one entry per kind and location)."""

    def army_moves(self, src: str, dest: str) -> bool:
        """An army in ``src`` moves to ``dest`` without convoy."""
        return dest in self.army.get(src, _EMPTY)

    def remember(self, memo: dict[Any, Any], key: Any, value: Any) -> Any:
        """Keep ``value`` in ``memo`` under ``key`` (a memo is emptied when it grows large); return it."""
        if len(memo) >= _REMEMBERED:
            memo.clear()
        memo[key] = value
        return value


_REMEMBERED: Final = 2048
"""Answers kept at most in one memo of a board."""

_TABLES: dict[int, tuple[GameMap, MapTables]] = {}
_KEPT: Final = 64
"""Boards whose tables are kept at most (a run plays on a handful)."""


def tables(gmap: GameMap) -> MapTables:
    """The tables of ``gmap``, built on first use."""
    found = _TABLES.get(id(gmap))
    if found is not None and found[0] is gmap:
        return found[1]
    if len(_TABLES) >= _KEPT:
        _TABLES.clear()
    made = MapTables(gmap)
    _TABLES[id(gmap)] = (gmap, made)
    return made
