"""Issue 21 for Sorcerous and The Gathering: every option choice pinned by a case that switches
it, every option named in its rulings document with the sentence it rests on, the reasons that
must name the right thing, and the STATE notation read and checked."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.cases import read_cases
from dipsat.model.errors import CaseFileError
from dipsat.model.notation import format_order
from dipsat.solver import DATC
from dipsat.variants import find_variant, read_order
from dipsat.variants.gathering import OPTIONS as GATHERING_OPTIONS
from dipsat.variants.sorcerous import OPTIONS as SORCEROUS_OPTIONS
from dipsat.model.cases import load_cases

ROOT = Path(__file__).resolve().parents[1]
SORCEROUS_CASES = load_cases(ROOT / "datacases/sorcerous.txt", order_reader=read_order)
GATHERING_CASES = (load_cases(ROOT / "datacases/gathering.txt", order_reader=read_order)
                   + load_cases(ROOT / "datacases/gathering_kinds.txt", order_reader=read_order))
BY_ID = {c.id: c for c in (*SORCEROUS_CASES, *GATHERING_CASES)}


def _without(spec: str, option: str) -> str:
    return ",".join(p for p in spec.split(",") if not p.startswith(f"{option}="))


def _with(spec: str, option: str, choice: str) -> str:
    return f"{_without(spec, option)},{option}={choice}"


@pytest.mark.parametrize("option, choice", [(o.name, c) for o in GATHERING_OPTIONS.values() for c in o.choices
                                            if c != o.default and o.name not in ("no_primary", "last_winter")])
def test_every_gathering_option_choice_changes_a_case(option, choice):
    """Each non-default choice of The Gathering has a case that passes under it and fails with
    only that option set back to its default (no_primary and last_winter are pinned by the
    records and tests of tests/test_variants_gathering.py)."""
    pinned = [c for c in GATHERING_CASES if f"{option}={choice}" in c.variant.split(",")]
    assert pinned, f"no case uses {option}={choice}"
    changed = [c.id for c in pinned if not run_case(replace(c, variant=_without(c.variant, option))).passed]
    assert changed, f"no case changes its outcome when {option}={choice} is set back to the default"


@pytest.mark.parametrize("case_id, option, other", [
    ("so.M.11", "stasis_on_shield", "later"), ("so.M.12", "stasis_on_shield", "spent"),
    ("so.A.14", "wall_convoyed_move", "blocks"), ("so.A.15", "wall_convoyed_move", "passes"),
    ("so.H.18", "stasis_first", "yes"), ("so.H.19", "stasis_first", "no"),
    ("so.F.9", "flame_timing", "before_movement"), ("so.F.10", "flame_timing", "after_movement"),
    ("g.SL.10", "sail_coast", "needed"), ("g.SL.11", "sail_coast", "none"),
    ("g.BH.10", "black_hole_owner", "ended"), ("g.BH.11", "black_hole_owner", "reappears"),
    ("g.FL.13", "black_hole_from", "hole"), ("g.FL.5", "black_hole_from", "start"),
])
def test_new_readings_are_pinned_both_ways(case_id, option, other):
    """Each reading issue 21 added or made the default is pinned by a case that passes under its
    choice and fails under the other: both readings change an outcome."""
    case = BY_ID[case_id]
    assert run_case(case).passed
    assert not run_case(replace(case, variant=_with(case.variant, option, other))).passed


@pytest.mark.parametrize("text, options", [("docs/variants/sorcerous.md", SORCEROUS_OPTIONS),
                                           ("docs/variants/gathering.md", GATHERING_OPTIONS)])
def test_rulings_name_every_option_with_its_default_first(text, options):
    """The rulings document's options table lists every option with its default first."""
    doc = (ROOT / text).read_text(encoding="utf-8")
    for o in options.values():
        row = next((line for line in doc.splitlines() if line.startswith(f"| `{o.name}` |")), None)
        assert row is not None, o.name
        listed = row.split("|")[2]
        assert listed.strip().startswith(f"`{o.default}`"), (o.name, listed)


def _reasons(case_id: str) -> list[str]:
    return [check.reason for check in run_case(BY_ID[case_id]).orders]


def test_reasons_name_what_decides():
    """A support of a move refused before the model names why (not the hold put in its place); a
    move whose convoy was refused names the convoy; a wizard build elsewhere cites rule 2e."""
    assert "the supported move is illegal: A bur is held in Stasis" in _reasons("so.S.13")[1]
    assert "is ordered" not in _reasons("so.S.13")[1]
    assert "the convoy ordered for it is refused (F eng C A lon - bre is illegal" in _reasons("so.S.14")[1]
    assert "rules 2e, 2f" in _reasons("so.W.15")[0] and "2b" not in _reasons("so.W.15")[0]
    assert "the supported move is illegal: A mun is turned to stone" in _reasons("g.TS.11")[2]
    assert "the convoy ordered for it is refused" in _reasons("g.TS.12")[2]


def test_wizard_orders_keep_their_letter_in_later_phases():
    """An order naming the wizard with W in a later phase of a case is echoed with W (it was read
    before the board of that phase was known)."""
    case = BY_ID["so.W.3"]
    later = [format_order(o, find_variant(case.variant).map, "long") for o in case.steps[2].orders]
    assert "W Picardy - Belgium" in later


STATE_CASE = """CASE t.1
VARIANT {variant}
PHASE Spring 1901 Movement
UNITS
France: A Paris
STATE
{line}
ORDERS
France: A Paris Holds
END
"""


