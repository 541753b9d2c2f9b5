"""A replay run: find the games, skip those already finished, replay the rest, consolidate, summarize.

``run_replay(RunConfig(paths=("archive/",), out=Path("out")))`` is the whole interface; the
command line ``dipsat replay`` is a thin shell around it. A run interrupted at any point (Ctrl-C,
a killed process) keeps every finished game; running it again with the same ``out`` completes it.
Local workers are started by ``multiprocessing``: a script calling :func:`run_replay` with more
than one worker must do so under ``if __name__ == "__main__":``.
"""
from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Iterator
from dataclasses import field
from pathlib import Path
from typing import Any

from dipsat.model.errors import InputError
from dipsat.model.values import value_class
from dipsat.replay.cores import keep_heap_compact
from dipsat.replay.executors import check_address, connect, default_workers, run_dask, run_inline, run_pool
from dipsat.replay.readers import archive_files, find_tasks
from dipsat.replay.records import GameError, Task
from dipsat.solver import route
from dipsat.replay.replayer import error_rows
from dipsat.replay.rows import PhaseRow
from dipsat.replay.merge import consolidate
from dipsat.replay.store import PartStore, write_summary
from dipsat.replay.work import TaskOutcome


@value_class(slots=False)
class RunConfig:
    """What to replay, how, and where to write."""

    paths: tuple[str, ...]
    out: Path
    rules_text: str | None = None
    """``--rules``; ``None``: each archive under its own judge's preset (case files: their ``RULES``)."""
    workers: int = field(default_factory=default_workers)
    """Local processes; 1 runs in this process. Ignored with ``dask``."""
    dask: str | None = None
    """Address of a Dask scheduler (``tcp://host:8786``) to run on instead."""
    progress: bool = False
    """Show a progress bar on stderr."""
    compact_heap: bool = False
    """Fix the C library's mmap threshold for this process when it replays more than one task
    (:func:`~dipsat.replay.cores.keep_heap_compact`): for a process that replays and nothing else."""


@value_class(frozen=False, slots=False)
class _Tally:
    """What this run did, as it goes."""

    games: int = 0
    """Tasks finished in this run (a task is one game, or one case file)."""
    phases: int = 0
    cpu_seconds: float = 0.0
    lost: list[PhaseRow] = field(default_factory=list)


@value_class(frozen=False, slots=False)
class _Scan:
    """What the first pass over the input found."""

    uids: list[str] = field(default_factory=list)
    """Every task's identity, in order, without duplicates."""
    games: dict[str, int] = field(default_factory=dict)
    """Task identity -> games in it (as far as known before reading)."""
    lines: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Task identity -> the file line of each of its games (JSON lines), to name a renamed duplicate's line."""
    errors: list[GameError] = field(default_factory=list)
    """Files that cannot be read at all."""
    todo: int = 0
    """Tasks not finished yet."""
    where: dict[str, GameError] = field(default_factory=dict)
    """Task identity -> its error row, should the task not be found again (its file changed)."""
    identities: dict[str, str] = field(default_factory=dict)
    """File -> its identity, fixed when first listed (:func:`~dipsat.replay.readers.find_tasks`)."""
    todo_games: int = 0
    kept: list[Task] | None = field(default_factory=list)
    """Every task listed, with its text, while their texts fit in :data:`KEPT_TEXT` (then ``None``):
    the second pass is not needed."""
    kept_size: int = 0


KEPT_TEXT = 4 << 20
"""Characters of the first pass's task texts kept for the replay (the 40 archived games: 2.5 M),
so that a small run reads each file once; a larger run reads them again in the second pass
(keeping them all would hold the whole archive in memory)."""


def _scan(config: RunConfig, store: PartStore) -> _Scan:
    """First pass: every task's identity and size, unreadable files, what is left to do."""
    scan = _Scan()
    for item in find_tasks(config.paths, config.rules_text, scan.identities):
        if isinstance(item, GameError):
            scan.errors.append(item)
        elif item.uid not in scan.games:
            if scan.kept is not None:
                scan.kept_size += len(item.text)
                if scan.kept_size <= KEPT_TEXT:
                    scan.kept.append(item)
                else:
                    scan.kept = None
            scan.uids.append(item.uid)
            scan.games[item.uid] = item.games
            scan.lines[item.uid] = item.lines or ((item.line,) if item.key.startswith("line ") else ())
            scan.where[item.uid] = GameError(item.file, item.key, "the file changed while the run read it: "
                                             "its games were not replayed (run again)", item.line)
            if not store.done(item.uid):
                scan.todo += 1
                scan.todo_games += item.games
    return scan


def _todo(config: RunConfig, store: PartStore, scan: _Scan) -> Iterator[Task]:
    """Second pass: the tasks not finished yet, with their text, read lazily; each file keeps the
    identity the first pass gave it, and a task the first pass did not list (the file changed
    meanwhile) is left to the next run. Where the first pass kept every task's text, those tasks,
    the file not read again (its text as the first pass read it, which its identity names)."""
    if scan.kept is not None:
        kept, scan.kept = scan.kept, None
        kept.reverse()
        while kept:
            item = kept.pop()  # each text let go once its task is handed on
            if not store.done(item.uid):
                yield item
        return
    seen: set[str] = set()
    for item in find_tasks(config.paths, config.rules_text, scan.identities):
        if isinstance(item, Task) and item.uid not in seen and item.uid in scan.games:
            seen.add(item.uid)
            if not store.done(item.uid):
                yield item


