"""The search in Python (:mod:`dipsat.solver.search`) gives CP-SAT's answers (issue 23).

A movement phase that propagation leaves open (a cycle of the decision graph) is settled by a
complete search over its folded model, no longer by CP-SAT. For every model built while solving
every bundled case (DATC and the others, under every rule choice a case names), every archived
game and seeded random games, the search is compared with CP-SAT on the model built without
folding: the same count of resolutions (0, 1, or 2 meaning two or more), the same values when
there is one, and, when there are several, two resolutions with different decisions that CP-SAT
accepts as solutions. A replay of a game with a circular movement does not load OR-Tools.
"""
from __future__ import annotations

import gc
import json
import subprocess
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest

from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.cases import load_cases
from dipsat.solver import paradox, search
from dipsat.solver.constraints import ConstraintModel, IntVar, LinearExpr
from dipsat.solver.paradox import _values, solve_cpsat
from dipsat.solver.phase_model import PhaseModel
from dipsat.variants import read_order

ROOT = Path(__file__).resolve().parents[1]
DATACASES = ROOT / "datacases"
ARCHIVE = ROOT.parent / "shared" / "archives" / "droidippy"
CASES = [(f.stem, c) for f in sorted(DATACASES.glob("*.txt")) for c in load_cases(f, order_reader=read_order)]
GAMES = sorted(ARCHIVE.glob("*.txt")) if ARCHIVE.is_dir() else []
needs_archive = pytest.mark.skipif(not GAMES, reason=f"the shared archive {ARCHIVE} is absent")
CIRCULAR_GAME = ARCHIVE / "game_2391.txt"
"""An archived game with a circular movement (two consistent resolutions, settled by the backup rule)."""


class _Built:
    """Every model :func:`~dipsat.solver.paradox.count_resolutions` builds while this is in use,
    as (build, overrides): the same model can be built again, folded, as the solver builds it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.builds: list[tuple[Any, dict]] = []
        original = paradox.count_resolutions

        def keeping(build, overrides):
            self.builds.append((build, dict(overrides)))
            return original(build, overrides)

        monkeypatch.setattr(paradox, "count_resolutions", keeping)


def _cpsat(full: PhaseModel) -> tuple[int, Any, Any]:
    """CP-SAT's count on the model built without folding: a first solve, then a second with
    the first solution's decisions forbidden (as the ``cpsat`` route does)."""
    proto = full.model.to_proto()
    first = solve_cpsat(full, proto)
    if first is None:
        return 0, None, None
    proto.constraints.add().bool_or.literals.extend(
        -v.index - 1 if first[0][k] else v.index for k, v in full.decisions.items())
    second = solve_cpsat(full, proto)
    return (1 if second is None else 2), first, second


def _accepted(full: PhaseModel, values: tuple[dict, dict]) -> bool:
    """CP-SAT finds a solution of the model built without folding with these decisions and strengths."""
    from ortools.sat.python import cp_model

    model, xs = full.model.to_cpsat()
    decisions, strengths = values
    for key, var in full.decisions.items():
        model.add(xs[var.index] == int(decisions[key]))
    for key, value in full.strengths.items():
        if isinstance(value, IntVar):
            model.add(xs[value.index] == strengths[key])
        elif isinstance(value, LinearExpr):
            model.add(sum(c * xs[v] for v, c in value.terms.items()) + value.const == strengths[key])
        else:
            assert value == strengths[key]
    return paradox._solver().solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def compare(build: Any, overrides: dict) -> int:
    """Compare the search with CP-SAT on one model when it reaches the search (propagation
    leaves it open); return the search's count then, else -1 (a model propagation settles is
    compared with CP-SAT by tests/test_folding.py and tests/test_solver_routes.py)."""
    folded = build(overrides)
    bounds = folded.model.propagate()
    if bounds is None or bounds[0] == bounds[1]:
        return -1
    lb, ub = bounds
    found = search.solutions(folded.model, lb, ub, [v.index for v in folded.decisions.values()])
    full = folded.unfolded()
    count, first, _ = _cpsat(full)
    assert len(found) == count, "the search and CP-SAT count differently"
    values = [_values(folded, s) for s in found]
    if count == 1:
        assert values[0] == first, "the one resolution differs"
    if count == 2:
        assert values[0][0] != values[1][0], "the two resolutions have the same decisions"
        for v in values:
            assert _accepted(full, v), "CP-SAT refuses a resolution the search found"
    return count


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{stem}:{c.id}") for stem, c in CASES])
def test_search_agrees_with_cpsat_on_every_case(case, monkeypatch):
    """Every model built for the case (backup rules' rebuilds included), under its rules and
    each alternative it states: the search's count and values are CP-SAT's."""
    built = _Built(monkeypatch)
    for key in [None, *alternative_keys(case)]:
        run_case(case, key)
    monkeypatch.undo()
    for build, overrides in built.builds:
        compare(build, overrides)


def test_cases_reach_the_search(monkeypatch):
    """The comparison above is not empty: the DATC cycles (6.C, 6.F...) reach the search, with
    none, one and several resolutions."""
    built = _Built(monkeypatch)
    for stem, case in CASES:
        if stem.startswith("datc_"):
            run_case(case)
    monkeypatch.undo()
    counts = [compare(build, overrides) for build, overrides in built.builds]
    assert {0, 1, 2} <= set(counts), counts
    assert sum(c >= 0 for c in counts) >= 20


