"""Solving a phase model: one solution, a check that it is the only one, and the backup rules.

DATC 5.B.9: a circular dependency may have one, none or several consistent resolutions. One is
taken as it is. With none or several, the orders of the cycle are examined: only moves make a
circular movement (all those moves succeed); a convoying fleet makes a convoy paradox (the
Szykman rule: the convoys of the fleets in the cycle are not available). The cycle is a strongly
connected component of the decision graph; the backup rule is applied to the first paradoxical
component in dependency order, and the phase is solved again, until one resolution remains.
"""
from __future__ import annotations

from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Sequence

from dipsat.model.errors import AdjudicationError
from dipsat.model.values import value_class
from dipsat.solver import route
from dipsat.solver.cycles import is_acyclic
from dipsat.model.on_use import imported
from dipsat.solver.constraints import ORTOOLS_ON_USE, IntVar, LinearExpr
from dipsat.solver.phase_model import AVAILABLE, MOVES, Key, PhaseModel
from dipsat.solver.search import Exhausted, solutions

if TYPE_CHECKING:  # imported where they are used: most phases never reach CP-SAT, only pictures draw graphs
    import networkx as nx
    from ortools.sat.python import cp_model


@value_class(slots=False)
class Paradox:
    """A cycle of the decision graph that had no single consistent resolution."""

    decisions: tuple[str, ...]
    """The decisions of the cycle, by name (``moves[A par - bur]``...), sorted."""
    resolutions: int
    """How many consistent resolutions the cycle had: 0, or 2 meaning two or more."""
    rule: str
    """The backup rule that settled it: ``circular movement`` or ``Szykman``..."""
    fixed: tuple[tuple[str, bool], ...]
    """The decisions the backup rule fixed, by name, with their values."""

    def describe(self) -> str:
        """One line in words."""
        count = "no" if self.resolutions == 0 else "several"
        return (f"{self.rule}: {count} consistent resolutions for the cycle "
                f"{', '.join(self.decisions)}")


@value_class(slots=False)
class Solution:
    """The values of a solved phase model, by the keys of its decisions and strengths
    (``(MOVES, "par")``, ``(ATTACK, "par")``: :mod:`~dipsat.solver.phase_model`)."""

    decisions: dict[Key, bool]
    strengths: dict[Key, int]
    paradoxes: tuple[Paradox, ...]
    resolutions: int
    """Consistent resolutions of the original model: 0, 1 or 2 (two or more)."""
    first: PhaseModel | None = field(default=None, compare=False, repr=False)
    """The model as first built, before any backup rule fixed a decision."""

    @cached_property
    def graph(self) -> nx.DiGraph | None:
        """The decision graph before any backup rule cut a cycle (built when asked for)."""
        return self.first.graph if self.first is not None else None

    @cached_property
    def cycles(self) -> tuple[Paradox, ...]:
        """Every cycle of the decision graph (a strongly connected component), dependencies
        first; a cycle no backup rule touched had exactly one consistent resolution (rule ``""``)."""
        return _cycles(self.first, list(self.paradoxes))


def _tune(parameters: Any) -> Any:
    """CP-SAT's parameters for dipsat's tiny models."""
    parameters.num_workers = 1  # tiny models: one worker is faster and deterministic
    parameters.max_time_in_seconds = 60.0  # a safety net only
    parameters.cp_model_presolve = False  # propagation in Python already did its part
    parameters.linearization_level = 0
    parameters.symmetry_level = 0
    parameters.cp_model_probing_level = 0
    # CP-SAT's own Ctrl-C handler would be installed for the solve and then reset SIGINT to the
    # default action (the process dies with no 'interrupted' line, a half-written file): Python's
    # handler stays, and a Ctrl-C during a solve is a KeyboardInterrupt once it returns.
    parameters.catch_sigint_signal = False
    return parameters


