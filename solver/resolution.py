"""The resolution of one phase: a result per order, the next position, and how it was found."""
from __future__ import annotations

from dataclasses import field
from typing import Any

from dipsat.model.types import OrderResult, Position
from dipsat.model.values import value_class
from dipsat.solver.paradox import Paradox


@value_class
class Resolution:
    """What one phase did: the result of every order and the board after it."""

    before: Position
    results: tuple[OrderResult, ...]
    """One result per given order, in the order given."""
    generated: tuple[OrderResult, ...]
    """Orders the adjudicator added: holds for unordered units, disbands, civil disorder."""
    after: Position
    """The board after the phase, at the phase that comes next."""
    paradoxes: tuple[Paradox, ...] = ()
    resolutions: int = 1
    """Consistent resolutions of the phase's equations before any backup rule: 0, 1 or 2+."""
    rules: str = ""
    """The rule options in force, as ``option=choice,...``."""
    model: Any = field(default=None, compare=False, repr=False)
    """The solved :class:`~dipsat.solver.phase_model.PhaseModel` (movement phases), for export."""
    values: Any = field(default=None, compare=False, repr=False)
    """The solved decision and strength values, for explanations."""
    secret: frozenset[int] = frozenset()
    """Indexes of given orders that a public report leaves out (a variant's secret orders whose
    use need not be revealed: Vain Star rule 3)."""

    def result_of(self, order: object) -> OrderResult | None:
        """The result of a given order (the first one equal to ``order``)."""
        for r in self.results:
            if r.order == order:
                return r
        return None
