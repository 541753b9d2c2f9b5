"""Adjudicate a retreat phase (DATC 6.H).

A retreat succeeds when it is legal and no other retreat goes to the same province; retreats to
one province all fail and those units are disbanded. A dislodged unit without a legal retreat
order is disbanded. A retreat is legal only into a province the unit could move to, that is
vacant, was not left empty by a standoff, and is not where the attacker came from (unless the
attacker came by convoy, DATC 4.A.5). These outcomes depend on no other decision, so no model
is needed: they are fixed here in Python.
"""
from __future__ import annotations

from typing import Sequence

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Disbanded, Illegal, RetreatBounced, RetreatsTo, kept
from dipsat.model.types import (
    Disband, Location, Order, OrderResult, Position, Result, Retreat, Unit, placed,
)
from dipsat.solver.legality import ILLEGAL, LEGAL, Verdict
from dipsat.solver.movement import retreat_options
from dipsat.solver.options import Rules
from dipsat.solver.order_choices import NOT_CONVOYED, RETREAT_AFTER_CONVOY, SEVERAL_ORDERS
from dipsat.solver.resolution import Resolution


# read once: on CPython 3.11 an enum class's attribute (PhaseKind.RETREAT) goes through
# EnumType.__getattr__'s slow hook, ~900 instructions a read
_SUCCEEDS, _FAILS, _ILLEGAL = Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL


def adjudicate_retreats(gmap: GameMap, position: Position, orders: Sequence[Order],
                        rules: Rules) -> Resolution:
    """Resolve the retreats and disbands of dislodged units; return the board after."""
    gmap = board_in_play(gmap, position)
    verdicts = [Verdict(o, ILLEGAL, _problem(gmap, position, o, rules)) for o in orders]
    by_unit: dict[str, list[Verdict]] = {}
    for v in verdicts:
        if not v.reason:
            v.status = LEGAL
            by_unit.setdefault(v.order.unit.province, []).append(v)  # type: ignore[union-attr]
    chosen: dict[str, Order] = {}
    choose = SEVERAL_ORDERS[rules.several_orders]
    for province, vs in by_unit.items():
        pick = vs[0] if len(vs) == 1 else choose(vs)  # one order: nothing to choose (DATC 4.D.3 is about several)
        if pick is not None:
            chosen[province] = pick.order
    targets: dict[str, int] = {}
    for o in chosen.values():
        if type(o) is Retreat:
            targets[o.dest.province] = targets.get(o.dest.province, 0) + 1
    units = position.units.copy()  # type: ignore[attr-defined]  # the dict behind the frozen view, at once
    landed = False  # a unit retreated: the board's units frozen anew
    results = []
    for v in verdicts:
        o = v.order
        if v.status != LEGAL:
            results.append(OrderResult(o, _ILLEGAL, kept(Illegal, v.reason)))
        elif type(o) is Retreat:
            rivals = targets.get(o.dest.province, 0) - 1
            if rivals:
                results.append(OrderResult(o, _FAILS, kept(RetreatBounced, rivals)))
            else:
                piece = position.dislodged[o.unit.province].piece
                loc = _landing(gmap, piece.unit, o.dest)
                units[o.dest.province] = placed(piece.power, piece.unit.kind, loc)
                landed = True
                results.append(OrderResult(o, _SUCCEEDS, kept(RetreatsTo, str(loc))))
        else:
            results.append(OrderResult(o, _SUCCEEDS, kept(Disbanded)))
    generated = []
    for province, d in position.dislodged.items():
        if chosen.get(province) is None:
            o = Disband(d.piece.power, d.piece.unit)
            generated.append(OrderResult(o, _SUCCEEDS, kept(Disbanded, None, True)))
    after = position.updated(units=units if landed else None, dislodged={}, standoffs=frozenset())
    return Resolution(position, tuple(results), tuple(generated), after, rules=str(rules))


def _landing(gmap: GameMap, unit: Unit, dest: Location) -> Location:
    if not unit.kind.uses_coasts:
        return dest if dest.coast is None else Location(dest.province)
    reachable = gmap.coasts_reachable(unit.location, dest.province)
    return reachable[0] if dest.coast is None and len(reachable) == 1 else dest


def _problem(gmap: GameMap, position: Position, o: Order, rules: Rules) -> str:
    if not isinstance(o, (Retreat, Disband)):
        return "only retreats and disbands are ordered in a retreat phase"
    d = position.dislodged.get(o.unit.province)
    if d is None:
        return f"no dislodged unit in {o.unit.province}"
    if d.piece.power != o.power:
        return f"{d.piece.unit} belongs to {d.piece.power}, not {o.power}"
    if isinstance(o, Disband):
        return ""
    rule = RETREAT_AFTER_CONVOY[rules.retreat_to_convoy_origin] if d.by_convoy else NOT_CONVOYED
    options = retreat_options(gmap, d.piece.unit, position.units,
                              position.standoffs if rule.standoffs_closed else frozenset(),
                              d.attacker_origin if rule.origin_closed else None)
    dest = _landing(gmap, d.piece.unit, o.dest)
    if not d.piece.unit.kind.uses_coasts:
        ok = any(loc.province == dest.province for loc in options)
    else:
        ok = dest in options
    if not ok:
        return f"{d.piece.unit} cannot retreat to {o.dest}"
    return ""
