"""The rows of the two output tables: one per phase, one per order.

Rows are named tuples (immutable values, quick to make: a replay makes one per order);
:func:`to_table` turns lists of them into Arrow tables with the schemas below (those travel
between processes and machines, and are stored as Parquet).
"""
from __future__ import annotations

from array import array
from collections.abc import Sequence
from itertools import groupby, repeat
from operator import is_not
from typing import Any, Final

import pyarrow as pa

from dipsat.model.values import named_tuple
from dipsat.replay.collector import no_cycle_collection

AGREE: Final = "agree"
"""The replayed board equals the recorded one (units, dislodged units, centre owners)."""
DIFFER: Final = "differ"
"""The replayed board differs from the recorded one; ``difference`` says how."""
UNCHECKED: Final = "unchecked"
"""Nothing recorded to compare with (the final position, or the next phase cannot be read)."""
ERROR: Final = "error"
"""The phase (or the whole game, ``index`` null) cannot be read or adjudicated; ``error`` says why."""
STATUSES: Final = (AGREE, DIFFER, UNCHECKED, ERROR)


@named_tuple
class PhaseRow:
    """One phase of one game, replayed."""

    file: str
    game: str
    index: int | None
    """0-based position of the phase in its game; null for an error about the whole game."""
    phase: str
    """The phase as the archive names it."""
    kind: str
    """``Movement``, ``Retreat``, ``Adjustment`` (empty for a game-level error)."""
    status: str
    """One of :data:`STATUSES`."""
    differences: int
    difference: str
    """Each difference in words, joined by ``"; "``."""
    note: str
    """What the replay had to assume (phases the archive skips, orders it could not read)."""
    error: str
    orders: int
    """Orders recorded for the phase."""
    unread: int
    """Of those, orders that could not be read (left out; the unit holds)."""
    rules: str
    """The rules the phase was replayed under (``--rules`` text or the archive judge's preset)."""
    line: int | None


@named_tuple
class OrderRow:
    """One order of one phase: as recorded, and as adjudicated."""

    file: str
    game: str
    index: int
    phase: str
    seq: int
    """Order of the row inside its phase: recorded orders first, then generated ones."""
    power: str | None
    text: str
    """The order as recorded (empty for a generated order)."""
    order: str | None
    """The order in DATC short notation; null when the text could not be read."""
    result: str | None
    """DATC result word (``succeeds``, ``fails``, ``illegal``, ...); null when not read."""
    tag: str | None
    """``dislodged`` or ``destroyed`` when the ordered unit was."""
    words: str | None
    """The result as the DATC prints it (``fails, dislodged``)."""
    reason: str
    generated: bool
    """True for orders the adjudicator added: holds, disbands, civil disorder."""
    recorded: str | None
    """The archive's own result for the order, when it keeps one."""
    line: int | None


def _schema(cls: type[PhaseRow] | type[OrderRow], types: dict[str, pa.DataType]) -> pa.Schema:
    return pa.schema([pa.field(name, types[name], nullable=True) for name in cls._fields])


PHASE_SCHEMA: Final = _schema(PhaseRow, {
    "file": pa.string(), "game": pa.string(), "index": pa.int32(), "phase": pa.string(),
    "kind": pa.string(), "status": pa.string(), "differences": pa.int32(), "difference": pa.string(),
    "note": pa.string(), "error": pa.string(), "orders": pa.int32(), "unread": pa.int32(),
    "rules": pa.string(), "line": pa.int32()})
"""Arrow schema of ``phases.parquet``."""

ORDER_SCHEMA: Final = _schema(OrderRow, {
    "file": pa.string(), "game": pa.string(), "index": pa.int32(), "phase": pa.string(),
    "seq": pa.int32(), "power": pa.string(), "text": pa.string(), "order": pa.string(),
    "result": pa.string(), "tag": pa.string(), "words": pa.string(), "reason": pa.string(),
    "generated": pa.bool_(), "recorded": pa.string(), "line": pa.int32()})
"""Arrow schema of ``orders.parquet``."""

PHASE_SORT: Final = [("file", "ascending"), ("game", "ascending"), ("index", "ascending")]
ORDER_SORT: Final = PHASE_SORT + [("seq", "ascending")]

