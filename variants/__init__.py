"""dipsat.variants: the games dipsat plays, each data plus the rule modules it applies.

``find_variant(name)`` returns a :class:`Variant`; ``Game`` folds phases over positions.
"""
from __future__ import annotations

from dipsat.variants.classical import STANDARD
from dipsat.variants.game import Game, GameError
from dipsat.variants.variant import Variant

VARIANTS: dict[str, Variant] = {v.name: v for v in (STANDARD,)}
"""Every known variant by name."""


class UnknownVariantError(ValueError):
    """No variant has that name."""


def find_variant(name: str) -> Variant:
    """Return the variant called ``name`` (or one of its aliases), in any case.

    Raises:
        UnknownVariantError: the name is unknown; the message lists the known ones.
    """
    key = name.strip().lower()
    for v in VARIANTS.values():
        if key == v.name or key in v.aliases:
            return v
    raise UnknownVariantError(f"unknown variant {name!r}; known variants: {', '.join(sorted(VARIANTS))}")


__all__ = ["Game", "GameError", "STANDARD", "UnknownVariantError", "VARIANTS", "Variant", "find_variant"]
