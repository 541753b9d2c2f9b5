"""Which movement orders count: legal, illegal or invalid, decided before any model is built.

DATC 4.E.1: a *legal* order is one that, not knowing the other orders, could be valid; an
*illegal* order is ignored (the unit holds). A *valid* order is legal and, for a support or a
convoy, matches what the supported or convoyed unit was ordered; a move that needs a convoy is
valid only when a convoy route is ordered. Everything here depends on the orders and the board
alone, never on the resolution, so it is plain Python and yields constants for the model.
"""
from __future__ import annotations

from itertools import repeat
from typing import Any, Callable, Final, Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ARMY, FLEET, Moves, Strengths, UnitKind
from dipsat.model.types import (
    MOVEMENT_ORDERS, Convoy, Hold, Location, Move, Order, Piece, Position, SupportHold, SupportMove, Unit,
)
from dipsat.solver.check_board import CheckBoard
from dipsat.solver.convoy_routes import routes
from dipsat.solver.facts import ILLEGAL, INVALID, LEGAL, Facts, MoveFacts, Verdict
from dipsat.solver.hooks import Removal, take_slots
from dipsat.solver.options import Rules
from dipsat.solver.order_choices import (
    CONVOY_ADJACENT, SEVERAL_ORDERS, VIA_CONVOY_MAY_WALK, fleet_destination, support_mismatch, supported_key,
)

__all__ = ["LEGAL", "ILLEGAL", "INVALID", "Verdict", "MoveFacts", "Facts", "check_orders"]
"""The verdicts and facts are defined in :mod:`dipsat.solver.facts` and kept importable from here."""

_EMPTY: frozenset[str] = frozenset()


def check_orders(gmap: GameMap, position: Position, given: Sequence[Order], rules: Rules,
                 off_graph: Mapping[str, str] | None = None, removed: Removal | None = None,
                 stacks: Mapping[str, Sequence[str]] | None = None, keys: Sequence[str | None] = (),
                 carriers: Mapping[str, str] | None = None) -> Facts:
    """Match each given order to its unit and sort it into legal, illegal and invalid.

    ``off_graph`` (variant hook, empty in the standard game) maps a province to the one
    destination its unit may move to off the adjacency graph (see :attr:`MoveFacts.off_graph`);
    such a move needs only a destination its unit can stand on. ``removed`` (variant hook): units
    taken off ``position`` before the orders are carried out, whose fleets still count for the
    legality of the others' orders (see :class:`Removal`). ``stacks`` (variant hook): see
    :attr:`Facts.stacks`. ``keys`` (variant hook), one per given order: the key of the further
    piece of a stack it is for (``par#2``, :attr:`Facts.slots`) or ``None``. ``carriers``
    (variant hook): see :attr:`Facts.carriers`.
    """
    facts = Facts(gmap, position, rules, _NONE, {}, [], off_graph=dict(off_graph) if off_graph else {},
                  strengths=_strengths(gmap, position), removed=removed,
                  stacks={p: tuple(k) for p, k in stacks.items() if k} if stacks else {},
                  carriers=dict(carriers) if carriers else {})
    if keys:
        facts.slots, facts.pieces, facts.strengths = take_slots(position, [k for k in keys if k], gmap.strength_scale,
                                                                facts.strengths)  # type: ignore[arg-type]
    board = CheckBoard(gmap, position, rules, facts.off_graph, facts.slots)
    choose = SEVERAL_ORDERS[rules.several_orders]
    if removed is not None:
        _take_removed(facts, board, removed, choose)
    facts.verdicts, by_unit = _by_unit(board, given, keys)
    orders, generated = facts.orders, facts.generated
    moving: list[tuple[str, Piece, Move]] = []  # the orders in force, in board order: moves,
    others: list[tuple[str, Order]] = []  # supports and convoys,
    convoys: list[Convoy] = []  # convoys alone
    for province, piece in board.units.items():
        legal = by_unit.get(province)  # one order: nothing to choose (DATC 4.D.3 is about several)
        if type(legal) is list:
            legal = choose(legal)
        if legal is not None:
            o = orders[province] = legal.order
            cls = type(o)
            if cls is Move:
                moving.append((province, piece, o))  # type: ignore[arg-type]
            elif cls is not Hold:
                others.append((province, o))
                if cls is Convoy:
                    convoys.append(o)  # type: ignore[arg-type]
        else:
            found = _HOLDS.get(id(piece))
            if found is not None and found[0] is piece:
                hold = found[1]  # the piece held lately too (a value: shared)
            else:
                hold = Hold(piece.power, piece.unit)
                if len(_HOLDS) >= _HOLDS_KEPT:
                    _HOLDS.clear()
                _HOLDS[id(piece)] = (piece, hold)
            orders[province] = hold
            generated.append(hold)
    for key in facts.slots:  # a further piece without an order of its own stands with its stack
        legal = by_unit.get(key)
        if legal:
            o = orders[key] = (legal if type(legal) is not list else choose(legal)).order  # type: ignore[union-attr]
            cls = type(o)
            if cls is Move:
                moving.append((key, facts.pieces[key], o))  # type: ignore[arg-type]
            elif cls is not Hold:
                others.append((key, o))
                if cls is Convoy:
                    convoys.append(o)  # type: ignore[arg-type]
    _classify_moves(facts, board, by_unit, moving, convoys + facts.removed_convoys if facts.removed_convoys else convoys)
    _classify_supports_and_convoys(facts, by_unit, others)
    _index_moves(facts)
    return facts