GameBlock = tuple[str, str, int, int]
"""One game's rows in a task's tables: (file, game id, phase rows, order rows). A task's tables
hold its games one after the other, each game's rows together and in order (phases by index, a
game-level error row first; orders by index, then seq), so that the consolidation orders whole
games rather than rows."""


def game_blocks(phase_keys: Sequence[tuple[str, str]], order_keys: Sequence[tuple[str, str]]) -> tuple[GameBlock, ...]:
    """The games of tables whose rows have the (file, game) keys given, in order.

    Raises:
        ValueError: the rows of a game are not all together.
    """
    blocks: list[GameBlock] = []
    orders = iter([(key, len(list(run))) for key, run in groupby(order_keys)])
    pending = next(orders, None)
    for key, run in groupby(phase_keys):
        count = 0
        if pending is not None and pending[0] == key:
            count = pending[1]
            pending = next(orders, None)
        blocks.append((key[0], key[1], len(list(run)), count))
    if pending is not None or len({(f, g) for f, g, _, _ in blocks}) < len(blocks):
        raise ValueError("the rows of a game are not all together in the tables")
    return tuple(blocks)


def to_table(rows: list[PhaseRow] | list[OrderRow], schema: pa.Schema) -> pa.Table:
    """Return the rows as an Arrow table of ``schema``, column by column.

    The columns are built from buffers, never by ``pa.array`` on Python lists: that call makes
    pyarrow import pandas (0.3 s and 60 MB) just to ask whether a list is a pandas object.
    """
    with no_cycle_collection():  # many short-lived lists and tuples, no cycles
        values = list(zip(*rows)) or [() for _ in schema]  # rows are tuples in the schema's order
        return pa.Table.from_arrays([_column(v, f.type) for v, f in zip(values, schema)], schema=schema)


def string_array(values: Sequence[str | None]) -> pa.Array:
    """``values`` as an Arrow string array (made without ``pa.array``: see :func:`to_table`)."""
    return _column(values, pa.string())


def _column(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """One column of ``values`` (``None`` for null) as an Arrow array of type ``kind``."""
    n = len(values)
    if kind == _STRING:
        if n and values[0] is not None and values[-1] == values[0] and values.count(values[0]) == n:
            return _repeated(values[0], n)  # a task's file, a game's id
        builder = pa.lib.StringBuilder()
        builder.append_values(values)  # str or None; a C++ builder, no pandas
        return builder.finish()
    nulls = values.count(None)
    validity = _bits(list(map(is_not, values, repeat(None)))) if nulls else None
    if kind == _BOOL:
        return pa.Array.from_buffers(kind, n, [validity, _bits(list(map(bool, values)))], nulls)
    if kind == _INT32:
        data = array("i", map(_ZERO_FOR_NULL.get, values, values) if nulls else values)
        return pa.Array.from_buffers(kind, n, [validity, pa.py_buffer(data)], nulls)
    raise TypeError(f"no column of type {kind} in the replay tables")


def _repeated(value: str, n: int) -> pa.Array:
    """A string array of ``n`` times ``value``, made from its buffers (no step per row in Python)."""
    data = value.encode("utf-8", "surrogatepass")
    if len(data) * n >= 1 << 31 or len(data) == 0:
        builder = pa.lib.StringBuilder()
        builder.append_values([value] * n)
        return builder.finish()
    offsets = array("i", range(0, len(data) * (n + 1), len(data)))
    return pa.Array.from_buffers(_STRING, n, [None, pa.py_buffer(offsets), pa.py_buffer(data * n)])


_STRING: Final = pa.string()
_BOOL: Final = pa.bool_()
_INT32: Final = pa.int32()
_ZERO_FOR_NULL: Final = {None: 0}
"""``get(v, v)``: ``v``, or 0 for ``None`` (a column's nulls filled in C)."""


def _bits(flags: list[bool]) -> pa.Buffer:
    """``flags`` packed the Arrow way: eight a byte, the first in the least significant bit."""
    digits = bytes(flags[::-1]).translate(_DIGITS) or b"0"  # b"0110...": the last flag first
    return pa.py_buffer(int(digits, 2).to_bytes((len(flags) + 7) // 8, "little"))


_DIGITS: Final = bytes.maketrans(b"\x00\x01", b"01")
