"""Tests of dipsat.model.datc_transcription (the DATC v3.2 line format)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from dipsat.model.casefiles import (
    Alternative, apply_alternatives, convert, load_alternatives, read_alternatives,
)
from dipsat.model.cases import Case, Expected, load_cases
from dipsat.model.datc_transcription import ERRATA, load_transcription, read_transcription
from dipsat.model.errors import CaseFileError
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import format_order
from dipsat.model.types import (
    Build, Disband, Dislodged, Location, Phase, PhaseKind, Piece, Retreat, Season, SupportMove,
    Unit, UnitType, Waive,
)

SHARED = Path(__file__).resolve().parents[2] / "shared" / "datc"
TRANSCRIPTION = SHARED / "DATC_v3_2_chapter6_transcribed.txt"
DATACASES = Path(__file__).resolve().parents[1] / "datacases"
ALTERNATIVES = DATACASES / "datc_alternatives.psv"
needs_shared = pytest.mark.skipif(not TRANSCRIPTION.is_file(),
                                  reason=f"DATC transcription not found at {TRANSCRIPTION}")


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


def one(text: str, gmap: GameMap) -> Case:
    """Read a transcription text holding one case."""
    cases = read_transcription(text, "t.txt", gmap)
    assert len(cases) == 1
    return cases[0]


QUIRKS = """\
# header comment
CASE 6.Z.1
TITLE A CASE WITH QUIRKS
PHASE spring
England owns F London

Germany:
F London - North Sea [illegal]
A Munich Supports A Berlin - Kiel [Given]
A Berlin - Kiel [succeeds]

Austria
F Kiel Holds [dislodged]
F Gascony - Spain [succeeds]

RETREATS

Austria:
F Kiel - Baltic Sea [succeeds]
END
"""


def test_board_from_orders_and_owns_lines(gmap: GameMap) -> None:
    """Units are the ordered units (owner = header) plus owns lines, which win."""
    case = one(QUIRKS, gmap)
    assert case.title == "A case with quirks"
    assert case.start.units == {
        "lon": Piece("England", F("lon")), "mun": Piece("Germany", A("mun")),
        "ber": Piece("Germany", A("ber")), "kie": Piece("Austria", F("kie")),
        "gas": Piece("Austria", F("gas"))}
    assert case.steps[0].orders[0].power == "Germany"


def test_words_normalised_and_after_derived(gmap: GameMap) -> None:
    """'Given' reads as 'given'; the board after follows from the stated results."""
    move, retreat = one(QUIRKS, gmap).steps
    assert move.expected[1] == Expected("given")
    assert move.after is not None and move.after.phase == Phase(1901, Season.SPRING, PhaseKind.RETREAT)
    assert move.after.units["kie"] == Piece("Germany", A("kie"))
    assert move.after.units["spa"] == Piece("Austria", F("spa", "nc"))  # the implied coast
    assert move.after.dislodged == {"kie": Dislodged(Piece("Austria", F("kie")), "ber")}
    assert retreat.orders == (Retreat("Austria", F("kie"), Location("bal")),)
    assert retreat.after is not None and not retreat.after.dislodged
    assert retreat.after.units["bal"] == Piece("Austria", F("bal"))
    assert retreat.after.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)


WINTER = """\
CASE 6.Z.2
TITLE WINTER
PHASE winter
Russia owns SC Moscow
Russia owns SC Warsaw
Russia owns A Warsaw
Russia owns F North Sea
Russia owns F Skagerrak

Russia:
Build A Moscow [succeeds]
Build A Moscow [illegal]
Disband F Skagerrak [succeeds]
[Automatic disband F North Sea]
END
"""


def test_winter_case(gmap: GameMap) -> None:
    """Winter: owns lines only, SC lines are centres, builds add, disbands remove, AUTO kept."""
    case = one(WINTER, gmap)
    step = case.steps[0]
    assert case.start.phase == Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert case.start.centres == {"mos": "Russia", "war": "Russia"}
    assert set(case.start.units) == {"war", "nth", "ska"}
    assert step.orders[:2] == (Build("Russia", A("mos")), Build("Russia", A("mos")))
    assert step.auto == (Disband("Russia", F("nth")),)
    assert step.after is not None and set(step.after.units) == {"war", "mos"}
    assert step.after.centres == case.start.centres
    assert step.after.phase == Phase(1902, Season.SPRING, PhaseKind.MOVEMENT)


D8 = """\
CASE 6.D.8
TITLE FAILED CONVOY CANNOT RECEIVE HOLD SUPPORT
PHASE spring
Austria:
F Ionian Sea Holds [stands]
A Serbia Supports A Albania - Greece [given]
A Albania - Greece [succeeds]

