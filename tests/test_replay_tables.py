"""The replay's Arrow tables: converted by ``pa.array`` or built from buffers, equal either way to what ``pa.array`` makes,
and made without importing pandas (pyarrow imports it for ``pa.array`` on a Python list)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pytest

from dipsat.replay import tables
from dipsat.replay.rows import OrderColumns, OrderRow, PhaseRow
from dipsat.replay.tables import ORDER_SCHEMA, PHASE_SCHEMA, order_table, to_table

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "replay_fixtures"


@pytest.fixture(autouse=True, params=["pa.array", "buffers"])
def conversion(request, monkeypatch):
    """Each test twice: the columns converted by ``pa.array`` (a replaying process, whose pyarrow
    has no numpy), and made from their buffers (a process where ``pa.array`` would import pandas)."""
    monkeypatch.setattr(tables, "_converts_alone", lambda: request.param == "pa.array")
    return request.param


def test_a_replaying_process_converts_with_pa_array():
    """pyarrow imported lean (no numpy) converts lists itself without importing pandas: the tables
    take the quicker way there, and only there."""
    code = ("import sys\n"
            "from dipsat.replay.cores import import_arrow_lean\n"
            "import_arrow_lean()\n"
            "from dipsat.replay import tables\n"
            "from dipsat.replay.rows import OrderColumns\n"
            "t = tables.order_table(OrderColumns(runs=[('f', 'g', 0, 'S1901M', 1, 0)], power=['E'], text=['x'],"
            " order=['A lon H'], result=['succeeds'], tag=[None], words=['succeeds'], reason=[''],"
            " recorded=[None], line=[3]))\n"
            "print(tables._converts_alone(), 'pandas' in sys.modules, t.column('line').to_pylist())")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "[3]"]
    plain = subprocess.run([sys.executable, "-c", "import numpy, pyarrow\nfrom dipsat.replay import tables\n"
                            "print(tables._converts_alone())"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert plain.stdout.split() == ["False"], plain.stderr


def _phase(i: int, index: int | None, line: int | None) -> PhaseRow:
    return PhaseRow("f.jsonl", f"g{i % 3}", index, f"S19{i:02d}M", "Movement", "agree", i % 2, "", "é" * (i % 4),
                    "", i, 0, "mila", line)


def _order(i: int) -> OrderRow:
    return OrderRow("f", "g", i, "S1901M", i, None if i % 5 == 0 else "England", f"A lon - bel {i}",
                    None if i % 7 == 0 else "A lon - bel", "succeeds", None if i % 2 else "dislodged", "fails",
                    "", i % 3 == 0, None, None if i % 4 else -i)


@pytest.mark.parametrize("count", [0, 1, 7, 8, 9, 100])
def test_tables_equal_those_pa_array_makes(count):
    """Every column type, with and without nulls, at lengths around a bitmap byte."""
    for rows, schema in (([_phase(i, None if i % 3 == 0 else i, i or None) for i in range(count)], PHASE_SCHEMA),
                         ([_order(i) for i in range(count)], ORDER_SCHEMA)):
        table = to_table(rows, schema)
        table.validate(full=True)
        expected = pa.table({f.name: pa.array([getattr(r, f.name) for r in rows], f.type) for f in schema},
                            schema=schema)
        assert table.equals(expected)
        assert table.to_pylist() == [r._asdict() for r in rows]


@pytest.mark.parametrize("value", ["../archive/game_1.txt", "jeu_é€😀.txt", "", "x" * 1000])
@pytest.mark.parametrize("count", [1, 2, 9])
def test_a_column_of_one_value_equals_the_one_pa_array_makes(value, count):
    """A column holding one value in every row (a task's file, a game's id; made from buffers):
    ASCII, other UTF-8, empty, long."""
    rows = [_phase(i, i, i)._replace(file=value, game=value) for i in range(count)]
    table = to_table(rows, PHASE_SCHEMA)
    table.validate(full=True)
    for name in ("file", "game"):
        assert table.column(name).equals(pa.chunked_array([pa.array([value] * count, pa.string())]))


def test_all_null_and_all_false_columns():
    rows = [PhaseRow("f", "g", None, "", "", "error", 0, "", "", "x", 0, 0, "", None)] * 3
    table = to_table(rows, PHASE_SCHEMA)
    table.validate(full=True)
    assert table.column("index").null_count == 3 and table.column("line").to_pylist() == [None] * 3
    orders = to_table([_order(1), _order(2)], ORDER_SCHEMA)
    assert orders.column("generated").to_pylist() == [False, False]


@pytest.mark.parametrize("game", ["mila_game.json", "droidippy_game.txt"])
def test_replay_does_not_import_pandas(game, tmp_path):
    """`dipsat replay` of a small game writes its tables without loading pandas (0.3 s, 60 MB)."""
    code = ("import sys\n"
            "from dipsat.cli.main import main\n"
            f"status = main(['replay', {str(FIXTURES / game)!r}, '--workers', '1', '--out', {str(tmp_path)!r}])\n"
            "print('PANDAS=' + str('pandas' in sys.modules))\n"
            "sys.exit(0 if status in (0, 1) else status)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "PANDAS=False" in done.stdout, done.stdout + done.stderr
    assert (tmp_path / "orders.parquet").is_file() and (tmp_path / "phases.parquet").is_file()


def _order_columns(runs: list[tuple[str, str, int, str, int, int]], text: str = "A lon - bel") -> OrderColumns:
    """Columns of the phases ``runs``, their rows' values varied: nulls, tags, other UTF-8 texts."""
    columns = OrderColumns(runs=list(runs))
    for i in range(sum(read + made for *_, read, made in runs)):
        columns.power.append(None if i % 5 == 0 else "England")
        columns.text.append(f"{text} {i}")
        columns.order.append(None if i % 7 == 0 else "A lon - bel")
        columns.result.append(None if i % 7 == 0 else "fails")
        columns.tag.append("dislodged" if i % 3 == 0 else None)
        columns.words.append(None if i % 7 == 0 else "fails, dislodged")
        columns.reason.append(f"bounced with A bel ({i} against 1)")
        columns.recorded.append(None)
        columns.line.append(None if i % 4 else i)
    return columns


