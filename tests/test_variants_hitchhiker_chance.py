"""The Hitchhiker's Guide, part 2 (issue 14): reproducible chance, the public and game-master
views, the draw statements of a record, bad input."""
from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dipsat.model.errors import CaseFileError
from dipsat.model.types import PhaseKind
from dipsat.variants import HITCHHIKER
from dipsat.variants.framework.record import load_record, read_record
from dipsat.variants.framework.replay import play_record
from dipsat.variants.framework.report import game_json, game_text
from dipsat.variants.hitchhiker.orders import GmDraw, Nbo, Seed, Vote, read_hitchhiker_order
from dipsat.variants.hitchhiker.randomness import draw
from dipsat.variants.hitchhiker.state import EMPTY, HitchState

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "datacases/games/hitchhiker_1900_1903.txt"


@functools.lru_cache(maxsize=None)
def _play(*args: str, seed: str = "0") -> subprocess.CompletedProcess[str]:
    """``dipsat play ARGS`` in a subprocess under hash seed ``seed`` (each run once per test session)."""
    env = {**os.environ, "PYTHONHASHSEED": seed}
    return subprocess.run([sys.executable, "-m", "dipsat.cli.main", "play", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env)


def test_replay_is_byte_identical():
    """The record with its seed replays to the same bytes under two hash seeds (``--json``)."""
    first = _play(str(GAME), "--json", seed="1")
    second = _play(str(GAME), "--json", seed="2")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout


def _draw_lines(source: str, text: str) -> str:
    """``text`` with every draw of the game of ``source`` written as a ``GM: DRAW`` line in its phase."""
    report = play_record(read_record(source, "game.txt"))
    draws = report.final.state.draws  # type: ignore[attr-defined]
    out = []
    for line in text.splitlines():
        out.append(line)
        m = re.fullmatch(r"PHASE (.+)", line.strip())
        if m:
            out += [f"GM: DRAW {d.what}: {d.outcome}" for d in draws if d.phase == m[1]]
    return "\n".join(out) + "\n"


def test_changing_the_seed_changes_the_draws_and_nothing_else():
    """Another seed draws differently; with the first game's outcomes stated, it plays the same game."""
    text = GAME.read_text(encoding="utf-8")
    original = play_record(read_record(text, "game.txt"))
    other = text.replace("GM: SEED 2026", "GM: SEED 2027")
    setup = other[:other.index("PHASE Spring 1901 Movement")] + "END\n"
    setup = re.sub(r"\nAFTER\n.*?(?=\nEND)", "", setup, flags=re.S)  # the set-up's own draws only
    reseeded = play_record(read_record(setup, "game.txt"))
    first = [d.outcome for d in original.final.state.draws if d.phase.startswith("Winter 1900")]  # type: ignore[attr-defined]
    assert [d.outcome for d in reseeded.final.state.draws] != first  # type: ignore[attr-defined]
    stated = play_record(read_record(_draw_lines(text, other), "game.txt"))
    for a, b in zip(original.phases, stated.phases, strict=True):
        assert dict(a.resolution.after.units) == dict(b.resolution.after.units), a.phase
        assert dict(a.resolution.after.stacked) == dict(b.resolution.after.stacked), a.phase
        assert dict(a.resolution.after.centres) == dict(b.resolution.after.centres), a.phase
    assert all(d.stated for d in stated.final.state.draws)  # type: ignore[attr-defined]


def test_public_report_hides_nbo_centres_votes_and_draws():
    """Public view: an NBO reads 'NBO', no vote, seed or draw appears; the GM view shows them all."""
    report = play_record(load_record(GAME))
    public, gm = game_json(report), game_json(report, gm=True)
    shown = [o["order"] for p in public["phases"] for o in p["orders"]]
    assert "NBO" in shown and not any(o.startswith("NBO ") for o in shown)
    assert not any(re.match(r"(VOTE|SEED|DRAW)\b", o) for o in shown)
    assert "Kiel" not in json.dumps([p["orders"] for p in public["phases"] if p["phase"].startswith("Winter 1901")])
    text = game_text(report)
    assert "seed" not in text.lower() and "draw " not in text and "Vogon-proof by NBO" not in text
    gm_shown = [o["order"] for p in gm["phases"] for o in p["orders"]]
    assert "NBO Kiel" in gm_shown and any(o.startswith("VOTE MARVIN") for o in gm_shown)
    assert any(o.startswith("SEED 2026") for o in gm_shown)
    gm_text = game_text(report, gm=True)
    assert "seed: 2026" in gm_text and "Vogon-proof by NBO: kie" in gm_text and "draw Spring 1902" in gm_text


def test_draws_depend_on_seed_and_number_only():
    """A draw is a function of the seed and its number: the same state draws the same outcome."""
    state = HitchState(seed=11)
    a, s1 = draw(state, "Spring 1901 Movement", "Zaphod's move", ["bur", "boh", "tyr"])
    b, _ = draw(state, "Spring 1901 Movement", "Zaphod's move", ["tyr", "bur", "boh"])
    assert a == b and s1.draws[0].number == 0 and s1.draws[0].options == ("boh", "bur", "tyr")
    stated = {"zaphod's move": "tyr"}
    c, s2 = draw(EMPTY, "Spring 1901 Movement", "Zaphod's move", ["bur", "tyr"], stated)
    assert c == "tyr" and s2.draws[0].stated and not stated


@pytest.mark.parametrize(("text", "kind"), [
    ("VOTE MARVIN Bohemia", Vote), ("VOTE MARVIN HOLD", Vote), ("vote zaphod (b)", Vote),
    ("NBO Paris", Nbo), ("SEED 12", Seed), ("DRAW Zaphod's move: Bohemia", GmDraw),
])
def test_part_two_notations(text, kind):
    """Votes, NBO and the game master's lines are read, and written back the same way."""
    gmap = HITCHHIKER.map
    order = read_hitchhiker_order(gmap, text, "France", None, PhaseKind.MOVEMENT)
    assert isinstance(order, kind)
    assert read_hitchhiker_order(gmap, order.format(gmap, "long"), "France", None, PhaseKind.MOVEMENT) == order


@pytest.mark.parametrize("bad", ["France: VOTE ZAPHOD x", "GM: SEED twelve", "France: NBO Atlantis"])
def test_unreadable_part_two_order_is_an_error_with_file_and_line(bad):
    """An unreadable vote, seed or NBO in a record is an error naming the file and the line."""
    text = "GAME g\nVARIANT hitchhiker\nPHASE Winter 1900 Adjustment\n" + bad + "\nEND\n"
    with pytest.raises(CaseFileError, match=r"bad\.txt:4:"):
        play_record(read_record(text, "bad.txt"))


def test_unreadable_vote_on_the_command_line_is_one_line(tmp_path):
    """The same through ``dipsat play``: one line, exit 2, no traceback."""
    path = tmp_path / "bad.txt"
    path.write_text("GAME g\nVARIANT hitchhiker\nPHASE Winter 1900 Adjustment\nFrance: VOTE ZAPHOD x\nEND\n",
                    encoding="utf-8")
    done = _play(str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:4:" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_three_year_record_has_a_seed_and_every_element():
    """The record is seeded and shows ships, NBO, votes, Marvin and Zaphod."""
    record = load_record(GAME)
    text = GAME.read_text(encoding="utf-8")
    years = {rp.phase.year for rp in record.phases if rp.phase.kind is PhaseKind.ADJUSTMENT}
    assert len(years) >= 4 and "GM: SEED 2026" in text
    gm = game_text(play_record(record), gm=True)
    for needed in ("V ", "NBO ", "VOTE MARVIN", "VOTE ZAPHOD", "(rule 7a)", "(rule 7b)", "(rule 7c)"):
        assert needed in text or needed in gm, needed
