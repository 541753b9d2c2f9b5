"""Convoy routes: chains of fleets at sea from an army's province to its destination.

Routes are found in Python before the model is built: they depend only on where fleets stand
and what they are ordered, never on the resolution. The model then decides which routes hold.

Only *minimal* routes are listed, chains in which no fleet could be skipped: any route holds
exactly when one of its minimal sub-routes holds, and a fleet that no minimal route needs is
ordered illegally (DATC 4.E.1, test case 6.G.19).
"""
from __future__ import annotations

from typing import Iterable, Iterator

from dipsat.model.gamemap import GameMap


def routes(gmap: GameMap, src: str, dst: str, fleets: Iterable[str],
           limit: int = 256) -> list[tuple[str, ...]]:
    """List the minimal chains of sea provinces in ``fleets`` that carry an army ``src -> dst``."""
    seas = frozenset(f for f in fleets if gmap.is_sea(f))
    if src == dst or not seas:
        return []
    found: list[tuple[str, ...]] = []
    for route in _walk(gmap, src, dst, seas, ()):
        found.append(route)
        if len(found) >= limit:
            break
    return found


def _walk(gmap: GameMap, src: str, dst: str, seas: frozenset[str],
          path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    here = path[-1] if path else src
    earlier = (src,) + path[:-1] if path else ()
    for sea in sorted(seas):
        if sea in path or not gmap.fleet_provinces_adjacent(here, sea):
            continue
        if any(gmap.fleet_provinces_adjacent(e, sea) for e in earlier):
            continue  # a shortcut exists: this chain is not minimal
        route = path + (sea,)
        if gmap.fleet_provinces_adjacent(sea, dst):
            yield route  # going further would leave dst as a shortcut
        else:
            yield from _walk(gmap, src, dst, seas, route)


def fleets_needed(gmap: GameMap, src: str, dst: str, fleets: Iterable[str]) -> frozenset[str]:
    """Return the fleets that belong to at least one minimal route from ``src`` to ``dst``."""
    return frozenset(f for r in routes(gmap, src, dst, fleets) for f in r)
