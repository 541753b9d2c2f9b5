"""Vain Star rules 1, 2 and 4: which special orders may take effect, and which are spent.

Checked before anything else, from the orders and the state alone:

* rule 1: a special already spent in an earlier phase is illegal (and not spent again);
* the specials are used with movement orders: one given in a retreat or adjustment phase is
  illegal; Spring Raid is given in Spring;
* rule 2: a player who orders two different specials in one season has them declared illegal
  (option ``several_specials``: ``all_void``, or ``first``: the first given counts);
* a special aimed at one thing (Thief, Teleport, Evil Eye, Superman, Bomber) given twice,
  differently, by one player is illegal;
* rule 4: every special ordered this phase that was not already spent is spent, legal or not.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from dipsat.model.types import PhaseKind, Position, Season
from dipsat.variants.framework.engine import phase_word
from dipsat.variants.vain_star.orders import Special, VainStarOrder
from dipsat.variants.vain_star.state import VainStarState

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant

__all__ = ["Usage", "check_usage", "SINGLE", "OFF_SEASON"]

SINGLE = frozenset({Special.THIEF, Special.TELEPORT, Special.EVIL_EYE, Special.SUPERMAN, Special.BOMBER})
"""Specials aimed at one unit or space: one order each."""

OFF_SEASON = {PhaseKind.RETREAT: frozenset({Special.THIEF, Special.BOMBER}),
              PhaseKind.ADJUSTMENT: frozenset({Special.THIEF})}
"""Under option ``specials_outside_movement=where_possible``: the specials that can act in a
retreat or an adjustment phase (a Thief's unit disbands before any other order; a bomb planted
in the retreats explodes after them). Every other special has nothing to act on there."""


@dataclass(frozen=True)
class Usage:
    """The verdict on each special order and the state with the newly spent specials."""

    reasons: dict[int, str]
    """Index of each special order -> why it is illegal, or ``""`` when it may take effect."""
    state: VainStarState


def check_usage(variant: Variant, position: Position, state: VainStarState,
                specials: Sequence[tuple[int, VainStarOrder]]) -> Usage:
    """Judge the special orders of one phase by rules 1, 2 and 4 (see the module docstring)."""
    phase = position.phase
    reasons: dict[int, str] = {}
    fresh: dict[str, list[tuple[int, VainStarOrder]]] = {}
    for i, o in specials:
        spent = state.used_by(o.power).get(o.special)
        if spent is not None:
            reasons[i] = f"{o.power} spent {o.special.title} in {spent} (rule 1: each power once a game)"
        else:
            reasons[i] = ""
            fresh.setdefault(o.power, []).append((i, o))
    new_state = state
    for power, given in fresh.items():
        for _, o in given:
            new_state = new_state.spend(power, o.special, phase)
        kinds = list(dict.fromkeys(o.special for _, o in given))
        keep = kinds[0] if variant.choice("several_specials") == "first" else None
        for i, o in given:
            if phase.kind is not PhaseKind.MOVEMENT and not (
                    variant.choice("specials_outside_movement") == "where_possible"
                    and o.special in OFF_SEASON[phase.kind]):
                reasons[i] = (f"the powers are used with movement orders, not in {phase_word(phase)}; "
                              "it is spent all the same (rule 4)")
            elif len(kinds) > 1 and o.special is not keep:
                reasons[i] = (f"{power} ordered {len(kinds)} powers this season: "
                              f"{', '.join(k.title for k in kinds)} (rule 2; spent by rule 4)")
            elif o.special is Special.SPRING_RAID and phase.season is not Season.SPRING:
                reasons[i] = "a Spring Raid is ordered in Spring (spent by rule 4)"
            elif o.special in SINGLE and len({x for _, x in given if x.special is o.special}) > 1:
                reasons[i] = f"{o.special.title} is aimed at one {'space' if o.special is Special.BOMBER else 'unit'}; " \
                             f"{power} gave it several (spent by rule 4)"
    return Usage(reasons, new_state)
