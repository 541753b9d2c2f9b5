"""A complete search in Python over a phase's constraint model, for the few phases propagation
leaves open (a cycle of the decision graph: DATC 5.B.9).

Depth first: branch on an open variable, each value of its domain in turn; propagate the model
(:meth:`~dipsat.solver.constraints.ConstraintModel.propagate_from`) from those bounds; backtrack
on a conflict. With every variable fixed, propagation has checked every constraint, so a leaf
that propagates without a conflict is a solution. The decisions are branched on first: below a
point where every decision is fixed, one completion is enough (a second one would have the same
decisions), so the search goes back up to the last decision it branched on.

It finds at most two solutions, with different decisions: what
:func:`~dipsat.solver.paradox.count_resolutions` needs to tell none, one or several consistent
resolutions. The models that reach it are small (a cycle or two of a folded model), so each
node propagates the whole model again from its bounds. A budget of nodes bounds the work; past
it :class:`Exhausted` is raised and CP-SAT solves the model, so a pathological model is still
solved, only not in Python.
"""
from __future__ import annotations

from typing import Sequence

from dipsat.solver.constraints import ConstraintModel

NODES = 10_000
"""The most nodes (propagations) a search may visit before it gives the model to CP-SAT: far above
what the data needs (a circular movement takes a few)."""


class Exhausted(Exception):
    """The search visited :data:`NODES` nodes without settling the model."""


def solutions(model: ConstraintModel, lb: list[int], ub: list[int], decisions: Sequence[int],
              most: int = 2) -> list[list[int]]:
    """Up to ``most`` solutions of ``model`` (every variable's value, by index) below the bounds
    ``lb``, ``ub`` (a fixpoint of propagation), no two with the same values of the variables
    ``decisions``; found in a fixed order, so the same model gives the same solutions.

    Raises:
        Exhausted: more than :data:`NODES` nodes were needed.
    """
    search = _Search(model, decisions, len(lb), most)
    search.branch(lb, ub)
    return search.found


class _Search:
    """One search's state. Methods, not nested functions: a nested function that calls itself
    refers to itself through its closure, a reference cycle holding the model, which a replay
    (it freezes what each task leaves alive: :mod:`dipsat.replay.collector`) would never free."""

    __slots__ = ("model", "decisions", "rest", "most", "budget", "found")

    def __init__(self, model: ConstraintModel, decisions: Sequence[int], variables: int, most: int) -> None:
        self.model = model
        self.decisions = decisions
        branched = set(decisions)
        self.rest = [v for v in range(variables) if v not in branched]
        self.most = most
        self.budget = NODES
        self.found: list[list[int]] = []

    def fixed_below(self, lb: list[int], ub: list[int], v: int, value: int) -> tuple[list[int], list[int]] | None:
        """Propagate from ``lb``, ``ub`` with variable ``v`` fixed to ``value`` (one node)."""
        if self.budget <= 0:
            raise Exhausted(f"more than {NODES} nodes")
        self.budget -= 1
        lb, ub = list(lb), list(ub)
        lb[v] = ub[v] = value
        return self.model.propagate_from(lb, ub)

    def complete(self, lb: list[int], ub: list[int]) -> list[int] | None:
        """One solution below these bounds (every decision fixed), or ``None``."""
        for v in self.rest:
            if lb[v] != ub[v]:
                break
        else:
            return lb
        for value in range(lb[v], ub[v] + 1):
            bounds = self.fixed_below(lb, ub, v, value)
            if bounds is not None:
                solution = self.complete(*bounds)
                if solution is not None:
                    return solution
        return None

    def branch(self, lb: list[int], ub: list[int]) -> bool:
        """Search below these bounds; ``True`` once ``most`` solutions are found."""
        for v in self.decisions:
            if lb[v] != ub[v]:
                break
        else:
            solution = self.complete(lb, ub)
            if solution is not None:
                self.found.append(solution)
            return len(self.found) >= self.most
        for value in range(lb[v], ub[v] + 1):
            bounds = self.fixed_below(lb, ub, v, value)
            if bounds is not None and self.branch(*bounds):
                return True
        return False
