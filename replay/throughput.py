"""Measure replay throughput: phases per second with 1 and 2 local workers and a 2-worker Dask LocalCluster.

    .venv/bin/python -m dipsat.replay.throughput ../shared/archives/droidippy --rules droidippy [--repeat 3]

Each measurement is one ``dipsat replay PATH... --json`` process, as a user starts it, into a
fresh temporary folder (nothing resumed), and prints one JSON line: the phases replayed; the
wall time of the whole process (start-up, scan, consolidation included) and the phases per
second over it; the replay time (first task submitted to last finished, worker start-up
included) and the phases per second over that; phases per CPU second of the workers (which the
machine's other load changes little); and the load average when it started (on 2 cores, a load
above about 1 makes the wall times say more about the neighbours than about dipsat). The
LocalCluster is started once, before its measurements (a cluster outlives a run), with its two
workers as processes on loopback; tasks go to it in batches of a few games
(:func:`dipsat.replay.executors.batch_size`). The last line gives, per configuration, the best
whole-process rate over the repeats (the run least disturbed by other load) and its speed-up
over one worker.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _dipsat() -> list[str]:
    found = Path(sys.executable).parent / "dipsat"
    return [str(found)] if found.exists() else [sys.executable, "-m", "dipsat.cli.main"]


def measure(paths: tuple[str, ...], rules: str | None, workers: int = 1, dask: str | None = None) -> dict[str, Any]:
    """Run ``dipsat replay`` on ``paths`` once into a temporary folder; return phases, times and rates.

    Raises:
        RuntimeError: the command failed (its output is in the message).
    """
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="dipsat-throughput-") as out:
        argv = [*_dipsat(), "replay", *paths, "--workers", str(workers), "--out", str(Path(out) / "r"), "--json"]
        argv += (["--rules", rules] if rules else []) + (["--dask", dask] if dask else [])
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True)
        wall = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    summary = json.loads(done.stdout)
    run = summary["run"]
    phases = run["phases_replayed"]
    return {"executor": run["executor"], "phases": phases, "wall_seconds": round(wall, 3),
            "whole_process_phases_per_second": round(phases / wall, 1),
            "replay_seconds": run["seconds"], "phases_per_second": run["phases_per_second"],
            "phases_per_cpu_second": run["phases_per_cpu_second"], "agreement": summary["agreement"],
            "load_average": round(load, 2)}


def best(lines: list[dict[str, Any]]) -> dict[str, Any]:
    """Per configuration, the best whole-process rate over the repeats and its speed-up over one worker."""
    rates: dict[str, float] = {}
    for line in lines:
        key = "dask" if line["executor"].startswith("dask") else line["executor"]
        rates[key] = max(rates.get(key, 0.0), line["whole_process_phases_per_second"])
    one = rates.get("1 local process(es)")
    return {"best_whole_process_phases_per_second": rates,
            "speedup_over_one_worker": {k: round(v / one, 2) for k, v in rates.items()} if one else {}}


def main(argv: list[str] | None = None) -> None:
    """Run the three measurements ``--repeat`` times, one JSON line each, then the best of each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", metavar="PATH")
    parser.add_argument("--rules", help="rules for every game (default: each archive's judge)")
    parser.add_argument("--repeat", type=int, default=1, help="measure each configuration this many times")
    args = parser.parse_args(argv)
    paths = tuple(str(Path(p).resolve()) for p in args.paths)
    print(json.dumps({"cpus": os.cpu_count(), "load_average": os.getloadavg()}), flush=True)
    lines: list[dict[str, Any]] = []
    from distributed import LocalCluster
    with tempfile.TemporaryDirectory(prefix="dipsat-dask-") as scratch, \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",  # type: ignore[no-untyped-call]
                         dashboard_address=None, local_directory=scratch) as cluster:
        for _ in range(args.repeat):
            for workers, dask in ((1, None), (2, None), (1, cluster.scheduler_address)):
                lines.append(measure(paths, args.rules, workers=workers, dask=dask))
                print(json.dumps(lines[-1]), flush=True)
    print(json.dumps(best(lines)), flush=True)


if __name__ == "__main__":
    main()
