"""The cycle collector in a replaying process (:mod:`dipsat.replay.collector`): settled once, what
each task leaves alive frozen; untouched in a process that did not ask for it."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "replay_fixtures"


def _run(code: str) -> list[str]:
    """Run ``code`` in a fresh interpreter (the collector's state is the process's); its output lines."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.split()


def test_task_done_does_nothing_in_a_process_that_was_not_settled():
    out = _run("import gc\n"
               "from dipsat.replay.collector import task_done\n"
               "before = gc.get_threshold(), gc.get_freeze_count()\n"
               "kept = [[i] for i in range(1000)]\n"
               "task_done()\n"
               "print(before == (gc.get_threshold(), gc.get_freeze_count()), before[1])\n")
    assert out == ["True", "0"]


def test_what_a_task_leaves_alive_joins_the_permanent_generation():
    out = _run("import gc\n"
               "from dipsat.replay.collector import settle_for_a_long_run, task_done, YOUNG_OBJECTS\n"
               "settle_for_a_long_run()\n"
               "frozen = gc.get_freeze_count()\n"
               "kept = [[i] for i in range(1000)]\n"
               "task_done()\n"
               "print(gc.get_threshold()[0] == YOUNG_OBJECTS, gc.get_count()[0], gc.get_freeze_count() - frozen >= 1001)\n")
    assert out == ["True", "0", "True"]


def test_a_task_that_leaves_many_objects_alive_still_has_its_cycles_collected():
    """Past :data:`~dipsat.replay.collector.YOUNG_OBJECTS` new objects alive in one task, the young
    generation is collected as before: a garbage cycle made in that task is freed."""
    out = _run("import gc, weakref\n"
               "from dipsat.replay.collector import settle_for_a_long_run, YOUNG_OBJECTS\n"
               "settle_for_a_long_run()\n"
               "class Node:\n"
               "    pass\n"
               "a, b = Node(), Node()\n"
               "a.other, b.other = b, a\n"
               "gone = weakref.ref(a)\n"
               "del a, b\n"
               "print(gone() is not None)\n"
               "kept = [[i] for i in range(2 * YOUNG_OBJECTS)]\n"
               "print(gone() is None)\n")
    assert out == ["True", "True"]


def test_a_settled_replay_freezes_after_each_task(tmp_path: Path):
    """The process's own run (:func:`~dipsat.replay.executors.run_inline`) calls task_done after each task."""
    out = _run("import gc\n"
               "from pathlib import Path\n"
               "from dipsat.replay.collector import settle_for_a_long_run\n"
               "from dipsat.replay import executors\n"
               "from dipsat.replay.run import RunConfig, run_replay\n"
               "settle_for_a_long_run()\n"
               "calls = []\n"
               "real = executors.task_done\n"
               "executors.task_done = lambda: (calls.append(gc.get_freeze_count()), real())\n"
               f"run_replay(RunConfig(paths=({str(FIXTURES / 'droidippy_game.txt')!r},), out=Path({str(tmp_path / 'out')!r}), workers=1))\n"
               "print(len(calls), gc.get_freeze_count() > calls[0])\n")
    assert out == ["1", "True"]
