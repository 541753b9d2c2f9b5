"""Read and write orders in the notations people use (DATC, abbreviations, godip, Droidippy).

Reading is lenient and never checks legality: an army ordered to sea parses as a :class:`Move`
and the adjudicator calls it illegal. Text that cannot be understood raises an
:class:`~dipsat.model.errors.OrderError` quoting the text.

Accepted, case-insensitively (``Supports``/``S``/``support``, ``-``/``->``/``move``, ...)::

    A Venice - Trieste          A ven-tri           ven move tri          A lon - bel via convoy
    A Venice Holds              A ven H             ven hold
    A Tyrolia Supports A Venice - Trieste           A tyr S ven - tri     tyr support ven move tri
    F North Sea Convoys A London - Belgium          F nth C lon - bel     nth convoy lon move bel
    A par R bur   A par D   Build F St Petersburg(nc)   B A par   A kie build   remove par   Waive
    England: A lon H            ENG: F nth -> pic
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final, Literal

from dipsat.model.errors import InputError, OrderError, OrderSyntaxError, UnknownProvinceError, quote
from dipsat.model.gamemap import GameMap
from dipsat.model.order_words import (
    _BUILD, _CONVOY, _DISBAND, _HOLD, _MOVE, _RETREAT, _SUPPORT, _VIA, _WAIVE, KEYWORDS, usual_recipe,
)
from dipsat.model.order_words import tokens as _tokens
from dipsat.model.types import (
    Build,
    Convoy,
    Disband,
    Hold,
    Location,
    Move,
    Order,
    PhaseKind,
    Piece,
    Position,
    Retreat,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
    plain,
)

_POWER_RE: Final = re.compile(r"\s*([^:]*?)\s*:\s*(.*)", re.DOTALL)

Style = Literal["short", "long"]


def parse_location(text: str, gmap: GameMap) -> Location:
    """Read a location (``stp/nc``, ``St Petersburg(nc)``); the same as :meth:`GameMap.resolve`.

    Raises:
        UnknownProvinceError: unknown province or coast.
    """
    return gmap.resolve(text)


def parse_unit(text: str, gmap: GameMap) -> Unit:
    """Read a unit: ``A par``, ``F St Petersburg(nc)``, ``fleet stp/sc``, ``army lon``.

    Raises:
        OrderSyntaxError: no unit type, or not a unit at all.
        UnknownProvinceError: unknown province or coast.
    """
    hit = _UNITS.get((id(gmap), text))
    if hit is not None and hit[0] is gmap:
        return hit[1]
    words = text.split(None, 1)
    kind = gmap.kinds.get(words[0].lower()) if words else None
    if kind is None or len(words) < 2:
        raise OrderSyntaxError(f"not a unit: {quote(text)}")
    try:
        unit = Unit(kind, gmap.resolve(words[1]))
    except UnknownProvinceError as exc:
        raise UnknownProvinceError(f"{exc.message} in {quote(text)}") from None
    if len(_UNITS) >= _PARSED_LIMIT:
        _UNITS.clear()
    _UNITS[(id(gmap), text)] = (gmap, unit)
    return unit


_UNITS: dict[tuple[int, str], tuple[GameMap, Unit]] = {}
"""Read units: (map, text) -> (map, unit); a unit's text depends on nothing else."""


def parse_order(text: str, gmap: GameMap, power: str | None = None, position: Position | None = None,
                kind: PhaseKind = PhaseKind.MOVEMENT) -> Order:
    """Read one order written in any notation of the module docstring.

    ``kind`` decides whether ``A x - y`` is a :class:`Move` (movement) or a :class:`Retreat`
    (retreat phase; ``A x - y via convoy`` stays a Move, illegal there). ``R`` always gives a
    Retreat, ``D``/``remove`` a :class:`Disband`, whatever the phase. When a unit type is omitted
    the unit on the board of ``position`` at that province decides it (for the ordered unit in a
    retreat phase, the dislodged unit); with no ``position`` it is an army. A coastless location
    of a unit standing on a coast in ``position`` gets that coast. The power is, in order, the
    ``Power:`` prefix, the ``power`` argument, the owner of the ordered unit in ``position``, or
    for a build the power whose home centre it is.

    Raises:
        OrderSyntaxError: the text is not an order.
        UnknownProvinceError: a province or coast is unknown.
        UnknownPowerError: the prefix names no power.
        OrderError: no unit at a province whose unit type is omitted, or no power can be found.
    """
    texts = _texts_read(gmap, power, kind, position is None)
    hit = texts.get(text)
    if hit is not None:
        order = hit[0](position, _units_of(position), hit[1])
        if order is not None:
            return order
    return _parse_anew(text, gmap, power, position, kind, texts)


