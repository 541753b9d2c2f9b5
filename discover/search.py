"""The search: tries in chunks, each try a random situation checked, shrunk and keyed by shape.

Try number ``t`` of a search with seed ``s`` draws everything from ``random.Random("s:t")``, so
a try is the same wherever it runs. Tries are grouped in chunks of :data:`CHUNK`; chunks run
in this process, on local worker processes or on a Dask cluster, and their findings are merged
in try order: the finding kept for a shape is the smallest (then the earliest) of its tries.
So ``--tries K`` gives byte-identical output for any number of workers. A ``--budget`` stops
handing out chunks when the time is up and waits for those running: the tries done are always
the first ``n`` chunks, and the report says how many (``--tries`` that many reproduces it).
"""
from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, Callable, Iterator

from dipsat.model.cases import Case
from dipsat.model.types import Phase, PhaseKind
from dipsat.discover import generate as gen
from dipsat.discover import shape
from dipsat.discover.finding import cases_of, written
from dipsat.discover.shrink import shrink, size
from dipsat.discover.verdict import CRASHES, Disagreement, Paradox, Property, Side, play

CHUNK = 20
"""Tries per chunk: the unit of work handed to a worker."""


@dataclass(frozen=True)
class Search:
    """What to look for and where: the property, the kind of situation, the seed."""

    a: Side
    b: Side | None = None
    """The second side of a disagreement; ``None`` for a paradox search."""
    mode: str = "any"
    """``movement``, ``retreat``, ``adjustment``, ``any`` (mixed), or ``corpus`` (mutated
    situations of the variant's own bundled cases)."""
    units: int = 6
    seed: int = 0
    name: str = "found"
    """The prefix of the case ids."""

    def prop(self) -> Property:
        """The property a kept situation has."""
        return Disagreement(self.a, self.b) if self.b is not None else Paradox(self.a)


@dataclass(frozen=True)
class Finding:
    """One shrunk finding: its case file text and what the report says of it (plain values, so
    it travels between processes)."""

    try_index: int
    key: str
    shape: str
    label: str
    text: str
    units_before: int
    units_after: int
    size: tuple[int, ...]
    checks: int
    problems: tuple[str, ...] = ()


@dataclass
class Chunk:
    """What one chunk of tries found."""

    index: int
    tries: int
    hits: int = 0
    """Tries whose situation had the property before shrinking."""
    unplayable: int = 0
    findings: list[Finding] = field(default_factory=list)
    seconds: float = 0.0
    """CPU seconds the chunk took."""
    crashes: dict[str, int] = field(default_factory=dict)
    """Exceptions the adjudicator raised (not a user's mistake), by type and message."""


@lru_cache(maxsize=8)
def _variant(spec: str) -> Any:
    from dipsat.variants import find_variant

    return find_variant(spec)


@lru_cache(maxsize=4)
def corpus(variant: str) -> tuple[Case, ...]:
    """The bundled cases of ``variant`` (any options), expectations stripped: the seeds of a
    corpus search."""
    from importlib.resources import files

    from dipsat.model.cases import read_cases
    from dipsat.variants import read_order

    base = variant.split(",")[0]
    found = []
    folder = files("dipsat.datacases")
    for name in sorted(p.name for p in folder.iterdir() if p.name.endswith(".txt")):
        text = folder.joinpath(name).read_text(encoding="utf-8")
        if f"VARIANT {base}" not in text:
            continue
        for case in read_cases(text, name, order_reader=read_order):
            if case.variant.split(",")[0] == base:
                steps = tuple(replace(s, expected=(None,) * len(s.orders), auto=(), after=None) for s in case.steps)
                found.append(replace(case, steps=steps))
    return tuple(found)


