"""Vain Star's per-game state: the specials each player has spent, and what waits for the end
of the season (Leper victims, Lethal Stand Off, bombs, the Summer adjustments)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from dipsat.model.types import Phase
from dipsat.variants.vain_star.orders import Special

__all__ = ["Pending", "VainStarState", "EMPTY"]


@dataclass(frozen=True)
class Pending:
    """Events of a movement phase that happen during or after its retreat phase.

    Provinces are where the units stood at the end of the movement phase.
    """

    leper_victims: frozenset[str] = frozenset()
    """Units that moved against a Leper: they disband during the retreat phase (rule F)."""
    lethal: frozenset[str] = frozenset()
    """Units ordered to move that did not: disbanded after the retreats (rule J)."""
    bombs: frozenset[str] = frozenset()
    """Bombed spaces: the unit there after the retreats is destroyed (rule K)."""
    immune: frozenset[str] = frozenset()
    """Supermen spared by Lethal Stand Off and bombs (option ``superman_immune=yes``)."""

    def __bool__(self) -> bool:
        return bool(self.leper_victims or self.lethal or self.bombs)


@dataclass(frozen=True)
class VainStarState:
    """What a Vain Star game remembers between phases (immutable)."""

    used: tuple[tuple[str, Special, str], ...] = ()
    """(power, special, phase it was spent in), in the order spent."""
    pending: Pending = field(default_factory=Pending)
    """Events waiting for the end of the current season."""
    raid: bool = False
    """A Spring Raid was ordered this Spring: a Summer adjustment phase follows it."""

    def used_by(self, power: str) -> dict[Special, str]:
        """The specials ``power`` has spent -> the phase each was spent in."""
        return {special: when for who, special, when in self.used if who == power}

    def spend(self, power: str, special: Special, phase: Phase) -> VainStarState:
        """This state with ``special`` spent by ``power`` in ``phase`` (once)."""
        if special in self.used_by(power):
            return self
        return replace(self, used=self.used + ((power, special, str(phase)),))


EMPTY = VainStarState()
"""The state at the start of a game: nothing spent, nothing pending."""
