"""The board in play (issue 17's lasting changes): Utter Destruction removes a centre, a Garden of
Eden adds one (rule 2); the home countries a Garden of Eden reads; the centres on the board.

The changes travel with the position (``Position.changes``) and never expire; the core's
:func:`~dipsat.model.board.board_in_play` gives the map a phase is played on, so legality,
centre ownership, builds and the adjustments read the centres that exist now.
"""
from __future__ import annotations

import json
from dataclasses import replace
from functools import lru_cache
from importlib.resources import files
from types import MappingProxyType
from typing import Mapping

from dipsat.model.board import AddCentre, Lasting, RemoveCentre, apply_change, board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Position

__all__ = ["home_country", "destroy_centre", "make_centre", "centres_on_board", "majority"]


@lru_cache(maxsize=1)
def _home_countries() -> Mapping[str, frozenset[str]]:
    data = json.loads(files("dipsat.variants.gathering").joinpath("home_countries.json").read_text(encoding="utf-8"))
    return MappingProxyType({k: frozenset(v) for k, v in data.items() if k != "comment"})


def home_country(power: str) -> frozenset[str]:
    """The provinces of ``power``'s original home country (Garden of Eden)."""
    return _home_countries().get(power, frozenset())


def _without(position: Position, province: str) -> Position:
    kept = tuple(c for c in position.changes
                 if not (isinstance(c.change, (AddCentre, RemoveCentre)) and c.change.province == province))
    return replace(position, changes=kept)


def destroy_centre(gmap: GameMap, position: Position, province: str) -> Position:
    """Utter Destruction: ``province`` is a supply centre no more, and nobody owns it."""
    position = _without(position, province)
    root = gmap.base or gmap
    if province in root.supply_centres:
        return apply_change(position, Lasting(RemoveCentre(province)))
    centres = dict(position.centres)
    centres.pop(province, None)
    return replace(position, centres=centres)


def make_centre(position: Position, province: str, owner: str, home: str | None) -> Position:
    """Garden of Eden: ``province`` is a supply centre owned by ``owner`` (a home centre of ``home``)."""
    position = apply_change(_without(position, province), Lasting(AddCentre(province, home)))
    return replace(position, centres={**position.centres, province: owner})


def centres_on_board(gmap: GameMap, position: Position) -> frozenset[str]:
    """The supply centres on the board now ("active", rule 4)."""
    return board_in_play(gmap, position).supply_centres


def majority(gmap: GameMap, position: Position) -> tuple[str | None, int, int]:
    """The power owning an absolute majority of the centres on the board (rule 4a), its count and
    the number of centres on the board."""
    centres = centres_on_board(gmap, position)
    counts: dict[str, int] = {}
    for province, owner in position.centres.items():
        if province in centres:
            counts[owner] = counts.get(owner, 0) + 1
    best = [p for p, n in sorted(counts.items()) if 2 * n > len(centres)]
    return (best[0], counts[best[0]], len(centres)) if best else (None, 0, len(centres))