def situation(search: Search, t: int) -> Case:
    """The situation of try ``t``."""
    rng = random.Random(f"{search.seed}:{t}")
    variant = _variant(search.a.variant)
    if search.mode == "corpus":
        return mutated(rng, corpus(search.a.variant))
    mode = "movement" if search.b is None else search.mode
    units = rng.randint(2, max(2, search.units))

    def with_retreats(case: Case) -> Case:
        report = play(case, search.a)
        if report is None:
            return case
        after = report.resolutions[0].after
        phase = Phase(case.start.phase.year, case.start.phase.season, PhaseKind.RETREAT)
        step = gen.retreat_step(rng, variant.map, after, phase)
        return case if step is None else replace(case, steps=(*case.steps, step))

    return gen.generate(rng, variant.map, mode, units, search.a.variant, with_retreats, paradox=search.b is None)


def mutated(rng: random.Random, seeds: tuple[Case, ...]) -> Case:
    """A bundled case with some of its later steps, units and orders left out."""
    from dipsat.discover.shrink import with_orders, without_units

    case = seeds[rng.randrange(len(seeds))]
    case = replace(case, steps=case.steps[:rng.randint(1, len(case.steps))])
    if rng.random() < 0.7:
        gone = [p for p in sorted(case.start.units) if rng.random() < 0.15]
        case = without_units(case, gone) if gone else case
        for s, step in enumerate(case.steps):
            kept = tuple(o for o in step.orders if rng.random() >= 0.15)
            case = with_orders(case, s, kept)
    return case


def run_chunk(search: Search, index: int, tries: int) -> Chunk:
    """Run tries ``index * CHUNK`` to ``index * CHUNK + tries - 1``: generate, check, shrink, write."""
    started = time.process_time()
    out = Chunk(index, tries)
    before = Counter(CRASHES)
    prop = search.prop()
    gmap = _variant(search.a.variant).map
    seen: dict[str, int] = {}
    for t in range(index * CHUNK, index * CHUNK + tries):
        try:
            case = situation(search, t)
        except (ValueError, KeyError, LookupError):
            out.unplayable += 1
            continue
        if not prop.holds(case):
            continue
        out.hits += 1
        pinned = prop.settled(case) if isinstance(prop, Paradox) else prop
        small, checks = shrink(case, pinned.holds, gmap)
        key = f"{pinned.want}:" if isinstance(pinned, Paradox) else ""
        key += shape.key(shape.graph(small, gmap, _results(small, pinned)))
        if key in seen:
            continue
        seen[key] = t
        out.findings.append(_finding(search, pinned, t, key, case, small, checks))
    out.seconds = time.process_time() - started
    out.crashes = dict(sorted((CRASHES - before).items()))
    return out


def _results(case: Case, prop: Property) -> list[list[str]]:
    """Each side's result words per order (for the shape's labels)."""
    sides = [prop.a, prop.b] if isinstance(prop, Disagreement) else [prop.side]
    found = []
    for side in sides:
        report = play(case, side)
        found.append([c.actual for c in report.orders] if report is not None else [])
    return found


def _finding(search: Search, prop: Property, t: int, key: str, case: Case, small: Case, checks: int) -> Finding:
    gmap = _variant(search.a.variant).map
    label = prop.label(small)
    title = f"{shape.describe(small)}; dipsat discover seed {search.seed} try {t}, shrunk from " \
            f"{len(case.start.units)} units"
    name = search.name if not isinstance(prop, Paradox) else f"{search.name}.{'none' if prop.want == 0 else 'several'}"
    cases = cases_of(small, prop, f"{name}.t{t}", title.replace("#", ""))
    text, problems = written(cases) if cases else ("", ["cannot be played as a case"])
    return Finding(t, key, shape.describe(small), label, text, len(case.start.units), len(small.start.units),
                   size(small, gmap), checks, tuple(problems))


@dataclass
class Outcome:
    """A whole search: every chunk done, the distinct findings, the time it took."""

    search: Search
    tries: int = 0
    hits: int = 0
    unplayable: int = 0
    findings: list[Finding] = field(default_factory=list)
    cpu_seconds: float = 0.0
    wall_seconds: float = 0.0
    workers: int = 1
    interrupted: bool = False
    crashes: dict[str, int] = field(default_factory=dict)