def _parse_anew(text: str, gmap: GameMap, power: str | None, position: Position | None, kind: PhaseKind,
                texts: dict[str, _Binder]) -> Order:
    """:func:`parse_order` of a text whose recipe in ``texts`` (its table) is missing or does not
    bind on this board: read word by word or by the general parser, its recipe remembered."""
    recipe = usual_recipe(text, gmap, power, kind)
    if recipe is not None:  # read word by word, as the general parser reads it
        bind, data = _binder(recipe, kind, position is None)
        order = bind(position, _units_of(position), data)
        if order is not None:
            _remember(texts, text, bind, data)
            return order
    body = text
    if ":" in text:
        m = _POWER_RE.fullmatch(text)
        if m is not None and m.group(1):
            power = gmap.resolve_power(m.group(1))
            body = m.group(2)
    parser = _Parser(text, gmap, position, kind)
    order = parser.order(_tokens(body, gmap), power)
    recipe = parser.recipe(order)
    bind, data = _binder(recipe, kind, position is None) if recipe is not None else (None, ())
    if bind is not None and bind(position, _units_of(position), data) == order:  # never keep a recipe that reads otherwise
        _remember(texts, text, bind, data)
    return order


def _texts_read(gmap: GameMap, power: str | None, kind: PhaseKind, unplaced: bool) -> dict[str, _Binder]:
    """The recipes of the texts read on ``gmap`` for ``power`` in a phase of ``kind`` (on no board:
    ``unplaced``), by text (:data:`_PARSED`)."""
    global _readings
    key = (id(gmap), power, kind._value_, unplaced)  # _value_: a plain attribute, quick to hash
    hit = _PARSED.get(key)
    if hit is None or hit[0] is not gmap:
        if len(_PARSED) >= _TABLES_LIMIT:  # maps made and dropped (a test's, a server's): none kept long
            _PARSED.clear()
            _readings = 0
        hit = _PARSED[key] = (gmap, {})
    return hit[1]


_TABLES_LIMIT: Final = 256
"""Tables kept at most in :data:`_PARSED` (a board's powers x phase kinds: some 50 a map)."""


def _remember(texts: dict[str, _Binder], text: str,
              bind: _BindFunction, data: tuple[Any, ...]) -> None:
    """Keep the recipe of a text read (:data:`_PARSED`), within its bound."""
    global _readings
    if _readings >= _PARSED_LIMIT:
        for _, table in list(_PARSED.values()):  # a copy: another thread may add a table meanwhile
            table.clear()  # the tables stay: a caller may hold one
        _readings = 0
    if text not in texts:
        _readings += 1
    texts[text] = (bind, data)


def parse_orders(texts: Iterable[str], gmap: GameMap, position: Position | None = None,
                 kind: PhaseKind = PhaseKind.MOVEMENT, power: str | None = None) -> list[Order | InputError]:
    """:func:`parse_order` of each text on one board, in one call (an archive's phase reads its
    orders together): the order read, or the error raised for a text that cannot be read (kept
    without its traceback)."""
    found: list[Order | InputError] = []
    append = found.append
    table = _texts_read(gmap, power, kind, position is None)
    get = table.get
    units = _units_of(position)
    for text in texts:  # a binder called here, not from C (map, operator.call): CPython 3.11 enters
        hit = get(text)  # a Python function called from its own loop without a C frame
        if hit is not None:
            order = hit[0](position, units, hit[1])
            if order is not None:
                append(order)
                continue
        try:
            append(_parse_anew(text, gmap, power, position, kind, table))
        except InputError as exc:
            exc.__traceback__ = exc.__context__ = None  # kept: no cycle through this frame (and its list)
            append(exc)
    return found


