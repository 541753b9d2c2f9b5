"""Scaling of ``dipsat replay``: wall, CPU and peak memory of whole processes on 40, 400 and 4,000
distinct games, on 1 local worker, 2 local workers and a 2-worker Dask cluster.

    python -m benchmarks.scaling [--games-dir /tmp/dipsat-scaling-games] [--sizes 40 400 4000]
                                 [--runs 3] [--large-runs 1] [--configs "1 worker" "2 workers" dask]

The games are random legal games played by dipsat (:func:`benchmarks.randgames.save_droidippy_games`,
seed 23, to 1914: about 47 phases each), written as Droidippy game histories, one file a game, in
``--games-dir`` (made once if missing, outside the repository, ~15 min of one core for 4,000; a
folder written earlier is only read); a run of N games replays the first N files (a folder of
links in a scratch folder). Every measurement is one ``dipsat replay FOLDER --rules droidippy
--out FRESH --json`` process, as a user starts it, with ``--workers 1``, ``--workers 2`` or
``--dask``. Sizes up to 1,000 games are measured ``--runs`` times, larger ones ``--large-runs``
times (one run of 4,000 games is a few minutes; its memory varies little from run to run).

What is counted, from outside: wall time of the command; CPU time (user + system) and peak
resident memory of *every* process it makes. This process makes itself the "subreaper" of the
command's processes (Linux ``PR_SET_CHILD_SUBREAPER``), so the local pool's fork server and its
workers, orphaned when the command exits, are reaped here and their resource use read with
``wait4``. The Dask cluster (``dask scheduler`` and two ``dask worker --nthreads 1 --no-nanny``,
separate processes on loopback, like a 2-worker ``LocalCluster``) is started afresh for each
measurement, before the clock starts, and stopped after it: its processes' CPU time includes their
start-up, their peak memory is their whole life's. Configurations alternate within each round;
the tables give medians (min-max) over ``--runs`` rounds, and the load average.

Output: ``benchmarks/results/scaling.json``, ``benchmarks/results/scaling.svg`` (the plot:
wall time and largest process's peak memory against games), a Markdown table on stdout with the
memory targets (each process under 150 MB, the largest and the smallest size within 20 %), and
the tables of ``docs/speed.md`` refreshed (:mod:`benchmarks.speed_doc`; ``--no-doc``: not).
"""
from __future__ import annotations

import argparse
import ctypes
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
CONFIGS = ("1 worker", "2 workers", "dask")
SEED, MAX_YEAR = 23, 1914
DASK_LOGS = {"DASK_DISTRIBUTED__ADMIN__LOW_LEVEL_LOG_LENGTH": "10", "DASK_DISTRIBUTED__ADMIN__LOG_LENGTH": "10",
             "DASK_DISTRIBUTED__SCHEDULER__EVENTS_LOG_LENGTH": "10",
             "DASK_DISTRIBUTED__DIAGNOSTICS__COMPUTATIONS__MAX_HISTORY": "1"}
"""Dask's own logs kept short, as for any long run of many tasks: with its defaults a scheduler
keeps some 150 KB a task it has run (measured: 200 tasks of a 150 KB argument each, 2 workers,
a task at a time: scheduler 61 -> 93 MB with the defaults, 61 -> 67 MB with these), which made
the scheduler, client and workers of 4,000 games grow to 103 / 185 / 166 MB."""
CLUSTER_ENV = {"DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "180s", "DASK_DISTRIBUTED__COMM__TIMEOUTS__TCP": "300s",
               **DASK_LOGS}
"""Dask's time-outs, long enough for a machine under heavy load (a worker gives up on a scheduler
that does not answer within 30 s by default), and its logs kept short (:data:`DASK_LOGS`)."""


@dataclass
class Measure:
    """One command, all its processes."""

    config: str
    games: int
    phases: int | None
    wall: float
    cpu: float
    peak_mb: float
    """The largest peak resident memory of any one process."""
    processes: dict[str, float] = field(default_factory=dict)
    """Role -> peak MB (``main``, ``pool``: fork server and workers, ``scheduler``, ``worker``)."""
    cpu_by_role: dict[str, float] = field(default_factory=dict)
    status: int = 0
    load: float = 0.0


def _subreaper() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(36, 1, 0, 0, 0) != 0:  # PR_SET_CHILD_SUBREAPER
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_CHILD_SUBREAPER) failed")


