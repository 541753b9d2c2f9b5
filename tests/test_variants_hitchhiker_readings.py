"""Issue 21, the Hitchhiker's Guide: every reading the text allows is an option resting on a
sentence of the seed, pinned by cases both ways; a line whose refusal would change the game
silently (a stated draw, a vote) is an error naming its line."""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.cli.runner import alternative_keys, run_case, split_key
from dipsat.model.cases import load_cases, read_cases
from dipsat.model.errors import CaseFileError
from dipsat.variants import HITCHHIKER, read_order
from dipsat.variants.framework.options import split_spec

ROOT = Path(__file__).resolve().parents[1]
CASES = load_cases(ROOT / "datacases/hitchhiker.txt", order_reader=read_order)
SEED = (ROOT / "../shared/seeds/003_493fcf3de0894ad8.txt")
DOC = (ROOT / "docs/variants/hitchhiker.md").read_text(encoding="utf-8")
KEYED = [(c, k) for c in CASES for k in alternative_keys(c)]


def _words(report):
    return [c.actual for c in report.orders]


def _flat(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"')
                    .replace("\u201d", '"').split())


@pytest.mark.parametrize("case, key", [pytest.param(c, k, id=f"{c.id}[{k}]") for c, k in KEYED])
def test_the_other_reading_resolves_as_the_case_states(case, key):
    """Under an option a case names in its brackets, its orders resolve as the key's words say,
    and otherwise than under the case's own reading (the key pins something)."""
    report = run_case(case, key)
    assert report.passed, "\n".join(report.differences)
    assert _words(report) != _words(run_case(case)), f"{key} changes no result of {case.id}"


@pytest.mark.skipif(not SEED.exists(), reason="the seed texts are beside the repository (../shared)")
def test_every_option_rests_on_a_sentence_of_the_seed_cited_in_the_rulings():
    """Each option names the seed's words it rests on, as printed; the rulings quote them."""
    seed = _flat(SEED.read_text(encoding="utf-8"))
    for opt in HITCHHIKER.options.values():
        assert opt.sentence and _flat(opt.sentence) in seed, opt.name
        assert f'`{opt.name}`' in DOC and f'"{opt.sentence}"' in DOC, opt.name


def test_every_option_is_pinned_both_ways():
    """For every option, a case resolves differently under its two choices: a key in brackets,
    or a case naming the choice in its VARIANT line that fails under the default."""
    pinned = {name for _, k in KEYED for name in split_key(HITCHHIKER, k)[1]}
    for case in CASES:
        base, chosen = split_spec(case.variant)
        if chosen and not _passes(replace(case, variant=base)):
            pinned |= set(chosen)
    assert set(HITCHHIKER.options) - pinned == set()


def _passes(case) -> bool:
    """The case passes (a stated draw the reading cannot make is an error: it does not)."""
    try:
        return run_case(case).passed
    except CaseFileError:
        return False


REFUSED = {  # what -> (the phase's orders, words of the error, the refused line among the orders)
    "an impossible stated outcome": ("Vogon: V Tyrolia - Switzerland\nGM: DRAW victim of V tyr - swi: Burgundy",
                                     "not a possible outcome", 1),
    "a draw no step needs": ("France: A Paris Holds\nGM: DRAW Marvin's move: Paris", "no draw", 1),
    "a second outcome for one draw": ("GM: DRAW Zaphod's move: Vienna\nGM: DRAW Zaphod's move: Munich",
                                      "second outcome", 1),
    "a seed stated by a player": ("France: SEED 99", "only the game master", 0),
    "a draw stated by a player": ("France: DRAW Zaphod's move: Vienna", "only the game master", 0),
    "a second seed": ("GM: SEED 5\nGM: SEED 6", "already set", 1),
    "a vote by an eliminated player": ("Turkey: VOTE MARVIN Belgium", "not a surviving player", 0),
    "a second vote": ("France: VOTE MARVIN Brest\nFrance: VOTE MARVIN Belgium", "already voted", 1),
    "a vote out of Marvin's reach": ("France: VOTE MARVIN Munich", "cannot move to mun", 0),
}

