"""Tests of dipsat.model.cases (case-file format) and dipsat.model.casefiles (any format)."""
from __future__ import annotations

from pathlib import Path

import pytest

from dipsat.model.case_writer import write_case
from dipsat.model.casefiles import SECTIONS, convert, load_any, sniff
from dipsat.model.cases import (
    Case, Expected, Step, load_cases, parse_phase, phase_after, read_cases,
)
from dipsat.model.errors import CaseFileError, InputError, OrderError
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.types import (
    Convoy, Disband, Dislodged, Location, Move, Phase, PhaseKind, Piece, Retreat, Season, Unit,
    UnitType,
)

DATACASES = Path(__file__).resolve().parents[1] / "datacases"
BUNDLED = sorted(DATACASES.glob("datc_6*.txt"))

SAMPLE = """\
# a hand-written case
case 6.A.5
Title Move to own province with convoy
PHASE Spring 1901 Movement
UNITS
England: F North Sea
England: A Yorkshire          # comment after a unit
england: A Liverpool

Germany: F London
Germany: A Wales
ORDERS
England: F North Sea Convoys A Yorkshire - Yorkshire  [illegal]
England: A yor - yor  [Illegal, Dislodged]
England: A Liverpool Supports A Yorkshire - Yorkshire  [illegal]
Germany: F London - Yorkshire  [succeeds; 1982: fails; paradox=all_hold: fails]
Germany: A Wales Supports F London - Yorkshire
AFTER
England: F North Sea
England: A Liverpool
Germany: F Yorkshire
Germany: A Wales
England: A Yorkshire dislodged from London
PHASE Spring 1901 Retreat
ORDERS
England: A Yorkshire - Edinburgh  [succeeds]
END
"""


@pytest.fixture(scope="module")
def gmap() -> GameMap:
    """The standard map."""
    return load_map("dipsat.variants.classical")


def A(province: str) -> Unit:  # noqa: N802 - reads like the notation
    """An army at ``province``."""
    return Unit(UnitType.ARMY, Location(province))


def F(province: str, coast: str | None = None) -> Unit:  # noqa: N802
    """A fleet at ``province``."""
    return Unit(UnitType.FLEET, Location(province, coast))


def read_one(text: str, gmap: GameMap) -> Case:
    """Read a text that holds exactly one case."""
    cases = read_cases(text, "t.txt", gmap)
    assert len(cases) == 1
    return cases[0]


def test_sample_header(gmap: GameMap) -> None:
    """Keywords in any case set id and title; variant and rules default."""
    case = read_one(SAMPLE, gmap)
    assert (case.id, case.title, case.variant, case.rules) == (
        "6.A.5", "Move to own province with convoy", "standard", "datc")
    assert (case.source, case.line) == ("t.txt", 2)


def test_sample_start(gmap: GameMap) -> None:
    """UNITS give the start position keyed by province; no CENTRES means none owned."""
    case = read_one(SAMPLE, gmap)
    assert case.start.phase == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    assert case.start.units["nth"] == Piece("England", F("nth"))
    assert case.start.units["lvp"] == Piece("England", A("lvp"))
    assert len(case.start.units) == 5 and not case.start.centres and not case.start.dislodged


def test_sample_orders_and_results(gmap: GameMap) -> None:
    """Orders in any notation, result words normalised, alternatives kept, lines recorded."""
    step = read_one(SAMPLE, gmap).steps[0]
    assert step.kind is PhaseKind.MOVEMENT
    assert step.orders[0] == Convoy("England", F("nth"), A("yor"), Location("yor"))
    assert step.orders[1] == Move("England", A("yor"), Location("yor"))
    assert step.expected[1] == Expected("illegal, dislodged")
    assert step.expected[1] is not None and step.expected[1].fate == "dislodged"
    assert step.expected[3] == Expected("succeeds", {"1982": "fails", "paradox=all_hold": "fails"})
    assert step.expected[4] is None
    assert step.lines == (13, 14, 15, 16, 17)


