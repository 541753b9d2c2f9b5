"""The unit of work a process (or a Dask worker) runs: read one task's games, replay them, return tables.

:func:`replay_task` never raises for bad input or an adjudicator bug: both become error rows.
It returns Arrow tables, which travel cheaply back to the process that writes them.
:func:`replay_tasks` runs a batch of tasks (one Dask submission) and returns their rows as plain
columns (:class:`TaskColumns`), which the run's process makes into tables (:func:`as_tables`):
a Dask worker never loads pyarrow (about 40-70 MB of a worker's memory, for the same CPU: the
columns pickle as fast as Arrow tables do, in half the bytes, and the tables are made once either
way). :func:`warm_up` does in advance what every first task of a process would (the local
pool's fork server calls it once, so that its workers start warm).
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from dipsat.model.values import value_class
from dipsat.replay.readers import default_maps, read_task
from dipsat.replay.records import JUDGE_PRESETS, GameError, GameRecord, Task
from dipsat.replay.replayer import Rows, error_rows, replay_game
from dipsat.replay.rows import GameBlock, OrderColumns, PhaseRow
from dipsat.solver import Rules
from dipsat.solver.presets import RulesError, rules_from_text
from dipsat.variants import UnknownVariantError, Variant, find_variant

if TYPE_CHECKING:
    import pyarrow as pa

DEFAULT_RULES = "datc"
"""Rules for an archive whose judge has no preset."""


@value_class
class TaskOutcome:
    """The tables of one finished task."""

    uid: str
    phases: pa.Table
    orders: pa.Table
    cpu_seconds: float
    """CPU time the worker's thread spent reading and replaying (other load on the machine aside)."""
    games: tuple[GameBlock, ...] | None = None
    """The task's games in row order (file, game, phase rows, order rows); ``None``: not told."""


@value_class
class TaskColumns:
    """The rows of one finished task as plain columns (a tuple of values per field, in the
    schema's order): what a Dask worker returns, without pyarrow (:func:`as_tables`)."""

    uid: str
    phases: tuple[tuple[Any, ...], ...]
    orders: OrderColumns
    cpu_seconds: float
    games: tuple[GameBlock, ...]


@lru_cache(maxsize=64)
def _rules(text: str) -> Rules:
    return rules_from_text(text)


@lru_cache(maxsize=16)
def _variant(name: str) -> Variant:
    return find_variant(name)


def rules_label(game: GameRecord, rules_text: str | None) -> str:
    """The rules a game is replayed under: ``--rules``, else its own record's, else its judge's preset."""
    return rules_text or game.rules or JUDGE_PRESETS.get(game.format, DEFAULT_RULES)


def replay_record(game: GameRecord | GameError, rules_text: str | None) -> Rows:
    """Replay one read game (or turn a read error into its row)."""
    if isinstance(game, GameError):
        return error_rows(game, rules_text or "")
    label = rules_label(game, rules_text)
    try:
        rules = _rules(label)
        variant = _variant(game.variant)
    except (RulesError, UnknownVariantError) as exc:
        return error_rows(GameError(game.file, game.game, str(exc)), label)
    return replay_game(game, variant, rules, label)


def replay_task(task: Task, rules_text: str | None) -> TaskOutcome:
    """Read and replay every game of ``task``; return its two tables."""
    start = time.thread_time()
    phases, orders, games = _replay_rows(task, rules_text)
    from dipsat.replay.tables import PHASE_SCHEMA, order_table, to_table

    return TaskOutcome(task.uid, to_table(phases, PHASE_SCHEMA), order_table(orders),
                       time.thread_time() - start, tuple(games))


def replay_task_columns(task: Task, rules_text: str | None) -> TaskColumns:
    """Read and replay every game of ``task``; return its rows as columns (no pyarrow)."""
    start = time.thread_time()
    phases, orders, games = _replay_rows(task, rules_text)
    return TaskColumns(task.uid, tuple(zip(*phases)) or ((),) * len(PhaseRow._fields), orders,
                       time.thread_time() - start, tuple(games))


def as_tables(columns: TaskColumns) -> TaskOutcome:
    """The outcome of a task whose rows came back as columns (from a Dask worker)."""
    from dipsat.replay.tables import PHASE_SCHEMA, from_columns, order_table

    return TaskOutcome(columns.uid, from_columns(columns.phases, PHASE_SCHEMA),
                       order_table(columns.orders), columns.cpu_seconds, columns.games)


def _replay_rows(task: Task, rules_text: str | None) -> tuple[list[PhaseRow], OrderColumns, list[GameBlock]]:
    """Every row of ``task``'s games, and its games in row order; never raises."""
    phases: list[PhaseRow] = []
    orders = OrderColumns()
    games: list[GameBlock] = []
    try:
        for game in read_task(task, rules_text, default_maps):
            p, o = replay_record(game, rules_text)  # one game's rows, in order
            if p:
                games.append((p[0].file, p[0].game, len(p), len(o)))
            phases += p
            orders.extend(o)
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop the run
        phases, orders = error_rows(GameError(task.file, task.key, f"replay failed: {type(exc).__name__}: {exc}",
                                              task.line), rules_text or "")
        games = [(task.file, task.key, 1, 0)]
    return phases, orders, games


def replay_tasks(tasks: Sequence[Task], rules_text: str | None) -> list[bytes]:
    """Replay a batch of tasks one after the other; their rows as columns (:class:`TaskColumns`),
    each pickled as soon as its task is done (:func:`unpickle_columns`), in the same order.

    A batch's finished games wait in the worker until the batch ends: pickled, 16 random games
    take 1.4 MB, as Python objects 8 MB. Dask would pickle them anyway to send them."""
    import pickle  # here: a run without Dask does not load it (issue 23: start-up)

    return [pickle.dumps(replay_task_columns(task, rules_text), protocol=pickle.HIGHEST_PROTOCOL) for task in tasks]


def unpickle_columns(data: bytes) -> TaskColumns:
    """One task's columns as :func:`replay_tasks` returns them."""
    import pickle

    columns: TaskColumns = pickle.loads(data)  # noqa: S301 - made by replay_tasks, for this run
    return columns


def warm_up() -> None:
    """Load what the first task of a process would: the standard map and the table machinery."""
    from dipsat.replay.tables import PHASE_SCHEMA, order_table, to_table

    _variant("standard").map  # noqa: B018 - loaded once, kept by the variant
    to_table([], PHASE_SCHEMA)
    order_table(OrderColumns())
