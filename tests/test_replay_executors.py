"""How tasks are cut into Dask batches (in order, whole tasks, about the asked number of games),
and the throughput summary."""
from __future__ import annotations

from dipsat.replay.executors import MAX_BATCH_GAMES, batch_size, batches
from dipsat.replay.records import Format, Task


def _task(n: int, games: int = 1) -> Task:
    lines = tuple(range(1, games + 1)) if games > 1 else ()
    return Task(f"f{n}", "", Format.DROIDIPPY, "", f"uid{n}", lines=lines)


def test_batches_keep_order_and_every_task():
    """Ten one-game tasks in batches of three games: 3, 3, 3, 1, in the order given."""
    tasks = [_task(n) for n in range(10)]
    cut = list(batches(tasks, 3))
    assert [len(b) for b in cut] == [3, 3, 3, 1]
    assert [t for b in cut for t in b] == tasks


def test_a_task_is_never_split():
    """A task of 16 games fills a batch alone; small tasks around it are grouped."""
    tasks = [_task(0), _task(1, games=16), _task(2), _task(3)]
    assert [[t.uid for t in b] for b in batches(tasks, 4)] == [["uid0", "uid1"], ["uid2", "uid3"]]


def test_no_tasks_no_batches():
    """Nothing to do: no batch (never an empty one)."""
    assert list(batches([], 5)) == []


def test_batch_size_keeps_several_batches_per_thread():
    """40 games on 2 threads: 2 games a batch (20 batches); a small run: one game; a huge one: the cap."""
    assert batch_size(40, 2) == 2
    assert batch_size(3, 2) == 1
    assert batch_size(0, 4) == 1
    assert batch_size(100_000, 2) == MAX_BATCH_GAMES


def test_throughput_keeps_the_best_rate_of_each_configuration():
    """The throughput summary: per configuration the best whole-process rate, and its ratio to one worker."""
    from dipsat.replay.throughput import best

    lines = [{"executor": "1 local process(es)", "whole_process_phases_per_second": r} for r in (300.0, 400.0)]
    lines += [{"executor": "2 local process(es)", "whole_process_phases_per_second": 600.0},
              {"executor": "dask tcp://127.0.0.1:1", "whole_process_phases_per_second": 500.0}]
    assert best(lines) == {
        "best_whole_process_phases_per_second": {"1 local process(es)": 400.0, "2 local process(es)": 600.0, "dask": 500.0},
        "speedup_over_one_worker": {"1 local process(es)": 1.0, "2 local process(es)": 1.5, "dask": 1.25}}
