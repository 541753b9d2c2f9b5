"""Sorcerous Diplomacy's kinds of unit (the core's unit kinds as data).

* ``W``, the wizard: "identical to normal army units except that they can cast spells" (rule 2a):
  an army kind with its own letter; ``WF``, a wizard with the characteristics of a fleet (the
  seed's options, ``wizard_kind``).
* A familiar is "a double army/fleet" (rule 4), option ``familiar``: by default the modifier
  :data:`FAMILIAR` turns its kind into ``2A`` / ``2F``: attack, hold, defend and prevent strength
  2; its support counts once, as any unit's (a support lends no strength of the supporter's own).
  ``both_kinds``: an army and a fleet at once (``XA``/``XF``); ``both``: both (``2XA``/``2XF``).
  The model and the legality checks read these from the kind like any other unit's.
"""
from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType
from typing import Final

from dipsat.model.kinds import ALL_TERRAIN, ARMY, FLEET, Modifier, Moves, UnitKind

__all__ = ["WIZARD", "FLEET_WIZARD", "FAMILIAR", "AMPHIBIOUS_FAMILIAR", "DOUBLE_AMPHIBIOUS_FAMILIAR", "FAMILIARS",
           "KINDS", "is_wizard", "is_familiar", "as_familiar"]

WIZARD: Final = replace(ARMY, letter="W", name="wizard")
FLEET_WIZARD: Final = replace(FLEET, letter="WF", name="fleet wizard")
_DOUBLE = {"attack": 2, "hold": 2, "defend": 2, "prevent": 2}
_BOTH_KINDS = {"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN, "can_convoy": False, "convoyable": False}
FAMILIAR: Final = Modifier("familiar", prefix="2", changes=MappingProxyType(_DOUBLE))
"""Option ``familiar=double_strength``: strength 2 (``2A``, ``2F``)."""
AMPHIBIOUS_FAMILIAR: Final = Modifier("familiar", prefix="X", changes=MappingProxyType(_BOTH_KINDS))
"""Option ``familiar=both_kinds``: it moves, supports and stands as an army and as a fleet
(``XA``, ``XF``), strength 1; it neither convoys nor is convoyed (it needs no fleet)."""
DOUBLE_AMPHIBIOUS_FAMILIAR: Final = Modifier("familiar", prefix="2X", changes=MappingProxyType(
    {**_DOUBLE, **_BOTH_KINDS}))
"""Option ``familiar=both``: both readings at once (``2XA``, ``2XF``)."""
FAMILIARS: Final = {"double_strength": FAMILIAR, "both_kinds": AMPHIBIOUS_FAMILIAR, "both": DOUBLE_AMPHIBIOUS_FAMILIAR}
"""Option ``familiar`` choice -> the modifier a familiar's kind takes."""
KINDS: Final = (ARMY, FLEET, WIZARD, FLEET_WIZARD,
                *(base.modified(m) for m in FAMILIARS.values() for base in (ARMY, FLEET)))
"""Every kind of unit on a Sorcerous board."""


def is_wizard(kind: UnitKind) -> bool:
    """A wizard of either characteristics."""
    return kind.letter in (WIZARD.letter, FLEET_WIZARD.letter)


def is_familiar(kind: UnitKind) -> bool:
    """A unit linked to its power's wizard as familiar."""
    return FAMILIAR.name in kind.modifiers


def as_familiar(kind: UnitKind, choice: str = "double_strength") -> UnitKind:
    """The kind a unit has once it is a familiar, under option ``familiar=choice``."""
    return kind.modified(FAMILIARS[choice])
