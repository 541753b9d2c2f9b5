"""The Arrow side of the replay's rows (:mod:`dipsat.replay.rows`): the two tables' schemas, and
rows or columns made into Arrow tables. Loaded with pyarrow only where tables are made or read
(the process that writes the output, the local pool's workers); a Dask worker returns plain
columns (:func:`dipsat.replay.work.replay_task_columns`) and never loads it.
"""
from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Sequence
from itertools import accumulate, chain, repeat
from operator import is_not
from typing import Any, Final

import pyarrow as pa

from dipsat.replay.collector import no_cycle_collection
from dipsat.replay.rows import OrderColumns, OrderRow, PhaseRow, PhaseRun


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


def to_table(rows: list[PhaseRow] | list[OrderRow], schema: pa.Schema) -> pa.Table:
    """Return the rows as an Arrow table of ``schema``.

    Where pyarrow was loaded with numpy and pandas is not loaded, the columns are built from
    buffers, never by ``pa.array`` on Python lists: that call would make pyarrow import pandas
    (0.3 s and 60 MB) just to ask whether a list is a pandas object (:func:`_converts_alone`).
    """
    if _converts_alone():  # the rows (tuples in the schema's order) converted in one call
        kind = _STRUCTS.get(schema)
        if kind is None:
            if len(_STRUCTS) >= 8:
                _STRUCTS.clear()
            kind = _STRUCTS[schema] = pa.struct(list(schema))
        return pa.Table.from_struct_array(pa.array(rows, kind))
    with no_cycle_collection():  # many short-lived lists and tuples, no cycles
        values = list(zip(*rows)) or [() for _ in schema]  # rows are tuples in the schema's order
        return from_columns(values, schema)


_STRUCTS: dict[pa.Schema, pa.DataType] = {}
"""A table's schema -> the struct type of its rows (the two tables', at most a few)."""


def order_table(columns: OrderColumns) -> pa.Table:
    """The orders table of ``columns``; the columns a phase's rows share made from one value a
    phase (:data:`~dipsat.replay.rows.PhaseRun`), not one a row."""
    runs = columns.runs
    counts = [read + made for _, _, _, _, read, made in runs]
    n = sum(counts)
    if n != len(columns):
        raise ValueError(f"order columns of {len(columns)} rows for phases of {n}")
    index = b"".join(map(bytes.__mul__, map(_INT32_BYTES.pack, [r[2] for r in runs]), counts))
    numbers = memoryview(_ramp(1, max(counts, default=0))).cast("B")  # 0, 1, 2, ... as int32 bytes
    seq = b"".join([numbers[:4 * c] for c in counts])  # each phase's rows numbered from 0
    arrays = [_run_strings([r[0] for r in runs], counts), _run_strings([r[1] for r in runs], counts),
              pa.Array.from_buffers(_INT32, n, [None, pa.py_buffer(index)]),
              _run_strings([r[3] for r in runs], counts),
              pa.Array.from_buffers(_INT32, n, [None, pa.py_buffer(seq)]),
              *map(_strings, (columns.power, columns.text, columns.order, columns.result, columns.tag,
                              columns.words, columns.reason)),
              pa.Array.from_buffers(_BOOL, n, [None, _run_bits(runs, n)]),
              _strings(columns.recorded), _column(columns.line, _INT32)]
    return pa.Table.from_arrays(arrays, schema=ORDER_SCHEMA)


def from_columns(columns: Sequence[Sequence[Any]], schema: pa.Schema) -> pa.Table:
    """The table of ``schema`` whose columns hold ``columns`` (one sequence of values per field)."""
    return pa.Table.from_arrays([_column(v, f.type) for v, f in zip(columns, schema)], schema=schema)


def string_array(values: Sequence[str | None]) -> pa.Array:
    """``values`` as an Arrow string array (made without ``pa.array``: see :func:`to_table`)."""
    return _column(values, pa.string())


