"""Imported by the local pool's fork server before it forks any worker: the adjudicator is then
imported and warmed once (:func:`dipsat.replay.work.warm_up`), and every worker starts warm."""
from __future__ import annotations

import contextlib

from dipsat.replay.work import warm_up

with contextlib.suppress(Exception):  # a failed warm-up leaves the workers cold, never broken
    warm_up()
