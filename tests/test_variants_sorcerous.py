"""Sorcerous Diplomacy (rb57): every case of datacases/sorcerous.txt is its own test, named by its
id; the options, the spells' effect in the model, the notation and bad input."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dipsat.cli.runner import CaseReport, run_case
from dipsat.model.cases import Case, load_cases
from dipsat.model.errors import OrderError
from dipsat.model.kinds import ARMY
from dipsat.model.types import (
    Dislodged, Location, Move, Phase, PhaseKind, Piece, Position, Season, SupportHold, SupportMove, Unit, UnitType,
)
from dipsat.solver import DATC
from dipsat.solver.legality import ILLEGAL, LEGAL, check_orders
from dipsat.variants import SORCEROUS, find_variant, read_order
from dipsat.variants.framework.record import load_record
from dipsat.variants.framework.replay import play_record
from dipsat.variants.framework.report import game_json, game_text
from dipsat.variants.framework.state import with_state
from dipsat.variants.sorcerous import OPTIONS, Cast, SorcerousState, TakeFamiliar
from dipsat.variants.sorcerous.board import board_in_play
from dipsat.variants.sorcerous.kinds import FAMILIAR, WIZARD
from dipsat.variants.sorcerous.spells import Effect, Spell

ROOT = Path(__file__).resolve().parents[1]
CASES = load_cases(ROOT / "datacases/sorcerous.txt", order_reader=read_order)
GAME = ROOT / "datacases/games/sorcerous_1901_1903.txt"
ELEMENTS = {"W": "wizard building", "C": "casting limits", "H": "rule 2h", "S": "Stasis", "M": "Magic Shield",
            "A": "Wall", "I": "Ice", "F": "Flame", "K": "familiars", "L": "linked deaths", "P": "the spirit"}
SPRING_1901 = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)


def army(province: str) -> Unit:
    return Unit(UnitType.ARMY, Location(province))


def fleet(province: str) -> Unit:
    return Unit(UnitType.FLEET, Location(province))


_REPORTS: dict[str, CaseReport] = {}


def report_of(case: Case) -> CaseReport:
    """The report of ``case`` (a case of :data:`CASES`), run once for the whole module: several
    tests read the same reports (running every case again cost ~2 s of CPU)."""
    if case.id not in _REPORTS:
        _REPORTS[case.id] = run_case(case)
    return _REPORTS[case.id]


@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in CASES])
def test_sorcerous_case(case):
    """The case resolves as its expectations say: each order's result and the board after."""
    report = report_of(case)
    assert report.has_expectations
    assert report.passed, "\n".join(report.differences)


def test_at_least_three_cases_per_element():
    """Each element of the variant (wizards, casting, 2h, five spells, familiars...) has three cases."""
    for letter, element in ELEMENTS.items():
        own = [c for c in CASES if c.id.startswith(f"so.{letter}.")]
        assert len(own) >= 3, element


def test_each_case_step_is_the_phase_the_game_reached():
    """A case's PHASE lines name the phases the game really reaches (the runner plays the stated
    phase), except a Winter written out that the game skips because nobody has anything to adjust."""
    for case in CASES:
        variant, position = find_variant(case.variant), case.start
        for _, line in case.state:  # the case's STATE lines (spells in force...)
            key, _, words = line.partition(":")
            position = variant.state_notation.read(variant, position, key.strip().lower(), words.strip())
        for k, step in enumerate(case.steps):
            skipped_winter = (step.phase.season is Season.WINTER and position.phase ==
                              Phase(step.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT))
            if k:
                assert position.phase == step.phase or skipped_winter, (case.id, k, position.phase, step.phase)
            position = variant.adjudicate(position.with_phase(step.phase), step.orders, DATC).after