_Read = tuple[Location, bool, "UnitKind | None"]
"""One unit a parse read: its location as written, whether it is the ordered unit, its kind as
written (``None``: the board's piece there decides)."""
_Recipe = tuple[type, "str | None", bool, "str | None", tuple[_Read, ...], tuple[object, ...]]
"""A parse as the words alone decide it: the order's class, the power given, whether the ordered
unit's owner is the order's power when none is given, the home power of a build's province (the
owner when neither is), the units read (the order's fields after its power, in turn) and the
fields after them (destination, via convoy)."""

_PARSED: dict[tuple[object, ...], tuple[GameMap, dict[str, _Binder]]] = {}
"""Parsed orders: (map, power, phase kind, no board) -> (map, {text: the recipe of its parse as
:func:`_binder` makes it: a function of the board, and its data}): a phase's texts are looked up
in one table, by text alone. The
words of a text alone decide how a parse reads it (which units, looked up where, which order
class, which destination); only the unit kinds, coasts and owner taken from the pieces on the
board differ from board to board, and :func:`_bind` takes them as the parse does. An archive
repeats the same order texts thousands of times (``ank move con``) on boards whose pieces differ,
and a standard board's order texts are some ten thousand. A parse that fails (or whose recipe
would not give its order back) is not kept; a recipe that cannot be bound on a board (no unit
where the ordered unit's kind is not written, no owner) leaves the text to a full parse, which
says what is wrong."""
_PARSED_LIMIT: Final = 1 << 14
"""Recipes kept at most (then the cache starts again): about the order texts of a whole standard
board (some 10,000 in 4,000 random games), ~0.35 KB each."""
_readings = 0
"""Recipes in :data:`_PARSED`."""


def _binder(recipe: _Recipe, kind: PhaseKind, unplaced: bool) -> _Binder:
    """:func:`_bind` of ``recipe`` in a phase of ``kind``, as a function of the board and its data,
    written out for the usual recipes (an order of the unit on the board, with no unit kind
    written, that names at most one other unit: ``par move bur``, ``bur support par move pic``);
    the others bind by :func:`_bind`. Data in a tuple, not a closure: 339 bytes a text (7,211 texts
    of rand400: 2.45 MB), 847 with closures."""
    cls, power, owned, home, reads, tail = recipe
    size = len(reads)  # written out, no generator: each text read anew passes here once
    if (unplaced or not owned or not size or size > 2 or kind is PhaseKind.RETREAT
            or not reads[0][1] or (size == 2 and reads[1][1])):
        return _bind_any, (recipe, kind)
    first, _, written = reads[0]
    if size == 1:
        if written is not None:
            return _bind_one_kind, (first.province, first, first.coast is None, cls, power, tail, written, recipe)
        return _bind_one, (first.province, first, first.coast is None, cls, power, tail)
    second, _, named = reads[1]
    if written is not None or named is not None:
        return _bind_two_kind, (first.province, first, first.coast is None, cls, power, tail, written, recipe,
                                second.province, second, second.coast is None, named,
                                Unit(named if named is not None else UnitType.ARMY, second))
    return _bind_two, (first.province, first, first.coast is None, cls, power, tail,
                       second.province, second, second.coast is None, Unit(UnitType.ARMY, second))


_BindFunction = Callable[[Position | None, "Mapping[str, Piece] | None", tuple[Any, ...]], "Order | None"]
_Binder = tuple[_BindFunction, tuple[Any, ...]]
"""A function of the board, its units (:func:`_units_of`) and its data, and the data:
(:func:`_bind_one`, its data), ..."""


def _units_of(position: Position | None) -> Mapping[str, Piece] | None:
    """The units of ``position`` as the binders look them up: the dict behind the board's
    read-only mapping (:func:`~dipsat.model.types.plain`; a look-up through the mapping is a
    method call), ``None`` with no board."""
    return None if position is None else plain(position.units)


