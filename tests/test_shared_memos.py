"""The memos a process shares are safe under threads: a Dask worker runs its tasks in threads of
one process, and a replay there must never fail on another thread's eviction (a race once gave
``adjudication failed: KeyError: <an id>`` on a game of tests/test_bad_input_surfaces.py)."""
from __future__ import annotations

import sys
import threading

import pytest

from dipsat.model import types


def test_boards_made_from_several_threads_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(types, "_MADE_KEPT", 2)  # evict on nearly every board
    errors: list[str] = []

    def make_boards() -> None:
        try:
            for i in range(5000):
                made = types._frozen({"b": i, "a": 1})  # out of order: sorted and kept
                assert list(made) == ["a", "b"] and made["b"] == i
        except Exception as exc:  # noqa: BLE001: any failure in a thread is the test's result
            errors.append(repr(exc))

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch as often as they can
    try:
        threads = [threading.Thread(target=make_boards) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert errors == []