def _solver() -> cp_model.CpSolver:
    """A ``cp_model.CpSolver`` with dipsat's parameters (for models built with ``cp_model``)."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    _tune(solver.parameters)
    return solver


Values = tuple[dict[Key, bool], dict[Key, int]]


def _values(pm: PhaseModel, values: Sequence[int], last: bool = False) -> Values:
    """The decisions and strengths of ``pm`` given every variable's value, by index (``last``:
    the model's strengths are read no more, they are evaluated in their own dict)."""
    decisions = {}
    for k, v in pm.decisions.items():  # a loop: a comprehension makes a function object each time
        decisions[k] = values[v.index] != 0
    # the numbers as they are; the rest evaluated in place (no key added)
    strengths = pm.strengths if last else dict(pm.strengths)
    for k, v in strengths.items():
        kind = type(v)
        if kind is int:
            continue
        if kind is IntVar:
            strengths[k] = int(values[v.index])
        elif kind is LinearExpr:  # _evaluate, inline: a folded model keeps many strengths as sums
            total = v.const
            for i, c in v.terms.items():
                total += c * int(values[i])
            strengths[k] = total
        else:
            strengths[k] = _evaluate(v, values)
    return decisions, strengths


def _evaluate(value: object, values: Sequence[int]) -> int:
    """The value of a strength: a number, a variable or a linear expression."""
    if isinstance(value, int):
        return value
    if isinstance(value, IntVar):
        return int(values[value.index])
    assert isinstance(value, LinearExpr)
    return value.const + sum(c * int(values[v]) for v, c in value.terms.items())


def solve_cpsat(pm: PhaseModel, proto: Any) -> Values | None:
    """Solve ``proto``, the CP-SAT form of ``pm`` (:meth:`ConstraintModel.to_proto`); return its
    values, or ``None`` when infeasible."""
    helper = imported("ortools.sat.python.cp_model_helper", on_use=ORTOOLS_ON_USE)
    wrapper = helper.SolveWrapper()
    wrapper.set_parameters(_tune(helper.SatParameters()))
    response = wrapper.solve(proto)
    status = response.status
    if status == helper.CpSolverStatus.INFEASIBLE:
        return None
    if status not in (helper.CpSolverStatus.OPTIMAL, helper.CpSolverStatus.FEASIBLE):
        raise AdjudicationError(f"CP-SAT answered {status.name}")
    solution = list(response.solution)
    return _values(pm, solution)


def count_resolutions(build: Callable[[dict[Key, bool]], PhaseModel], overrides: dict[Key, bool]
                      ) -> tuple[int, Values | None, dict[Key, bool] | None, PhaseModel]:
    """Build and solve; return (0, 1 or 2 resolutions, first values, second decisions, model).

    Propagation first: when it fixes every variable that is the only solution, and when it
    finds a conflict there is none. A model built with its constants folded
    (:class:`~dipsat.solver.phase_model.PhaseModel`) is propagated as it is, and is built again
    without folding when its constraints are asked for (or for CP-SAT). Otherwise a complete
    search in Python over the same folded model (:mod:`dipsat.solver.search`) finds up to two
    solutions with different decisions; only a model whose decision graph has a cycle can have
    several resolutions (DATC 5.B.9). Past the search's budget of nodes CP-SAT solves the model
    built without folding, and seeks a second solution, with the first one's decisions
    forbidden, only where the graph has a cycle. On the ``cpsat`` route
    (:mod:`dipsat.solver.route`) there is neither propagation nor search: CP-SAT solves every
    model and always seeks the second solution.
    """
    pm = build(overrides)
    everything = route.current() == "cpsat"
    if not everything:
        bounds = pm.model.propagate()
        if bounds is None:
            pm.unfold()
            return 0, None, None, pm
        lb, ub = bounds
        if lb == ub:
            values = _values(pm, lb, last=pm.fold)  # unfold() drops a folded model's strengths
            pm.unfold()
            return 1, values, None, pm
        try:
            found = solutions(pm.model, lb, ub, [v.index for v in pm.decisions.values()])
        except Exhausted:
            pass  # a model too big for the search: CP-SAT, below
        else:
            return _counted(pm, found)
    if pm.fold:  # CP-SAT solves the model as the rules write it (its propagation settles no more)
        pm = pm.unfolded()
    proto = pm.model.to_proto()
    first = solve_cpsat(pm, proto)
    if first is None:
        return 0, None, None, pm
    if not everything and is_acyclic(pm.dependents()):
        return 1, first, None, pm
    decisions = first[0]
    proto.constraints.add().bool_or.literals.extend(
        -v.index - 1 if decisions[k] else v.index for k, v in pm.decisions.items())  # not the first again
    second = solve_cpsat(pm, proto)
    if second is None:
        return 1, first, None, pm
    return 2, first, second[0], pm