def _bind_any(position: Position | None, units: Mapping[str, Piece] | None, data: tuple[Any, ...]) -> Order | None:
    return _bind(data[0], position, data[1])


# The unit a text names, as the binders below write it out (no call an order): the piece's own
# unit object where the text names it as the piece stands (the same location, or, the name
# ``bare`` of a coast, the piece's coast taken for it); else the piece's kind at the location written.


def _bind_one(position: Position | None, units: Mapping[str, Piece], data: tuple[Any, ...]) -> Order | None:
    """The order of the unit at a province, naming no other unit. A unit read as its piece stands
    is the piece's own unit object (an equal value)."""
    province, first, bare, cls, power, tail = data
    piece = units.get(province)
    if piece is None:
        return None  # "no unit at ..."
    unit = piece.unit  # the unit as written (see above)
    at = unit.location
    if not (at is first or (bare and at.coast) or at == first):
        unit = Unit(unit.kind, first)
    if len(tail) == 2:  # a move's destination and via: no call with a tuple unpacked
        return cls(piece.power if power is None else power, unit, tail[0], tail[1])  # type: ignore[no-any-return]
    if not tail:  # a hold
        return cls(piece.power if power is None else power, unit)  # type: ignore[no-any-return]
    return cls(piece.power if power is None else power, unit, *tail)  # type: ignore[no-any-return]


def _bind_two(position: Position | None, units: Mapping[str, Piece], data: tuple[Any, ...]) -> Order | None:
    """The order of the unit at a province naming another unit (a support, a convoy)."""
    province, first, bare, cls, power, tail, other, second, other_bare, army = data
    piece = units.get(province)
    if piece is None:
        return None  # "no unit at ..."
    unit = piece.unit  # the unit as written (see above)
    at = unit.location
    if not (at is first or (bare and at.coast) or at == first):
        unit = Unit(unit.kind, first)
    target = units.get(other)
    if target is None:
        named = army  # no piece there: an army (a value, shared)
    else:
        named = target.unit
        at = named.location
        if not (at is second or (other_bare and at.coast) or at == second):
            named = Unit(named.kind, second)
    return _two_unit_order(cls, piece.power if power is None else power, unit, named, tail)


def _bind_one_kind(position: Position | None, units: Mapping[str, Piece], data: tuple[Any, ...]) -> Order | None:
    """:func:`_bind_one` of a text that may write the unit's kind (``A par - bur``): when the
    piece there is of that kind; on any other board, :func:`_bind` of the recipe."""
    province, first, bare, cls, power, tail, written, recipe = data
    piece = units.get(province)
    if piece is None:
        return _bind(recipe, position, PhaseKind.MOVEMENT)
    unit = piece.unit
    if written is not None and written is not unit.kind:
        return _bind(recipe, position, PhaseKind.MOVEMENT)
    at = unit.location  # the unit as written (see above)
    if not (at is first or (bare and at.coast) or at == first):
        unit = Unit(unit.kind, first)
    if len(tail) == 2:  # a move's destination and via: no call with a tuple unpacked
        return cls(piece.power if power is None else power, unit, tail[0], tail[1])  # type: ignore[no-any-return]
    if not tail:  # a hold
        return cls(piece.power if power is None else power, unit)  # type: ignore[no-any-return]
    return cls(piece.power if power is None else power, unit, *tail)  # type: ignore[no-any-return]


