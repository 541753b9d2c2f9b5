"""The facts of one movement phase, fixed before any model is built: each given order's verdict
(legal, illegal, invalid), the orders in force and what is known about each move.

:mod:`dipsat.solver.legality` finds them (:func:`~dipsat.solver.legality.check_orders`); the
rule options of :mod:`dipsat.solver.order_choices` and the phase model read them.
"""
from __future__ import annotations

from dataclasses import field
from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.kinds import Strengths
from dipsat.model.types import Convoy, Location, Move, Order, Piece, Position, SupportHold, SupportMove
from dipsat.model.values import value_class
from dipsat.solver.hooks import Removal
from dipsat.solver.options import Rules

__all__ = ["LEGAL", "ILLEGAL", "INVALID", "Verdict", "MoveFacts", "Facts"]

LEGAL, ILLEGAL, INVALID = "legal", "illegal", "invalid"


@value_class(frozen=False)
class Verdict:
    """What the checks said of one given order."""

    order: Order
    status: str
    reason: str = ""
    key: str | None = None
    """The model key of a further piece of a stack the order is for (:attr:`Facts.slots`), or
    ``None``: the order is for the unit in its province."""


@value_class(frozen=False)
class MoveFacts:
    """A legal move and what is fixed about it before the resolution."""

    order: Move
    piece: Piece
    src: str
    dest: str
    dest_location: Location
    """Where the unit ends if it moves: a coast for a kind that uses coasts, else the province."""
    convoyed: bool
    routes: list[tuple[str, ...]] = field(default_factory=list)
    blocked: str = ""
    """Why the move cannot be carried out though the order is legal as written (it fails)."""
    off_graph: bool = False
    """A variant's move off the adjacency graph (a teleport, a flight): never convoyed, never a
    head-to-head battle, and the unit it dislodges may retreat to its origin as after a convoy."""


@value_class(frozen=False, slots=False)
class Facts:
    """The orders in force for one movement phase: a throwaway working object."""

    gmap: GameMap
    position: Position
    rules: Rules
    verdicts: list[Verdict]
    orders: dict[str, Order]
    """Province -> the order the unit there carries out (``Hold`` when it has no legal one)."""
    generated: list[Order]
    moves: dict[str, MoveFacts] = field(default_factory=dict)
    supports: dict[str, SupportHold | SupportMove] = field(default_factory=dict)
    convoys: dict[str, Convoy] = field(default_factory=dict)
    attackers: dict[str, list[str]] = field(default_factory=dict)
    """Province -> origins of the moves into it, sorted."""
    opponent: dict[str, str] = field(default_factory=dict)
    """Origin -> origin of the head-to-head opponent: two moves over land into each other."""
    beaten_by: dict[str, str] = field(default_factory=dict)
    """Origin -> origin of the opposite move that, when it succeeds, leaves this move no prevent
    strength: the head-to-head opponent, or any opposite move (option ``dislodged_effect``)."""
    move_supports: dict[str, list[str]] = field(default_factory=dict)
    """Origin of a move -> provinces of the units giving it a valid support."""
    hold_supports: dict[str, list[str]] = field(default_factory=dict)
    """Province -> provinces of the units giving its unit a valid support to hold."""
    off_graph: Mapping[str, str] = field(default_factory=dict)
    """Variant hook: province -> the one destination its unit may move to whatever the adjacency."""
    allied: set[frozenset[str]] = field(default_factory=set)
    """Variant hook: pairs of moves (by origin) into one province that do not stand each other off
    (the Hitchhiker's hitch-hikers may end a move together); empty in the standard game."""
    strengths: Mapping[str, Strengths] | None = None
    """Province -> its unit's strengths at the board's scale; ``None`` when every unit is a
    standard army or fleet at scale 1 (every strength 1, every support 1: the common case)."""
    removed: Removal | None = None
    """Variant hook: units removed before the orders are carried out (see :class:`~dipsat.solver.hooks.Removal`)."""
    removed_convoys: list[Convoy] = field(default_factory=list)
    """The legal convoy orders of the removed fleets: they make routes, never available ones."""
    slots: dict[str, str] = field(default_factory=dict)
    """Variant hook: the model key of a further piece of a stack (``Position.stacked``) given an
    order of its own, ``par#2`` for the first further piece in Paris -> its province. Such a
    piece moves, supports and is attacked as any unit, but stands in its province: an attack on
    the province is an attack on it, and it is dislodged with the stack; empty in the standard game."""
    pieces: dict[str, Piece] = field(default_factory=dict)
    """The piece of each key of :attr:`slots`."""
    stacks: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Variant hook: province -> the keys of the moves of the further pieces of the stack there
    (``Position.stacked``) when its unit moves too: the province is left only when every one of
    them succeeds (:meth:`~dipsat.solver.phase_model.PhaseModel.leaves`); empty in the standard game."""
    carriers: Mapping[str, str] = field(default_factory=dict)
    """Variant hook: the key of a move carried by another unit (the Hitchhiker's lift) -> the
    province of the unit that carries it. The move has a path only while its carrier's carrying
    is available (``path[...]`` and ``available[...]`` literals, as for a convoy; the rule module
    :func:`~dipsat.solver.rules.carried.add_carried_paths` defines them); empty in the standard game."""

    def owner(self, province: str) -> str | None:
        """The power of the unit in ``province``, or ``None``."""
        piece = self.position.units.get(province)
        return piece.power if piece else None

    def piece(self, key: str) -> Piece:
        """The piece of a model key: the unit in a province, or a further piece of a stack."""
        found = self.position.units.get(key)
        return found if found is not None else self.pieces[key]

    def province(self, key: str) -> str:
        """The province of a model key (itself, unless a further piece's key)."""
        return self.slots.get(key, key) if self.slots else key
