"""The Hitchhiker's Guide (cb36): every case of datacases/hitchhiker.txt is its own test; the DATC
under the variant, with the cases that cannot apply listed with their reason; the order reader;
the end of the game."""
from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from dipsat.cli.deviations import DEVIATIONS
from dipsat.cli.runner import alternative_keys, run_case
from dipsat.model.board import Lasting, RemoveCentre
from dipsat.model.casefiles import load_any
from dipsat.model.cases import load_cases
from dipsat.model.types import Location, Phase, PhaseKind, Position, Season
from dipsat.variants import HITCHHIKER, find_variant, read_order
from dipsat.variants.hitchhiker import Lift
from dipsat.variants.hitchhiker.orders import read_hitchhiker_order

ROOT = Path(__file__).resolve().parents[1]
DATACASES = ROOT / "datacases"
CASES = load_cases(DATACASES / "hitchhiker.txt", order_reader=read_order)
DATC = [c for f in sorted(DATACASES.glob("datc_6*.txt")) for c in load_any(f, order_reader=read_order)]

CANNOT_APPLY = {
    "6.D.6": "F Prussia without a coast: Prussia has two coasts on this board (rule 3), so the fleet "
             "the case places is no unit of this board and cannot support the Baltic",
    "6.D.7": "F Prussia without a coast (rule 3): its support of the Baltic is illegal, not invalid",
    "6.D.27": "F Prussia without a coast (rule 3): its support of the Baltic is illegal",
    "6.F.28": "F Prussia without a coast (rule 3): its move to the Baltic is illegal",
    "6.F.29": "F Prussia without a coast (rule 3): its move to the Baltic is illegal",
    "6.D.34": "the dislodged army in Prussia can retreat to Danzig, a province rule 3 adds",
    "6.F.21": "the dislodged fleet in the North Atlantic can retreat to Iceland or Ireland, provinces rule 3 adds",
}
"""DATC cases whose result changes on this board, with the reason (no special order involved)."""


def test_cases_are_hitchhiker_cases_three_per_element():
    """At least three cases per element of issue 13 (map, coasts, set-up, bubble-cars, hitch-hikers)."""
    assert all(c.variant.split(",")[0] == "hitchhiker" for c in CASES)
    per_element = Counter(c.id.split(".")[1] for c in CASES)
    assert {k: n for k, n in per_element.items() if n < 3} == {}
    assert set(per_element) >= {"M", "C", "S", "B", "H"}


def test_rulings_cite_existing_cases():
    """Every case the rulings cite exists, and every case is cited by some ruling."""
    text = (ROOT / "docs/variants/hitchhiker.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bhh\.[A-Z]\.\d+\b", text))
    ids = {c.id for c in CASES}
    assert cited - ids <= XFAIL_IDS, cited - ids
    assert ids - cited == set()


def test_every_option_is_pinned_by_a_case():
    """Each option's other choice is played by a case that names it (in its VARIANT line, or as the
    key of an other reading's result words)."""
    named = {part for c in CASES for part in c.variant.split(",")[1:]}
    named |= {k for c in CASES for k in alternative_keys(c)}
    for name, opt in HITCHHIKER.options.items():
        for choice in opt.choices:
            if choice != opt.default:
                assert f"{name}={choice}" in named, (name, choice)


XFAIL_IDS: set[str] = set()
"""Cases the rulings cite that are not in the file (none)."""


KNOWN_LIMITS: dict[str, str] = {}
"""Cases of the file that state the reading of the text dipsat does not yet reach, with the reason."""


@pytest.mark.parametrize("case", [
    pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, reason=KNOWN_LIMITS[c.id])]
                 if c.id in KNOWN_LIMITS else []) for c in CASES])
