"""The output folder: one part per finished task, then the consolidated tables and summary.

Layout of ``--out DIR``::

    DIR/parts/<uid>.phases.arrow      # the task's part: its presence marks the task finished
    DIR/phases.parquet                # one row per phase, sorted by file, game, index
    DIR/orders.parquet                # one row per order, sorted by file, game, index, seq
    DIR/summary.json

A part is one file holding both tables of its task as Arrow IPC files (Feather version 2,
uncompressed), one after the other: the orders table's, then the phases table's, whose blocks
are placed from the start of the file, so that the whole file reads as the phases table
(``pyarrow.ipc.open_file``, ``pyarrow.feather.read_table``); the phases schema's metadata says
where the orders table's file ends (:data:`ORDERS_KEY`). About a fifth of the CPU of a Parquet
file of the same rows (no encoding, no page statistics), read back by mapping it into memory (no
copy, no decoding: the consolidation's memory does not grow with the parts it reads back); one
file a task, not two (a file made costs more than writing its bytes: 40 tasks, 0.11 s wall and
27 ms CPU as two files, 0.04 s and 14 ms as one). It takes about 7 times the disk space of a
Parquet part (some 180 bytes an order). Parts of earlier versions are still found, and resumed:
an orders table in a file of its own (``<uid>.orders.arrow``), and Parquet parts
(``<uid>.phases.parquet``, ``<uid>.orders.parquet``).

Every file is written to a temporary name in the same folder and renamed into place, so a run
killed at any moment leaves either a whole part or none: a rerun replays only
unfinished tasks, and a task replayed twice replaces its part (no duplicate rows). The same input gives the same
tables byte for byte (rows sorted, no timestamps in the tables).

Memory does not grow with the archive: a part's tables are kept in memory only while the parts
kept stay under :data:`KEPT_BYTES` (the first ones written; a small run consolidates without
reading its parts back), and the consolidation (:mod:`dipsat.replay.merge`) reads the others
back one at a time. What the store remembers of every task is its games (:data:`GameBlock`:
file, game id, row counts), about 200 bytes a game; a part also holds them in its metadata, so
that a resumed run need not read an earlier run's tables to order them.
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Final

import pyarrow as pa
import pyarrow.parquet as pq

from dipsat.model.errors import OutputError
from dipsat.model.files import remove_stale, write_atomic, write_text_atomic
from dipsat.replay.rows import GameBlock, game_blocks
from dipsat.replay.tables import ORDER_SCHEMA, PHASE_SCHEMA

KEPT_BYTES: Final = 4 << 20
"""Arrow bytes of this run's parts kept in memory for the consolidation (the rest is read back)."""
READ_BACK_PARTS: Final = 8
"""Parts read back from disk kept at a time during the consolidation (the games of a JSON-lines
file's chunks interleave when sorted by id)."""

GAMES_KEY: Final = b"dipsat.games"
"""Schema metadata key of a phases part: its games as JSON ``[[file, game, phase rows, order rows], ...]``."""
ORDERS_KEY: Final = b"dipsat.orders_bytes"
"""Schema metadata key of a phases part: the size in bytes of the orders table's IPC file that
starts the part (absent: the orders table is a file of its own, as earlier versions wrote it)."""


def write_table(table: pa.Table, path: Path) -> None:
    """Write ``table`` as Parquet to ``path`` atomically."""
    write_atomic(path, lambda temp: pq.write_table(table, temp, compression="zstd"))


PART: Final = ".arrow"
"""How a part's name ends (an Arrow IPC file)."""
OLD_PART: Final = ".parquet"
"""How a part written by an earlier version ends."""


