"""What happens after Vain Star's movement: units lost in hyperspace (C) at once; Leper victims
(F) during the retreat phase; Lethal Stand Off (J) and bombs (K) after all retreats, before
the adjustments; and the season's end, with a Summer adjustment phase after a Spring Raid (L).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.reasons import Acted
from dipsat.model.types import Disband, Move, OrderResult, Phase, PhaseKind, Position, Result, Season, Unit
from dipsat.solver.adjustment import adjustments_due
from dipsat.solver.phase_model import MOVES
from dipsat.solver.phases import after_retreats, update_centres
from dipsat.solver.resolution import Resolution
from dipsat.variants.vain_star.plan import Plan
from dipsat.variants.vain_star.state import Pending

__all__ = ["moved", "lose_in_hyperspace", "pending_events", "apply_end_events", "end_of_season"]


def moved(res: Resolution, province: str) -> bool:
    """Tell whether the unit that stood in ``province`` moved in the solved movement phase."""
    facts = res.model.facts  # type: ignore[attr-defined]
    if province not in facts.moves:
        return False
    return bool(res.values.decisions.get((MOVES, province), False))  # type: ignore[attr-defined]


def _removal(power: str, unit: Unit, why: str) -> OrderResult:
    """The disband the adjudicator adds for a unit an event removes."""
    return OrderResult(Disband(power, unit), Result.SUCCEEDS, Acted("succeeds", f"{why}"))


def lose_in_hyperspace(plan: Plan, res: Resolution) -> tuple[Position, list[OrderResult], set[str]]:
    """Remove each unit whose Teleport failed (rule C); return the board, the removals, their origins."""
    after = res.after
    units, dislodged = dict(after.units), dict(after.dislodged)
    lost, out = set(), []
    for origin in sorted(plan.teleports):
        if moved(res, origin):
            continue
        piece = plan.board.units[origin]
        if origin in dislodged and dislodged[origin].piece == piece:
            del dislodged[origin]
        elif units.get(origin) == piece:
            del units[origin]
        lost.add(origin)
        out.append(_removal(piece.power, piece.unit, "lost in hyperspace: its Teleport failed (rule C)"))
    board = replace(after, units=units, dislodged=dislodged, standoffs=after.standoffs if dislodged else frozenset())
    return board, out, lost


def pending_events(plan: Plan, res: Resolution, lost: set[str], superman_immune: bool,
                   lethal_as_given: bool = False) -> Pending:
    """The events of this movement phase that wait for its retreat phase (rules F, J, K).

    Lethal Stand Off counts the units whose orders in force include a move; with
    ``lethal_as_given`` (option ``lethal_ordered=as_given``) also those whose owner ordered a
    move that an Evil Eye or a Pirate countermanded.
    """
    facts = res.model.facts  # type: ignore[attr-defined]
    victims = frozenset(p for p, o in facts.orders.items()
                        if p not in lost and isinstance(o, Move) and o.dest.province in plan.lepers)
    immune = frozenset((facts.moves[p].dest if moved(res, p) else p) for p in plan.supermen) \
        if superman_immune else frozenset()
    ordered = plan.ordered_to_move | (plan.countermanded_moves if lethal_as_given else set())
    lethal = frozenset(p for p in ordered
                       if plan.lethal and p not in lost and not moved(res, p)
                       and not (superman_immune and p in plan.supermen))
    return Pending(victims, lethal, frozenset(plan.bombs), immune)


def apply_end_events(board: Position, pending: Pending, dislodged: frozenset[str] = frozenset(),
                     retreated: Mapping[str, str] | None = None) -> tuple[Position, list[OrderResult]]:
    """Remove the Leper victims, the Lethal Stand Off victims and the bombed units.

    ``dislodged``: provinces whose unit was dislodged in the movement phase; ``retreated``: where
    each of those retreated to. Leper victims that were dislodged are removed before the
    retreats, by the caller.
    """
    retreated = retreated or {}
    units = dict(board.units)
    out: list[OrderResult] = []

    def remove(province: str | None, why: str) -> None:
        piece = units.pop(province, None) if province is not None else None
        if piece is not None:
            out.append(_removal(piece.power, piece.unit, why))

    for p in sorted(pending.leper_victims - dislodged):
        remove(p, "disbanded in the retreat phase: it moved against a Leper (rule F)")
    for p in sorted(pending.lethal):
        remove(retreated.get(p) if p in dislodged else p,
               "disbanded after the retreats: ordered to move, it did not (Lethal Stand Off, rule J)")
    for p in sorted(pending.bombs - pending.immune):
        remove(p, f"destroyed by the bomb in {p} (Bomber, rule K)")
    return replace(board, units=units, dislodged={}, standoffs=frozenset()), out


def end_of_season(gmap: GameMap, board: Position, raid: bool) -> Position:
    """The phase after the season's last phase: after a Spring Raid, the Summer adjustments
    (centres are taken first, as after Fall; skipped when nobody has anything to adjust)."""
    if board.phase.season is Season.SPRING and raid:
        board = update_centres(gmap, board)
        year = board.phase.year
        summer = replace(board, phase=Phase(year, Season.SUMMER, PhaseKind.ADJUSTMENT))
        if adjustments_due(summer):
            return summer
        return replace(board, phase=Phase(year, Season.FALL, PhaseKind.MOVEMENT))
    return after_retreats(gmap, board)
