"""A finding written as dipsat case files, and checked the way ``dipsat adjudicate`` checks them.

Where the two sides play the same variant and differ in some order's result, one case holds
both: the results under the first side, and under the second as an alternative
(``[fails; paradox=1982: succeeds]``), with the board after (``AFTER``, ``AUTO``) of the first.
Where they differ only in what the adjudicator adds (civil disorder) or the board after, or
play different variants (a variant option), two cases are written, ``ID.a`` and ``ID.b``, each
with its own ``VARIANT``/``RULES`` and full expectations. A paradox is one case under its rule
set, with its results under the other paradox backup rules as alternatives.

The text is read back and every case is adjudicated under its rules and every alternative: a
finding that does not pass as written is not kept (:func:`written`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from dipsat.cli.runner import CaseReport, alternative_keys, run_case
from dipsat.model.case_writer import write_case
from dipsat.model.reasons import CivilDisorder
from dipsat.model.cases import Case, Expected, read_cases
from dipsat.model.errors import InputError
from dipsat.model.reasons import CivilDisorder
from dipsat.model.types import Position
from dipsat.solver.options import OPTIONS
from dipsat.solver.presets import describe, rules_from_text
from dipsat.variants import find_variant, read_order
from dipsat.discover.verdict import Disagreement, Paradox, Property, Side, play


def expected_case(case: Case, side: Side, report: CaseReport, id: str, title: str,
                  alternatives: Mapping[str, list[str]] | None = None) -> Case:
    """``case`` under ``side`` with the results of ``report`` as its expectations (and the words
    under other rules, per order, as alternatives)."""
    steps = []
    k = 0
    for step, res in zip(case.steps, report.resolutions):
        expected = []
        for _ in step.orders:
            alts = {key: words[k] for key, words in (alternatives or {}).items()
                    if words[k] != report.orders[k].actual}
            expected.append(Expected(report.orders[k].actual, alts))
            k += 1
        auto = tuple(g.order for g in res.generated if isinstance(g.why, CivilDisorder))
        after = res.after
        if not case.start.centres:
            after = Position(after.phase, after.units, {}, after.dislodged, after.standoffs, after.stacked, after.changes)
        steps.append(replace(step, expected=tuple(expected), auto=auto, after=after))
    return replace(case, id=id, title=title, variant=side.variant, rules=side.rules, steps=tuple(steps))


def cases_of(case: Case, prop: Property, id: str, title: str) -> list[Case]:
    """The case(s) that state a finding (see the module docstring); empty if it cannot be played."""
    if isinstance(prop, Disagreement):
        ra, rb = play(case, prop.a), play(case, prop.b)
        if ra is None or rb is None:
            return []
        words_a = [c.actual for c in ra.orders]
        words_b = [c.actual for c in rb.orders]
        if prop.a.variant == prop.b.variant and words_a != words_b:
            return [expected_case(case, prop.a, ra, id, title, {prop.b.rules: words_b})]
        return [expected_case(case, prop.a, ra, f"{id}.a", title),
                expected_case(case, prop.b, rb, f"{id}.b", title)]
    side = prop.side
    report = play(case, side)
    if report is None:
        return []
    others: dict[str, list[str]] = {}
    if side.variant == "standard" or find_variant(side.variant).engine is None:
        in_force = rules_from_text(side.rules).paradox
        for choice in OPTIONS["paradox"].choices:
            if choice != in_force:
                key = describe(rules_from_text(side.rules).with_choices(paradox=choice))
                other = play(case, Side(side.variant, key))
                if other is not None:
                    others[key] = [c.actual for c in other.orders]
    return [expected_case(case, side, report, id, title, others)]


def written(cases: list[Case]) -> tuple[str, list[str]]:
    """The case file text of ``cases`` and the problems found reading it back and adjudicating
    it under its rules and every alternative (empty: it passes as written)."""
    text = "\n".join(write_case(c, find_variant(c.variant).map) for c in cases)
    problems = []
    try:
        back = read_cases(text, "<finding>", order_reader=read_order)
    except ValueError as exc:
        return text, [f"cannot be read back: {exc}"]
    for c in back:
        for key in [None, *alternative_keys(c)]:
            try:
                report = run_case(c, key)
            except InputError as exc:  # e.g. a shrunk case keeps a GM draw its pruned board no longer needs
                problems.append(f"{c.id} under {key or c.rules}: cannot be played: {exc.message}")
                continue
            if not report.passed:
                problems.append(f"{c.id} under {key or c.rules}: {'; '.join(report.differences)}")
    return text, problems

