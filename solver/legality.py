"""Which movement orders count: legal, illegal or invalid, decided before any model is built.

DATC 4.E.1: a *legal* order is one that, not knowing the other orders, could be valid; an
*illegal* order is ignored (the unit holds). A *valid* order is legal and, for a support or a
convoy, matches what the supported or convoyed unit was ordered; a move that needs a convoy is
valid only when a convoy route is ordered. Everything here depends on the orders and the board
alone, never on the resolution, so it is plain Python and yields constants for the model.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ARMY, FLEET, Moves, Strengths, UnitKind
from dipsat.model.types import (
    Convoy, Hold, Location, Move, Order, Piece, Position, SupportHold, SupportMove, Unit, UnitType,
)
from dipsat.solver.convoy_routes import routes
from dipsat.solver.options import Rules
from dipsat.solver.order_choices import (
    CONVOY_ADJACENT, CONVOYING_FLEET, SEVERAL_ORDERS, VIA_CONVOY_MAY_WALK, on_a_minimal_route, fleet_destination, support_mismatch,
)

LEGAL, ILLEGAL, INVALID = "legal", "illegal", "invalid"


@dataclass
class Verdict:
    """What the checks said of one given order."""

    order: Order
    status: str
    reason: str = ""


@dataclass
class MoveFacts:
    """A legal move and what is fixed about it before the resolution."""

    order: Move
    piece: Piece
    src: str
    dest: str
    dest_location: Location
    convoyed: bool
    routes: list[tuple[str, ...]] = field(default_factory=list)
    blocked: str = ""
    """Why the move cannot be carried out though the order is legal as written (it fails)."""
    off_graph: bool = False
    """A variant's move off the adjacency graph (a teleport, a flight): never convoyed, never a
    head-to-head battle, and the unit it dislodges may retreat to its origin as after a convoy."""


@dataclass
class Facts:
    """The orders in force for one movement phase: a throwaway working object."""

    gmap: GameMap
    position: Position
    rules: Rules
    verdicts: list[Verdict]
    orders: dict[str, Order]
    """Province -> the order the unit there carries out (``Hold`` when it has no legal one)."""
    generated: list[Order]
    moves: dict[str, MoveFacts] = field(default_factory=dict)
    supports: dict[str, SupportHold | SupportMove] = field(default_factory=dict)
    convoys: dict[str, Convoy] = field(default_factory=dict)
    status_of: dict[int, str] = field(default_factory=dict)
    attackers: dict[str, list[str]] = field(default_factory=dict)
    """Province -> origins of the moves into it, sorted."""
    opponent: dict[str, str] = field(default_factory=dict)
    """Origin -> origin of the head-to-head opponent: two moves over land into each other."""
    beaten_by: dict[str, str] = field(default_factory=dict)
    """Origin -> origin of the opposite move that, when it succeeds, leaves this move no prevent
    strength: the head-to-head opponent, or any opposite move (option ``dislodged_effect``)."""
    move_supports: dict[str, list[str]] = field(default_factory=dict)
    """Origin of a move -> provinces of the units giving it a valid support."""
    hold_supports: dict[str, list[str]] = field(default_factory=dict)
    """Province -> provinces of the units giving its unit a valid support to hold."""
    off_graph: Mapping[str, str] = field(default_factory=dict)
    """Variant hook: province -> the one destination its unit may move to whatever the adjacency."""
    strengths: Mapping[str, Strengths] | None = None
    """Province -> its unit's strengths at the board's scale; ``None`` when every unit is a
    standard army or fleet at scale 1 (every strength 1, every support 1: the common case)."""

    def owner(self, province: str) -> str | None:
        """The power of the unit in ``province``, or ``None``."""
        piece = self.position.units.get(province)
        return piece.power if piece else None


def check_orders(gmap: GameMap, position: Position, given: Sequence[Order], rules: Rules,
                 off_graph: Mapping[str, str] | None = None) -> Facts:
    """Match each given order to its unit and sort it into legal, illegal and invalid.

    ``off_graph`` (variant hook, empty in the standard game) maps a province to the one
    destination its unit may move to off the adjacency graph (see :attr:`MoveFacts.off_graph`);
    such a move needs only a destination its unit can stand on.
    """
    verdicts = [Verdict(o, LEGAL) for o in given]
    by_unit = _by_unit(position, verdicts, rules)
    facts = Facts(gmap, position, rules, verdicts, {}, [], off_graph=dict(off_graph or {}),
                  strengths=_strengths(gmap, position))
    for province, piece in position.units.items():
        legal = [v for v in by_unit.get(province, ())
                 if _legal_alone(gmap, position, v, rules, facts.off_graph)]
        chosen = SEVERAL_ORDERS[rules.several_orders](legal) if legal else None
        if chosen is not None:
            facts.orders[province] = chosen.order
        else:
            hold = Hold(piece.power, piece.unit)
            facts.orders[province] = hold
            facts.generated.append(hold)
    _classify_moves(facts)
    _classify_supports_and_convoys(facts)
    _index_moves(facts)
    for v in verdicts:
        facts.status_of[id(v.order)] = v.status
    return facts


def _strengths(gmap: GameMap, position: Position) -> dict[str, Strengths] | None:
    """Each unit's strengths at the board's scale, or ``None`` in the common case (all 1)."""
    scale = gmap.strength_scale
    if scale == 1 and all(p.unit.kind is ARMY or p.unit.kind is FLEET for p in position.units.values()):
        return None
    return {province: piece.unit.kind.at_scale(scale) for province, piece in position.units.items()}


def _by_unit(position: Position, verdicts: list[Verdict], rules: Rules) -> dict[str, list[Verdict]]:
    """Group orders by the unit they name; orders for absent or foreign units are illegal.

    A wrong unit letter is ignored or makes the order invalid (option ``unit_designation``,
    DATC 4.C.2); a wrong coast is dealt with when the move is classified (4.B.5).
    """
    by_unit: dict[str, list[Verdict]] = {}
    for v in verdicts:
        o = v.order
        if not isinstance(o, (Hold, Move, SupportHold, SupportMove, Convoy)):
            v.status, v.reason = ILLEGAL, "not an order of a movement phase"
            continue
        piece = position.units.get(o.unit.province)
        if piece is None:
            v.status, v.reason = ILLEGAL, f"no unit in {o.unit.location}"
        elif piece.power != o.power:
            v.status, v.reason = ILLEGAL, f"{piece.unit} belongs to {piece.power}, not {o.power}"
        elif _other_kind(piece.unit.kind, o.unit.kind) and rules.unit_designation == "invalid":
            v.status, v.reason = INVALID, f"the unit in {o.unit.province} is {piece.unit}"
        elif rules.unit_coast == "illegal" and _wrong_coast(o.unit, piece.unit):
            v.status, v.reason = ILLEGAL, f"the order names {o.unit.location}, the fleet is in {piece.unit.location} (DATC 4.B.5)"
        else:
            by_unit.setdefault(o.unit.province, []).append(v)
    return by_unit


def _other_kind(actual: UnitKind, named: UnitKind) -> bool:
    """The order names another kind than the unit's (a modifier, ``2A`` for ``A``, does not count)."""
    return actual is not named and actual.base_kind() != named.base_kind()


