"""The rule options that decide, before any model is built, what an order means.

Each table maps a choice name of :mod:`dipsat.solver.options` to the function that carries it
out; :mod:`dipsat.solver.legality` looks them up by the choice in force.
"""
from __future__ import annotations

from typing import Callable, Final, Iterable, Mapping, Sequence

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Convoy, Location, Move, Order, Piece, SupportHold, SupportMove
from dipsat.model.types import _unit_text  # str(unit) without an f-string's format call (invalid supports' texts)
from dipsat.model.values import value_class
from dipsat.solver.convoy_routes import routes
from dipsat.solver.facts import Facts, Verdict
from dipsat.solver.map_tables import tables


# -- 4.D.3 several orders for one unit -------------------------------------------------------

def _several_all_void(vs: Sequence[Verdict]) -> Verdict | None:
    """Several different legal orders make all of them illegal; the unit holds."""
    first = vs[0]
    if all(v.order == first.order for v in vs):
        return first
    for v in vs:
        v.status, v.reason = "illegal", "the unit was given several different orders"
    return None


def _several_first(vs: Sequence[Verdict]) -> Verdict | None:
    """The first legal order counts; later different ones are illegal."""
    for v in vs[1:]:
        if v.order != vs[0].order:
            v.status, v.reason = "illegal", f"the unit's first order was {vs[0].order}"
    return vs[0]


def _several_last(vs: Sequence[Verdict]) -> Verdict | None:
    """The last legal order counts; earlier different ones are illegal."""
    for v in vs[:-1]:
        if v.order != vs[-1].order:
            v.status, v.reason = "illegal", f"the unit's last order was {vs[-1].order}"
    return vs[-1]


SEVERAL_ORDERS: Mapping[str, Callable[[Sequence["Verdict"]], "Verdict | None"]] = {
    "all_void": _several_all_void, "first": _several_first, "last": _several_last,
}


# -- 4.A.3 convoy to an adjacent province ----------------------------------------------------

ConvoyChoice = Callable[[GameMap, Piece, Move, Sequence[Convoy], Mapping[str, Order]], bool]


def _needs_convoy(gmap: GameMap, piece: Piece, move: Move) -> bool:
    return not gmap.army_can_move(piece.unit.province, move.dest.province)


def _adjacent_2000(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                   orders: Mapping[str, Order]) -> bool:
    """Convoyed when ``via convoy`` or a fleet of the army's own power convoys it."""
    if move.via_convoy or _needs_convoy(gmap, piece, move):
        return True
    return any(c.power == piece.power for c in convoyers)


def _adjacent_dptg(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                   orders: Mapping[str, Order]) -> bool:
    """Convoyed only when written ``via convoy`` (or when no land route exists)."""
    return move.via_convoy or _needs_convoy(gmap, piece, move)


def _adjacent_1982(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                   orders: Mapping[str, Order]) -> bool:
    """Convoyed when the army's own player orders a convoy for it (intent from the orders)."""
    return _needs_convoy(gmap, piece, move) or any(c.power == piece.power for c in convoyers)


def _adjacent_1971(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                   orders: Mapping[str, Order]) -> bool:
    """Convoyed only when the unit at the destination moves the opposite way (a swap)."""
    if _needs_convoy(gmap, piece, move):
        return True
    back = orders.get(move.dest.province)
    return bool(convoyers) and isinstance(back, Move) and back.dest.province == piece.unit.province


def _fleets_at_sea(gmap: GameMap, orders: Mapping[str, Order]) -> list[str]:
    """The provinces of the fleets (``F``) at sea among the units ordered, in board order."""
    terrain = tables(gmap).terrain  # a dict read, not a method call per unit
    return [p for p, o in orders.items() if o.unit.kind.letter == "F" and terrain[p] == "sea"]  # type: ignore[union-attr]


def _ordered_route(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy]) -> bool:
    return bool(routes(gmap, piece.unit.province, move.dest.province, [c.unit.province for c in convoyers], limit=1))


