"""Property test: every command that reads files, fed generated broken files, never prints a
traceback, always exits 0, 1 or 2 with one error line (or one JSON document with ``--json``), and
never exits 0 on input that cannot be read (issue 10).

Inputs are small valid seeds in every format (a case file in dipsat's, jDip's and the DATC
transcription's format, a game record, a Droidippy game, a saved game as JSON and as JSON
lines), then broken: truncated, bytes changed, formats mixed,
gzipped and cut short, a byte that is not UTF-8 put in, wrapped in JSON brackets (100,000 deep too). The command line is called in this
process (``main(argv)``), which is what the ``dipsat`` script runs.

CI runs a few examples; by hand: ``DIPSAT_FUZZ_EXAMPLES=10000 .venv/bin/python -m pytest -q
tests/test_cli_fuzz.py`` (random, not derandomized, when the variable is set).
"""
from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipsat.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "replay_fixtures"
EXAMPLES = int(os.environ.get("DIPSAT_FUZZ_EXAMPLES", "0") or 0)
"""Examples per property when set by hand; 0: the small CI budget."""


def _droidippy(phases: int) -> str:
    lines = FIXTURES.joinpath("droidippy_game.txt").read_text().splitlines(keepends=True)
    starts = [i for i, line in enumerate(lines) if line.startswith("PHASE")]
    return "".join(lines[:starts[phases]])


def _mila(phases: int) -> dict[str, object]:
    game = json.loads(FIXTURES.joinpath("mila_game.json").read_text())
    game["phases"] = game["phases"][:phases]
    return game


SEEDS: dict[str, bytes] = {
    "case.txt": b"""CASE f-1
TITLE A bounce
PHASE Spring 1901 Movement
UNITS
France: A Paris
Germany: A Munich
ORDERS
France: A Paris - Burgundy  [fails]
Germany: A Munich - Burgundy  [fails]
END
""",
    "record.txt": b"""GAME r-1
VARIANT standard
PHASE Spring 1901 Movement
France: A Paris - Burgundy  [succeeds]
END
""",
    "jdip.txt": b"""VARIANT_ALL Standard
CASE 6.X.1
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
\tGermany: A mun
\tFrance: A par
ORDERS
\tGermany: A mun-bur
\tFrance: A par-bur
POSTSTATE_SAME
END
""",
    "transcription.txt": b"""CASE 6.X.2
TITLE A bounce
PHASE spring
Germany:
A Munich - Burgundy [fails]

France:
A Paris - Burgundy [fails]
END
""",
    "droidippy.txt": _droidippy(2).encode(),
    "game.json": json.dumps(_mila(2)).encode(),
    "games.jsonl": (json.dumps(_mila(2)) + "\n" + json.dumps(_mila(1)) + "\n").encode(),
}

COMMANDS = ["adjudicate", "compare", "replay", "convert", "play", "report"]
WITHOUT_JSON: set[str] = set()


def _args(command: str, path: Path, work: Path, as_json: bool) -> list[str]:
    extra = {"compare": ["--rules", "datc", "--rules", "1982"], "replay": ["--out", str(work / "out"), "--workers", "1"],
             "convert": ["--out", str(work / "converted")], "report": ["--out", str(work / "report")]}.get(command, [])
    return [command, *extra, str(path), *(["--json"] if as_json and command not in WITHOUT_JSON else [])]


@st.composite
def broken_inputs(draw: st.DrawFn) -> tuple[str, bytes, bool]:
    """(file name, bytes, whether the bytes cannot be read by any reader)."""
    name = draw(st.sampled_from(sorted(SEEDS)))
    data = SEEDS[name]
    how = draw(st.sampled_from(["truncate", "change", "mix", "gzip_cut", "not_utf8", "gzip_whole", "nest"]))
    unreadable = False
    if how == "truncate":
        data = data[:draw(st.integers(0, len(data) - 1))]
    elif how == "change":
        for _ in range(draw(st.integers(1, 4))):
            at = draw(st.integers(0, len(data) - 1))
            data = data[:at] + bytes([draw(st.integers(0, 127))]) + data[at + 1:]
    elif how == "mix":
        other = SEEDS[draw(st.sampled_from(sorted(set(SEEDS) - {name})))]
        at = draw(st.integers(0, len(data)))
        data = data[:at] + other + data[at:]
    elif how == "nest":  # JSON nested deeper than Python's recursion limit, or just a little
        depth = draw(st.sampled_from([2, 3, 100_000]))  # one pair of brackets makes a list of games
        data = b"[" * depth + data + b"]" * depth
        unreadable = True
    elif how == "not_utf8":
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3(", b"\xe9", b"\x80"])) + data[at:]
        unreadable = True
    if how in ("gzip_cut", "gzip_whole") or (how == "not_utf8" and draw(st.booleans())):
        packed = gzip.compress(data, mtime=0)
        data = packed[:draw(st.integers(0, len(packed) - 1))] if how == "gzip_cut" else packed
        name += ".gz"
        unreadable |= how == "gzip_cut"
    return name, data, unreadable


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


@settings(max_examples=EXAMPLES or 12, deadline=None, derandomize=not EXAMPLES, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(broken=broken_inputs(), command=st.sampled_from(COMMANDS), as_json=st.booleans())
def test_broken_files_never_crash_nor_pass(broken: tuple[str, bytes, bool], command: str, as_json: bool) -> None:
    """No traceback; exit 0, 1 or 2; one error line or one JSON document; never 0 on unreadable bytes."""
    name, data, unreadable = broken
    with tempfile.TemporaryDirectory(prefix="dipsat-fuzz-") as folder:
        work = Path(folder)
        path = work / name
        path.write_bytes(data)
        code, out, err = _run(_args(command, path, work, as_json))
    assert "Traceback" not in err and "Traceback" not in out
    assert code in (0, 1, 2), (code, err)
    if unreadable:
        assert code == 2, (command, name, out[-500:], err)
    if as_json and command not in WITHOUT_JSON:
        json.loads(out)  # one document, whatever happened
        assert "dipsat: error" not in err
        if code == 2:
            assert set(json.loads(out)["error"]) == {"file", "line", "message"}
    elif code == 2:
        assert len([line for line in err.splitlines() if line.startswith("dipsat: error:")]) == 1, err
