"""Make ``tests/helpers.py`` importable as ``helpers`` (pytest runs with ``--import-mode=importlib``);
fixtures shared by several test files."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


@pytest.fixture(scope="session")
def dask_cluster() -> Iterator[Any]:
    """One two-worker Dask LocalCluster (threads, loopback TCP) shared by the tests that run on a
    cluster: starting and closing one costs about a second of CPU each time. Its workers are
    threads of this process, so a test's monkeypatch reaches them; tasks are submitted with
    ``pure=False``, so no test sees another's results."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp://",
                                  host="127.0.0.1", dashboard_address=None) as cluster:
        yield cluster