_HOLDS: dict[int, tuple[Piece, Hold]] = {}
"""id of a piece -> (the piece, the hold generated for it): a unit left without a legal order
holds phase after phase; the piece is held here, so its id names no other meanwhile."""
_HOLDS_KEPT: Final = 4096
"""Entries of :data:`_HOLDS` at most (then it starts again)."""


_new = object.__new__
_NO_KEYS: Final = repeat(None)
"""The key of each given order when none has one (never exhausted: zipped with the orders)."""


def _take_removed(facts: Facts, board: CheckBoard, removed: Removal, choose: Callable[[list[Verdict]], Verdict]) -> None:
    """Put the removed fleets back for the checks (:class:`Removal`) and keep their legal convoy
    orders, one per fleet, in ``facts.removed_convoys``. A removed unit whose province another
    unit holds now counts for nothing."""
    pieces = {p: pc for p, pc in removed.pieces.items() if p not in board.units}
    board.removed_fleets = [p for p, pc in pieces.items() if pc.unit.kind.can_convoy]
    if not removed.convoys or not board.removed_fleets:
        return
    shown = CheckBoard(board.gmap, facts.position, board.rules, board.off_graph)
    shown.units = {**board.units, **pieces}
    _, by_unit = _by_unit(shown, removed.convoys)
    for province in board.removed_fleets:
        legal = by_unit.get(province)
        if legal:
            facts.removed_convoys.append((legal if type(legal) is not list else choose(legal)).order)  # type: ignore[arg-type,union-attr]


def _strengths(gmap: GameMap, position: Position) -> dict[str, Strengths] | None:
    """Each unit's strengths at the board's scale, or ``None`` in the common case (all 1)."""
    scale = gmap.strength_scale
    if scale == 1:
        for piece in position.units.values():
            kind = piece.unit.kind
            if kind is not ARMY and kind is not FLEET:
                break
        else:
            return None
    return {province: piece.unit.kind.at_scale(scale) for province, piece in position.units.items()}


_ByUnit = dict[str, "Verdict | list[Verdict]"]
"""The legal orders by the unit they name: its one verdict, or the list of its several (two or more)."""


