"""What the legality checks read of a phase's board once (issue 23): the sea routes of its
convoyers (:meth:`CheckBoard.sea_route`) answer as :func:`route_exists` does, the fleets that may
convoy an army (:meth:`CheckBoard.convoying`) are the rule's, and the dict behind a board's units
(:func:`~dipsat.model.types.plain`) holds what the board holds."""
from __future__ import annotations

import random
from dataclasses import replace
from types import MappingProxyType

import pytest
from helpers import GMAP, board

from dipsat.model.types import plain
from dipsat.solver.convoy_routes import fleets_needed, route_exists, routes
from dipsat.solver.check_board import CheckBoard
from dipsat.solver.map_tables import tables
from dipsat.solver.options import DATC


def _boards() -> list[tuple[str, ...]]:
    """Fleets on seas and coasts, armies on coasts: a few fixed boards and seeded random ones."""
    terrain = tables(GMAP).terrain
    seas = sorted(p for p, t in terrain.items() if t == "sea")
    coasts = sorted(p for p, t in terrain.items() if t == "coast")
    found = [("England: F nth", "England: F eng", "England: A lon"),
             ("England: F nth", "France: F mao", "France: F wes", "France: A bre"),
             ("Italy: F tys", "Italy: F ion", "Italy: F aeg", "Italy: A nap"), ("Turkey: F bla", "Turkey: A con")]
    rng = random.Random(23)
    for _ in range(12):
        fleets = rng.sample(seas, rng.randint(1, 9)) + rng.sample(coasts, 2)
        found.append(tuple(f"Russia: F {p}" for p in sorted(set(fleets))))
    return found


@pytest.mark.parametrize("units", _boards())
def test_sea_route_answers_as_route_exists(units):
    position = board(*units)
    b = CheckBoard(GMAP, position, DATC, {})
    convoyers = b.convoyers()
    terrain = tables(GMAP).terrain
    ends = sorted(p for p, t in terrain.items() if t == "coast")
    assert any(b.sea_route(a, z) for a in ends for z in ends) or not any(terrain[p] == "sea" for p in convoyers)
    for without in ["", *convoyers]:
        fleets = [p for p in convoyers if p != without]
        for a in ends:
            for z in ends:
                assert b.sea_route(a, z, without) == route_exists(GMAP, a, z, fleets), (a, z, without)


@pytest.mark.parametrize("units", _boards())
def test_convoying_fleets_are_the_rules_once_per_board(units):
    """DATC 4.E.1: the fleets on a minimal route; godip: every convoyer when some route exists.
    Asked once per board and pair, each pair's answer is its own, whatever was asked before."""
    position = board(*units)
    terrain = tables(GMAP).terrain
    ends = sorted(p for p, t in terrain.items() if t == "coast")
    pairs = [(a, z) for a in ends for z in ends]
    found_some = False
    for rules in (DATC, replace(DATC, convoy_adjacent="godip")):
        for order in (pairs, pairs[::-1]):
            b = CheckBoard(GMAP, position, rules, {})
            convoyers = b.convoyers()
            for a, z in order:
                if rules is DATC:
                    expected = fleets_needed(GMAP, a, z, convoyers)
                else:
                    expected = frozenset(convoyers) if routes(GMAP, a, z, convoyers, limit=1) else frozenset()
                assert b.convoying(a, z) == expected, (a, z, rules.convoy_adjacent)
                assert b.convoying(a, z) == expected  # asked again: the board's answer
                found_some = found_some or bool(expected)
    assert found_some or not any(terrain[p] == "sea" for p in position.units)


def test_plain_reads_the_dict_behind_a_board():
    position = board("England: F nth", "England: A lon", "France: A par")
    inside = plain(position.units)
    assert type(inside) is dict and inside == dict(position.units)
    assert list(inside) == list(position.units)
    other = MappingProxyType({"lon": 1})  # a view made elsewhere: itself
    assert plain(other) is other
    assert plain({}) == {}



def test_check_board_reads_a_dict_of_the_units_whatever_plains_memo_holds():
    """A reader makes a game's boards before the replay checks them, so by then :func:`plain`'s
    bounded memo has forgotten most of them: the checks still read a dict with the board's units,
    in the board's order."""
    from dipsat.model import types
    position = board("England: F nth", "England: A lon", "France: A par", "Germany: F kie")
    known = CheckBoard(GMAP, position, DATC, {})
    types._MADE.clear()  # as after many later boards
    forgotten = CheckBoard(GMAP, position, DATC, {})
    for b in (known, forgotten):
        assert type(b.units) is dict
        assert list(b.units.items()) == list(position.units.items())


def test_written_out_order_texts_are_their_parts_texts():
    """Supports and convoys write their text out (as moves do) for speed: the same text as their
    units and places printed one by one, on every coast and kind."""
    from dipsat.model.kinds import ARMY, FLEET
    from dipsat.model.types import Convoy, Location, SupportHold, SupportMove, Unit
    places = [Location("par"), Location("stp", "nc"), Location("spa", "sc"), Location("nth")]
    units = [Unit(kind, place) for kind in (ARMY, FLEET) for place in places]
    for unit in units:
        for target in units:
            assert str(SupportHold("France", unit, target)) == f"{unit} S {target}"
            for dest in places:
                assert str(SupportMove("France", unit, target, dest)) == f"{unit} S {target} - {dest}"
                assert str(Convoy("France", unit, target, dest)) == f"{unit} C {target} - {dest}"


@pytest.mark.parametrize("units", _boards())
def test_fleets_at_sea_are_the_fleets_of_the_ordered_units_on_seas(units):
    """The fleets at sea the MILA and godip convoy choices read (``order_choices._fleets_at_sea``,
    from the board's terrain table) are those the map calls seas, in board order."""
    from dipsat.solver.order_choices import _fleets_at_sea
    from helpers import facts_of
    position = board(*units, "Germany: A kie", "Germany: F ber")
    orders = facts_of(position).orders  # every unit holds
    expected = [p for p, o in orders.items() if o.unit.kind.letter == "F" and GMAP.is_sea(p)]
    assert _fleets_at_sea(GMAP, orders) == expected
    assert expected == [p for p in position.units if GMAP.is_sea(p) and position.units[p].unit.kind.letter == "F"]
