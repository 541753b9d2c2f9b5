"""The fast route and CP-SAT agree on everything (issue 11): same results, reasons and counts.

Every movement phase of every datacase, under its own rules and under every alternative it
states, and of the archived games in ``../shared/archives``, is adjudicated twice: by the
default route (propagation in Python, CP-SAT only where search is needed) and by the ``cpsat``
route (every phase solved by CP-SAT, which also counts its consistent resolutions with a second
solve). The two resolutions must be equal: every order's result word and reason, the generated
orders, the board after, the paradoxes with their backup rules, and the count of resolutions.

All 40 archived games take about 6 s both ways, so they all run in the ordinary suite.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.cases import load_cases
from dipsat.solver import route
from dipsat.solver.paradox import Solution
from dipsat.variants import read_order

ROOT = Path(__file__).resolve().parents[1]
DATACASES = ROOT / "datacases"
ARCHIVE = ROOT.parent / "shared" / "archives" / "droidippy"
CASES = [(f.stem, c) for f in sorted(DATACASES.glob("*.txt")) for c in load_cases(f, order_reader=read_order)]


def _outcome(case: Any, key: str | None) -> tuple[Any, ...]:
    report = run_case(case, key)
    return (report.orders, report.differences,
            [(r.results, r.generated, r.after, r.paradoxes, r.resolutions) for r in report.resolutions])


@pytest.mark.parametrize("case", [pytest.param(c, id=f"{stem}:{c.id}") for stem, c in CASES])
def test_case_agrees_on_both_routes(case):
    """Under its own rules and each alternative it states, the case resolves identically on both routes."""
    for key in [None, *alternative_keys(case)]:
        fast = _outcome(case, key)
        with route.using("cpsat"):
            slow = _outcome(case, key)
        assert slow == fast, f"rules {key or case.rules}: the routes differ"


def test_cpsat_route_really_reaches_cpsat(monkeypatch):
    """On the cpsat route a phase that propagation settles alone is still solved by CP-SAT, twice
    (once to find the resolution, once to prove it is the only one)."""
    from dipsat.solver import paradox

    calls = []
    original = paradox.solve_cpsat
    monkeypatch.setattr(paradox, "solve_cpsat", lambda *a: calls.append(1) or original(*a))
    case = next(c for _, c in CASES if c.id == "6.A.5")
    run_case(case)
    assert calls == []
    with route.using("cpsat"):
        run_case(case)
    assert len(calls) == 2


def test_solving_proto_is_the_exported_model():
    """The proto CP-SAT solves (built with OR-Tools' compiled helper only) is, field for field,
    the model ``cp_model`` builds and ``--export-model`` writes, on every DATC movement phase."""
    compared = 0
    for stem, case in CASES:
        if not stem.startswith("datc_"):
            continue
        for res in run_case(case).resolutions:
            pm = res.model
            if pm is None or not hasattr(pm, "model"):
                continue
            assert str(pm.model.to_proto()) == str(pm.model.to_cpsat()[0].proto), case.id
            compared += 1
    assert compared > 150


@pytest.mark.parametrize("name", ['moves[A par - bur]', 'say "hi"', "back\\slash", "tab\there", "new\nline",
                                  "é ü ß", "zero\u200bwidth", "bell\x07", ""])
def test_solving_proto_keeps_any_name(name):
    """The solving proto is written in CP-SAT's text format: a variable's name with quotes,
    backslashes, control or non-ASCII characters comes through as ``cp_model`` writes it."""
    from dipsat.solver.constraints import ConstraintModel

    model = ConstraintModel()
    a = model.new_bool_var(name)
    b = model.new_int_var(-3, 7, "x")
    model.add(a + b == 2).only_enforce_if(~a)
    model.add_bool_or([a, ~a])
    model.add_difference(b, 2, None, 3)
    proto = model.to_proto()
    assert proto.variables[0].name == name
    assert str(proto) == str(model.to_cpsat()[0].proto)


def test_route_names_are_checked():
    """An unknown route is refused with the known ones named."""
    with pytest.raises(ValueError, match="propagate, cpsat"):
        with route.using("fast"):
            pass


class _Recording:
    """A variant that records every resolution it gives (a stand-in for the real one)."""

    def __init__(self, variant: Any) -> None:
        self._variant = variant
        self.resolutions: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._variant, name)

    def adjudicate(self, *args: Any, **kwargs: Any) -> Any:
        res = self._variant.adjudicate(*args, **kwargs)
        self.resolutions.append((res.results, res.generated, res.after, res.paradoxes, res.resolutions))
        return res


def _replay_both_ways(path: Path) -> None:
    from dipsat.replay.readers import archive_files, default_maps, find_tasks, read_task
    from dipsat.replay.replayer import GameReplay
    from dipsat.replay.work import _rules, _variant, rules_label

    shown, file = archive_files([str(path)])[0]
    for task in find_tasks([str(file)], None):
        for game in read_task(task, None, default_maps):
            if not hasattr(game, "phases"):
                continue
            label = rules_label(game, None)
            outcomes = []
            for name in ("propagate", "cpsat"):
                with route.using(name):
                    variant = _Recording(_variant(game.variant))
                    rows = GameReplay(game, variant, _rules(label), label).run()  # type: ignore[arg-type]
                    outcomes.append((rows, variant.resolutions))
            assert outcomes[0][1], f"{path.name}: nothing adjudicated"
            assert outcomes[1] == outcomes[0], f"{path.name}: the routes differ"


GAMES = sorted(ARCHIVE.glob("*.txt")) if ARCHIVE.is_dir() else []
needs_archive = pytest.mark.skipif(not GAMES, reason=f"the shared archive {ARCHIVE} is absent")


@needs_archive
@pytest.mark.parametrize("path", [pytest.param(p, id=p.stem) for p in GAMES])
def test_archived_game_agrees_on_both_routes(path):
    """Every archived game: every phase row, order row and resolution identical on both routes."""
    _replay_both_ways(path)


def test_solution_type_is_the_same_on_both_routes():
    """Both routes hand back the same kind of value (a Solution), so explanations read both alike."""
    case = next(c for _, c in CASES if c.id == "6.C.1")
    with route.using("cpsat"):
        res = run_case(case).resolutions[0]
    assert isinstance(res.values, Solution) and res.resolutions == 2
