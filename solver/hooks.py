"""Variant hooks of the legality checks, in values the core understands.

* :class:`Removal`: units a variant's rule takes off the board after the orders were written,
  before they are carried out (Vain Star's Thief, The Gathering's Sudden Death).
* :func:`take_slots`: further pieces of a stack (``Position.stacked``) given orders of their own,
  each under its own model key (``par#2``) in its own province (the Hitchhiker's Guide's stacks).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping, Sequence

from dipsat.model.kinds import ARMY, FLEET
from dipsat.model.types import Convoy, Piece

if TYPE_CHECKING:
    from dipsat.solver.legality import Facts

__all__ = ["Removal", "take_slots"]


@dataclass(frozen=True)
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


def take_slots(facts: Facts, keys: Sequence[str]) -> None:
    """Fill :attr:`Facts.slots` and :attr:`Facts.pieces` from the keys ``par#2``, ``par#3``... of the
    further pieces given orders (``#2``: the first piece of ``Position.stacked[par]``)."""
    for key in keys:
        province, _, n = key.partition("#")
        pieces = facts.position.stacked.get(province, ())
        if not n.isdigit() or not 2 <= int(n) <= len(pieces) + 1:
            raise ValueError(f"no further piece {key} in {province}: {len(pieces)} stacked there")
        facts.slots[key] = province
        facts.pieces[key] = pieces[int(n) - 2]
    kinds = [p.unit.kind for p in facts.pieces.values()]
    scale = facts.gmap.strength_scale
    if facts.strengths is None and any(k is not ARMY and k is not FLEET for k in kinds):
        facts.strengths = {p: pc.unit.kind.at_scale(scale) for p, pc in facts.position.units.items()}
    if facts.strengths is not None:
        facts.strengths.update((k, pc.unit.kind.at_scale(scale)) for k, pc in facts.pieces.items())  # type: ignore[attr-defined]