def _children() -> set[int]:
    me = str(os.getpid())
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if stat.rsplit(")", 1)[1].split()[1] == me:
                found.add(int(entry.name))
    return found


def _usage(rusage: Any) -> tuple[float, float]:
    return rusage.ru_utime + rusage.ru_stime, rusage.ru_maxrss / 1024


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _bin(name: str) -> str:
    return str(Path(sys.executable).parent / name)


def _start_cluster(scratch: Path, procs: list[subprocess.Popen[bytes]]) -> tuple[str, list[subprocess.Popen[bytes]]]:
    """Start a scheduler and two one-thread workers (appended to ``procs`` as they start); their address."""
    port = _free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = {**os.environ, **CLUSTER_ENV}
    os.environ.update(CLUSTER_ENV)  # the client in this process, and the one dipsat replay makes
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    procs.append(subprocess.Popen([_bin("dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--no-dashboard"], **quiet))
    for i in range(2):
        procs.append(subprocess.Popen([_bin("dask"), "worker", address, "--nthreads", "1", "--no-nanny",
                                       "--no-dashboard", "--local-directory", str(scratch / f"w{i}")], **quiet))
    from distributed import Client
    deadline = time.time() + 300
    while time.time() < deadline:
        try:
            with Client(address, timeout=5) as client:
                if len(client.scheduler_info()["workers"]) == 2:
                    return address, procs
        except (OSError, TimeoutError):
            pass
        time.sleep(0.5)
    raise RuntimeError("the Dask cluster did not start")


def measure(config: str, folder: Path, games: int, out: Path) -> Measure:
    """Run ``dipsat replay`` on ``folder`` once under ``config``; its processes' wall, CPU and peaks."""
    argv = [_bin("dipsat"), "replay", str(folder), "--rules", "droidippy", "--out", str(out), "--json"]
    cluster: list[subprocess.Popen[bytes]] = []
    scratch = tempfile.TemporaryDirectory(prefix="dipsat-scaling-dask-")
    if config == "dask":
        try:
            address, cluster = _start_cluster(Path(scratch.name), cluster)
        except RuntimeError as exc:  # recorded, and the other measurements go on
            print(f"{config} on {games} games: {exc}", flush=True)
            for proc in cluster:
                proc.kill()
                proc.wait()
            scratch.cleanup()
            return Measure(config, games, None, 0.0, 0.0, 0.0, status=-1, load=os.getloadavg()[0])
        argv += ["--dask", address]
    else:
        argv += ["--workers", "1" if config == "1 worker" else "2"]
    try:
        return _measure(config, argv, games, cluster)
    finally:
        for proc in cluster:  # stopped, whatever happened
            if proc.returncode is None:
                proc.kill()
                proc.wait()
        scratch.cleanup()


def _measure(config: str, argv: list[str], games: int, cluster: list[subprocess.Popen[bytes]]) -> Measure:
    load = os.getloadavg()[0]
    start = time.perf_counter()
    main = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = main.stdout.read() if main.stdout else b""
    _, status, rusage = os.wait4(main.pid, 0)
    wall = time.perf_counter() - start
    cpu, peak = _usage(rusage)
    m = Measure(config, games, None, wall, cpu, peak, {"main": peak}, {"main": cpu},
                os.waitstatus_to_exitcode(status), load)
    deadline = time.time() + 30
    known = {p.pid for p in cluster}
    while (left := _children() - known) and time.time() < deadline:  # the pool's orphans exit
        for pid in left:
            try:
                done, _, usage = os.wait4(pid, os.WNOHANG)
            except ChildProcessError:
                continue
            if done:
                c, p = _usage(usage)
                m.cpu += c
                m.cpu_by_role["pool"] = m.cpu_by_role.get("pool", 0.0) + c
                m.processes["pool"] = max(m.processes.get("pool", 0.0), p)
        time.sleep(0.05)
    for role, proc in reversed(list(zip(("scheduler", "worker", "worker"), cluster))):
        proc.send_signal(signal.SIGINT)  # the workers first: a worker whose scheduler is gone may wait minutes
    for role, proc in zip(("scheduler", "worker", "worker"), cluster):
        usage = _reap(proc.pid, time.time() + STOP_SECONDS)
        proc.returncode = 0
        if usage is None:
            continue
        c, p = _usage(usage)
        m.cpu += c
        m.cpu_by_role[role] = m.cpu_by_role.get(role, 0.0) + c
        m.processes[role] = max(m.processes.get(role, 0.0), p)
    m.peak_mb = max(m.processes.values())
    try:
        m.phases = int(json.loads(output)["run"]["phases_replayed"])
    except (ValueError, KeyError, TypeError):
        m.phases = None
    return m


STOP_SECONDS = 20
"""How long a Dask process is given to stop after SIGINT before it is killed (its figures stay)."""


def _reap(pid: int, deadline: float) -> Any:
    """Wait for the child ``pid`` to end (killed at ``deadline``); its resource use (``None``: gone)."""
    while True:
        try:
            done, _, usage = os.wait4(pid, os.WNOHANG)
        except ChildProcessError:
            return None
        if done:
            return usage
        if time.time() > deadline:
            os.kill(pid, signal.SIGKILL)
            deadline = float("inf")
        time.sleep(0.05)


def game_folder(games_dir: Path, games: int, scratch: Path) -> Path:
    """The first ``games`` games of ``games_dir`` (written there if missing) as a folder of links
    in ``scratch`` (``games_dir`` itself is only read once it holds enough games)."""
    have = sorted(games_dir.glob("game_*.txt")) if games_dir.is_dir() else []
    if len(have) < games:
        from benchmarks.randgames import save_droidippy_games
        print(f"writing {games - len(have)} random games into {games_dir} (seed {SEED}, to {MAX_YEAR}; "
              "about 0.2 s of CPU a game, once)", flush=True)
        save_droidippy_games(str(games_dir), games - len(have), SEED, MAX_YEAR, first=len(have))
        have = sorted(games_dir.glob("game_*.txt"))
    folder = scratch / f"first-{games}"
    folder.mkdir(exist_ok=True)
    for f in have[:games]:
        link = folder / f.name
        if not link.exists():
            link.symlink_to(f.resolve())
    return folder


def _stat(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def summarise(measures: list[Measure]) -> list[dict[str, Any]]:
    """One row per (games, configuration): medians and ranges."""
    rows = []
    for games in sorted({m.games for m in measures}):
        for config in CONFIGS:
            ms = [m for m in measures if m.games == games and m.config == config]
            if not ms:
                continue
            phases = ms[0].phases or 0
            roles = sorted({r for m in ms for r in m.processes})
            rows.append({"games": games, "config": config, "phases": phases, "runs": len(ms),
                         "wall": _stat([m.wall for m in ms]), "cpu": _stat([m.cpu for m in ms]),
                         "peak_mb": _stat([m.peak_mb for m in ms]),
                         "peak_by_role": {r: statistics.median([m.processes.get(r, 0.0) for m in ms]) for r in roles},
                         "phases_per_second_wall": phases / statistics.median([m.wall for m in ms]) if phases else None,
                         "load": _stat([m.load for m in ms]), "statuses": sorted({m.status for m in ms})})
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The rows as Markdown."""
    out = ["| games (phases) | executor | runs | wall s | CPU s, all processes | phases/s (wall) "
           "| peak MB, largest process | peak MB by process | load average |",
           "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        fmt = lambda s: f"{s['median']:.2f} ({s['min']:.2f}-{s['max']:.2f})"  # noqa: E731
        roles = ", ".join(f"{k} {v:.0f}" for k, v in r["peak_by_role"].items())
        rate = f"{r['phases_per_second_wall']:.0f}" if r["phases_per_second_wall"] else "-"
        out.append(f"| {r['games']:,} ({r['phases']:,}) | {r['config']} | {r['runs']} | {fmt(r['wall'])} "
                   f"| {fmt(r['cpu'])} | {rate} | {fmt(r['peak_mb'])} | {roles} | {r['load']['median']:.1f} |")
    return "\n".join(out)


MEMORY_LIMIT_MB = 150
"""Issue 23: no process of a replay above this peak."""
FLAT_WITHIN = 0.20
"""Issue 23: a process's peak on the largest archive within this much of its peak on the smallest."""


def flatness(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per executor and process (role): peak MB at the smallest and the largest size measured,
    the growth, and whether the memory targets are met (:data:`MEMORY_LIMIT_MB`, :data:`FLAT_WITHIN`)."""
    out = []
    sizes = sorted({r["games"] for r in rows})
    if len(sizes) < 2:
        return out
    for config in CONFIGS:
        by_size = {r["games"]: r for r in rows if r["config"] == config}
        if sizes[0] not in by_size or sizes[-1] not in by_size:
            continue
        small, large = by_size[sizes[0]], by_size[sizes[-1]]
        for role in sorted(set(small["peak_by_role"]) & set(large["peak_by_role"])):
            a, b = small["peak_by_role"][role], large["peak_by_role"][role]
            top = max(r["peak_by_role"].get(role, 0.0) for r in by_size.values())
            out.append({"config": config, "role": role, "small": sizes[0], "large": sizes[-1],
                        "small_mb": a, "large_mb": b, "growth": b / a - 1 if a else None, "top_mb": top,
                        "flat": bool(a) and abs(b / a - 1) < FLAT_WITHIN, "under_limit": top < MEMORY_LIMIT_MB})
    return out


def flatness_table(rows: list[dict[str, Any]]) -> str:
    """:func:`flatness` as Markdown."""
    found = flatness(rows)
    if not found:
        return ""
    small, large = found[0]["small"], found[0]["large"]
    out = [f"| executor | process | peak MB, {small:,} games | peak MB, {large:,} games | growth "
           f"(target < {FLAT_WITHIN:.0%}) | largest peak (target < {MEMORY_LIMIT_MB} MB) |", "|---|---|---|---|---|---|"]
    for f in found:
        mark = lambda ok: "met" if ok else "**NOT met**"  # noqa: E731
        out.append(f"| {f['config']} | {f['role']} | {f['small_mb']:.0f} | {f['large_mb']:.0f} "
                   f"| {f['growth']:+.0%}: {mark(f['flat'])} | {f['top_mb']:.0f}: {mark(f['under_limit'])} |")
    return "\n".join(out)


def plot(rows: list[dict[str, Any]], path: Path) -> None:
    """Two panels as SVG: wall time and the largest process's peak memory against games (log-log)."""
    import math

    colours = {"1 worker": "#1f77b4", "2 workers": "#ff7f0e", "dask": "#2ca02c"}
    width, height, pad = 460, 300, 50
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{2 * width}" height="{height + 40}" '
             'font-family="sans-serif" font-size="12">']
    sizes = sorted({r["games"] for r in rows})
    for panel, (key, label, log_y) in enumerate((("wall", "wall time, s", True),
                                                 ("peak_mb", "peak memory of the largest process, MB", False))):
        x0 = panel * width
        values = [r[key]["median"] for r in rows]
        top = max(values) * 1.15
        low = min(values) / 1.5 if log_y else 0.0
        gx = lambda g: x0 + pad + (math.log10(g) - math.log10(sizes[0])) / max(  # noqa: E731
            1e-9, math.log10(sizes[-1]) - math.log10(sizes[0])) * (width - 2 * pad)
        gy = (lambda v: 20 + (math.log10(top) - math.log10(v)) / (math.log10(top) - math.log10(low)) * (height - 60)) \
            if log_y else (lambda v: 20 + (top - v) / top * (height - 60))
        parts.append(f'<text x="{x0 + width / 2}" y="14" text-anchor="middle">{label}</text>')
        parts.append(f'<line x1="{x0 + pad}" y1="{height - 40}" x2="{x0 + width - pad}" y2="{height - 40}" stroke="black"/>')
        parts.append(f'<line x1="{x0 + pad}" y1="20" x2="{x0 + pad}" y2="{height - 40}" stroke="black"/>')
        for g in sizes:
            parts.append(f'<text x="{gx(g):.1f}" y="{height - 24}" text-anchor="middle">{g:,} games</text>')
        ticks = [v for v in (0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000) if low <= v <= top] if log_y else \
            [v for v in range(0, int(top) + 1, 25 if top < 200 else 50)]
        for v in ticks:
            parts.append(f'<text x="{x0 + pad - 4}" y="{gy(v) + 4:.1f}" text-anchor="end">{v:g}</text>')
            parts.append(f'<line x1="{x0 + pad}" y1="{gy(v):.1f}" x2="{x0 + width - pad}" y2="{gy(v):.1f}" '
                         'stroke="#ddd"/>')
        for config, colour in colours.items():
            pts = [(gx(r["games"]), gy(r[key]["median"])) for r in rows if r["config"] == config]
            if pts:
                parts.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="'
                             + " ".join(f"{x:.1f},{y:.1f}" for x, y in pts) + '"/>')
                parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in pts]
    for i, (config, colour) in enumerate(colours.items()):
        parts.append(f'<text x="{pad + 160 * i}" y="{height + 30}" fill="{colour}">- {config}</text>')
    parts.append("</svg>")
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Measure every size and configuration ``--runs`` times, alternating; write the report and plot."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.scaling", description=__doc__.split("\n\n")[0])
    p.add_argument("--games-dir", type=Path, default=Path(tempfile.gettempdir()) / "dipsat-scaling-games")
    p.add_argument("--sizes", type=int, nargs="+", default=[40, 400, 4000])
    p.add_argument("--runs", type=int, default=3, help="runs of sizes up to 1,000 games (default 3)")
    p.add_argument("--large-runs", type=int, default=1, help="runs of larger sizes (default 1)")
    p.add_argument("--no-doc", action="store_true", help="leave docs/speed.md as it is")
    p.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=CONFIGS)
    p.add_argument("--out", type=Path, default=RESULTS / "scaling.json")
    p.add_argument("--merge", type=Path, nargs="+", metavar="REPORT",
                   help="measure nothing: put the measurements of these reports into one report and plot")
    args = p.parse_args(argv)
    if args.merge:
        status = _merge(args.merge, args.out)
        _doc(args)
        return status
    _subreaper()
    from benchmarks.wholeprocess import compile_bytecode
    compile_bytecode()
    measures: list[Measure] = []
    report: dict[str, Any] = {"cpus": os.cpu_count(), "load_before": os.getloadavg(), "seed": SEED,
                              "max_year": MAX_YEAR, "runs": args.runs, "large_runs": args.large_runs,
                              "date": time.strftime("%Y-%m-%d %H:%M"),
                              "command": "python -m benchmarks.scaling " + " ".join(sys.argv[1:] if argv is None else argv)}
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="dipsat-scaling-") as tmp:
        for games in args.sizes:
            folder = game_folder(args.games_dir, games, Path(tmp))
            for run in range(args.runs if games <= 1000 else args.large_runs):
                order = args.configs if run % 2 == 0 else args.configs[::-1]
                for config in order:
                    out = Path(tmp) / f"out-{games}-{run}-{config.replace(' ', '')}"
                    m = measure(config, folder, games, out)
                    shutil.rmtree(out, ignore_errors=True)
                    measures.append(m)
                    print(json.dumps(asdict(m)), flush=True)
                    report["seconds"] = round(time.perf_counter() - started, 1)
                    rows = _write(report, measures, args.out)  # after each one: a stopped run keeps its figures
    print(table(rows))
    print()
    print(flatness_table(rows))
    print(f"load average {report['load_before'][0]:.1f} before, {report['load_after'][0]:.1f} after; "
          f"{report['cpus']} CPUs; {report['seconds']:.0f} s in all; {args.out}, {args.out.with_suffix('.svg')}")
    _doc(args)
    bad = [m for m in measures if m.status not in (0, 1)]
    if bad:
        print("some runs did not finish normally: " + ", ".join(f"{m.config} on {m.games}" for m in bad))
    return 1 if bad else 0


