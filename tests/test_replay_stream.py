"""The consolidation streams: the tables are sorted game by game from the parts, in row groups, with
memory bounded (parts read back from disk), and equal row for row whatever is kept in memory."""
from __future__ import annotations

import ast
import json
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.feather  # noqa: F401 (pa.feather)
import pyarrow.parquet as pq
import pytest

from dipsat.replay import merge, store
from dipsat.replay.rows import ORDER_SORT, PHASE_SORT, game_blocks
from dipsat.replay.run import RunConfig, run_replay

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two Droidippy files and a JSON-lines file of 20 games (two tasks) whose ids, sorted, interleave
    the tasks; one id is used twice, one line is not JSON."""
    folder = tmp_path_factory.mktemp("stream")
    shutil.copy(FIXTURES / "droidippy_game.txt", folder / "b_game.txt")
    shutil.copy(FIXTURES / "droidippy_game.txt", folder / "a_game.txt")
    games = [json.loads(line) for line in (FIXTURES / "mila_games.jsonl").read_text().splitlines() if line.strip()]
    lines = []
    for n in range(20):
        game = dict(games[n % len(games)], id=f"g-{(n * 7) % 20}" if n != 13 else "g-7")
        lines.append(json.dumps(game) if n != 5 else "{not json")
    (folder / "games.jsonl").write_text("\n".join(lines) + "\n")
    return folder


@pytest.fixture(scope="module")
def reference(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("reference")
    run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    return out


def _rows(out: Path, name: str) -> list[dict[str, object]]:
    return pq.ParquetFile(out / name).read().to_pylist()


def _part(path: Path) -> tuple[pa.Table, pa.Table]:
    """A part as written: one file, the orders table's Arrow IPC file and then the phases table's,
    which the whole file reads as (Feather version 2); its metadata says where the orders end."""
    whole = pa.memory_map(str(path)).read_buffer()
    phases = pa.ipc.open_file(whole).read_all()
    assert pa.feather.read_table(str(path)).equals(phases)
    size = int(phases.schema.metadata[store.ORDERS_KEY])
    return phases, pa.ipc.open_file(whole.slice(0, size)).read_all()


def _games_only(table: pa.Table, games: bool) -> pa.Table:
    """``table`` with the metadata an earlier version gave it: its games, or nothing."""
    meta = table.schema.metadata or {}
    return table.replace_schema_metadata({store.GAMES_KEY: meta[store.GAMES_KEY]} if games else None)


def _as_parquet_parts(out: Path, games: bool, reverse: bool = False) -> None:
    """Turn the parts of ``out`` into Parquet parts, as earlier versions wrote them (with the games
    in the metadata, or without them and rows in any order)."""
    for part in (out / "parts").glob(f"*{store.PART}"):
        phases, orders = _part(part)
        phases = _games_only(phases, games)
        if reverse:
            phases = phases.take(pa.array(list(range(phases.num_rows))[::-1]))
            orders = orders.take(pa.array(list(range(orders.num_rows))[::-1]))
        uid = part.name.removesuffix(f".phases{store.PART}")
        pq.write_table(orders, part.with_name(f"{uid}.orders.parquet"))
        pq.write_table(phases, part.with_name(f"{uid}.phases.parquet"))
        part.unlink()


def _as_two_file_parts(out: Path) -> None:
    """Turn the parts of ``out`` into the Arrow parts of the version before: the orders table in a
    file of its own (``<uid>.orders.arrow``), the phases part without the orders' size."""
    for part in (out / "parts").glob(f"*{store.PART}"):
        phases, orders = _part(part)
        uid = part.name.removesuffix(f".phases{store.PART}")
        for table, name in ((orders, "orders"), (_games_only(phases, True), "phases")):
            temp = part.with_name(f"{uid}.{name}.tmp")  # then renamed: the part read is mapped
            with pa.OSFile(str(temp), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
                writer.write_table(table)
            temp.replace(part.with_name(f"{uid}.{name}{store.PART}"))


def _same(a: Path, b: Path) -> None:
    for name in ("phases.parquet", "orders.parquet"):
        assert _rows(a, name) == _rows(b, name), name
    summaries = [json.loads((out / "summary.json").read_text()) for out in (a, b)]
    assert [{k: v for k, v in s.items() if k != "run"} for s in summaries][0] == \
        [{k: v for k, v in s.items() if k != "run"} for s in summaries][1]


def test_tables_are_the_parts_rows_sorted(reference: Path):
    """Row for row what a stable sort of every part's rows gives (nulls first): the games are in
    order, each game's rows as the part holds them; a duplicate id is renamed, not merged."""
    for name, keys in (("phases.parquet", PHASE_SORT), ("orders.parquet", ORDER_SORT)):
        table = pq.ParquetFile(reference / name).read()
        index = pc.sort_indices(table, sort_keys=[(k, o, "at_start") for k, o in keys])
        assert index.to_pylist() == list(range(table.num_rows)), name
        kind = name.split(".")[0]
        parts = sum(_part(p)[0 if kind == "phases" else 1].num_rows
                    for p in (reference / "parts").glob(f"*.phases{store.PART}"))
        assert parts == table.num_rows
    games = {g for g in pq.ParquetFile(reference / "phases.parquet").read().column("game").to_pylist()}
    assert {"g-7", "g-7#2"} <= games


def test_small_row_groups_and_parts_read_back_give_the_same_tables(archive: Path, reference: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch):
    """Nothing kept in memory, one part read back at a time, row groups of 5 rows: the same rows."""
    monkeypatch.setattr(store, "KEPT_BYTES", 0)
    monkeypatch.setattr(store, "READ_BACK_PARTS", 1)
    monkeypatch.setattr(merge, "ROW_GROUP_ROWS", 5)
    run_replay(RunConfig((str(archive),), tmp_path, rules_text="mila", workers=1))
    _same(reference, tmp_path)
    assert pq.ParquetFile(tmp_path / "orders.parquet").metadata.num_row_groups > 10


def test_row_groups_of_both_tables_end_with_the_same_game(archive: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch):
    """The rows waiting to be written are those of the same few games in both tables (the parts
    they are slices of stay in memory until then): each row group of one table holds the games of
    the same row group of the other."""
    monkeypatch.setattr(merge, "ROW_GROUP_ROWS", 200)
    run_replay(RunConfig((str(archive),), tmp_path, rules_text="mila", workers=1))
    files = [pq.ParquetFile(tmp_path / name) for name in ("phases.parquet", "orders.parquet")]
    groups = [[set(zip(*(f.read_row_group(i, columns=["file", "game"]).column(c).to_pylist() for c in ("file", "game"))))
               for i in range(f.metadata.num_row_groups)] for f in files]
    assert len(groups[0]) > 2
    phase_groups, order_groups = groups
    assert len(phase_groups) == len(order_groups)
    assert all(o <= p for p, o in zip(phase_groups, order_groups))  # a game with phases but no order rows: phases only


def test_parts_written_without_their_games_are_resumed_in_order(archive: Path, reference: Path, tmp_path: Path):
    """Parquet parts of an earlier version (no games in their metadata, rows in any order) still give the same tables."""
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    _as_parquet_parts(out, games=False, reverse=True)
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 0
    _same(reference, out)


def test_parquet_parts_with_their_games_are_resumed(archive: Path, reference: Path, tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch):
    """Parquet parts of the version before the Arrow parts (games in their metadata) are resumed,
    read back from disk one at a time: the same tables."""
    monkeypatch.setattr(store, "READ_BACK_PARTS", 1)
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    _as_parquet_parts(out, games=True)
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 0
    _same(reference, out)


def test_a_task_replayed_again_replaces_its_parquet_part(archive: Path, reference: Path, tmp_path: Path):
    """A task left unfinished by an earlier version (its orders part written, not its phases part)
    is replayed into this version's parts, and its Parquet orders part is removed."""
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    _as_parquet_parts(out, games=True)
    unfinished = sorted((out / "parts").glob("*.phases.parquet"))[0]
    uid = unfinished.name.split(".")[0]
    unfinished.unlink()
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 1
    assert sorted(p.name for p in (out / "parts").glob(f"{uid}.*")) == [f"{uid}.phases{store.PART}"]
    _same(reference, out)


def test_two_file_arrow_parts_are_resumed(archive: Path, reference: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch):
    """Arrow parts of the version before (the orders table a file of its own) are resumed, read
    back from disk one at a time: the same tables; a task replayed again leaves one file."""
    monkeypatch.setattr(store, "READ_BACK_PARTS", 1)
    monkeypatch.setattr(store, "KEPT_BYTES", 0)
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    _as_two_file_parts(out)
    assert len(list((out / "parts").glob(f"*.orders{store.PART}"))) == len(list((out / "parts").glob("*")))  / 2
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 0
    _same(reference, out)
    unfinished = sorted((out / "parts").glob(f"*.phases{store.PART}"))[0]
    uid = unfinished.name.split(".")[0]
    unfinished.unlink()
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 1
    assert sorted(p.name for p in (out / "parts").glob(f"{uid}.*")) == [f"{uid}.phases{store.PART}"]
    _same(reference, out)


def test_games_must_keep_their_rows_together():
    keys = [("f", "a"), ("f", "a"), ("f", "b")]
    assert game_blocks(keys, [("f", "a"), ("f", "b"), ("f", "b")]) == (("f", "a", 2, 1), ("f", "b", 1, 2))
    with pytest.raises(ValueError):
        game_blocks([("f", "a"), ("f", "b"), ("f", "a")], [])
    with pytest.raises(ValueError):
        game_blocks(keys, [("f", "b"), ("f", "a")])


def _loaded_after(code: str, modules: tuple[str, ...]) -> list[str]:
    """Which of ``modules`` a fresh Python process has loaded after running ``code``."""
    import subprocess
    import sys
    probe = f"import sys\n{code}\nprint('LOADED', [m for m in {modules!r} if sys.modules.get(m) is not None])\n"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return ast.literal_eval(done.stdout.rsplit("LOADED ", 1)[1])


def test_replay_loads_pyarrow_lean(tmp_path: Path):
    """`dipsat replay` loads pyarrow without numpy, cloudpickle or the S3 file system (start-up)."""
    code = ("from dipsat.cli.main import main\n"
            f"status = main(['replay', {str(FIXTURES / 'droidippy_game.txt')!r}, '--workers', '1', "
            f"'--out', {str(tmp_path)!r}, '--json'])\n"
            "assert status in (0, 1), status")
    assert _loaded_after(code, ("numpy", "cloudpickle", "pyarrow._s3fs", "pyarrow.compute", "pandas")) == []


def test_dask_entry_point_is_light():
    """What the Dask scheduler unpickles to pass a batch on (:func:`~dipsat.replay.executors.replay_batch`)
    imports neither pyarrow nor the adjudicator (they cost a scheduler about 60 MB)."""
    code = ("import pickle\n"
            "from dipsat.replay.executors import replay_batch\n"
            "pickle.loads(pickle.dumps(replay_batch))")
    assert _loaded_after(code, ("pyarrow", "dipsat.solver.adjudicate", "dipsat.replay.work")) == []


def test_dask_worker_replays_without_pyarrow():
    """A Dask worker's batch (:func:`~dipsat.replay.executors.replay_batch`) replays its games without
    loading pyarrow (40-70 MB a worker): its rows come back as columns, which the run's process makes
    into the very tables a local worker makes."""
    code = ("import pickle\n"
            "from dipsat.replay.readers import find_tasks\n"
            "from dipsat.replay.executors import pack, replay_batch\n"
            f"tasks = [t for t in find_tasks([{str(FIXTURES / 'droidippy_game.txt')!r}], None, {{}})]\n"
            "result = replay_batch(pack(tasks), None)\n"
            "assert len(result) == 1 and len(pickle.loads(result[0]).orders) > 100\n")
    assert _loaded_after(code, ("pyarrow", "numpy")) == []


def test_columns_from_a_dask_batch_make_the_tables_of_a_local_worker():
    from dipsat.replay.executors import pack, replay_batch
    from dipsat.replay.readers import find_tasks
    from dipsat.replay.work import as_tables, replay_task, unpickle_columns

    files = [str(FIXTURES / "droidippy_game.txt"), str(FIXTURES / "mila_games.jsonl")]
    tasks = [t for t in find_tasks(files, None, {})]
    assert len(tasks) >= 2
    for columns, task in zip(replay_batch(pack(tasks), None), tasks, strict=True):
        local, dask = replay_task(task, None), as_tables(unpickle_columns(columns))
        assert dask.phases.equals(local.phases) and dask.orders.equals(local.orders)
        assert dask.phases.schema == local.phases.schema and dask.games == local.games and dask.uid == local.uid
