"""The unit of work a process (or a Dask worker) runs: read one task's games, replay them, return tables.

:func:`replay_task` never raises for bad input or an adjudicator bug: both become error rows.
It returns Arrow tables, which travel cheaply back to the process that writes them.
:func:`replay_tasks` runs a batch of tasks (one Dask submission); :func:`warm_up` does in advance
what every first task of a process would (the local pool's fork server calls it once, so that
its workers start warm).
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from functools import lru_cache

import pyarrow as pa

from dipsat.model.values import value_class
from dipsat.replay.readers import default_maps, read_task
from dipsat.replay.records import JUDGE_PRESETS, GameError, GameRecord, Task
from dipsat.replay.replayer import Rows, error_rows, replay_game
from dipsat.replay.rows import ORDER_SCHEMA, PHASE_SCHEMA, GameBlock, OrderRow, PhaseRow, to_table
from dipsat.solver import Rules
from dipsat.solver.presets import RulesError, rules_from_text
from dipsat.variants import UnknownVariantError, Variant, find_variant

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
    phases: list[PhaseRow] = []
    orders: list[OrderRow] = []
    games: list[GameBlock] = []
    try:
        for game in read_task(task, rules_text, default_maps):
            p, o = replay_record(game, rules_text)  # one game's rows, in order
            if p:
                games.append((p[0].file, p[0].game, len(p), len(o)))
            phases += p
            orders += o
    except Exception as exc:  # noqa: BLE001 - a reader bug must not stop the run
        phases, orders = error_rows(GameError(task.file, task.key, f"replay failed: {type(exc).__name__}: {exc}",
                                              task.line), rules_text or "")
        games = [(task.file, task.key, 1, 0)]
    return TaskOutcome(task.uid, to_table(phases, PHASE_SCHEMA), to_table(orders, ORDER_SCHEMA),
                       time.thread_time() - start, tuple(games))


def replay_tasks(tasks: Sequence[Task], rules_text: str | None) -> list[TaskOutcome]:
    """Replay a batch of tasks one after the other; their outcomes, in the same order."""
    return [replay_task(task, rules_text) for task in tasks]


def warm_up() -> None:
    """Load what the first task of a process would: the standard map and the table machinery."""
    _variant("standard").map  # noqa: B018 - loaded once, kept by the variant
    to_table([], PHASE_SCHEMA)
    to_table([], ORDER_SCHEMA)
