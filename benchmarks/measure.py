"""Timing: the interleaved pass over every phase, and the worker processes for throughput and memory.

The interleaved pass runs both engines on each phase in turn, in the same process (the engine
that goes first alternates from phase to phase), and records per phase the end-to-end and
adjudication times, dipsat's split (parse, facts, build, solve) and both boards after.

Throughput and memory are measured in fresh processes (``spawn``), one engine per process. For
*N* workers, the phases are dealt out by game (so that the peer plays each random game straight
through, as a batch replay does) to *N* processes that start their timed loop together; each
process adds up the time its engine spends per phase type. Phases per second with *N* workers is
the sum over the workers of phases / busy seconds; the ``all`` row also gives the wall-clock rate,
phases / the longest worker's busy time. Untimed work (loading the peer's board where the game
does not simply go on, building dipsat's input positions) stays out of both. The one-worker
process also reports its resident memory (``VmHWM``, else ``getrusage``): once the engine is
imported and built (before the inputs are read) and its peak at the end (inputs included; both
engines hold the same plain-data inputs, one phase's board at a time in engine form).
"""
from __future__ import annotations

import gc
import json
import multiprocessing as mp
import resource
import sys
from pathlib import Path
from typing import Any, Iterable

from benchmarks.phases import PhaseInput


def warm_up(runners: Iterable[Any], phases: list[PhaseInput]) -> None:
    """Run a few phases of each type through every engine (imports, caches), untimed."""
    picked: dict[str, list[PhaseInput]] = {}
    for ph in phases:
        if len(picked.setdefault(ph.kind, [])) < 3:
            picked[ph.kind].append(ph)
    for runner in runners:
        for group in picked.values():
            for ph in group:
                runner.run(ph, board=False)
        if hasattr(runner, "at"):
            runner.at = None


def interleaved(phases: list[PhaseInput], dipsat: Any, peer: Any | None,
                progress: Any = None, repeat: int = 1) -> list[dict[str, Any]]:
    """Run every phase through both engines; return one row per phase with times and boards.

    With ``repeat`` > 1 the whole pass is made that many times and each phase keeps, per engine,
    its fastest run (the least disturbed by other processes on the machine).
    """
    runners = [dipsat] + ([peer] if peer is not None else [])
    warm_up(runners, phases)
    positions = [dipsat.position(ph) for ph in phases]
    rows = [{"input": ph, "outcomes": {}} for ph in phases]
    for r in range(repeat):
        gc.collect()
        gc.freeze()  # the harness's own heap (every phase, board and outcome) is not the engines' work:
        # without this a full collection over it lands inside some phase's timing (0.1-0.3 s), as
        # it never would in `dipsat replay`, which freezes its start-up heap the same way
        for i, ph in enumerate(phases):
            outcomes = rows[i]["outcomes"]
            order = runners if (i + r) % 2 == 0 else runners[::-1]
            for runner in order:
                try:
                    out = runner.run(ph, positions[i]) if runner is dipsat else runner.run(ph)
                except Exception as exc:  # noqa: BLE001 - one broken phase must not stop a benchmark
                    out = exc
                    if runner is peer:
                        peer.at = None
                best = outcomes.get(runner.name)
                if best is None or isinstance(out, Exception) or (not isinstance(best, Exception) and out.e2e < best.e2e):
                    outcomes[runner.name] = out
            if progress is not None:
                progress(r * len(phases) + i + 1, repeat * len(phases))
    return rows


# -- worker processes ---------------------------------------------------------------------------------

def _rss_mb() -> float:
    """Peak resident set size of this process so far, in MB.

    On Linux ``VmHWM`` of ``/proc/self/status``: ``getrusage``'s ``ru_maxrss`` would be no good in a
    spawned worker, since Linux carries the parent's peak across ``fork`` and ``exec``.
    """
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def _worker(engine: str, rules: str, inputs_file: str, keys: list[str], barrier: Any, queue: Any) -> None:
    """One process: import one engine, load its phases, wait for the others, run, report."""
    try:
        from benchmarks.engines import DipsatRunner, PeerRunner

        # the peer's process never imports dipsat's solver: its memory is the peer's own
        runner = DipsatRunner(rules) if engine == "dipsat" else PeerRunner(None)
        rss_ready = _rss_mb()
        wanted = set(keys)
        data = json.loads(Path(inputs_file).read_text(encoding="utf-8"))
        phases = [PhaseInput(**d) for d in data if f"{d['source']}/{d['game']}/{d['index']}" in wanted]
        del data
        warm_up([runner], phases)
        busy: dict[str, list[float]] = {}
        gc.collect()
        barrier.wait(timeout=600)
        for ph in phases:
            if engine == "dipsat":  # the input board is built outside the timed run, as the peer's is loaded
                out = runner.run(ph, runner.position(ph), board=False)
            else:
                out = runner.run(ph, board=False)
            slot = busy.setdefault(ph.kind, [0, 0.0])
            slot[0] += 1
            slot[1] += out.e2e
        queue.put({"busy": busy, "rss_ready_mb": rss_ready, "rss_peak_mb": _rss_mb(), "error": ""})
    except Exception as exc:  # noqa: BLE001 - reported to the parent
        try:
            barrier.abort()
        except Exception:  # noqa: BLE001
            pass
        queue.put({"busy": {}, "rss_ready_mb": float("nan"), "rss_peak_mb": float("nan"),
                   "error": f"{type(exc).__name__}: {exc}"})


def deal(phases: list[PhaseInput], workers: int) -> list[list[str]]:
    """Split the phase keys among ``workers``, whole games at a time, balancing phase counts."""
    games: dict[tuple[str, str], list[str]] = {}
    for ph in phases:
        games.setdefault((ph.source, ph.game), []).append(ph.key)
    shares: list[list[str]] = [[] for _ in range(workers)]
    for keys in sorted(games.values(), key=len, reverse=True):
        min(shares, key=len).extend(keys)
    return shares


def throughput(engine: str, rules: str, inputs_file: str, phases: list[PhaseInput], workers: int
               ) -> dict[str, Any]:
    """Run ``engine`` over ``phases`` in ``workers`` fresh processes; return rates and memory."""
    ctx = mp.get_context("spawn")
    shares = [s for s in deal(phases, workers) if s]
    barrier, queue = ctx.Barrier(len(shares)), ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(engine, rules, inputs_file, keys, barrier, queue), daemon=True)
             for keys in shares]
    for p in procs:
        p.start()
    reports = [queue.get(timeout=3600) for _ in procs]
    for p in procs:
        p.join(timeout=60)
    errors = [r["error"] for r in reports if r["error"]]
    rates: dict[str, float] = {}
    kinds = {k for r in reports for k in r["busy"]}
    for kind in kinds:
        rates[kind] = sum(r["busy"][kind][0] / r["busy"][kind][1] for r in reports
                          if kind in r["busy"] and r["busy"][kind][1] > 0)
    total_n = sum(n for r in reports for n, _ in r["busy"].values())
    busiest = max((sum(t for _, t in r["busy"].values()) for r in reports), default=0.0)
    rates["all"] = sum(sum(n for n, _ in r["busy"].values()) / sum(t for _, t in r["busy"].values())
                       for r in reports if r["busy"])
    return {"rates": rates, "wall_rate": total_n / busiest if busiest else float("nan"),
            "rss_ready_mb": max(r["rss_ready_mb"] for r in reports),
            "rss_peak_mb": max(r["rss_peak_mb"] for r in reports), "errors": errors}