Turkey:
A Greece - Naples [invalid, dislodged]
A Bulgaria Supports A Greece [invalid]
END
"""


def test_erratum_applied(gmap: GameMap) -> None:
    """6.D.8's A Greece, dislodged with no retreat, is corrected to destroyed and is gone."""
    step = one(D8, gmap).steps[0]
    assert ERRATA[("6.D.8", "A Greece - Naples")] == ("invalid, dislodged", "invalid, destroyed")
    assert step.expected[3] == Expected("invalid, destroyed")
    assert step.after is not None and not step.after.dislodged
    assert step.after.units["gre"] == Piece("Austria", A("gre"))


def test_erratum_that_no_longer_matches_is_an_error(gmap: GameMap) -> None:
    """An erratum whose words changed in the source is reported, not applied silently."""
    with pytest.raises(CaseFileError, match="erratum"):
        one(D8.replace("[invalid, dislodged]", "[invalid, destroyed]"), gmap)


def test_contradicting_results_are_an_error(gmap: GameMap) -> None:
    """Results that leave two units in one province raise with the case's line."""
    text = D8.replace("6.D.8", "6.Z.8").replace("[invalid, dislodged]", "[invalid]")
    with pytest.raises(CaseFileError, match="6.Z.8") as info:
        one(text, gmap)
    assert info.value.line == 1


@pytest.mark.parametrize(("text", "line", "quoted"), [
    ("CASE 6.Z.1\nPHASE spring\nEngland:\nF London Holds [stands]\n", 1, "no END"),
    ("CASE 6.Z.1\nPHASE spring\nAtlantis:\nEND\n", 3, "Atlantis"),
    ("CASE 6.Z.1\nPHASE spring\nF London Holds [stands]\nEND\n", 3, "F London Holds"),
    ("CASE 6.Z.1\nPHASE autumn\nEND\n", 2, "autumn"),
    ("CASE 6.Z.1\nPHASE spring\nEngland:\nF Londres Holds [stands]\nEND\n", 4, "Londres"),
    ("", None, "no cases"),
])
def test_errors(text: str, line: int | None, quoted: str, gmap: GameMap) -> None:
    """Bad transcription text raises CaseFileError with source, line and the bad text."""
    with pytest.raises(CaseFileError, match=quoted) as info:
        read_transcription(text, "t.txt", gmap)
    assert (info.value.source, info.value.line) == ("t.txt", line)


@pytest.fixture(scope="module")
def datc(gmap: GameMap) -> dict[str, Case]:
    """Every case of the shared transcription, by id."""
    return {c.id: c for c in load_transcription(TRANSCRIPTION, gmap)}


@needs_shared
def test_all_176_cases(datc: dict[str, Case]) -> None:
    """The transcription holds the 176 DATC v3.2 chapter-6 cases, each with results."""
    assert len(datc) == 176
    assert all(e is not None for c in datc.values() for s in c.steps for e in s.expected)
    assert sum(len(c.steps) == 2 for c in datc.values()) == 17


@needs_shared
def test_all_errata_applied(datc: dict[str, Case], gmap: GameMap) -> None:
    """Every erratum is applied: its words replace the transcribed ones; a unit tagged destroyed
    is absent afterwards, any other (6.D.4's cut support) still stands where it was."""
    for (case_id, order_text), (_, new) in ERRATA.items():
        step = datc[case_id].steps[0]
        texts = [format_order(o, gmap, style="long") for o in step.orders]
        i = texts.index(order_text)
        assert step.expected[i] == Expected(new)
        order = step.orders[i]
        assert not isinstance(order, Waive) and step.after is not None
        assert order.unit.province not in step.after.dislodged
        start = datc[case_id].start.units[order.unit.province]
        if "destroyed" in new:
            assert start not in step.after.units.values()
        else:
            assert step.after.units[order.unit.province] == start


