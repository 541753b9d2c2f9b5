"""The board in play on the standard map: every case of datacases/board_in_play.txt is its own test."""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.cli.runner import run_case
from dipsat.model.board import Lasting, RemoveCentre, parse_lasting
from dipsat.model.case_writer import write_case
from dipsat.model.cases import load_cases, read_cases
from dipsat.model.errors import CaseFileError
from dipsat.variants import STANDARD

CASES = load_cases(Path(__file__).resolve().parents[1] / "datacases" / "board_in_play.txt")


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_board_in_play_case(case):
    """The case resolves as written on the board with its changes."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


def test_changes_are_written_and_read_back():
    """A case with changes written by the writer reads back equal."""
    for case in CASES:
        again = read_cases(write_case(case, STANDARD.map), "again.txt")[0]
        assert again.start == case.start and again.steps[-1].after == case.steps[-1].after


def test_a_change_prints_as_it_is_read():
    """parse_lasting reads what str writes."""
    for text in ("closed bur, mun until Fall 1901 Retreat", "frozen nth", "centre removed kie",
                 "centre added ruh home Germany"):
        assert str(parse_lasting(text, STANDARD.map)) == text
    assert parse_lasting("Centre Removed Kiel", STANDARD.map) == Lasting(RemoveCentre("kie"))


def test_an_unreadable_change_names_its_line():
    """A change that cannot be read is a case-file error with the line."""
    text = "CASE x\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\nCHANGES\nflooded Paris\nEND\n"
    with pytest.raises(CaseFileError, match="bad.txt:6: not a board change"):
        read_cases(text, "bad.txt")


RECORD = """GAME wall-1901
PHASE Spring 1901 Movement
UNITS
Germany: A Munich
France: A Burgundy
CHANGES
closed Burgundy, Munich until Spring 1901 Retreat
ORDERS
Germany: A Munich - Burgundy  [illegal]
AFTER
Germany: A Munich
France: A Burgundy
CHANGES
PHASE Fall 1901 Movement
ORDERS
Germany: A Munich - Burgundy  [fails]
END
"""


def test_a_game_record_carries_a_change_until_it_expires():
    """A record's start board holds a wall for Spring 1901; by the Fall it has expired."""
    from dipsat.variants.framework.record import read_record
    from dipsat.variants.framework.replay import play_record
    report = play_record(read_record(RECORD, "wall.txt"))
    assert report.failed == 0 and report.expectations == 4
    assert report.start.changes and not report.phases[0].resolution.after.changes
    stale = play_record(read_record(RECORD.replace("AFTER\nGermany: A Munich\nFrance: A Burgundy\nCHANGES\n",
                                                   "AFTER\nGermany: A Munich\nFrance: A Burgundy\nCHANGES\n"
                                                   "closed bur, mun until Spring 1901 Retreat\n"), "wall.txt"))
    assert any("changes: expected closed bur, mun" in d for p in stale.phases for d in p.differences)
