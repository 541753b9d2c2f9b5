"""Why the engines disagree on a phase: counterfactual checks, each naming one known cause.

A cause is confirmed when dipsat, re-run on the phase with one change that imitates it (orders
read the peer's way, or one rule option switched), reaches the peer's board exactly; the changes
are tried alone, then in pairs. A disagreement no change explains is ``unexplained``: a dipsat
bug until shown otherwise. The record of the source (the DATC's expected board, the archive's
next position) says which engine is right where it exists.

Known peer defects (see ``PEER_DEFECTS.md``, reproduced by :mod:`benchmarks.defects`):

* ``via-over-land``: a move written ``VIA`` with no convoy ordered for it is carried out over land
  (DATC 6.G.8: it fails and the unit stays).
* ``via-own-support``: the attacked power's own support counts for a convoyed move written ``VIA``
  (DATC 5.B.8, 6.D.12, 6.D.14: a power's support never helps to dislodge its own unit).
* ``support-wrong-coast``, ``support-wrong-type``: a support naming the supported unit with the
  wrong coast or unit type is void for the peer (DATC 6.B.16, 6.B.17, 6.D.35 prefer to ignore it).
* ``convoy-retreat``: a unit dislodged by a convoyed attack is offered every adjacent province as
  a retreat, occupied or standoff ones too, so it survives where it must be destroyed.

``peer differs from the record`` marks an unexplained disagreement where dipsat gives the board
the source records and the peer does not (DATC 6.F.29, a convoy paradox).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import Any, Callable

from dipsat.model.types import Convoy, Move, Piece, Position, SupportHold, SupportMove
from benchmarks.phases import Board, board_of_position

NEUTRAL = "Neutral"
"""The power an attacked unit is handed to, so that its own power's supports count against it."""

OPTION_CHOICES: tuple[tuple[str, str], ...] = (
    ("civil_disorder", "home_distance"), ("civil_disorder", "2023"),
    ("unit_coast", "fails"), ("unit_designation", "invalid"), ("support_coast", "strict"),
    ("support_coast", "ignore"), ("coast_omitted", "fails"), ("coast_impossible", "ignore"),
    ("several_orders", "first"), ("several_orders", "last"), ("too_many_builds", "last"),
    ("too_many_disbands", "civil_disorder"), ("retreat_to_convoy_origin", "forbidden"),
    ("convoy_adjacent", "dptg"), ("convoy_adjacent", "1982"), ("paradox", "all_hold"),
    ("paradox", "1982"), ("paradox", "2000"), ("paradox", "1971"),
    ("hold_support_civil_disorder", "fails"),
)
"""Rule options tried as explanations: a match means the rules preset differs from the peer there."""

Change = tuple[str, Callable[[Position, list[Any], Any], tuple[Position, list[Any], Any] | None]]


def _via_over_land(position: Position, orders: list[Any], ctx: Any) -> tuple[Position, list[Any], Any] | None:
    """Read adjacent ``VIA`` moves that have no convoy route ordered as moves over land (and drop
    the convoy orders that named them, which the peer then voids)."""
    gmap, res = ctx["gmap"], ctx["resolution"]
    stripped = {(r.order.unit.province, r.order.dest.province) for r in res.results
                if isinstance(r.order, Move) and r.order.via_convoy and r.result.value == "invalid"
                and gmap.army_can_move(r.order.unit.province, r.order.dest.province)}
    if not stripped:
        return None
    out = []
    for o in orders:
        if isinstance(o, Move) and o.via_convoy and (o.unit.province, o.dest.province) in stripped:
            out.append(replace(o, via_convoy=False))
        elif isinstance(o, Convoy) and (o.target.province, o.dest.province) in stripped:
            continue
        else:
            out.append(o)
    return position, out, ctx["rules"]


def _via_own_support(position: Position, orders: list[Any], ctx: Any) -> tuple[Position, list[Any], Any] | None:
    """Let the defender's own supports count for a ``VIA`` move: hand the attacked unit to a neutral
    power (its supporters keep their power, so nothing else about cutting changes)."""
    moves = {o.unit.province: o for o in orders if isinstance(o, Move) and o.via_convoy}
    changed = {}
    for o in orders:
        if not isinstance(o, SupportMove):
            continue
        move = moves.get(o.target.province)
        defender = position.units.get(o.dest.province)
        mine = position.units.get(o.unit.province)
        if move is None or defender is None or mine is None or mine.power != defender.power \
                or move.dest.province != o.dest.province or o.power != mine.power:
            continue
        changed[o.dest.province] = defender
    if not changed:
        return None
    units = {p: (Piece(NEUTRAL, pc.unit) if p in changed else pc) for p, pc in position.units.items()}
    new = Position(position.phase, units, position.centres, position.dislodged, position.standoffs)
    out = [replace(o, power=NEUTRAL) if getattr(o, "unit", None) is not None
           and o.unit.province in changed and o.power == changed[o.unit.province].power else o for o in orders]
    return new, out, ctx["rules"]


