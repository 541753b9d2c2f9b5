"""Immutable value types of a Diplomacy game: units, orders, phases, positions.

Every value prints in DATC short notation (``A par - bur``); the parsers in
:mod:`dipsat.model.notation` read that notation back.
"""
from __future__ import annotations

from dataclasses import field, replace
from enum import Enum
from types import MappingProxyType
from typing import Any, Final, Iterator, Mapping

from dipsat.model.kinds import ARMY, FLEET, UnitKind, can_share
from dipsat.model.reasons import Reason, words_of
from dipsat.model.values import value_class, value_tuple

UnitType = UnitKind
"""The old name of :class:`~dipsat.model.kinds.UnitKind`: ``UnitType.ARMY``, ``UnitType.FLEET``."""

_ = (ARMY, FLEET)  # re-exported: ``from dipsat.model.types import ARMY``


class Season(Enum):
    """The seasons of a game year (Summer only for variants with an extra phase)."""

    SPRING = "Spring"
    SUMMER = "Summer"
    FALL = "Fall"
    WINTER = "Winter"


class PhaseKind(Enum):
    """What is ordered in a phase."""

    MOVEMENT = "Movement"
    RETREAT = "Retreat"
    ADJUSTMENT = "Adjustment"


@value_class
class Location:
    """A province, optionally with a coast: ``stp``, ``stp/nc``."""

    province: str
    coast: str | None = None

    def __str__(self) -> str:
        return f"{self.province}/{self.coast}" if self.coast else self.province


@value_class
class Unit:
    """A unit as an order names it: its type and where it stands (``F stp/nc``)."""

    kind: UnitKind
    location: Location

    @property
    def province(self) -> str:
        """The province the unit stands in, without coast."""
        return self.location.province

    def __str__(self) -> str:
        loc = self.location  # written out here: units are printed by the hundred thousand
        return f"{self.kind.letter} {loc.province}/{loc.coast}" if loc.coast else f"{self.kind.letter} {loc.province}"


def _unit_text(unit: Unit) -> str:
    """``str(unit)`` without the method look-up of an f-string field."""
    loc = unit.location
    return f"{unit.kind.letter} {loc.province}/{loc.coast}" if loc.coast else f"{unit.kind.letter} {loc.province}"


@value_class
class Piece:
    """A unit on the board together with the power that owns it."""

    power: str
    unit: Unit

    def __str__(self) -> str:
        return f"{self.power}: {self.unit}"


def placed(power: str, kind: UnitKind, location: Location) -> Piece:
    """``Piece(power, Unit(kind, location))``: a unit put on the board where a move or a retreat
    ends, the piece already made when the same was placed lately (pieces are values; a movement
    phase moves most units, and to the places they went before)."""
    key = (power, id(kind), location.province, location.coast)
    found = _PLACED.get(key)
    if found is not None and found.unit.kind is kind:  # the kind held here: its id names no other
        return found
    if len(_PLACED) >= _PLACED_KEPT:
        _PLACED.clear()
    made = _PLACED[key] = Piece(power, Unit(kind, location))
    return made


_PLACED: dict[tuple[str, int, str, str | None], Piece] = {}
_PLACED_KEPT: Final = 4096
"""Pieces :func:`placed` made lately, at most (then the memo starts again)."""


@value_class
class Hold:
    """``A par H``."""

    power: str
    unit: Unit

    def __str__(self) -> str:
        loc = self.unit.location  # written out, as Unit's: orders are printed by the hundred thousand
        letter = self.unit.kind.letter
        return f"{letter} {loc.province}/{loc.coast} H" if loc.coast else f"{letter} {loc.province} H"


@value_class
class Move:
    """``A lon - bel`` or, explicitly convoyed, ``A lon - bel via convoy``."""

    power: str
    unit: Unit
    dest: Location
    via_convoy: bool = False

    def __str__(self) -> str:
        loc, dest = self.unit.location, self.dest  # written out, as Unit's and Location's
        letter = self.unit.kind.letter
        text = f"{letter} {loc.province}/{loc.coast} - " if loc.coast else f"{letter} {loc.province} - "
        text += f"{dest.province}/{dest.coast}" if dest.coast else dest.province
        return text + " via convoy" if self.via_convoy else text


