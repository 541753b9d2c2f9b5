"""Where tasks run: in this process, in a local process pool, or on a Dask cluster.

All three take the same tasks and call ``done(outcome)`` in this process for each finished one
(so only this process writes files), and ``lost(task, why)`` for one that could not be run (its
worker died too often, the cluster lost it). A bounded number of tasks is in flight at a time, so
an archive of any size streams through in constant memory. The local pool is a few lines of our
own rather than ``ProcessPoolExecutor``, whose whole pool breaks when one worker is killed (and
whose ``submit`` then raises): here each worker has its own pipe, and a dead one is replaced.
On a Dask cluster, tasks travel in batches of a few games (:func:`batch_size`), so that the
cluster's own cost per submission (a few milliseconds) is shared by several games; a batch
travels compressed (:func:`pack`): the scheduler holds every batch in flight until it is done.

This module imports the adjudicator (:mod:`dipsat.replay.work`) only when it runs tasks, so that
:func:`start_pool_server` can be called before the rest of a run is imported.
"""
from __future__ import annotations

import os
import re
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from dipsat.replay.collector import settle_for_a_long_run, task_done
from dipsat.replay.cores import keep_heap_compact, use_one_core
from dipsat.replay.records import Task

if TYPE_CHECKING:
    from dipsat.replay.work import TaskOutcome

Done = Callable[["TaskOutcome"], None]
Lost = Callable[[Task, str], None]

MAX_ATTEMPTS = 3
"""Times a task is started before its loss is reported (a worker may die under it)."""
IN_FLIGHT_PER_WORKER = 4
"""Batches handed to the Dask cluster per worker thread at a time, so no worker waits for the next."""
BATCHES_PER_THREAD = 8
"""A run is cut into at least this many batches per Dask worker thread, so that the last batches
to finish leave no worker idle for long."""
MAX_BATCH_GAMES = 16
"""At most this many games in one Dask batch (a JSON-lines chunk task alone may hold 16)."""


def default_workers() -> int:
    """Every core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def run_inline(tasks: Iterable[Task], rules_text: str | None, done: Done, lost: Lost) -> int:
    """Run every task in this process, one after the other; return 0 (no worker to restart)."""
    from dipsat.replay.work import replay_task

    for task in tasks:
        done(replay_task(task, rules_text))
        task_done()
    return 0


class _Worker:
    """One local worker process and the pipe to it; it replays one task at a time."""

    def __init__(self, context: Any, rules_text: str | None) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, rules_text), daemon=True,
                                       name="dipsat-replay-worker")
        self.process.start()
        child.close()
        self.task: Task | None = None

    def give(self, task: Task) -> bool:
        """Send ``task``; False if the worker is gone."""
        self.task = task
        try:
            self.conn.send(task)
        except (BrokenPipeError, ConnectionResetError, EOFError, OSError):
            return False
        return True

    def stop(self) -> None:
        """Ask an idle worker to finish; end a busy or deaf one."""
        if self.task is None and self.process.is_alive():
            try:
                self.conn.send(None)
            except OSError:
                pass
            self.process.join(timeout=2)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=2)
        self.conn.close()


def _serve(conn: Any, rules_text: str | None) -> None:
    """A worker's life: receive tasks, send back their outcomes, until told ``None``."""
    import signal

    from dipsat.replay.work import replay_task

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the main process, which stops us
    use_one_core()
    keep_heap_compact()
    settle_for_a_long_run()
    while (task := conn.recv()) is not None:
        conn.send(replay_task(task, rules_text))
        task_done()


def _context() -> Any:
    """Processes forked from a server that has already imported and warmed the adjudicator (fast, thread-safe)."""
    import multiprocessing  # only for a pool: a run in this process needs none of it

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["dipsat.replay.warm"])
    return context


def start_pool_server() -> None:
    """Start the local pool's fork server now rather than with the first worker: it imports and
    warms the adjudicator while this process goes on starting (both cores busy at once)."""
    from multiprocessing import forkserver

    _context()
    forkserver.ensure_running()