def _counted(pm: PhaseModel, found: list[list[int]]) -> tuple[int, Values | None, dict[Key, bool] | None, PhaseModel]:
    """:func:`count_resolutions`' answer from the solutions the search found (at most two, with
    different decisions); as with CP-SAT, an acyclic decision graph has one resolution at most."""
    values = [_values(pm, solution) for solution in found]
    pm.unfold()
    if not values:
        return 0, None, None, pm
    if len(values) == 1 or not pm.cycles():
        return 1, values[0], None, pm
    return 2, values[0], values[1][0], pm


def cycles_in_order(pm: PhaseModel) -> list[frozenset[Key]]:
    """The strongly connected components of ``pm``'s decision graph that hold a cycle,
    dependencies first (:func:`dipsat.solver.cycles.cycles_in_order`; :meth:`PhaseModel.cycles`,
    worked out once a model)."""
    return list(pm.cycles())


def backup_rule(component: frozenset[Key], rule_name: str) -> tuple[str, dict[Key, bool]]:
    """Return the backup rule's name and the decisions it fixes for one paradoxical cycle."""
    convoys = [d for d in component if d[0] == AVAILABLE]
    if convoys:
        if rule_name == "all_hold":
            moves = [d for d in component if d[0] == MOVES]
            return "All Hold", {d: False for d in moves} | {c: False for c in convoys}
        return "Szykman", {c: False for c in convoys}
    moves = [d for d in component if d[0] == MOVES]
    if moves:
        return "circular movement", {m: True for m in moves}
    return "all fail", {d: False for d in component}


def solve_phase(build: Callable[[dict[Key, bool]], PhaseModel], paradox_rule: str) -> tuple[Solution, PhaseModel]:
    """Solve a phase, applying backup rules to paradoxical cycles until one resolution remains."""
    overrides: dict[Key, bool] = {}
    paradoxes: list[Paradox] = []
    original = None
    first_model = None
    for _ in range(64):
        count, first, second, pm = count_resolutions(build, overrides)
        if original is None:
            original, first_model = count, pm
        if count == 1 and first is not None:
            return Solution(first[0], first[1], tuple(paradoxes), original, first_model), pm
        component = _culprit(pm, first[0] if first else None, second, overrides, build)
        if component is None:
            raise AdjudicationError(f"{count} resolutions and no paradoxical cycle to settle them")
        rule, fixed = backup_rule(component, paradox_rule)
        overrides.update(fixed)
        paradoxes.append(Paradox(tuple(sorted(map(pm.name, component))), count, rule,
                                 tuple(sorted((pm.name(k), v) for k, v in fixed.items()))))
    raise AdjudicationError("backup rules did not settle the phase")


def _cycles(pm: PhaseModel | None, paradoxes: list[Paradox]) -> tuple[Paradox, ...]:
    if pm is None:
        return ()
    found = []
    for component in cycles_in_order(pm):
        names = set(map(pm.name, component))
        settled = [p for p in paradoxes if names & set(p.decisions)]
        if settled:
            found += settled
        else:
            found.append(Paradox(tuple(sorted(names)), 1, "", ()))
    return tuple(dict.fromkeys(found))


def _culprit(pm: PhaseModel, first: dict[Key, bool] | None, second: dict[Key, bool] | None,
             overrides: dict[Key, bool], build: Callable[[dict[Key, bool]], PhaseModel]) -> frozenset[Key] | None:
    open_cycles = [c for c in cycles_in_order(pm) if not c <= overrides.keys()]
    if first is not None and second is not None:
        differ = {n for n in first if first[n] != second.get(n)}
        for component in open_cycles:
            if component & differ:
                return component
        return None
    for component in open_cycles:  # no resolution: the first cycle whose backup rule makes one
        _, fixed = backup_rule(component, "szykman")
        if count_resolutions(build, overrides | fixed)[0] > 0:
            return component
    return open_cycles[0] if open_cycles else None