@value_class
class SupportHold:
    """``A tyr S A ven``: support for a unit that is not moving."""

    power: str
    unit: Unit
    target: Unit

    def __str__(self) -> str:
        unit, target = self.unit, self.target  # written out, as Unit's: supports are printed by the ten thousand
        loc, at = unit.location, target.location
        text = f"{unit.kind.letter} {loc.province}/{loc.coast} S " if loc.coast else f"{unit.kind.letter} {loc.province} S "
        return text + (f"{target.kind.letter} {at.province}/{at.coast}" if at.coast else f"{target.kind.letter} {at.province}")


@value_class
class SupportMove:
    """``A tyr S A ven - tri``."""

    power: str
    unit: Unit
    target: Unit
    dest: Location

    def __str__(self) -> str:
        unit, target, dest = self.unit, self.target, self.dest  # written out, as Unit's and Location's
        loc, at = unit.location, target.location
        text = f"{unit.kind.letter} {loc.province}/{loc.coast} S " if loc.coast else f"{unit.kind.letter} {loc.province} S "
        text += f"{target.kind.letter} {at.province}/{at.coast} - " if at.coast else f"{target.kind.letter} {at.province} - "
        return text + (f"{dest.province}/{dest.coast}" if dest.coast else dest.province)


@value_class
class Convoy:
    """``F nth C A lon - bel``."""

    power: str
    unit: Unit
    target: Unit
    dest: Location

    def __str__(self) -> str:
        unit, target, dest = self.unit, self.target, self.dest  # written out, as Unit's and Location's
        loc, at = unit.location, target.location
        text = f"{unit.kind.letter} {loc.province}/{loc.coast} C " if loc.coast else f"{unit.kind.letter} {loc.province} C "
        text += f"{target.kind.letter} {at.province}/{at.coast} - " if at.coast else f"{target.kind.letter} {at.province} - "
        return text + (f"{dest.province}/{dest.coast}" if dest.coast else dest.province)


@value_class
class Retreat:
    """``F nth R hol``: a dislodged unit's move in a retreat phase."""

    power: str
    unit: Unit
    dest: Location

    def __str__(self) -> str:
        return f"{self.unit} R {self.dest}"


@value_class
class Disband:
    """``A par D``: a retreat-phase or adjustment-phase disband."""

    power: str
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} D"


@value_class
class Build:
    """``A par B``: a build in an adjustment phase."""

    power: str
    unit: Unit

    def __str__(self) -> str:
        return f"{self.unit} B"


@value_class
class Waive:
    """``WAIVE``: a power declines one build."""

    power: str

    def __str__(self) -> str:
        return "WAIVE"


Order = Hold | Move | SupportHold | SupportMove | Convoy | Retreat | Disband | Build | Waive
MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
RETREAT_ORDERS = (Retreat, Disband)
ADJUSTMENT_ORDERS = (Build, Disband, Waive)


@value_class
class Phase:
    """A game phase: ``Spring 1901 Movement``."""

    year: int
    season: Season
    kind: PhaseKind

    def __str__(self) -> str:
        return f"{self.season.value} {self.year} {self.kind.value}"

    @property
    def key(self) -> tuple[int, int, int]:
        """Where the phase comes in the game: phases compare by this key."""
        return (self.year, _SEASON_ORDER[self.season], _KIND_ORDER[self.kind])


_SEASON_ORDER: dict[Season, int] = {s: i for i, s in enumerate(Season)}
_KIND_ORDER: dict[PhaseKind, int] = {k: i for i, k in enumerate(PhaseKind)}


