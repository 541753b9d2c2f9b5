"""Every nation's legal orders as godip's ``Options`` tree (``godip.go``: ``Options``; ``state.Options``).

A tree of nodes ``{"Type": T, "Next": {...}}``: province -> order type -> source province
(with its coast) -> the order's arguments, e.g. ``{"par": {"Type": "Province", "Next": {"Move":
{"Type": "OrderType", "Next": {"par": {"Type": "SrcProvince", "Next": {"bur": {"Type":
"Province", "Next": {}}}}}}}}}``. Enumerated from the board and the map: moves along the unit's
edges, convoyed moves along chains of fleets, supports of units that can reach a province the
supporter reaches, convoys along the fleet's chain, retreats, builds and disbands.
"""
from __future__ import annotations

from typing import Any

from dipsat.model.types import Location, PhaseKind, Position
from dipsat.serve.godip import godip_id
from dipsat.solver.adjustment import adjustments_due


def _node(kind: str, nxt: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"Type": kind, "Next": nxt or {}}


def _leaves(names: Any) -> dict[str, Any]:
    return {n: _node("Province") for n in sorted(set(names))}


def _destinations(gmap: Any, unit: Any) -> list[str]:
    """Where a unit may move (a fleet to each coast it reaches)."""
    out = []
    for province in gmap.neighbours(unit.kind, unit.location):
        if unit.kind.letter == "F":
            out += [godip_id(loc) for loc in gmap.coasts_reachable(unit.location, province)]
        elif gmap.can_stand(unit.kind, province):
            out.append(godip_id(province))
    return out


def _convoy_reach(gmap: Any, position: Position, army: Any, through: str | None = None) -> set[str]:
    """Coastal provinces an army can be convoyed to along seas that hold fleets (through one fleet's sea)."""
    if not gmap.is_coastal(army.province):
        return set()
    fleets = {p for p, piece in position.units.items() if piece.unit.kind.letter == "F" and gmap.is_sea(p)}
    start = [s for s in gmap.army_neighbours.get(army.province, ()) if s in fleets] + [
        s for s in fleets if army.province in gmap.neighbours(position.units[s].unit.kind, Location(s))]
    seen, todo = set(start), list(start)
    while todo:
        sea = todo.pop()
        for nxt in gmap.neighbours(position.units[sea].unit.kind, Location(sea)):
            if nxt in fleets and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    if through is not None and through not in seen:
        return set()
    reach = set()
    for sea in seen:
        for p in gmap.neighbours(position.units[sea].unit.kind, Location(sea)):
            if p != army.province and gmap.is_coastal(p):
                reach.add(p)
    return reach


def nation_options(variant: Any, position: Position) -> dict[str, Any]:
    """``{nation: Options}`` for every nation of the variant's map."""
    gmap = variant.map
    kind = position.phase.kind
    out: dict[str, dict[str, Any]] = {n: {} for n in gmap.powers}
    if kind is PhaseKind.MOVEMENT:
        for province, piece in position.units.items():
            if piece.power in out:
                out[piece.power][godip_id(province)] = _node("Province", _movement(gmap, position, piece))
    elif kind is PhaseKind.RETREAT:
        for province, d in position.dislodged.items():
            if d.piece.power not in out:
                continue
            src = godip_id(d.piece.unit.location)
            free = [dst for dst in _destinations(gmap, d.piece.unit)
                    if dst.split("/")[0] not in {godip_id(p) for p in position.units}
                    and dst.split("/")[0] not in {godip_id(p) for p in position.standoffs}
                    and dst.split("/")[0] != godip_id(d.attacker_origin or "")]
            orders = {"Disband": _node("OrderType", {src: _node("SrcProvince")})}
            if free:
                orders["Move"] = _node("OrderType", {src: _node("SrcProvince", _leaves(free))})
            out[d.piece.power][godip_id(province)] = _node("Province", dict(sorted(orders.items())))
    else:
        for power, balance in adjustments_due(position).items():
            if power not in out:
                continue
            if balance > 0:
                for home in sorted(gmap.home_centres(power)):
                    if position.centres.get(home) == power and home not in position.units:
                        builds = {}
                        if gmap.can_stand(variant.unit_kinds[0], home):
                            builds[godip_id(home)] = _node("SrcProvince", {"Army": _node("UnitType")})
                        for loc in gmap.fleet_locations(home):
                            builds.setdefault(godip_id(loc), _node("SrcProvince"))["Next"]["Fleet"] = _node("UnitType")
                        if builds:
                            out[power][godip_id(home)] = _node("Province", {"Build": _node("OrderType", builds)})
            elif balance < 0:
                for province, piece in position.units.items():
                    if piece.power == power:
                        src = godip_id(piece.unit.location)
                        out[power][godip_id(province)] = _node(
                            "Province", {"Disband": _node("OrderType", {src: _node("SrcProvince")})})
    return {n: dict(sorted(v.items())) for n, v in out.items()}


def _movement(gmap: Any, position: Position, piece: Any) -> dict[str, Any]:
    unit = piece.unit
    src = godip_id(unit.location)
    orders: dict[str, Any] = {"Hold": _node("OrderType", {src: _node("SrcProvince")})}
    moves = _destinations(gmap, unit)
    convoyed = _convoy_reach(gmap, position, unit) if unit.kind.letter == "A" else set()
    if moves or convoyed:  # godip's Move lists an army's convoyed destinations too (PossibleMoves, allowConvoy)
        orders["Move"] = _node("OrderType", {src: _node("SrcProvince", _leaves([*moves, *map(godip_id, convoyed)]))})
    if convoyed:
        orders["MoveViaConvoy"] = _node("OrderType", {src: _node("SrcProvince", _leaves(map(godip_id, convoyed)))})
    reach = {m.split("/")[0] for m in moves}
    supports: dict[str, Any] = {}
    for other_province, other in position.units.items():
        if other is piece:
            continue
        targets = set()
        if godip_id(other_province) in reach:
            targets.add(godip_id(other_province))
        for dst in _destinations(gmap, other.unit):
            if dst.split("/")[0] in reach and dst.split("/")[0] != godip_id(unit.province):
                targets.add(dst.split("/")[0])
        if targets:
            supports[godip_id(other_province)] = _node("Province", _leaves(targets))
    if supports:
        orders["Support"] = _node("OrderType", {src: _node("SrcProvince", dict(sorted(supports.items())))})
    if unit.kind.letter == "F" and gmap.is_sea(unit.province):
        convoys: dict[str, Any] = {}
        for other_province, other in position.units.items():
            if other.unit.kind.letter == "A":
                dests = _convoy_reach(gmap, position, other.unit, through=unit.province)
                if dests:
                    convoys[godip_id(other_province)] = _node("Province", _leaves(map(godip_id, dests)))
        if convoys:
            orders["Convoy"] = _node("OrderType", {src: _node("SrcProvince", dict(sorted(convoys.items())))})
    return dict(sorted(orders.items()))