def _write_part(phases: pa.Table, orders: pa.Table, games: str, path: Path) -> None:
    """Write a part: the orders table's Arrow IPC file, then the phases table's (with ``games``
    and the orders' size in its metadata), uncompressed (compressing its buffers costs as much as
    Parquet on a game's small columns; an LZ4 stream of the whole file read back made the
    consolidation's memory grow with the parts read).

    The part is made in memory and written in one call to a temporary name of this process
    beside ``path`` (only one process writes to a locked output folder), then renamed into place
    (as :func:`~dipsat.model.files.write_atomic`, without its temporary file made by ``mkstemp``
    and its permissions set afresh: a part is written per task).

    Raises:
        OutputError: the part cannot be written (no temporary file is left).
    """
    sink = pa.BufferOutputStream()
    with pa.ipc.new_file(sink, orders.schema) as writer:
        writer.write_table(orders)
    meta = {GAMES_KEY: games.encode(), ORDERS_KEY: str(sink.tell()).encode()}
    with pa.ipc.new_file(sink, phases.schema.with_metadata(meta)) as writer:  # its blocks placed from
        writer.write_table(phases.replace_schema_metadata(meta))              # the start of the file
    data = sink.getvalue()
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temp, "wb") as out:
            out.write(data)
        os.replace(temp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write: {exc.strerror or exc}", str(path)) from None
        raise


RESULTS = ("summary.json", "phases.parquet", "orders.parquet")
"""The files of a finished run; removed when a run starts, so that none outlives a failed run."""


class PartStore:
    """The parts of one output folder, locked while a run writes to it.

    Raises:
        OutputError: the folder cannot be made or written, or another run holds its lock.
    """

    def __init__(self, out: Path) -> None:
        self.out = out
        self.parts = out / "parts"
        try:
            self.parts.mkdir(parents=True, exist_ok=True)
            self._lock: IO[str] | None = (out / ".lock").open("a")
        except OSError as exc:
            raise OutputError(f"cannot write to the output folder: {exc.strerror or exc}", str(out)) from None
        try:
            fcntl.flock(self._lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock.close()
            self._lock = None
            raise OutputError("another dipsat replay is writing to this output folder; "
                              "wait for it to finish, or choose another --out", str(out)) from None
        remove_stale(*(out / name for name in RESULTS))
        self._games: dict[str, tuple[GameBlock, ...]] = {}
        """uid -> the games of the part this run wrote (in row order)."""
        self._kept: dict[str, tuple[pa.Table, pa.Table]] = {}
        """uid -> the tables this run wrote, while they fit in :data:`KEPT_BYTES`."""
        self._kept_bytes = 0
        self._read_back: OrderedDict[str, tuple[pa.Table, pa.Table]] = OrderedDict()

    def close(self) -> None:
        """Release the folder's lock."""
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> PartStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _path(self, uid: str, table: str, ending: str = PART) -> Path:
        return self.parts / f"{uid}.{table}{ending}"

    def _found(self, uid: str) -> Path | None:
        """The phases part of the task ``uid`` (this version's, else an earlier version's), if any."""
        for ending in (PART, OLD_PART):
            path = self._path(uid, "phases", ending)
            if path.is_file():
                return path
        return None

    def done(self, uid: str) -> bool:
        """Tell whether the task ``uid`` is finished (its phases part exists)."""
        return self._found(uid) is not None

    def finished(self, uid: str) -> bool:
        """Tell whether the task ``uid`` has a part, written by this run or an earlier one."""
        return uid in self._games or self.done(uid)

    def write(self, uid: str, phases: pa.Table, orders: pa.Table,
              games: Sequence[GameBlock] | None = None) -> None:
        """Store the tables of a finished task as its part (the finish mark).

        ``games``: the task's games in row order (each game's rows together and sorted), as
        :func:`~dipsat.replay.rows.game_blocks` tells them; worked out from the tables if not given.
        """
        if games is None:
            games = blocks_of(phases, orders)
        games = tuple(games)
        _write_part(phases, orders, json.dumps(games, ensure_ascii=False, separators=(",", ":")),
                    self._path(uid, "phases"))
        remove_stale(self._path(uid, "orders"), self._path(uid, "phases", OLD_PART), self._path(uid, "orders", OLD_PART))
        self._games[uid] = games
        size = phases.nbytes + orders.nbytes
        if self._kept_bytes + size <= KEPT_BYTES:
            self._kept[uid] = (phases, orders)
            self._kept_bytes += size

    def games(self, uid: str) -> tuple[GameBlock, ...]:
        """The games of the finished task ``uid``, in the row order of its part."""
        found = self._games.get(uid)
        if found is not None:
            return found
        meta = _metadata(self._found(uid))
        if GAMES_KEY in meta:
            return tuple((f, g, p, o) for f, g, p, o in json.loads(meta[GAMES_KEY]))
        phases, orders = self.tables(uid)  # a part written without them
        return blocks_of(phases, orders)

    def tables(self, uid: str) -> tuple[pa.Table, pa.Table]:
        """The phases and orders tables of the finished task ``uid`` (each game's rows together, sorted).

        A part kept in memory is handed over to the parts read back once asked for: the
        consolidation asks for the parts in turn, and the kept ones (:data:`KEPT_BYTES`) would
        otherwise stay in memory to its end, at the peak of a large run."""
        kept = self._kept.pop(uid, None)
        if kept is not None:
            self._kept_bytes -= kept[0].nbytes + kept[1].nbytes
            self._keep_read_back(uid, kept)
            return kept
        kept = self._read_back.get(uid)
        if kept is not None:
            return kept
        path = self._found(uid)
        if path is None:
            raise FileNotFoundError(f"no part of the task {uid} in {self.parts}")
        phases, meta, whole = _read_part(path, PHASE_SCHEMA)
        if whole is not None and ORDERS_KEY in meta:  # this version's part: the orders file starts it
            orders, _, _ = _read_part(whole.slice(0, int(meta[ORDERS_KEY])), ORDER_SCHEMA)
        else:  # an earlier version's orders part, a file of its own
            orders, _, _ = _read_part(self._path(uid, "orders", PART if path.name.endswith(PART) else OLD_PART),
                                      ORDER_SCHEMA)
        if GAMES_KEY not in meta:
            phases, orders = _games_in_turn(phases, orders)  # a part written without its games
        self._keep_read_back(uid, (phases, orders))
        return phases, orders

    def _keep_read_back(self, uid: str, tables: tuple[pa.Table, pa.Table]) -> None:
        self._read_back[uid] = tables
        if len(self._read_back) > READ_BACK_PARTS:
            self._read_back.popitem(last=False)


def _read_part(source: Path | pa.Buffer, schema: pa.Schema) -> tuple[pa.Table, dict[bytes, bytes], pa.Buffer | None]:
    """One table of a part (this version's, an earlier version's IPC or Parquet file, or a slice of
    a mapped part), its schema's metadata, and the mapped file (``None`` for Parquet).

    A Parquet part is read as a single file (``pq.read_table`` goes through pyarrow's datasets,
    which import pandas)."""
    whole = None
    if isinstance(source, pa.Buffer):
        table = pa.ipc.open_file(source).read_all()
    elif source.name.endswith(PART):
        whole = pa.memory_map(str(source)).read_buffer()  # mapped: no copy
        table = pa.ipc.open_file(whole).read_all()
    else:
        table = pq.ParquetFile(source).read()
    meta = dict(table.schema.metadata or {})
    table = table.replace_schema_metadata(None)
    return (table if table.schema == schema else table.cast(schema)), meta, whole


def _metadata(path: Path | None) -> dict[bytes, bytes]:
    """The schema metadata of a part (only its schema is read)."""
    if path is None:
        return {}
    if path.name.endswith(PART):
        return dict(pa.ipc.open_file(pa.memory_map(str(path))).schema.metadata or {})
    return dict(pq.read_schema(path).metadata or {})


def _games_in_turn(phases: pa.Table, orders: pa.Table) -> tuple[pa.Table, pa.Table]:
    """The rows of a part written without its games, game after game in the order the games first
    appear among its phase rows, each game's rows sorted (by index, nulls first, then seq): the
    order a part written with its games has."""
    keys = list(zip(phases.column("file").to_pylist(), phases.column("game").to_pylist()))
    rank: dict[tuple[str, str], int] = {}
    for key in keys:
        rank.setdefault(key, len(rank))
    return _reordered(phases, keys, rank, ("index",)), _reordered(
        orders, list(zip(orders.column("file").to_pylist(), orders.column("game").to_pylist())), rank, ("index", "seq"))


def _reordered(table: pa.Table, keys: list[tuple[str, str]], rank: dict[tuple[str, str], int],
               columns: tuple[str, ...]) -> pa.Table:
    values = [table.column(c).to_pylist() for c in columns]
    last = len(rank)
    order = sorted(range(table.num_rows), key=lambda i: (rank.get(keys[i], last), keys[i],
                                                        *((v[i] is not None, v[i] or 0) for v in values)))
    if order == list(range(table.num_rows)):
        return table
    return table.take(pa.Array.from_buffers(pa.int64(), len(order), [None, pa.py_buffer(array("q", order))]))


def blocks_of(phases: pa.Table, orders: pa.Table) -> tuple[GameBlock, ...]:
    """The games of two tables whose rows are sorted by game: (file, game, phase rows, order rows) in order."""
    return game_blocks(list(zip(phases.column("file").to_pylist(), phases.column("game").to_pylist())),
                       list(zip(orders.column("file").to_pylist(), orders.column("game").to_pylist())))


def write_summary(summary: dict[str, object], out: Path) -> None:
    """Write ``summary.json`` atomically."""
    text = json.dumps(summary, indent=1, sort_keys=False) + "\n"
    write_text_atomic(out / "summary.json", text)