@value_class
class Dislodged:
    """A unit dislodged in the movement phase, waiting for its retreat."""

    piece: Piece
    attacker_origin: str | None
    """Province the dislodging unit came from (``None`` when unknown, e.g. set up by hand)."""
    by_convoy: bool = field(default=False, compare=False)
    """The dislodging unit came by convoy (then, DATC 4.A.5, its origin is open to retreats)."""

    def __str__(self) -> str:
        origin = f" from {self.attacker_origin}" if self.attacker_origin else ""
        return f"{self.piece} dislodged{origin}"


def _frozen(mapping: Mapping[Any, Any] | None) -> Mapping[Any, Any]:
    if not mapping:
        return _NOTHING  # most boards have no dislodged unit
    found = _MADE.get(id(mapping))
    if found is not None and found[0] is mapping:  # frozen here already: the mapping of another board
        return mapping
    keys = list(mapping)
    ordered = sorted(keys)  # sorting the keys alone is quicker than sorting the items
    if keys == ordered:  # a board settled in order
        inside = dict(mapping)
    else:
        inside = {key: mapping[key] for key in ordered}
    made = MappingProxyType(inside)
    if len(_MADE) >= _MADE_KEPT:  # each step one C call, whole under the GIL: a Dask worker's threads
        _MADE.clear()  # share this memo with no lock (a board made meanwhile may merely be forgotten)
    _MADE[id(made)] = (made, inside)
    return made


