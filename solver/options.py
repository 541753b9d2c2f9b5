"""Rule options: each DATC chapter-4 issue that changes an outcome, as a named choice.

A :class:`Rules` value holds one choice name per issue; each choice is a small function (or a
constraint module) looked up here, never an ``if`` inside shared adjudication code. The default
of every field is the DATC v3.2 preference.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Callable, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Convoy, Move, Piece, SupportHold, SupportMove

if TYPE_CHECKING:
    from dipsat.solver.legality import Facts, Verdict


# -- 4.D.3 several orders for one unit -------------------------------------------------------

def _several_all_void(vs: Sequence[Verdict]) -> Verdict | None:
    """4.D.3 c: several different legal orders make all of them illegal; the unit holds."""
    first = vs[0]
    if all(v.order == first.order for v in vs):
        return first
    for v in vs:
        v.status, v.reason = "illegal", "the unit was given several different orders"
    return None


def _several_first(vs: Sequence[Verdict]) -> Verdict | None:
    """4.D.3 a: the first legal order counts; later ones are illegal."""
    for v in vs[1:]:
        if v.order != vs[0].order:
            v.status, v.reason = "illegal", f"the unit's first order was {vs[0].order}"
    return vs[0]


def _several_last(vs: Sequence[Verdict]) -> Verdict | None:
    """4.D.3 b: the last legal order counts; earlier ones are illegal."""
    for v in vs[:-1]:
        if v.order != vs[-1].order:
            v.status, v.reason = "illegal", f"the unit's last order was {vs[-1].order}"
    return vs[-1]


# -- 4.A.3 convoy to an adjacent province ----------------------------------------------------

def _adjacent_2000(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy]) -> bool:
    """4.A.3 2000/2023: convoyed when ``via convoy`` or a fleet of the army's power convoys it."""
    if move.via_convoy or not gmap.army_can_move(piece.unit.province, move.dest.province):
        return True
    return any(c.power == piece.power for c in convoyers)


def _adjacent_explicit(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy]) -> bool:
    """4.A.3 DPTG: an adjacent move is convoyed only when written ``via convoy``."""
    return move.via_convoy or not gmap.army_can_move(piece.unit.province, move.dest.province)


def _adjacent_any_convoy(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy]) -> bool:
    """4.A.3 1982 (as most judges read it): any ordered convoy makes the move convoyed."""
    return bool(convoyers) or _adjacent_explicit(gmap, piece, move, convoyers)


# -- 4.B.4 coast in a support order; matching a support to the supported order ---------------

def _support_mismatch_strict_coast(facts: Facts, o: SupportHold | SupportMove) -> str:
    """4.B.4 (2023): a coast named in a support must be the coast the fleet moves to."""
    return _support_mismatch(facts, o, coast_matters=True)


def _support_mismatch_ignore_coast(facts: Facts, o: SupportHold | SupportMove) -> str:
    """Coasts in support orders are ignored (as the ``diplomacy`` package does)."""
    return _support_mismatch(facts, o, coast_matters=False)


def _support_mismatch(facts: Facts, o: SupportHold | SupportMove, coast_matters: bool) -> str:
    target = facts.orders.get(o.target.province)
    if isinstance(o, SupportHold):
        if isinstance(target, Move):
            return f"{o.target} is ordered to move ({target}), not to hold"
        return ""
    if not isinstance(target, Move) or target.dest.province != o.dest.province:
        what = f"ordered {target}" if target is not None else "not ordered to move"
        return f"{o.target} is {what}, not to move to {o.dest.province}"
    if coast_matters and o.dest.coast:
        mf = facts.moves.get(o.target.province)
        actual = mf.dest_location.coast if mf else target.dest.coast
        if actual != o.dest.coast:
            return f"{o.target} moves to {target.dest}, not to {o.dest}"
    return ""


CHOICES: dict[str, dict[str, Callable]] = {
    "several_orders": {"all_void": _several_all_void, "first": _several_first,
                       "last": _several_last},
    "convoy_adjacent": {"2000": _adjacent_2000, "dptg": _adjacent_explicit,
                        "1982": _adjacent_any_convoy},
    "support_coast": {"strict": _support_mismatch_strict_coast,
                      "ignore": _support_mismatch_ignore_coast},
}
"""Option name -> choice name -> the function that carries it out."""

TEXT_CHOICES: dict[str, tuple[str, ...]] = {
    "paradox": ("szykman", "all_hold"),
    "civil_disorder": ("2023", "home_distance"),
    "retreat_to_convoy_origin": ("allowed", "forbidden"),
}
"""Options whose choices the solver reads by name (the constraint modules pick them)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The resolution semantics in force: one choice per DATC rule issue (DATC v3.2 defaults)."""

    several_orders: str = "all_void"
    convoy_adjacent: str = "2000"
    support_coast: str = "strict"
    paradox: str = "szykman"
    civil_disorder: str = "2023"
    retreat_to_convoy_origin: str = "allowed"

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            allowed = CHOICES.get(f.name, {}).keys() or TEXT_CHOICES.get(f.name, ())
            if value not in allowed:
                raise ValueError(f"unknown choice {value!r} for rule option {f.name!r}; "
                                 f"choose one of {', '.join(allowed)}")

    def several_orders_rule(self, vs: Sequence[Verdict]) -> Verdict | None:
        """Pick the order a unit with several legal orders carries out (or none: it holds)."""
        return CHOICES["several_orders"][self.several_orders](vs)

    def uses_convoy(self, gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy]) -> bool:
        """Tell whether an army's move goes by convoy (4.A.3)."""
        return CHOICES["convoy_adjacent"][self.convoy_adjacent](gmap, piece, move, convoyers)

    def support_mismatch(self, facts: Facts, o: SupportHold | SupportMove) -> str:
        """Say why a support does not match the supported unit's order, or ``""``."""
        return CHOICES["support_coast"][self.support_coast](facts, o)

    def with_choices(self, **choices: str) -> Rules:
        """This semantics with some options switched."""
        return replace(self, **choices)

    def __str__(self) -> str:
        return ",".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self))


DATC = Rules()
