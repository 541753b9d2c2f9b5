"""dipsat.variants: the games dipsat plays, each data plus the rule modules it applies.

``find_variant(name)`` returns a :class:`Variant` (``name`` may carry option choices:
``telepath,ban_prevent=kept``); ``Game`` folds phases over positions; :func:`read_order` is the
case-file reader's hook for orders of a variant's own types.
"""
from __future__ import annotations

from dipsat.model.cases import OrderReader, VariantReader
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Order, PhaseKind, Position
from dipsat.variants.classical import STANDARD
from dipsat.variants.framework.options import VariantOptionError, split_spec
from dipsat.variants.gathering import GATHERING
from dipsat.variants.game import Game, GameError
from dipsat.variants.sorcerous import SORCEROUS
from dipsat.variants.hitchhiker import HITCHHIKER
from dipsat.variants.telepath import TELEPATH
from dipsat.variants.vain_star import VAIN_STAR
from dipsat.variants.variant import Variant

VARIANTS: dict[str, Variant] = {v.name: v for v in (STANDARD, TELEPATH, VAIN_STAR, SORCEROUS, GATHERING, HITCHHIKER)}
"""Every known variant by name."""


class UnknownVariantError(ValueError):
    """No variant has that name."""


def find_variant(name: str) -> Variant:
    """Return the variant called ``name`` (or one of its aliases), in any case.

    ``name`` may name option choices after a comma: ``telepath,ban_prevent=kept``.

    Raises:
        UnknownVariantError: the name is unknown; the message lists the known ones.
        VariantOptionError: an unknown option or choice; the message lists the known ones.
    """
    base, chosen = split_spec(name)
    key = base.strip().lower()
    for v in VARIANTS.values():
        if key == v.name or key in v.aliases:
            return v.with_options(**chosen) if chosen else v
    raise UnknownVariantError(f"unknown variant {base.strip()!r}; known variants: {', '.join(sorted(VARIANTS))}")


def _read_order(text: str, power: str, position: Position | None, kind: PhaseKind, variant: str) -> Order:
    """Read one order line of a case of ``variant`` (the case reader's ``order_reader`` hook).

    Raises:
        OrderError: the text is not an order of that variant.
        UnknownVariantError, VariantOptionError: the case names an unknown variant or option.
    """
    return find_variant(variant).parse_order(text, power, position, kind)  # type: ignore[return-value]


_MAPS: dict[str, GameMap] = {}


def map_for(variant: str) -> GameMap:
    """The map of the variant named ``variant`` (options allowed), knowing its kinds of unit.

    Raises:
        UnknownVariantError, VariantOptionError: unknown variant or option.
    """
    found = _MAPS.get(variant)
    if found is None:
        found = _MAPS[variant] = find_variant(variant).map
    return found


def _board_problem(variant: str, position: Position) -> tuple[tuple[str, ...], str] | None:
    """Why a case's start board cannot arise in ``variant`` (the case reader's board check)."""
    return find_variant(variant).board_problem(position)


read_order = VariantReader(_read_order, map_for, _board_problem)
"""The case reader's hook for variant cases: orders of the case's ``VARIANT`` (its own order
types too), units and centres read on that variant's map."""


def reader_for(variant: Variant) -> OrderReader:
    """An ``order_reader`` that reads every case as a case of ``variant`` (orders and board)."""
    def read(text: str, power: str, position: Position | None, kind: PhaseKind, _name: str) -> Order:
        return variant.parse_order(text, power, position, kind)  # type: ignore[return-value]
    return VariantReader(read, lambda _name: variant.map, lambda _name, position: variant.board_problem(position))


__all__ = ["GATHERING", "Game", "GameError", "HITCHHIKER", "SORCEROUS", "STANDARD", "TELEPATH", "VAIN_STAR", "UnknownVariantError", "VARIANTS",
           "Variant", "VariantOptionError", "find_variant", "map_for", "read_order", "reader_for"]
