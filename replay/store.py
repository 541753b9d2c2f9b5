"""The output folder: the parts of finished tasks, then the consolidated tables and summary.

Layout of ``--out DIR``::

    DIR/parts/<n>.log                 # the parts of the tasks run <n> finished, one after the other
    DIR/phases.parquet                # one row per phase, sorted by file, game, index
    DIR/orders.parquet                # one row per order, sorted by file, game, index, seq
    DIR/summary.json

A part holds both tables of its task as Arrow IPC files (Feather version 2, uncompressed), one
after the other: the orders table's, then the phases table's, whose blocks are placed from the
start of the part, so that the whole part reads as the phases table (``pyarrow.ipc.open_file``);
the phases schema's metadata says where the orders table's file ends (:data:`ORDERS_KEY`) and
holds the task's games (:data:`GAMES_KEY`). About a fifth of the CPU of Parquet of the same rows
(no encoding, no page statistics); about 7 times its disk space (some 180 bytes an order).

A run appends the parts of the tasks it finishes to a log of its own (:class:`PartLog`), each part
a record that ends with a mark of its end: a part is in the log once its whole record is. One file
a run, not one a task: making a file costs more than writing a task's part into it (on this
machine's ext4, about 0.4 ms of CPU a file: 400 tasks, 0.25 s). A run killed at any moment leaves
whole records and at most one torn record at the log's end, which the next run ignores (it writes
a log of its own, never after a torn record): a rerun replays only unfinished tasks, and a task
replayed twice has its later part read (no duplicate rows). The parts of earlier versions are
still found, and resumed: one file a task (``<uid>.phases.arrow``), with the orders table in a
file of its own (``<uid>.orders.arrow``), or Parquet (``<uid>.phases.parquet``,
``<uid>.orders.parquet``). The same input gives the same tables byte for byte (rows sorted, no
timestamps in the tables).

Memory does not grow with the archive: a part's tables are kept in memory only while the parts
kept stay under :data:`KEPT_BYTES` (the first ones written; a small run consolidates without
reading its parts back), and the consolidation (:mod:`dipsat.replay.merge`) reads the others
back one at a time (each copied out of its log: a log mapped whole would stay in memory as it is
read). What the store remembers of every task is where its part is; a part holds its games
(:data:`GameBlock`: file, game id, row counts) at its end, where the consolidation reads them (a
resumed run need not read an earlier run's tables to order them, nor a run keep every task's).
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import struct
import weakref
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
"""How the part of an earlier version ends (an Arrow IPC file a task)."""
OLD_PART: Final = ".parquet"
"""How a Parquet part of an earlier version ends."""
LOG: Final = ".log"
"""How a log of parts ends (:class:`PartLog`)."""


def part_bytes(phases: pa.Table, orders: pa.Table, games: str) -> pa.Buffer:
    """A part: the orders table's Arrow IPC file, then the phases table's (with ``games`` and the
    orders' size in its metadata), uncompressed (compressing its buffers costs as much as Parquet
    on a game's small columns; an LZ4 stream of the whole part read back made the consolidation's
    memory grow with the parts read)."""
    return PartWriter().part(phases, orders, games)


class PartWriter:
    """Parts (:func:`part_bytes`) written into one buffer kept for the next: a part's size is
    counted first (written to a sink that only counts), then the part is written once into the
    buffer. A stream growing as it is written (``BufferOutputStream``) copied each part several
    times into fresh memory: 400 random games' parts took about 0.2 s of CPU, 0.06 s so. The
    buffer is as large as the largest part written yet."""

    def __init__(self) -> None:
        self._buffer = pa.allocate_buffer(0, resizable=True)

    def part(self, phases: pa.Table, orders: pa.Table, games: str) -> pa.Buffer:
        """The part of the tables: valid until the next call (its bytes are then written over)."""
        counted = pa.MockOutputStream()
        _write_file(counted, orders)
        meta = {GAMES_KEY: games.encode(), ORDERS_KEY: str(counted.size()).encode()}
        phases = phases.replace_schema_metadata(meta)  # its blocks placed from the start of the part
        _write_file(counted, phases)
        size = counted.size()
        if self._buffer.size < size:
            self._buffer.resize(size)
        sink = pa.FixedSizeBufferWriter(self._buffer)
        _write_file(sink, orders)
        _write_file(sink, phases)
        if sink.tell() != size:  # pragma: no cover - the same tables written twice
            raise AssertionError(f"a part of {sink.tell()} bytes where {size} were counted")
        return self._buffer.slice(0, size)


def _write_file(sink: pa.NativeFile, table: pa.Table) -> None:
    with pa.ipc.new_file(sink, table.schema, options=_WRITE_OPTIONS) as writer:
        writer.write_table(table)


_WRITE_OPTIONS: Final = pa.ipc.IpcWriteOptions()
"""The IPC format's current version, as pyarrow writes it by default (given, it is not looked up in
the environment for every table written)."""
_READ_OPTIONS: Final = pa.ipc.IpcReadOptions()


_FOOTER_END: Final = struct.Struct("<i6s")
"""How an Arrow IPC file ends: its footer's size, then :data:`_IPC_MAGIC`."""
_IPC_MAGIC: Final = b"ARROW1"
_IPC_START: Final = b"ARROW1\0\0"
"""How an Arrow IPC file starts (the mark, padded to 8 bytes)."""

