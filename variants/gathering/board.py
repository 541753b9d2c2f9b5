"""The board in play: the standard map with the centres Utter Destruction removed and the
Garden of Eden made (rule 2), and the home countries a Garden of Eden reads.

A phase is adjudicated on a :class:`Board`, whose ``gmap`` is the variant's map with these
changes (supply centres and home centres), so centre ownership, builds and the adjustments
read the centres that exist now. Maps are cached by their changes.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib.resources import files
from types import MappingProxyType
from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.variants.gathering.state import GatheringState

__all__ = ["Board", "board_of", "home_country", "majority"]


@dataclass(frozen=True)
class Board:
    """The map of one phase: the variant's map with the lasting changes of the game."""

    gmap: GameMap
    centres: frozenset[str]
    """The supply centres on the board now ("active", rule 4)."""


@lru_cache(maxsize=1)
def _home_countries() -> Mapping[str, frozenset[str]]:
    data = json.loads(files("dipsat.variants.gathering").joinpath("home_countries.json").read_text(encoding="utf-8"))
    return MappingProxyType({k: frozenset(v) for k, v in data.items() if k != "comment"})


def home_country(power: str) -> frozenset[str]:
    """The provinces of ``power``'s original home country (Garden of Eden)."""
    return _home_countries().get(power, frozenset())


@lru_cache(maxsize=256)
def _changed(base: GameMap, destroyed: frozenset[str], created: tuple[tuple[str, str | None], ...]) -> GameMap:
    if not destroyed and not created:
        return base
    made = dict(created)
    provinces = dict(base.provinces)
    for pid in destroyed:
        provinces[pid] = replace(provinces[pid], sc=False, home=None)
    for pid, home in made.items():
        provinces[pid] = replace(provinces[pid], sc=True, home=home)
    homes = {power: frozenset(p.id for p in provinces.values() if p.home == power) for power in base.powers}
    return replace(base, provinces=MappingProxyType(provinces),
                   supply_centres=frozenset(p.id for p in provinces.values() if p.sc),
                   _homes=MappingProxyType(homes), _cache={})


def board_of(base: GameMap, state: GatheringState) -> Board:
    """The board the game is played on now."""
    gmap = _changed(base, state.destroyed, tuple(sorted(state.created.items())))
    return Board(gmap, gmap.supply_centres)


def majority(board: Board, centres: Mapping[str, str]) -> tuple[str | None, dict[str, int]]:
    """The power owning an absolute majority of the active centres (rule 4a), and each count."""
    counts: dict[str, int] = {}
    for province, owner in centres.items():
        if province in board.centres:
            counts[owner] = counts.get(owner, 0) + 1
    best = [p for p, n in counts.items() if 2 * n > len(board.centres)]
    return (best[0] if best else None), dict(sorted(counts.items()))
