"""The Hitchhiker's Guide's per-game state, carried by the board (``VariantPosition.state``).

* ``carried``: hitch-hikers dislodged together with their stack's first piece (ruling H8): the
  province they were dislodged from -> how many travel with the dislodged unit there (they
  retreat, or are disbanded, with it).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

__all__ = ["HitchState", "EMPTY"]


@dataclass(frozen=True, slots=True)
class HitchState:
    """What the game remembers beyond the board."""

    carried: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "carried", MappingProxyType(dict(sorted(self.carried.items()))))


EMPTY = HitchState()
"""The state at the start of a game."""
