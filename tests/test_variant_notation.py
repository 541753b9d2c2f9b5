"""Issue 21, the variant notation in general: a case states an order's result under a variant's
option (``[...; bubble_sea=yes: words]``); ``dipsat rules VARIANT`` lists the options;
``--variant`` merges with a file's own ``VARIANT`` line; ``adjudicate --case`` reads only the
cases it is asked for."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.cli.runner import run_case, split_key
from dipsat.model.cases import read_cases
from dipsat.model.errors import CaseFileError
from dipsat.variants import HITCHHIKER, find_variant, read_order
from dipsat.variants import merge_specs
from dipsat.variants.framework.options import VariantOptionError
from dipsat.variants.framework.record import load_record
from dipsat.variants.framework.replay import play_record

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "datacases" / "games"

BOTH_READINGS = """
CASE t.1
TITLE a bubble-car's supported attack, under both readings of 'half strength'
VARIANT hitchhiker
PHASE Spring 1901 Movement
UNITS
France: M Burgundy
France: A Ruhr
Germany: A Munich
ORDERS
France: M Burgundy - Munich  [succeeds; bubble_attack=all_half: fails]
France: A Ruhr Supports M Burgundy - Munich  [given]
Germany: A Munich Holds  [dislodged; bubble_attack=all_half: stands]
AFTER
France: M Munich
France: A Ruhr
Germany: A Munich dislodged from Burgundy
END
"""


def _case(text: str = BOTH_READINGS):
    return read_cases(text, "t.txt", order_reader=read_order)[0]


def test_an_option_key_states_the_other_reading():
    """Under the default the first words hold; under the key's option its words; each reading is
    checked (a wrong expectation under either fails)."""
    case = _case()
    assert run_case(case).passed
    assert run_case(case, "bubble_attack=all_half").passed
    wrong = _case(BOTH_READINGS.replace("bubble_attack=all_half: fails", "bubble_attack=all_half: succeeds"))
    assert run_case(wrong).passed and not run_case(wrong, "bubble_attack=all_half").passed


def test_an_option_key_may_name_rules_too():
    """A key splits into the rules part and the variant's own options."""
    assert split_key(HITCHHIKER, "1982,bubble_sea=yes") == ("1982", {"bubble_sea": "yes"})
    assert split_key(HITCHHIKER, "paradox=all_hold") == ("paradox=all_hold", {})
    assert split_key(None, "bubble_sea=yes") == ("bubble_sea=yes", {})


def test_an_unknown_option_key_is_an_error_at_its_line():
    """A key that is neither rules nor an option of the case's variant: an error naming the line."""
    case = _case(BOTH_READINGS.replace("bubble_attack=all_half: fails", "bubble_attack=quarter: fails"))
    with pytest.raises(CaseFileError, match=r"t.txt:11: .*quarter"):
        run_case(case)


def test_merge_keeps_the_files_options():
    """The file's options hold unless the command line names the same option; a standard file
    is played as the given variant; another variant is an error."""
    assert merge_specs("gathering", "gathering,seed=11") == "gathering,seed=11"
    assert merge_specs("gathering,seed=4", "gathering,seed=11") == "gathering,seed=4"
    assert merge_specs("cb36,bubble_sea=yes", "hitchhiker,marvin_vote=majority") == \
        "cb36,marvin_vote=majority,bubble_sea=yes"
    assert merge_specs("hitchhiker", "standard") == "hitchhiker"
    with pytest.raises(VariantOptionError, match="another variant"):
        merge_specs("telepath", "hitchhiker,bubble_sea=yes")


def test_a_records_own_options_survive_variant_on_the_command_line():
    """play --variant NAME on a record whose VARIANT line has options keeps them."""
    record = load_record(GAMES / "sorcerous_1901_1903.txt")
    own = find_variant(record.variant)
    game = play_record(record, "sorcerous")
    assert dict(game.variant.choices) == dict(own.choices)
    with pytest.raises(CaseFileError, match="another variant"):
        play_record(record, "telepath")


