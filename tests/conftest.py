"""Make ``tests/helpers.py`` importable as ``helpers`` (pytest runs with ``--import-mode=importlib``);
fixtures shared by several test files."""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import settings as _hypothesis_settings

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# Property tests are reproducible by default: each draws the same examples on every run (CI and
# `make test` never go red on a new random draw). `HYPOTHESIS_PROFILE=explore` searches afresh.

_hypothesis_settings.register_profile("dipsat", derandomize=True, database=None)
_hypothesis_settings.register_profile("explore", derandomize=False)
_hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dipsat"))


@pytest.fixture(scope="module")
def dask_cluster() -> Iterator[Any]:
    """One two-worker Dask LocalCluster (threads, loopback TCP) shared by a module's tests that run
    on a cluster: starting and closing one costs about a second of CPU each time. Its workers are
    threads of this process, so a test's monkeypatch reaches them; tasks are submitted with
    ``pure=False``, so no test sees another's results. Closed at the end of the module: kept for
    the session, its threads would draw from ``random`` during other modules' hypothesis tests."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster
