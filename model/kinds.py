"""Unit kinds as data: how a kind of unit moves, where it stands, how strong it is, what it may do.

The standard game has two kinds, :data:`ARMY` and :data:`FLEET`; a variant declares its own
(a wizard, a bubble-car, a hitch-hiker...) as more values of :class:`UnitKind`, and a lasting
change to one unit (a double unit, an army that walks on water) is a :class:`Modifier` that
turns its kind into another kind value. Legality, the model, retreats and builds read these
fields; no shared code asks which variant is being played.

Strengths are integers in units of ``1/scale`` of a kind's own ``scale``; the phase model works
at the board's scale (the least common multiple of the declared kinds' scales, 1 in the
standard game), where two half-strength attacks tie one full hold exactly.
"""
from __future__ import annotations

from dataclasses import field, fields, replace
from enum import Enum
from math import lcm
from types import MappingProxyType
from typing import Any, ClassVar, Final, Iterable, Mapping

from dipsat.model.named_tuples import named_tuple
from dipsat.model.values import value_class


class Moves(Enum):
    """Which edges of the map a kind moves along (neighbour sets precomputed per map)."""

    ARMY = "army"
    """Army edges: between land and coastal provinces, coasts ignored."""
    FLEET = "fleet"
    """Fleet edges, coast-exact: the unit stands on a coast of a split-coast province."""
    ANY_EDGE = "any edge"
    """Army or fleet edges, coasts ignored (land and sea alike)."""
    ANYWHERE = "anywhere"
    """Any province of the board it may stand on."""
    NONE = "none"
    """Never by itself: only as a variant moves it off the graph (a lift, a teleport)."""


LAND_OR_COAST: Final = frozenset({"land", "coast"})
COAST_OR_SEA: Final = frozenset({"coast", "sea"})
ALL_TERRAIN: Final = frozenset({"land", "coast", "sea"})
"""Terrains (the values of :class:`~dipsat.model.gamemap.Terrain`) a kind may stand on."""


@named_tuple
class Strengths:
    """A kind's strengths at one scale (integers)."""

    attack: int
    hold: int
    defend: int
    prevent: int
    support: int


class _KindType(type):
    """Lets ``UnitKind("A")`` name a standard kind by its letter and ``list(UnitKind)`` list them,
    as the old ``UnitType`` enum did."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if len(args) == 1 and not kwargs:
            for kind in STANDARD_KINDS:
                if kind.letter == args[0]:
                    return kind
            raise ValueError(f"{args[0]!r} is not a standard unit kind")
        return super().__call__(*args, **kwargs)

    def __iter__(cls) -> Any:
        return iter(STANDARD_KINDS)

    def __len__(cls) -> int:
        return len(STANDARD_KINDS)


@value_class(eq=False)
class UnitKind(metaclass=_KindType):
    """A kind of unit, as data. ``UnitKind.ARMY`` and ``UnitKind.FLEET`` are the standard two."""

    letter: str
    """Its letter in notation: ``A``, ``F``, ``W``, ``2A``."""
    name: str
    """Its name in words and messages: ``army``, ``bubble-car``."""
    moves: Moves = Moves.ARMY
    reach: Moves | None = None
    """The edges along which it supports; ``None``: the edges it moves along."""
    stands: frozenset[str] = LAND_OR_COAST
    """Terrains it may stand on, end a move, retreat or be built on."""
    attack: int = 1
    hold: int = 1
    defend: int = 1
    prevent: int = 1
    support: int = 1
    """What one support it gives adds to the supported strength."""
    scale: int = 1
    """The five strengths above are in units of ``1/scale``."""
    can_support: bool = True
    can_convoy: bool = False
    convoyable: bool = True
    captures: bool = True
    """Its presence after the Fall turn takes a supply centre."""
    cuts: bool = True
    """A move of it into a supporter's province cuts the support."""
    owned: bool = True
    """False for a piece that belongs to no power (its ``Piece.power`` is its own name)."""
    shares_with: frozenset[str] = frozenset()
    """Letters of the kinds it may share a province with; ``"*"``: any unit."""
    guest: bool = False
    """It shares a province without holding it: never the principal piece of a province."""
    modifiers: tuple[str, ...] = ()
    """Names of the :class:`Modifier` values applied, in order."""
    base: UnitKind | None = field(default=None, repr=False)
    """The kind before any modifier (``None`` for an unmodified kind)."""
    _key: tuple[Any, ...] = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)

    ARMY: ClassVar[UnitKind]
    """The standard army (set below)."""
    FLEET: ClassVar[UnitKind]
    """The standard fleet (set below)."""

    def __post_init__(self) -> None:
        key = tuple(getattr(self, f.name) for f in fields(self) if not f.name.startswith("_") and f.name != "base")
        object.__setattr__(self, "_key", key)
        object.__setattr__(self, "_hash", hash(key))

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, UnitKind):
            return NotImplemented
        return self._hash == other._hash and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"UnitKind({self.letter!r})"

    def __reduce__(self) -> Any:
        if self is ARMY:
            return (_standard, ("A",))
        if self is FLEET:
            return (_standard, ("F",))
        return (_rebuild, (self._key, self.base))

    @property
    def value(self) -> str:
        """The letter (as the old ``UnitType`` enum's value)."""
        return self.letter

    @property
    def support_reach(self) -> Moves:
        """The edges along which it supports."""
        return self.reach or self.moves

    @property
    def uses_coasts(self) -> bool:
        """It stands on a coast of a split-coast province (it moves along fleet edges)."""
        return self.moves is Moves.FLEET

    def at_scale(self, scale: int) -> Strengths:
        """Its strengths as integers at ``scale`` (a multiple of its own scale).

        Raises:
            ValueError: ``scale`` is not a multiple of the kind's scale.
        """
        found = _AT_SCALE.get((self, scale))
        if found is None:
            if scale % self.scale:
                raise ValueError(f"strength scale {scale} is not a multiple of the {self.name}'s scale {self.scale}")
            k = scale // self.scale
            found = Strengths(self.attack * k, self.hold * k, self.defend * k, self.prevent * k, self.support * k)
            _AT_SCALE[(self, scale)] = found
        return found

    def modified(self, *modifiers: Modifier) -> UnitKind:
        """This kind with lasting ``modifiers`` applied (a double army, an army walking on water)."""
        kind = self
        for m in modifiers:
            if m.name in kind.modifiers:
                continue
            changes = dict(m.changes)
            if m.factor != 1:
                for name in ("attack", "hold", "defend", "prevent", "support"):
                    changes[name] = changes.get(name, getattr(kind, name)) * m.factor
            kind = replace(kind, letter=m.prefix + kind.letter, modifiers=(*kind.modifiers, m.name),
                           base=kind.base or kind, **changes)
        return kind

    def base_kind(self) -> UnitKind:
        """The kind before any modifier (Mystical Shield: the unit back to its nature)."""
        return self.base or self

    def can_stand(self, terrain: str) -> bool:
        """It may stand on ``terrain`` (``"land"``, ``"coast"``, ``"sea"``)."""
        return terrain in self.stands

    def __str__(self) -> str:
        return self.letter