def test_sample_after_and_second_phase(gmap: GameMap) -> None:
    """AFTER holds units and dislodged units; a further PHASE is a further step."""
    case = read_one(SAMPLE, gmap)
    after = case.steps[0].after
    assert after is not None and after.phase == Phase(1901, Season.SPRING, PhaseKind.RETREAT)
    assert after.units["yor"] == Piece("Germany", F("yor"))
    assert after.dislodged == {"yor": Dislodged(Piece("England", A("yor")), "lon")}
    retreat = case.steps[1]
    assert retreat.phase == Phase(1901, Season.SPRING, PhaseKind.RETREAT)
    assert retreat.orders == (Retreat("England", A("yor"), Location("edi")),)
    assert retreat.after is None


def test_auto_centres_standoffs_round_trip(gmap: GameMap) -> None:
    """A retreat-phase start with standoffs, centres and AUTO orders survives write and read."""
    text = """CASE X.1
VARIANT standard
RULES 1982
PHASE Fall 1902 Retreat
UNITS
France: A Spain dislodged from Portugal
France: A Marseilles dislodged
England: A Portugal
CENTRES
France: Spain, Marseilles
STANDOFFS Gascony
ORDERS
France: A Spain - Gascony [illegal]
AUTO
France: Disband A Marseilles
AFTER
England: A Portugal
CENTRES
England: Portugal
END
"""
    case = read_one(text, gmap)
    assert case.rules == "1982" and case.title == ""
    assert case.start.standoffs == frozenset({"gas"})
    assert case.start.dislodged["mar"].attacker_origin is None
    assert case.start.centres == {"spa": "France", "mar": "France"}
    assert case.steps[0].auto == (Disband("France", A("mar")),)
    after = case.steps[0].after
    assert after is not None and after.centres == {"por": "England"}
    assert after.phase == Phase(1902, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert read_cases(write_case(case, gmap), "w", gmap) == [case]


def test_write_uses_datc_english(gmap: GameMap) -> None:
    """The writer writes full names and the DATC words, with the result in brackets."""
    text = write_case(read_one(SAMPLE, gmap), gmap)
    assert "England: F North Sea Convoys A Yorkshire - Yorkshire  [illegal]" in text
    assert "Germany: F London - Yorkshire  [succeeds; 1982: fails; paradox=all_hold: fails]" in text
    assert "England: A Yorkshire dislodged from London" in text


def test_phase_after() -> None:
    """The phase after a phase follows the standard sequence."""
    spring = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    assert phase_after(spring, True) == Phase(1901, Season.SPRING, PhaseKind.RETREAT)
    assert phase_after(spring, False) == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    assert phase_after(Phase(1901, Season.FALL, PhaseKind.RETREAT), False).season is Season.WINTER
    assert phase_after(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT), False) == Phase(
        1902, Season.SPRING, PhaseKind.MOVEMENT)


def test_parse_phase_rejects_garbage() -> None:
    """A phase line must be season, year and kind."""
    assert parse_phase("fall 1905, adjustment") == Phase(1905, Season.FALL, PhaseKind.ADJUSTMENT)
    with pytest.raises(ValueError, match="Summery"):
        parse_phase("Summery 1901 Movement")


def test_parse_phase_reads_autumn_and_plurals() -> None:
    """``Autumn`` (the seed texts' word) is ``Fall``; ``Retreats`` and ``Adjustments`` are read too."""
    assert parse_phase("Autumn 1901 Movement") == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    assert parse_phase("autumn 1902 Retreats") == Phase(1902, Season.FALL, PhaseKind.RETREAT)
    assert parse_phase("Winter 1902 Adjustments") == Phase(1902, Season.WINTER, PhaseKind.ADJUSTMENT)


