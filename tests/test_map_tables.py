"""The per-board look-up tables agree with the board they were built from, and the quick test for a
convoy route agrees with the listing of routes."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dipsat.model.board import FreezeSea, CloseEdge, Lasting, board_in_play
from dipsat.model.types import Phase, PhaseKind, Position, Season
from dipsat.solver.convoy_routes import route_exists, routes
from dipsat.solver.map_tables import tables
from dipsat.variants.sorcerous.board import board_in_play as sorcerous_board
from tests.helpers import GMAP

SEAS = sorted(p for p in GMAP.provinces if GMAP.is_sea(p))
COASTAL = sorted(p for p in GMAP.provinces if GMAP.is_coastal(p))


def _iced_board():
    """The standard map with the North Sea frozen and the Channel closed to Brest."""
    changes = (Lasting(FreezeSea("nth")), Lasting(CloseEdge("bre", "eng")))
    return board_in_play(GMAP, Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), changes=changes))


def _walled_board():
    """The standard map with a Sorcerous Wall between London and the North Sea that fleets may not
    cross but convoys may (``wall_convoy=allows``): convoy legs are not fleet moves there."""
    return sorcerous_board(GMAP, walls=frozenset({("lon", "nth")}), wall_convoy=False)


def test_tables_agree_with_the_board():
    """Terrain, army edges, fleet reach and fleet adjacency read from the tables are the board's."""
    for gmap in (GMAP, _iced_board(), _walled_board()):
        t = tables(gmap)
        for p in gmap.provinces:
            assert t.terrain[p] == gmap.provinces[p].terrain.value
            assert (p in t.split) == bool(gmap.provinces[p].coasts)
            for q in gmap.provinces:
                assert t.army_moves(p, q) == gmap.army_can_move(p, q)
                assert (q in t.sea_adjacent[p]) == gmap.fleet_provinces_adjacent(p, q)
        for loc in gmap.fleet_neighbours:
            for q in gmap.provinces:
                assert (q in t.fleet_reach.get((loc.province, loc.coast), ())) == gmap.fleet_reaches(loc, q)


def test_each_board_has_its_own_tables():
    """A board in play with changes is read through tables of its own, built once."""
    iced = _iced_board()
    assert tables(GMAP) is tables(GMAP)
    assert tables(iced) is not tables(GMAP)
    assert tables(iced).terrain["nth"] == "land"


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_route_exists_when_routes_lists_one(seed):
    """:func:`route_exists` says yes exactly when :func:`routes` lists a route, on random fleets."""
    rng = random.Random(seed)
    fleets = rng.sample(SEAS + COASTAL, rng.randint(0, 12))
    src, dst = rng.choice(COASTAL), rng.choice(COASTAL)
    for gmap in (GMAP, _iced_board(), _walled_board()):
        assert route_exists(gmap, src, dst, fleets) == bool(routes(gmap, src, dst, fleets, limit=1))


def _minimal_chains(gmap, src: str, dst: str, fleets: list[str]) -> list[tuple[str, ...]]:
    """The minimal convoy chains by their definition, found by brute force: chains of distinct
    fleets at sea, each next to the one before (the first next to ``src``, the last next to
    ``dst``), in which no fleet could be skipped: no two provinces of ``src``, the fleets, are next
    to each other unless one follows the other, and ``dst`` is next to the last fleet only."""
    near = tables(gmap).sea_adjacent
    seas = sorted({f for f in fleets if tables(gmap).terrain[f] == "sea"})
    found = []

    def extend(chain: tuple[str, ...]) -> None:
        here = chain[-1] if chain else src
        for sea in seas:
            if sea in chain or sea not in near.get(here, ()):
                continue
            longer = chain + (sea,)
            if dst in near.get(sea, ()):
                found.append(longer)
            extend(longer)

    extend(())
    minimal = []
    for chain in found:
        steps = (src,) + chain
        skips = any(steps[j] in near.get(steps[i], ()) for i in range(len(steps)) for j in range(i + 2, len(steps)))
        if not skips and not any(dst in near.get(f, ()) for f in chain[:-1]):
            minimal.append(chain)
    return sorted(minimal)


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_routes_are_the_minimal_chains(seed):
    """:func:`routes` lists exactly the minimal chains, in order (a depth-first walk over the
    fleets in board order), on random fleets of the standard map and of boards in play."""
    rng = random.Random(seed)
    near = tables(GMAP).sea_adjacent
    src = rng.choice(COASTAL)
    region = {s for s in SEAS if s in near[src]}
    for _ in range(3):  # the seas up to four steps from src: chains that may reach somewhere
        region |= {t for s in region for t in near[s] if t in SEAS}
    fleets = rng.sample(sorted(region), min(len(region), rng.randint(2, 9))) + rng.sample(COASTAL, rng.randint(0, 2))
    shores = sorted({p for f in fleets for p in near.get(f, ()) if p in COASTAL and p != src})
    dst = rng.choice(shores or COASTAL)
    for gmap in (GMAP, _iced_board(), _walled_board()):
        assert routes(gmap, src, dst, fleets) == _minimal_chains(gmap, src, dst, fleets)


def test_routes_are_listed_anew_each_time():
    """A remembered list of routes is handed out as a new list: changing it changes nothing later."""
    first = routes(GMAP, "lon", "bel", ["nth", "eng"])
    first.append(("bogus",))
    assert routes(GMAP, "lon", "bel", ["nth", "eng"]) == [("eng",), ("nth",)]


def test_every_convoy_choice_lets_a_walking_army_walk():
    """An army that can walk, is not written via convoy and is ordered no convoy is not convoyed,
    whatever the choice of 4.A.3 (the legality checks rely on it to skip the choice)."""
    from dipsat.model.notation import parse_order
    from dipsat.solver.order_choices import CONVOY_ADJACENT
    from tests.helpers import board

    position = board("England: A lon", "England: F nth", "France: F eng")
    move = parse_order("England: A lon - wal", GMAP)
    orders = {"lon": move, "nth": parse_order("England: F nth H", GMAP), "eng": parse_order("France: F eng H", GMAP)}
    for name, convoyed in CONVOY_ADJACENT.items():
        assert convoyed(GMAP, position.units["lon"], move, [], orders) is False, name