_AT_SCALE: dict[tuple[UnitKind, int], Strengths] = {}


@value_class
class Modifier:
    """A lasting change to one unit's kind: double strength, walking on water, sailing on land."""

    name: str
    prefix: str = ""
    """Added before the kind's letter in notation: ``2`` makes ``2A``."""
    factor: int = 1
    """Multiplies the five strengths."""
    changes: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Fields of :class:`UnitKind` replaced: ``{"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN}``."""


ARMY: Final = UnitKind("A", "army")
FLEET: Final = UnitKind("F", "fleet", moves=Moves.FLEET, stands=COAST_OR_SEA, can_convoy=True, convoyable=False)
UnitKind.ARMY = ARMY
UnitKind.FLEET = FLEET
STANDARD_KINDS: Final = (ARMY, FLEET)

DOUBLE: Final = Modifier("double", prefix="2", factor=2)
"""A unit of double strength everywhere (``2A``, ``2F``)."""
WALKS_ON_WATER: Final = Modifier("walks on water", changes=MappingProxyType(
    {"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN, "convoyable": False}))
"""An army that moves on sea areas as well as on land (and is no longer convoyed)."""
SAILS_ON_LAND: Final = Modifier("sails on land", changes=MappingProxyType(
    {"moves": Moves.ANY_EDGE, "stands": ALL_TERRAIN}))
"""A fleet that moves on land as well as at sea (coasts then play no part)."""


def _standard(letter: str) -> UnitKind:
    return ARMY if letter == "A" else FLEET


def _rebuild(key: tuple[Any, ...], base: UnitKind | None) -> UnitKind:
    names = [f.name for f in fields(UnitKind) if not f.name.startswith("_") and f.name != "base"]
    return UnitKind(**dict(zip(names, key)), base=base)


def strength_scale(kinds: Iterable[UnitKind]) -> int:
    """The least common multiple of the kinds' scales: the scale the model works at."""
    return lcm(1, *(k.scale for k in kinds))


def can_share(a: UnitKind, b: UnitKind) -> bool:
    """Two pieces of kinds ``a`` and ``b`` may stand in one province (either kind allows it)."""
    return (a.letter in b.shares_with or b.letter in a.shares_with
            or "*" in a.shares_with or "*" in b.shares_with)


def kind_words(kinds: Iterable[UnitKind]) -> Mapping[str, UnitKind]:
    """Every way to write each kind (letter and name, lower case) -> the kind.

    A modified kind written like its base kind (an army walking on water is still ``A``) reads
    as the base kind: orders name the unit, the board knows what it is.

    Raises:
        ValueError: two kinds of different bases are written the same way.
    """
    words: dict[str, UnitKind] = {}
    for kind in kinds:
        for word in {kind.letter.lower(), kind.name.lower()}:
            known = words.setdefault(word, kind)
            if known.base_kind() != kind.base_kind():
                raise ValueError(f"two unit kinds are written {word!r}: {known.name} and {kind.name}")
    return MappingProxyType(words)


STANDARD_WORDS: Final = kind_words(STANDARD_KINDS)
