"""A replaying process keeps its libraries to one thread each (:mod:`dipsat.replay.cores`)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "datacases" / "datc_6A_basic.txt"


def test_replay_runs_on_one_core(tmp_path: Path) -> None:
    code = ("import os, sys\n"
            "from dipsat.cli.main import main\n"
            f"status = main(['replay', {str(CASES)!r}, '--workers', '1', '--out', {str(tmp_path / 'out')!r}, '--json'])\n"
            "import pyarrow as pa\n"
            "print('RESULT', status, pa.cpu_count(), pa.io_thread_count(), os.environ.get('OPENBLAS_NUM_THREADS'))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT"))
    status, cpus, io, blas = line.split()[1:]
    assert status in ("0", "1"), done.stderr
    assert (cpus, io, blas) == ("1", "1", "1")


def test_lean_arrow_leaves_no_stand_in_for_ssl() -> None:
    """The lean import of pyarrow goes without OpenSSL, and leaves nothing behind: a later
    ``import ssl`` loads the real module (and where ssl was loaded first, it is left alone)."""

    code = ("import sys\n"
            "{pre}from dipsat.replay.cores import import_arrow_lean\n"
            "import_arrow_lean()\n"
            "import pyarrow.parquet\n"
            "loaded = 'ssl' in sys.modules\n"
            "import ssl\n"
            "print(loaded, bool(ssl.get_default_verify_paths().openssl_cafile), hasattr(ssl, 'SSLContext'))\n")
    for pre, expected in (("", "False True True"), ("import ssl\n", "True True True")):
        done = subprocess.run([sys.executable, "-c", code.format(pre=pre)], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        assert done.stdout.split("\n")[0] == expected, done.stdout + done.stderr
