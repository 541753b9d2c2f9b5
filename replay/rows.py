"""The rows of the two output tables: one per phase, one per order.

Rows are plain frozen dataclasses (they travel between processes and machines by pickle);
:mod:`dipsat.replay.store` turns lists of them into Arrow tables with the schemas below.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Final

import pyarrow as pa

AGREE: Final = "agree"
"""The replayed board equals the recorded one (units, dislodged units, centre owners)."""
DIFFER: Final = "differ"
"""The replayed board differs from the recorded one; ``difference`` says how."""
UNCHECKED: Final = "unchecked"
"""Nothing recorded to compare with (the final position, or the next phase cannot be read)."""
ERROR: Final = "error"
"""The phase (or the whole game, ``index`` null) cannot be read or adjudicated; ``error`` says why."""
STATUSES: Final = (AGREE, DIFFER, UNCHECKED, ERROR)


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
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


def _schema(cls: type, types: dict[str, pa.DataType]) -> pa.Schema:
    return pa.schema([pa.field(f.name, types[f.name], nullable=True) for f in fields(cls)])


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


def to_table(rows: list[PhaseRow] | list[OrderRow], schema: pa.Schema) -> pa.Table:
    """Return the rows as an Arrow table of ``schema`` (column by column, no pandas)."""
    names = schema.names
    columns = {name: [getattr(r, name) for r in rows] for name in names}
    return pa.table(columns, schema=schema)