@needs_shared
def test_hand_checked_after_positions(datc: dict[str, Case]) -> None:
    """Boards after 6.A.5, 6.F.21, 6.H.9, 6.B.10 and 6.J.2, checked by hand against the DATC."""
    a5 = datc["6.A.5"].steps[0].after
    assert a5 is not None and a5.units["yor"] == Piece("Germany", F("yor"))
    assert a5.dislodged == {"yor": Dislodged(Piece("England", A("yor")), "lon")}
    f21 = datc["6.F.21"].steps[0].after
    assert f21 is not None and not f21.dislodged
    assert (f21.units["cly"], f21.units["nao"]) == (Piece("Russia", A("cly")), Piece("France", F("nao")))
    h9_move, h9_retreat = datc["6.H.9"].steps
    assert h9_move.after is not None and set(h9_move.after.dislodged) == {"kie", "pru"}
    assert h9_retreat.after is not None and h9_retreat.after.units["ber"] == Piece("Germany", F("ber"))
    assert "pru" in h9_retreat.after.units and h9_retreat.after.units["pru"].power == "Germany"
    b10 = datc["6.B.10"]
    assert b10.start.units["spa"] == Piece("France", F("spa", "sc"))
    assert b10.steps[0].after is not None and set(b10.steps[0].after.units) == {"lyo"}
    j2 = datc["6.J.2"].steps[0]
    assert j2.auto == (Disband("France", F("eng")),)
    assert j2.after is not None and set(j2.after.units) == {"par"}


@needs_shared
def test_verbatim_quirks_kept(datc: dict[str, Case]) -> None:
    """6.D.35 keeps 'F Armenia'; several orders for one unit stay separate orders."""
    d35 = datc["6.D.35"].steps[0].orders
    assert any(isinstance(o, SupportMove) and o.target == F("arm") for o in d35)
    assert datc["6.I.7"].steps[0].orders == (Build("Russia", A("mos")),) * 2
    assert len(datc["6.J.2"].steps[0].orders) == 2
    assert datc["6.C.8"].steps[0].orders[-1].power == "Austria"


@needs_shared
def test_bundled_files_are_regenerated_exactly(gmap: GameMap) -> None:
    """convert() of the transcription and the alternatives gives exactly the bundled files."""
    for name, text in convert(TRANSCRIPTION, gmap, alternatives=ALTERNATIVES).items():
        assert (DATACASES / name).read_text(encoding="utf-8") == text, name


@needs_shared
def test_alternatives_change_no_default_result(gmap: GameMap) -> None:
    """Without the alternatives the same cases come out, default words and boards unchanged."""
    plain = {c.id: c for c in load_transcription(TRANSCRIPTION, gmap)}
    for name, text in convert(TRANSCRIPTION, gmap).items():
        assert "; " not in "".join(line for line in text.splitlines() if "[" in line), name
    bundled = {c.id: c for p in sorted(DATACASES.glob("datc_6*.txt")) for c in load_cases(p, gmap)}
    for case_id, case in bundled.items():
        for mine, theirs in zip(case.steps, plain[case_id].steps, strict=True):
            assert [e and e.words for e in mine.expected] == [e and e.words for e in theirs.expected]
            assert (mine.orders, mine.auto, mine.after) == (theirs.orders, theirs.auto, theirs.after)


def test_every_alternative_lands_in_exactly_one_order(gmap: GameMap) -> None:
    """Each line of datc_alternatives.psv is the alternative of exactly one bundled order."""
    alternatives = load_alternatives(ALTERNATIVES)
    assert len(alternatives) >= 100
    bundled = {c.id: c for p in sorted(DATACASES.glob("datc_6*.txt")) for c in load_cases(p, gmap)}
    landed = 0
    for alt in alternatives:
        case = bundled[alt.case]
        hits = [e for s in case.steps for o, e in zip(s.orders, s.expected, strict=True)
                if alt.order in (format_order(o, gmap, style="long"),
                                 f"{o.power}: {format_order(o, gmap, style='long')}")]
        assert len(hits) == 1, f"line {alt.line}: {alt}"
        assert hits[0] is not None and hits[0].alternatives.get(alt.key) == alt.words, f"line {alt.line}"
        landed += 1
    total = sum(len(e.alternatives) for c in bundled.values() for s in c.steps
                for e in s.expected if e is not None)
    assert landed == total  # nothing in the bundled files that the alternatives file lacks