def _drop_supports(wrong: Callable[[Any, Any], bool]) -> Callable[..., tuple[Position, list[Any], Any] | None]:
    def change(position: Position, orders: list[Any], ctx: Any) -> tuple[Position, list[Any], Any] | None:
        kept = [o for o in orders if not (isinstance(o, (SupportHold, SupportMove))
                                          and (target := position.units.get(o.target.province)) is not None
                                          and wrong(o.target, target.unit))]
        return (position, kept, ctx["rules"]) if len(kept) < len(orders) else None
    return change


_support_coast = _drop_supports(lambda named, actual: named.location.coast is not None
                                and actual.location.coast is not None and named.location != actual.location)
"""The peer voids a support naming the supported fleet at the wrong coast (DATC 6.B.16, 6.B.17)."""
_support_designation = _drop_supports(lambda named, actual: named.kind is not actual.kind)
"""The peer voids a support naming the wrong type of the supported unit (DATC 6.D.35)."""


def _option(name: str, choice: str) -> Change:
    def change(position: Position, orders: list[Any], ctx: Any) -> tuple[Position, list[Any], Any] | None:
        rules = ctx["rules"]
        if getattr(rules, name, choice) == choice or not hasattr(rules, name):
            return None
        try:
            return position, orders, rules.with_choices(**{name: choice})
        except (TypeError, ValueError):
            return None
    return f"rules {name}={choice}", change


CHANGES: list[Change] = [("via-over-land", _via_over_land), ("via-own-support", _via_own_support),
                         ("support-wrong-coast", _support_coast), ("support-wrong-type", _support_designation),
                         *(_option(n, c) for n, c in OPTION_CHOICES)]


def _convoy_retreat(ctx: Any, dipsat_board: Board, peer_board: Board) -> bool:
    """The boards differ only by units the peer keeps as dislodged that dipsat destroyed, each
    dislodged by a convoyed move."""
    if dipsat_board.units != peer_board.units:
        return False  # (centres may differ: the peer stops in a retreat phase, dipsat ends the Fall)
    extra = peer_board.dislodged - dipsat_board.dislodged
    if not extra or dipsat_board.dislodged - peer_board.dislodged:
        return False
    res, gmap = ctx["resolution"], ctx["gmap"]
    convoyed_into = {r.order.dest.province for r in res.results
                     if isinstance(r.order, Move) and r.result.value == "succeeds"
                     and (r.order.via_convoy or not gmap.army_can_move(r.order.unit.province, r.order.dest.province))
                     and r.order.unit.kind.value == "A"}
    return all(item.split()[-1].split("/")[0] in convoyed_into for item in extra)


def explain(variant: Any, rules: Any, position: Position, orders: list[Any], resolution: Any,
            peer_board: Board) -> list[str]:
    """Name the cause(s) of a disagreement, or ``["unexplained"]``."""
    ctx = {"gmap": variant.map, "rules": rules, "resolution": resolution}
    dipsat_board = board_of_position(resolution.after)
    if _convoy_retreat(ctx, dipsat_board, peer_board):
        return ["convoy-retreat"]
    for size in (1, 2):
        for combo in combinations(CHANGES, size):
            pos, ords, rls = position, list(orders), rules
            applied = True
            for _, change in combo:
                step = change(pos, ords, {**ctx, "rules": rls})
                if step is None:
                    applied = False
                    break
                pos, ords, rls = step
            if not applied:
                continue
            try:
                res = variant.adjudicate(pos, ords, rls)
            except Exception:  # noqa: BLE001 - a change may make a phase unplayable: not this cause
                continue
            board = _restore(board_of_position(res.after), position, pos)
            if not board.diff(peer_board) or (_convoy_retreat({**ctx, "resolution": res}, board, peer_board)):
                names = [name for name, _ in combo]
                if board.diff(peer_board):
                    names.append("convoy-retreat")
                return names
    return ["unexplained"]


def _restore(board: Board, original: Position, changed: Position) -> Board:
    """Undo the neutral power on a board (units that moved keep their new place)."""
    if changed is original or not any(pc.power == NEUTRAL for pc in changed.units.values()):
        return board
    owner_by_unit = {}
    for p, pc in changed.units.items():
        if pc.power == NEUTRAL:
            owner_by_unit[str(pc.unit)] = original.units[p].power

    def fix(items: frozenset[str]) -> frozenset[str]:
        out = set()
        for item in items:
            power, _, unit = item.partition(" ")
            out.add(f"{owner_by_unit.get(unit, power) if power == NEUTRAL else power} {unit}")
        return frozenset(out)
    return replace(board, units=fix(board.units), dislodged=fix(board.dislodged))
