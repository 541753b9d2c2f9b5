"""Benchmarks of dipsat against the peer engine (MILA's ``diplomacy`` package): ``python -m benchmarks``.

Run from the repository root (this folder is not installed): ``python -m benchmarks`` for the
full run, ``python -m benchmarks --smoke`` for a few phases (CI), ``--help`` for the options.
The peer is the optional ``bench`` extra (``pip install -e '.[bench]'``); without it dipsat is
benchmarked alone. Modules: :mod:`~benchmarks.run` (the command), :mod:`~benchmarks.phases`
(inputs and notation), :mod:`~benchmarks.randgames`, :mod:`~benchmarks.sources` (the three
inputs), :mod:`~benchmarks.engines` (timing one phase), :mod:`~benchmarks.measure` (passes and
worker processes), :mod:`~benchmarks.causes` (why the engines disagree), :mod:`~benchmarks.defects`
(the peer's defects, reproduced), :mod:`~benchmarks.report` (tables, CSV), :mod:`~benchmarks.profile`.
"""
