"""Which Sorcerous boards cannot arise in a game (a case's start board): the reader's check.

A board is impossible when a unit stands where it never can (an army on a sea that is not iced,
a fleet inland: the ice of the board's ``CHANGES`` counts, a fleet caught on ice is stuck there),
a power has two wizards (rule 2b) or a wizard of a kind the option ``wizard_kind`` does not
give it (rule 2a), or a familiar that is not its power's one familiar of its wizard (rule 4:
"only one Familiar at a time"; a familiar dies with its wizard, so none is left without one),
or of a kind the option ``familiar`` does not make.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from dipsat.model.types import Piece, Position
from dipsat.variants.sorcerous.kinds import FAMILIARS, FLEET_WIZARD, is_familiar, is_wizard

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["sorcerous_board_problem"]


def sorcerous_board_problem(variant: Variant, position: Position) -> tuple[tuple[str, ...], str] | None:
    """``(provinces, why)`` for the first thing on ``position`` that no Sorcerous game can reach, or ``None``."""
    pieces = [*position.units.values(), *(d.piece for d in position.dislodged.values()),
              *(p for stack in position.stacked.values() for p in stack)]
    base, in_play = variant.map, variant.board(position)
    wizards: dict[str, list[Piece]] = defaultdict(list)
    familiars: dict[str, list[Piece]] = defaultdict(list)
    for piece in pieces:
        unit, where = piece.unit, piece.unit.province
        if not (base.can_stand(unit.kind, where) or in_play.can_stand(unit.kind, where)):
            terrain = "a sea that is not iced" if base.is_sea(where) else "a province with no coast"
            return (where,), f"{piece} stands on {terrain} (rules 1, 3 Ice)"
        if is_wizard(unit.kind):
            wizards[piece.power].append(piece)
            why = _wizard_kind_problem(variant.choice("wizard_kind"), piece)
            if why:
                return (where,), why
        if is_familiar(unit.kind):
            familiars[piece.power].append(piece)
            choice = variant.choice("familiar")
            if unit.kind.base is not None and unit.kind.letter != FAMILIARS[choice].prefix + unit.kind.base.letter:
                return (where,), (f"{piece}: no familiar is of this kind under familiar={choice} "
                               f"(rule 4, option 'familiar')")
    for power, own in wizards.items():
        if len(own) > 1:
            return ((own[0].unit.province, own[1].unit.province),
                    f"{power} has two wizards, {own[0]} and {own[1]} (rule 2b: one at a time)")
    for power, own in familiars.items():
        if len(own) > 1:
            return ((own[0].unit.province, own[1].unit.province),
                    f"{power} has two familiars, {own[0]} and {own[1]} (rule 4: one at a time)")
        if power not in wizards:
            return (own[0].unit.province,), (f"{own[0]} is a familiar but {power} has no wizard (rule 4: "
                                          f"a familiar dies with its wizard)")
    return None


def _wizard_kind_problem(choice: str, piece: Piece) -> str:
    if piece.unit.kind.letter != FLEET_WIZARD.letter or choice == "either":
        return ""
    if choice == "england_fleet" and piece.power == "England":
        return ""
    allowed = "England's only" if choice == "england_fleet" else "none"
    return (f"{piece}: a fleet wizard under wizard_kind={choice} ({allowed}; rule 2a: a wizard is an army "
            f"unless the option says otherwise)")
