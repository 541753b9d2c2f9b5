"""The consolidation streams: the tables are sorted game by game from the parts, in row groups, with
memory bounded (parts read back from disk), and equal row for row whatever is kept in memory."""
from __future__ import annotations

import ast
import json
import os
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


def _parts(out: Path) -> dict[str, tuple[pa.Table, pa.Table]]:
    """The parts in the logs of ``out``, as written: uid -> (phases, orders). A part is the orders
    table's Arrow IPC file and then the phases table's, which the whole part reads as; its metadata
    says where the orders end."""
    found = {}
    for log in sorted((out / "parts").glob(f"*{store.LOG}")):
        data = log.read_bytes()
        for uid, at, size, _ in store.log_records(log):
            whole = pa.py_buffer(data[at:at + size])
            phases = pa.ipc.open_file(whole).read_all()
            orders = pa.ipc.open_file(whole.slice(0, int(phases.schema.metadata[store.ORDERS_KEY]))).read_all()
            found[uid] = (phases, orders)
    return found


def _finished(out: Path) -> set[str]:
    return {uid for log in (out / "parts").glob(f"*{store.LOG}") for uid, *_ in store.log_records(log)}


def _without_logs(out: Path) -> dict[str, tuple[pa.Table, pa.Table]]:
    """The parts of ``out``, its logs removed (to be written as an earlier version wrote them)."""
    parts = _parts(out)
    for log in (out / "parts").glob(f"*{store.LOG}"):
        log.unlink()
    return parts


def _games_only(table: pa.Table, games: bool) -> pa.Table:
    """``table`` with the metadata an earlier version gave it: its games, or nothing."""
    meta = table.schema.metadata or {}
    return table.replace_schema_metadata({store.GAMES_KEY: meta[store.GAMES_KEY]} if games else None)


def _as_parquet_parts(out: Path, games: bool, reverse: bool = False) -> None:
    """Turn the parts of ``out`` into Parquet parts, as earlier versions wrote them (with the games
    in the metadata, or without them and rows in any order)."""
    for uid, (phases, orders) in _without_logs(out).items():
        phases = _games_only(phases, games)
        if reverse:
            phases = phases.take(pa.array(list(range(phases.num_rows))[::-1]))
            orders = orders.take(pa.array(list(range(orders.num_rows))[::-1]))
        pq.write_table(orders, out / "parts" / f"{uid}.orders.parquet")
        pq.write_table(phases, out / "parts" / f"{uid}.phases.parquet")


def _as_two_file_parts(out: Path) -> None:
    """Turn the parts of ``out`` into the Arrow parts of an earlier version: the orders table in a
    file of its own (``<uid>.orders.arrow``), the phases part without the orders' size."""
    for uid, (phases, orders) in _without_logs(out).items():
        for table, name in ((orders, "orders"), (_games_only(phases, True), "phases")):
            with pa.OSFile(str(out / "parts" / f"{uid}.{name}{store.PART}"), "wb") as sink, \
                    pa.ipc.new_file(sink, table.schema) as writer:
                writer.write_table(table)


def _as_one_file_parts(out: Path) -> None:
    """Turn the parts of ``out`` into the Arrow parts of the version before the logs: one file a
    task (``<uid>.phases.arrow``), holding the part as a log's record does."""
    for uid, (phases, orders) in _without_logs(out).items():
        meta = phases.schema.metadata
        part = store.part_bytes(phases.replace_schema_metadata(None), orders, meta[store.GAMES_KEY].decode())
        (out / "parts" / f"{uid}.phases{store.PART}").write_bytes(part.to_pybytes())
        assert pa.feather.read_table(str(out / "parts" / f"{uid}.phases{store.PART}")).equals(phases)


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
        parts = sum(tables[0 if kind == "phases" else 1].num_rows for tables in _parts(reference).values())
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


