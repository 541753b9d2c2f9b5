"""Imported by the local pool's fork server before it forks any worker: the adjudicator is then
imported and warmed once (:func:`dipsat.replay.work.warm_up`), and every worker starts warm
(and lean: pyarrow without numpy, :func:`dipsat.replay.cores.import_arrow_lean`)."""
from __future__ import annotations

import contextlib

from dipsat.replay.cores import import_arrow_lean

import_arrow_lean()

from dipsat.replay.work import warm_up  # noqa: E402 - after pyarrow is loaded lean

with contextlib.suppress(Exception):  # a failed warm-up leaves the workers cold, never broken
    warm_up()
