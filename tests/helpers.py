"""Small builders shared by the tests: boards and orders written in DATC short notation.

``board("England: F nth", "France: A bel")`` is a :class:`Position`; ``orders(GMAP, "England: F nth
- hol")`` the orders; ``phase_model(position, given)`` the CP-SAT model of a movement phase with
every rule module applied, ready to be probed with extra constraints.
"""
from __future__ import annotations

from typing import Callable, Mapping

from ortools.sat.python import cp_model

from dipsat.model.cases import parse_phase
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import parse_order, parse_unit
from dipsat.model.types import Order, Phase, Piece, Position
from dipsat.solver.constraints import IntVar, LinearExpr
from dipsat.solver.legality import Facts, check_orders
from dipsat.solver.movement import build_model
from dipsat.solver.options import DATC, Rules
from dipsat.solver.phase_model import PhaseModel
from dipsat.solver.rules import MOVEMENT_RULES, Rule

GMAP: GameMap = load_map("dipsat.variants.classical")
"""The standard map, loaded once for all tests."""


def board(*units: str, phase: str | Phase = "Spring 1901 Movement",
          centres: Mapping[str, str] | None = None, gmap: GameMap = GMAP) -> Position:
    """A position from lines ``"England: F nth"``; ``centres`` maps centre -> owner."""
    pieces = {}
    for line in units:
        power, _, text = line.partition(":")
        unit = parse_unit(text.strip(), gmap)
        assert unit.province not in pieces, f"two units in {unit.province}"
        pieces[unit.province] = Piece(gmap.resolve_power(power), unit)
    when = phase if isinstance(phase, Phase) else parse_phase(phase)
    return Position(when, pieces, dict(centres or {}))


def orders(gmap: GameMap, *texts: str, position: Position | None = None) -> list[Order]:
    """Orders from lines ``"England: F nth - hol"``, read for the phase of ``position`` if given."""
    if position is None:
        return [parse_order(t, gmap) for t in texts]
    return [parse_order(t, gmap, position=position, kind=position.phase.kind) for t in texts]


def facts_of(position: Position, *texts: str, rules: Rules = DATC) -> Facts:
    """The checked orders of a movement phase on the standard map."""
    return check_orders(GMAP, position, orders(GMAP, *texts, position=position), rules)


def phase_model(position: Position, *texts: str, rules: Mapping[str, Rule] = MOVEMENT_RULES,
                overrides: Mapping[str, bool] | None = None) -> PhaseModel:
    """The phase model of ``texts`` on ``position`` with ``rules`` applied (all by default)."""
    return build_model(facts_of(position, *texts), rules, dict(overrides or {}))


def named(pm: PhaseModel, items: Mapping) -> dict:
    """``items`` (decisions, strengths or solved values, keyed ``(MOVES, "par")``...) by their
    DATC names (``moves[A par - bur]``), as an exported model shows them."""
    return {pm.name(key): value for key, value in items.items()}


def solve(pm: PhaseModel, *extra: object) -> tuple[str, Callable[[object], int]]:
    """Add the constraints ``extra`` to ``pm``, hand the model to CP-SAT and solve it.

    ``extra`` are bounded expressions of the phase model's own variables (``lit == 0``).
    Returns the CP-SAT status name (``OPTIMAL``, ``INFEASIBLE``) and a function giving the value
    of a decision or a strength (a number, a variable or a linear expression) in the solution.
    """
    for constraint in extra:
        pm.model.add(constraint)  # type: ignore[arg-type]
    model, xs = pm.model.to_cpsat()
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10.0
    status = solver.solve(model)

    def value(x: object) -> int:
        if isinstance(x, (bool, int)):
            return int(x)
        if isinstance(x, IntVar):
            return int(solver.value(xs[x.index]))
        assert isinstance(x, LinearExpr), x
        return x.const + sum(c * int(solver.value(xs[v])) for v, c in x.terms.items())

    return solver.status_name(status), value


def dipsat_here(*args: str) -> "subprocess.CompletedProcess[str]":
    """Run the command line ``dipsat ARGS`` in this process (:func:`dipsat.cli.main.main`), its
    output captured, as a finished process would report it: for tests of what a command says
    (errors, exit status), not of the process itself. A fresh interpreter costs ~0.5 s of CPU."""
    import contextlib
    import io
    import subprocess

    from dipsat.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return subprocess.CompletedProcess(["dipsat", *args], code, out.getvalue(), err.getvalue())
