"""The board in play: the standard map changed by the Walls and the Ice in force (rule 3).

The map a turn is adjudicated on is a :class:`~dipsat.model.gamemap.GameMap` of its own, made
from the variant's map and the spells acting in that turn, so the legality checks, the convoy
routes, the model and the retreats all read the changed board without knowing about spells:

* a **Wall** between two provinces removes every army and fleet edge between them (and, under
  ``wall_convoy=blocks``, the leg of a convoy route between them);
* **Ice** makes a sea "effectively a land province": its terrain becomes land with a coast (a
  unit may stand there), every fleet edge into or out of it is removed, and it gains an army
  edge to every coastal province and every other iced sea a fleet could reach from it. It has
  no fleet edge, so no convoy route runs into, out of or through it.

A unit may see the board otherwise (a *view*, by the province it stands in):

* ``shield``: a Magic Shield ignores Walls and Ice: from its province the standard map's edges
  are used (a shielded fleet sails into and out of iced seas; a shielded army does not walk
  onto ice; one already standing on ice may walk off it);
* ``shield_either`` (option ``shield_ice=either``): as ``shield``, and a shielded army may also
  walk onto ice;
* ``no_walls`` (option ``wall_support=allows``): a supporting unit's reach ignores Walls.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from types import MappingProxyType

from dipsat.model.gamemap import GameMap, Terrain
from dipsat.model.types import Location

__all__ = ["board_in_play", "VIEWS"]

VIEWS = ("shield", "shield_either", "no_walls")
"""How a unit may see the board in play besides the plain view."""

Pair = tuple[str, str]


def _ice_edges(base: GameMap, ice: frozenset[str]) -> dict[str, set[str]]:
    """Iced sea -> the provinces an army walks to from it, and back (symmetric)."""
    edges: dict[str, set[str]] = {}
    for sea in ice:
        for q in base._fleet_adjacent.get(sea, ()):  # noqa: SLF001 (the map's own index)
            if base.provinces[q].terrain is Terrain.COAST or q in ice:
                edges.setdefault(sea, set()).add(q)
                edges.setdefault(q, set()).add(sea)
    return edges


def _walled(walls: frozenset[Pair]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a, b in walls:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def _army(base: GameMap, walls: frozenset[Pair], ice: frozenset[str]) -> dict[str, frozenset[str]]:
    blocked = _walled(walls)
    ice_edges = _ice_edges(base, ice)
    return {p: frozenset((set(n) | ice_edges.get(p, set())) - blocked.get(p, set()))
            for p, n in base.army_neighbours.items()}


def _fleet(base: GameMap, walls: frozenset[Pair], ice: frozenset[str]) -> dict[Location, frozenset[Location]]:
    blocked = _walled(walls)
    out = {}
    for loc, reached in base.fleet_neighbours.items():
        if loc.province in ice:
            out[loc] = frozenset()
            continue
        out[loc] = frozenset(n for n in reached if n.province not in ice
                             and n.province not in blocked.get(loc.province, ()))
    return out


@lru_cache(maxsize=256)
def board_in_play(base: GameMap, walls: frozenset[Pair] = frozenset(), ice: frozenset[str] = frozenset(),
                  views: tuple[tuple[str, str], ...] = (), wall_convoy: bool = True) -> GameMap:
    """The map of a turn: ``base`` with ``walls`` and ``ice`` in force.

    ``views``: (province, view) for units that see the board otherwise (:data:`VIEWS`);
    ``wall_convoy``: a Wall also cuts the convoy legs between its two provinces.
    """
    if not walls and not ice:
        return base
    army = _army(base, walls, ice)
    fleet = _fleet(base, walls, ice)
    plain_army, plain_fleet = dict(base.army_neighbours), dict(base.fleet_neighbours)
    unwalled_army, unwalled_fleet = _army(base, frozenset(), ice), _fleet(base, frozenset(), ice)
    ice_edges = _ice_edges(base, ice)
    for province, view in views:
        locations = base.fleet_locations(province)
        if view == "no_walls":
            army[province] = unwalled_army[province]
            fleet.update({loc: unwalled_fleet[loc] for loc in locations})
            continue
        extra = ice_edges.get(province, set()) if province in ice or view == "shield_either" else set()
        army[province] = frozenset(plain_army[province] | extra)
        fleet.update({loc: plain_fleet[loc] for loc in locations})
    blocked = _walled(walls) if wall_convoy else {}
    fleet_adjacent = {p: frozenset(n for n in reached if n not in ice and n not in blocked.get(p, ()))
                      if p not in ice else frozenset()
                      for p, reached in base._fleet_adjacent.items()}  # noqa: SLF001
    for province, view in views:
        if view != "no_walls":
            fleet_adjacent[province] = base._fleet_adjacent[province]  # noqa: SLF001
    provinces = {p: replace(prov, terrain=Terrain.COAST) if p in ice else prov
                 for p, prov in base.provinces.items()}
    any_adjacent = {p: frozenset(army.get(p, frozenset()) | {n.province for loc in base.fleet_locations(p)
                                                            for n in fleet.get(loc, ())})
                    for p in base.provinces}
    return replace(
        base,
        provinces=MappingProxyType(provinces),
        army_neighbours=MappingProxyType(army),
        fleet_neighbours=MappingProxyType(fleet),
        fleet_province_neighbours=MappingProxyType(
            {loc: frozenset(n.province for n in nbrs) for loc, nbrs in fleet.items()}),
        _fleet_adjacent=MappingProxyType(fleet_adjacent),
        _any_adjacent=MappingProxyType(any_adjacent),
        _cache={},
        _derived={},
        base=base.base or base,
    )