def _a(kind: UnitKind) -> str:
    """``an army``, ``a fleet``, ``a bubble-car``: the kind with its article."""
    return ("an " if kind.name[:1].lower() in "aeiou" else "a ") + kind.name


def _cannot_stand(gmap: GameMap, kind: UnitKind, province: str) -> str:
    terrain = gmap.provinces[province].terrain.value
    if terrain == "sea":
        return f"{_a(kind)} cannot move to sea"
    if terrain == "land":
        return f"{_a(kind)} cannot move inland"
    return f"{_a(kind)} cannot move to a coastal province"


def _stranded(gmap: GameMap, unit: Unit) -> bool:
    """The unit stands where its kind may not (a fleet on land, on a frozen sea): it may not move,
    support or convoy, but it may be supported to hold."""
    return not gmap.can_stand(unit.kind, unit.province)


def _wrong_coast(named: Unit, actual: Unit) -> bool:
    """The order names a coast, and not the one the unit is on."""
    return named.location.coast is not None and named.location != actual.location


def _legal_alone(gmap: GameMap, position: Position, v: Verdict, rules: Rules,
                 off_graph: Mapping[str, str]) -> bool:
    """Check what can be told from the order and the board alone; mark the verdict."""
    if v.status != LEGAL:
        return False
    o = v.order
    reason = ""
    match o:
        case Move():
            actual = position.units[o.unit.province].unit
            reason = _move_problem(gmap, position, actual, o, rules, off_graph)
            if reason and _as_named(position, o.unit) != actual:
                reason = _move_problem(gmap, position, _as_named(position, o.unit), o, rules, off_graph)
        case SupportHold() | SupportMove():
            reason = _support_problem(gmap, position, o, rules, off_graph)
        case Convoy():
            reason = _convoy_problem(gmap, position, o, rules)
    if reason:
        v.status, v.reason = ILLEGAL, reason
        return False
    return True


