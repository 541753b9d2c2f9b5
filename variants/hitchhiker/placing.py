"""Random placements and Zaphod's lasting spells (rules 6, 8, 10; rulings R2, Z2-Z4).

* :func:`place_at_start`: after the Winter 1900 set-up, the Hitch-hiker's four units (each in a
  different land or coastal province holding no unit) and Marvin and Zaphod (each in a different
  province that is no supply centre and holds no unit, sea or land) are drawn, unless the board
  already has them (a case or record that states them); a set-up without the Hitch-hiker (a case
  about some powers only) has no placements.
* :func:`commanded_moves`: each unit Zaphod commands moves at random: one draw among the
  provinces it could move to (never Marvin's), or it holds if there is none.
* :func:`follow`: the spells follow their units as they move, and end with them.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Mapping

from dipsat.model.kinds import Moves
from dipsat.model.reasons import Acted
from dipsat.model.types import Location, Move, Order, OrderResult, Piece, Position, Result, Retreat, Unit
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, HITCHHIKER_UNIT, MARVIN, MARVIN_UNIT, ZAPHOD, ZAPHOD_UNIT
from dipsat.variants.hitchhiker.orders import Event
from dipsat.variants.hitchhiker.randomness import draw, draw_many
from dipsat.variants.hitchhiker.state import HitchState

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap
    from dipsat.variants.hitchhiker.plan import Turn

__all__ = ["place_at_start", "commanded_moves", "commanded_retreats", "follow"]


def place_at_start(gmap: GameMap, board: Position, state: HitchState,
                   stated: dict[str, str]) -> tuple[Position, HitchState, list[OrderResult]]:
    """Draw the starting provinces of the Hitch-hiker's units, Marvin and Zaphod (those absent)."""
    phase = "Winter 1900 Adjustment"
    placed: list[OrderResult] = []
    if HITCH_HIKER not in board.centres.values():  # a board without the Hitch-hiker: a part of a game
        return board, state, placed
    if not any(p.power == HITCH_HIKER for p in board.all_pieces()):
        free = [p for p, prov in gmap.provinces.items() if prov.terrain.value != "sea" and not board.pieces_at(p)]
        chosen, state = draw_many(state, phase, "hitch-hiker placed", free, 4, stated)
        for p in chosen:
            board = board.with_piece(Piece(HITCH_HIKER, Unit(HITCHHIKER_UNIT, Location(p))))
            placed.append(OrderResult(Event(HITCH_HIKER, f"H {p} placed"), Result.SUCCEEDS,  # type: ignore[arg-type]
                                      Acted("succeeds", f"placed at random in {p}", "rule 6")))
    for name, kind, what in ((MARVIN, MARVIN_UNIT, "Marvin placed"), (ZAPHOD, ZAPHOD_UNIT, "Zaphod placed")):
        if any(p.unit.kind == kind for p in board.all_pieces()):
            continue
        free = [p for p in sorted(gmap.provinces) if p not in gmap.supply_centres and not board.pieces_at(p)]
        where, state = draw(state, phase, what, free, stated)
        board = board.with_piece(Piece(name, Unit(kind, Location(where))))
        placed.append(OrderResult(Event(name, f"{name} placed in {where}"), Result.SUCCEEDS,  # type: ignore[arg-type]
                                  Acted("succeeds", f"{name} starts at random in {where}", "rule 8")))
    return board, state, placed


def commanded_moves(gmap: GameMap, position: Position, state: HitchState, turn: Turn,
                    stated: dict[str, str] | None = None) -> tuple[list[Order], HitchState]:
    """Rule 10a: the random move of each unit Zaphod commands (its owner's orders fail). A
    hitch-hiker "may only move by" a lift (rule 6): Zaphod's command gives it no move of its own."""
    found: list[Order] = []
    for province in sorted(state.commanded):
        piece = position.units.get(province)
        if piece is None or piece.unit.kind == HITCHHIKER_UNIT:
            continue
        options = sorted(p for p in gmap.neighbours(piece.unit.kind, piece.unit.location)
                         if p != turn.marvin and gmap.can_move(piece.unit, Location(p)))
        if not options:
            continue
        dest, state = draw(state, str(position.phase), f"commanded move of {piece.unit}", options, stated)
        location = Location(dest)
        if piece.unit.kind.uses_coasts:
            reach = gmap.coasts_reachable(piece.unit.location, dest)
            location = reach[0] if reach else location
        found.append(Move(piece.power, piece.unit, location))
    return found, state


def commanded_retreats(gmap: GameMap, position: Position, state: HitchState, marvin: str | None,
                       legal: Callable[[Retreat], bool], stated: dict[str, str] | None = None
                       ) -> tuple[list[Retreat], HitchState]:
    """Rule 10a in a retreat phase (option ``commanded_retreat=random``): each dislodged unit Zaphod
    commands retreats to a province drawn among its legal retreats (``legal``: the standard
    retreat rules; never Marvin's province); with none, it gets no retreat and is disbanded."""
    found: list[Retreat] = []
    for province in sorted(state.commanded):
        d = position.dislodged.get(province)
        if d is None or d.piece.unit.kind == HITCHHIKER_UNIT:
            continue
        unit = d.piece.unit
        options = sorted(p for p in gmap.neighbours(unit.kind, unit.location)
                         if p != marvin and legal(Retreat(d.piece.power, unit, Location(p))))
        if options:
            dest, state = draw(state, str(position.phase), f"commanded retreat of {unit}", options, stated)
            found.append(Retreat(d.piece.power, unit, Location(dest)))
    return found, state


def follow(state: HitchState, moves: Mapping[str, str], board: Position,
           drop: frozenset[str] = frozenset()) -> HitchState:
    """Zaphod's spells after units moved (``origin -> destination``): each follows its unit; a
    spell whose unit is gone ends; ``drop``: sunglasses taken off."""
    def moved(provinces: frozenset[str]) -> frozenset[str]:
        out = set()
        for p in provinces:
            q = moves.get(p, p)
            if board.units.get(q) is not None or q in board.dislodged:
                out.add(q)
        return frozenset(out)
    return replace(state, commanded=moved(state.commanded), gargled=moved(state.gargled),
                   sunglasses=moved(state.sunglasses - drop))