def test_rulings_cite_existing_cases():
    """Every case the rulings cite exists, and every element's cases are cited."""
    text = (ROOT / "docs/variants/sorcerous.md").read_text(encoding="utf-8")
    cited = set(re.findall(r"\bso\.[A-Z]\.\d+b?\b", text))
    ids = {c.id for c in CASES}
    assert cited <= ids, cited - ids
    for letter in ELEMENTS:
        assert any(c.startswith(f"so.{letter}.") for c in cited), letter
    for name in OPTIONS:
        assert f"`{name}`" in text, name


def _with_default(spec: str, option: str) -> str:
    return ",".join(p for p in spec.split(",") if not p.startswith(f"{option}="))


@pytest.mark.parametrize("option,choice", [(o.name, c) for o in OPTIONS.values() for c in list(o.choices)[1:]])
def test_every_option_choice_changes_a_case(option, choice):
    """Each non-default choice has a case that passes under it and fails with only that option
    set back to its default: the choice is pinned by an outcome."""
    pinned = [c for c in CASES if f"{option}={choice}" in c.variant.split(",")]
    assert pinned, f"no case uses {option}={choice}"
    changed = [c.id for c in pinned if not run_case(replace(c, variant=_with_default(c.variant, option))).passed]
    assert changed, f"no case changes its outcome when {option}={choice} is set back to the default"


def _variable_names(res) -> set[str]:
    """The names of the variables of a resolved movement phase's model."""
    model = res.model.model
    return {model.name(i) for i in range(len(model.lb))}


def _stasis_position() -> Position:
    state = SorcerousState(wizards=(("France", "par"),),
                           effects=(Effect(Spell.STASIS, ("mun",), 2 * 1901, 2 * 1901 + 1, "France"),))
    board = Position(SPRING_1901, {"par": Piece("France", Unit(WIZARD, Location("par"))), "mun": Piece("Germany", army("mun")),
                                   "bur": Piece("France", army("bur"))})
    return with_state(board, state)


def test_stasis_unit_has_no_move_literal():
    """A unit in Stasis has no move in the model: its move is illegal before the model is built,
    and the model holds no ``moves[...]`` variable for it, while the other unit's move has one."""
    orders = [Move("Germany", army("mun"), Location("ruh")), Move("France", army("bur"), Location("pic"))]
    res = SORCEROUS.adjudicate(_stasis_position(), orders, DATC)
    assert res.results[0].result.value == "illegal" and "Stasis" in res.results[0].reason
    names = _variable_names(res)
    assert any(n.startswith("moves[A bur") for n in names)
    assert not any(n.startswith("moves[A mun") for n in names)
    assert "mun" not in res.model.facts.moves


def test_ice_changes_the_board_in_play():
    """Ice turns the North Sea into land on the board the legality checks and the model read:
    an army walks onto it, a fleet may not sail in, and a shielded fleet's view keeps the sea."""
    base = SORCEROUS.map
    iced = board_in_play(base, frozenset(), frozenset({"nth"}))
    assert not base.army_can_move("hol", "nth") and iced.army_can_move("hol", "nth")
    assert iced.army_can_move("nth", "nwy") and not iced.army_can_move("nth", "nwg")
    assert base.fleet_can_move(Location("nwg"), Location("nth"))
    assert not iced.fleet_can_move(Location("nwg"), Location("nth"))
    shielded = board_in_play(base, frozenset(), frozenset({"nth"}), (("nwg", "shield"),))
    assert shielded.fleet_can_move(Location("nwg"), Location("nth"))
    board = Position(SPRING_1901, {"hol": Piece("France", army("hol")), "nwg": Piece("England", fleet("nwg"))})
    orders = [Move("France", army("hol"), Location("nth")), Move("England", fleet("nwg"), Location("nth"))]
    assert [v.status for v in check_orders(base, board, orders, DATC).verdicts] == [ILLEGAL, LEGAL]
    assert [v.status for v in check_orders(iced, board, orders, DATC).verdicts] == [LEGAL, ILLEGAL]