def _doc(args: argparse.Namespace) -> None:
    if not args.no_doc and args.out.resolve() == (RESULTS / "scaling.json").resolve():
        from benchmarks.speed_doc import refresh
        print(f"refreshed: {refresh()}")


def _write(report: dict[str, Any], measures: list[Measure], out: Path) -> list[dict[str, Any]]:
    rows = summarise(measures)
    report.update({"load_after": os.getloadavg(), "rows": rows, "flatness": flatness(rows),
                   "measures": [asdict(m) for m in measures]})
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1), encoding="utf-8")
    plot(rows, out.with_suffix(".svg"))
    return rows


def _merge(reports: list[Path], out: Path) -> int:
    loaded = [json.loads(r.read_text(encoding="utf-8")) for r in reports]
    measures = [Measure(**m) for report in loaded for m in report["measures"]]
    rows = summarise(measures)
    merged = {"cpus": loaded[0]["cpus"], "seed": SEED, "max_year": MAX_YEAR,
              "reports": [{k: v for k, v in r.items() if k not in ("rows", "measures")} for r in loaded],
              "rows": rows, "flatness": flatness(rows), "measures": [asdict(m) for m in measures]}
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(merged, indent=1), encoding="utf-8")
    plot(rows, out.with_suffix(".svg"))
    print(table(rows))
    print(flatness_table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