def merge(search: Search, chunks: list[Chunk]) -> Outcome:
    """The chunks' findings, one per shape (the smallest, then earliest), in try order."""
    out = Outcome(search)
    best: dict[str, Finding] = {}
    for chunk in sorted(chunks, key=lambda c: c.index):
        out.tries += chunk.tries
        out.hits += chunk.hits
        out.unplayable += chunk.unplayable
        out.cpu_seconds += chunk.seconds
        for what, n in chunk.crashes.items():
            out.crashes[what] = out.crashes.get(what, 0) + n
        for f in chunk.findings:
            if f.problems:
                continue
            kept = best.get(f.key)
            if kept is None or (f.size, f.try_index) < (kept.size, kept.try_index):
                best[f.key] = f
    out.findings = sorted(best.values(), key=lambda f: f.try_index)
    return out


def plan(tries: int | None) -> Iterator[tuple[int, int]]:
    """``(chunk index, tries in it)``: all of ``tries``, or without end (a budget stops it)."""
    index = 0
    while tries is None or index * CHUNK < tries:
        yield index, CHUNK if tries is None else min(CHUNK, tries - index * CHUNK)
        index += 1


Progress = Callable[[int, int, int, float], None]
"""``(tries done, hits, distinct findings, seconds)``, called after each chunk."""


def run(search: Search, tries: int | None = None, budget: float | None = None, workers: int = 1,
        client: Any = None, progress: Progress | None = None) -> Outcome:
    """Run the search until ``tries`` are done or ``budget`` seconds have passed (one must be given)."""
    started = time.monotonic()
    chunks: list[Chunk] = []
    interrupted = False
    source = plan(tries)

    def over() -> bool:
        return budget is not None and time.monotonic() - started >= budget

    def note(chunk: Chunk) -> None:
        chunks.append(chunk)
        if progress is not None:
            keys = {f.key for c in chunks for f in c.findings if not f.problems}
            progress(sum(c.tries for c in chunks), sum(c.hits for c in chunks), len(keys), time.monotonic() - started)

    try:
        if client is not None:
            _run_dask(search, source, client, over, note)
        elif workers > 1:
            _run_pool(search, source, workers, over, note)
        else:
            for index, count in source:
                if over():
                    break
                note(run_chunk(search, index, count))
    except KeyboardInterrupt:
        interrupted = True
    done = sorted(chunks, key=lambda c: c.index)
    prefix = [c for i, c in enumerate(done) if c.index == i]  # only whole prefixes are reproducible
    out = merge(search, prefix)
    out.wall_seconds = time.monotonic() - started
    out.workers = max(1, workers) if client is None else max(1, sum(client.nthreads().values()))
    out.interrupted = interrupted
    return out


def _worker_start() -> None:
    import signal

    from dipsat.replay.cores import use_one_core

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the main process
    use_one_core()


def _run_pool(search: Search, source: Iterator[tuple[int, int]], workers: int,
              over: Callable[[], bool], note: Callable[[Chunk], None]) -> None:
    """Chunks on ``workers`` local processes, ``2 * workers`` in flight."""
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(workers, mp_context=context, initializer=_worker_start) as pool:
        pending = set()
        try:
            while True:
                while len(pending) < 2 * workers and not over():
                    item = next(source, None)
                    if item is None:
                        break
                    pending.add(pool.submit(run_chunk, search, *item))
                if not pending:
                    return
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    note(f.result())
        except KeyboardInterrupt:
            for f in pending:
                f.cancel()
            raise


def _run_dask(search: Search, source: Iterator[tuple[int, int]], client: Any,
              over: Callable[[], bool], note: Callable[[Chunk], None]) -> None:
    """Chunks on a Dask cluster, two per worker thread in flight."""
    from distributed import wait

    width = 2 * max(1, sum(client.nthreads().values()))
    pending: set[Any] = set()
    try:
        while True:
            while len(pending) < width and not over():
                item = next(source, None)
                if item is None:
                    break
                pending.add(client.submit(run_chunk, search, *item, pure=False))
            if not pending:
                return
            finished = wait(list(pending), return_when="FIRST_COMPLETED").done
            for f in finished:
                pending.discard(f)
                note(f.result())
                f.release()
    except KeyboardInterrupt:
        client.cancel(list(pending))
        raise