def _bind_two_kind(position: Position | None, units: Mapping[str, Piece], data: tuple[Any, ...]) -> Order | None:
    """:func:`_bind_two` of a text that may write the units' kinds (``F nth S A par - bur``): when
    the pieces there are of those kinds (or there is no piece where the other unit's kind is
    written); on any other board, :func:`_bind` of the recipe."""
    (province, first, bare, cls, power, tail, written, recipe,
     other, second, other_bare, named_kind, absent) = data
    piece = units.get(province)
    if piece is None:
        return _bind(recipe, position, PhaseKind.MOVEMENT)
    unit = piece.unit
    if written is not None and written is not unit.kind:
        return _bind(recipe, position, PhaseKind.MOVEMENT)
    at = unit.location  # the unit as written (see above)
    if not (at is first or (bare and at.coast) or at == first):
        unit = Unit(unit.kind, first)
    target = units.get(other)
    if target is None:
        named = absent  # no piece there: the kind written, else an army (a value, shared)
    else:
        named = target.unit
        if named_kind is not None and named_kind is not named.kind:
            return _bind(recipe, position, PhaseKind.MOVEMENT)
        at = named.location
        if not (at is second or (other_bare and at.coast) or at == second):
            named = Unit(named.kind, second)
    return _two_unit_order(cls, piece.power if power is None else power, unit, named, tail)


def _bind(recipe: _Recipe, position: Position | None, kind: PhaseKind) -> Order | None:
    """The order of ``recipe`` on ``position``, or ``None`` where its parse raises an error there.

    A unit read as its piece stands (the same kind, the same location, or the piece's coast
    taken for a coastless one) is the piece's own unit object (an equal value)."""
    cls, power, owned, home, reads, tail = recipe
    units = []
    first: Piece | None = None
    on_board = position.units if position is not None else None
    for location, ordered, written in reads:
        piece: Piece | None = None
        if on_board is not None:
            if ordered and kind is PhaseKind.RETREAT:
                dislodged = position.dislodged.get(location.province)  # type: ignore[union-attr]
                piece = dislodged.piece if dislodged is not None else on_board.get(location.province)
            else:
                piece = on_board.get(location.province)
        if ordered:
            first = piece
        if piece is None:
            if written is None and ordered and on_board is not None:
                return None  # "no unit at ..."
            units.append(Unit(written if written is not None else UnitType.ARMY, location))
            continue
        unit = piece.unit
        at = unit.location
        if written is None or written is unit.kind:
            if location is at or location == at or (location.coast is None and at.coast):
                units.append(unit)  # as the piece stands
            else:
                units.append(Unit(unit.kind, location))
        elif location.coast is None and at.coast and unit.kind.base_kind() is written.base_kind():
            units.append(Unit(written, at))
        else:
            units.append(Unit(written, location))
    if power is None:
        power = first.power if owned and first is not None else home
        if power is None:
            return None  # "no power for ..."
    return cls(power, *units, *tail)  # type: ignore[no-any-return]


def _board_piece(position: Position | None, kind: PhaseKind, province: str, ordered: bool) -> Piece | None:
    """The piece at ``province`` in the position (for the ordered unit of a retreat, the dislodged one)."""
    if position is None:
        return None
    if ordered and kind is PhaseKind.RETREAT:
        dislodged = position.dislodged.get(province)
        if dislodged is not None:
            return dislodged.piece
    return position.units.get(province)