def on_a_chain(gmap: GameMap, src: str, dest: str, seas: Iterable[str]) -> frozenset[str]:
    """The fleets at sea that a chain of fleet-held seas (any fleets, not only minimal chains)
    links to both ``src`` and ``dest``: godip's convoy path through a given fleet."""
    left = {s for s in seas if gmap.is_sea(s)}
    found: set[str] = set()
    while left:
        part, frontier = set(), [min(left)]
        while frontier:
            here = frontier.pop()
            if here in part:
                continue
            part.add(here)
            frontier += [s for s in left if s not in part and gmap.fleet_provinces_adjacent(here, s)]
        left -= part
        if any(gmap.fleet_provinces_adjacent(s, src) for s in part) and \
                any(gmap.fleet_provinces_adjacent(s, dest) for s in part):
            found |= part
    return frozenset(found)


def _own_fleet_on_a_chain(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                          orders: Mapping[str, Order]) -> bool:
    """A fleet of the army's own power, ordered to convoy it, lies on a chain of fleets (of any
    power, ordered to convoy or not) that could carry it from its province to the destination."""
    own = [c.unit.province for c in convoyers if c.power == piece.power]
    if not own:
        return False
    seas = _fleets_at_sea(gmap, orders)
    chained = on_a_chain(gmap, piece.unit.province, move.dest.province, seas)
    return any(f in chained for f in own)


def _adjacent_godip(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                    orders: Mapping[str, Order]) -> bool:
    """The Droidippy/godip judge: convoyed when a fleet of the army's own power ordered to convoy
    it lies on a chain of any fleets, or when written ``via convoy`` and a route of convoying
    fleets is ordered; otherwise the army walks, ``via convoy`` or not (also when one end is
    inland and no convoy is possible at all): an ordinary land move."""
    if _needs_convoy(gmap, piece, move):
        return True
    if _own_fleet_on_a_chain(gmap, piece, move, convoyers, orders):
        return True
    return move.via_convoy and _ordered_route(gmap, piece, move, convoyers)


def _adjacent_mila(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                   orders: Mapping[str, Order]) -> bool:
    """The ``diplomacy`` package 1.1.2, as its replayed games show: VIA with a route of ordered
    convoys is convoyed; VIA with no fleets on the board that could carry it is rejected (the move
    is treated as convoyed without a route: invalid, the army stays); VIA with such fleets but
    none ordered walks. Without VIA the move is convoyed when the fleets ordered to convoy it form
    a route and one of them, of the army's own power, lies on a route that the fleets on the board
    could form; without a route of ordered convoys it walks."""
    if _needs_convoy(gmap, piece, move):
        return True
    src, dest = piece.unit.province, move.dest.province
    if not move.via_convoy and not any(c.power == piece.power for c in convoyers):
        return False  # no fleet of its own power convoys it: no route can make it convoyed
    seas = _fleets_at_sea(gmap, orders)
    if move.via_convoy:
        return _ordered_route(gmap, piece, move, convoyers) or not routes(gmap, src, dest, seas, limit=1)
    if not _ordered_route(gmap, piece, move, convoyers):
        return False  # no route of the ordered convoys: the package moves it over land
    on_route = {f for r in routes(gmap, src, dest, seas) for f in r}
    return any(c.power == piece.power and c.unit.province in on_route for c in convoyers)


def _adjacent_2000_fallback(gmap: GameMap, piece: Piece, move: Move, convoyers: Sequence[Convoy],
                            orders: Mapping[str, Order]) -> bool:
    """As 2000, but with the land route as fallback (DATC v2): with no convoy route ordered the
    army walks; a disrupted convoy falls back in the model (:mod:`dipsat.solver.rules.fallback`)."""
    if _needs_convoy(gmap, piece, move):
        return True
    return _adjacent_2000(gmap, piece, move, convoyers, orders) and _ordered_route(gmap, piece, move, convoyers)


CONVOY_ADJACENT: Mapping[str, ConvoyChoice] = {
    "2000": _adjacent_2000, "dptg": _adjacent_dptg, "1982": _adjacent_1982, "1971": _adjacent_1971,
    "godip": _adjacent_godip, "mila": _adjacent_mila, "2000_fallback": _adjacent_2000_fallback,
}
"""Choice -> whether an army's move goes by convoy. Every choice agrees that an army which can
walk there, is not written ``via convoy`` and is ordered no convoy walks: the legality checks
then skip the choice (tests/test_map_tables.py holds every choice to it)."""