@pytest.mark.parametrize("variant, line", [
    ("sorcerous", "Spells: Stasis Paris"), ("sorcerous", "Spells: Ice Paris until Fall 1901"),
    ("sorcerous", "Spells: Stasis Atlantis until Fall 1901"), ("sorcerous", "Spells: Wall Paris until Fall 1901"),
    ("sorcerous", "Cast: Atlantis"),
    ("sorcerous", "Waiting: Stasis Paris"), ("sorcerous", "Spirits: France"), ("sorcerous", "Frozen: nth"),
    ("gathering", "Stone: Munich until Fall 1901"), ("gathering", "Amulets: Atlantis until Fall 1901"),
    ("gathering", "Shielded: Kiel"), ("gathering", "Holes: bur"),
    ("standard", "Spells: Stasis Paris until Fall 1901")])
def test_bad_state_line_is_an_error_naming_its_line(variant, line):
    """A STATE line the variant cannot read is a case-file error at that line (never a quiet
    success, never a traceback)."""
    case = read_cases(STATE_CASE.format(variant=variant, line=line), "t.txt", order_reader=read_order)[0]
    with pytest.raises(CaseFileError) as err:
        run_case(case)
    assert err.value.line == 7 and "state" in err.value.message.lower()


@pytest.mark.parametrize("variant, start, after, differs", [
    ("sorcerous", "Spells: Stasis Paris until Fall 1901", "Spells: Stasis Paris until Spring 1902",
     "expected Stasis par until Spring 1902, got Stasis par until Fall 1901"),
    ("sorcerous", "Spirits: France from Winter 1901", "Spirits: none", "expected none, got France from Winter 1901"),
    ("sorcerous", "Cast: France", "Cast: none", "expected none, got France"),
    ("gathering", "Stone: Paris until Fall 1901", "Stone: none", "expected none, got par until Fall 1901"),
    ("gathering", "Amulets: France until Fall 1901", "Amulets: France until Spring 1901",
     "expected none, got France until Fall 1901"),
])
def test_after_state_is_checked(variant, start, after, differs):
    """An AFTER STATE that does not hold makes the case fail, naming the difference; the same
    block as the state reached passes."""
    text = STATE_CASE.format(variant=variant, line=start)
    wrong = text.replace("END\n", f"AFTER\nFrance: A Paris\nSTATE\n{after}\nEND\n")
    report = run_case(read_cases(wrong, "t.txt", order_reader=read_order)[0])
    assert not report.passed
    assert any(differs in d for d in report.differences), report.differences
    right = text.replace("END\n", f"AFTER\nFrance: A Paris\nSTATE\n{start}\nEND\n")
    assert run_case(read_cases(right, "t.txt", order_reader=read_order)[0]).passed


ONE_SIDED = """CASE t.h2h
RULES {rules}
PHASE Spring 1908 Movement
UNITS
France: A Burgundy
Italy: A Marseilles
Italy: A Piedmont
Germany: A Belgium
ORDERS
France: A Burgundy - Marseilles  [fails]
Italy: A Marseilles - Burgundy  [fails]
Italy: A Piedmont S A Burgundy - Marseilles  [given]
Germany: A Belgium S A Marseilles - Burgundy  [given]
AFTER
France: A Burgundy
Italy: A Marseilles
Italy: A Piedmont
Germany: A Belgium
END
"""


@pytest.mark.parametrize("rules", ["datc", "mila"])
def test_mila_head_to_head_defect_needs_supports_both_ways(rules):
    """The peer's head-to-head defect (PEER_DEFECTS.md 7) shows only when each move is supported
    by the other's power; with one such support (seed 777001 of benchmarks.mila_agreement, game
    37, Spring 1908) the peer resolves the battle as the DATC: both moves fail."""
    report = run_case(read_cases(ONE_SIDED.format(rules=rules), "t.txt")[0])
    assert report.passed, report.differences


@pytest.mark.parametrize("case_id", ["so.M.11", "so.A.14", "so.H.18", "so.F.9", "g.SL.10"])
def test_cases_state_both_readings(case_id):
    """A case that states the other reading's words in brackets (``[fails; stasis_on_shield=later:
    succeeds]``) passes under each: both readings of the ambiguous sentence in one case."""
    case = BY_ID[case_id]
    keys = {k for step in case.steps for e in step.expected if e is not None for k in e.alternatives}
    assert keys
    assert run_case(case).passed
    for key in keys:
        report = run_case(case, key)
        assert report.passed, (key, report.differences)


def test_two_orders_into_a_destructor_ship_end_in_no_traceback():
    """Found by tests/test_variants_no_traceback.py on main: a fleet given the same move into a
    Vogon ship twice raised a KeyError (variants/hitchhiker/engine.py). The first order counts
    (the fleet is destroyed by rule 12); the second is illegal."""
    text = """CASE t.ship
VARIANT hitchhiker
PHASE Spring 1901 Movement
UNITS
Austria: F Adriatic Sea
Vogon: V Trieste
ORDERS
Austria: F Adriatic Sea - Trieste  [fails, destroyed]
Vogon: V Trieste H
Austria: F Adriatic Sea - Trieste  [illegal]
END
"""
    case = read_cases(text, "t.txt", order_reader=read_order)[0]
    report = run_case(case)
    assert report.passed, report.differences
