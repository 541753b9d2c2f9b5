"""The Hitchhiker's Guide's per-game state, carried by the board (``VariantPosition.state``).

* ``carried``: hitch-hikers dislodged together with their stack's first piece (ruling H8): the
  province they were dislodged from -> how many travel with the dislodged unit there;
* ``seed`` and ``draws``: the game's random generator (ruling R1) and every draw made so far;
* ``vogon_proof``: the centres made Vogon-proof by an NBO (secret: rule 7d);
* ``commanded``, ``gargled``, ``sunglasses``: units under Zaphod's spells (rule 10), by province;
* ``neutral_next``: centres Zaphod entered, made neutral at the start of the next turn (rule 10).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

__all__ = ["HitchState", "Draw", "EMPTY"]


@dataclass(frozen=True, slots=True)
class Draw:
    """One random draw of the game: what it decided, among which outcomes, and how."""

    number: int
    """Its place among the game's draws (0, 1, ...): the generator's input with the seed."""
    phase: str
    what: str
    """What it decides: ``Zaphod moves``, ``Marvin's tie``, ``victim of V ice - nao``..."""
    options: tuple[str, ...]
    outcome: str
    stated: bool = False
    """True when the record stated the outcome (``GM: DRAW ...``) instead of drawing it."""

    def __str__(self) -> str:
        how = "stated" if self.stated else f"draw {self.number}"
        return f"{self.phase}: {self.what}: {self.outcome} ({how} among {len(self.options)}: {', '.join(self.options)})"


@dataclass(frozen=True, slots=True)
class HitchState:
    """What the game remembers beyond the board."""

    carried: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    seed: int | None = None
    draws: tuple[Draw, ...] = ()
    vogon_proof: frozenset[str] = frozenset()
    commanded: frozenset[str] = frozenset()
    gargled: frozenset[str] = frozenset()
    sunglasses: frozenset[str] = frozenset()
    neutral_next: frozenset[str] = frozenset()
    zaphod_met: str | None = None
    """The unit Zaphod dealt with last (``Germany: A mun``): a unit that comes to him is another."""
    phase: str = ""
    """The phase just played (the game master's view shows its draws)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "carried", MappingProxyType(dict(sorted(self.carried.items()))))

    def gm_view(self) -> list[str]:
        """What only the game master sees: the seed, every draw, the secret Vogon-proof centres."""
        lines = [f"seed: {self.seed if self.seed is not None else 'none stated (0 used)'}"]
        lines += [f"draw {d}" for d in self.draws if d.phase == self.phase]
        if self.vogon_proof:
            lines.append(f"Vogon-proof by NBO: {', '.join(sorted(self.vogon_proof))}")
        for word, units in (("commanded by Zaphod", self.commanded), ("Gargle Blaster", self.gargled),
                            ("sunglasses", self.sunglasses), ("neutral next turn", self.neutral_next)):
            if units:
                lines.append(f"{word}: {', '.join(sorted(units))}")
        return lines


EMPTY = HitchState()
"""The state at the start of a game."""
