"""One core per replaying process: no library starts threads of its own behind the adjudicator;
and pyarrow loaded lean (no numpy, the system allocator).

A replaying process adjudicates on one core (``--workers N`` runs N such processes). Two
libraries would otherwise start pools of their own: OpenBLAS, loaded with numpy (which pyarrow
imports), starts a thread per core that spins for a while after start-up, and Arrow's compute
and IO pools start a thread per core for sorting and writing the tables. Neither pays on tables
of this size: measured on the 51 random games (4,269 phases), the whole process used about 5 %
less CPU time without them, and no more wall time.

The replay hands pyarrow only Arrow buffers and Python values, never numpy arrays, so a process
that only replays (the ``dipsat`` program, the local pool's workers) imports pyarrow without
numpy, cloudpickle and the cloud file systems (:func:`import_arrow_lean`): about 0.1 s and 25 MB
less per process. Arrow's
tables then come from the C library's allocator rather than mimalloc, which keeps the memory of
freed tables mapped (the consolidation's peak was 35 MB higher with it on 400 games).
"""
from __future__ import annotations

import os
import sys
from types import ModuleType, SimpleNamespace
from typing import Final

from dipsat.model.on_use import imported_on_use, lazily_bound

_DONE: list[bool] = []


_LEFT_OUT = ("numpy", "cloudpickle", "pyarrow._s3fs", "pyarrow._gcsfs", "pyarrow._azurefs", "pyarrow._hdfs")
"""What a lean pyarrow goes without: numpy, cloudpickle (pyarrow then pickles with :mod:`pickle`),
and the cloud file systems (S3's starts its SDK and imports ssl and socket)."""

_ON_USE = ("inspect", "socket", "pickle", "decimal", "signal")
"""What pyarrow imports but a replay does not use (:func:`~dipsat.model.on_use.imported_on_use`):
inspect (writing datasets), socket (finding a free port), pickle, decimal (converting decimals),
signal (stopping a long read on Ctrl-C): about 5 % of a one-game replay's start-up."""


def import_arrow_lean() -> None:
    """Import pyarrow and its Parquet module, in a process that has loaded neither pyarrow nor
    numpy, without :data:`_LEFT_OUT` (pyarrow then works on Arrow buffers and Python values and
    local files only; numpy arrays handed to it later are refused): about 0.1 s and 25 MB less.

    Only for processes that replay and nothing else (the ``dipsat`` program, pool workers): a
    library must not choose for its caller. Does nothing where pyarrow or numpy is loaded.
    """
    if "pyarrow" in sys.modules or "numpy" in sys.modules:
        return
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    left_out = [name for name in _LEFT_OUT if name not in sys.modules]
    for name in left_out:
        sys.modules[name] = None  # type: ignore[assignment]  # importing it raises ImportError: pyarrow goes on without
    no_ssl = _without_ssl()
    try:
        with imported_on_use(*_ON_USE), lazily_bound():
            import pyarrow.parquet  # noqa: F401
    finally:
        for name in left_out:
            if name in sys.modules and sys.modules[name] is None:
                del sys.modules[name]
        if no_ssl is not None and sys.modules.get("ssl") is no_ssl:
            del sys.modules["ssl"]


def _without_ssl() -> ModuleType | None:
    """A stand-in for :mod:`ssl` while pyarrow is imported lean, or None where ssl is loaded.

    On Linux, ``pyarrow._fs`` (imported by ``pyarrow.parquet``) imports :mod:`ssl` only to hand
    the system's CA certificate paths to the cloud file systems' HTTP client; loading OpenSSL
    costs about 40 million instructions, 7 % of a one-game replay (issue 23: start-up). The
    lean import goes without those file systems (:data:`_LEFT_OUT`), so the stand-in names no
    paths (Arrow keeps its own defaults, as on other systems); it is gone once pyarrow is loaded,
    and a later ``import ssl`` loads the real one.
    """
    if "ssl" in sys.modules:
        return None
    stand_in = ModuleType("ssl", "stand-in while pyarrow is imported lean (dipsat.replay.cores)")
    stand_in.get_default_verify_paths = lambda: SimpleNamespace(cafile=None, capath=None)  # type: ignore[attr-defined]
    sys.modules["ssl"] = stand_in
    return stand_in


MMAP_THRESHOLD: Final = 128 << 10
"""Bytes from which the C library's allocator maps a block of its own (glibc's first threshold)."""


def keep_heap_compact() -> None:
    """Fix glibc's mmap threshold at :data:`MMAP_THRESHOLD` in a process that will replay many games.

    glibc raises the threshold to the size of each large block freed (up to 32 MB), so that after
    a few tables are freed, tables of that size come from the heap, where what is freed among what
    is still in use cannot go back to the system: the peak of 400 games on one worker was 155 MB,
    143 MB with the threshold fixed (40 games: 133 MB either way), for the same CPU time. Only for
    processes that replay and nothing else (the ``dipsat`` program, which asks for it with
    ``RunConfig.compact_heap``, and pool workers); once per process;
    nothing where the C library has no ``mallopt`` (not glibc). ``ctypes`` is imported here (about
    1 ms), so a replay of one game does not call it.
    """
    if _COMPACT or not sys.platform.startswith("linux"):
        return
    _COMPACT.append(True)
    import ctypes

    try:
        ctypes.CDLL(None).mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass


_M_MMAP_THRESHOLD: Final = -3
_COMPACT: list[bool] = []


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
