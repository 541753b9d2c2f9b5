"""Load test of ``dipsat serve``: many concurrent ``resolve`` calls against a server on 127.0.0.1.

``python -m benchmarks.serve_load [--requests N] [--concurrency C] [--route godip|api] [--time-limit S]``

Starts ``dipsat serve`` as a process of its own (one uvicorn worker, a temporary database, a free
port on 127.0.0.1, never another address), waits until it answers, then sends ``--requests``
requests from ``--concurrency`` client threads (the standard library's ``http.client``, one
keep-alive connection per thread) and reports requests per second and latency percentiles. The
run is bounded in count and in time (``--time-limit``: it stops sending then and says so).

Routes: ``godip`` posts the Spring 1901 phase of a Droidippy archive game with its 22 orders to
``POST /Classical`` (godip's judge call); ``api`` posts DATC 6.F.24, a convoy paradox, to
``POST /api/adjudicate`` without pictures. Every answer is checked (status 200, the phase
expected); one wrong answer makes the run fail.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

OPENING_ORDERS = {
    "Austria": {"bud": ["Move", "ser"], "tri": ["Hold"], "vie": ["Move", "gal"]},
    "England": {"edi": ["Move", "nth"], "lon": ["Move", "eng"], "lvp": ["Move", "wal"]},
    "France": {"bre": ["Move", "eng"], "mar": ["Move", "spa"], "par": ["Move", "bur"]},
    "Germany": {"ber": ["Move", "kie"], "kie": ["Move", "hol"], "mun": ["Move", "ruh"]},
    "Italy": {"nap": ["Move", "tys"], "rom": ["Move", "tus"], "ven": ["Hold"]},
    "Russia": {"mos": ["Move", "ukr"], "sev": ["Move", "bla"], "stp/sc": ["Move", "bot"], "war": ["Move", "gal"]},
    "Turkey": {"ank": ["Move", "con"], "con": ["Move", "bul"], "smy": ["Move", "ank"]},
}
"""Spring 1901 of the Droidippy archive's game_1030 (godip's words)."""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _request(route: str, port: int) -> tuple[str, str, bytes]:
    if route == "godip":
        con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        con.request("GET", "/Classical")
        phase = json.loads(con.getresponse().read())
        con.close()
        phase["Orders"] = OPENING_ORDERS
        return "POST", "/Classical", json.dumps(phase).encode()
    text = "\n".join(_case_lines(ROOT / "datacases" / "datc_6F_convoys.txt", "6.F.24")) + "\n"
    return "POST", "/api/adjudicate", json.dumps({"case": text, "pictures": False}).encode()


def _case_lines(path: Path, case: str) -> list[str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(f"CASE {case}")
    return lines[start:lines.index("END", start) + 1]


def _check(route: str, status: int, body: bytes) -> str | None:
    if status != 200:
        return f"status {status}: {body[:200]!r}"
    data = json.loads(body)
    if route == "godip":
        if (data["Season"], data["Type"]) != ("Spring", "Retreat") or data["Resolutions"].get("vie") != "ErrBounce:war":
            return f"unexpected phase: {str(data)[:200]}"
    elif not data["case"]["passed"]:
        return "6.F.24 did not pass"
    return None


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``values``, by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def run(requests: int, concurrency: int, route: str, time_limit: float) -> dict[str, object]:
    """Start the server, load it, stop it; return the figures."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        server = subprocess.Popen([sys.executable, "-m", "dipsat.cli.main", "serve", "--host", "127.0.0.1", "--port",
                                   str(port), "--db", str(Path(folder) / "load.sqlite")],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=folder)
        try:
            _wait_up(port, server)
            method, path, body = _request(route, port)
            latencies: list[float] = []
            errors: list[str] = []
            lock = threading.Lock()
            counter = iter(range(requests))
            stop_at = time.monotonic() + time_limit
            stopped = threading.Event()

            def client() -> None:
                con = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                headers = {"content-type": "application/json"}
                while True:
                    with lock:
                        n = next(counter, None)
                    if n is None or time.monotonic() > stop_at:
                        if n is not None:
                            stopped.set()
                        break
                    t = time.perf_counter()
                    con.request(method, path, body, headers)
                    answer = con.getresponse()
                    data = answer.read()
                    took = time.perf_counter() - t
                    problem = _check(route, answer.status, data)
                    with lock:
                        latencies.append(took)
                        if problem:
                            errors.append(problem)
                con.close()

            start = time.perf_counter()
            threads = [threading.Thread(target=client) for _ in range(concurrency)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait(timeout=30)
    ms = [x * 1000 for x in latencies]
    return {"route": route, "requests": len(latencies), "concurrency": concurrency, "wall_s": round(wall, 2),
            "requests_per_s": round(len(latencies) / wall, 1) if wall else 0.0,
            "latency_ms": {"mean": round(statistics.fmean(ms), 1) if ms else None,
                           **{f"p{int(q * 100)}": round(percentile(ms, q), 1) if ms else None for q in (0.5, 0.9, 0.99)},
                           "max": round(max(ms), 1) if ms else None},
            "errors": errors[:5], "error_count": len(errors), "stopped_by_time_limit": stopped.is_set()}


def _wait_up(port: int, server: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"dipsat serve exited: {server.stderr.read().decode()[-500:] if server.stderr else ''}")
        try:
            con = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            con.request("GET", "/Classical")
            if con.getresponse().status == 200:
                con.close()
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("dipsat serve did not answer within 60 s")


def main(argv: list[str] | None = None) -> int:
    """Run the load test and print its figures (JSON); exit 1 if any answer was wrong."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.serve_load", description=__doc__.split("\n")[0])
    p.add_argument("--requests", type=int, default=400, help="requests in all (default 400)")
    p.add_argument("--concurrency", type=int, default=8, help="client threads (default 8)")
    p.add_argument("--route", choices=("godip", "api"), default="godip")
    p.add_argument("--time-limit", type=float, default=120.0, help="stop sending after this many seconds (default 120)")
    args = p.parse_args(argv)
    if not 0 < args.requests <= 100_000 or not 0 < args.concurrency <= 256:
        p.error("--requests from 1 to 100000, --concurrency from 1 to 256")
    figures = run(args.requests, args.concurrency, args.route, args.time_limit)
    print(json.dumps(figures, indent=1))
    return 1 if figures["error_count"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
