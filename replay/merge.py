"""The consolidation of a run: its parts into ``phases.parquet`` and ``orders.parquet``, sorted, and
the summary, written as a stream in memory that does not grow with the archive.

A part holds its task's games one after the other, each game's rows together and in order
(:data:`~dipsat.replay.rows.GameBlock`), so the tables sorted by (file, game, index[, seq]) are
the games sorted by (file, game id), each game's rows as they are. The consolidation therefore
sorts the games (a few numbers each), then reads their rows part by part in that order and
hands them to two ``ParquetWriter`` in row groups ending with a game (:data:`ROW_GROUP_ROWS`,
:data:`PHASE_GROUP_ROWS`); the summary is counted from the same stream. The rows are those a sort of all the parts' rows put together
gives (Arrow's stable sort, nulls first, the parts in task order, then the rows of unreadable
files and lost tasks), row for row.

A game whose id an earlier part already gave to another game of the same file is renamed
(``id#2``, :func:`~dipsat.replay.records.distinct_id`) and its first row says so: rows of two
games never merge.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Iterator
from dataclasses import field
from typing import Any, Final

import pyarrow as pa
import pyarrow.parquet as pq

from dipsat.model.files import write_atomic
from dipsat.model.values import value_class
from dipsat.replay.records import distinct_id, renamed_note
from dipsat.replay.rows import AGREE, DIFFER, ERROR, UNCHECKED, GameBlock, game_blocks
from dipsat.replay.store import PartStore
from dipsat.replay.tables import ORDER_SCHEMA, PHASE_SCHEMA, string_array

ROW_GROUP_ROWS: Final = 1 << 14
"""Order rows written at a time, as one Parquet row group (ending with a game). The rows waiting
are slices of the parts they come from, which stay in memory until written (about 230 bytes an
order row: 3.5 MB). Each row group also leaves its metadata in the writer to the end, about 1 KB
a column (the file's footer): smaller row groups hold fewer parts and leave more metadata (on
4,000 random games, 1 << 12: +20 MB at the peak, 1 << 16: +10 MB)."""
PHASE_GROUP_ROWS: Final = 1 << 13
"""Phase rows written at a time, as one row group of ``phases.parquet``. A game has some 18 times
fewer phase rows than order rows: the phases waiting are copied apart from their parts each time
the orders' rows are written (:meth:`_Output.keep_apart`, about 150 bytes a row: 1.2 MB), so
that their row groups can be longer and fewer: in step with the orders', 4,000 random games left
some 3 MB of row groups' metadata in the phases' writer."""
STATISTICS: Final = ("file", "game", "index", "seq")
"""The columns whose row groups' statistics (least and greatest value, nulls) the tables keep: the
sort key, by which a reader skips the row groups of the games it does not want. The texts' (the
reasons, the orders) would cost a seventh of the writing (0.02 s of 0.16 on 400 random games) for
ranges that tell nothing: every row group holds nearly every value."""
LISTED: Final = 100
"""Differences and errors listed in the summary (the first ones, in table order)."""


@value_class
class _Game:
    """One game of the output, where its rows are."""

    file: str
    game: str
    """Its id in the output (renamed if an earlier part of the same file has its id)."""
    source: int
    """The part's place in task order (the rows of unreadable files and lost tasks come last)."""
    uid: str | None
    """The part (``None``: the rows of unreadable files and lost tasks)."""
    phases: tuple[int, int]
    """First phase row in the part and how many."""
    orders: tuple[int, int]
    renamed_from: str | None = None
    note: str = ""


def consolidate(store: PartStore, uids: list[str], extra_phases: pa.Table | None = None,
                lines: dict[str, tuple[int, ...]] | None = None) -> dict[str, Any]:
    """Gather the parts of ``uids`` (plus rows for unreadable files) into sorted tables, write them,
    and return the summary of their rows (:func:`summarize`'s keys).

    ``lines``: the file line of each game of a task, where known (named in a renamed game's note).
    """
    found = [uid for uid in uids if store.finished(uid)]
    games = _games(store, found, lines or {})
    if extra_phases is not None:
        blocks = game_blocks(list(zip(extra_phases.column("file").to_pylist(),
                                      extra_phases.column("game").to_pylist())), [])
        games += _placed(None, len(found), blocks)
    games.sort(key=lambda g: (g.file, g.game, g.source), reverse=True)  # taken from the end, each let go once written
    tally = _Tally()
    extra = (extra_phases, _empty(ORDER_SCHEMA)) if extra_phases is not None else None

    def rows(uid: str | None) -> tuple[pa.Table, pa.Table]:
        return store.tables(uid) if uid is not None else extra  # type: ignore[return-value]

    def write(phase_path: str, order_path: str) -> None:
        with _Output(phase_path, PHASE_SCHEMA, tally.add_phases, PHASE_GROUP_ROWS) as phase_out, \
                _Output(order_path, ORDER_SCHEMA, tally.add_orders, ROW_GROUP_ROWS) as order_out:
            for same in _same_game(games):
                _add(_rows_of(same, rows), phase_out, order_out)
                tally.games += 1
            phase_out.flush()
            order_out.flush()
            store.let_go()  # what the parts were read into, before the writers' footers (the peak)

    write_atomic(store.out / "phases.parquet",
                 lambda phase_path: write_atomic(store.out / "orders.parquet",
                                                 lambda order_path: write(phase_path, order_path)))
    return tally.summary()


