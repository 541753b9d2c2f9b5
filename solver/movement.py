"""Adjudicate a movement phase: facts in Python, one CP-SAT model, results and the next board."""
from __future__ import annotations

from functools import partial
from typing import Any, Collection, Mapping, Sequence

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.types import (
    Dislodged, Location, Order, OrderResult, Phase, PhaseKind, Piece, Position, Tag, Unit,
    UnitType, placed,
)
from dipsat.solver.explain import Explainer
from dipsat.solver.hooks import Removal
from dipsat.solver.legality import LEGAL, Facts, Verdict, check_orders
from dipsat.solver.map_tables import tables
from dipsat.solver.options import Rules
from dipsat.solver.order_choices import NOT_CONVOYED, RETREAT_AFTER_CONVOY
from dipsat.solver.paradox import Solution, solve_phase
from dipsat.solver.phase_model import BY_CONVOY, DISLODGED, LEAVES, MOVES, PREVENT, Key, PhaseModel
from dipsat.solver.resolution import Resolution
from dipsat.solver.rules import MOVEMENT_RULES, Rule, with_options


# read once: on CPython 3.11 an enum class's attribute (PhaseKind.RETREAT) goes through
# EnumType.__getattr__'s slow hook, ~900 instructions a read
_MOVEMENT, _RETREAT = PhaseKind.MOVEMENT, PhaseKind.RETREAT
_DISLODGED, _DESTROYED, _ARMY = Tag.DISLODGED, Tag.DESTROYED, UnitType.ARMY


def build_model(facts: Facts, rules: Mapping[str, Rule], overrides: Mapping[Key, bool],
                fold: bool = False) -> PhaseModel:
    """Create the phase model and let every rule module add its constraints (``fold``: with
    its constants folded, for propagation; see :class:`~dipsat.solver.phase_model.PhaseModel`)."""
    pm = PhaseModel(facts, overrides, rules if fold else None)
    for rule in rules.values():
        rule(pm)
    return pm


def adjudicate_movement(gmap: GameMap, position: Position, orders: Sequence[Order], rules: Rules,
                        movement_rules: Mapping[str, Rule] = MOVEMENT_RULES,
                        off_graph: Mapping[str, str] | None = None, removed: Removal | None = None,
                        stacks: Mapping[str, Sequence[str]] | None = None,
                        keys: Sequence[str | None] = (), carriers: Mapping[str, str] | None = None) -> Resolution:
    """Resolve a movement phase as DATC chapter 5 describes, through one CP-SAT model.

    ``off_graph``, ``removed`` and ``stacks`` are variant hooks (see
    :func:`~dipsat.solver.legality.check_orders`): moves off the adjacency graph, province ->
    destination; units removed before the orders are carried out, whose fleets' convoys are never
    available; the moves of a stack's further pieces; ``keys``, one per order: the further piece
    of a stack it is for (``par#2``) or ``None``; ``carriers``: moves carried by another unit
    (:attr:`~dipsat.solver.facts.Facts.carriers`); none in the standard game.
    """
    gmap = board_in_play(gmap, position)
    facts = check_orders(gmap, position, orders, rules, off_graph, removed, stacks, keys, carriers)
    modules = _modules(movement_rules, rules)
    solution, pm = solve_phase(partial(build_model, facts, modules, fold=True), rules.paradox)
    after, fates = next_position(facts, solution)
    explain = Explainer(pm, solution).result
    verdicts, units = facts.verdicts, position.units
    if fates:  # the fate of a unit is told on the orders its power gave it
        results = tuple([explain(v, _fate(v, units, fates)) for v in verdicts])
    else:
        results = tuple([explain(v, None) for v in verdicts])
    generated: tuple[OrderResult, ...] = ()
    if facts.generated:  # units with no legal order hold; told unless their power ordered them
        held = {o.unit.province for o in facts.generated}
        ordered = {province for v in verdicts if (unit := getattr(v.order, "unit", None)) is not None
                   and unit.location.province in held and (province := _ordered(v, units))}
        generated = tuple([explain(Verdict(o, LEGAL), fates.get(o.unit.province))
                           for o in facts.generated if o.unit.province not in ordered])
    return Resolution(position, results, generated, after, solution.paradoxes,
                      solution.resolutions, str(rules), pm, solution)


def _modules(base: Mapping[str, Rule], rules: Rules) -> Mapping[str, Rule]:
    """:func:`~dipsat.solver.rules.with_options` of ``base`` and ``rules``, the last answer given
    again when both are the very ones asked last (a replay asks the same every phase; its memo is
    keyed by the rules' value, whose hash is written in Python: ~2 µs a phase)."""
    found = _LAST_MODULES[0]  # read once: threads (a Dask worker's) may replace it meanwhile
    if found[0] is base and found[1] is rules:
        return found[2]  # type: ignore[no-any-return]
    modules = with_options(base, rules)
    _LAST_MODULES[0] = (base, rules, modules)
    return modules


_LAST_MODULES: list[tuple[Any, Any, Any]] = [(None, None, None)]
"""The ``(base, rules, modules)`` :func:`_modules` answered last (one entry: no growth)."""


def _fate(v: Verdict, units: Mapping[str, Piece], fates: Mapping[str, Tag]) -> Tag | None:
    """The fate told on a given order: its unit's, when the unit's power gave it."""
    unit = getattr(v.order, "unit", None)
    if unit is None or unit.location.province not in fates:
        return None
    return fates[unit.location.province] if _ordered(v, units) else None


