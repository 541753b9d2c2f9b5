"""Convoy routes: chains of fleets at sea from an army's province to its destination.

Routes are found in Python before the model is built: they depend only on where fleets stand
and what they are ordered, never on the resolution. The model then decides which routes hold.

Only *minimal* routes are listed, chains in which no fleet could be skipped: any route holds
exactly when one of its minimal sub-routes holds, and a fleet that no minimal route needs is
ordered illegally (DATC 4.E.1, test case 6.G.19).
"""
from __future__ import annotations

from typing import Final, Iterable, Iterator, Mapping

from dipsat.model.gamemap import GameMap
from dipsat.solver.map_tables import tables

_EMPTY: Final[frozenset[str]] = frozenset()


def routes(gmap: GameMap, src: str, dst: str, fleets: Iterable[str],
           limit: int = 256) -> list[tuple[str, ...]]:
    """List the minimal chains of sea provinces in ``fleets`` that carry an army ``src -> dst``."""
    t = tables(gmap)
    terrain = t.terrain
    seas = tuple(sorted({f for f in fleets if terrain[f] == "sea"}))
    if src == dst or not seas:
        return []
    key = (src, dst, seas, limit)
    known = t.routes.get(key)
    if known is None:
        found: list[tuple[str, ...]] = []
        for route in _walk(t.sea_adjacent, src, dst, seas, (), _EMPTY):
            found.append(route)
            if len(found) >= limit:
                break
        known = t.remember(t.routes, key, tuple(found))
    return list(known)


def _walk(adjacent: Mapping[str, frozenset[str]], src: str, dst: str, seas: tuple[str, ...],
          path: tuple[str, ...], near: frozenset[str]) -> Iterator[tuple[str, ...]]:
    """The minimal chains that go on from ``path`` (from ``src`` when empty); ``near``: the
    provinces next to ``src`` or to a fleet of ``path`` but the last, which a minimal chain's
    next fleet may not be (that fleet could be reached skipping one)."""
    here = path[-1] if path else src
    reached = adjacent.get(here, _EMPTY)
    for sea in seas:
        if sea in path or sea not in reached:
            continue
        if sea in near:
            continue  # a shortcut exists: this chain is not minimal
        route = path + (sea,)
        if dst in adjacent.get(sea, _EMPTY):
            yield route  # going further would leave dst as a shortcut
        else:
            yield from _walk(adjacent, src, dst, seas, route, near | reached)


def route_exists(gmap: GameMap, src: str, dst: str, fleets: Iterable[str]) -> bool:
    """Whether :func:`routes` finds any route: some chain of the seas in ``fleets`` joins ``src``
    to ``dst`` (a shortest chain is minimal, so any chain will do)."""
    t = tables(gmap)
    terrain, adjacent = t.terrain, t.sea_adjacent
    seas = {f for f in fleets if terrain[f] == "sea"}
    if src == dst or not seas:
        return False
    start = adjacent.get(src, _EMPTY)
    frontier = [s for s in seas if s in start]
    seen = set(frontier)
    while frontier:
        here = frontier.pop()
        reached = adjacent.get(here, _EMPTY)
        if dst in reached:
            return True
        for sea in seas:
            if sea in reached and sea not in seen:
                seen.add(sea)
                frontier.append(sea)
    return False


def fleets_needed(gmap: GameMap, src: str, dst: str, fleets: Iterable[str]) -> frozenset[str]:
    """Return the fleets that belong to at least one minimal route from ``src`` to ``dst``."""
    return frozenset(f for r in routes(gmap, src, dst, fleets) for f in r)
