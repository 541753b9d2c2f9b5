"""The load test of ``dipsat serve`` (``benchmarks/serve_load.py``) runs, bounded, and checks every answer."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="dipsat serve needs the 'serve' extra (pip install -e '.[serve]')")

ROOT = Path(__file__).resolve().parents[1]


def test_load_benchmark_reports_throughput_and_percentiles() -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks.serve_load", "--requests", "24", "--concurrency", "4",
                           "--time-limit", "60"], cwd=ROOT, capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(done.stdout)
    assert figures["requests"] == 24 and figures["error_count"] == 0
    assert figures["requests_per_s"] > 0
    latency = figures["latency_ms"]
    assert 0 < latency["p50"] <= latency["p90"] <= latency["p99"] <= latency["max"]