def _any_route(gmap: GameMap, src: str, dest: str, seas: Sequence[str]) -> frozenset[str]:
    """godip: a convoy order is legal whenever some fleets could carry the army, whichever: then
    every one of ``seas`` may convoy it."""
    return frozenset(seas) if routes(gmap, src, dest, seas, limit=1) else frozenset()


CONVOYING_FLEETS: Mapping[str, Callable[[GameMap, str, str, Sequence[str]], frozenset[str]]] = {
    "godip": _any_route,
}
"""Choice -> the fleets (of ``seas``, the board's convoyers) whose order to convoy an army from
``src`` to ``dest`` is legal, where it differs from :func:`~dipsat.solver.convoy_routes.fleets_needed`
(DATC 4.E.1, 6.G.19: only a fleet on a minimal convoy route may convoy). It depends
on the board and the pair alone, so the checks ask it once per board and pair."""


VIA_CONVOY_MAY_WALK: Mapping[str, bool] = {
    "2000": False, "dptg": False, "1982": False, "1971": False, "godip": True, "mila": False,
    "2000_fallback": False,
}
"""Choice -> whether an army move written ``via convoy`` between adjacent provinces is legal
even when no convoy could carry it (an inland end, no fleet at sea between): the godip judge
validates it as the same move without those words, and it walks. A choice not listed: no."""


# -- 4.A.5 retreats after a convoyed attack --------------------------------------------------

@value_class
class RetreatAfterConvoy:
    """What still closes a province to a unit dislodged by a convoyed attack."""

    origin_closed: bool
    """The attacker's origin is closed."""
    standoffs_closed: bool = True
    """Provinces left empty by a standoff are closed."""
    occupied_offered: bool = False
    """Occupied provinces count as retreats when deciding whether the unit survives (it is
    destroyed only when none is offered); a retreat into one is still refused."""


RETREAT_AFTER_CONVOY: Mapping[str, RetreatAfterConvoy] = {
    "allowed": RetreatAfterConvoy(origin_closed=False),
    "forbidden": RetreatAfterConvoy(origin_closed=True),
    "mila": RetreatAfterConvoy(origin_closed=False, standoffs_closed=False, occupied_offered=True),
}
"""Choice of ``retreat_to_convoy_origin`` -> the retreat rule after a convoyed attack. The
``diplomacy`` package applies the convoy exception to the whole retreat condition, not to the
origin alone (benchmarks/PEER_DEFECTS.md, ``convoy-retreat``)."""

NOT_CONVOYED: Final = RetreatAfterConvoy(origin_closed=True)
"""The retreat rule after an attack that did not come by convoy."""


# -- 5.B.8 supports that do not count towards dislodging their own power's unit --------------

OWN_SUPPORT_COUNTS: Mapping[str, Callable[[Move, bool], bool]] = {
    "no": lambda move, convoyed: False,
    "mila": lambda move, convoyed: move.via_convoy and convoyed,
}
"""Choice -> whether, for this move (and whether it goes by convoy), the supports given by the
attacked unit's power count towards the attack. The ``diplomacy`` package looks for the attacked
unit under the last word of the supported order, ``VIA`` for a move written so, finds none and
counts every support (benchmarks/PEER_DEFECTS.md, ``via-own-support``)."""


def _mila_defend_left_out(facts: Facts, src: str) -> str | None:
    """The diplomacy package's head-to-head defect: when each move of the battle is supported by
    the other's power, the move from ``src`` defends without the supports of the power it attacks."""
    units, mine = facts.position.units, facts.position.units[src].power
    theirs = units[facts.moves[src].dest].power
    crossed = any(units[s].power == theirs for s in facts.move_supports.get(src, ()))
    crossed_back = any(units[s].power == mine for s in facts.move_supports.get(facts.opponent[src], ()))
    return theirs if crossed and crossed_back else None


