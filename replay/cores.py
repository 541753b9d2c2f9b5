"""One core per replaying process: no library starts threads of its own behind the adjudicator.

A replaying process adjudicates on one core (``--workers N`` runs N such processes). Two
libraries would otherwise start pools of their own: OpenBLAS, loaded with numpy (which pyarrow
imports), starts a thread per core that spins for a while after start-up, and Arrow's compute
and IO pools start a thread per core for sorting and writing the tables. Neither pays on tables
of this size: measured on the 51 random games (4,269 phases), the whole process used about 5 %
less CPU time without them, and no more wall time.
"""
from __future__ import annotations

import os

_DONE: list[bool] = []


def use_one_core() -> None:
    """Keep this process's libraries to one thread each (once per process; before numpy is
    imported for OpenBLAS to see it)."""
    if _DONE:
        return
    _DONE.append(True)
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    import pyarrow as pa

    pa.set_cpu_count(1)
    pa.set_io_thread_count(1)