_HEAD: Final = struct.Struct("<8sIQ")
"""A record's head: :data:`_START`, the size of the task's uid (UTF-8) and of its part; the uid follows."""
_TAIL: Final = struct.Struct("<Q8s")
"""A record's tail, after the part: the part's size again and :data:`_END`."""
_START: Final = b"dipsat\x01P"
_END: Final = b"\nend\x00\x00\x00\x01"


class PartLog:
    """The parts of the tasks one run finished, appended one after the other to one file.

    Each record is a head (:data:`_HEAD`: a mark, the uid's and the part's sizes), the task's uid,
    its part (:func:`part_bytes`) and a tail (:data:`_TAIL`: the part's size again and a mark of
    its end), written in one call. A record is read only if its tail is whole and right, and the
    log is read up to its first record that is not (the end of a run killed while writing).
    Only the run that made a log writes to it (the output folder is locked), never after a torn
    record: a run that finds one starts a log of its own.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None
        self._size = 0

    def append(self, uid: str, part: pa.Buffer) -> int:
        """Append the record of ``uid``'s part; return where the part starts in the log.

        Raises:
            OutputError: the record cannot be written (the log is cut back to the records before).
        """
        key = uid.encode()
        pieces = [_HEAD.pack(_START, len(key), part.size), key, part, _TAIL.pack(part.size, _END)]
        total = sum(len(memoryview(p)) for p in pieces)
        start = self._size
        try:
            if self._fd is None:
                self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o666)
            written = os.writev(self._fd, pieces)
            if written < total:  # a short write (a signal, a full disk): the rest in turn
                rest = memoryview(b"".join(bytes(memoryview(p)) for p in pieces))[written:]
                while rest:
                    rest = rest[os.write(self._fd, rest):]
        except OSError as exc:
            if self._fd is not None:
                with contextlib.suppress(OSError):
                    os.ftruncate(self._fd, start)
            raise OutputError(f"cannot write: {exc.strerror or exc}", str(self.path)) from None
        self._size = start + total
        return start + _HEAD.size + len(key)

    def close(self) -> None:
        """Close the log (its records are written as they come: nothing is left to write)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def log_records(path: Path) -> list[tuple[str, int, int, int]]:
    """The whole records of the log ``path`` in order: (uid, where its part starts, its size, where
    the record ends); reading stops at the first record not whole (a run killed while writing it)."""
    found = []
    with open(path, "rb") as log:
        size = os.fstat(log.fileno()).st_size
        at = 0
        while at + _HEAD.size <= size:
            log.seek(at)
            start, key_size, part_size = _HEAD.unpack(log.read(_HEAD.size))
            end = at + _HEAD.size + key_size + part_size + _TAIL.size
            if start != _START or end > size:
                break
            key = log.read(key_size)
            log.seek(end - _TAIL.size)
            if _TAIL.unpack(log.read(_TAIL.size)) != (part_size, _END):
                break
            try:
                uid = key.decode()
            except UnicodeDecodeError:
                break
            found.append((uid, at + _HEAD.size + key_size, part_size, end))
            at = end
    return found


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
        self._listed: set[str] | None = None
        """The names in the parts folder when first asked (this run adds only its log)."""
        self._logged: dict[str, tuple[Path, int, int]] = {}
        """uid -> the log holding its part (the latest written), where the part starts, its size."""
        self._log: PartLog | None = None
        self._writer: PartWriter | None = None
        """Writes the parts; dropped (with its buffer) once the parts are read back."""
        self._next_log = self.parts / f"1{LOG}"
        self._readers: dict[Path, int] = {}
        self._read_into = ReadBuffers()
        self._kept: dict[str, tuple[pa.Table, pa.Table, int, tuple[GameBlock, ...]]] = {}
        """uid -> the tables this run wrote, the size of their part and its games, while they fit
        in :data:`KEPT_BYTES` (the part's size: ``get_total_buffer_size`` took some 0.1 ms a task).
        The games of the other parts are not kept (some 300 bytes a task, in many small objects
        that outlive the task among its garbage): :meth:`games` reads them from the part's end."""
        self._kept_bytes = 0
        self._read_back: OrderedDict[str, tuple[pa.Table, pa.Table]] = OrderedDict()

    def close(self) -> None:
        """Close the logs and release the folder's lock."""
        if self._log is not None:
            self._log.close()
        for fd in self._readers.values():
            os.close(fd)
        self._readers.clear()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> PartStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _path(self, uid: str, table: str, ending: str = PART) -> Path:
        return self.parts / f"{uid}.{table}{ending}"

    def _names(self) -> set[str]:
        """The files of the parts folder, listed once (and the logs in it read)."""
        if self._listed is None:
            try:
                self._listed = set(os.listdir(self.parts))
            except OSError as exc:
                raise OutputError(f"cannot read the parts folder: {exc.strerror or exc}", str(self.parts)) from None
            logs = sorted((int(n[:-len(LOG)]), n) for n in self._listed if n.endswith(LOG) and n[:-len(LOG)].isdigit())
            for _, name in logs:  # in the order the runs wrote them: a later part of a task wins
                path = self.parts / name
                try:
                    records = log_records(path)
                except OSError as exc:
                    raise OutputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
                for uid, at, size, _ in records:
                    self._logged[uid] = (path, at, size)
            self._next_log = self.parts / f"{logs[-1][0] + 1 if logs else 1}{LOG}"
        return self._listed

    def _found(self, uid: str) -> Path | None:
        """The phases part of the task ``uid`` an earlier version wrote, if any."""
        names = self._names()
        for ending in (PART, OLD_PART):
            if f"{uid}.phases{ending}" in names:
                return self._path(uid, "phases", ending)
        return None

    def done(self, uid: str) -> bool:
        """Tell whether the task ``uid`` is finished (its part is in a log, or an earlier version's part exists)."""
        names = self._names()
        return uid in self._logged or f"{uid}.phases{PART}" in names or f"{uid}.phases{OLD_PART}" in names

    def finished(self, uid: str) -> bool:
        """Tell whether the task ``uid`` has a part, written by this run or an earlier one."""
        return self.done(uid)

    def write(self, uid: str, phases: pa.Table, orders: pa.Table,
              games: Sequence[GameBlock] | None = None) -> None:
        """Store the tables of a finished task as its part (the finish mark).

        ``games``: the task's games in row order (each game's rows together and sorted), as
        :func:`~dipsat.replay.rows.game_blocks` tells them; worked out from the tables if not given.
        """
        if games is None:
            games = blocks_of(phases, orders)
        games = tuple(games)
        names = self._names()
        if self._log is None:
            self._log = PartLog(self._next_log)
        if self._writer is None:
            self._writer = PartWriter()
        part = self._writer.part(phases, orders, json.dumps(games, ensure_ascii=False, separators=(",", ":")))
        at = self._log.append(uid, part)
        self._logged[uid] = (self._log.path, at, part.size)
        stale = [f"{uid}.{t}{e}" for t in ("phases", "orders") for e in (PART, OLD_PART)]
        if not names.isdisjoint(stale):  # an earlier version's part of the task, replayed again
            remove_stale(*(self.parts / n for n in stale if n in names))
            names.difference_update(stale)
        if self._kept_bytes + part.size <= KEPT_BYTES:  # the part holds the tables' buffers, uncompressed
            self._kept[uid] = (phases, orders, part.size, games)
            self._kept_bytes += part.size

    def _where_logged(self, uid: str) -> tuple[Path, int, int, int] | None:
        """Where the part of ``uid`` is in a log: the log, its file (opened for reading once), the
        part's offset and size (``None``: not in a log)."""
        found = self._logged.get(uid)
        if found is None:
            return None
        path, at, size = found
        fd = self._readers.get(path)
        if fd is None:
            try:
                fd = self._readers[path] = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            except OSError as exc:
                raise OutputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
        return path, fd, at, size

    def _logged_part(self, uid: str) -> pa.Buffer | None:
        """The part of ``uid`` in a log, copied out of it (``None``: not in a log)."""
        self._names()
        found = self._where_logged(uid)
        if found is None:
            return None
        path, fd, at, size = found
        try:
            view = self._read_into.spare(size)
            if view is None:
                data = os.pread(fd, size, at)
                got = len(data)
            else:
                data = view
                got = os.preadv(fd, [view], at)
        except OSError as exc:
            raise OutputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
        if got != size:
            raise OutputError("the parts' log was cut short while the run read it", str(path))
        return pa.py_buffer(data)

    def _logged_metadata(self, uid: str) -> dict[bytes, bytes] | None:
        """The schema metadata of the part of ``uid`` in a log (``None``: not in a log), read from
        the part's end: the phases table's IPC footer, which holds its schema, is the last thing
        in the part (its size and the file mark after it). A part whose end does not read so is
        read whole."""
        found = self._where_logged(uid)
        if found is None:
            return None
        path, fd, at, size = found
        try:
            end = os.pread(fd, _FOOTER_END.size, at + size - _FOOTER_END.size) if size >= _FOOTER_END.size else b""
            if len(end) == _FOOTER_END.size and _FOOTER_END.unpack(end)[1] == _IPC_MAGIC \
                    and 0 < (length := _FOOTER_END.unpack(end)[0]) <= size - _FOOTER_END.size - len(_IPC_START):
                footer = os.pread(fd, length + _FOOTER_END.size, at + size - length - _FOOTER_END.size)
                if len(footer) == length + _FOOTER_END.size:  # the file mark, then the footer: an IPC file's schema
                    with contextlib.suppress(pa.ArrowInvalid):
                        return dict(pa.ipc.open_file(pa.py_buffer(_IPC_START + footer)).schema.metadata or {})
        except OSError as exc:
            raise OutputError(f"cannot read: {exc.strerror or exc}", str(path)) from None
        logged = self._logged_part(uid)
        return dict(pa.ipc.open_file(logged).schema.metadata or {}) if logged is not None else {}

    def games(self, uid: str) -> tuple[GameBlock, ...]:
        """The games of the finished task ``uid``, in the row order of its part."""
        kept = self._kept.get(uid)
        if kept is not None:
            return kept[3]
        meta = self._logged_metadata(uid)
        if meta is None:
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
        found = self._kept.pop(uid, None)
        if found is not None:
            phases, orders, size, _ = found
            self._kept_bytes -= size
            self._keep_read_back(uid, (phases, orders))
            return phases, orders
        kept = self._read_back.get(uid)
        if kept is not None:
            return kept
        self._writer = None  # the consolidation's peak: its buffer (the largest part) is not kept to it
        logged = self._logged_part(uid)
        path = self._found(uid) if logged is None else None
        if logged is None and path is None:
            raise FileNotFoundError(f"no part of the task {uid} in {self.parts}")
        phases, meta, whole = _read_part(logged if logged is not None else path, PHASE_SCHEMA)  # type: ignore[arg-type]
        if whole is not None and ORDERS_KEY in meta:  # the orders file starts the part
            orders, _, _ = _read_part(whole.slice(0, int(meta[ORDERS_KEY])), ORDER_SCHEMA)
        else:  # an earlier version's orders part, a file of its own
            orders, _, _ = _read_part(self._path(uid, "orders", PART if path.name.endswith(PART) else OLD_PART),  # type: ignore[union-attr]
                                      ORDER_SCHEMA)
        if GAMES_KEY not in meta:
            phases, orders = _games_in_turn(phases, orders)  # a part written without its games
        self._keep_read_back(uid, (phases, orders))
        return phases, orders

    def let_go(self) -> None:
        """Drop the parts read back or kept and the memory they were read into (the consolidation
        has written their rows, and closes its writers next: its peak); a part asked for again
        is read again."""
        self._read_back.clear()
        self._kept.clear()
        self._kept_bytes = 0
        self._read_into = ReadBuffers()
        self._writer = None

    def _keep_read_back(self, uid: str, tables: tuple[pa.Table, pa.Table]) -> None:
        self._read_back[uid] = tables
        if len(self._read_back) > READ_BACK_PARTS:
            self._read_back.popitem(last=False)


