"""The Gathering's units as kinds (issue 17's unit kinds): a card's lasting effect on a unit is a
:class:`~dipsat.model.kinds.Modifier` of its kind, so legality, the model, retreats and the
notation read it, and it travels with the unit wherever it goes.

* Double Trouble: the core's ``DOUBLE`` (``2A``, ``2F``): every strength and the support
  counted twice, as constants and weights of the model's sums;
* Walk on Water: ``wA``, an army moving along army and fleet edges, standing on land and sea,
  never convoyed (it walks) and, being an army, never convoying (ruling 2.WW.2);
* Sail on Land: ``sF``, a fleet moving along fleet and army edges, standing anywhere, coasts
  playing no part;
* Mystical Shield: back to the base kind (``A``, ``F``); a unit left where its kind cannot stand
  is out of its element.

Modifiers are always applied in one order (walking or sailing first, then doubling), so one
unit has one kind and one letter: ``2wA``, ``2sF``.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Final

from dipsat.model.kinds import ALL_TERRAIN, ARMY, DOUBLE, FLEET, Modifier, Moves, UnitKind
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, Unit

__all__ = ["WALKS", "SAILS", "DOUBLE", "GATHERING_KINDS", "with_modifier", "is_double", "plain"]

WALKS: Final = Modifier("walks on water", prefix="w", changes=MappingProxyType(
    {"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN, "convoyable": False}))
"""Walk on Water: ``wA``."""
SAILS: Final = Modifier("sails on land", prefix="s", changes=MappingProxyType(
    {"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN}))
"""Sail on Land: ``sF``."""
_ORDER: Final = (WALKS, SAILS, DOUBLE)


def _build(base: UnitKind, names: frozenset[str]) -> UnitKind:
    return base.modified(*(m for m in _ORDER if m.name in names))


GATHERING_KINDS: Final = (ARMY, FLEET, _build(ARMY, frozenset({"double"})), _build(FLEET, frozenset({"double"})),
                          _build(ARMY, frozenset({WALKS.name})), _build(ARMY, frozenset({WALKS.name, "double"})),
                          _build(FLEET, frozenset({SAILS.name})), _build(FLEET, frozenset({SAILS.name, "double"})))
"""Every kind a unit of The Gathering can be: A, F, 2A, 2F, wA, 2wA, sF, 2sF."""


def with_modifier(unit: Unit, modifier: Modifier) -> Unit:
    """``unit`` with ``modifier`` added to its kind (in the canonical order)."""
    kind = _build(unit.kind.base_kind(), frozenset({*unit.kind.modifiers, modifier.name}))
    location = unit.location if kind.uses_coasts else Location(unit.location.province)
    return Unit(kind, location)


def plain(unit: Unit, gmap: GameMap) -> Unit:
    """``unit`` without any card's effect (Mystical Shield). A fleet that sailed into a
    split-coast province stands on its first coast (``nc`` before ``sc``)."""
    kind = unit.kind.base_kind()
    location = unit.location
    coasts = gmap.provinces[location.province].coasts
    if kind.uses_coasts and location.coast is None and coasts:
        location = Location(location.province, coasts[0])
    return Unit(kind, location)


def is_double(unit: Unit) -> bool:
    """The unit is a 2A or a 2F."""
    return DOUBLE.name in unit.kind.modifiers
