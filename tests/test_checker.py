"""Tests of dipsat.solver.checker: the plain-Python check of DATC 5.B agrees with CP-SAT, and can fail."""
from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from dipsat.cli.runner import CaseReport, run_case
from dipsat.model.casefiles import load_any
from dipsat.solver.checker import check_resolution
from dipsat.solver.resolution import Resolution

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = {c.id: c for f in sorted(DATACASES.glob("datc_*.txt")) for c in load_any(f)}


@cache
def report(case_id: str) -> CaseReport:
    """The report of running a bundled case, computed once."""
    return run_case(CASES[case_id])


def movement(case_id: str) -> list[Resolution]:
    """The resolutions of the movement phases of a case."""
    return [r for r in report(case_id).resolutions if r.model is not None]


def fixed(res: Resolution) -> frozenset[str]:
    """The decisions a backup rule fixed in a resolution."""
    return frozenset(name for p in res.paradoxes for name, _ in p.fixed)


def check(res: Resolution, decisions: dict | None = None) -> list[str]:
    """What the checker finds wrong in ``res`` (or in ``decisions`` on its facts)."""
    return check_resolution(res.model.facts, res.values.decisions if decisions is None else decisions, fixed(res))


def test_cases_are_bundled():
    """The 176 DATC chapter-6 cases load, nearly all with a movement phase to check."""
    assert sum(1 for c in CASES if c.startswith("6.")) == 176
    assert sum(1 for c in CASES if movement(c)) >= 150


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_checker_accepts_every_bundled_resolution(case_id):
    """The checker finds nothing wrong in the CP-SAT resolution of each movement phase."""
    for res in movement(case_id):
        assert check(res) == []


@pytest.mark.parametrize("case_id", sorted(CASES))
def test_checker_catches_every_single_flip(case_id):
    """Flip any one decision not fixed by a backup rule: the checker names that decision."""
    for res in movement(case_id):
        decisions = res.values.decisions
        for key, value in decisions.items():
            name = res.model.name(key)
            if name in fixed(res):
                continue
            wrong = check(res, decisions | {key: not value})
            assert any(w.startswith(f"{name} is {not value}") for w in wrong), (name, wrong)


def test_planted_error_is_reported():
    """6.A.11 (simple bounce): claiming that A vie - tyr succeeds is reported in words."""
    [res] = movement("6.A.11")
    decisions = res.values.decisions
    assert decisions["moves", "vie"] is False
    wrong = check(res, decisions | {("moves", "vie"): True})
    assert wrong == ["moves[A vie - tyr] is True, the equations say False"]


def test_planted_error_in_a_dislodgement():
    """6.D.1 turned around: a unit said to be dislodged that no successful move entered is reported."""
    [res] = movement("6.D.1")
    key = next(k for k, v in res.values.decisions.items() if k[0] == "dislodged" and not v)
    name = res.model.name(key)
    assert check(res, res.values.decisions | {key: True}) == [f"{name} is True, the equations say False"]


def test_missing_decision_counts_as_false():
    """A decision left out of the values is read as false; if the equations say true, it is reported."""
    [res] = movement("6.D.1")
    decisions = dict(res.values.decisions)
    key = next(k for k, v in decisions.items() if v)
    del decisions[key]
    assert any(w.startswith(f"{res.model.name(key)} is False") for w in check(res, decisions))


def test_decisions_fixed_by_a_backup_rule_are_taken_as_they_are():
    """6.C.1: the circular movement rule fixes the moves; the checker accepts them, flipped or not."""
    [res] = movement("6.C.1")
    assert res.paradoxes and fixed(res)
    assert check(res) == []
    without_fix = check_resolution(res.model.facts, res.values.decisions)
    assert without_fix == []  # all moving is also consistent with the equations
    name = sorted(fixed(res))[0]
    key = next(k for k in res.values.decisions if res.model.name(k) == name)
    assert check(res, res.values.decisions | {key: False}) != []  # but the other moves then break


def test_szykman_fix_breaks_an_equation():
    """6.F.16 (Pandin): the convoy Szykman disrupts is not dislodged, so its equation says available."""
    [res] = movement("6.F.16")
    [p] = res.paradoxes
    [(name, value)] = p.fixed
    assert (name, value) == ("available[F eng C A bre - lon]", False)
    assert check(res) == []
    assert check_resolution(res.model.facts, res.values.decisions) == [
        f"{name} is False, the equations say True"]