class _Parser:
    """The state of reading one order: its text, the map, the board."""

    __slots__ = ("text", "gmap", "position", "kind", "tokens", "i", "reads", "power", "owner")

    def __init__(self, text: str, gmap: GameMap, position: Position | None, kind: PhaseKind) -> None:
        self.text, self.gmap, self.position, self.kind = text, gmap, position, kind
        self.tokens: list[str] = []
        self.i = 0
        self.reads: list[_Read] = []
        """The units read, in turn (:data:`_Read`)."""
        self.power: str | None = None
        """The power given (argument or prefix): the ordered unit's owner is not needed then."""
        self.owner: tuple[str | None, bool, str | None] | None = None
        """How the order's power was chosen (:meth:`_power`): the power given, whether the ordered
        unit's owner counts, the home power of a build's province."""

    def error(self) -> OrderSyntaxError:
        """Return the error for text that is not an order."""
        return OrderSyntaxError(f"not an order: {quote(self.text)}")

    def peek(self) -> str | None:
        """Return the next word, or ``None`` at the end."""
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self, words: frozenset[str]) -> bool:
        """Consume the next word if it is one of ``words``; tell whether it was."""
        if self.i < len(self.tokens) and self.tokens[self.i] in words:
            self.i += 1
            return True
        return False

    def location(self, verb_follows: bool = False) -> Location:
        """Read a province name: the words up to the next keyword (which must exist if ``verb_follows``)."""
        start = self.i
        while self.i < len(self.tokens) and self.tokens[self.i] not in KEYWORDS:
            self.i += 1
        if self.i == start or (verb_follows and self.i == len(self.tokens)):
            raise self.error()
        name = " ".join(self.tokens[start:self.i])
        try:
            return self.gmap.resolve(name)
        except UnknownProvinceError:
            raise UnknownProvinceError(f"unknown province {quote(name)} in {quote(self.text)}") from None

    def unit(self, ordered: bool, required: bool = False,
             verb_follows: bool = False) -> tuple[Unit, Piece | None]:
        """Read a unit whose type may be omitted; return it and the piece on the board there."""
        word = self.peek()
        kind = self.gmap.kinds.get(word) if word is not None else None  # the variant's kinds (A, F, W...)
        if kind is not None:
            self.i += 1
        elif required:
            raise OrderSyntaxError(f"no unit type in {quote(self.text)}")
        start = self.i
        try:
            location = self.location(verb_follows)
        except UnknownProvinceError:
            if kind is None:
                self._fail_on_unknown_kind(start)
            raise
        piece = _board_piece(self.position, self.kind, location.province, ordered)
        self.reads.append((location, ordered, kind))
        if kind is None:
            if piece is None and ordered and self.position is not None:
                raise OrderError(f"no unit at {location.province} in {quote(self.text)}")
            kind = piece.unit.kind if piece is not None else UnitType.ARMY
        if (piece is not None and location.coast is None and piece.unit.location.coast
                and piece.unit.kind.base_kind() is kind.base_kind()):
            location = piece.unit.location
        return Unit(kind, location), piece

    def _fail_on_unknown_kind(self, start: int) -> None:
        """After an unknown province name read from word ``start``: raise the error for a unit kind
        the map does not know (``Q Paris``) if the words after the first one name a province."""
        word = self.tokens[start]
        rest = " ".join(self.tokens[start + 1:self.i])
        try:
            self.gmap.resolve(rest)
        except UnknownProvinceError:
            return
        known = ", ".join(sorted({str(kind) for kind in self.gmap.kinds.values()}))
        raise OrderSyntaxError(f"unknown unit kind {quote(word)} in {quote(self.text)}; the kinds are {known}")

    def end(self) -> None:
        """Fail unless every word has been read."""
        if self.i != len(self.tokens):
            raise self.error()

    def order(self, tokens: list[str], power: str | None) -> Order:
        """Read the whole order from ``tokens``."""
        self.tokens = tokens
        self.power = power
        if not tokens:
            raise self.error()
        if self.take(_WAIVE):
            self.end()
            return Waive(self._power(power, None, None, owned=False))
        if self.take(_BUILD):
            unit, _ = self.unit(ordered=False, required=True)
            self.end()
            return Build(self._power(power, None, unit, owned=False), unit)
        if self.take(_DISBAND):
            unit, piece = self.unit(ordered=True)
            self.end()
            return Disband(self._power(power, piece, None), unit)
        unit, piece = self.unit(ordered=True, verb_follows=True)
        owner = self._power(power, piece, unit if tokens[-1] in _BUILD else None)
        if self.take(_HOLD):
            self.end()
            return Hold(owner, unit)
        if self.take(_MOVE):
            dest = self.location()
            via = self.take(_VIA)
            if via:
                self.take(_CONVOY)
            self.end()
            if self.kind is PhaseKind.RETREAT and not via:
                return Retreat(owner, unit, dest)
            return Move(owner, unit, dest, via)
        if self.take(_RETREAT):
            dest = self.location()
            self.end()
            return Retreat(owner, unit, dest)
        if self.take(_SUPPORT):
            target, _ = self.unit(ordered=False)
            if self.take(_MOVE):
                dest = self.location()
                self.end()
                return SupportMove(owner, unit, target, dest)
            self.take(_HOLD)
            self.end()
            return SupportHold(owner, unit, target)
        if self.take(_CONVOY):
            target, _ = self.unit(ordered=False)
            if not self.take(_MOVE):
                raise self.error()
            dest = self.location()
            self.end()
            return Convoy(owner, unit, target, dest)
        if self.take(_DISBAND):
            self.end()
            return Disband(owner, unit)
        if self.take(_BUILD):
            self.end()
            return Build(owner, unit)
        raise self.error()

    def _power(self, power: str | None, piece: Piece | None, build: Unit | None, owned: bool = True) -> str:
        """Choose the power: given, else the unit's owner (``piece``: the ordered unit's piece, when
        ``owned``), else the home power of a build site."""
        home = None
        if build is not None:
            province = self.gmap.provinces.get(build.province)
            if province is not None:
                home = province.home
        self.owner = (power, owned, home)
        if power is not None:
            return power
        if piece is not None:
            return piece.power
        if home is not None:
            return home
        raise OrderError(f"no power for {quote(self.text)}")

    def recipe(self, order: Order) -> _Recipe | None:
        """What the words alone decided of ``order``, just read (:data:`_Recipe`); ``None`` if its
        fields are not its power, the units read and then words (an order of another shape)."""
        names = getattr(type(order), "__match_args__", None)
        if self.owner is None or names is None or len(names) < 1 + len(self.reads) or names[0] != "power":
            return None
        tail = tuple(getattr(order, name) for name in names[1 + len(self.reads):])
        if any(isinstance(value, (Unit, Piece)) for value in tail):
            return None
        power, owned, home = self.owner
        return type(order), power, owned, home, tuple(self.reads), tail