def _by_unit(board: CheckBoard, given: Sequence[Order], keys: Sequence[str | None] = ()) -> tuple[list[Verdict], _ByUnit]:
    """Each given order's verdict, and the orders legal by themselves grouped by the unit they
    name (:data:`_ByUnit`); orders for absent or foreign units are illegal, and so are those that
    could not be valid whatever the other orders. ``keys``: see :func:`check_orders`.

    A wrong unit letter is ignored or makes the order invalid (option ``unit_designation``,
    DATC 4.C.2); a wrong coast is dealt with when the move is classified (4.B.5). What can be
    told from the order and the board alone comes last (``_PROBLEMS``, by order type): a unit
    standing where its kind may not (a fleet on land, on a frozen sea) may not move, support or
    convoy, but it may be supported to hold.
    """
    units, rules = board.units, board.rules
    kind_counts = rules.unit_designation == "invalid"
    coast_counts = rules.unit_coast == "illegal"
    t, off_graph = board.t, bool(board.off_graph)  # a variant's off-graph moves: the full checks
    walks, destinations, terrain = t.walks, t.destinations, t.terrain
    coast_omitted, coast_impossible = rules.coast_omitted, rules.coast_impossible
    by_unit: _ByUnit = {}
    setdefault = by_unit.setdefault
    problems = _PROBLEMS  # a hold has none
    verdicts: list[Verdict] = []
    append = verdicts.append
    for o, key in zip(given, keys or _NO_KEYS):
        v = _new(Verdict)  # filled in place: one per given order of every phase
        v.order = o
        v.status = LEGAL
        v.reason = ""
        v.key = key
        append(v)
        cls = type(o)
        problem = problems.get(cls, _NOT_MOVEMENT)
        if problem is _NOT_MOVEMENT:
            v.status, v.reason = ILLEGAL, "not an order of a movement phase"
            continue
        named = o.unit
        province = named.location.province
        piece = units.get(province)
        if key is not None:  # a further piece of the stack there: its own checks, its own key
            v.status, v.reason = _piece_verdict(board.for_key(key, province), v, piece)
            if v.status == LEGAL:
                _add(by_unit, key, v)
            continue
        if piece is None:
            v.status, v.reason = ILLEGAL, f"no unit in {named.location}"
            continue
        if piece.power != o.power:
            v.status, v.reason = ILLEGAL, f"{piece.unit} belongs to {piece.power}, not {o.power}"
            continue
        actual = piece.unit
        if named is not actual:  # a reader binds the piece's own unit: then nothing to compare
            if kind_counts and _other_kind(actual.kind, named.kind):
                v.status, v.reason = INVALID, f"the unit in {province} is {actual}"
                continue
            if coast_counts and _wrong_coast(named, actual):
                v.status, v.reason = ILLEGAL, f"the order names {named.location}, the fleet is in {actual.location} (DATC 4.B.5)"
                continue
        if problem is not None:
            if cls is Move and not o.via_convoy and not off_graph:
                dest = o.dest
                kind = actual.kind
                if kind is ARMY and dest.coast is None and dest.province in walks.get(province, _EMPTY):
                    reason = ""  # most moves: an army walking where it may stand (what _move_problem finds)
                elif kind is FLEET and (found := destinations.get(
                        (province, actual.location.coast, dest.province, dest.coast, coast_omitted, coast_impossible))) \
                        is not None and found[1] != ILLEGAL and dest.province != province \
                        and terrain[dest.province] != "land" and terrain.get(province) in _FLEET_STANDS:
                    reason = ""  # a fleet move asked before on this board: where it goes is known (_move_problem)
                else:
                    reason = problem(board, o, actual)
            else:
                reason = problem(board, o, actual)
            if reason:
                v.status, v.reason = ILLEGAL, reason  # told from the order and the board alone
                continue
        if setdefault(province, v) is not v:  # a second legal order for the unit
            _add(by_unit, province, v)
    return verdicts, by_unit


def _add(by_unit: _ByUnit, key: str, v: Verdict) -> None:
    found = by_unit.get(key)
    if found is None:
        by_unit[key] = v
    elif type(found) is list:
        found.append(v)
    else:
        by_unit[key] = [found, v]


def _piece_verdict(board: CheckBoard, v: Verdict, principal: Piece | None) -> tuple[str, str]:
    """The checks of :func:`_by_unit` for the order of a further piece of a stack (alike with
    the unit there, its principal piece, whose kind and power the checks read)."""
    o = v.order
    if principal is None or principal.power != o.power:  # type: ignore[union-attr]
        return ILLEGAL, f"no unit of {o.power} in {o.unit.location}"  # type: ignore[union-attr]
    problem = _PROBLEMS.get(type(o))
    reason = problem(board, o, principal.unit) if problem is not None else ""
    return (ILLEGAL, reason) if reason else (LEGAL, "")


def _other_kind(actual: UnitKind, named: UnitKind) -> bool:
    """The order names another kind than the unit's (a modifier, ``2A`` for ``A``, does not count)."""
    return actual is not named and actual.base_kind() != named.base_kind()


