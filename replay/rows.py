"""The rows of the two output tables: one per phase, one per order.

Rows are named tuples (immutable values). A replay makes one phase row per phase, but its order
rows (one per order: some 18 a phase) it makes column by column (:class:`OrderColumns`): each
phase's orders filled into the columns at once, the values the rows of a phase share written
once per phase. :mod:`dipsat.replay.tables` (which imports pyarrow) turns them into Arrow tables
(those travel between processes and machines, and are stored as Parquet). The replay itself
imports only this module: a Dask worker, which returns plain columns, never loads pyarrow
(about 40-70 MB a process).
"""
from collections.abc import Iterator, Sequence
from dataclasses import field
from itertools import chain, groupby, repeat
from typing import Any, Final, NamedTuple

from dipsat.model.values import value_class

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


PhaseRun = tuple[str, str, int, str, int, int]
"""The order rows of one phase: (file, game, index, phase, rows read from the record, rows generated)."""


@value_class(frozen=False)
class OrderColumns:
    """Order rows (:class:`OrderRow`) column by column, as a replay makes them.

    The columns every row of a phase shares (file, game, index, phase, and ``seq``, ``generated``,
    which follow from the rows' place) are kept once per phase (:data:`PhaseRun`); the others
    hold one value per row, in row order: a phase's recorded orders (``generated`` false), then
    its generated ones. Iterating gives the rows as :class:`OrderRow` values.
    """

    runs: list[PhaseRun] = field(default_factory=list)
    power: list[str | None] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    order: list[str | None] = field(default_factory=list)
    result: list[str | None] = field(default_factory=list)
    tag: list[str | None] = field(default_factory=list)
    words: list[str | None] = field(default_factory=list)
    reason: list[str] = field(default_factory=list)
    recorded: list[str | None] = field(default_factory=list)
    line: list[int | None] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.reason)

    def extend(self, other: "OrderColumns") -> None:
        """Add the rows of ``other`` after these."""
        for name in _COLUMNS:
            getattr(self, name).extend(getattr(other, name))

    def shared(self) -> tuple[list[Any], ...]:
        """The columns kept once per phase, one value per row: file, game, index, phase, seq, generated."""
        runs = self.runs
        counts = [read + made for _, _, _, _, read, made in runs]
        per_row = [list(chain.from_iterable(map(repeat, (r[k] for r in runs), counts))) for k in range(4)]
        seq = list(chain.from_iterable(map(range, counts)))
        generated = list(chain.from_iterable(chain(repeat(False, read), repeat(True, made))
                                             for _, _, _, _, read, made in runs))
        return (*per_row, seq, generated)

    def columns(self) -> tuple[list[Any], ...]:
        """Every column, one value per row, in :class:`OrderRow`'s field order."""
        file, game, index, phase, seq, generated = self.shared()
        return (file, game, index, phase, seq, self.power, self.text, self.order, self.result, self.tag,
                self.words, self.reason, generated, self.recorded, self.line)

    def __iter__(self) -> Iterator[OrderRow]:
        return map(OrderRow._make, zip(*self.columns()))


_COLUMNS: Final = tuple(f for f in OrderColumns.__dataclass_fields__)
"""The fields of :class:`OrderColumns`, in order."""


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