def _add(tables: tuple[pa.Table, pa.Table], phase_out: _Output, order_out: _Output) -> None:
    """Hand one game's rows to the writers."""
    phase_out.add(tables[0])
    if order_out.add(tables[1]):  # the parts the orders waiting were slices of are let go:
        phase_out.keep_apart()    # the phases waiting no longer hold them


def _games(store: PartStore, found: list[str], lines: dict[str, tuple[int, ...]]) -> list[_Game]:
    """Every game of the parts ``found``, in task order; a game whose id an earlier part gave to
    another game of the same file renamed, with a note."""
    taken: dict[str, dict[str, int | None]] = {}
    out: list[_Game] = []
    for source, uid in enumerate(found):
        blocks = store.games(uid)
        keys = list(dict.fromkeys((f, g) for f, g, _, _ in blocks))
        where = dict(zip(keys, lines.get(uid, ()))) if len(lines.get(uid, ())) == len(keys) else {}
        renamed: dict[tuple[str, str], str] = {}
        for f, g in keys:
            if g in taken.get(f, {}):
                used = set(taken[f]) | {h for e, h in keys if e == f} | {n for (e, _), n in renamed.items() if e == f}
                renamed[f, g] = distinct_id(g, used)
        for f, g in keys:
            taken.setdefault(f, {})[renamed.get((f, g), g)] = where.get((f, g))
        notes = {key: renamed_note(key[1], name, where.get(key), taken[key[0]][key[1]])
                 for key, name in renamed.items()}
        out += _placed(uid, source, blocks, renamed, notes)
    return out


def _placed(uid: str | None, source: int, blocks: tuple[GameBlock, ...],
            renamed: dict[tuple[str, str], str] | None = None, notes: dict[tuple[str, str], str] | None = None,
            ) -> list[_Game]:
    """The games of one part, with where their rows start."""
    out = []
    p = o = 0
    for f, g, phases, orders in blocks:
        name = (renamed or {}).get((f, g))
        out.append(_Game(f, name or g, source, uid, (p, phases), (o, orders),
                         g if name else None, (notes or {}).get((f, g), "")))
        p += phases
        o += orders
    return out


def _same_game(games: list[_Game]) -> Iterator[list[_Game]]:
    """The games sorted in reverse, taken from the end of the list (emptied as it goes: what the
    consolidation remembers of the games written is let go before the writers' footers, its
    peak), those with the same file and id together (nearly always alone)."""
    group: list[_Game] = []
    while games:
        game = games.pop()
        if group and (game.file, game.game) != (group[0].file, group[0].game):
            yield group
            group = []
        group.append(game)
    if group:
        yield group


def _rows_of(same: list[_Game], rows: Callable[[str | None], tuple[pa.Table, pa.Table]]) -> tuple[pa.Table, pa.Table]:
    """The phase and order rows of one game of the output (of several parts' games with its id,
    merged by index as a stable sort would)."""
    phase_parts, order_parts = [], []
    for game in same:
        phases, orders = rows(game.uid)
        phase_rows = phases.slice(*game.phases)
        order_rows = orders.slice(*game.orders)
        if game.renamed_from is not None:
            phase_rows = _renamed(phase_rows, game.game, game.note)
            order_rows = _renamed(order_rows, game.game)
        phase_parts.append(phase_rows)
        order_parts.append(order_rows)
    if len(same) == 1:
        return phase_parts[0], order_parts[0]
    return _merged(phase_parts, ("index",)), _merged(order_parts, ("index", "seq"))


def _renamed(table: pa.Table, game: str, note: str | None = None) -> pa.Table:
    """``table`` (one game's rows) under the id ``game``, ``note`` added to its first row."""
    table = table.set_column(table.schema.get_field_index("game"), "game", string_array([game] * table.num_rows))
    if note and table.num_rows:
        column = table.column("note").to_pylist()
        column[0] = "; ".join(n for n in (column[0], note) if n)
        table = table.set_column(table.schema.get_field_index("note"), "note", string_array(column))
    return table