def _a(kind: UnitKind) -> str:
    """``an army``, ``a fleet``, ``a bubble-car``: the kind with its article."""
    return ("an " if kind.name[:1].lower() in "aeiou" else "a ") + kind.name


def _cannot_stand(board: CheckBoard, kind: UnitKind, province: str) -> str:
    terrain = board.t.terrain[province]
    if terrain == "sea":
        return f"{_a(kind)} cannot move to sea"
    if terrain == "land":
        return f"{_a(kind)} cannot move inland"
    return f"{_a(kind)} cannot move to a coastal province"


def _fleet_destination(board: CheckBoard, src: Location, dest: Location) -> tuple[Location, str]:
    """:func:`~dipsat.solver.order_choices.fleet_destination` under the rules in force, worked
    out once per board and question."""
    rules = board.rules
    key = (src.province, src.coast, dest.province, dest.coast, rules.coast_omitted, rules.coast_impossible)
    found = board.t.destinations.get(key)
    if found is None:
        found = board.t.destinations[key] = fleet_destination(board.gmap, src, dest, rules.coast_omitted,
                                                              rules.coast_impossible)
    return found


def _wrong_coast(named: Unit, actual: Unit) -> bool:
    """The order names a coast, and not the one the unit is on."""
    return named.location.coast is not None and named.location != actual.location


def _move_order_problem(board: CheckBoard, o: Move, actual: Unit) -> str:
    dest = o.dest
    if actual.kind is ARMY and dest.coast is None and not o.via_convoy and not board.off_graph \
            and dest.province in board.t.walks.get(actual.location.province, _EMPTY):
        return ""  # most moves: an army walking where it may stand (what _move_problem finds, found at once)
    reason = _move_problem(board, actual, dest, o.via_convoy)
    if reason:
        named = _as_named(board, o.unit)
        if named != actual:
            reason = _move_problem(board, named, o.dest, o.via_convoy)
    return reason


def _as_named(board: CheckBoard, named: Unit) -> Unit:
    """The unit on the board, at the coast the order names when it names another one.

    DATC 4.B.5, 6.B.10 and 6.B.11: a wrongly named coast is ignored when the fleet can make the
    move from where it is; when only the named coast could, the order is legal as written and
    the fleet fails to move (see :func:`_classify_moves`).
    """
    unit = board.units[named.location.province].unit
    if named.location.coast and unit.location.coast and named.location != unit.location:
        return Unit(unit.kind, named.location)
    return unit


def _move_problem(board: CheckBoard, unit: Unit, to: Location, via_convoy: bool) -> str:
    """Why ``unit`` may not be ordered to move to ``to`` (``via convoy`` or not), or ``""``."""
    t = board.t
    terrain = t.terrain
    src, dest = unit.location.province, to.province
    kind = unit.kind
    if dest == src:
        return "a unit cannot move to its own province"
    if board.off_graph and board.off_graph.get(src) == dest and not via_convoy:  # variant hook
        return "" if terrain.get(dest) in kind.stands else _cannot_stand(board, kind, dest)
    stands = kind.stands
    if terrain.get(src) not in stands:
        return f"{unit} is out of its element: it cannot move"
    moves = kind.moves
    if moves is _FLEET_MOVES:
        if via_convoy:
            return "only armies can be convoyed"
        _, verdict = _fleet_destination(board, unit.location, to)
        if verdict == ILLEGAL or terrain[dest] == "land":
            return f"a fleet in {unit.location} cannot reach {to}"
        return ""
    if moves is not _ARMY_MOVES:
        return _other_move_problem(board, unit, to, via_convoy)
    if terrain.get(dest) not in stands:
        return _cannot_stand(board, kind, dest)
    if to.coast and board.rules.irrelevant_coast == "illegal":
        return f"{_a(kind)} has no coast to move to: {to} (DATC 4.B.6)"
    walks = dest in t.army.get(src, _EMPTY)
    if walks and (not via_convoy or VIA_CONVOY_MAY_WALK.get(board.rules.convoy_adjacent, False)):
        return ""
    if not kind.convoyable:
        return f"{_a(kind)} cannot be convoyed" if via_convoy else f"{_a(kind)} cannot reach {dest} from {src}"
    if terrain[src] != "coast" or terrain[dest] != "coast":
        if walks:
            inland = src if terrain[src] == "land" else dest
            return f"{_a(kind)} cannot be convoyed from {src} to {dest}: {inland} is inland"
        return f"{_a(kind)} cannot reach {dest} from {src}"
    if not walks and not board.sea_route(src, dest):
        return f"no fleets stand between {src} and {dest} to convoy"
    return ""


