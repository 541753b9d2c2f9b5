"""The adjudicator as a pure function: (map, position, orders, rules) -> Resolution."""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Order, PhaseKind, Position
from dipsat.solver.adjustment import adjudicate_adjustments
from dipsat.solver.movement import adjudicate_movement
from dipsat.solver.options import DATC, Rules
from dipsat.solver.phases import after_adjustments, after_movement, after_retreats
from dipsat.solver.resolution import Resolution
from dipsat.solver.retreat import adjudicate_retreats
from dipsat.solver.rules import MOVEMENT_RULES, Rule


# read once: on CPython 3.11 an enum class's attribute (PhaseKind.RETREAT) goes through
# EnumType.__getattr__'s slow hook, ~900 instructions a read
_MOVEMENT, _RETREAT = PhaseKind.MOVEMENT, PhaseKind.RETREAT


def adjudicate(gmap: GameMap, position: Position, orders: Sequence[Order], rules: Rules = DATC,
               movement_rules: Mapping[str, Rule] = MOVEMENT_RULES, *, advance: bool = True) -> Resolution:
    """Resolve one phase of any kind.

    With ``advance`` the resolution's ``after`` is the board at the next phase to be played
    (empty phases skipped, centres updated after Fall); without it, the board right after this
    phase, still at this phase (a movement phase's dislodged units then wait in it).
    """
    kind = position.phase.kind
    if kind is _MOVEMENT:
        res = adjudicate_movement(gmap, position, orders, rules, movement_rules)
        nxt = after_movement(gmap, res.after) if advance else res.after
    elif kind is _RETREAT:
        res = adjudicate_retreats(gmap, position, orders, rules)
        nxt = after_retreats(gmap, res.after) if advance else res.after
    else:
        res = adjudicate_adjustments(gmap, position, orders, rules)
        nxt = after_adjustments(res.after) if advance else res.after
    return res if nxt is res.after else replace(res, after=nxt)