def _merged(parts: list[pa.Table], keys: tuple[str, ...]) -> pa.Table:
    """Rows of one game from several sources, in a stable order by ``keys`` (nulls first)."""
    table = pa.concat_tables(parts)
    columns = [table.column(k).to_pylist() for k in keys]
    order = sorted(range(table.num_rows), key=lambda i: tuple((c[i] is not None, c[i] or 0) for c in columns))
    if order == list(range(table.num_rows)):
        return table
    take = pa.Array.from_buffers(pa.int64(), len(order), [None, pa.py_buffer(array("q", order))])
    return table.take(take)


def _empty(schema: pa.Schema) -> pa.Table:
    return pa.Table.from_batches([], schema=schema)  # schema.empty_table() imports pandas


class _Output:
    """One table written as a stream: rows gathered until there are ``group_rows``, then written
    as one row group."""

    def __init__(self, path: str, schema: pa.Schema, seen: Callable[[pa.Table], None], group_rows: int) -> None:
        self.schema, self.seen, self.group_rows = schema, seen, group_rows
        # zstd at its default level (1): lz4 or snappy write some 20 % faster, files a third larger
        # (400 random games: 0.11 s and 5.4 MB against 0.14 s and 4.1 MB)
        self.writer = pq.ParquetWriter(path, schema, compression="zstd",
                                       write_statistics=[n for n in STATISTICS if n in schema.names])
        self.waiting: list[pa.Table] = []
        self.rows = 0
        self.apart = 0
        """How many of the tables waiting (the first ones) are copies of their own, holding no part."""

    def add(self, table: pa.Table) -> bool:
        """Add a game's rows; tell whether a row group was written."""
        if table.num_rows:
            self.waiting.append(table)
            self.rows += table.num_rows
            if self.rows >= self.group_rows:
                self.flush()
                return True
        return False

    def keep_apart(self) -> None:
        """Copy the rows waiting since the last call into memory of their own, so that the parts
        they are slices of can go (the phases of some 15 games take some 130 KB; their parts, 3 MB)."""
        if len(self.waiting) > self.apart:
            fresh = pa.concat_tables(self.waiting[self.apart:])  # concatenated arrays are copies (no compute)
            self.waiting[self.apart:] = [pa.Table.from_arrays([pa.concat_arrays(c.chunks) for c in fresh.columns],
                                                              schema=self.schema)]
            self.apart = len(self.waiting)

    def flush(self) -> None:
        if self.waiting:
            table = pa.concat_tables(self.waiting)
            self.waiting, self.rows, self.apart = [], 0, 0
            self.seen(table)
            self.writer.write_table(table, row_group_size=table.num_rows)

    def __enter__(self) -> _Output:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None:
            self.flush()
        self.writer.close()


@value_class(frozen=False, slots=False)
class _Tally:
    """The summary, counted as the rows go by."""

    games: int = 0
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys((AGREE, DIFFER, UNCHECKED, ERROR), 0))
    phases: int = 0
    orders: int = 0
    differences: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def add_phases(self, table: pa.Table) -> None:
        status = table.column("status").to_pylist()
        for s in self.counts:
            self.counts[s] += status.count(s)
        self.phases += table.num_rows - table.column("index").null_count
        for s, listed, what in ((DIFFER, self.differences, "difference"), (ERROR, self.errors, "error")):
            at = [i for i, v in enumerate(status) if v == s][:LISTED - len(listed)]
            listed += [_brief(table.slice(i, 1).to_pylist()[0], what) for i in at]

    def add_orders(self, table: pa.Table) -> None:
        self.orders += table.num_rows

    def summary(self) -> dict[str, Any]:
        counts = self.counts
        compared = counts[AGREE] + counts[DIFFER]
        return {
            "games": self.games,
            "phases": self.phases,
            "phases_agree": counts[AGREE],
            "phases_differ": counts[DIFFER],
            "phases_unchecked": counts[UNCHECKED],
            "errors": counts[ERROR],
            "agreement": round(counts[AGREE] / compared, 6) if compared else None,
            "orders": self.orders,
            "differences": self.differences,
            "error_list": self.errors,
        }


def _brief(row: dict[str, Any], field: str) -> dict[str, Any]:
    return {"file": row["file"], "game": row["game"], "phase": row["phase"], "line": row["line"],
            field: row[field], **({"note": row["note"]} if row["note"] else {})}