_ARMY_MOVES, _FLEET_MOVES = Moves.ARMY, Moves.FLEET
_FLEET_STANDS = FLEET.stands
"""Read once (reading an Enum member costs a descriptor call each time)."""


def _other_move_problem(board: CheckBoard, unit: Unit, to: Location, via_convoy: bool) -> str:
    """A move of a kind that moves along any edge, anywhere, or never by itself (never convoyed)."""
    kind, dest = unit.kind, to.province
    if via_convoy:
        return f"{_a(kind)} cannot be convoyed"
    if kind.moves is Moves.NONE:
        return f"{_a(kind)} does not move by itself"
    if dest not in board.gmap.neighbours(kind, unit.location):
        return f"{_a(kind)} in {unit.location} cannot reach {dest}"
    if board.t.terrain.get(dest) not in kind.stands:
        return _cannot_stand(board, kind, dest)
    if to.coast and board.rules.irrelevant_coast == "illegal":
        return f"{_a(kind)} has no coast to move to: {to} (DATC 4.B.6)"
    return ""


def _support_problem(board: CheckBoard, o: SupportHold | SupportMove, supporter: Unit) -> str:
    rules, t = board.rules, board.t
    at = supporter.location
    here = at.province
    named = o.target.location.province
    to_move = type(o) is SupportMove
    into = o.dest.province if to_move else named  # type: ignore[union-attr]
    if named == here:
        return "a unit cannot support itself"
    if into == here:
        return "a unit cannot support a move into its own province"
    kind = supporter.kind
    if not kind.can_support:
        return f"{_a(kind)} cannot support"
    if t.terrain.get(here) not in kind.stands:
        return f"{supporter} is out of its element: it cannot support"
    if kind is ARMY:
        reaches = into in t.army.get(here, _EMPTY)
    elif kind is FLEET:
        reaches = into in t.fleet_reach.get((here, at.coast), _EMPTY)
    else:
        reaches = board.gmap.reaches(supporter, into)
    if not reaches:
        return f"{supporter} cannot reach {into}"
    target = board.units.get(named)
    if target is None:
        return f"no unit in {named} to support"
    unit = target.unit
    if rules.unit_coast == "illegal" and o.target is not unit and _wrong_coast(o.target, unit):
        return f"the support names {o.target.location}, the fleet is in {unit.location} (DATC 4.B.5)"
    if not to_move:
        return ""
    dest = o.dest  # type: ignore[union-attr]
    if dest.coast is None:
        if unit.kind is ARMY and into in t.walks.get(named, _EMPTY) and not board.off_graph and not board.slots:
            return ""  # most supports of a move: of an army walking where it may stand (what follows finds)
        if unit.kind.moves is _FLEET_MOVES and into in t.split:
            if rules.support_coast == "illegal" or (rules.support_coast == "same_power" and target.power != o.power):
                return f"the support names no coast of {into} (DATC 4.B.4)"
            reachable = board.gmap.coasts_reachable(unit.location, into)
            dest = reachable[0] if reachable else dest  # any coast will do for the support
    if unit.kind is FLEET and into != named and not board.off_graph and not board.slots:
        found = t.destinations.get((named, unit.location.coast, into, dest.coast, rules.coast_omitted,
                                    rules.coast_impossible))
        if found is not None and found[1] != ILLEGAL and t.terrain[into] != "land" \
                and t.terrain.get(named) in _FLEET_STANDS:
            return ""  # a fleet move asked before on this board: legal (what _move_problem finds)
    problem = _move_problem(board, unit, dest, False)
    if problem:
        return f"the supported move is impossible: {problem}"
    if (board.off_graph or board.slots) and into in board.off_graph_from(named):
        return ""
    if unit.kind.moves is _ARMY_MOVES and into not in t.army.get(named, _EMPTY):
        if not board.sea_route(named, into, here):
            return "the supported move needs the supporting fleet as its convoy"
    return ""


