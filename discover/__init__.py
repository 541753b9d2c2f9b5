"""dipsat.discover: search for the smallest situations where two rule sets disagree, or where
the equations of a phase have no consistent resolution or several.

:mod:`~dipsat.discover.generate` makes random situations biased toward the DATC's structures,
:mod:`~dipsat.discover.verdict` says whether one has the property searched for,
:mod:`~dipsat.discover.shrink` reduces it to a minimal case, :mod:`~dipsat.discover.shape`
keys it by its structure (and names the DATC cases of that shape),
:mod:`~dipsat.discover.finding` writes it as case files that ``dipsat adjudicate`` passes,
:mod:`~dipsat.discover.search` runs the tries (on local cores or a Dask cluster) and
:mod:`~dipsat.discover.report` writes what was found. ``dipsat discover`` is the command.
"""
