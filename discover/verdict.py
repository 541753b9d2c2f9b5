"""What a search keeps: two rule sets that resolve a situation differently, or a paradox.

A *side* is a variant (with its options) and a rule set, written as the command line writes
them. A situation is adjudicated under a side exactly as ``dipsat adjudicate`` adjudicates a
case (:func:`dipsat.cli.runner.run_case`), so a finding means the same thing there.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from dipsat.cli.runner import CaseReport, run_case
from dipsat.model.cases import Case
from dipsat.model.errors import InputError


@dataclass(frozen=True)
class Side:
    """A variant (``telepath,ban_prevent=kept``) and a rule set (``1982,paradox=all_hold``)."""

    variant: str = "standard"
    rules: str = "datc"

    def __str__(self) -> str:
        return self.rules if self.variant == "standard" else f"{self.variant} / {self.rules}"


CRASHES: Counter[str] = Counter()
"""Situations the adjudicator raised an exception on that is not a user's mistake, by exception
type (in this process): a search reports them, as they are defects to look at."""


def play(case: Case, side: Side) -> CaseReport | None:
    """Adjudicate every step of ``case`` under ``side``; ``None`` when it cannot be played
    (a shrunk situation whose later orders name a unit that is gone: not a finding)."""
    try:
        return run_case(replace(case, variant=side.variant, rules=side.rules))
    except (InputError, ValueError, KeyError, LookupError):
        return None
    except Exception as exc:  # noqa: BLE001 - counted and reported, never a finding
        CRASHES[f"{type(exc).__name__}: {str(exc)[:80]}"] += 1
        return None


def observed(report: CaseReport) -> tuple[Any, ...]:
    """What a player sees of a resolution: each order's result words, the orders the adjudicator
    added (civil disorder), and the board after each step (units, dislodged units, centres).
    Reasons are left out: two rule sets may give the same result for different reasons."""
    steps = []
    for res in report.resolutions:
        added = tuple(sorted(str(g.order) for g in res.generated if not str(g.order).endswith(" H")))
        after = res.after
        steps.append((added, tuple(sorted((p, str(pc)) for p, pc in after.units.items())),
                      tuple(sorted((p, str(d)) for p, d in after.dislodged.items())),
                      tuple(sorted(after.centres.items()))))
    return tuple(c.actual for c in report.orders), tuple(steps)


@dataclass(frozen=True)
class Disagreement:
    """Two sides resolve the situation differently."""

    a: Side
    b: Side

    kind = "disagreement"

    def holds(self, case: Case) -> bool:
        """Both sides can play it and what a player sees differs."""
        ra = play(case, self.a)
        if ra is None:
            return False
        rb = play(case, self.b)
        return rb is not None and observed(ra) != observed(rb)

    def label(self, case: Case) -> str:
        """The differing orders, for the report: ``A par - bur: succeeds / fails``."""
        ra, rb = play(case, self.a), play(case, self.b)
        if ra is None or rb is None:
            return ""
        found = [f"{x.order}: {x.actual} / {y.actual}" for x, y in zip(ra.orders, rb.orders) if x.actual != y.actual]
        return "; ".join(found) or "the automatic orders or the board after differ"


@dataclass(frozen=True)
class Paradox:
    """The equations of a movement step have no consistent resolution (``want=0``) or several
    (``want=2``); ``want=None`` keeps either (a search's first pass)."""

    side: Side
    want: int | None = None

    kind = "paradox"

    def counts(self, case: Case) -> tuple[int, ...]:
        """The count of consistent resolutions of each step (0, 1 or 2 meaning two or more)."""
        report = play(case, self.side)
        return () if report is None else tuple(min(r.resolutions, 2) for r in report.resolutions)

    def holds(self, case: Case) -> bool:
        """A step has the wanted count (any count other than one when ``want`` is None)."""
        found = self.counts(case)
        return any(c != 1 for c in found) if self.want is None else self.want in found

    def label(self, case: Case) -> str:
        """``no consistent resolution`` or ``two or more consistent resolutions``."""
        found = self.counts(case)
        return "no consistent resolution" if 0 in found else "two or more consistent resolutions"

    def settled(self, case: Case) -> Paradox:
        """This property, pinned to the count the situation has (so shrinking keeps that count)."""
        found = self.counts(case)
        return replace(self, want=0 if 0 in found else 2)


Property = Disagreement | Paradox