_BOARD = """CASE r.1
VARIANT hitchhiker
PHASE Spring 1901 Movement
UNITS
Zaphod: Z Bohemia
Marvin: P Picardy
Vogon: V Tyrolia
Italy: A Venice
France: A Paris
ORDERS
{orders}
END
"""


@pytest.mark.parametrize("what", sorted(REFUSED))
def test_a_refused_draw_or_vote_is_an_error_naming_its_line(what):
    """Never a result, never another random outcome: an error with the file and line."""
    orders, words, index = REFUSED[what]
    text = _BOARD.format(orders=orders)
    if "V Tyrolia" not in orders:
        text = text.replace("Vogon: V Tyrolia\nItaly: A Venice\n", "")
    line = text.splitlines().index("ORDERS") + 2 + index
    case = read_cases(text, "r.txt", order_reader=read_order)[0]
    with pytest.raises(CaseFileError, match=rf"^r\.txt:{line}: .*{re.escape(words)}"):
        run_case(case)


def test_a_refused_draw_stops_the_command_with_exit_2(tmp_path, capsys):
    """Through the command line: exit 2, one line naming file and line, no traceback."""
    path = tmp_path / "r.txt"
    path.write_text(_BOARD.format(orders="Vogon: V Tyrolia - Switzerland\nGM: DRAW victim of V tyr - swi: Burgundy"))
    assert main(["adjudicate", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:12:" in err and "Traceback" not in err


@pytest.mark.parametrize("label", ["victim of V(WMS)-Tun", "victim of V Western Mediterranean - Tunis",
                                   "victim of V wes - tun", "Victim of V wms - TUN"])
def test_a_draw_named_in_the_seeds_words_is_that_draw(label):
    """The seed's abbreviation (WMS), a full name, dipsat's id: one draw, the stated victim used."""
    text = f"""CASE d.1
VARIANT hitchhiker,vogon_victim=ship
PHASE Spring 1901 Movement
UNITS
Hitch-hiker: H Tunis
Vogon: V Western Mediterranean
Italy: F Gulf of Lyon
France: F Spain(sc)
ORDERS
Vogon: V Western Mediterranean - Tunis  [fails, destroyed]
GM: DRAW {label}: Gulf of Lyon  [succeeds]
AFTER
Hitch-hiker: H Tunis
France: F Spain(sc)
END
"""
    report = run_case(read_cases(text, "d.txt", order_reader=read_order)[0])
    assert report.passed, report.differences


@pytest.mark.parametrize("letter, action", [("a", "command"), ("b", "gargle"), ("c", "sunglasses")])
def test_zaphods_action_is_stated_by_its_letter_in_a_draw_as_in_a_vote(letter, action):
    """A draw of Zaphod's action (here with no vote) stated ``a``/``b``/``c`` means
    command/gargle/sunglasses, as in a vote."""
    text = f"""CASE z.1
VARIANT hitchhiker
PHASE Spring 1901 Movement
UNITS
Zaphod: Z Ruhr
Germany: A Munich
France: A Paris
ORDERS
Germany: A Munich - Ruhr  [succeeds]
GM: DRAW Zaphod's action (no vote): {letter}  [succeeds]
END
"""
    report = run_case(read_cases(text, "z.txt", order_reader=read_order)[0])
    assert report.passed, report.differences
    event = [g.reason for g in report.resolutions[0].generated if "Zaphod" in str(g.order)]
    word = {"command": "permanent command", "gargle": "Gargle Blaster", "sunglasses": "sunglasses"}[action]
    assert any(word in e for e in event), event


def test_a_bubble_car_stopped_by_an_army_names_the_army():
    """hh.B.20: the army that entered stopped both bubble-cars; their reasons name it, not the
    other bubble-car whose 1/2 only ties."""
    case = next(c for c in CASES if c.id == "hh.B.20")
    report = run_case(case)
    assert report.passed, report.differences
    reasons = [c.reason for c in report.orders if c.order.startswith("M ")]
    assert reasons and all("bounced with A mun - bur (0.5 against 1)" in r for r in reasons), reasons