def format_order(order: Order, gmap: GameMap, style: Style = "short") -> str:
    """Write ``order`` in short notation (``F nth C A lon - bel``) or DATC English (``long``).

    Long: ``A Paris - Burgundy``, ``F North Sea Convoys A London - Belgium``, ``A Venice Holds``,
    ``A Tyrolia Supports A Venice - Trieste``, ``Build A Kiel``, ``Disband A Picardy``, ``Waive``.
    A retreat is written ``A Holland - Kiel`` in long style, as the DATC does: read it back with
    ``kind=PhaseKind.RETREAT``.
    """
    if style == "short":
        return str(order)

    def unit(u: Unit) -> str:
        return f"{u.kind.value} {gmap.name_of(u.location)}"

    match order:
        case Hold():
            return f"{unit(order.unit)} Holds"
        case Move():
            via = " via convoy" if order.via_convoy else ""
            return f"{unit(order.unit)} - {gmap.name_of(order.dest)}{via}"
        case SupportHold():
            return f"{unit(order.unit)} Supports {unit(order.target)}"
        case SupportMove():
            return f"{unit(order.unit)} Supports {unit(order.target)} - {gmap.name_of(order.dest)}"
        case Convoy():
            return f"{unit(order.unit)} Convoys {unit(order.target)} - {gmap.name_of(order.dest)}"
        case Retreat():
            return f"{unit(order.unit)} - {gmap.name_of(order.dest)}"
        case Disband():
            return f"Disband {unit(order.unit)}"
        case Build():
            return f"Build {unit(order.unit)}"
        case Waive():
            return "Waive"
    fmt = getattr(order, "format", None)  # a variant's own order type writes itself
    if callable(fmt):
        return str(fmt(gmap, style))
    raise TypeError(f"not an order: {order!r}")


def _two_unit_order(cls: Any, power: Any, unit: Unit, named: Unit, tail: tuple[Any, ...]) -> Order:
    """A support's or convoy's order of ``power``'s ``unit`` naming ``named``, then ``tail``
    (the destination, if any), as the two-unit binders make it."""
    if len(tail) == 1:  # a support's or convoy's destination: no call with a tuple unpacked
        return cls(power, unit, named, tail[0])  # type: ignore[no-any-return]
    if not tail:  # a support to hold
        return cls(power, unit, named)  # type: ignore[no-any-return]
    return cls(power, unit, named, *tail)  # type: ignore[no-any-return]