def run_pool(tasks: Iterable[Task], rules_text: str | None, workers: int, done: Done, lost: Lost) -> int:
    """Run the tasks on ``workers`` local processes; return how many workers died and were replaced.

    Each worker has its own pipe and one task at a time: a worker that dies costs only its own
    task, which is started again (at most :data:`MAX_ATTEMPTS` times, then reported lost).
    """
    from multiprocessing import connection

    context = _context()
    source: Iterator[Task] = iter(tasks)
    retry: deque[Task] = deque()
    attempts: Counter[str] = Counter()
    restarts = 0
    pool = [_Worker(context, rules_text) for _ in range(workers)]
    try:
        while True:
            for i, worker in enumerate(pool):
                if worker.task is None:
                    task = retry.popleft() if retry else next(source, None)
                    if task is None:
                        continue
                    attempts[task.uid] += 1
                    if not worker.give(task):
                        pool[i] = _replace(worker, context, rules_text, attempts, retry, lost)
                        restarts += 1
            busy = [w for w in pool if w.task is not None]
            if not busy:
                return restarts
            connection.wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
            for i, worker in enumerate(pool):
                if worker.task is None:
                    continue
                outcome, dead = _receive(worker)
                if outcome is not None:
                    worker.task = None
                    done(outcome)
                elif dead:
                    pool[i] = _replace(worker, context, rules_text, attempts, retry, lost)
                    restarts += 1
    finally:
        for worker in pool:
            worker.stop()


def _receive(worker: _Worker) -> tuple[TaskOutcome | None, bool]:
    """The outcome a worker has sent (if any), and whether the worker is lost (dead, or its pipe broken)."""
    try:
        if worker.conn.poll():
            outcome: TaskOutcome = worker.conn.recv()
            return outcome, False
    except Exception:  # noqa: BLE001 - a torn message: the worker died while sending
        return None, True
    return None, not worker.process.is_alive()


def _replace(worker: _Worker, context: Any, rules_text: str | None, attempts: Counter[str],
             retry: deque[Task], lost: Lost) -> _Worker:
    """Start a new worker in place of a dead one; its task is started again or reported lost."""
    task = worker.task
    worker.task = None
    worker.stop()
    if task is not None:
        if attempts[task.uid] >= MAX_ATTEMPTS:
            lost(task, f"a worker process died while replaying it ({attempts[task.uid]} attempts)")
        else:
            retry.append(task)
    return _Worker(context, rules_text)


def connect(address: str, timeout: float = 10.0) -> Any:
    """Return a Dask client connected to the scheduler at ``address``.

    Raises:
        ConnectionError: no scheduler answers there.
    """
    check_address(address)
    from distributed import Client
    try:
        return Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise ConnectionError(f"cannot connect to the Dask scheduler at {address}: {exc}") from None


_ADDRESS_RE = r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._-]+):\d{1,5}"
"""A scheduler's address; compiled where an address is checked (issue 23: start-up)."""


def check_address(address: str) -> str:
    """Return ``address`` if it is a Dask scheduler address (``tcp://HOST:PORT``, ``HOST:PORT``).

    Checked before any connection is tried: a malformed address makes Dask raise, then hang
    for 20 s while its client is torn down.

    Raises:
        ValueError: it is not one.
    """
    if not re.fullmatch(_ADDRESS_RE, address) or not 0 < int(address.rsplit(":", 1)[1]) < 65536:
        raise ValueError(f"not a Dask scheduler address: {address!r} (want tcp://HOST:PORT)")
    return address


