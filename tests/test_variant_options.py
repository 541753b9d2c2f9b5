"""Every open ruling of Telepath and Vain Star is pinned: a case that switches only that option
resolves otherwise under the variant's defaults."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import load_cases
from dipsat.variants import find_variant, read_order
from dipsat.variants.framework.options import split_spec

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
FILES = {"telepath": "telepath.txt", "vain_star": "vain_star.txt"}


def _outcome(report):
    """Every result word, every board after, and which orders a public report leaves out."""
    return ([c.actual for c in report.orders],
            [(dict(r.after.units), dict(r.after.dislodged), sorted(r.secret)) for r in report.resolutions])


@pytest.mark.parametrize("name", sorted(FILES))
def test_every_variant_option_is_pinned_by_a_case(name):
    """For each option, one case names that option alone, passes, and resolves otherwise under the defaults."""
    cases = load_cases(DATACASES / FILES[name], order_reader=read_order)
    pinned = set()
    for case in cases:
        variant, chosen = split_spec(case.variant)
        if len(chosen) != 1:
            continue
        report = run_case(case)
        assert report.passed, case.id
        if _outcome(report) != _outcome(run_case(dataclasses.replace(case, variant=variant))):
            pinned |= set(chosen)
    assert set(find_variant(name).options) - pinned == set()
