"""The game master's lines and the players' votes in a phase (rules 9-11, rulings R1-R4).

:func:`sort_specials` decides, before anything else, every order the engine handles itself:
``GM: SEED n`` (once, the game's seed), ``GM: DRAW <what>: <outcome>`` (an outcome the record
states: kept until the draw is made), votes (checked now, counted in the wanderers' step),
conditional orders (rule 11: illegal), an NBO outside an adjustment phase (illegal). The results
of the stated draws are settled after the phase (:func:`settle_draws`): used, impossible, or
never needed.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Sequence

from dipsat.model.reasons import Acted
from dipsat.model.types import OrderResult, PhaseKind, Position, Result
from dipsat.variants.framework.engine import illegal
from dipsat.variants.framework.orders import AnyOrder
from dipsat.variants.hitchhiker.kinds import GM
from dipsat.variants.hitchhiker.orders import Conditional, GmDraw, Nbo, Seed, SunglassesOff, Vote
from dipsat.variants.hitchhiker.randomness import key_of
from dipsat.variants.hitchhiker.state import HitchState
from dipsat.variants.hitchhiker.wanderers import vote_problem

if TYPE_CHECKING:
    from dipsat.model.gamemap import GameMap

__all__ = ["Specials", "sort_specials", "settle_draws"]


@dataclass
class Specials:
    """The engine's own orders of one phase, sorted out (a throwaway value)."""

    state: HitchState
    results: dict[int, OrderResult] = field(default_factory=dict)
    votes: list[Vote] = field(default_factory=list)
    stated: dict[str, str] = field(default_factory=dict)
    """Draw key -> the outcome the record states (removed when the draw is made)."""
    draw_lines: dict[str, int] = field(default_factory=dict)
    """Draw key -> the index of its ``GM: DRAW`` line."""
    taking_off: dict[int, str] = field(default_factory=dict)
    """Index of a sunglasses order -> the unit's province."""

    @property
    def handled(self) -> frozenset[int]:
        """Indices of the orders decided here (or waiting for their draw)."""
        return frozenset(self.results) | frozenset(self.draw_lines.values()) | frozenset(self.taking_off)


def sort_specials(gmap: GameMap, position: Position, orders: Sequence[AnyOrder], state: HitchState) -> Specials:
    """Decide the game master's lines, the votes, the conditional orders; collect stated draws."""
    out = Specials(state)
    kind = position.phase.kind
    for i, o in enumerate(orders):
        if isinstance(o, (Seed, GmDraw)) and o.power != GM:
            out.results[i] = illegal(o, "only the game master (GM) states the seed or a draw")
        elif isinstance(o, Seed):
            if out.state.seed is not None or out.state.draws:
                out.results[i] = illegal(o, f"the game's seed is already set ({out.state.seed}) or drawn from")
            else:
                out.state = replace(out.state, seed=o.seed)
                out.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", "the game's random generator is seeded"))  # type: ignore[arg-type]
        elif isinstance(o, GmDraw):
            key = key_of(o.what)
            if key in out.stated:
                out.results[i] = illegal(o, f"a second outcome stated for {o.what!r}")
            else:
                out.stated[key] = _outcome_id(gmap, o.outcome)
                out.draw_lines[key] = i
        elif o.power == GM:
            out.results[i] = illegal(o, "the game master states the seed and draws only (GM: SEED n, GM: DRAW what: outcome)")
        elif isinstance(o, Conditional):
            out.results[i] = illegal(o, "ship orders and votes cannot be conditional (rule 11); dipsat takes no "
                                        "conditional order: write the order the game master carried out")
        elif isinstance(o, Vote):
            problem = "votes are given with movement orders" if kind is not PhaseKind.MOVEMENT else \
                vote_problem(gmap, position, o, out.votes)
            if problem:
                out.results[i] = illegal(o, problem)
            else:
                out.votes.append(o)
                out.results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", "counted (the votes are never shown, rule 11)"))  # type: ignore[arg-type]
        elif isinstance(o, Nbo) and kind is not PhaseKind.ADJUSTMENT:
            out.results[i] = illegal(o, "an NBO gives up a build: it is ordered in an adjustment phase (rule 7d)")
        elif isinstance(o, SunglassesOff):
            problem = _off_problem(position, out.state, o, kind)
            if problem:
                out.results[i] = illegal(o, problem)
            else:
                out.taking_off[i] = o.unit.province
    return out


def _outcome_id(gmap: GameMap, text: str) -> str:
    """A stated outcome as the draw names it: a province id when it names a province."""
    try:
        return gmap.resolve(text).province
    except ValueError:
        return " ".join(text.lower().split())


def _off_problem(position: Position, state: HitchState, o: SunglassesOff, kind: PhaseKind) -> str:
    if kind is not PhaseKind.MOVEMENT:
        return "sunglasses are taken off in a movement turn (rule 10c)"
    piece = position.units.get(o.unit.province)
    if piece is None or piece.power != o.power:
        return f"{o.power} has no unit in {o.unit.province}"
    if o.unit.province not in state.sunglasses:
        return f"{piece.unit} wears no sunglasses"
    return ""


def settle_draws(orders: Sequence[AnyOrder], specials: Specials, state: HitchState,
                 results: dict[int, OrderResult], phase: str) -> None:
    """The result of each ``GM: DRAW`` line: used, impossible (drawn instead), or not needed."""
    made = {key_of(d.what): d for d in state.draws if d.phase == phase}
    for key, i in specials.draw_lines.items():
        o = orders[i]
        d = made.get(key)
        if d is None:
            results[i] = illegal(o, f"no draw {key!r} was needed this phase")
        elif d.stated:
            results[i] = OrderResult(o, Result.SUCCEEDS, Acted("succeeds", f"{d.what}: {d.outcome}"))  # type: ignore[arg-type]
        else:
            results[i] = illegal(o, f"impossible outcome: {d.what} is one of {', '.join(d.options)}; "
                                    f"drawn instead: {d.outcome}")
