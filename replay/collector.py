"""Pausing Python's cycle collector around work that makes no reference cycles.

Reading a task's games and building its tables make many objects and no cycles. With the
collector on, each burst of new objects makes it scan every live object again (JSON decoding of a
saved game runs 3-4x slower once a replay's objects are alive); reference counting alone frees
all that this work throws away.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def no_cycle_collection() -> Iterator[None]:
    """Run the ``with`` block with the cycle collector off (as it was after: a pause, never a switch)."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()
