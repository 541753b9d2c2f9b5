"""Supports and convoys of a move a variant's rule made illegal before the model (a unit in Stasis, turned to
stone, out of its element, a move across a Wall...).

The model never sees such a move: the unit holds. A support or convoy naming the move must still be
judged against the order as written, as the standard game judges a support or convoy of an
impossible move (``illegal: the supported move is impossible: ...``): it is *illegal*, and the
reason names the rule that stopped the move, never the hold the model put in its place.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from dipsat.model.reasons import Illegal, Invalid, Then
from dipsat.model.types import Convoy, Move, Order, OrderResult, Result, SupportMove

__all__ = ["supports_of_refused_moves", "name_refused_convoys"]


def supports_of_refused_moves(passed: Sequence[tuple[int, Order]], decided: Mapping[int, OrderResult],
                              given: Sequence[tuple[int, Order]]) -> tuple[list[tuple[int, Order]], dict[int, OrderResult]]:
    """Split ``passed`` (the orders about to reach the model) into those that still do and the
    results of the supports and convoys whose move is an order of ``given`` already settled as
    illegal in ``decided``: each such support is illegal, naming why the move is."""
    refused: dict[tuple[str, str], OrderResult] = {}
    for i, o in given:
        r = decided.get(i)
        if isinstance(o, Move) and r is not None and r.order is o:
            refused.setdefault((o.unit.province, o.dest.province), r)
    if not refused:
        return list(passed), {}
    kept, out = [], {}
    for i, o in passed:
        r = refused.get((o.target.province, o.dest.province)) if isinstance(o, (SupportMove, Convoy)) else None
        if r is None or r.result is not Result.ILLEGAL:
            kept.append((i, o))
            continue
        what = "supported" if isinstance(o, SupportMove) else "convoyed"
        out[i] = OrderResult(o, Result.ILLEGAL, Then(Illegal(f"the {what} move is illegal"), r.why, ": "))
    return kept, out


def name_refused_convoys(decided: dict[int, OrderResult], given: Sequence[tuple[int, Order]]) -> None:
    """A move left without a convoy route because the convoys ordered for it were refused before
    the model (a fleet in Stasis, on ice, turned to stone): its reason names those convoys and
    why, instead of saying that no route was ordered. Changes ``decided`` in place."""
    refused: dict[tuple[str, str], list[OrderResult]] = {}
    for i, o in given:
        r = decided.get(i)
        if isinstance(o, Convoy) and r is not None and r.order is o and r.result is Result.ILLEGAL:
            refused.setdefault((o.target.province, o.dest.province), []).append(r)
    if not refused:
        return
    for i, o in given:
        r = decided.get(i)
        if not isinstance(o, Move) or r is None or r.result is not Result.INVALID:
            continue  # an invalid move with an ordered convoy refused: it has no convoy route
        mine = refused.get((o.unit.province, o.dest.province))
        if mine:
            why = "; ".join(f"{c.order} is illegal: {c.why.detail()}" for c in mine)
            decided[i] = replace(r, why=Invalid(f"the convoy ordered for it is refused ({why}), so it has "
                                                "no convoy route"))