def _replayed_builds(paths: list[Path], monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, dict]]:
    from dipsat.replay.readers import archive_files, default_maps, find_tasks, read_task
    from dipsat.replay.replayer import GameReplay
    from dipsat.replay.work import _rules, _variant, rules_label

    built = _Built(monkeypatch)
    for path in paths:
        shown, file = archive_files([str(path)])[0]
        for task in find_tasks([str(file)], None):
            for game in read_task(task, None, default_maps):
                if hasattr(game, "phases"):
                    label = rules_label(game, None)
                    GameReplay(game, _variant(game.variant), _rules(label), label).run()  # type: ignore[arg-type]
    monkeypatch.undo()
    return built.builds


def test_search_leaves_no_reference_cycle(monkeypatch):
    """Once a search returns (or runs out of nodes), its model is freed by reference counting
    alone: a replay freezes what each task leaves alive (:mod:`dipsat.replay.collector`), so a
    garbage cycle holding the model would never be freed, and memory would grow with the games."""
    class Watched(ConstraintModel):
        pass  # a subclass: weakly referable

    was_on = gc.isenabled()
    gc.disable()
    try:
        model = _tiny([[0, 2], [1, 3]], 2, Watched)
        assert len(search.solutions(model, [0, 0], [1, 1], [0, 1])) == 2
        gone = weakref.ref(model)
        del model
        assert gone() is None
        monkeypatch.setattr(search, "NODES", 5)
        model = _tiny([], 12, Watched)
        with pytest.raises(search.Exhausted):
            search.solutions(model, [0] * 12, [1] * 12, list(range(12)), most=3)
        gone = weakref.ref(model)
        del model
        assert gone() is None
    finally:
        if was_on:
            gc.enable()


@needs_archive
def test_search_agrees_with_cpsat_on_the_archived_games(monkeypatch):
    """Every model of the 40 archived games that propagation leaves open (circular movements):
    the search's count and resolutions are CP-SAT's."""
    counts = [compare(build, overrides) for build, overrides in _replayed_builds(GAMES, monkeypatch)]
    reached = [c for c in counts if c >= 0]
    assert len(reached) >= 3 and 2 in reached, counts


def test_search_agrees_with_cpsat_on_random_games(monkeypatch):
    """Seeded random games of legal orders (``benchmarks/randgames.py``), under the DATC rules:
    every model that reaches the search gives CP-SAT's count and resolutions."""
    from benchmarks.randgames import dipsat_random_games
    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import find_variant

    built = _Built(monkeypatch)
    dipsat_random_games(12, 23, 1906, find_variant("standard"), rules_from_text("datc"))
    monkeypatch.undo()
    counts = [compare(build, overrides) for build, overrides in built.builds]
    assert [c for c in counts if c >= 0], "no random model reached the search"


def _tiny(clauses: list[list[int]], variables: int, kind: type[ConstraintModel] = ConstraintModel) -> ConstraintModel:
    model = kind()
    for i in range(variables):
        model.new_bool_var(f"x{i}")
    model.add_clauses(clauses)
    return model


def test_search_counts_none_one_and_several():
    """x0 xor x1: two solutions with different values; x0 and not x0: none; x0 or x1 with x0
    forced: one per value of the free x1 (two, as several)."""
    xor = _tiny([[0, 2], [1, 3]], 2)
    assert sorted(search.solutions(xor, [0, 0], [1, 1], [0, 1])) == [[0, 1], [1, 0]]
    assert search.solutions(_tiny([[0], [1]], 1), [0], [1], [0]) == []
    assert search.solutions(_tiny([[0, 2], [0]], 2), [1, 0], [1, 1], [0]) == [[1, 0]], \
        "x1 is not a decision: one completion is enough"


def test_search_past_its_budget_is_exhausted(monkeypatch):
    """A search that would need more nodes than its budget stops with Exhausted (CP-SAT then
    solves the model: tests/test_paradox.py)."""
    model = _tiny([], 12)
    monkeypatch.setattr(search, "NODES", 5)
    with pytest.raises(search.Exhausted):
        search.solutions(model, [0] * 12, [1] * 12, list(range(12)), most=3)


@needs_archive
def test_replay_of_a_circular_movement_does_not_load_ortools(tmp_path):
    """A whole replay of an archived game with a circular movement, in a process of its own:
    the phase reaches the search (two resolutions, the circular movement rule) and OR-Tools is
    never imported."""
    code = (
        "import json, sys\n"
        "from dipsat.cli.main import main\n"
        "from dipsat.solver import paradox\n"
        "counts = []\n"
        "real = paradox._counted\n"
        "paradox._counted = lambda pm, found: counts.append(len(found)) or real(pm, found)\n"
        f"status = main(['replay', {str(CIRCULAR_GAME)!r}, '--rules', 'droidippy', '--workers', '1',"
        f" '--out', {str(tmp_path / 'out')!r}])\n"
        "print(json.dumps({'status': status, 'searched': counts,"
        " 'ortools': sorted(m for m in sys.modules if m.split('.')[0] == 'ortools')}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["status"] == 0
    assert 2 in found["searched"], "the circular movement did not reach the search"
    assert found["ortools"] == []