def test_expected_value() -> None:
    """Expected normalises words, hashes, and names the result and the fate."""
    e = Expected(" Fails,Destroyed ", {" 1982 ": "Succeeds"})
    assert e.words == "fails, destroyed" and e.result == "fails" and e.fate == "destroyed"
    assert dict(e.alternatives) == {"1982": "succeeds"}
    assert hash(e) == hash(Expected("fails, destroyed", {"1982": "succeeds"}))
    assert Expected("given").fate is None


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.name)
def test_bundled_file_round_trip(path: Path, gmap: GameMap) -> None:
    """Every bundled case reads, and writing then reading it gives the same case."""
    cases = load_cases(path, gmap)
    assert cases
    for case in cases:
        assert read_cases(write_case(case, gmap), "w", gmap) == [case], case.id


def test_bundled_files_hold_all_datc_cases(gmap: GameMap) -> None:
    """The bundled files are one per DATC section and hold the 176 chapter-6 cases."""
    assert [p.name for p in BUNDLED] == sorted(name for name, _ in SECTIONS.values())
    ids = [c.id for p in BUNDLED for c in load_cases(p, gmap)]
    assert len(ids) == len(set(ids)) == 176
    assert all(isinstance(s, Step) for p in BUNDLED for c in load_cases(p, gmap) for s in c.steps)


def test_convert_of_own_format_keeps_cases(gmap: GameMap) -> None:
    """convert() on a dipsat file gives that section's file with the same cases."""
    files = convert(DATACASES / "datc_6A_basic.txt", gmap)
    assert list(files) == ["datc_6A_basic.txt"]
    assert read_cases(files["datc_6A_basic.txt"], "c", gmap) == load_cases(
        DATACASES / "datc_6A_basic.txt", gmap)
    assert "L. B. Kruijswijk" in files["datc_6A_basic.txt"]


def test_convert_keeps_alternatives(gmap: GameMap) -> None:
    """The alternatives merged into a bundled file survive a rewrite unchanged."""
    path = DATACASES / "datc_6F_convoys.txt"
    cases = load_cases(path, gmap)
    assert any(e is not None and e.alternatives for c in cases for s in c.steps for e in s.expected)
    assert read_cases(convert(path, gmap)[path.name], "c", gmap) == cases


def test_sniff_and_load_any(tmp_path: Path, gmap: GameMap) -> None:
    """The format is told by PHASE spring|winter, VARIANT_ALL/PRESTATE, else dipsat's own."""
    assert sniff("CASE 6.A.1\nPHASE spring\nEND\n") == "transcription"
    assert sniff("VARIANT_ALL Standard\nCASE 6.A.1\n") == "jdip"
    assert sniff("CASE 6.A.1\nPRESTATE\n") == "jdip"
    assert sniff(SAMPLE) == "dipsat"
    path = tmp_path / "own.txt"
    path.write_text(SAMPLE, encoding="utf-8")
    assert load_any(path, gmap) == read_cases(SAMPLE, "x", gmap)


def errors_at(text: str, gmap: GameMap, tmp_path: Path) -> CaseFileError:
    """Write ``text`` to a file, load it, and return the error."""
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CaseFileError) as info:
        load_cases(path, gmap)
    assert info.value.source == str(path)
    return info.value


HEAD = "CASE 1\nPHASE Spring 1901 Movement\nUNITS\n"