def test_row_groups_end_with_a_game_and_the_phases_waiting_hold_no_part(archive: Path, reference: Path,
                                                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Each table is written in row groups of its own length, every one ending with a game (a
    game's rows are never split between two row groups); the rows are those of the reference."""
    monkeypatch.setattr(merge, "ROW_GROUP_ROWS", 200)
    monkeypatch.setattr(merge, "PHASE_GROUP_ROWS", 20)
    monkeypatch.setattr(store, "KEPT_BYTES", 0)
    run_replay(RunConfig((str(archive),), tmp_path, rules_text="mila", workers=1))
    _same(reference, tmp_path)
    for name in ("phases.parquet", "orders.parquet"):
        f = pq.ParquetFile(tmp_path / name)
        groups = [list(zip(*(f.read_row_group(i, columns=["file", "game"]).column(c).to_pylist() for c in ("file", "game"))))
                  for i in range(f.metadata.num_row_groups)]
        assert len(groups) > 2, name
        for before, after in zip(groups, groups[1:]):
            assert before[-1] != after[0], name  # the game goes on in the next row group: split


def test_rows_kept_apart_hold_no_memory_of_the_part_they_came_from():
    """The phases waiting for their row group are copied apart from their part (whose memory the
    orders' row group lets go), the rows as they were."""
    part = pa.table({"file": ["f"] * 6, "game": ["a", "a", "b", "b", "c", "c"], "index": list(range(6))})
    part = part.cast(pa.schema([("file", pa.string()), ("game", pa.string()), ("index", pa.int32())]))
    seen: list[pa.Table] = []
    out = merge._Output(os.devnull, part.schema, seen.append, 1000)
    out.add(part.slice(0, 2))
    out.add(part.slice(2, 2))
    out.keep_apart()
    out.add(part.slice(4, 2))
    spans = [(b.address, b.address + b.size) for column in part.columns for chunk in column.chunks
             for b in chunk.buffers() if b is not None]
    kept = [b for table in out.waiting[:1] for column in table.columns for chunk in column.chunks
            for b in chunk.buffers() if b is not None]
    assert len(out.waiting) == 2 and kept
    assert not any(lo <= b.address < hi for b in kept for lo, hi in spans)
    out.flush()
    assert seen[0].to_pylist() == part.to_pylist()
    out.writer.close()


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
    assert sorted(p.name for p in (out / "parts").glob(f"{uid}.*")) == [] and uid in _finished(out)
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
    assert sorted(p.name for p in (out / "parts").glob(f"{uid}.*")) == [] and _finished(out) == {uid}
    _same(reference, out)


def test_one_file_arrow_parts_are_resumed(archive: Path, reference: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch):
    """Arrow parts of the version before the logs (one file a task) are resumed, read back from
    disk one at a time: the same tables; a task replayed again goes to a log, its file removed."""
    monkeypatch.setattr(store, "READ_BACK_PARTS", 1)
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    _as_one_file_parts(out)
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 0 and not list((out / "parts").glob(f"*{store.LOG}"))
    _same(reference, out)
    unfinished = sorted((out / "parts").glob(f"*.phases{store.PART}"))[0]
    uid = unfinished.name.split(".")[0]
    unfinished.unlink()
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_replayed"] == 1 and _finished(out) == {uid}
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


def _small_tables(n: int) -> tuple[pa.Table, pa.Table]:
    from dipsat.replay.rows import OrderColumns, PhaseRow
    from dipsat.replay.tables import PHASE_SCHEMA, order_table, to_table

    phases = [PhaseRow("f.txt", f"g{n}", i, "S1901M", "Movement", "agree", 0, "", "", "", 1, 0, "datc", i + 1)
              for i in range(n)]
    orders = OrderColumns(runs=[("f.txt", f"g{n}", i, "S1901M", 1, 0) for i in range(n)], power=["England"] * n,
                          text=["lon move nth"] * n, order=["F lon - nth"] * n, result=["succeeds"] * n,
                          tag=[None] * n, words=["succeeds"] * n, reason=["succeeds"] * n,
                          recorded=[None] * n, line=list(range(n)))
    return to_table(phases, PHASE_SCHEMA), order_table(orders)


def test_a_log_cut_anywhere_keeps_its_whole_records(tmp_path: Path):
    """A run killed while writing leaves its log cut at any byte: the records before the cut are
    read, whole and unchanged; a torn record and what follows are not; a later run writes a log of
    its own, and reads the last part written of a task."""
    with store.PartStore(tmp_path) as parts:
        for n in (1, 2, 3):
            parts.write(f"t{n}", *_small_tables(n))
    log, = (tmp_path / "parts").glob(f"*{store.LOG}")
    data = log.read_bytes()
    records = store.log_records(log)
    assert [uid for uid, *_ in records] == ["t1", "t2", "t3"] and records[-1][3] == len(data)
    ends = [end for *_, end in records]
    cut = tmp_path / "cut"
    (cut / "parts").mkdir(parents=True)
    for size in sorted({*range(0, len(data) + 1, 97), *ends, *(e - 1 for e in ends), *(e + 1 for e in ends)}):
        if size > len(data):
            continue
        (cut / "parts" / f"1{store.LOG}").write_bytes(data[:size])
        whole = [uid for (uid, *_), end in zip(records, ends) if end <= size]
        assert [uid for uid, *_ in store.log_records(cut / "parts" / f"1{store.LOG}")] == whole, size
        with store.PartStore(cut) as again:
            assert [again.done(f"t{n}") for n in (1, 2, 3)] == [f"t{n}" in whole for n in (1, 2, 3)]
            for uid in whole:
                assert again.tables(uid)[0].equals(_small_tables(int(uid[1]))[0])
                assert again.games(uid) == (("f.txt", f"g{uid[1]}", int(uid[1]), int(uid[1])),)
    bad = bytearray(data)
    bad[ends[1] - 1] ^= 1  # the second record's end mark spoiled: only the first is read
    (cut / "parts" / f"1{store.LOG}").write_bytes(bytes(bad))
    assert [uid for uid, *_ in store.log_records(cut / "parts" / f"1{store.LOG}")] == ["t1"]
    (cut / "parts" / f"1{store.LOG}").write_bytes(data[:ends[1] + 5])  # a torn third record
    with store.PartStore(cut) as again:
        again.write("t2", *_small_tables(4))  # replayed again: the later part is read
    assert sorted(p.name for p in (cut / "parts").iterdir()) == [f"1{store.LOG}", f"2{store.LOG}"]
    assert (cut / "parts" / f"1{store.LOG}").stat().st_size == ends[1] + 5  # never written after a torn record
    with store.PartStore(cut) as again:
        assert again.tables("t2")[0].num_rows == 4 and not again.done("t3")


def test_a_run_killed_inside_a_record_is_completed(archive: Path, reference: Path, tmp_path: Path):
    """The log of a run killed while writing its second part: the rerun keeps the first, replays the
    others into a log of its own, and writes the same tables."""
    out = tmp_path / "out"
    shutil.copytree(reference, out)
    log, = (out / "parts").glob(f"*{store.LOG}")
    records = store.log_records(log)
    uid, at, size, end = records[1]
    os.truncate(log, at + size // 2)
    (out / "phases.parquet").unlink()
    summary = run_replay(RunConfig((str(archive),), out, rules_text="mila", workers=1))
    assert summary["run"]["tasks_resumed"] == 1 and summary["run"]["tasks_replayed"] == len(records) - 1
    assert len(list((out / "parts").glob(f"*{store.LOG}"))) == 2
    _same(reference, out)


def test_parts_written_into_one_buffer_equal_those_of_a_growing_stream(reference: Path):
    """The store writes every part into one buffer kept for the next (:class:`store.PartWriter`):
    parts larger, then smaller, then larger again are each the bytes a growing stream writes (an
    IPC file of the orders, then one of the phases placed from the part's start), and read back."""
    parts = _parts(reference)
    writer = store.PartWriter()
    tables = [parts[uid] for uid in sorted(parts, key=lambda u: parts[u][1].num_rows)]
    for phases, orders in [tables[-1], tables[0], *tables]:
        games = phases.schema.metadata[store.GAMES_KEY].decode()
        plain = phases.replace_schema_metadata(None)
        sink = pa.BufferOutputStream()
        with pa.ipc.new_file(sink, orders.schema) as w:
            w.write_table(orders)
        meta = {store.GAMES_KEY: games.encode(), store.ORDERS_KEY: str(sink.tell()).encode()}
        with pa.ipc.new_file(sink, plain.schema.with_metadata(meta)) as w:
            w.write_table(plain.replace_schema_metadata(meta))
        part = writer.part(plain, orders, games)
        assert part.equals(sink.getvalue())
        assert pa.ipc.open_file(part).read_all().equals(phases)
        assert pa.ipc.open_file(part.slice(0, int(meta[store.ORDERS_KEY]))).read_all().equals(orders)


@pytest.mark.parametrize("most", [0, 100 << 10, 64 << 20], ids=["none-kept", "one-kept", "many-kept"])
def test_parts_read_back_into_buffers_used_again_give_the_same_tables(archive: Path, reference: Path,
                                                                      tmp_path: Path, most: int,
                                                                      monkeypatch: pytest.MonkeyPatch):
    """Parts read back into buffers used again (store.ReadBuffers), however many are kept, one part
    read back at a time and row groups of 5 rows: the same rows, the same bytes whatever is kept."""
    monkeypatch.setattr(store, "KEPT_BYTES", 0)
    monkeypatch.setattr(store, "READ_BACK_PARTS", 1)
    monkeypatch.setattr(merge, "ROW_GROUP_ROWS", 5)
    monkeypatch.setattr(store, "READ_BUFFER_BYTES", most)
    run_replay(RunConfig((str(archive),), tmp_path / "a", rules_text="mila", workers=1))
    _same(reference, tmp_path / "a")
    monkeypatch.setattr(store, "READ_BUFFER_BYTES", 0)
    run_replay(RunConfig((str(archive),), tmp_path / "b", rules_text="mila", workers=1))
    for name in ("phases.parquet", "orders.parquet"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_read_buffer_is_used_again_only_once_nothing_reads_it():
    """A buffer is handed out again only when the view of it, every Arrow buffer made from that
    view and every table read from it are gone; the bound on the bytes kept holds."""
    buffers = store.ReadBuffers(most=192 << 10)
    sink = pa.BufferOutputStream()
    with pa.ipc.new_file(sink, pa.schema([("x", pa.string())])) as writer:
        writer.write_table(pa.table({"x": pa.array(["a", "bb", None], pa.string())}))
    part = sink.getvalue().to_pybytes()
    view = buffers.spare(len(part))
    view[:] = part
    held = view.obj
    table = pa.ipc.open_file(pa.py_buffer(view)).read_all()
    del view
    other = buffers.spare(len(part))  # the table still reads the first buffer
    assert other is not None and other.obj is not held
    other_buffer = other.obj
    assert buffers.spare(100 << 10) is None  # 2 x 64 KiB kept, 128 KiB more would pass the bound
    del other
    assert buffers.spare(len(part)).obj is other_buffer  # nothing reads it any more
    assert table.column("x").to_pylist() == ["a", "bb", None]
    del table
    assert buffers.spare(len(part)).obj is held  # the table gone, the first buffer is free again
    grown = buffers.spare(100 << 10)  # a free buffer too small is replaced by a larger one, within the bound
    assert grown is not None and len(grown) == 100 << 10 and len(grown.obj) == 128 << 10


def test_the_games_of_a_part_are_read_from_its_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The store keeps no task's games in memory but those of the parts it keeps: the games of the
    others are read from the end of their part in the log (its IPC footer) without reading the part
    whole, and are those written; a part whose end does not read so is read whole."""
    with store.PartStore(tmp_path / "out") as parts:
        written = {}
        for n in range(3):
            phases = pa.table({name: [None] * 2 for name in store.PHASE_SCHEMA.names}, schema=store.PHASE_SCHEMA)
            orders = pa.table({name: [None] * (n + 1) for name in store.ORDER_SCHEMA.names}, schema=store.ORDER_SCHEMA)
            written[f"u{n}"] = ((f"f{n}.txt", f"g-{n}", 1, n), (f"f{n}.txt", f"h-{n}é", 1, 1))
            monkeypatch.setattr(store, "KEPT_BYTES", 0 if n else 1 << 20)  # the first part is kept
            parts.write(f"u{n}", phases, orders, written[f"u{n}"])
        whole = []
        monkeypatch.setattr(parts, "_logged_part", lambda uid: whole.append(uid) or store.PartStore._logged_part(parts, uid))
        assert {uid: parts.games(uid) for uid in written} == written
        assert whole == []
        monkeypatch.setattr(store, "_IPC_MAGIC", b"NOTIPC")  # an end that does not read as an IPC file's
        assert parts.games("u2") == written["u2"]
        assert whole == ["u2"]
