"""The output folder: one Parquet part per finished task, then the consolidated tables and summary.

Layout of ``--out DIR``::

    DIR/parts/<uid>.orders.parquet    # written first
    DIR/parts/<uid>.phases.parquet    # written last: its presence marks the task finished
    DIR/phases.parquet                # one row per phase, sorted by file, game, index
    DIR/orders.parquet                # one row per order, sorted by file, game, index, seq
    DIR/summary.json

Every file is written to a temporary name in the same folder and renamed into place, so a run
killed at any moment leaves either a whole part or none: a rerun replays only unfinished tasks,
and a task replayed twice replaces its part (no duplicate rows). The same input gives the same
tables byte for byte (rows sorted, no timestamps in the tables). The parts a run writes are also
kept in memory for its consolidation, which reads from disk only the parts of earlier runs.
"""
from __future__ import annotations

import fcntl
import json
from collections.abc import Iterable
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from dipsat.model.errors import OutputError
from dipsat.model.files import remove_stale, write_atomic, write_text_atomic
from dipsat.replay.records import distinct_id, renamed_note
from dipsat.replay.rows import AGREE, DIFFER, ERROR, ORDER_SCHEMA, ORDER_SORT, PHASE_SCHEMA, PHASE_SORT, UNCHECKED


def write_table(table: pa.Table, path: Path) -> None:
    """Write ``table`` as Parquet to ``path`` atomically."""
    write_atomic(path, lambda temp: pq.write_table(table, temp, compression="zstd"))


def _write_part(table: pa.Table, path: Path) -> None:
    """Write a part: only consolidation reads it, so no column statistics; a small part is also
    written without dictionaries (below a few thousand rows they cost more time and space than
    they save)."""
    write_atomic(path, lambda temp: pq.write_table(table, temp, compression="zstd", write_statistics=False,
                                                   use_dictionary=table.num_rows >= _DICTIONARY_ROWS))


_DICTIONARY_ROWS = 4096


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
        self._written: dict[tuple[str, str], pa.Table] = {}
        """(uid, table name) -> the table this run wrote as that part."""

    def close(self) -> None:
        """Release the folder's lock."""
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def __enter__(self) -> PartStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _path(self, uid: str, table: str) -> Path:
        return self.parts / f"{uid}.{table}.parquet"

    def done(self, uid: str) -> bool:
        """Tell whether the task ``uid`` is finished (its phases part exists)."""
        return self._path(uid, "phases").is_file()

    def finished(self, uid: str) -> bool:
        """Tell whether the task ``uid`` has a part, written by this run or an earlier one."""
        return (uid, "phases") in self._written or self.done(uid)

    def write(self, uid: str, phases: pa.Table, orders: pa.Table) -> None:
        """Store the tables of a finished task: orders first, then phases (the finish mark)."""
        _write_part(orders, self._path(uid, "orders"))
        _write_part(phases, self._path(uid, "phases"))
        self._written[uid, "orders"] = orders
        self._written[uid, "phases"] = phases

    def read(self, uids: Iterable[str], table: str) -> list[pa.Table]:
        """The ``table`` parts (``phases`` or ``orders``) of the finished tasks among ``uids``."""
        schema = PHASE_SCHEMA if table == "phases" else ORDER_SCHEMA
        found = []
        for uid in uids:
            kept = self._written.get((uid, table))
            if kept is not None:
                found.append(kept)
            elif self.done(uid):
                found.append(_read_part(self._path(uid, table), schema))
        return found


def _read_part(path: Path, schema: pa.Schema) -> pa.Table:
    """One part, read as a single file (``pq.read_table`` goes through pyarrow's datasets, which import pandas)."""
    table = pq.ParquetFile(path).read()
    return table if table.schema == schema else table.cast(schema)


def consolidate(store: PartStore, uids: list[str], extra_phases: pa.Table | None = None,
                lines: dict[str, tuple[int, ...]] | None = None) -> tuple[pa.Table, pa.Table]:
    """Gather the parts of ``uids`` (plus rows for unreadable files) into sorted tables and write them.

    A game whose id an earlier part already gave to another game of the same file is renamed in
    its part (``id#2``, :func:`~dipsat.replay.records.distinct_id`) and its first row says so:
    rows of two games never merge. ``lines``: the file line of each game of a task, where known.
    """
    found = [uid for uid in uids if store.finished(uid)]
    phase_parts, order_parts = _distinct_games(store.read(found, "phases"), store.read(found, "orders"),
                                               [(lines or {}).get(uid, ()) for uid in found])
    phase_parts += [extra_phases] if extra_phases is not None else []
    phases = _sorted(pa.concat_tables(phase_parts or [_empty(PHASE_SCHEMA)]), PHASE_SORT)
    orders = _sorted(pa.concat_tables(order_parts or [_empty(ORDER_SCHEMA)]), ORDER_SORT)
    write_table(phases, store.out / "phases.parquet")
    write_table(orders, store.out / "orders.parquet")
    return phases, orders