def run_replay(config: RunConfig) -> dict[str, Any]:
    """Replay every game under ``config.paths`` into ``config.out``; return the summary.

    Raises:
        FileNotFoundError: a path does not exist, or a folder holds no archive file.
        OutputError: the output folder cannot be written, or another run holds it.
        ValueError: ``config.dask`` is not a scheduler address.
        ConnectionError: the Dask scheduler cannot be reached.
        KeyboardInterrupt: the run was interrupted (finished games are kept).
    """
    try:
        archive_files(config.paths)  # a wrong path fails before anything is written...
    except FileNotFoundError:
        if config.out.is_dir():  # ...but the results of an earlier run must not pass for this run's
            with contextlib.suppress(InputError):
                PartStore(config.out).close()
        raise
    if config.dask:
        check_address(config.dask)
    with PartStore(config.out) as store:
        return _run(config, store)


def _run(config: RunConfig, store: PartStore) -> dict[str, Any]:
    scan = _scan(config, store)
    uids, errors, todo = scan.uids, scan.errors, scan.todo
    if config.compact_heap and scan.todo > 1:
        keep_heap_compact()
    tally = _Tally()
    total = sum(scan.games.values())
    bar = _progress(config, total=total, done=total - scan.todo_games)

    def done(outcome: TaskOutcome) -> None:
        store.write(outcome.uid, outcome.phases, outcome.orders, outcome.games)
        tally.games += 1
        tally.phases += outcome.phases.num_rows
        tally.cpu_seconds += outcome.cpu_seconds
        _advance(bar, tally, scan.games[outcome.uid])

    given_up: set[str] = set()

    def lost(task: Task, why: str) -> None:
        given_up.add(task.uid)
        tally.lost += error_rows(GameError(task.file, task.key, why, task.line), config.rules_text or "")[0]
        _advance(bar, tally, task.games)

    client = connect(config.dask) if config.dask else None
    start = time.perf_counter()
    try:
        if client is not None:
            restarts = run_dask(_todo(config, store, scan), config.rules_text, client, done, lost, scan.todo_games)
        elif config.workers <= 1 or todo <= 1:
            restarts = run_inline(_todo(config, store, scan), config.rules_text, done, lost)
        else:
            restarts = run_pool(_todo(config, store, scan), config.rules_text, min(config.workers, todo), done, lost)
    finally:
        seconds = time.perf_counter() - start
        if bar is not None:
            bar.close()
        if client is not None:
            client.close()
    errors += [scan.where[uid] for uid in uids if uid not in given_up and not store.finished(uid)]  # never a lost game
    _forget_replay_only(scan)
    extra = [row for e in errors for row in error_rows(e, config.rules_text or "")[0]] + tally.lost
    from dipsat.replay.tables import PHASE_SCHEMA, to_table

    summary = consolidate(store, uids, to_table(extra, PHASE_SCHEMA) if extra else None, scan.lines)
    summary["run"] = {
        "paths": list(config.paths), "out": str(config.out),
        "rules": config.rules_text or "each archive's own judge",
        "solver": route.current(),
        "executor": f"dask {config.dask}" if config.dask else f"{min(config.workers, max(todo, 1))} local process(es)",
        "tasks": len(uids), "tasks_replayed": tally.games, "tasks_resumed": len(uids) - todo,
        "tasks_lost": len(tally.lost),
        "worker_restarts": restarts,
        "phases_replayed": tally.phases, "seconds": round(seconds, 3),
        "phases_per_second": round(tally.phases / seconds, 1) if seconds > 0 and tally.phases else None,
        "worker_cpu_seconds": round(tally.cpu_seconds, 3),
        "phases_per_cpu_second": round(tally.phases / tally.cpu_seconds, 1) if tally.cpu_seconds > 0 else None,
    }
    write_summary(summary, config.out)
    return summary


def _forget_replay_only(scan: _Scan) -> None:
    """Drop what only the replay needed of the first pass (about 0.6 KB a task: files' identities,
    tasks' sizes and error rows), before the consolidation, whose peak is the run's: what it
    makes of every game reuses that memory rather than adding to it."""
    scan.where.clear()
    scan.identities.clear()
    scan.games.clear()


def _progress(config: RunConfig, total: int, done: int) -> Any:
    if not config.progress or not sys.stderr.isatty():
        return None
    from tqdm import tqdm
    stream = getattr(sys.stderr, "unguarded", sys.stderr)  # the bar redraws with CR: below dipsat.cli.terminal's guard
    return tqdm(total=total, initial=done, unit="game", file=stream, dynamic_ncols=True,
                desc="replay", smoothing=0.05)


def _advance(bar: Any, tally: _Tally, games: int) -> None:
    if bar is not None:
        elapsed = bar.format_dict.get("elapsed") or 0
        rate = f", {tally.phases / elapsed:.0f} phases/s" if elapsed else ""
        bar.set_postfix_str(f"{tally.phases} phases{rate}", refresh=False)
        bar.update(games)