def test_hitchhiker_case(case):
    """The case resolves as its expectations say: each order's result and the board after."""
    report = run_case(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


def _datc_param(case):
    marks = ()
    if case.id in CANNOT_APPLY:
        marks = pytest.mark.xfail(strict=True, reason=CANNOT_APPLY[case.id])
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_datc_param(c) for c in DATC if c.id not in DEVIATIONS])
def test_datc_under_hitchhiker(case):
    """A DATC case with no new unit resolves on this board as in the standard game, but for the
    cases listed in ``CANNOT_APPLY`` (the standard game's own known deviations are left out)."""
    report = run_case(replace(case, variant="hitchhiker"))
    assert report.passed, "\n".join(report.differences)


def test_cannot_apply_cases_exist():
    """Every case listed as unable to apply is a DATC case."""
    assert set(CANNOT_APPLY) <= {c.id for c in DATC}


@pytest.mark.parametrize("text", [
    "F(MAO) L H(Bre)-Gas", "French F(MA0) L H(Bre)-NA0", "F mao L H bre - gas",
    "F Mid-Atlantic Ocean lifts H Brest - Gascony", "A Burgundy gives a lift to H Ruhr - Paris",
    "M(Par) L H(Bur)-Pic", "V(Ice) L H(Cly)-Edi",
])
def test_lift_reads_and_round_trips(text):
    """The lift notations are read, and the short and long forms read back to the same order."""
    gmap = HITCHHIKER.map
    lift = read_hitchhiker_order(gmap, text, "Hitch-hiker", None, PhaseKind.MOVEMENT)
    assert isinstance(lift, Lift)
    for style in ("short", "long"):
        again = read_hitchhiker_order(gmap, lift.format(gmap, style), "Hitch-hiker", None, PhaseKind.MOVEMENT)
        assert replace(again, nation=lift.nation) == lift  # type: ignore[type-var]


def test_standard_orders_are_not_lifts():
    """Orders that happen to contain an L are left to the standard reader."""
    gmap = HITCHHIKER.map
    for text in ("A Livonia - St Petersburg", "F London - English Channel", "A lvp S A lon"):
        assert read_hitchhiker_order(gmap, text, "Russia", None, PhaseKind.MOVEMENT) is None


def test_win_is_a_majority_of_the_centres_on_the_board():
    """Ruling P2: 23 of 44 centres win; with two centres destroyed, 22 of 42."""
    phase = Phase(1905, Season.SPRING, PhaseKind.MOVEMENT)
    centres = sorted(HITCHHIKER.map.supply_centres)
    board = Position(phase, {}, {c: "France" for c in centres[:22]})
    assert HITCHHIKER.winner(board) is None
    assert HITCHHIKER.winner(replace(board, centres={c: "France" for c in centres[:23]})) == "France"
    gone = tuple(Lasting(RemoveCentre(c)) for c in centres[-2:])
    assert HITCHHIKER.winner(replace(board, changes=gone)) == "France"


def test_start_is_the_winter_1900_setup():
    """The game starts at Winter 1900 with no unit and every power owning its homes (ruling S1)."""
    start = HITCHHIKER.start()
    assert str(start.phase) == "Winter 1900 Adjustment"
    assert not start.units
    assert Counter(start.centres.values()) == Counter(
        {"Russia": 4, "Hitch-hiker": 4, "Vogon": 6, **{p: 3 for p in
         ("Austria", "England", "France", "Germany", "Italy", "Turkey")}})


def test_bad_order_line_is_one_clear_error(tmp_path):
    """Text that is no order at all: one line naming the file and line, exit 2, no traceback."""
    case = (DATACASES / "hitchhiker.txt").read_text(encoding="utf-8").split("END")[0] + "END\n"
    bad = case.replace("England: A Ulster - Munster  [illegal]", "England: A Ulster L L L  [illegal]")
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "dipsat.cli.main", "adjudicate", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert "Traceback" not in out.stderr
    assert "bad.txt:" in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_options_are_listed_with_their_questions():
    """``find_variant`` knows the seventeen options (five of issue 14, eight of issue 21, four of the
    variants review); an unknown choice is refused with the known ones."""
    assert set(HITCHHIKER.options) == {"partial_setup", "bubble_sea", "bubble_attack", "vogon_victim", "marvin_vote",
                                       "nbo_1900", "lift_dislodged", "vogon_occupied", "ships_meet", "bubble_swap",
                                       "zaphod_fall", "zaphod_entry", "marvin_strength", "lift_into_ship",
                                       "gargle_retreat", "commanded_retreat",
                                       "ship_retreat"}
    with pytest.raises(ValueError, match="bubble_sea"):
        find_variant("hitchhiker,bubble_sea=sometimes")


