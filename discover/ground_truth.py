"""The ground-truth runs: a search for every choice of every rule option and variant option, and
for paradoxes; the smallest findings become ``datacases/discovered_*.txt``.

``python -m dipsat.discover.ground_truth [--tries K] [--seed S] [--workers N] [--only NAME...]``
writes ``datacases/discovered_options.txt`` (each non-default choice of each option of
``dipsat rules`` against the DATC default, the situations made for the phase the option is
about), ``datacases/discovered_variants.txt`` (each non-default choice of each variant option
against the variant's default, situations mutated from the variant's own bundled cases) and
``datacases/discovered_paradoxes.txt`` (movement phases with no consistent resolution and with
several), each file headed by the table of what was searched, with how many tries, what was
found and which DATC cases have the same shape or hold it; a choice with no finding says so
with its budget (``# NONE``). Long: minutes per file on this machine; never run by the tests.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from dipsat.discover.report import datc_relations
from dipsat.discover.search import Finding, Outcome, Search, run
from dipsat.discover.verdict import Side

RETREAT_OPTIONS = frozenset({"retreat_to_convoy_origin"})
ADJUSTMENT_OPTIONS = frozenset({"fleet_inland_build", "too_many_builds", "same_province_builds",
                                "too_many_disbands", "waive", "civil_disorder"})
DATACASES = Path(__file__).resolve().parents[1] / "datacases"
KEEP = 2
"""Findings kept per choice: the smallest distinct shapes."""


def phase_of(option: str) -> str:
    """The kind of situation an option is about."""
    if option in RETREAT_OPTIONS:
        return "retreat"
    if option in ADJUSTMENT_OPTIONS:
        return "adjustment"
    return "movement"


def option_searches(seed: int, units: int) -> list[tuple[str, Search]]:
    """One search per non-default choice of every rule option."""
    from dipsat.solver.options import OPTIONS

    found = []
    for option in OPTIONS.values():
        for choice in list(option.choices)[1:]:
            key = f"{option.name}={choice}"
            found.append((key, Search(Side(), Side(rules=key), phase_of(option.name), units, seed,
                                      f"disc.{option.name}.{choice}")))
    return found


def variant_searches(seed: int, units: int) -> list[tuple[str, Search]]:
    """One corpus search per non-default choice of every variant option."""
    from dipsat.variants import VARIANTS, find_variant

    found = []
    for name in VARIANTS:
        variant = find_variant(name)
        for option in variant.options.values():
            for choice in list(option.choices)[1:]:
                key = f"{name},{option.name}={choice}"
                found.append((key, Search(Side(name), Side(key), "corpus", units, seed,
                                          f"disc.{name}.{option.name}.{choice}")))
    return found


def best(outcome: Outcome, keep: int = KEEP) -> list[Finding]:
    """The ``keep`` smallest findings (then earliest), in try order; for a paradox search, the
    smallest with no consistent resolution and the smallest with several."""
    ranked = sorted(outcome.findings, key=lambda f: (f.size, f.try_index))
    if outcome.search.b is None:
        chosen = [f for count in ("0:", "2:") for f in [next((f for f in ranked if f.key.startswith(count)), None)] if f]
    else:
        chosen = ranked[:keep]
    return sorted(chosen, key=lambda f: f.try_index)


def table_line(key: str, outcome: Outcome, kept: list[Finding], variant: str, seconds: float) -> str:
    """One line of a file's header."""
    budget = f"{outcome.tries} tries, seed {outcome.search.seed}, {seconds:.0f} s"
    if not kept:
        return f"# NONE  {key}: no finding in {budget}"
    parts = []
    for f in kept:
        rel = datc_relations(f, variant)
        ids = "+".join(line[5:] for line in f.text.splitlines() if line.startswith("CASE "))
        datc = (f"same shape as DATC {', '.join(rel['same'])}" if rel.get("same") else
                f"within DATC {', '.join(rel['within'])}" if rel.get("within") else
                "no DATC counterpart" if variant == "standard" else "")
        parts.append(f"{ids} ({f.units_after} unit{'' if f.units_after == 1 else 's'}{'; ' + datc if datc else ''})")
    return f"# FOUND {key}: {len(outcome.findings)} shapes in {budget}; kept {'; '.join(parts)}"


def run_file(name: str, searches: list[tuple[str, Search]], tries: int, workers: int, intro: str) -> None:
    """Run the searches and write ``datacases/discovered_NAME.txt``."""
    header = [f"# {line}" if line else "#" for line in intro.splitlines()]
    texts = []
    for key, search in searches:
        started = time.monotonic()
        outcome = run(search, tries=tries, workers=workers)
        seconds = time.monotonic() - started
        kept = best(outcome)
        header.append(table_line(key, outcome, kept, search.a.variant.split(",")[0], seconds))
        print(header[-1], file=sys.stderr, flush=True)
        texts += [f.text for f in kept]
    (DATACASES / f"discovered_{name}.txt").write_text("\n".join(header) + "\n\n" + "\n".join(texts), encoding="utf-8")


INTRO = """Found by dipsat discover (python -m dipsat.discover.ground_truth {args}), not written by hand:
each case is a situation the search generated and shrank, with the results dipsat gives under
its RULES (or VARIANT) and, as alternatives, under the other side. tests/test_discovered.py
runs each case under its rules and every alternative, and checks that the sides differ.
The table: per searched choice, what was found in the budget, and the DATC cases of the same
shape or holding the finding's shape (the DATC case with units left out)."""


def main(argv: list[str] | None = None) -> int:
    """Run the ground-truth searches."""
    p = argparse.ArgumentParser(prog="python -m dipsat.discover.ground_truth")
    p.add_argument("--tries", type=int, default=3000, help="tries per rule-option choice")
    p.add_argument("--variant-tries", type=int, default=800, help="tries per variant-option choice")
    p.add_argument("--paradox-tries", type=int, default=6000, help="tries of the paradox search")
    p.add_argument("--paradox-units", type=int, default=8, help="at most this many units in the paradox search")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--units", type=int, default=6)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--only", nargs="*", choices=["options", "variants", "paradoxes"],
                   default=["options", "variants", "paradoxes"])
    p.add_argument("--keys", nargs="*", help="only these searches (option=choice), for a rerun")
    a = p.parse_args(argv)
    for name in a.only:
        tries = {"options": a.tries, "variants": a.variant_tries, "paradoxes": a.paradox_tries}[name]
        flag = {"options": "--tries", "variants": "--variant-tries", "paradoxes": "--paradox-tries"}[name]
        units = f"--paradox-units {a.paradox_units}" if name == "paradoxes" else f"--units {a.units}"
        intro = INTRO.format(args=f"--only {name} {flag} {tries} --seed {a.seed} {units}")
        if name == "paradoxes":
            searches: list[Any] = [("paradox", Search(Side(), None, "movement", a.paradox_units, a.seed, "disc.paradox"))]
        else:
            searches = (option_searches if name == "options" else variant_searches)(a.seed, a.units)
        if a.keys:
            searches = [(k, s) for k, s in searches if k in a.keys]
        run_file(name, searches, tries, a.workers, intro)
    return 0


if __name__ == "__main__":
    sys.exit(main())
