"""Interrupted replays: a killed worker and a Ctrl-C lose no finished game and duplicate no row."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from dipsat.replay import store
from dipsat.replay.run import RunConfig, run_replay

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"
GAMES = 24


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Twenty-four copies of the Droidippy fixture: a run long enough to interrupt."""
    folder = tmp_path_factory.mktemp("archive")
    for i in range(GAMES):
        shutil.copy(FIXTURES / "droidippy_game.txt", folder / f"game_{i:02}.txt")
    return folder


@pytest.fixture(scope="module")
def reference(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, bytes]:
    """The tables of an uninterrupted run."""
    out = tmp_path_factory.mktemp("reference")
    run_replay(RunConfig((str(archive),), out, workers=1))
    return (out / "phases.parquet").read_bytes(), (out / "orders.parquet").read_bytes()


def _start(archive: Path, out: Path, workers: int = 2) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "dipsat.cli.main", "replay", str(archive), "--out", str(out),
               "--workers", str(workers), "--json"]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finished(out: Path) -> set[str]:
    """The tasks whose parts are in the logs of ``out`` (read while the run writes them)."""
    return {uid for log in (out / "parts").glob(f"*{store.LOG}") for uid, *_ in store.log_records(log)}


def _wait_for_parts(out: Path, proc: subprocess.Popen[str], count: int) -> bool:
    """Wait until ``count`` games are finished; False if the run ended first."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if len(_finished(out)) >= count:
            return proc.poll() is None
        if proc.poll() is not None:
            return False
        time.sleep(0.01)
    raise AssertionError("no game finished within 60 s")


def _workers(proc: subprocess.Popen[str]) -> list[psutil.Process]:
    """The pool's worker processes: the children of the run's forkserver."""
    found = []
    for child in psutil.Process(proc.pid).children(recursive=True):
        try:
            if "forkserver" in " ".join(child.cmdline()):
                found += child.children()
        except psutil.NoSuchProcess:
            continue
    return found


def _tables(out: Path) -> tuple[bytes, bytes]:
    return (out / "phases.parquet").read_bytes(), (out / "orders.parquet").read_bytes()


def test_killed_worker_loses_nothing(archive: Path, reference: tuple[bytes, bytes], tmp_path: Path):
    """SIGKILL of a worker mid-run: the pool is replaced, its games rerun, tables equal an uninterrupted run's."""
    proc = _start(archive, tmp_path)
    try:
        assert _wait_for_parts(tmp_path, proc, 2), "the run ended before a worker could be killed"
        victims = _workers(proc)
        assert victims, "no worker process found"
        os.kill(victims[0].pid, signal.SIGKILL)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, stderr
    summary = json.loads(stdout)
    assert summary["run"]["worker_restarts"] >= 1 and summary["run"]["tasks_lost"] == 0
    assert summary["games"] == GAMES and summary["phases"] == GAMES * 16
    assert _tables(tmp_path) == reference
    rerun = run_replay(RunConfig((str(archive),), tmp_path, workers=1))
    assert rerun["run"]["tasks_replayed"] == 0 and _tables(tmp_path) == reference


def test_ctrl_c_keeps_finished_games_and_the_rerun_completes(archive: Path, reference: tuple[bytes, bytes],
                                                               tmp_path: Path):
    """Ctrl-C mid-run exits 130 with a one-line message; the rerun replays only the rest, same tables."""
    proc = _start(archive, tmp_path)
    try:
        assert _wait_for_parts(tmp_path, proc, 2), "the run ended before it could be interrupted"
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, stderr
    assert "interrupted" in stderr and "Traceback" not in stderr
    assert "interrupted" in json.loads(stdout)["error"]["message"]  # --json: one document, even now
    kept = len(_finished(tmp_path))
    assert 2 <= kept < GAMES
    rerun = run_replay(RunConfig((str(archive),), tmp_path, workers=1))
    assert rerun["run"]["tasks_resumed"] == kept and rerun["run"]["tasks_replayed"] == GAMES - kept
    assert _tables(tmp_path) == reference


@pytest.mark.parametrize("after", [2, 9])
def test_killed_run_resumes_to_the_same_tables(archive: Path, reference: tuple[bytes, bytes], tmp_path: Path,
                                               after: int):
    """SIGKILL of the run itself (one process, its log being written): the rerun keeps every
    finished game, replays the others and writes the same tables byte for byte."""
    proc = _start(archive, tmp_path, workers=1)
    try:
        assert _wait_for_parts(tmp_path, proc, after), "the run ended before it could be killed"
        proc.kill()
        proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    kept = len(_finished(tmp_path))
    assert after <= kept < GAMES
    rerun = run_replay(RunConfig((str(archive),), tmp_path, workers=1))
    assert rerun["run"]["tasks_resumed"] == kept and rerun["run"]["tasks_replayed"] == GAMES - kept
    assert _tables(tmp_path) == reference