def test_lift_location_names():
    """The lift keeps the hitch-hiker's province and the destination as locations."""
    lift = read_hitchhiker_order(HITCHHIKER.map, "F(MAO) L H(Bre)-Gas", "Hitch-hiker", None, PhaseKind.MOVEMENT)
    assert lift is not None and lift.hitchhiker == Location("bre") and lift.dest == Location("gas")


@pytest.mark.parametrize(("units", "line", "words"), [
    ("Hitch-hiker: H North Sea", 5, "a hitch-hiker cannot stand in North Sea"),
    ("France: H Paris", 5, "France never has a hitch-hiker"),
    ("Hitch-hiker: M Paris", 5, "builds only hitch-hikers"),
    ("France: V Paris", 5, "France never has a destructor ship"),
    ("France: M North Sea", 5, "a bubble-car stands at sea only with bubble_sea=yes"),
    ("Marvin: P Bohemia\nMarvin: P Silesia", 6, "Marvin is on the board twice"),
    ("Zaphod: Z Bohemia\nZaphod: Z North Sea", 6, "Zaphod is on the board twice"),
    ("Marvin: P Paris\nFrance: A Paris", 6, "Marvin shares par with a unit that is not retreating"),
    ("Hitch-hiker: H Paris\nHitch-hiker: H Paris\nMarvin: P Paris", 7, "Marvin shares par"),
])
def test_impossible_start_board_is_an_error_with_its_line(units, line, words):
    """A start board no game of the variant reaches is refused by the case reader, naming the
    rule, the file and the line at fault (a board Marvin shares with a retreating unit is fine)."""
    from dipsat.model.cases import read_cases
    from dipsat.model.errors import CaseFileError
    text = f"CASE x\nVARIANT hitchhiker\nPHASE Spring 1901 Movement\nUNITS\n{units}\nORDERS\nEND\n"
    with pytest.raises(CaseFileError, match=rf"bad\.txt:{line}: impossible start board: .*{re.escape(words)}"):
        read_cases(text, "bad.txt", order_reader=read_order)
    if "North Sea" in units and "bubble-car" in words:
        assert read_cases(text.replace("VARIANT hitchhiker", "VARIANT hitchhiker,bubble_sea=yes"), "ok.txt",
                          order_reader=read_order)


def test_marvin_with_a_retreating_unit_is_a_possible_board():
    """Marvin moved in on a unit: it waits to retreat from his province (rule 9)."""
    from dipsat.model.cases import read_cases
    text = ("CASE x\nVARIANT hitchhiker\nPHASE Spring 1901 Retreat\nUNITS\nMarvin: P Paris\nZaphod: Z Paris\n"
            "France: A Paris dislodged from Burgundy\nORDERS\nEND\n")
    assert read_cases(text, "ok.txt", order_reader=read_order)