def _convoy_problem(board: CheckBoard, o: Convoy, fleet: Unit) -> str:
    terrain = board.t.terrain
    if not fleet.kind.can_convoy or terrain[fleet.location.province] != "sea":
        return "only fleets at sea can convoy"
    army = board.units.get(o.target.location.province)
    if army is None or not army.unit.kind.convoyable or army.unit.kind.moves is not Moves.ARMY:
        return f"no army in {o.target.location.province} to convoy"
    src, dest = o.target.location.province, o.dest.province
    if src == dest or terrain[src] != "coast" or terrain[dest] != "coast":
        return f"an army cannot be convoyed from {src} to {dest}"
    if fleet.location.province not in board.convoying(src, dest):
        return f"{fleet} is on no convoy route from {src} to {dest}"
    return ""


_PROBLEMS: dict[type, Callable[[CheckBoard, Any, Unit], str] | None] = {
    Hold: None, Move: _move_order_problem, SupportHold: _support_problem, SupportMove: _support_problem,
    Convoy: _convoy_problem,
}
"""Order type of a movement phase -> what makes such an order illegal whatever the other orders
(``""``: nothing; ``None``: nothing can, a hold), given the order and the unit in its province."""
assert set(_PROBLEMS) == set(MOVEMENT_ORDERS)

_NOT_MOVEMENT: Final = object()
"""What :data:`_PROBLEMS` gives for an order that is not of a movement phase."""


def _classify_moves(facts: Facts, board: CheckBoard, by_unit: _ByUnit, moving: list[tuple[str, Piece, Move]],
                    convoys: list[Convoy]) -> None:
    """Find what is fixed about each legal move (:class:`MoveFacts`), marking moves with no convoy
    route invalid. ``moving``: the moves in force, each with its province (or key) and piece, in
    board order; ``convoys``: the convoy orders in force, in board order, then the removed fleets'."""
    gmap, rules = facts.gmap, facts.rules
    orders, moves, off_graphs = facts.orders, facts.moves, facts.off_graph
    convoys_of: dict[str, list[Convoy]] = {}  # province of the army -> the convoy orders for it, in board order
    for c in convoys:
        army_at = c.target.location.province
        found = convoys_of.get(army_at)
        if found is None:
            convoys_of[army_at] = [c]
        else:
            found.append(c)
    convoyed_when = CONVOY_ADJACENT[rules.convoy_adjacent]
    army = board.t.army
    destinations = board.t.destinations
    coast_omitted, coast_impossible = rules.coast_omitted, rules.coast_impossible
    any_off_graph = bool(off_graphs)
    for province, piece, o in moving:
        unit = piece.unit
        kind = unit.kind
        dest = o.dest
        to = dest.province
        mf = _new(MoveFacts)  # filled in place: one per move of every phase
        mf.order = o
        mf.piece = piece
        mf.src = province
        mf.dest = to
        mf.routes = _NONE
        if kind is ARMY and dest.coast is None and not o.via_convoy and not any_off_graph and \
                province not in convoys_of and to in army.get(province, _EMPTY):
            mf.dest_location = dest  # most moves: an army walking, no convoy ordered for it (what follows finds)
            mf.convoyed = mf.off_graph = False
            mf.blocked = ""
            moves[province] = mf
            continue
        for_it = convoys_of.get(province) if convoys_of else None
        convoyers = [c for c in for_it if c.dest.province == to] if for_it is not None else _NONE
        blocked = ""
        off_graph = any_off_graph and off_graphs.get(province) == to and not o.via_convoy
        moves_along = kind.moves
        convoyed = False
        if off_graph:  # variant hook: the destination is reached off the adjacency graph
            dest_location = dest if moves_along is _FLEET_MOVES else Location(to)
        elif moves_along is _FLEET_MOVES:
            src = unit.location
            found = destinations.get((src.province, src.coast, to, dest.coast, coast_omitted, coast_impossible))
            dest_location, verdict = found if found is not None else _fleet_destination(board, src, dest)
            if verdict:
                if verdict == ILLEGAL:
                    blocked = f"{unit} is not on the coast the order names (DATC 4.B.5)"
                elif verdict == "fails":
                    blocked = f"no coast of {to} was named (DATC 4.B.2)"
        else:
            dest_location = dest if dest.coast is None else Location(to)
            if moves_along is _ARMY_MOVES and kind.convoyable and \
                    (convoyers or o.via_convoy or to not in army.get(province, _EMPTY)):
                convoyed = convoyed_when(gmap, piece, o, convoyers, orders)
            # else every choice lets it walk (order_choices.CONVOY_ADJACENT)
        mf.dest_location = dest_location
        mf.convoyed = convoyed
        mf.blocked = blocked
        mf.off_graph = off_graph
        if convoyed:
            mf.routes = routes(gmap, province, to, [c.unit.location.province for c in convoyers])
            if not mf.routes:
                _mark(by_unit, o, INVALID, "no convoy route was ordered")
                continue
        moves[province] = mf


