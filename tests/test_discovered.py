"""The cases `dipsat discover` found (datacases/discovered_*.txt): each is its own test.

Each case passes under its own RULES and VARIANT and under every alternative it states, and the
alternative really resolves otherwise; the two cases of a pair (``ID.a``, ``ID.b``: one situation
under two sides) resolve differently; a paradox case has the count of consistent resolutions its
id names. And every non-default choice of every rule option and variant option was searched: it
has a case, or its file's table says it was not found, with the budget.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.cases import load_cases
from dipsat.variants import read_order

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
FILES = sorted(DATACASES.glob("discovered_*.txt"))
CASES = [c for f in FILES for c in load_cases(f, order_reader=read_order)]
BY_ID = {c.id: c for c in CASES}
PARADOXES = [c for c in CASES if c.id.startswith(("disc.paradox.none.", "disc.paradox.several."))]
"""The cases of the --paradox search (``disc.paradox.1982.*`` are rule-option cases)."""


def _outcome(report):
    """What a run did: every result, every automatic order, every board after."""
    return ([c.actual for c in report.orders],
            [(sorted(map(str, r.generated)), sorted(map(str, r.after.units.values())),
              sorted(map(str, r.after.dislodged.values()))) for r in report.resolutions])


def test_the_discovered_files_hold_cases():
    """The three files are there and hold cases."""
    assert {f.name for f in FILES} >= {"discovered_options.txt", "discovered_variants.txt", "discovered_paradoxes.txt"}
    assert len(CASES) >= 40


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_discovered_case(case):
    """The case passes under its own rules and under every alternative, which differs."""
    report = run_case(case)
    assert report.passed, "\n".join(report.differences)
    for key in alternative_keys(case):
        other = run_case(case, key)
        assert other.passed, "\n".join(other.differences)
        if case not in PARADOXES:
            assert [c.actual for c in other.orders] != [c.actual for c in report.orders]
    if case.id.endswith(".a"):
        pair = BY_ID[case.id[:-2] + ".b"]
        assert _outcome(run_case(pair)) != _outcome(report), "the two sides resolve it alike: it proves nothing"


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in PARADOXES])
def test_discovered_paradox_has_its_count(case):
    """A case found by --paradox has no consistent resolution (``none``) or several (``several``)."""
    counts = [r.resolutions for r in run_case(case).resolutions]
    assert (0 in counts) if ".none." in case.id else any(n >= 2 for n in counts)


def test_paradoxes_are_as_small_as_the_datc_ones():
    """--paradox found, by random search, a case with no resolution no bigger than 6.F.24 (9
    units) and one with several no bigger than 6.C.1 (3 units)."""
    none = [c for c in PARADOXES if ".none." in c.id]
    several = [c for c in PARADOXES if ".several." in c.id]
    assert none and min(len(c.start.units) for c in none) <= 9
    assert several and min(len(c.start.units) for c in several) <= 3


def _searched(path: Path) -> dict[str, str]:
    """The table at the head of a file: search key -> FOUND or NONE."""
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"# (FOUND|NONE)\s+(\S+):", line)
        if m:
            found[m.group(2)] = m.group(1)
    return found


def test_every_rule_option_choice_was_searched():
    """Each non-default choice of each option of `dipsat rules` has a case, or a NONE line with its budget."""
    from dipsat.solver.options import OPTIONS

    table = _searched(DATACASES / "discovered_options.txt")
    keys = {k for c in CASES if c.id.startswith("disc.") for k in alternative_keys(c)}
    keys |= {c.rules for c in CASES}
    for option in OPTIONS.values():
        for choice in list(option.choices)[1:]:
            key = f"{option.name}={choice}"
            assert key in table, f"{key} was not searched"
            if table[key] == "FOUND":
                assert key in keys or f"datc,{key}" in keys, f"{key}: found, but no case states it"


def test_every_variant_option_choice_was_searched():
    """Each non-default choice of each variant option has a case pair, or a NONE line with its budget."""
    from dipsat.variants import VARIANTS, find_variant

    table = _searched(DATACASES / "discovered_variants.txt")
    variants = {c.variant for c in CASES}
    for name in VARIANTS:
        for option in find_variant(name).options.values():
            for choice in list(option.choices)[1:]:
                key = f"{name},{option.name}={choice}"
                assert key in table, f"{key} was not searched"
                if table[key] == "FOUND":
                    assert key in variants, f"{key}: found, but no case states it"