def _as_named(position: Position, named: Unit) -> Unit:
    """The unit on the board, at the coast the order names when it names another one.

    DATC 4.B.5, 6.B.10 and 6.B.11: a wrongly named coast is ignored when the fleet can make the
    move from where it is; when only the named coast could, the order is legal as written and
    the fleet fails to move (see :func:`_classify_moves`).
    """
    unit = position.units[named.province].unit
    if named.location.coast and unit.location.coast and named.location != unit.location:
        return Unit(unit.kind, named.location)
    return unit


def _move_problem(gmap: GameMap, position: Position, unit: Unit, o: Move, rules: Rules,
                  off_graph: Mapping[str, str] | None = None) -> str:
    src, dest = unit.province, o.dest.province
    kind = unit.kind
    if dest == src:
        return "a unit cannot move to its own province"
    if off_graph and off_graph.get(src) == dest and not o.via_convoy:  # variant hook
        return "" if gmap.can_stand(kind, dest) else _cannot_stand(gmap, kind, dest)
    if _stranded(gmap, unit):
        return f"{unit} is out of its element: it cannot move"
    if kind.moves is not Moves.ARMY and kind.moves is not Moves.FLEET:
        return _other_move_problem(gmap, unit, o, rules)
    if kind.moves is Moves.FLEET:
        if o.via_convoy:
            return "only armies can be convoyed"
        _, verdict = fleet_destination(gmap, unit.location, o.dest, rules.coast_omitted,
                                       rules.coast_impossible)
        if verdict == ILLEGAL or gmap.is_land(dest):
            return f"a fleet in {unit.location} cannot reach {o.dest}"
        return ""
    if not gmap.can_stand(kind, dest):
        return _cannot_stand(gmap, kind, dest)
    if o.dest.coast and rules.irrelevant_coast == "illegal":
        return f"{_a(kind)} has no coast to move to: {o.dest} (DATC 4.B.6)"
    if gmap.army_can_move(src, dest) and (not o.via_convoy or VIA_CONVOY_MAY_WALK.get(rules.convoy_adjacent, False)):
        return ""
    if not kind.convoyable:
        return f"{_a(kind)} cannot be convoyed" if o.via_convoy else f"{_a(kind)} cannot reach {dest} from {src}"
    if not (gmap.is_coastal(src) and gmap.is_coastal(dest)):
        if gmap.army_can_move(src, dest):
            inland = src if gmap.is_land(src) else dest
            return f"{_a(kind)} cannot be convoyed from {src} to {dest}: {inland} is inland"
        return f"{_a(kind)} cannot reach {dest} from {src}"
    seas = [p for p, piece in position.units.items() if piece.unit.kind.can_convoy]
    if not routes(gmap, src, dest, seas, limit=1) and not gmap.army_can_move(src, dest):
        return f"no fleets stand between {src} and {dest} to convoy"
    return ""


