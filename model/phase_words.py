"""The words of phases: ``Spring 1901 Movement`` read and the standard sequence of phases.

One reader of phase names for every format and layer (case files, game records, board changes
``until Fall 1901 Retreat``, archives): :func:`parse_phase`.
"""
from __future__ import annotations

import re
from types import MappingProxyType
from typing import Final

from dipsat.model.errors import quote
from dipsat.model.types import Phase, PhaseKind, Season

__all__ = ["STANDARD_PHASES", "MIN_YEAR", "MAX_YEAR", "SEASON_WORDS", "PHASE_KIND_WORDS", "parse_phase",
           "phase_after"]


STANDARD_PHASES: Final = frozenset({(Season.SPRING, PhaseKind.MOVEMENT), (Season.SPRING, PhaseKind.RETREAT),
                                    (Season.FALL, PhaseKind.MOVEMENT), (Season.FALL, PhaseKind.RETREAT),
                                    (Season.WINTER, PhaseKind.ADJUSTMENT)})
"""The phases of the standard sequence: a variant without an engine of its own plays only these."""

_PHASE_RE = re.compile(r"(\w+)\s+(\d+)\s*,?\s*(\w+)")
MIN_YEAR: Final = 1
MAX_YEAR: Final = 9999
"""The years a phase may name."""


SEASON_WORDS: Final = MappingProxyType({**{s.value.lower(): s for s in Season}, "autumn": Season.FALL})
"""The season words a phase may use: ``Autumn`` is the British (and the seed texts') ``Fall``."""
PHASE_KIND_WORDS: Final = MappingProxyType({**{k.value.lower(): k for k in PhaseKind}, "retreats": PhaseKind.RETREAT,
                                            "adjustments": PhaseKind.ADJUSTMENT})
"""The phase-kind words a phase may use (the plurals too)."""


def parse_phase(text: str) -> Phase:
    """Read ``Spring 1901 Movement`` (case-insensitive; ``Spring 1901, Movement``, ``Autumn 1901
    Retreats`` too: see :data:`SEASON_WORDS`, :data:`PHASE_KIND_WORDS`).

    Raises:
        ValueError: the text is not a phase.
    """
    m = _PHASE_RE.fullmatch(text.strip())
    seasons, kinds = SEASON_WORDS, PHASE_KIND_WORDS
    if m is None or m[1].lower() not in seasons or m[3].lower() not in kinds:
        raise ValueError(f"not a phase (want e.g. 'Spring 1901 Movement', 'Autumn 1901 Retreat'): "
                         f"{quote(text.strip())}")
    if not MIN_YEAR <= int(m[2][:8]) <= MAX_YEAR:
        raise ValueError(f"year out of range ({MIN_YEAR}-{MAX_YEAR}): {quote(m[2])}")
    return Phase(int(m[2]), seasons[m[1].lower()], kinds[m[3].lower()])


def phase_after(phase: Phase, dislodged: bool) -> Phase:
    """Return the phase that follows ``phase`` (standard sequence, no phase is skipped).

    A movement phase with dislodged units leads to the retreat phase of the same season.
    """
    if phase.kind is PhaseKind.MOVEMENT and dislodged:
        return Phase(phase.year, phase.season, PhaseKind.RETREAT)
    if phase.kind is PhaseKind.ADJUSTMENT or phase.season is Season.WINTER:
        return Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
    if phase.season is Season.FALL:
        return Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENT)
    return Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
