"""dipsat.variants: the games dipsat plays, each data plus the rule modules it applies.

``find_variant(name)`` returns a :class:`Variant` (``name`` may carry option choices:
``telepath,ban_prevent=kept``); ``Game`` folds phases over positions; :func:`read_order` is the
case-file reader's hook for orders of a variant's own types.

The registry :data:`VARIANTS` knows every variant's name and aliases without importing it: a
variant's package (and the adjudicator behind it) is imported when that variant is first looked
up, so a command imports only the variants it plays (issue 11). The constants ``STANDARD``,
``TELEPATH``, ... and ``Variant``, ``Game``, ``GameError`` are looked up on first use too.
"""
from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from dipsat.model.case_values import OrderReader, VariantReader
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Order, PhaseKind, Position
from dipsat.model.named_tuples import named_tuple
from dipsat.variants.framework.options import VariantOptionError, know_names, merge_specs, split_spec

if TYPE_CHECKING:
    from dipsat.variants.game import Game, GameError
    from dipsat.variants.variant import Variant


@named_tuple
class Known:
    """Where a variant is defined, and the names it answers to, known before it is imported."""

    name: str
    module: str
    """The package that defines it."""
    attribute: str
    """Its name in that package (also this module's constant for it: ``dipsat.variants.TELEPATH``)."""
    aliases: tuple[str, ...]
    """Other names, lower case; the same as the variant's own ``aliases`` (a test checks it)."""


KNOWN: tuple[Known, ...] = (
    Known("standard", "dipsat.variants.classical", "STANDARD", ("classical", "classic", "diplomacy")),
    Known("telepath", "dipsat.variants.telepath", "TELEPATH", ("telepath_diplomacy", "rb42")),
    Known("vain_star", "dipsat.variants.vain_star", "VAIN_STAR", ("vainstar", "vain-star", "rg11")),
    Known("sorcerous", "dipsat.variants.sorcerous", "SORCEROUS", ("sorcerous_diplomacy", "sorcerous-diplomacy", "rb57")),
    Known("gathering", "dipsat.variants.gathering", "GATHERING", ("the_gathering", "diplomacy_the_gathering", "rg18")),
    Known("hitchhiker", "dipsat.variants.hitchhiker", "HITCHHIKER", ("hitchhikers_guide", "hitchhikers-guide", "cb36")),
)
"""Every variant dipsat ships, in the order ``dipsat --help`` lists them."""


class VariantRegistry(MutableMapping[str, "Variant"]):
    """Variant name -> :class:`Variant`; a variant's package is imported when it is first looked up.

    Listing the names (``list(VARIANTS)``, ``name in VARIANTS``) and :meth:`name_of` import nothing.
    A variant set by hand (``VARIANTS["mine"] = variant``) is known by its name and aliases until deleted.
    """

    def __init__(self, known: tuple[Known, ...]) -> None:
        self._known: dict[str, Known | None] = {k.name: k for k in known}
        self._aliases: dict[str, tuple[str, ...]] = {k.name: k.aliases for k in known}
        self._loaded: dict[str, Variant] = {}

    def __getitem__(self, name: str) -> Variant:
        found = self._loaded.get(name)
        if found is None:
            known = self._known[name]  # KeyError: no variant of that name
            assert known is not None  # a variant set by hand is in _loaded
            found = self._loaded[name] = getattr(import_module(known.module), known.attribute)
        return found

    def __setitem__(self, name: str, variant: Variant) -> None:
        self._known.setdefault(name, None)
        self._aliases[name] = tuple(variant.aliases)
        self._loaded[name] = variant

    def __delitem__(self, name: str) -> None:
        del self._known[name]
        del self._aliases[name]
        self._loaded.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._known

    def __iter__(self) -> Iterator[str]:
        return iter(self._known)

    def __len__(self) -> int:
        return len(self._known)

    def name_of(self, key: str) -> str | None:
        """The name of the variant called ``key`` (its name or one of its aliases, lower case), or ``None``."""
        for name, aliases in self._aliases.items():
            if key == name or key in aliases:
                return name
        return None

    def loaded(self) -> list[str]:
        """The names of the variants imported so far."""
        return [name for name in self._known if name in self._loaded]


VARIANTS = VariantRegistry(KNOWN)
"""Every known variant by name (each imported when first looked up)."""
know_names(VARIANTS.name_of)


class UnknownVariantError(ValueError):
    """No variant has that name."""


def find_variant(name: str) -> Variant:
    """Return the variant called ``name`` (or one of its aliases), in any case.

    ``name`` may name option choices after a comma: ``telepath,ban_prevent=kept``. Only that
    variant's package is imported.

    Raises:
        UnknownVariantError: the name is unknown; the message lists the known ones.
        VariantOptionError: an unknown option or choice; the message lists the known ones.
    """
    base, chosen = split_spec(name)
    found = VARIANTS.name_of(base.strip().lower())
    if found is None:
        raise UnknownVariantError(f"unknown variant {base.strip()!r}; known variants: {', '.join(sorted(VARIANTS))}")
    v = VARIANTS[found]
    return v.with_options(**chosen) if chosen else v


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
    return VariantReader(read, lambda _name: variant.map, lambda _name, position: variant.board_problem(position),
                         variant.map)


_CONSTANTS = {k.attribute: k.name for k in KNOWN}
_LATER = {"Variant": "dipsat.variants.variant", "Game": "dipsat.variants.game", "GameError": "dipsat.variants.game"}


def __getattr__(name: str) -> Any:
    """The variant constants (``STANDARD``, ...) and ``Variant``, ``Game``, ``GameError``, imported on first use."""
    if name in _CONSTANTS:
        return VARIANTS[_CONSTANTS[name]]
    if name in _LATER:
        return getattr(import_module(_LATER[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GATHERING", "Game", "GameError", "HITCHHIKER", "KNOWN", "SORCEROUS", "STANDARD", "TELEPATH", "VAIN_STAR",
           "UnknownVariantError", "VARIANTS", "Variant", "VariantOptionError", "VariantRegistry", "find_variant", "merge_specs",
           "map_for", "read_order", "reader_for"]
