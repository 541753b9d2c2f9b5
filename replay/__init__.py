"""dipsat.replay: replay archived games phase by phase and check each recorded result.

The road of one game, as data flows:

- :mod:`dipsat.replay.readers` find the games in files and folders (:class:`~dipsat.replay.records.Task`,
  cheap, in the main process) and turn a game's text into a :class:`~dipsat.replay.records.GameRecord`
  (in a worker): recorded positions, recorded orders, recorded results.
- :mod:`dipsat.replay.replayer` adjudicates every phase from its recorded position and
  :mod:`dipsat.replay.compare` sets the outcome against the recorded next position: ``agree``,
  ``differ`` (with each difference in words), ``unchecked`` (nothing recorded to compare with) or
  ``error`` (the record could not be read or adjudicated).
- :mod:`dipsat.replay.work` is what a worker runs for one task (read, replay, return Arrow tables
  of :mod:`dipsat.replay.rows`); :mod:`dipsat.replay.executors` runs tasks in this process, a
  local process pool or a Dask cluster; :mod:`dipsat.replay.run` drives a whole run;
  :mod:`dipsat.replay.store` writes one part (an Arrow IPC file) per finished task (atomically, so a rerun
  resumes) and :mod:`dipsat.replay.merge` streams the parts, sorted by game, into ``phases.parquet``,
  ``orders.parquet`` (in row groups) and ``summary.json``, in memory that does not grow with the archive.
- :mod:`dipsat.replay.throughput` measures phases per second (1 and 2 workers, a Dask LocalCluster).

Vocabulary: a *game* is one archived game (or one test case); a *phase* is one row of the
archive (``1901 Spring Movement``, ``S1901M``, a case step); order results use the DATC words of
:class:`dipsat.model.types.Result`. This package may use pandas and pyarrow; ``dipsat.model`` may not.
"""
