"""Which Hitchhiker's Guide boards cannot arise in a game (a case's start board): the reader's check.

A board is impossible when a piece stands where it never can (a hitch-hiker or an army at sea,
rule 6; a fleet inland; a bubble-car at sea unless ``bubble_sea=yes``), a power holds a kind it
can never have (only the Hitch-hiker has hitch-hikers, only the Vogon ships, the Hitch-hiker no
other kind: rules 5-7, nobody captures units), Marvin or Zaphod is on the board twice (rule 8:
one of each), or Marvin shares a province with a unit that is not retreating (rule 9: a unit he
moves in on retreats, and units refuse to move to him). Hitch-hikers sharing a province with
another unit are refused by the case reader itself (the kinds' ``shares_with``).
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from dipsat.model.types import Piece, Position
from dipsat.variants.hitchhiker.kinds import BUBBLE_CAR, MARVIN_UNIT, ZAPHOD_UNIT, kind_problem

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["hitchhiker_board_problem"]


def hitchhiker_board_problem(variant: Variant, position: Position) -> tuple[tuple[str, ...], str] | None:
    """``(provinces, why)`` for the first thing on ``position`` no game of the variant reaches, or ``None``."""
    standing = [*position.units.values(), *(p for stack in position.stacked.values() for p in stack)]
    pieces = [*standing, *(d.piece for d in position.dislodged.values())]
    board = variant.board(position)
    wanderers: dict[str, list[Piece]] = defaultdict(list)
    for piece in pieces:
        unit, where = piece.unit, piece.unit.province
        if not board.can_stand(unit.kind, where):
            return (where,), f"{piece}: a {unit.kind.name} cannot stand in {board.provinces[where].name} (rules 1, 6)"
        if unit.kind == BUBBLE_CAR and board.is_sea(where) and variant.choice("bubble_sea") == "no":
            return (where,), f"{piece}: a bubble-car stands at sea only with bubble_sea=yes (rule 5, ruling B2)"
        if unit.kind in (MARVIN_UNIT, ZAPHOD_UNIT):
            wanderers[unit.kind.name].append(piece)
        elif unit.kind.owned and (why := kind_problem(piece.power, unit)):
            return (where,), f"{piece}: {why.replace('may not build', 'never has')}"
    for name, found in wanderers.items():
        if len(found) > 1:
            return (found[0].unit.province, found[1].unit.province), f"{name} is on the board twice (rule 8)"
    for marvin in wanderers.get(MARVIN_UNIT.name, ()):
        where = marvin.unit.province
        if [p for p in standing if p.unit.province == where and p.unit.kind.owned]:
            return (where,), (f"Marvin shares {where} with a unit that is not retreating (rule 9: a unit he "
                              f"moves in on retreats; units refuse to move to him)")
    return None