def plain(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    """The dict behind a board's mapping :func:`_frozen` made lately (its ``units``, ``centres``),
    to read only: a look-up in a dict costs half one through its read-only view (a method call);
    else ``mapping`` itself. Hot readers of a phase's board read it so; nobody may change it."""
    found = _MADE.get(id(mapping))
    return found[1] if found is not None and found[0] is mapping else mapping


_MADE: dict[int, tuple[Mapping[Any, Any], dict[Any, Any]]] = {}
"""The mappings :func:`_frozen` made last, by identity, each with the dict behind it (kept alive
here, so an id is never another's): a new board made from another's units or centres (the next
phase, the board brought to the phase after) shares them instead of copying and sorting them
again. Each is a read-only view of a dict nobody else holds (but :func:`plain`'s readers), so
sharing it changes nothing."""
_MADE_KEPT: Final = 64


_NOTHING: Mapping[Any, Any] = MappingProxyType({})


class StackError(ValueError):
    """Two pieces whose kinds may not share a province were put in one."""


def stack_problem(pieces: tuple[Piece, ...] | list[Piece]) -> str:
    """Why ``pieces`` may not stand together in one province, or ``""``."""
    for i, a in enumerate(pieces):
        for b in pieces[i + 1:]:
            if not can_share(a.unit.kind, b.unit.kind):
                return f"{a.unit} and {b.unit} may not share {a.unit.province}"
    return ""


@value_class(eq=False)
class Position:
    """The board at the start of a phase: a value, never changed in place.

    ``units`` and ``dislodged`` are keyed by province (no coast): ``units[p]`` is the
    *principal* piece of ``p``, "the unit in p", the one that holds it; ``stacked[p]`` are the
    further pieces sharing ``p`` where the kinds allow it (hitch-hikers together, guests such as
    Zaphod), empty in the standard game. ``centres`` maps each owned supply centre to its owner;
    ``standoffs`` are provinces left empty by a standoff in the movement phase just played (no
    retreat may go there); ``changes`` are the lasting changes of the board
    (:class:`dipsat.model.board.Lasting`: edges closed, seas frozen, centres removed or added).
    """

    phase: Phase
    units: Mapping[str, Piece] = field(default_factory=dict)
    centres: Mapping[str, str] = field(default_factory=dict)
    dislodged: Mapping[str, Dislodged] = field(default_factory=dict)
    standoffs: frozenset[str] = frozenset()
    stacked: Mapping[str, tuple[Piece, ...]] = field(default_factory=dict)
    changes: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        _set_units(self, _frozen(self.units))  # the slots' own setters: past the frozen __setattr__,
        _set_centres(self, _frozen(self.centres))  # quicker than object.__setattr__
        _set_dislodged(self, _frozen(self.dislodged))
        standoffs = self.standoffs
        _set_standoffs(self, standoffs if type(standoffs) is frozenset else frozenset(standoffs))
        if self.stacked:
            _settle_stacks(self)
        else:
            _set_stacked(self, _NO_STACKS)
        if self.changes:
            _set_changes(self, tuple(sorted(set(self.changes), key=str)))
        elif not isinstance(self.changes, tuple):
            _set_changes(self, ())

    def _key(self) -> tuple[Any, ...]:
        return (self.phase, dict(self.units), dict(self.centres), dict(self.dislodged), self.standoffs,
                dict(self.stacked), self.changes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.phase, tuple(self.units.items()), tuple(self.centres.items()),
                     tuple(self.dislodged.items()), self.standoffs, tuple(self.stacked.items()), self.changes))

    def unit_at(self, province: str) -> Piece | None:
        """The unit standing in ``province`` (any coast), or ``None``: its principal piece."""
        return self.units.get(province)

    def pieces_at(self, province: str) -> tuple[Piece, ...]:
        """Every piece in ``province``, the principal one first."""
        principal = self.units.get(province)
        more = self.stacked.get(province, ())
        return (principal, *more) if principal is not None else more

    def all_pieces(self) -> Iterator[Piece]:
        """Every piece on the board (not the dislodged ones), province by province."""
        if not self.stacked:
            yield from self.units.values()
            return
        for province in sorted(set(self.units) | set(self.stacked)):
            yield from self.pieces_at(province)

    def with_piece(self, piece: Piece) -> Position:
        """This board with ``piece`` added where it stands.

        Raises:
            StackError: the kinds of the pieces already there forbid sharing the province.
        """
        province = piece.unit.province
        here = self.pieces_at(province)
        if not here:
            if piece.unit.kind.guest:
                return replace(self, stacked={**self.stacked, province: (piece,)})
            return replace(self, units={**self.units, province: piece})
        problem = stack_problem([*here, piece])
        if problem:
            raise StackError(problem)
        return replace(self, stacked={**self.stacked, province: (*self.stacked.get(province, ()), piece)})

    def without_piece(self, piece: Piece) -> Position:
        """This board without ``piece`` (a stacked piece takes the principal's place if it leaves)."""
        province = piece.unit.province
        units, stacked = dict(self.units), dict(self.stacked)
        if units.get(province) == piece:
            del units[province]
        else:
            here = stacked.get(province, ())
            index = here.index(piece) if piece in here else len(here)
            rest = here[:index] + here[index + 1:]  # one piece only, though an equal one stays
            if rest:
                stacked[province] = rest
            else:
                stacked.pop(province, None)
        return replace(self, units=units, stacked=stacked)

    def powers(self) -> tuple[str, ...]:
        """Every power with a unit, a dislodged unit or a centre, sorted."""
        found = {p.power for p in self.all_pieces() if p.unit.kind.owned} | set(self.centres.values())
        found |= {d.piece.power for d in self.dislodged.values() if d.piece.unit.kind.owned}
        return tuple(sorted(found))

    def with_phase(self, phase: Phase) -> Position:
        """This board at another phase."""
        return self.updated(phase=phase)

    def updated(self, *, phase: Phase | None = None, units: Mapping[str, Piece] | None = None,
                centres: Mapping[str, str] | None = None, dislodged: Mapping[str, Dislodged] | None = None,
                standoffs: frozenset[str] | set[str] | None = None,
                stacked: Mapping[str, tuple[Piece, ...]] | None = None) -> Position:
        """This board with the fields given replaced: the value :func:`dataclasses.replace` gives,
        but only the fields given are frozen again (the others already are). Every phase's next
        board is made this way."""
        if self.stacked or stacked or type(self) is not Position:  # stacks are settled against the
            # units, a subclass (a variant's state) has more fields: the full way
            return replace(self, **{k: v for k, v in (("phase", phase), ("units", units), ("centres", centres),
                                                      ("dislodged", dislodged), ("standoffs", standoffs),
                                                      ("stacked", stacked)) if v is not None})
        made = _new_position(Position)
        _set_phase(made, self.phase if phase is None else phase)
        _set_units(made, self.units if units is None else _frozen(units))
        _set_centres(made, self.centres if centres is None else _frozen(centres))
        _set_dislodged(made, self.dislodged if dislodged is None else _frozen(dislodged))
        _set_standoffs(made, self.standoffs if standoffs is None else frozenset(standoffs))
        _set_stacked(made, _NO_STACKS)
        _set_changes(made, self.changes)
        return made

    def __str__(self) -> str:
        lines = [str(self.phase)]
        lines += [str(p) for p in self.all_pieces()]
        lines += [str(d) for d in self.dislodged.values()]
        lines += [str(c) for c in self.changes]
        return "\n".join(lines)


