"""The five spells, their durations, and the turns a spell is in force (rules 3 and 5).

A *turn* is one season's movement phase together with its retreats (rule 5: "Movement
(including retreats)"); turns are numbered ``2 * year`` (Spring) and ``2 * year + 1`` (Autumn),
so the Winter adjustments lie between two turns and count for none. A spell's duration is the
number of turns in which it acts:

* Stasis and Magic Shield take effect before the movement of the turn they are cast in
  (rule 5), so that turn is their first: cast in turn ``t``, in force in ``t`` and ``t + 1``;
* Wall and Ice take effect after the movement (and retreats) of the turn they are cast in, so
  their first turn is the next one: a Wall cast in ``t`` stands in ``t + 1``; Ice cast in ``t``
  covers the sea in ``t + 1``, ``t + 2`` and ``t + 3`` and melts at the end of ``t + 3``;
* Flame has no duration: it ends the Ice of its sea when it takes effect.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from dipsat.model.types import Phase, Season

__all__ = ["Spell", "Effect", "turn_of", "turn_name", "DURATION", "BEFORE_MOVEMENT"]


class Spell(Enum):
    """The spells of rule 3, by the word written in a ``CAST`` order."""

    STASIS = "STASIS"
    SHIELD = "SHIELD"
    WALL = "WALL"
    ICE = "ICE"
    FLAME = "FLAME"


SPELL_WORDS = {"stasis": Spell.STASIS, "shield": Spell.SHIELD, "magic shield": Spell.SHIELD,
               "wall": Spell.WALL, "ice": Spell.ICE, "flame": Spell.FLAME}
"""Words a player may write for each spell (lower case)."""

DURATION = {Spell.STASIS: 2, Spell.SHIELD: 2, Spell.WALL: 1, Spell.ICE: 3, Spell.FLAME: 0}
"""Turns each spell acts (rule 3)."""

BEFORE_MOVEMENT = frozenset({Spell.STASIS, Spell.SHIELD})
"""Spells that take effect before the movement of the turn they are cast in (rule 5)."""


def turn_of(phase: Phase) -> int:
    """The turn a movement or retreat phase belongs to (``2 * year``, ``+ 1`` in Autumn)."""
    return 2 * phase.year + (0 if phase.season is Season.SPRING else 1)


def turn_name(turn: int) -> str:
    """``Spring 1901`` / ``Fall 1901``."""
    return f"{'Spring' if turn % 2 == 0 else 'Fall'} {turn // 2}"


@dataclass(frozen=True, slots=True)
class Effect:
    """A spell in force: where it acts, from which turn to which, and who cast it."""

    spell: Spell
    where: tuple[str, ...]
    """The province of the enchanted unit (Stasis, Shield; it follows the unit), the two
    provinces of a Wall (sorted), or the iced sea."""
    first: int
    """The first turn it acts in."""
    last: int
    """The last turn it acts in."""
    caster: str
    """The power whose wizard cast it."""

    def active(self, turn: int) -> bool:
        """Tell whether the spell acts in ``turn``."""
        return self.first <= turn <= self.last

    def moved(self, province: str) -> Effect:
        """The same spell on a unit that now stands in ``province``."""
        return Effect(self.spell, (province,), self.first, self.last, self.caster)

    def __str__(self) -> str:
        where = " - ".join(self.where)
        span = turn_name(self.first) if self.first == self.last else \
            f"{turn_name(self.first)} to {turn_name(self.last)}"
        return f"{self.spell.value.capitalize()} {where} ({self.caster}), {span}"