def test_ice_in_the_game_state_reaches_the_model():
    """Ice in force in the game state: the army's move onto the sea is a literal of the model."""
    state = SorcerousState(effects=(Effect(Spell.ICE, ("nth",), 2 * 1901, 2 * 1901 + 2, "France"),))
    board = with_state(Position(SPRING_1901, {"hol": Piece("France", army("hol"))}), state)
    res = SORCEROUS.adjudicate(board, [Move("France", army("hol"), Location("nth"))], DATC)
    assert res.results[0].result.value == "succeeds"
    assert any(n.startswith("moves[A hol - nth") for n in _variable_names(res))


def test_familiar_is_a_double_unit_kind_read_from_the_board():
    """A familiar is the kind ``2A`` (rule 4: a double army): the board says which unit it is, the
    model reads its strength 2 from the kind, and its support still counts once."""
    board = Position(SPRING_1901, {"par": Piece("France", Unit(WIZARD, Location("par"))),
                                   "bur": Piece("France", Unit(ARMY.modified(FAMILIAR), Location("bur"))),
                                   "ruh": Piece("France", army("ruh")),
                                   "mun": Piece("Germany", army("mun")), "kie": Piece("Germany", army("kie")),
                                   "ber": Piece("Germany", army("ber"))})
    orders = [Move("France", army("bur"), Location("mun")),
              SupportHold("Germany", army("kie"), army("mun")), SupportHold("Germany", army("ber"), army("mun"))]
    res = SORCEROUS.adjudicate(board, orders, DATC)
    assert res.results[0].result.value == "fails"  # 2 against hold 3
    orders = [Move("France", army("ruh"), Location("mun")), SupportMove("France", army("bur"), army("ruh"), Location("mun")),
              SupportHold("Germany", army("kie"), army("mun"))]
    res = SORCEROUS.adjudicate(board, orders, DATC)
    assert res.results[0].result.value == "fails"  # 1 + one support against hold 2: the familiar's support counts once
    assert str(ARMY.modified(FAMILIAR)) == "2A" and ARMY.modified(FAMILIAR).at_scale(1).hold == 2


@pytest.mark.parametrize("text", [
    "W Paris CAST STASIS F Brest", "W Paris CAST SHIELD A Ruhr", "W Paris CAST WALL Burgundy Munich",
    "W Paris CAST ICE North Sea", "W Paris CAST FLAME North Sea", "CAST WALL bur - mun",
    "W Paris FAMILIAR A Burgundy", "Build W Paris", "Build WF Edinburgh", "W Paris CAST FIREBALL"])
def test_orders_read_back_from_their_notation(text):
    """Each Sorcerous order prints in a notation that reads back to the same order."""
    gmap = SORCEROUS.map
    kind = PhaseKind.ADJUSTMENT if text.startswith("Build") else PhaseKind.MOVEMENT
    order = SORCEROUS.parse_order(text, "France", None, kind)
    assert isinstance(order, (Cast, TakeFamiliar)) or text.startswith("Build")
    for style in ("short", "long"):
        assert SORCEROUS.parse_order(order.format(gmap, style), "France", None, kind) == order


@pytest.mark.parametrize("text", ["W Paris CAST WALL Nowhere Munich", "W Paris CAST ICE", "W Paris CAST STASIS",
                                  "CAST WALL Burgundy"])
def test_unreadable_spells_raise_an_order_error(text):
    """A spell that cannot be read (unknown province, missing target) is an error quoting the text."""
    with pytest.raises(OrderError):
        SORCEROUS.parse_order(text, "France", None, PhaseKind.MOVEMENT)


@pytest.mark.parametrize("text", ["W Paris FAMILIAR", "W Paris CAST", "W Paris - Atlantis"])
def test_unreadable_wizard_order_quotes_the_text_as_written(text):
    """An order naming a wizard is read as an army's; its error still quotes the ``W`` written."""
    with pytest.raises(OrderError, match=re.escape(text)):
        SORCEROUS.parse_order(text, "France", None, PhaseKind.MOVEMENT)