_NO_STACKS: Mapping[str, tuple[Piece, ...]] = MappingProxyType({})
_new_position = object.__new__
_set_phase, _set_units, _set_centres = Position.phase.__set__, Position.units.__set__, Position.centres.__set__
_set_dislodged, _set_standoffs = Position.dislodged.__set__, Position.standoffs.__set__
_set_stacked, _set_changes = Position.stacked.__set__, Position.changes.__set__
"""The slots of :class:`Position`, filled directly by :meth:`Position.updated`."""


def _settle_stacks(position: Position) -> None:
    """Freeze ``stacked``; a province whose principal left gets its first non-guest stacked piece."""
    units = dict(position.units)
    stacked: dict[str, tuple[Piece, ...]] = {}
    for province, pieces in sorted(position.stacked.items()):
        pieces = tuple(pieces)
        if province not in units:
            host = next((i for i, p in enumerate(pieces) if not p.unit.kind.guest), None)
            if host is not None:
                units[province] = pieces[host]
                pieces = pieces[:host] + pieces[host + 1:]
        if pieces:
            stacked[province] = pieces
    if len(units) != len(position.units):
        object.__setattr__(position, "units", _frozen(units))
    object.__setattr__(position, "stacked", MappingProxyType(stacked))


class Result(Enum):
    """The DATC words for the result of an order (DATC 4.E.2)."""

    SUCCEEDS = "succeeds"
    FAILS = "fails"
    ILLEGAL = "illegal"
    INVALID = "invalid"
    GIVEN = "given"
    CUT = "cut"
    AVAILABLE = "available"
    DISRUPTED = "disrupted"
    STANDS = "stands"


class Tag(Enum):
    """What happened to the ordered unit, beside the order's result."""

    DISLODGED = "dislodged"
    DESTROYED = "destroyed"


@value_tuple
class OrderResult:
    """The resolution of one order: its result word, why (a typed reason, :mod:`dipsat.model.reasons`)
    and the unit's fate.

    Made for every order of every phase: a tuple of its four fields (:func:`~dipsat.model.values.value_tuple`),
    which the adjudicator makes in one call, ``tuple.__new__(OrderResult, (order, result, why, tag))``."""

    order: Order
    result: Result
    why: Reason
    tag: Tag | None = None

    @property
    def reason(self) -> str:
        """The reason in words, as users read it (written when asked, from :attr:`why`).

        A plain string given as ``why`` (code written before reasons were typed) is its own words;
        ``tests/test_reasons.py`` fails when any case or game record still produces one."""
        why = self.why
        try:
            said = why._said  # type: ignore[union-attr]  # written once, kept on the reason (words_of)
        except AttributeError:  # a plain string, or a reason unpickled
            return words_of(why)
        return said if said is not None else words_of(why)  # type: ignore[no-any-return]

    @property
    def words(self) -> str:
        """``fails, dislodged``: the result as the DATC prints it; a hold's fate alone (``dislodged``)."""
        if self.tag and isinstance(self.order, Hold):
            return self.tag.value
        return self.result.value + (f", {self.tag.value}" if self.tag else "")

    def __str__(self) -> str:
        return f"{self.order} [{self.words}] {self.reason}"

