"""Sorcerous Diplomacy's kinds of unit (the core's unit kinds as data).

* ``W``, the wizard: "identical to normal army units except that they can cast spells" (rule 2a):
  an army kind with its own letter; ``WF``, a wizard with the characteristics of a fleet (the
  seed's options, ``wizard_kind``).
* A familiar is "a double army/fleet" (rule 4): the modifier :data:`FAMILIAR` turns its kind into
  ``2A`` / ``2F``: attack, hold, defend and prevent strength 2; its support counts once, as any
  unit's (a support lends no strength of the supporter's own). The model reads these strengths
  from the kind like any other unit's.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Final

from dipsat.model.kinds import ARMY, FLEET, Modifier, UnitKind

__all__ = ["WIZARD", "FLEET_WIZARD", "FAMILIAR", "KINDS", "is_wizard", "is_familiar", "as_familiar"]

WIZARD: Final = replace(ARMY, letter="W", name="wizard")
FLEET_WIZARD: Final = replace(FLEET, letter="WF", name="fleet wizard")
FAMILIAR: Final = Modifier("familiar", prefix="2", changes=MappingProxyType(
    {"attack": 2, "hold": 2, "defend": 2, "prevent": 2}))
KINDS: Final = (ARMY, FLEET, WIZARD, FLEET_WIZARD, ARMY.modified(FAMILIAR), FLEET.modified(FAMILIAR))
"""Every kind of unit on a Sorcerous board."""


def is_wizard(kind: UnitKind) -> bool:
    """A wizard of either characteristics."""
    return kind.letter in (WIZARD.letter, FLEET_WIZARD.letter)


def is_familiar(kind: UnitKind) -> bool:
    """A unit linked to its power's wizard as familiar."""
    return FAMILIAR.name in kind.modifiers


def as_familiar(kind: UnitKind) -> UnitKind:
    """The kind a unit has once it is a familiar."""
    return kind.modified(FAMILIAR)