DEFEND_LEAVES_OUT: Mapping[str, Callable[[Facts, str], str | None]] = {
    "every": lambda facts, src: None,
    "mila": _mila_defend_left_out,
}
"""Choice (option ``head_to_head_defend``, 5.B.7) -> the power whose supports the defend strength
of the move from ``src`` leaves out in a head-to-head battle, or ``None``. The ``diplomacy``
package compares the two moves each as an attack when each is supported by the other's power
(benchmarks/PEER_DEFECTS.md, ``head-to-head-own-support``); when only one is, it resolves the
battle as the DATC does (seed 777001 of ``benchmarks/mila_agreement``, games 3 and 37)."""


# -- 4.B.4 coast in a support order ------------------------------------------------------------

SUPPORT_COAST_COUNTS: Mapping[str, Callable[[Piece], bool]] = {
    "strict": lambda supporter: True, "illegal": lambda supporter: True, "same_power": lambda supporter: True,
    "ignore": lambda supporter: False,
    "mila": lambda supporter: supporter.unit.kind.value == "A",
}
"""Choice -> whether the coast a support names must be the one the supported fleet moves to,
given the supporting unit (the ``diplomacy`` package strips it from a fleet's support only)."""


def supported_key(facts: Facts, o: SupportHold | SupportMove) -> str:
    """The model key of the unit a support is for: the unit in the target's province, or, for a
    support of a move, the further piece of a stack there ordered to make that move."""
    province = o.target.location.province
    if facts.slots and isinstance(o, SupportMove):
        here = facts.orders.get(province)
        if not (isinstance(here, Move) and here.dest.province == o.dest.province):
            for key, p in facts.slots.items():
                there = facts.orders.get(key)
                if p == province and isinstance(there, Move) and there.dest.province == o.dest.province:
                    return key
    return province


def support_mismatch(facts: Facts, o: SupportHold | SupportMove) -> str:
    """Say why a support does not match the supported unit's order, or ``""``."""
    target = facts.orders.get(supported_key(facts, o) if facts.slots else o.target.location.province)
    if type(o) is SupportHold:
        if type(target) is Move:
            return f"{_unit_text(o.target)} is ordered to move ({target.__str__()}), not to hold"
        owner = facts.position.units[o.target.province].power
        if facts.rules.hold_support_civil_disorder == "fails" and owner != o.power and \
                not any(getattr(v.order, "power", None) == owner for v in facts.verdicts):
            return f"{owner} ordered nothing: a power in civil disorder (DATC 4.D.9)"
        return ""
    if type(target) is not Move or target.dest.province != o.dest.province:  # type: ignore[union-attr]
        if target is None:
            return f"{_unit_text(o.target)} is not ordered to move, not to move to {o.dest.province}"
        return f"{_unit_text(o.target)} is ordered {target.__str__()}, not to move to {o.dest.province}"
    if o.dest.coast and SUPPORT_COAST_COUNTS[facts.rules.support_coast](facts.piece(o.unit.province)):
        mf = facts.moves.get(o.target.province)
        actual = mf.dest_location.coast if mf else target.dest.coast
        if actual != o.dest.coast:
            return f"{o.target} moves to {target.dest}, not to {o.dest}"
    return ""


# -- 4.B.2 / 4.B.3 / 4.B.6 where a fleet or army move goes -------------------------------------

def fleet_destination(gmap: GameMap, src: Location, dest: Location, coast_omitted: str,
                      coast_impossible: str) -> tuple[Location, str]:
    """The location a fleet move goes to, and ``"illegal"``/``"fails"`` when it cannot go."""
    if not gmap.provinces[dest.province].coasts:
        loc = Location(dest.province)
        return loc, "" if gmap.fleet_can_move(src, loc) else "illegal"
    reachable = gmap.coasts_reachable(src, dest.province)
    if dest.coast is None:
        if len(reachable) == 1:
            return (reachable[0], "") if coast_omitted == "attempt" else (reachable[0], "fails")
        return dest, "illegal"
    if dest in reachable:
        return dest, ""
    if coast_impossible == "ignore" and len(reachable) == 1:
        return reachable[0], ""
    return dest, "illegal"
