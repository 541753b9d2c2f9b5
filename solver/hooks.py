"""Variant hooks of the legality checks, in values the core understands.

* :class:`Removal`: units a variant's rule takes off the board after the orders were written,
  before they are carried out (Vain Star's Thief, The Gathering's Sudden Death).
* :func:`take_slots`: further pieces of a stack (``Position.stacked``) given orders of their own,
  each under its own model key (``par#2``) in its own province (the Hitchhiker's Guide's stacks).
"""
from __future__ import annotations

from typing import Mapping, Sequence

from dipsat.model.kinds import ARMY, FLEET, Strengths
from dipsat.model.types import Convoy, Piece, Position
from dipsat.model.values import value_class

__all__ = ["Removal", "take_slots"]


@value_class(slots=False)
class Removal:
    """Units a variant's rule takes off the board after the orders were written, before they
    are carried out (Vain Star's Thief, The Gathering's Sudden Death).

    The other orders are judged legal on the board they were written for, the removed fleets on
    it: a move by convoy through a removed fleet, and a support of that move, are legal. The
    removed fleets' own ``convoys`` count as ordered, so the routes through them are the move's
    routes; but a removed fleet convoys nothing: its convoy is never available (the model's
    ``available`` is the constant False, :meth:`~dipsat.solver.phase_model.PhaseModel.available`).
    The army's move then fails for want of a path, its support is given to a move that fails or
    cut, all out of the equations, as when a convoying fleet is dislodged.
    """

    pieces: Mapping[str, Piece]
    """Province -> the unit removed from it."""
    convoys: tuple[Convoy, ...] = ()
    """The convoy orders the removed fleets were given."""
    how: str = ""
    """How they were removed, for the reasons: ``by a Thief``."""


def take_slots(position: Position, keys: Sequence[str], scale: int,
               strengths: dict[str, Strengths] | None) -> tuple[dict[str, str], dict[str, Piece], dict[str, Strengths] | None]:
    """The further pieces of stacks named by the keys ``par#2``, ``par#3``... (``#2``: the first
    piece of ``position.stacked[par]``): key -> province, key -> piece, and the strengths by key
    (the units' ``strengths`` with the pieces' added; ``None`` while every one is a standard army or
    fleet at scale 1)."""
    slots: dict[str, str] = {}
    pieces: dict[str, Piece] = {}
    for key in keys:
        province, _, n = key.partition("#")
        here = position.stacked.get(province, ())
        if not n.isdigit() or not 2 <= int(n) <= len(here) + 1:
            raise ValueError(f"no further piece {key} in {province}: {len(here)} stacked there")
        slots[key] = province
        pieces[key] = here[int(n) - 2]
    if strengths is None and any(p.unit.kind is not ARMY and p.unit.kind is not FLEET for p in pieces.values()):
        strengths = {p: pc.unit.kind.at_scale(scale) for p, pc in position.units.items()}
    if strengths is not None:
        strengths.update((k, pc.unit.kind.at_scale(scale)) for k, pc in pieces.items())
    return slots, pieces, strengths