def _column(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """One column of ``values`` (``None`` for null) as an Arrow array of type ``kind``."""
    n = len(values)
    if kind == _STRING:
        if n and values[0] is not None and values[-1] == values[0] and values.count(values[0]) == n:
            return _repeated(values[0], n)  # a task's file, a game's id
        return _strings(values)
    if _converts_alone():
        return pa.array(values, kind)
    return _built(values, kind)


def _built(values: Sequence[Any], kind: pa.DataType) -> pa.Array:
    """An int32 or boolean column of ``values`` made from its buffers (see :func:`_converts_alone`)."""
    n = len(values)
    nulls = values.count(None)
    validity = _bits(list(map(is_not, values, repeat(None)))) if nulls else None
    if kind == _BOOL:
        return pa.Array.from_buffers(kind, n, [validity, _bits(list(map(bool, values)))], nulls)
    if kind == _INT32:
        data = array("i", map(_ZERO_FOR_NULL.get, values, values) if nulls else values)
        return pa.Array.from_buffers(kind, n, [validity, pa.py_buffer(data)], nulls)
    raise TypeError(f"no column of type {kind} in the replay tables")


def _converts_alone() -> bool:
    """Whether ``pa.array`` of a list costs no pandas import: where pyarrow was loaded without numpy
    (:func:`~dipsat.replay.cores.import_arrow_lean`: a replaying process) it never looks for pandas
    objects, and where pandas is loaded already the look costs nothing more. Its conversion in C++
    takes about 60 % of the time of the columns made from buffers (:func:`_built_strings`)."""
    return _ARROW_WITHOUT_NUMPY or "pandas" in sys.modules


_ARROW_WITHOUT_NUMPY: Final = getattr(pa.lib, "np", False) is None
"""pyarrow was loaded without numpy (its ``pa.array`` then never imports pandas)."""


def _strings(values: Sequence[str | None]) -> pa.Array:
    """A string array of ``values`` (``pa.array`` where that imports nothing: :func:`_converts_alone`)."""
    if _converts_alone():
        return pa.array(values, _STRING)
    return _built_strings(values)


def _built_strings(values: Sequence[str | None]) -> pa.Array:
    """A string array of ``values`` made without ``pa.array``; ASCII texts without nulls (nearly
    every column) made from their buffers: the texts joined, their lengths summed (about 70 ns a
    value, against 100 for the builder)."""
    n = len(values)
    if n and values[0] is None and values.count(None) == n:
        return pa.nulls(n, _STRING)  # a column of generated orders' records, of tags
    try:
        text = "".join(values)  # type: ignore[arg-type]
    except TypeError:  # a null (quicker found so than by counting them: a text is no None)
        text = None
    if text is not None and text.isascii() and len(text) < 1 << 31:
        offsets = array("I", accumulate(map(len, values), initial=0))  # type: ignore[arg-type]  # the int32
        # offsets (all below 2**31: the bytes are the same), unsigned: "I" stores each number in one C
        # call, "i" parses it as an argument (PyArg_Parse): ~2 % of a replay's instructions (issue 23)
        return pa.Array.from_buffers(_STRING, n, [None, pa.py_buffer(offsets), pa.py_buffer(text.encode("ascii"))])
    builder = pa.lib.StringBuilder()
    builder.append_values(values)  # str or None; a C++ builder, no pandas
    return builder.finish()


def _run_strings(values: list[str], counts: list[int]) -> pa.Array:
    """A string array of each of ``values`` repeated as many times as ``counts`` says."""
    if values and values.count(values[0]) == len(values):
        return _repeated(values[0], sum(counts))
    if _converts_alone():
        return pa.array(list(chain.from_iterable(map(repeat, values, counts))), _STRING)
    encoded = [v.encode("utf-8", "surrogatepass") for v in values]
    data = b"".join(map(bytes.__mul__, encoded, counts))
    if len(data) >= 1 << 31:
        return _strings(list(chain.from_iterable(map(repeat, values, counts))))
    offsets = array("I", accumulate(chain.from_iterable(map(repeat, map(len, encoded), counts)), initial=0))  # as in _strings
    return pa.Array.from_buffers(_STRING, len(offsets) - 1, [None, pa.py_buffer(offsets), pa.py_buffer(data)])


def _repeated(value: str, n: int) -> pa.Array:
    """A string array of ``n`` times ``value``, made from its buffers (no step per row in Python)."""
    data = value.encode("utf-8", "surrogatepass")
    if len(data) * n >= 1 << 31 or len(data) == 0:
        builder = pa.lib.StringBuilder()
        builder.append_values([value] * n)
        return builder.finish()
    return pa.Array.from_buffers(_STRING, n, [None, pa.py_buffer(_ramp(len(data), n)), pa.py_buffer(data * n)])


def _ramp(step: int, n: int) -> array:
    """The int32 numbers 0, ``step``, 2 ``step``, ... ``n`` ``step``: cut from one kept for the step
    (the offsets of a text repeated, the numbers of rows), made afresh only when it is too short."""
    kept = _RAMPS.get(step)
    if kept is None or len(kept) <= n:
        if n >= _RAMP_MOST or step * n >= 1 << 31:
            return array("i", range(0, step * (n + 1), step))
        if len(_RAMPS) >= _RAMP_STEPS:
            _RAMPS.clear()
        size = min(max(n + 1, 2 * len(kept or ())), _RAMP_MOST, ((1 << 31) - 1) // step + 1)
        kept = _RAMPS[step] = array("i", range(0, step * size, step))
    return kept[:n + 1]


_RAMPS: dict[int, array] = {}
_RAMP_MOST: Final = 1 << 15
_RAMP_STEPS: Final = 16
"""Numbers in a kept ramp, and ramps kept (steps: the lengths of the texts repeated), at most: 2 MB."""
_INT32_BYTES: Final = struct.Struct("<i")


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


def _run_bits(runs: list[PhaseRun], n: int) -> pa.Buffer:
    """The ``generated`` flags of ``runs``' ``n`` rows (each phase's read rows false, then its
    generated ones true) packed as :func:`_bits` packs them, made from the runs' lengths, not a
    flag a row: the binary digits written the last flag first, a phase's run of ones and zeros at once."""
    digits = b"".join([b"1" * made + b"0" * read for _, _, _, _, read, made in reversed(runs)]) or b"0"
    return pa.py_buffer(int(digits, 2).to_bytes((n + 7) // 8, "little"))