def _other_move_problem(gmap: GameMap, unit: Unit, o: Move, rules: Rules) -> str:
    """A move of a kind that moves along any edge, anywhere, or never by itself (never convoyed)."""
    kind, dest = unit.kind, o.dest.province
    if o.via_convoy:
        return f"{_a(kind)} cannot be convoyed"
    if kind.moves is Moves.NONE:
        return f"{_a(kind)} does not move by itself"
    if dest not in gmap.neighbours(kind, unit.location):
        return f"{_a(kind)} in {unit.location} cannot reach {dest}"
    if not gmap.can_stand(kind, dest):
        return _cannot_stand(gmap, kind, dest)
    if o.dest.coast and rules.irrelevant_coast == "illegal":
        return f"{_a(kind)} has no coast to move to: {o.dest} (DATC 4.B.6)"
    return ""


def _support_problem(gmap: GameMap, position: Position, o: SupportHold | SupportMove, rules: Rules,
                     off_graph: Mapping[str, str]) -> str:
    supporter = position.units[o.unit.province].unit
    into = o.target.province if isinstance(o, SupportHold) else o.dest.province
    if o.target.province == supporter.province:
        return "a unit cannot support itself"
    if into == supporter.province:
        return "a unit cannot support a move into its own province"
    if not supporter.kind.can_support:
        return f"{_a(supporter.kind)} cannot support"
    if _stranded(gmap, supporter):
        return f"{supporter} is out of its element: it cannot support"
    if not _reaches(gmap, supporter, into):
        return f"{supporter} cannot reach {into}"
    target = position.units.get(o.target.province)
    if target is None:
        return f"no unit in {o.target.province} to support"
    if rules.unit_coast == "illegal" and _wrong_coast(o.target, target.unit):
        return f"the support names {o.target.location}, the fleet is in {target.unit.location} (DATC 4.B.5)"
    if isinstance(o, SupportMove) and target.unit.kind.uses_coasts and o.dest.coast is None \
            and gmap.provinces[o.dest.province].coasts:
        if rules.support_coast == "illegal" or (rules.support_coast == "same_power" and target.power != o.power):
            return f"the support names no coast of {o.dest.province} (DATC 4.B.4)"
    if isinstance(o, SupportMove):
        dest = o.dest
        if target.unit.kind.uses_coasts and dest.coast is None:
            reachable = gmap.coasts_reachable(target.unit.location, dest.province)
            dest = reachable[0] if reachable else dest  # any coast will do for the support
        move = Move(target.power, target.unit, dest)
        problem = _move_problem(gmap, position, target.unit, move, rules, off_graph)
        if problem:
            return f"the supported move is impossible: {problem}"
        if off_graph.get(target.unit.province) == into:
            return ""
        if target.unit.kind.moves is Moves.ARMY and not gmap.army_can_move(target.unit.province, into):
            seas = [p for p, pc in position.units.items()
                    if pc.unit.kind.can_convoy and p != supporter.province]
            if not routes(gmap, target.unit.province, into, seas, limit=1):
                return "the supported move needs the supporting fleet as its convoy"
    return ""


def _reaches(gmap: GameMap, unit: Unit, province: str) -> bool:
    if unit.kind is UnitType.ARMY:
        return gmap.army_can_move(unit.province, province)
    if unit.kind is UnitType.FLEET:
        return gmap.fleet_reaches(unit.location, province)
    return gmap.reaches(unit, province)


