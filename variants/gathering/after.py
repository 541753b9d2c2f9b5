"""What the cards do after the orders: Teleports after movement and combat, Black Holes at the
end of the season (rule 2), and the marks that follow each unit.

* Teleport: "provided it is vacant after movement and combat": the destination holds no unit
  once the moves are made (a dislodged unit is leaving); two Teleports into one space both
  fail; a dislodged unit may teleport (it is then no longer dislodged); the unit must be able
  to stand there (an army at sea only if it walks on water, a fleet inland only if it sails on
  land; a fleet into a split-coast province names the coast); a unit turned to stone, or out
  of its element, does not teleport. Retreats are then judged on the board after the Teleports.
* Black Hole: each unit in the space at the end of the season (after the retreats), unless a
  Mystical Shield was played on it that season, is removed and placed on a location drawn by
  the game's generator among the vacant ones at least three moves (along any edge) from the
  hole, fleets not inland, armies not at sea, not in a Black Hole; with none, it is destroyed.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import ARMY
from dipsat.model.reasons import Acted
from dipsat.model.types import (
    Disband, Dislodged, Location, OrderResult, Phase, PhaseKind, Piece, Position, Result, Retreat, Unit,
)
from dipsat.solver.movement import retreat_options
from dipsat.solver.phase_model import DISLODGED, MOVES, PREVENT
from dipsat.solver.resolution import Resolution
from dipsat.variants.gathering.decks import draw
from dipsat.variants.gathering.orders import PlayCard
from dipsat.variants.gathering.state import NO_MARKS, GatheringState, Marks

__all__ = ["Outcome", "after_movement", "swallow", "stranded", "follow"]


def stranded(gmap: GameMap, unit: Unit) -> bool:
    """Out of its element (rule 2, Mystical Shield): standing where its kind may not stand (an
    army at sea that does not walk on water, a fleet inland that does not sail on land)."""
    return not gmap.can_stand(unit.kind, unit.province)


def _can_stand(gmap: GameMap, unit: Unit, dest: Location) -> str:
    if not gmap.can_stand(unit.kind, dest.province):
        return f"{'an army' if unit.kind.base_kind() is ARMY else 'a fleet'} of its kind cannot stand in {dest.province}"
    if unit.kind.uses_coasts and not dest.coast and gmap.provinces[dest.province].coasts:
        return f"a fleet teleporting to {dest.province} names its coast"
    return ""


class Outcome:
    """The board after movement, combat and Teleports, and what happened to each unit."""

    def __init__(self, position: Position, fates: dict[str, str], teleports: dict[int, tuple[bool, str]],
                 where: dict[str, str | None], state: GatheringState) -> None:
        self.position = position
        self.fates = fates
        """Province at the start -> ``dislodged`` or ``destroyed``."""
        self.teleports = teleports
        self.where = where
        """Province at the start -> where the unit is now (``None``: gone; a dislodged unit: its province)."""
        self.state = state


def after_movement(gmap: GameMap, board: Position, res: Resolution, state: GatheringState,
                   teleports: list[tuple[int, PlayCard]], season: int) -> Outcome:
    """Apply the Teleports to the board the moves left; then each dislodged unit's retreats."""
    facts, solution = res.model.facts, res.values  # type: ignore[union-attr]

    def moved(p: str) -> bool:
        return p in facts.moves and bool(solution.decisions.get((MOVES, p), False))

    dislodged = {p for p in board.units if solution.decisions.get((DISLODGED, p), False)}
    units: dict[str, Piece] = {}
    where: dict[str, str | None] = {}
    for p, piece in board.units.items():
        if p in dislodged:
            where[p] = p
        elif moved(p):
            dest = facts.moves[p]
            units[dest.dest] = res.after.units[dest.dest]
            where[p] = dest.dest
        else:
            units[p] = piece
            where[p] = p
    results: dict[int, tuple[bool, str]] = {}
    wanted: dict[int, tuple[str, Location]] = {}
    for i, o in teleports:
        origin = o.unit.province  # type: ignore[union-attr]
        dest = o.path[0]
        piece = board.units.get(origin)
        marks = state.marks_of(origin)
        now = where.get(origin)
        if piece is None or now is None:
            results[i] = (False, f"no unit of {o.power} in {origin} any more")
        elif marks.stone(season):
            results[i] = (False, f"{piece.unit} is turned to stone and stands")
        elif stranded(gmap, piece.unit):
            results[i] = (False, f"{piece.unit} is out of its element and may not move")
        elif why := _can_stand(gmap, piece.unit, dest):
            results[i] = (False, why)
        elif dest.province in units:
            results[i] = (False, f"{dest.province} is not vacant after movement and combat")
        else:
            wanted[i] = (origin, dest)
    for i, (origin, dest) in wanted.items():
        if any(d.province == dest.province for j, (_, d) in wanted.items() if j != i):
            results[i] = (False, f"another unit teleports to {dest.province} too")
    for i, (origin, dest) in sorted(wanted.items()):
        if i in results:
            continue
        piece = board.units[origin]
        now = where[origin]
        if origin not in dislodged:
            units.pop(now, None)  # type: ignore[arg-type]
        units[dest.province] = Piece(piece.power, Unit(piece.unit.kind, dest if piece.unit.kind.uses_coasts
                                                       else Location(dest.province)))
        was = "dislodged, " if origin in dislodged else ""
        dislodged.discard(origin)
        where[origin] = dest.province
        results[i] = (True, f"{was}{piece.unit} teleports to {dest} after movement and combat")
    standoffs = {d for d, origins in facts.attackers.items() if d not in units
                 and any(solution.strengths.get((PREVENT, o), 0) > 0 for o in origins)}
    waiting: dict[str, Dislodged] = {}
    fates: dict[str, str] = {}
    for p in sorted(dislodged):
        piece = board.units[p]
        origin = next(o for o in facts.attackers[p] if moved(o))
        convoyed = facts.moves[origin].convoyed or facts.moves[origin].off_graph
        stuck = stranded(gmap, piece.unit) or state.marks_of(p).stone(season)
        options = [] if stuck else retreat_options(
            gmap, piece.unit, units, standoffs,
            None if convoyed and facts.rules.retreat_to_convoy_origin == "allowed" else origin)
        if options:
            waiting[p] = Dislodged(piece, origin, convoyed)
            fates[p] = "dislodged"
        else:
            fates[p] = "destroyed"
            where[p] = None
    phase = Phase(board.phase.year, board.phase.season, PhaseKind.RETREAT if waiting else PhaseKind.MOVEMENT)
    after = replace(res.after, phase=phase, units=units, centres=board.centres, dislodged=waiting,
                    standoffs=frozenset(standoffs) if waiting else frozenset())
    marks = {where[p]: m for p, m in state.marks.items() if where.get(p) and p not in waiting}
    retreating = {p: state.marks_of(p) for p in waiting}
    return Outcome(after, fates, results, where, replace(state, marks=marks, retreating=retreating))


