"""The rows of the two output tables: one per phase, one per order.

Rows are named tuples (immutable values, quick to make: a replay makes one per order);
:mod:`dipsat.replay.tables` (which imports pyarrow) turns lists of them into Arrow tables
(those travel between processes and machines, and are stored as Parquet). The replay itself
imports only this module: a Dask worker, which returns plain columns, never loads pyarrow
(about 40-70 MB a process).
"""
from collections.abc import Sequence
from itertools import groupby
from typing import Final, NamedTuple

AGREE: Final = "agree"
"""The replayed board equals the recorded one (units, dislodged units, centre owners)."""
DIFFER: Final = "differ"
"""The replayed board differs from the recorded one; ``difference`` says how."""
UNCHECKED: Final = "unchecked"
"""Nothing recorded to compare with (the final position, or the next phase cannot be read)."""
ERROR: Final = "error"
"""The phase (or the whole game, ``index`` null) cannot be read or adjudicated; ``error`` says why."""
STATUSES: Final = (AGREE, DIFFER, UNCHECKED, ERROR)


class PhaseRow(NamedTuple):
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


class OrderRow(NamedTuple):
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
