"""Make ``tests/helpers.py`` importable as ``helpers`` (pytest runs with ``--import-mode=importlib``)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings as _hypothesis_settings

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

# Property tests are reproducible by default: each draws the same examples on every run (CI and
# `make test` never go red on a new random draw). `HYPOTHESIS_PROFILE=explore` searches afresh.

_hypothesis_settings.register_profile("dipsat", derandomize=True, database=None)
_hypothesis_settings.register_profile("explore", derandomize=False)
_hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dipsat"))