def _ordered(v: Verdict, units: Mapping[str, Piece]) -> str:
    """The province of the unit a given order is for when the unit's own power gave it (not a
    further piece of a stack), else ``""``."""
    order = v.order
    unit = getattr(order, "unit", None)
    if unit is None or v.key is not None:
        return ""
    province = unit.location.province
    piece = units.get(province)
    return province if piece is not None and piece.power == order.power else ""


def next_position(facts: Facts, solution: Solution) -> tuple[Position, dict[str, Tag]]:
    """The board after the movement phase, and the fate (dislodged, destroyed) of each unit."""
    position = facts.position
    get = solution.decisions.get
    moved = {src: mf for src, mf in facts.moves.items() if get((MOVES, src), False)}
    before = position.units
    attackers = facts.attackers
    gone = sorted([p for p in attackers if p in before and get((DISLODGED, p), False)])  # board order
    units = before.copy()  # type: ignore[attr-defined]  # a board's frozen view: copy() copies the dict
    # behind it at once (dict() of a read-only view goes key by key: ten times as long)
    pop = units.pop
    for src in moved:
        pop(src, None)  # a further piece of a stack (par#2) is not among the units
    for province in gone:
        pop(province, None)
    for mf in moved.values():
        piece = mf.piece
        units[mf.dest] = placed(piece.power, piece.unit.kind, mf.dest_location)
    dislodged: dict[str, Dislodged] = {}
    fates: dict[str, Tag] = {}
    standoffs: set[str] = set()
    if gone:
        gmap, moves, rules = facts.gmap, facts.moves, facts.rules
        # units and the provinces a piece stayed behind in (where a stack's unit moved)
        standing = (units.keys() | {p for p in facts.stacks if not get((LEAVES, p), False)}) if facts.stacks else units
        standoffs = _standoffs(facts, solution, standing)
        for province in gone:
            piece = before[province]
            origin = next(o for o in attackers[province] if o in moved)
            attack = moves[origin]
            # by_convoy[...] exists only for an army that may fall back to its land route (4.A.3,
            # convoy_adjacent=2000_fallback): when it walked, it came over the border.
            convoyed = (attack.convoyed and get((BY_CONVOY, origin), True)) or attack.off_graph
            rule = RETREAT_AFTER_CONVOY[rules.retreat_to_convoy_origin] if convoyed else NOT_CONVOYED
            options = retreat_options(gmap, piece.unit, {} if rule.occupied_offered else units,
                                      standoffs if rule.standoffs_closed else frozenset(),
                                      origin if rule.origin_closed else None)
            if options:
                dislodged[province] = Dislodged(piece, origin, convoyed)
                fates[province] = _DISLODGED
            else:
                fates[province] = _DESTROYED
    phase = position.phase
    if dislodged:
        phase = Phase(phase.year, phase.season, _RETREAT)
    elif phase.kind is not _MOVEMENT:
        phase = Phase(phase.year, phase.season, _MOVEMENT)
    after = position.updated(phase=phase, units=units if moved or gone else None, dislodged=dislodged,
                             stacked=_stacked(facts, moved, gone) if facts.slots else None,
                             standoffs=standoffs if dislodged else frozenset())
    return after, fates


def _stacked(facts: Facts, moved: Mapping[str, object], gone: Sequence[str]) -> Mapping[str, tuple[Piece, ...]]:
    """The further pieces of the stacks after the moves: those that moved left, and where the
    unit of a province moved while a piece stayed behind and was dislodged, that piece is the
    dislodged one (it is no longer stacked)."""
    stacked = facts.position.stacked
    if not facts.slots:
        return stacked
    found = {p: list(pieces) for p, pieces in stacked.items()}
    for key, province in facts.slots.items():
        if key in moved:
            found[province].remove(facts.pieces[key])
    for province in gone:
        if province in moved and found.get(province):
            found[province].pop(0)
    return {p: tuple(pieces) for p, pieces in found.items() if pieces}


def _standoffs(facts: Facts, solution: Solution, units: Collection[str]) -> set[str]:
    """The provinces left empty after a standoff: moved into, entered by none, with some prevent
    strength against them (they matter only to the retreats)."""
    strengths = solution.strengths
    found = set()
    for dest, origins in facts.attackers.items():
        if dest in units:
            continue
        for o in origins:
            if strengths.get((PREVENT, o), 0) > 0:
                found.add(dest)
                break
    return found


def retreat_options(gmap: GameMap, unit: Unit, occupied: Mapping[str, Piece],
                    standoffs: set[str] | frozenset[str], attacker_origin: str | None) -> list[Location]:
    """Where a dislodged unit may retreat: reachable, vacant, not contested, not the attacker's origin."""
    reach = tables(gmap).reach
    reachable = reach.get(unit)
    if reachable is None:
        reachable = reach[unit] = _reachable(gmap, unit)
    return [loc for loc in reachable
            if (p := loc.province) not in occupied and p not in standoffs and p != attacker_origin]


def _reachable(gmap: GameMap, unit: Unit) -> tuple[Location, ...]:
    """Where ``unit`` moves by itself, in the order its retreat options are listed."""
    kind = unit.kind
    if kind is _ARMY:
        return tuple(Location(p) for p in sorted(gmap.army_neighbours.get(unit.province, ())))
    if kind.uses_coasts:
        return tuple(sorted(gmap.fleet_neighbours.get(unit.location, ()), key=str))
    # a variant's kind: its own edges, provinces it may stand on
    return tuple(Location(p) for p in sorted(gmap.neighbours(kind, unit.location)) if gmap.can_stand(kind, p))
