"""Every bundled DATC case is its own test, named by its DATC id (``-k 6.A.1`` or the node id).

A case whose result depends on a rule option carries the results the DATC describes for each
choice; each such (case, rules) pair is a test of its own: ``test_datc_alternative[6.F.21 paradox=1982]``.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.cases import load_cases

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
CASES = [c for f in sorted(DATACASES.glob("datc_*.txt")) for c in load_cases(f)]


def _param(case):
    marks = [pytest.mark.xfail(strict=True, reason=DEVIATIONS[case.id])] if case.id in DEVIATIONS else []
    return pytest.param(case, id=case.id, marks=marks)


def test_all_176_cases_are_bundled():
    """The bundled files hold the 176 cases of DATC v3.2 chapter 6, each once."""
    ids = [c.id for c in CASES]
    assert len(ids) == 176 and len(set(ids)) == 176


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_datc(case):
    """The case resolves as DATC v3.2 says: every order's result, dislodgements, the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


ALTERNATIVES = [(c, key) for c in CASES for key in alternative_keys(c)]


@pytest.mark.parametrize("case,key", [pytest.param(c, k, id=f"{c.id} {k}") for c, k in ALTERNATIVES])
def test_datc_alternative(case, key):
    """Under another choice of a rule option, the case resolves as the DATC text describes."""
    report = run_case(case, key)
    assert report.passed, "\n".join(report.differences)
    default = run_case(case)
    assert [c.actual for c in report.orders] != [c.actual for c in default.orders], \
        "switching the option changed nothing: the alternative proves nothing"


OPTION_CASES = load_cases(DATACASES / "options.txt")


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in OPTION_CASES])
def test_option_case(case):
    """A hand-written option case passes under its rules and resolves otherwise under datc."""
    report = run_case(case)
    assert report.passed, "\n".join(report.differences)
    assert _outcome(run_case(case, "datc")) != _outcome(report), "under datc it resolves the same: it proves nothing"


def _outcome(report):
    """What a run did: every result, every automatic order, every board after."""
    return ([c.actual for c in report.orders],
            [(sorted(map(str, r.generated)), dict(r.after.units), dict(r.after.dislodged)) for r in report.resolutions])


def test_every_rule_option_is_pinned_by_a_case():
    """Each option has a case that switches exactly that option and proves the switch."""
    from dipsat.solver.options import OPTIONS
    from dipsat.solver.presets import rules_from_text
    keys = {k for _, k in ALTERNATIVES} | {c.rules for c in OPTION_CASES}
    pinned = {name for k in keys if len(rules_from_text(k).changed()) == 1
              for name in rules_from_text(k).changed()}
    assert set(OPTIONS) - pinned == set()