def test_wizard_retreat_order_keeps_its_letter_where_its_dislodger_stands():
    """A dislodged wizard's retreat order is the wizard's (``W``), not the army that now stands in
    its province: its echo says ``W`` (case so.W.5: ``W Ruhr Disband`` with ``A Ruhr`` there)."""
    fall = Phase(1901, Season.FALL, PhaseKind.RETREAT)
    board = Position(fall, {"ruh": Piece("France", army("ruh"))},
                     dislodged={"ruh": Dislodged(Piece("Germany", Unit(WIZARD, Location("ruh"))), "bel")})
    for text in ("W Ruhr Disband", "W Ruhr - Munich"):
        order = SORCEROUS.parse_order(text, "Germany", board, PhaseKind.RETREAT)
        assert order.unit == Unit(WIZARD, Location("ruh"))
    case = next(c for c in CASES if c.id == "so.W.5")
    assert "Disband W Ruhr" in [check.order for check in run_case(case).orders]


def _dipsat(*args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "dipsat.cli.main", *args], capture_output=True, text=True,
                          cwd=ROOT, env=env)


def test_unreadable_spell_in_a_case_file_is_one_line_exit_2(tmp_path):
    """Unreadable text: one line naming the file, the line and the text; exit status 2."""
    path = tmp_path / "bad.txt"
    path.write_text("CASE x\nVARIANT sorcerous\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\n"
                    "ORDERS\nFrance: W Paris CAST WALL Nowhere Munich\nEND\n", encoding="utf-8")
    done = _dipsat("adjudicate", str(path))
    assert done.returncode == 2
    assert f"{path}:7:" in done.stderr and "Nowhere" in done.stderr and "Traceback" not in done.stderr


def test_bad_spells_are_illegal_results_with_their_reason():
    """Item 7 of the issue: a spell by a non-wizard, a second spell in a year, a wizard built out
    of its centre or when one exists, an unknown spell, a Wall between non-adjacent provinces, Ice
    on land: each an illegal result naming the reason (the unit holds)."""
    reasons = {}
    for case in CASES:
        report = report_of(case)
        for check in report.orders:
            if check.actual == "illegal":
                reasons.setdefault(case.id, []).append(check.reason)
    wanted = {"so.C.3": "is not France's wizard", "so.C.1": "already cast its spell of 1901",
              "so.W.2": "only in par (rule 2e)", "so.W.3": "already has a wizard", "so.C.4": "unknown spell 'FIREBALL'",
              "so.A.3": "are not adjacent", "so.I.7": "bur is not a sea"}
    for case_id, words in wanted.items():
        assert any(words in r for r in reasons[case_id]), (case_id, reasons[case_id])


def test_game_record_plays_in_both_views():
    """The three-year game plays with every expectation met; both views print the spells in force."""
    report = play_record(load_record(GAME))
    assert report.failed == 0 and report.expectations > 150
    years = {p.phase.year for p in report.phases if p.phase.season is Season.WINTER}
    assert len(years) >= 3
    public, gm = game_text(report), game_text(report, gm=True)
    assert "spell Ice nth (England), Fall 1902 to Fall 1903" in public
    assert "drowned: Flame ended the ice on nth (rule 3)" in gm
    assert "spirit England: from Winter 1903" in gm
    assert game_json(report, gm=True)["phases"][-1]["state"]


def test_game_record_is_deterministic_byte_for_byte():
    """The same record gives the same bytes under two hash seeds (public and GM views)."""
    outs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        outs.append((_dipsat("play", str(GAME), env=env).stdout, _dipsat("play", str(GAME), "--gm", env=env).stdout))
    assert outs[0] == outs[1] and outs[0][0]


def test_datc_passes_as_sorcerous():
    """Rule 1: a game with no wizard is the standard game: every DATC case resolves as there."""
    from dipsat.cli.deviations import DEVIATIONS
    cases = [c for f in sorted((ROOT / "datacases").glob("datc_*.txt")) for c in load_cases(f)]
    failed = [c.id for c in cases if c.id not in DEVIATIONS and not run_case(replace(c, variant="sorcerous")).passed]
    assert len(cases) > 150 and failed == []