def _distinct_games(phase_parts: list[pa.Table], order_parts: list[pa.Table],
                    lines: list[tuple[int, ...]]) -> tuple[list[pa.Table], list[pa.Table]]:
    """The parts (in task order, phases and orders alike), each game id already used by an earlier
    part for the same file renamed in the later part (a note on its first phase row says so)."""
    taken: dict[str, dict[str, int | None]] = {}
    for i, part in enumerate(phase_parts):
        games = list(dict.fromkeys(zip(part.column("file").to_pylist(), part.column("game").to_pylist())))
        where = dict(zip(games, lines[i])) if len(lines[i]) == len(games) else {}
        renamed: dict[tuple[str, str], str] = {}
        for f, g in games:
            if g in taken.get(f, {}):
                used = set(taken[f]) | {h for e, h in games if e == f} | {n for (e, _), n in renamed.items() if e == f}
                renamed[f, g] = distinct_id(g, used)
        for f, g in games:
            taken.setdefault(f, {})[renamed.get((f, g), g)] = where.get((f, g))
        if renamed:
            notes = {key: renamed_note(key[1], name, where.get(key), taken[key[0]][key[1]])
                     for key, name in renamed.items()}
            phase_parts[i] = _renamed(part, renamed, notes)
            order_parts[i] = _renamed(order_parts[i], renamed)
    return phase_parts, order_parts


def _renamed(table: pa.Table, renamed: dict[tuple[str, str], str],
             notes: dict[tuple[str, str], str] | None = None) -> pa.Table:
    """``table`` with the games of ``renamed`` under their new ids, ``notes`` added to each one's first row."""
    keys = list(zip(table.column("file").to_pylist(), table.column("game").to_pylist()))
    games = pa.array([renamed.get(k, k[1]) for k in keys], pa.string())
    table = table.set_column(table.schema.get_field_index("game"), "game", games)
    if notes:
        column = table.column("note").to_pylist()
        for key, note in notes.items():
            first = keys.index(key)
            column[first] = "; ".join(n for n in (column[first], note) if n)
        table = table.set_column(table.schema.get_field_index("note"), "note", pa.array(column, pa.string()))
    return table


def _empty(schema: pa.Schema) -> pa.Table:
    return pa.Table.from_batches([], schema=schema)  # schema.empty_table() imports pandas


def _sorted(table: pa.Table, keys: list[tuple[str, str]]) -> pa.Table:
    """Sort by ``keys``, nulls first (a game-level error row before the game's phases)."""
    try:  # pyarrow >= 25: null placement per key
        index = pc.sort_indices(table, sort_keys=[(k, order, "at_start") for k, order in keys])
    except (TypeError, ValueError, pa.ArrowInvalid):
        index = pc.sort_indices(table, sort_keys=keys, null_placement="at_start")
    return table.take(index).combine_chunks()


def summarize(phases: pa.Table, orders: pa.Table, listed: int = 100) -> dict[str, Any]:
    """The summary of a run's tables: counts, agreement, and the first ``listed`` differences and errors."""
    status = phases.column("status").to_pylist()
    counts = {s: status.count(s) for s in (AGREE, DIFFER, UNCHECKED, ERROR)}
    games = set(zip(phases.column("file").to_pylist(), phases.column("game").to_pylist()))
    compared = counts[AGREE] + counts[DIFFER]
    phase_rows = sum(1 for i in phases.column("index").to_pylist() if i is not None)
    rows = phases.to_pylist()
    return {
        "games": len(games),
        "phases": phase_rows,
        "phases_agree": counts[AGREE],
        "phases_differ": counts[DIFFER],
        "phases_unchecked": counts[UNCHECKED],
        "errors": counts[ERROR],
        "agreement": round(counts[AGREE] / compared, 6) if compared else None,
        "orders": orders.num_rows,
        "differences": [_brief(r, "difference") for r in rows if r["status"] == DIFFER][:listed],
        "error_list": [_brief(r, "error") for r in rows if r["status"] == ERROR][:listed],
    }


def _brief(row: dict[str, Any], field: str) -> dict[str, Any]:
    return {"file": row["file"], "game": row["game"], "phase": row["phase"], "line": row["line"],
            field: row[field], **({"note": row["note"]} if row["note"] else {})}


def write_summary(summary: dict[str, Any], out: Path) -> None:
    """Write ``summary.json`` atomically."""
    text = json.dumps(summary, indent=1, sort_keys=False) + "\n"
    write_text_atomic(out / "summary.json", text)