class ReadBuffers:
    """Memory the parts read back are copied into, used again once nothing reads the part it holds.

    Copied into fresh memory, each part read back (about 185 KB a random game) was mapped, faulted
    in page by page and unmapped again (glibc maps every block from 128 KiB,
    :func:`~dipsat.replay.cores.keep_heap_compact`): about 0.1 ms a part, 7 times the copy into
    memory already mapped. A buffer is free again once the view of it handed out is gone (a weak
    reference tells): the tables read from a part hold that view until the consolidation has
    written their rows. At most :data:`READ_BUFFER_BYTES` are kept; past them a part is copied
    into fresh memory as before.
    """

    def __init__(self, most: int | None = None) -> None:
        self._most = READ_BUFFER_BYTES if most is None else most
        self._buffers: list[list[object]] = []
        """[buffer (bytearray), weak reference to the view last handed out of it, or None]"""
        self._bytes = 0

    def spare(self, size: int) -> memoryview | None:
        """A view of ``size`` bytes that nothing else reads (its bytes to be written over), or
        ``None`` when none can be kept within the bound."""
        small = None
        for entry in self._buffers:
            ref = entry[1]
            if ref is None or ref() is None:  # type: ignore[operator]
                if len(entry[0]) >= size:  # type: ignore[arg-type]
                    return self._hand_out(entry, size)
                small = entry
        wanted = -(-size // _READ_STEP) * _READ_STEP
        if small is not None and self._bytes - len(small[0]) + wanted <= self._most:  # type: ignore[arg-type]
            self._bytes -= len(small[0])  # type: ignore[arg-type]
            small[0] = bytearray(wanted)
            self._bytes += wanted
            return self._hand_out(small, size)
        if self._bytes + wanted > self._most:
            return None
        entry = [bytearray(wanted), None]
        self._buffers.append(entry)
        self._bytes += wanted
        return self._hand_out(entry, size)

    @staticmethod
    def _hand_out(entry: list[object], size: int) -> memoryview:
        view = memoryview(entry[0])[:size]  # type: ignore[arg-type]
        entry[1] = weakref.ref(view)
        return view


READ_BUFFER_BYTES: Final = 8 << 20
"""Bytes of the buffers parts are read back into, kept at most (some 40 random games' parts: the
consolidation holds about that many at a time)."""
_READ_STEP: Final = 64 << 10


def _read_part(source: Path | pa.Buffer, schema: pa.Schema) -> tuple[pa.Table, dict[bytes, bytes], pa.Buffer | None]:
    """One table of a part (in memory, or an earlier version's IPC or Parquet file), its schema's
    metadata, and the whole part (``None`` for Parquet).

    A Parquet part is read as a single file (``pq.read_table`` goes through pyarrow's datasets,
    which import pandas)."""
    whole = None
    if isinstance(source, pa.Buffer):
        whole = source
        table = pa.ipc.open_file(source, options=_READ_OPTIONS).read_all()
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