_NONE: Final[list[Any]] = []
"""No convoy orders, no routes: shared by the moves that have none, never changed."""


def _classify_supports_and_convoys(facts: Facts, by_unit: _ByUnit,
                                   others: list[tuple[str, Order]]) -> None:
    """Sort the orders in force that neither move nor hold (``others``, in board order) into
    valid supports and convoys, marking the invalid ones."""
    orders, supports, convoys = facts.orders, facts.supports, facts.convoys
    plain = not facts.slots and facts.rules.hold_support_civil_disorder != "fails"
    for province, o in others:
        kind = type(o)
        if kind is SupportHold or kind is SupportMove:
            if plain:  # the usual matches, told at once (what support_mismatch finds)
                target = orders.get(o.target.location.province)  # type: ignore[union-attr]
                if kind is SupportHold:
                    if type(target) is not Move:
                        supports[province] = o  # type: ignore[assignment]
                        continue
                elif type(target) is Move and target.dest.province == o.dest.province and not o.dest.coast:  # type: ignore[union-attr]
                    supports[province] = o  # type: ignore[assignment]
                    continue
            problem = support_mismatch(facts, o)  # type: ignore[arg-type]
            if problem:
                _mark(by_unit, o, INVALID, problem)
            else:
                supports[province] = o  # type: ignore[assignment]
        elif kind is Convoy:
            target = orders.get(o.target.location.province)  # type: ignore[union-attr]
            if type(target) is not Move or target.dest.province != o.dest.province:  # type: ignore[union-attr]
                _mark(by_unit, o, INVALID, f"{o.target} is not ordered to move to {o.dest.province}")  # type: ignore[union-attr]
            else:
                convoys[province] = o  # type: ignore[assignment]


def _mark(by_unit: _ByUnit, order: Order, status: str, reason: str) -> None:
    """Give every verdict on ``order`` (the order its unit carries out) the status and reason.

    Equal orders name the same unit and were checked alike, so they are all in ``by_unit`` under
    its province."""
    found = by_unit[order.unit.location.province]  # type: ignore[union-attr]
    if type(found) is not list:  # the unit's one legal order (the one in force, unless ``order`` is a further piece's)
        if found.order is order or found.order == order:  # type: ignore[union-attr]
            found.status, found.reason = status, reason  # type: ignore[union-attr]
        return
    for v in found:
        if v.order is order or v.order == order:
            v.status, v.reason = status, reason


def _index_moves(facts: Facts) -> None:
    moves, attackers, opponent, beaten_by = facts.moves, facts.attackers, facts.opponent, facts.beaten_by
    every_opposite = facts.rules.dislodged_effect == "never"
    for src in sorted(moves):
        mf = moves[src]
        dest = mf.dest
        found = attackers.get(dest)
        if found is None:
            attackers[dest] = [src]
        else:
            found.append(src)
        back = moves.get(dest)
        if back is None or back.dest != src:
            continue
        if not mf.convoyed and not back.convoyed and not mf.off_graph and not back.off_graph:
            opponent[src] = dest
        if src in opponent or every_opposite:
            beaten_by[src] = dest
    supports = facts.supports
    hold_supports, move_supports = facts.hold_supports, facts.move_supports
    slots = facts.slots
    for province in sorted(supports):
        o = supports[province]
        index = hold_supports if type(o) is SupportHold else move_supports
        key = supported_key(facts, o) if slots else o.target.location.province
        found = index.get(key)
        if found is None:
            index[key] = [province]
        else:
            found.append(province)