def test_adjudicate_variant_keeps_a_cases_options(capsys):
    """adjudicate --variant hitchhiker on the Hitchhiker cases: the cases naming an option keep it."""
    code = main(["adjudicate", str(ROOT / "datacases/hitchhiker.txt"), "--variant", "hitchhiker",
                 "--case", "hh.B.6", "--case", "hh.P.6", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["summary"]["passed"] == 2


def test_adjudicate_case_reads_only_that_case(capsys):
    """--case X under --variant hitchhiker: another case of the file that cannot be read under the
    variant (a fleet in Prussia without a coast) does not stop it."""
    code = main(["adjudicate", str(ROOT / "datacases/datc_6D_supports.txt"), "--variant", "hitchhiker",
                 "--case", "6.D.1", "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert code == 0 and doc["summary"]["cases"] == 1
    assert main(["adjudicate", str(ROOT / "datacases/datc_6D_supports.txt"), "--variant", "hitchhiker"]) == 2


def test_rules_lists_a_variants_options(capsys):
    """dipsat rules hitchhiker and dipsat rules --variant hitchhiker,...: every option, its choices,
    its default, the sentence it rests on; the choice in force marked."""
    assert main(["rules", "hitchhiker"]) == 0
    text = capsys.readouterr().out
    for opt in HITCHHIKER.options.values():
        assert opt.name in text and opt.sentence and f'"{opt.sentence}"' in text
    assert main(["rules", "--variant", "hitchhiker,bubble_sea=yes", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["in_force"]["bubble_sea"] == "yes"
    assert doc["options"]["bubble_sea"]["default"] == "no"
    assert main(["rules", "1982"]) == 0 and "rules in force: 1982" in capsys.readouterr().out


STATED = """
CASE s.1
VARIANT hitchhiker
PHASE Spring 1902 Movement
UNITS
Vogon: V Helgoland Bight
Hitch-hiker: H Paris
Hitch-hiker: H Paris
France: A Picardy
CENTRES
Germany: Kiel
STATE
Vogon-proof: Kiel, Iceland
ORDERS
Vogon: V Helgoland Bight - Kiel  [fails, destroyed]
Hitch-hiker: A Picardy L H Paris - Belgium  [succeeds]
AFTER
Hitch-hiker: H Paris
Hitch-hiker: H Belgium
France: A Picardy
STATE
Vogon-proof: kie
END
"""


def test_state_lines_set_the_variants_state_and_after_checks_it():
    """A case states a secret Vogon-proof centre at its start (the ship dies on it) and reads it
    back after the phase; the stack split by the lift is checked in AFTER, piece by piece."""
    case = _case(STATED)
    assert case.state == ((13, "Vogon-proof: Kiel, Iceland"),)
    report = run_case(case)
    assert report.passed, report.differences
    wrong = run_case(_case(STATED.replace("Vogon-proof: kie\n", "Vogon-proof: Spain\n")))
    assert any("state vogon-proof (line 22): expected spa, got kie" in d for d in wrong.differences)
    stack = run_case(_case(STATED.replace("Hitch-hiker: H Belgium\n", "Hitch-hiker: H Paris\n")))
    assert any("also in par" in d or "bel" in d for d in stack.differences), stack.differences
    without = run_case(_case(STATED.replace("STATE\nVogon-proof: Kiel, Iceland\n", "").replace(": kie", ": none")))
    assert not without.passed  # without the statement the ship destroys Kiel (rule 7b)


@pytest.mark.parametrize("text, words", [
    ("Vogon-proof: Atlantis", "unknown province"), ("Vogon-proof: Ruhr", "no supply centre"),
    ("Sunglasses: Munich", "no unit in mun"), ("Colour: blue", "unknown key 'colour'"),
    ("Seed: twelve", "whole number")])
def test_a_state_line_the_variant_cannot_read_is_an_error_at_its_line(text, words):
    """An unknown key, province or spell without a unit: an error naming the STATE line."""
    case = _case(STATED.replace("Vogon-proof: Kiel, Iceland", text))
    with pytest.raises(CaseFileError, match=rf"t.txt:13: .*{words}"):
        run_case(case)


def test_state_lines_for_a_variant_without_state_are_an_error():
    """The standard game keeps no state a case states: its STATE line is an error at that line."""
    text = "CASE s.2\nPHASE Spring 1901 Movement\nUNITS\nFrance: A Paris\nSTATE\nSeed: 4\nORDERS\nEND\n"
    with pytest.raises(CaseFileError, match=r"t.txt:6: .*keeps no state"):
        run_case(_case(text))


def test_play_gm_shows_every_powers_decks_also_after_it_is_gone():
    """The Gathering's game master's view lists the decks of every power of the game: one that
    has lost its last unit and centre (and never played a card) is still listed."""
    from dipsat.variants import GATHERING
    from dipsat.model.types import Location, Phase, PhaseKind, Piece, Position, Season, Unit, UnitType

    board = Position(Phase(1903, Season.SPRING, PhaseKind.MOVEMENT),
                     {"par": Piece("France", Unit(UnitType.ARMY, Location("par")))}, {"par": "France"})
    notes = GATHERING.gm_notes(board, board)
    listed = [line.split(":")[0].strip() for line in notes[1:] if line.startswith("  ")]
    assert listed == sorted(GATHERING.map.powers)


SEEDS = {"vain_star": "000_5ea9cbbdca4e9e49.txt", "telepath": "001_59495e272b12a1f4.txt",
         "sorcerous": "002_f531d04c00c36f8c.txt", "hitchhiker": "003_493fcf3de0894ad8.txt",
         "gathering": "004_619a8fd7c9c855fd.txt"}
"""Variant -> its seed text in ``../shared/seeds`` (the seeds' README)."""


def _flat(text: str) -> str:
    for curly, plain in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, plain)
    return " ".join(text.split())


@pytest.mark.parametrize("name", sorted(SEEDS))
def test_the_sentence_an_option_rests_on_is_the_seeds(name):
    """Every option that names the words it rests on names them as the seed prints them; the
    Hitchhiker's, Telepath's and Vain Star's options all name theirs."""
    path = ROOT.parent / "shared" / "seeds" / SEEDS[name]
    if not path.exists():
        pytest.skip("the seed texts are beside the repository (../shared)")
    seed = _flat(path.read_text(encoding="utf-8"))
    variant = find_variant(name)
    for opt in variant.options.values():
        if opt.sentence or name in ("hitchhiker", "telepath", "vain_star"):
            assert opt.sentence and _flat(opt.sentence) in seed, (name, opt.name, opt.sentence)