@needs_shared
def test_no_alternative_is_pending(gmap: GameMap) -> None:
    """No '# PENDING ' line is left (every choice the alternatives name is offered), and every
    line, commented or not, names exactly one order."""
    text = ALTERNATIVES.read_text("utf-8")
    assert not [line for line in text.splitlines() if line.startswith("# PENDING ")]
    alternatives = read_alternatives(text, str(ALTERNATIVES))
    assert len(alternatives) == len(load_alternatives(ALTERNATIVES))
    apply_alternatives(load_transcription(TRANSCRIPTION, gmap), alternatives, gmap)


ALT_CASE = """\
CASE 6.Z.9
TITLE TWO BOUNCES
PHASE spring
Austria:
A Vienna - Tyrolia [fails]
A Budapest - Galicia [fails]

Italy:
A Venice - Tyrolia [fails]

Russia:
A Warsaw - Galicia [fails]
END
"""


def test_read_and_apply_alternatives(gmap: GameMap) -> None:
    """Alternatives name an order with or without its power and keep their file order."""
    alts = read_alternatives(
        "# comment\n"
        "6.Z.9 | Austria: A Vienna - Tyrolia | 1982 | Succeeds  # trailing comment\n"
        "6.Z.9 | A Vienna - Tyrolia | paradox=all_hold | fails, dislodged\n", "alts.txt")
    assert alts == [Alternative("6.Z.9", "Austria: A Vienna - Tyrolia", "1982", "succeeds", "alts.txt", 2),
                    Alternative("6.Z.9", "A Vienna - Tyrolia", "paradox=all_hold", "fails, dislodged",
                                "alts.txt", 3)]
    case = apply_alternatives([one(ALT_CASE, gmap)], alts, gmap)[0]
    assert case.steps[0].expected[0] == Expected("fails", {"1982": "succeeds",
                                                           "paradox=all_hold": "fails, dislodged"})
    assert case.steps[0].expected[1:] == one(ALT_CASE, gmap).steps[0].expected[1:]


@pytest.mark.parametrize(("line", "quoted"), [
    ("6.Z.9 | Austria: A Vienna - Bohemia | 1982 | succeeds", "matches no order"),
    ("6.Z.9 | Italy: A Vienna - Tyrolia | 1982 | succeeds", "matches no order"),
    ("6.Z.8 | Austria: A Vienna - Tyrolia | 1982 | succeeds", "no case"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | 1982 | fails", "equal the default"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | 1982 | succeeds\n"
     "6.Z.9 | A Vienna - Tyrolia | 1982 | stands", "already has"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | 1982 | suceeds", "not result words"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | 1982 | dislodged, fails", "not result words"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | 1982,paradox=1971 | succeeds", "key"),
    ("6.Z.9 | Austria: A Vienna - Tyrolia | succeeds", "CASE_ID | ORDER | KEY | WORDS"),
])
def test_bad_alternative_names_its_line(line: str, quoted: str, gmap: GameMap) -> None:
    """An alternative that is malformed or does not name exactly one order is an error at its line."""
    text = "# header\n" + line + "\n"
    with pytest.raises(CaseFileError, match=re.escape(quoted)) as info:
        apply_alternatives([one(ALT_CASE, gmap)], read_alternatives(text, "alts.txt"), gmap)
    assert (info.value.source, info.value.line) == ("alts.txt", text.count("\n"))


def test_alternative_matching_two_orders_is_an_error(gmap: GameMap) -> None:
    """An order text that two orders of the case share is ambiguous."""
    text = ALT_CASE.replace("A Budapest - Galicia [fails]", "A Vienna - Tyrolia [fails]")
    alts = read_alternatives("6.Z.9 | A Vienna - Tyrolia | 1982 | succeeds\n", "alts.txt")
    with pytest.raises(CaseFileError, match="matches 2 orders") as info:
        apply_alternatives(read_transcription(text, "t.txt", gmap), alts, gmap)
    assert info.value.line == 1