@pytest.mark.parametrize(("text", "line", "quoted"), [
    (HEAD + "England: F Nowhere Sea\nEND\n", 4, "Nowhere Sea"),
    (HEAD + "England: X North Sea\nEND\n", 4, "X North Sea"),
    (HEAD + "England F North Sea\nEND\n", 4, "England F North Sea"),
    (HEAD + "Atlantis: F North Sea\nEND\n", 4, "Atlantis"),
    (HEAD + "UNTIS\nEND\n", 4, "UNTIS"),
    (HEAD + "ORDERS\nEngland: F North Sea flies to Mars\nEND\n", 5, "flies to Mars"),
    (HEAD + "ORDERS\nEngland: F Narnia - North Sea [fails]\nEND\n", 5, "Narnia"),
    (HEAD + "ORDERS\nEngland: F North Sea H [fails; 1982]\nEND\n", 5, "1982"),
    (HEAD + "AUTO\nEngland: Disband F North Sea [succeeds]\nEND\n", 5, "AUTO"),
    ("garbage before any case\n", 1, "garbage"),
    ("CASE 1\nPHASE Spring 1901 Movment\nEND\n", 2, "Movment"),
    ("CASE 1\nEND\n", 2, "no PHASE"),
    (HEAD + "England: F North Sea\nCASE 2\n", 1, "case 1 has no END"),
    (HEAD + "England: F North Sea\n", 1, "case 1 has no END"),
    (HEAD + "END\n" + HEAD + "END\n", 5, "duplicate case id '1'"),
    (HEAD + "England: F London\nEngland: A London\nEND\n", 5, "two units"),
    (HEAD + "ORDERS\nAFTER\nORDERS\nEND\n", 6, "ORDERS after AFTER"),
    ("CASE 1\nPHASE Spring 1901 Movement\nTITLE late\nEND\n", 3, "before PHASE"),
    (HEAD + "ORDERS\nUNITS\nEND\n", 5, "UNITS belongs to the start"),
])
def test_error_has_file_line_and_quote(text: str, line: int, quoted: str, gmap: GameMap,
                                       tmp_path: Path) -> None:
    """Each malformed file raises CaseFileError with file, line and the bad text."""
    error = errors_at(text, gmap, tmp_path)
    assert error.line == line
    assert quoted in str(error) and "\n" not in str(error)


def test_order_error_is_chained(gmap: GameMap) -> None:
    """An unreadable order raises CaseFileError caused by the OrderError."""
    with pytest.raises(CaseFileError) as info:
        read_cases(HEAD + "ORDERS\nEngland: F North Sea - Mars\nEND\n", "s", gmap)
    assert isinstance(info.value.__cause__, OrderError)
    assert str(info.value).startswith("s:5: ")


def test_unit_that_cannot_stand_there(gmap: GameMap, tmp_path: Path) -> None:
    """A unit written where it cannot stand (army at sea, fleet inland) is an error with its line."""
    for unit, words in (("A North Sea", "army cannot stand"), ("F Munich", "fleet cannot stand"),
                        ("F Spain", "must name its coast")):
        text = f"CASE 1\nPHASE Spring 1901 Movement\nUNITS\nEngland: {unit}\nEND\n"
        message = str(errors_at(text, gmap, tmp_path))
        assert ":4:" in message and words in message and unit in message


def test_empty_file(gmap: GameMap, tmp_path: Path) -> None:
    """A file without cases (empty or only comments) is an error naming the file."""
    assert "no cases" in str(errors_at("", gmap, tmp_path))
    assert "no cases in" in str(errors_at("# nothing\n\n", gmap, tmp_path))


def test_not_utf8(gmap: GameMap, tmp_path: Path) -> None:
    """Bytes that are not UTF-8 give the line of the bad byte."""
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"CASE 1\nTITLE Caf\xe9\nPHASE Spring 1901 Movement\nEND\n")
    with pytest.raises(CaseFileError, match="0xe9") as info:
        load_cases(path, gmap)
    assert (info.value.source, info.value.line) == (str(path), 2)


def test_missing_file(gmap: GameMap, tmp_path: Path) -> None:
    """A missing file is a CaseFileError (caused by FileNotFoundError), an InputError too."""
    with pytest.raises(CaseFileError, match="missing.txt") as info:
        load_cases(tmp_path / "missing.txt", gmap)
    assert isinstance(info.value, InputError)
    assert isinstance(info.value.__cause__, FileNotFoundError)


def test_writer_refuses_comment_sign(gmap: GameMap) -> None:
    """A title with '#' cannot be written (it would be read as a comment)."""
    case = read_one(SAMPLE, gmap)
    bad = Case(id=case.id, title="a # b", start=case.start, steps=case.steps)
    with pytest.raises(ValueError, match="#"):
        write_case(bad, gmap)
