"""The Hitchhiker's Guide's rule module: option ``bubble_attack=all_half`` (ruling B4).

With the default ``unit_half`` nothing is added: the bubble-car's kind carries its half strength
(attack, defend and prevent 1 at the board's scale 2, where every other unit and every support
weighs 2), so the standard strength sums are exact. Under ``all_half`` the whole strength of a
bubble-car's move is halved: each support given to it weighs 1, not 2. That is a term
``-1 * given[<support>]`` per supporter, named ``half_support[<support>]``, added to the move's
attack, defend and prevent strengths before the ``strengths`` rule builds the sums.

Known limit: the term is shared by the two attack sums of the DATC (with and without the
supports of the defender's power); a support from the defender's own power for a bubble-car's
attack on that power's unit (which counts for nothing against that unit) is still subtracted.
"""
from __future__ import annotations

from typing import Iterable

from dipsat.model.types import SupportMove
from dipsat.solver.phase_model import ATTACK, DEFEND, PREVENT, PhaseModel

__all__ = ["add_half_supports"]


def add_half_supports(pm: PhaseModel, provinces: Iterable[str] = ()) -> None:
    """Halve each support given to the moves of the bubble-cars in ``provinces``."""
    facts = pm.facts
    for src in sorted(provinces):
        if src not in facts.moves:
            continue
        for supporter in facts.move_supports.get(src, []):
            order = facts.orders.get(supporter)
            if not isinstance(order, SupportMove):
                continue
            lit = pm.given(supporter)
            if lit is False:
                continue
            term = -1 if lit is True else -lit
            for kind in (ATTACK, DEFEND, PREVENT):
                pm.add_term((kind, src), "half_support", term, -1, 0)