def follow(marks: Mapping[str, Marks], moves: Mapping[str, str | None], season: int) -> dict[str, Marks]:
    """The marks after units moved (province -> new province, ``None``: gone), ended ones dropped."""
    out: dict[str, Marks] = {}
    for p, m in marks.items():
        dest = moves.get(p, p)
        if dest is not None and (m := m.current(season)):
            out[dest] = m
    return out


def swallow(gmap: GameMap, position: Position, state: GatheringState, season: int,
            from_start: bool = False) -> tuple[Position, GatheringState, list[OrderResult]]:
    """Black Holes at the end of the season (see the module docstring); with ``from_start``
    (option ``black_hole_from=start``) the three spaces are counted from where the unit began the
    season."""
    units = dict(position.units)
    marks = dict(state.marks)
    events: list[OrderResult] = []
    victims = [(h, units.pop(h)) for h in sorted(state.holes)
               if h in units and marks.get(h, NO_MARKS).shielded != season]
    for hole, piece in victims:
        m = marks.pop(hole, NO_MARKS)
        origin = state.starts.get(hole, hole) if from_start else hole
        places = _places(gmap, piece.unit, units, state.holes, origin)
        if not places:
            events.append(OrderResult(Disband(piece.power, piece.unit), Result.SUCCEEDS,
                                      Acted("succeeds", f"swallowed by the Black Hole in {hole}; no vacant place at "
                                      "least three spaces away: destroyed")))
            continue
        pick, state = draw(state, f"{piece.unit} swallowed by the Black Hole in {hole} reappears in",
                           [str(x) for x in places])
        loc = next(x for x in places if str(x) == pick)
        units[loc.province] = Piece(piece.power, Unit(piece.unit.kind, loc))
        if m:
            marks[loc.province] = m
        events.append(OrderResult(Retreat(piece.power, piece.unit, loc), Result.SUCCEEDS,
                                  Acted("succeeds", f"swallowed by the Black Hole in {hole}; reappears in {loc} "
                                  f"({state.draws[-1]})")))
    return replace(position, units=units), replace(state, marks=marks, holes=frozenset(), starts={}), events


def _places(gmap: GameMap, unit: Unit, units: Mapping[str, Piece], holes: frozenset[str],
            origin: str) -> list[Location]:
    found = []
    for pid in sorted(gmap.provinces):
        if pid in units or pid in holes or gmap.distance(origin, [pid], unit.kind.base_kind()) < 3:
            continue
        if unit.kind.base_kind() is ARMY:
            if not gmap.is_sea(pid):
                found.append(Location(pid))
        elif unit.kind.uses_coasts:
            found.extend(gmap.fleet_locations(pid))
        elif not gmap.is_land(pid):
            found.append(Location(pid))
    return found
