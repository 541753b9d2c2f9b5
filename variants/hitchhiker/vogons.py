"""Rule 7 and rule 12: the Vogon destructor ships' own step, after the normal moves.

In the normal step a ship only stands (its move waits for this step): a unit whose move enters a
ship's province is destroyed (rule 12), and nothing dislodges a ship. Then each ship's move
(rulings V1-V8 of ``docs/variants/hitchhiker.md``), simultaneously, on the board the normal step
left (units waiting to retreat play no part):

* two ships into one province, or two ships exchanging places, stand each other off (supports
  between ships change nothing: rule 7d's "futile"); under ``ships_meet=destroyed`` they meet and
  destroy each other (rule 7c);
* into a Vogon-proof centre (the Vogon's six homes, the centres made so by an NBO) or onto a
  hitch-hiker: the ship is destroyed, and so is a unit adjacent to the ship drawn at random
  (rule 7a; hitch-hikers, Marvin and Zaphod are never drawn);
* into a province where another unit stays: both are destroyed (rule 7c);
* into an empty (or vacated) centre that is not Vogon-proof: the centre is destroyed for the rest
  of the game (rule 7b: an ordinary province from then on) and the ship stands there;
* anywhere else: the ship moves.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Sequence

from dipsat.model.board import Lasting, RemoveCentre, apply_change
from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted
from dipsat.model.types import Hold, Location, Move, OrderResult, Piece, Position, Result, StackError, Tag, Unit
from dipsat.variants.hitchhiker.kinds import DESTRUCTOR, HITCHHIKER_UNIT, VOGON
from dipsat.variants.hitchhiker.randomness import draw
from dipsat.variants.hitchhiker.state import HitchState

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["ShipStep", "ship_move_problem", "vogon_proof", "play_ships", "meet_hitchhikers", "ships_retreat"]


@dataclass
class ShipStep:
    """The outcome of the ships' step (a throwaway value)."""

    board: Position
    state: HitchState
    results: dict[int, OrderResult] = field(default_factory=dict)
    generated: list[OrderResult] = field(default_factory=list)


def vogon_proof(gmap: GameMap, state: HitchState) -> frozenset[str]:
    """The Vogon-proof centres: the Vogon's original homes (rule 7d) and the NBO centres."""
    return frozenset(gmap.home_centres(VOGON)) | state.vogon_proof


def ship_move_problem(gmap: GameMap, position: Position, move: Move) -> str:
    """Why a ship's move is illegal, or ``""``: it moves along any edge, land or sea (rule 7)."""
    piece = position.units.get(move.unit.province)
    if piece is None or piece.unit.kind != DESTRUCTOR or piece.power != move.power:
        return f"no destructor ship of {move.power} in {move.unit.province}"
    if move.via_convoy:
        return "a destructor ship is not convoyed"
    if move.dest.province not in gmap.neighbours(DESTRUCTOR, piece.unit.location, Moves.ANY_EDGE):
        return f"a destructor ship in {move.unit.province} cannot reach {move.dest.province}"
    return ""


def _victims(gmap: GameMap, board: Position, origin: str) -> list[str]:
    """Provinces next to ``origin`` holding a unit that may be the random victim of rule 7a."""
    found = []
    for p in sorted(gmap.neighbours(DESTRUCTOR, Location(origin), Moves.ANY_EDGE)):
        piece = board.units.get(p)
        if piece is not None and piece.unit.kind.owned and piece.unit.kind != HITCHHIKER_UNIT:
            found.append(p)
    return found


