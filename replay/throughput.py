"""Measure replay throughput: phases per second with 1 and 2 local workers and a 2-worker Dask LocalCluster.

    .venv/bin/python -m dipsat.replay.throughput ../shared/archives/droidippy --rules droidippy

Each configuration replays the whole input into a fresh temporary folder (nothing resumed) and
prints one JSON line: the phases replayed, the replay time (from the first task submitted to the
last finished: pool or cluster start-up included) and the wall time of the whole run (scan and
consolidation included), and phases per CPU second of the workers, which other load on the
machine does not change; and the load average when it started (the machine's other work: on 2
cores, a load above about 1 makes the wall times say more about the neighbours than about dipsat).
The LocalCluster runs its two workers as processes on loopback; tasks go to it in batches of a
few games (:func:`dipsat.replay.executors.batch_size`).
"""
from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from dipsat.replay.run import RunConfig, run_replay


def measure(paths: tuple[str, ...], rules: str | None, workers: int = 1, dask: str | None = None) -> dict[str, Any]:
    """Replay ``paths`` once into a temporary folder; return phases, times and rates."""
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="dipsat-throughput-") as out:
        start = time.perf_counter()
        summary = run_replay(RunConfig(paths, Path(out), rules_text=rules, workers=workers, dask=dask))
        wall = time.perf_counter() - start
    run = summary["run"]
    return {"executor": run["executor"], "phases": run["phases_replayed"], "replay_seconds": run["seconds"],
            "phases_per_second": run["phases_per_second"], "wall_seconds": round(wall, 3),
            "phases_per_cpu_second": run["phases_per_cpu_second"], "agreement": summary["agreement"],
            "load_average": round(load, 2)}


def main(argv: list[str] | None = None) -> None:
    """Run the three measurements and print one JSON line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="+", metavar="PATH")
    parser.add_argument("--rules", help="rules for every game (default: each archive's judge)")
    parser.add_argument("--repeat", type=int, default=1, help="measure each configuration this many times")
    args = parser.parse_args(argv)
    paths = tuple(args.paths)
    print(json.dumps({"cpus": os.cpu_count(), "load_average": os.getloadavg()}))
    for _ in range(args.repeat):
        print(json.dumps(measure(paths, args.rules, workers=1)), flush=True)
        print(json.dumps(measure(paths, args.rules, workers=2)), flush=True)
        from distributed import LocalCluster
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",  # type: ignore[no-untyped-call]
                          dashboard_address=None) as cluster:
            print(json.dumps(measure(paths, args.rules, dask=cluster.scheduler_address)), flush=True)


if __name__ == "__main__":
    main()