def test_unreadable_spell_in_a_game_record_is_one_line_exit_2(tmp_path):
    """A record whose spell cannot be read: one line with file and line, exit 2, no traceback."""
    path = tmp_path / "game.txt"
    path.write_text("GAME g\nVARIANT sorcerous\nPHASE Spring 1901 Movement\nUNITS\nFrance: W Paris\n"
                    "ORDERS\nFrance: W Paris CAST ICE Atlantis\nEND\n", encoding="utf-8")
    done = _dipsat("play", str(path))
    assert done.returncode == 2 and f"{path}:7:" in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("units", "line", "words"), [
    ("France: A North Sea", 5, "stands on a sea that is not iced"),
    ("France: W Paris\nFrance: W Brest", 6, "France has two wizards"),
    ("France: W Paris\nFrance: 2A Brest\nFrance: 2A Picardy", 7, "France has two familiars"),
    ("France: 2A Brest", 5, "has no wizard"),
    ("France: WF Brest", 5, "a fleet wizard under wizard_kind=army"),
    ("France: W Paris\nFrance: XA Brest", 6, "no familiar is of this kind under familiar=double_strength"),
])
def test_impossible_start_board_is_an_error_with_its_line(units, line, words):
    """A start board no Sorcerous game reaches (an army at sea, two wizards, a familiar without its
    wizard) is refused by the case reader, naming the rule, the file and the line at fault."""
    from dipsat.model.cases import read_cases
    from dipsat.model.errors import CaseFileError
    text = f"CASE x\nVARIANT sorcerous\nPHASE Spring 1901 Movement\nUNITS\n{units}\nORDERS\nEND\n"
    with pytest.raises(CaseFileError, match=rf"bad\.txt:{line}: impossible start board: .*{re.escape(words)}"):
        read_cases(text, "bad.txt", order_reader=read_order)


def test_army_on_iced_sea_and_stuck_fleet_are_possible_boards():
    """With the North Sea iced (CHANGES), an army may stand on it, and a fleet may be stuck on it."""
    from dipsat.model.cases import read_cases
    for unit in ("France: A North Sea", "England: F North Sea"):
        text = (f"CASE x\nVARIANT sorcerous\nPHASE Spring 1901 Movement\nUNITS\n{unit}\nCHANGES\n"
                "frozen North Sea until Fall 1901 Retreat\nORDERS\nEND\n")
        assert read_cases(text, "ok.txt", order_reader=read_order)


def test_impossible_record_start_is_an_error_with_its_line():
    """The same check for a game record's own start board (``dipsat play``)."""
    from dipsat.model.errors import CaseFileError
    from dipsat.variants.framework.record import read_record
    text = ("GAME g\nVARIANT sorcerous\nPHASE Spring 1901 Movement\nUNITS\nFrance: W Paris\nFrance: A Brest\n"
            "France: W Picardy\nORDERS\nFrance: W Paris H\nEND\n")
    with pytest.raises(CaseFileError, match=r"rec\.txt:7: impossible start board: France has two wizards"):
        play_record(read_record(text, "rec.txt"))


def test_a_case_read_for_the_variant_reads_its_board_on_the_variant_map():
    """``dipsat adjudicate --variant sorcerous`` (``reader_for``): a case with no VARIANT line reads
    its units with the variant's kinds (``W Paris``) and gets the variant's board check."""
    from dipsat.model.cases import read_cases
    from dipsat.model.errors import CaseFileError
    from dipsat.variants import reader_for
    text = "CASE x\nPHASE Autumn 1901 Movement\nUNITS\nFrance: W Paris\nORDERS\nEND\n"
    case = read_cases(text, "ok.txt", order_reader=reader_for(SORCEROUS))[0]
    assert case.start.units["par"].unit.kind == WIZARD
    with pytest.raises(CaseFileError, match=r"bad\.txt:5: impossible start board: France has two wizards"):
        read_cases(text.replace("ORDERS", "France: W Brest\nORDERS"), "bad.txt", order_reader=reader_for(SORCEROUS))
