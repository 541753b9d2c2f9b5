"""Vain Star rule 3: "Use of the powers will only be revealed in the adjudication where necessary
to explain the success or failure of moves."

A constraint model answers "necessary" exactly: the phase is adjudicated again without the
special's effect (and without that of any identical special of another player, which would do
the same work; the orders stay as given, so rules 1, 2 and 4 judge every other special alike),
and the special is revealed only if something it explains changes: the result of any standard
order, the board after the phase (units, dislodged units, centres, the next phase), the units
the adjudicator removes (hyperspace, Lepers, Lethal Stand Off, bombs) or the events still
pending. Option ``reveal=effective`` keeps the older behaviour: every special that was not
illegal is shown. Either way the player who used it is never named (the public report).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Sequence

from dipsat.model.types import Result
from dipsat.solver import Resolution, Rules
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.vain_star.orders import VainStarOrder

if TYPE_CHECKING:
    from dipsat.model.types import Position
    from dipsat.variants.variant import Variant

__all__ = ["unrevealed"]

Play = Callable[["Variant", "Position", Sequence[AnyOrder], Rules, frozenset[int]], Resolution]


def _same_use(a: VainStarOrder, b: VainStarOrder) -> bool:
    """Two specials that do the same thing, whoever gave them."""
    return type(a) is type(b) and replace(b, power=a.power) == a


def _explained(res: Resolution, kept: Sequence[int]) -> tuple[object, ...]:
    """What a special may be needed to explain: standard results, board, removals, pending events."""
    after = res.after
    state = getattr(after, "state", None)
    return (tuple(res.results[k].words for k in kept),
            after.phase, dict(after.units), dict(after.dislodged), dict(after.centres),
            tuple((g.order, g.words) for g in res.generated),
            getattr(state, "pending", None), getattr(state, "raid", None))


def unrevealed(play: Play, variant: Variant, position: Position, orders: Sequence[AnyOrder], rules: Rules,
               res: Resolution) -> frozenset[int]:
    """Indexes of the specials whose use changes nothing a player sees: the public report hides them."""
    specials = {i: o for i, o in enumerate(orders) if isinstance(o, VainStarOrder) and o.secret
                and res.results[i].result is not Result.ILLEGAL}
    hidden: set[int] = set()
    done: set[int] = set()
    for i, o in specials.items():
        if i in done:
            continue
        group = {j for j, x in specials.items() if _same_use(o, x)}
        done |= group
        standard = [k for k, o in enumerate(orders) if not isinstance(o, VainStarOrder)]
        without = play(variant, position, orders, rules, frozenset(group))
        if _explained(without, standard) == _explained(res, standard):
            hidden |= group
    return frozenset(hidden)