def meet_hitchhikers(gmap: GameMap, board: Position, state: HitchState, arrivals: Sequence[tuple[int, Any, Piece]],
                     ship_moves: list[tuple[int, Move]], stated: dict[str, str], phase: str) -> ShipStep:
    """Option ``lift_into_ship=ship_destroyed`` (rule 7d "Hitch-hikers are Vogon-proof (as in a))"):
    each hitch-hiker lifted into a ship's province, ``(index, its lift, piece)``, taken off the
    board before the normal step, arrives after it; the ship there is destroyed with a unit next to
    it drawn at random (7a), and its own move, held back for the ships' step, is dropped from
    ``ship_moves`` (it fails, destroyed)."""
    step = ShipStep(board, state)
    held = {m.unit.province: (i, m) for i, m in ship_moves}
    for i, move, piece in arrivals:
        dest = move.dest.province
        ship = step.board.units.get(dest)
        why = "the hitch-hiker is Vogon-proof"
        if ship is not None and ship.unit.kind == DESTRUCTOR:
            step.board = step.board.without_piece(ship)
            if dest in held:
                j, own = held.pop(dest)
                ship_moves.remove((j, own))
                step.results[j] = OrderResult(own, Result.FAILS, Acted("fails", f"destroyed by the Vogon-proof "
                                              f"hitch-hiker lifted into {dest}", "rules 7a, 7d"), Tag.DESTROYED)
            else:
                step.generated.append(OrderResult(Hold(ship.power, ship.unit), Result.FAILS, Acted(
                    "fails", f"destroyed by the Vogon-proof hitch-hiker lifted into {dest}", "rules 7a, 7d"), Tag.DESTROYED))
            why += f": the destructor ship in {dest} is destroyed"
            options = _victims(gmap, step.board, dest)
            if options:
                victim, step.state = draw(step.state, phase, f"victim of {ship.unit} (rule 7d)", options, stated)
                hit = step.board.units[victim]
                step.board = step.board.without_piece(hit)
                step.generated.append(OrderResult(Hold(hit.power, hit.unit), Result.FAILS, Acted(
                    "fails", f"destroyed, drawn at random next to {dest}", "rules 7a, 7d"), Tag.DESTROYED))
                why += f", and {hit.unit} with it"
        try:
            step.board = step.board.with_piece(Piece(piece.power, Unit(piece.unit.kind, Location(dest))))
        except StackError as exc:
            step.results[i] = OrderResult(move, Result.FAILS, Acted("fails", f"{why}; it cannot stand there: {exc}"),
                                          Tag.DESTROYED)
            continue
        step.results[i] = OrderResult(move, Result.SUCCEEDS, Acted("succeeds", why, "rules 7a, 7d; option "
                                                                    "lift_into_ship=ship_destroyed"))
    return step


def ships_retreat(gmap: GameMap, board: Position, state: HitchState, retreats: dict[int, OrderResult],
                  stated: dict[str, str], phase: str, victim_near: str = "ship") -> ShipStep:
    """Option ``ship_retreat=effects``: rule 7's effects of "entering" for a ship's successful retreat
    (``retreats``: index -> result, on ``board``, the board after the retreats): into a Vogon-proof
    centre the ship is destroyed with a unit next to it drawn at random (7a: next to the province
    it retreated from, or to the centre under ``vogon_victim=centre``); into any other centre it
    destroys the centre for the rest of the game (7b). (7c cannot arise: a retreat enters an empty
    province.)"""
    step = ShipStep(board, state)
    proof = vogon_proof(gmap, state)
    for i, r in sorted(retreats.items()):
        o = r.order
        origin, dest = o.unit.province, o.dest.province  # type: ignore[attr-defined]
        ship = step.board.units.get(dest)
        if ship is None or ship.unit.kind != DESTRUCTOR:
            continue
        if dest in proof:
            step.board = step.board.without_piece(ship)
            why = f"{dest} is Vogon-proof"
            near = origin if victim_near == "ship" else dest
            options = [p for p in _victims(gmap, step.board, near) if p != dest]
            if options:
                victim, step.state = draw(step.state, phase, f"victim of {o}", options, stated)
                hit = step.board.units[victim]
                step.board = step.board.without_piece(hit)
                step.generated.append(OrderResult(Hold(hit.power, hit.unit), Result.FAILS,
                                                  Acted("fails", f"destroyed, drawn at random next to {near}", "rule 7a"),
                                                  Tag.DESTROYED))
                why += f": {hit.unit} destroyed with it"
            step.results[i] = OrderResult(o, Result.FAILS, Acted("fails", why, "rule 7a; option ship_retreat=effects"),
                                          Tag.DESTROYED)
        elif dest in gmap.supply_centres:
            step.board = apply_change(step.board, Lasting(RemoveCentre(dest)))
            step.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"retreats to {dest}; the centre {dest} is "
                                          "destroyed for the rest of the game", "rule 7b; option ship_retreat=effects"))
    return step