def test_random_stacks_lifts_and_supports_neither_crash_nor_lose_pieces():
    """Seeded random boards with stacks of hitch-hikers, lifts, supports (same and different) and
    retreats: every phase resolves, and no hitch-hiker appears or vanishes without a result that
    says it was destroyed (pieces carried by a dislodged stack are in the state)."""
    import random

    from dipsat.model.kinds import ARMY, Moves
    from dipsat.model.types import Hold, Move, Piece, Retreat, SupportHold, SupportMove, Tag, Unit
    from dipsat.solver import DATC
    from dipsat.variants.framework.state import state_of
    from dipsat.variants.hitchhiker.kinds import HITCHHIKER_UNIT
    from dipsat.variants.hitchhiker.state import EMPTY

    gmap = HITCHHIKER.map
    land = sorted(p for p, pr in gmap.provinces.items() if pr.terrain.value != "sea" and not pr.coasts)
    rng = random.Random(15)

    def hitchers(pieces):
        return sum(1 for p in pieces if p.unit.kind == HITCHHIKER_UNIT)

    def near(province):
        return sorted(gmap.neighbours(ARMY, Location(province), Moves.ANY_EDGE))

    for _ in range(40):
        region = rng.sample(land, 12)
        board = Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT))
        for p in region[:3]:
            for _ in range(rng.randint(1, 3)):
                board = board.with_piece(Piece("Hitch-hiker", Unit(HITCHHIKER_UNIT, Location(p))))
        for p in region[3:9]:
            board = board.with_piece(Piece(rng.choice(["France", "Germany"]), Unit(ARMY, Location(p))))
        pieces = list(board.all_pieces())
        orders = []
        for _ in range(rng.randint(3, 10)):
            piece, target = rng.choice(pieces), rng.choice(pieces)
            lifters = [q for q in near(piece.unit.province) if q in board.units and board.units[q].unit.kind == ARMY]
            if piece.unit.kind == HITCHHIKER_UNIT and lifters and rng.random() < 0.5:
                lifter = board.units[rng.choice(lifters)].unit
                orders.append(Lift("Hitch-hiker", lifter, piece.unit.location, Location(rng.choice(near(lifter.province)))))
            elif piece.unit.kind == HITCHHIKER_UNIT:
                orders.append(rng.choice([Hold(piece.power, piece.unit), SupportHold(piece.power, piece.unit, target.unit),
                                          SupportMove(piece.power, piece.unit, target.unit,
                                                      Location(rng.choice(near(target.unit.province))))]))
            else:
                orders.append(Move(piece.power, piece.unit, Location(rng.choice(near(piece.unit.province)))))
        res = HITCHHIKER.adjudicate(board, orders, DATC)
        after = res.after
        left = (hitchers(after.all_pieces()) + hitchers(d.piece for d in after.dislodged.values())
                + sum(state_of(after, EMPTY).carried.values()))
        destroyed = any(r.tag is Tag.DESTROYED for r in (*res.results, *res.generated))
        assert left == hitchers(board.all_pieces()) or (left < hitchers(board.all_pieces()) and destroyed), orders
        retreats = [Retreat(d.piece.power, d.piece.unit, Location(rng.choice(near(p))))
                    for p, d in after.dislodged.items() for _ in range(rng.randint(1, 3))]
        if after.dislodged:
            HITCHHIKER.adjudicate(after, retreats, DATC)


def _case(case_id):
    return next(c for c in CASES if c.id == case_id)


def test_a_lift_under_lift_dislodged_fails_is_decided_in_one_solve(monkeypatch):
    """Issue 25: a lift whose lifter is dislodged fails in the same solve (its ``path[...]``
    literal), not by playing the turn again: one model per movement turn (hh.H.37)."""
    from dipsat.variants.hitchhiker import engine

    calls = []
    real = engine.adjudicate_movement
    monkeypatch.setattr(engine, "adjudicate_movement", lambda *a, **k: calls.append(1) or real(*a, **k))
    report = run_case(_case("hh.H.37"), "lift_dislodged=fails")
    assert report.passed, report.differences
    assert [c.actual for c in report.orders][:2] == ["fails", "fails"]
    assert len(calls) == 1


def test_the_lift_paradox_is_settled_as_a_convoy_paradox():
    """Ruling H4: a lift whose success keeps its lifter in place and whose failure dislodges it
    (hh.H.48) is a convoy paradox; the Szykman rule makes the lift not available; its reason is
    the typed backup rule."""
    from dipsat.model.reasons import Backup

    report = run_case(_case("hh.H.48"))
    assert report.passed, report.differences
    (paradox,) = report.resolutions[0].paradoxes
    assert paradox.rule == "Szykman" and paradox.fixed == (("available[F eng H]", False),)
    assert report.orders[0].why == Backup("Szykman", "fails")