def _convoy_problem(gmap: GameMap, position: Position, o: Convoy, rules: Rules) -> str:
    fleet = position.units[o.unit.province].unit
    if not fleet.kind.can_convoy or not gmap.is_sea(fleet.province):
        return "only fleets at sea can convoy"
    army = position.units.get(o.target.province)
    if army is None or not army.unit.kind.convoyable or army.unit.kind.moves is not Moves.ARMY:
        return f"no army in {o.target.province} to convoy"
    src, dest = o.target.province, o.dest.province
    if src == dest or not (gmap.is_coastal(src) and gmap.is_coastal(dest)):
        return f"an army cannot be convoyed from {src} to {dest}"
    seas = [p for p, pc in position.units.items() if pc.unit.kind.can_convoy]
    if not CONVOYING_FLEET.get(rules.convoy_adjacent, on_a_minimal_route)(gmap, fleet.province, src, dest, seas):
        return f"{fleet} is on no convoy route from {src} to {dest}"
    return ""


def _classify_moves(facts: Facts) -> None:
    gmap, position = facts.gmap, facts.position
    convoy_orders = [o for o in facts.orders.values() if isinstance(o, Convoy)]
    for province, o in facts.orders.items():
        if not isinstance(o, Move):
            continue
        piece = position.units[province]
        rules = facts.rules
        convoyers = [c for c in convoy_orders
                     if c.target.province == province and c.dest.province == o.dest.province]
        blocked = ""
        off_graph = facts.off_graph.get(province) == o.dest.province and not o.via_convoy
        if off_graph:  # variant hook: the destination is reached off the adjacency graph
            dest_location = o.dest if piece.unit.kind.uses_coasts else Location(o.dest.province)
            convoyed = False
        elif piece.unit.kind.uses_coasts:
            dest_location, verdict = fleet_destination(gmap, piece.unit.location, o.dest,
                                                       rules.coast_omitted, rules.coast_impossible)
            if verdict == ILLEGAL:
                blocked = f"{piece.unit} is not on the coast the order names (DATC 4.B.5)"
            elif verdict == "fails":
                blocked = f"no coast of {o.dest.province} was named (DATC 4.B.2)"
            convoyed = False
        elif piece.unit.kind.moves is Moves.ARMY and piece.unit.kind.convoyable:
            dest_location = Location(o.dest.province)
            convoyed = CONVOY_ADJACENT[rules.convoy_adjacent](gmap, piece, o, convoyers, facts.orders)
        else:
            dest_location = Location(o.dest.province)
            convoyed = False
        mf = MoveFacts(o, piece, province, o.dest.province, dest_location, convoyed, blocked=blocked,
                       off_graph=off_graph)
        if convoyed:
            mf.routes = routes(gmap, province, o.dest.province, [c.unit.province for c in convoyers])
            if not mf.routes:
                _mark(facts, o, INVALID, "no convoy route was ordered")
                continue
        facts.moves[province] = mf


def _classify_supports_and_convoys(facts: Facts) -> None:
    for province, o in facts.orders.items():
        if isinstance(o, (SupportHold, SupportMove)):
            problem = support_mismatch(facts, o)
            if problem:
                _mark(facts, o, INVALID, problem)
            else:
                facts.supports[province] = o
        elif isinstance(o, Convoy):
            target = facts.orders.get(o.target.province)
            if not isinstance(target, Move) or target.dest.province != o.dest.province:
                _mark(facts, o, INVALID, f"{o.target} is not ordered to move to {o.dest.province}")
            else:
                facts.convoys[province] = o


def _mark(facts: Facts, order: Order, status: str, reason: str) -> None:
    for v in facts.verdicts:
        if v.order == order:
            v.status, v.reason = status, reason


def _index_moves(facts: Facts) -> None:
    for src, mf in sorted(facts.moves.items()):
        facts.attackers.setdefault(mf.dest, []).append(src)
        back = facts.moves.get(mf.dest)
        if (back is not None and back.dest == src and not mf.convoyed and not back.convoyed
                and not mf.off_graph and not back.off_graph):
            facts.opponent[src] = mf.dest
        if back is not None and back.dest == src and (
                src in facts.opponent or facts.rules.dislodged_effect == "never"):
            facts.beaten_by[src] = mf.dest
    for province, o in sorted(facts.supports.items()):
        index = facts.hold_supports if isinstance(o, SupportHold) else facts.move_supports
        index.setdefault(o.target.province, []).append(province)