def play_ships(gmap: GameMap, board: Position, state: HitchState, moves: Sequence[tuple[int, Move]],
               stated: dict[str, str], phase: str, victim_near: str = "ship", occupied: str = "unit_only",
               meet: str = "stand_off") -> ShipStep:
    """Carry out the ships' moves ``(index, order)`` on ``board`` in the movement phase ``phase``;
    return board, state, results. ``victim_near`` (option ``vogon_victim``): the victim of rule 7a
    is drawn next to the ``ship`` or next to the ``centre`` it attempted; ``occupied`` (option
    ``vogon_occupied``): ``centre_too`` destroys an occupied centre that is not Vogon-proof with
    the ship and the unit; ``meet`` (option ``ships_meet``): ``destroyed``: ships ordered into one
    province, or exchanging places, destroy each other."""
    step = ShipStep(board, state)
    targets: dict[str, list[int]] = {}
    for i, m in moves:
        targets.setdefault(m.dest.province, []).append(i)
    by_origin = {m.unit.province: (i, m) for i, m in moves}
    bounced: set[int] = set()
    met: set[int] = set()
    for dest, ids in targets.items():
        if len(ids) > 1:
            (met if meet == "destroyed" else bounced).update(ids)
    for origin, (i, m) in by_origin.items():
        back = by_origin.get(m.dest.province)
        if back is not None and back[1].dest.province == origin:
            (met if meet == "destroyed" else bounced).update({i, back[0]})
    met -= bounced
    for i in sorted(bounced):
        m = dict(moves)[i]
        step.results[i] = OrderResult(m, Result.FAILS, Acted("fails", "stood off by another destructor ship", "rule 7"))
    destroyed: set[str] = set()
    for i in sorted(met):
        m = dict(moves)[i]
        destroyed.add(m.unit.province)
        back = by_origin.get(m.dest.province)
        swap = back is not None and back[1].dest.province == m.unit.province
        where = f"on the way to {m.dest.province}" if swap else f"in {m.dest.province}"
        step.results[i] = OrderResult(m, Result.FAILS, Acted("fails", f"destroyed meeting another destructor ship {where}",
                                      "rule 7c; option ships_meet=destroyed"), Tag.DESTROYED)
    bounced |= met
    leaving = {m.unit.province for i, m in moves if i not in bounced}
    proof = vogon_proof(gmap, state)
    start = board
    arrivals: dict[str, Piece] = {}
    for origin, (i, m) in sorted(by_origin.items()):
        if i in bounced:
            continue
        dest = m.dest.province
        ship = start.units[origin]
        stays = start.units.get(dest) if dest not in leaving else None
        if dest in proof or (stays is not None and stays.unit.kind == HITCHHIKER_UNIT):
            why = f"{dest} is Vogon-proof" if dest in proof else f"the hitch-hiker in {dest} is Vogon-proof"
            destroyed.add(origin)
            near = origin if victim_near == "ship" else dest
            options = [p for p in _victims(gmap, start, near) if p not in destroyed and p != origin]
            if options:
                victim, step.state = draw(step.state, phase, f"victim of {m}", options, stated)
                destroyed.add(victim)
                piece = start.units[victim]
                step.generated.append(OrderResult(Hold(piece.power, piece.unit), Result.FAILS,
                                                  Acted("fails", f"destroyed, drawn at random next to {near}", "rule 7a"),
                                                  Tag.DESTROYED))
                why += f": {piece.unit} destroyed with it"
            step.results[i] = OrderResult(m, Result.FAILS, Acted("fails", f"{why}", "rule 7a"), Tag.DESTROYED)
        elif stays is not None:
            destroyed |= {origin, dest}
            step.generated.append(OrderResult(Hold(stays.power, stays.unit), Result.FAILS,
                                              Acted("fails", f"destroyed by {m}", "rule 7c"), Tag.DESTROYED))
            why = Acted("fails", f"destroyed with {stays.unit}", "rule 7c")
            if occupied == "centre_too" and dest in gmap.supply_centres:
                step.board = apply_change(step.board, Lasting(RemoveCentre(dest)))
                why = Acted("fails", f"destroyed with {stays.unit}, and the centre {dest} for the rest of the game",
                            "rules 7b, 7c; option vogon_occupied=centre_too")
            step.results[i] = OrderResult(m, Result.FAILS, why, Tag.DESTROYED)
        else:
            arrivals[dest] = Piece(ship.power, Unit(DESTRUCTOR, Location(dest)))
            if dest in gmap.supply_centres:
                step.board = apply_change(step.board, Lasting(RemoveCentre(dest)))
                step.results[i] = OrderResult(m, Result.SUCCEEDS,
                                              Acted("succeeds", f"the centre {dest} is destroyed for the rest of the game", "rule 7b"))
            else:
                step.results[i] = OrderResult(m, Result.SUCCEEDS, Acted("succeeds"))
    units = dict(step.board.units)
    for origin, (i, m) in by_origin.items():
        if i not in bounced:
            units.pop(origin, None)
    for p in destroyed:
        units.pop(p, None)
    for dest, piece in arrivals.items():
        if dest not in destroyed:
            units[dest] = piece
    step.board = replace(step.board, units=units)
    return step