def batch_size(games: int, threads: int) -> int:
    """Games per Dask batch for a run of ``games`` games on ``threads`` worker threads: as many
    as keep :data:`BATCHES_PER_THREAD` batches per thread, between 1 and :data:`MAX_BATCH_GAMES`."""
    return max(1, min(MAX_BATCH_GAMES, games // (max(1, threads) * BATCHES_PER_THREAD)))


def batches(tasks: Iterable[Task], games: int) -> Iterator[list[Task]]:
    """The tasks in order, in lists of about ``games`` games (never empty; a task is never split)."""
    batch: list[Task] = []
    count = 0
    for task in tasks:
        batch.append(task)
        count += task.games
        if count >= games:
            yield batch
            batch, count = [], 0
    if batch:
        yield batch


def pack(batch: list[Task]) -> bytes:
    """A batch as it travels to a Dask worker: pickled, then compressed (zlib's fastest level).

    A game's record is some 60 KB of text that compresses about 7 times, in some 0.8 ms a game
    (as long again to unpack, on the worker). The scheduler holds each batch in flight (16 games,
    1 MB of text unpacked) from its submission to its end, and a worker the few queued for it:
    on 40 / 400 random games (2 / 16 games a batch) the scheduler's peak went from 69 / 80 MB
    to 64 / 70 MB."""
    import pickle  # here: a run without Dask imports neither (issue 23: start-up)
    import zlib

    return zlib.compress(pickle.dumps(batch, protocol=pickle.HIGHEST_PROTOCOL), 1)


def unpack(packed: bytes) -> list[Task]:
    """The tasks of a batch made by :func:`pack`."""
    import pickle
    import zlib

    tasks: list[Task] = pickle.loads(zlib.decompress(packed))  # noqa: S301 - made by pack, in the run's client
    return tasks


def replay_batch(packed: bytes, rules_text: str | None) -> list[bytes]:
    """What a Dask worker runs: a batch of tasks made by :func:`pack`
    (:func:`dipsat.replay.work.replay_tasks`: their rows as pickled columns, pyarrow never loaded).

    Submitted in its place because of where it lives: the scheduler unpickles every task it is
    given, so a function of :mod:`dipsat.replay.work` would make it import the adjudicator and
    pyarrow (about 60 MB) only to pass the task on; this module imports neither.
    """
    from dipsat.replay.work import replay_tasks

    return replay_tasks(unpack(packed), rules_text)


def run_dask(tasks: Iterable[Task], rules_text: str | None, client: Any, done: Done, lost: Lost,
             games: int = 0) -> int:
    """Run the tasks on the Dask cluster of ``client``, in batches sized for a run of ``games``
    games (0: unknown, one task a batch); return 0 (Dask itself restarts the batches of dead
    workers). A batch the cluster could not run is sent again task by task, so that only the
    task that cannot be run is reported lost (after Dask's own retries)."""
    from distributed import as_completed

    from dipsat.replay.work import as_tables, unpickle_columns

    threads = max(1, sum(client.nthreads().values()))
    width = threads * IN_FLIGHT_PER_WORKER
    source: Iterator[list[Task]] = batches(tasks, batch_size(games, threads))
    pending: dict[str, tuple[bytes, Any]] = {}

    def submit(batch: list[Task] | None) -> Any:
        if batch is None:
            return None
        packed = pack(batch)
        future = client.submit(replay_batch, packed, rules_text, pure=False)
        pending[future.key] = (packed, future)
        return future

    first = [f for f in (submit(next(source, None)) for _ in range(width)) if f is not None]
    if not first:
        return 0
    queue = as_completed(first, loop=client.loop)  # type: ignore[no-untyped-call]
    try:
        for future in queue:
            packed, _ = pending.pop(future.key)
            if future.status == "finished":
                for columns in future.result():
                    done(as_tables(unpickle_columns(columns)))
                following = submit(next(source, None))
                if following is not None:
                    queue.add(following)  # type: ignore[no-untyped-call]
            elif len(batch := unpack(packed)) > 1:
                for task in batch:
                    queue.add(submit([task]))  # type: ignore[no-untyped-call]
            else:
                lost(batch[0], f"the Dask cluster could not run it: {future.exception()!r}")
                following = submit(next(source, None))
                if following is not None:
                    queue.add(following)  # type: ignore[no-untyped-call]
            future.release()
        return 0
    finally:
        if pending:
            client.cancel([f for _, f in pending.values()])