@pytest.mark.parametrize("runs", [
    [],
    [("f", "g", 0, "S1901M", 0, 0)],
    [("f", "g", 0, "S1901M", 3, 0), ("f", "g", 1, "F1901M", 2, 2), ("f", "g", 2, "W1901A", 0, 1)],
    [("a.txt", "1", 0, "S1901M", 9, 1), ("a.txt", "2", 0, "S1901M", 8, 0), ("jeu_é.txt", "é", 4, "Été 1901", 1, 7)],
], ids=["none", "empty-phase", "one-game", "games-and-utf8"])
@pytest.mark.parametrize("text", ["A lon - bel", "A lon - bél"])
def test_order_columns_make_the_table_of_their_rows(runs, text):
    """A task's order columns (values shared by a phase's rows kept once a phase) make the table
    that their rows make, and that ``pa.array`` makes of them."""
    columns = _order_columns(runs, text)
    rows = list(columns)
    table = order_table(columns)
    table.validate(full=True)
    assert table.equals(to_table(rows, ORDER_SCHEMA))
    expected = pa.table({f.name: pa.array([getattr(r, f.name) for r in rows], f.type) for f in ORDER_SCHEMA},
                        schema=ORDER_SCHEMA)
    assert table.equals(expected)
    assert table.to_pylist() == [r._asdict() for r in rows]
    assert [r.generated for r in rows] == [s >= read for *_, read, made in runs for s in range(read + made)]


def test_order_columns_that_miss_rows_are_refused():
    columns = _order_columns([("f", "g", 0, "S1901M", 2, 0)])
    columns.runs.append(("f", "g", 1, "F1901M", 1, 0))
    with pytest.raises(ValueError, match="order columns of 2 rows for phases of 3"):
        order_table(columns)


@pytest.mark.parametrize("step", [1, 3, 100_000, 1 << 20])
def test_ramps_cut_from_kept_ones_are_right(step):
    """The offsets of a repeated text and the rows' numbers, cut from ramps kept per step: right
    after a longer ramp was kept, after a shorter one, and past what is kept (int32 at most)."""
    from dipsat.replay.tables import _ramp

    for n in (0, 5, 2, 1000, 3, 40_000, 7):
        if step * n < 1 << 31:
            assert list(_ramp(step, n)) == list(range(0, step * (n + 1), step)), n


def test_generated_flags_packed_from_runs_equal_those_packed_flag_by_flag():
    """The ``generated`` column's bits made from each phase's run lengths are the bits of its
    flags one by one (runs ending on and across byte boundaries, empty phases, none at all)."""
    import random

    from dipsat.replay.tables import _bits, _run_bits

    rng = random.Random(23)
    shapes = [[], [(0, 0)], [(8, 0)], [(0, 8)], [(7, 1), (0, 0), (1, 7)], [(3, 0), (0, 3), (2, 2)]]
    shapes += [[(rng.randrange(25), rng.randrange(4)) for _ in range(rng.randrange(1, 30))] for _ in range(200)]
    for shape in shapes:
        runs = [("f", "g", i, "S1901M", read, made) for i, (read, made) in enumerate(shape)]
        flags = [s >= read for read, made in shape for s in range(read + made)]
        assert _run_bits(runs, len(flags)).to_pybytes() == _bits(flags).to_pybytes(), shape
