"""Properties of dipsat.solver.adjudicate on random boards and random orders (hypothesis).

Boards put random units of random powers on random provinces of the standard map (fleets on a
coast they can stand on), spread out or crowded around a province or a convoying fleet; order
sets mix sensible orders (moves to neighbours, convoyed moves, supports and convoys that match
them) with nonsense (moves anywhere, orders for absent units, for another power's units,
duplicates and second orders). The DATC movement cases, mutated, add paradoxes to the mix.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dipsat.model.types import (
    Build, Convoy, Disband, Dislodged, Hold, Location, Move, Order, Phase, PhaseKind, Piece, Position,
    Result, Retreat, Season, SupportHold, SupportMove, Tag, Unit, UnitType, Waive,
)
from dipsat.model.casefiles import load_any
from dipsat.solver import DATC, adjudicate
from dipsat.solver.checker import check_resolution
from dipsat.solver.presets import PRESETS
from helpers import GMAP, board, orders

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PROVINCES = sorted(GMAP.provinces)
POWERS = GMAP.powers
CENTRES = sorted(GMAP.supply_centres)

VOCABULARY: dict[type, frozenset[Result]] = {
    Hold: frozenset({Result.STANDS, Result.ILLEGAL, Result.INVALID}),  # INVALID: a wrong unit type (4.C.2, mila)
    Move: frozenset({Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL, Result.INVALID}),
    SupportHold: frozenset({Result.GIVEN, Result.CUT, Result.ILLEGAL, Result.INVALID}),
    SupportMove: frozenset({Result.GIVEN, Result.CUT, Result.ILLEGAL, Result.INVALID}),
    Convoy: frozenset({Result.AVAILABLE, Result.DISRUPTED, Result.ILLEGAL, Result.INVALID}),
}
"""Order type -> the DATC result words (4.E.2) its result may take in a movement phase."""
NOT_MOVEMENT = frozenset({Result.ILLEGAL})
OTHER_PHASES = frozenset({Result.SUCCEEDS, Result.FAILS, Result.ILLEGAL})


# -- strategies ---------------------------------------------------------------------------------

@st.composite
def units_at(draw, province: str) -> Unit:
    """A unit the terrain of ``province`` allows: armies on land, fleets at sea, either on a coast."""
    fleet_locations = GMAP.fleet_locations(province)
    if not fleet_locations:
        return Unit(UnitType.ARMY, Location(province))
    if GMAP.is_sea(province) or draw(st.booleans()):
        return Unit(UnitType.FLEET, draw(st.sampled_from(fleet_locations)))
    return Unit(UnitType.ARMY, Location(province))


@st.composite
def any_unit(draw) -> Unit:
    """A unit anywhere (it may stand on the board or not)."""
    return draw(units_at(draw(st.sampled_from(PROVINCES))))


def _near(province: str) -> set[str]:
    """Provinces one step away, by land or by sea."""
    return set(GMAP.army_neighbours.get(province, ())) | {
        q for q in PROVINCES if GMAP.fleet_provinces_adjacent(province, q)}


NEAR = {p: frozenset(_near(p)) for p in PROVINCES}
"""Province -> its neighbours for any unit."""
BALLS = {p: sorted(NEAR[p] | {r for q in NEAR[p] for r in NEAR[q]}) for p in PROVINCES}
"""Province -> the provinces within two steps: dense boards are drawn from one of these."""
COASTAL = [p for p in PROVINCES if GMAP.is_coastal(p)]


SEAS = [p for p in PROVINCES if GMAP.is_sea(p)]


@st.composite
def boards(draw, max_units: int = 16) -> dict[str, Piece]:
    """Random pieces keyed by province: spread over the map, crowded around one province, or
    crowded around a fleet at sea with an army on its shore (convoys and their paradoxes)."""
    layout = draw(st.sampled_from(["spread", "crowd", "convoy", "convoy"]))
    powers = draw(st.sampled_from([POWERS[:2], POWERS[:3], POWERS]))
    pieces: dict[str, Piece] = {}
    where = PROVINCES
    if layout == "crowd":
        where = BALLS[draw(st.sampled_from(PROVINCES))]
    elif layout == "convoy":
        sea = draw(st.sampled_from(SEAS))
        where = BALLS[sea]
        pieces[sea] = Piece(draw(st.sampled_from(powers)), Unit(UnitType.FLEET, Location(sea)))
        shore = draw(st.sampled_from([p for p in NEAR[sea] if p in COASTAL] or COASTAL))
        pieces[shore] = Piece(draw(st.sampled_from(powers)), Unit(UnitType.ARMY, Location(shore)))
    chosen = draw(st.lists(st.sampled_from(where), min_size=2, max_size=max_units, unique=True))
    for p in chosen:
        if p not in pieces:
            pieces[p] = Piece(draw(st.sampled_from(powers)), draw(units_at(p)))
    return pieces


def neighbours(unit: Unit) -> list[Location]:
    """Where ``unit`` could move without a convoy."""
    if unit.kind is UnitType.ARMY:
        return [Location(p) for p in sorted(GMAP.army_neighbours.get(unit.province, ()))]
    return sorted(GMAP.fleet_neighbours.get(unit.location, ()), key=str)


def reach(unit: Unit) -> frozenset[str]:
    """The provinces ``unit`` could move to, so support into."""
    if unit.kind is UnitType.ARMY:
        return frozenset(GMAP.army_neighbours.get(unit.province, ()))
    return frozenset(GMAP.fleet_province_neighbours.get(unit.location, ()))


@st.composite
def destinations(draw, unit: Unit, pieces: Sequence[Piece] = ()) -> Location:
    """Mostly a neighbour of ``unit``; for an army on a coast, often a coast beyond a sea where a
    fleet of ``pieces`` stands (a convoy); sometimes any location at all."""
    near = neighbours(unit)
    roll = draw(st.integers(0, 9))
    if unit.kind is UnitType.ARMY and GMAP.is_coastal(unit.province) and roll < 4:
        seas = [pc.unit.province for pc in pieces
                if GMAP.is_sea(pc.unit.province) and pc.unit.province in NEAR[unit.province]]
        beyond = sorted({c for sea in seas for c in NEAR[sea] if c in COASTAL and c != unit.province})
        if beyond:
            return Location(draw(st.sampled_from(beyond)))
    if near and roll < 9:
        return draw(st.sampled_from(near))
    province = draw(st.sampled_from(PROVINCES))
    return draw(st.sampled_from(GMAP.fleet_locations(province) or (Location(province),)))


@st.composite
def movement_order(draw, piece: Piece, pieces: list[Piece], moves: Mapping[str, Move] = MappingProxyType({})
                   ) -> Order:
    """One order for ``piece``: hold, move, support or convoy of a unit of ``pieces``.

    Supports and convoys mostly name a unit they could serve and match the move ``moves`` gives it.
    """
    power, unit = piece.power, piece.unit
    kinds = ["hold", "move", "move", "support hold", "support move", "support move"]
    if unit.kind is UnitType.ARMY:
        kinds += ["via"]
    elif GMAP.is_sea(unit.province):
        kinds += ["convoy"] * 4
    if draw(st.integers(0, 9)) == 0:  # now and then an order the unit cannot carry out
        kinds += ["via", "convoy"]
    kind = draw(st.sampled_from(kinds))
    match kind:
        case "hold":
            return Hold(power, unit)
        case "move" | "via":
            return Move(power, unit, draw(destinations(unit, pieces)), kind == "via" and draw(st.booleans()))
        case "support hold":
            near = [pc.unit for pc in pieces if pc.unit.province in reach(unit) - set(moves)]
            use = near if near and draw(st.integers(0, 3)) else [pc.unit for pc in pieces]
            return SupportHold(power, unit, draw(st.sampled_from(use)))
        case "support move":
            near = [m for m in moves.values() if m.dest.province in reach(unit) and m.unit != unit]
            if near and draw(st.integers(0, 3)):
                move = draw(st.sampled_from(near))
                return SupportMove(power, unit, move.unit, move.dest)
            other = draw(st.sampled_from(pieces)).unit
            return SupportMove(power, unit, other, draw(destinations(other)))
    armies = [m for m in moves.values() if m.unit.kind is UnitType.ARMY
              and (m.unit.province in NEAR[unit.province] or m.dest.province in NEAR[unit.province])]
    armies = armies or [m for m in moves.values() if m.unit.kind is UnitType.ARMY
                        and {m.unit.province, m.dest.province} & set(BALLS[unit.province])]
    if armies and draw(st.integers(0, 3)):
        move = draw(st.sampled_from(armies))
        return Convoy(power, unit, move.unit, Location(move.dest.province))
    other = draw(st.sampled_from(pieces)).unit
    return Convoy(power, unit, other, Location(draw(st.sampled_from(COASTAL))))


@st.composite
def movement_phases(draw) -> tuple[Position, list[Order]]:
    """A movement-phase board and a random, partly nonsensical, order set for it."""
    pieces = draw(boards())
    position = Position(Phase(1901, draw(st.sampled_from([Season.SPRING, Season.FALL])), PhaseKind.MOVEMENT),
                        pieces)
    board = list(pieces.values())
    given: list[Order] = []
    for piece in board:  # moves first, so that supports and convoys can match them
        if draw(st.integers(0, 4)) and not (GMAP.is_sea(piece.unit.province) and draw(st.booleans())):
            order = draw(movement_order(piece, board))
            if isinstance(order, (Hold, Move)):
                given.append(order)
    moves = {o.unit.province: o for o in given if isinstance(o, Move)}
    ordered = {o.unit.province for o in given}
    for piece in board:
        if piece.unit.province not in ordered and draw(st.integers(0, 3)):
            given.append(draw(movement_order(piece, board, moves)))
    extras: list[Order] = []
    for _ in range(draw(st.integers(0, 3))):
        extra = draw(st.sampled_from(["absent", "foreign", "second", "duplicate", "misnamed"]))
        piece = draw(st.sampled_from(board))
        match extra:
            case "absent":  # a unit that is not on the board
                ghost = draw(any_unit())
                extras.append(draw(movement_order(Piece(draw(st.sampled_from(POWERS)), ghost), board)))
            case "foreign":  # a unit of another power
                extras.append(draw(movement_order(Piece(draw(st.sampled_from(POWERS)), piece.unit), board)))
            case "second":
                extras.append(draw(movement_order(piece, board, moves)))
            case "duplicate" if given:  # the same order twice: the very same object, or an equal copy
                again = draw(st.sampled_from(given))
                extras.append(again if draw(st.booleans()) else dataclasses.replace(again))
            case "misnamed":  # the wrong unit type or coast (DATC 4.B.5)
                kind = UnitType.FLEET if piece.unit.kind is UnitType.ARMY else UnitType.ARMY
                misnamed = Piece(piece.power, Unit(kind, Location(piece.unit.province)))
                extras.append(draw(movement_order(misnamed, board)))
    given += extras
    given = draw(st.permutations(given))
    return position, list(given)


DATACASES = Path(__file__).resolve().parents[1] / "datacases"
SEEDS = [(c.start, c.steps[0].orders) for f in sorted(DATACASES.glob("datc_6[A-G]*.txt")) for c in load_any(f, GMAP)
         if c.steps[0].phase.kind is PhaseKind.MOVEMENT]
"""Boards and orders of the DATC movement cases (paradoxes among them), to be mutated."""


@st.composite
def mutated_cases(draw) -> tuple[Position, list[Order]]:
    """A DATC movement case with some orders dropped, units handed to other powers, orders added."""
    start, seed_orders = draw(st.sampled_from(SEEDS))
    pieces = dict(start.units)
    for p in draw(st.lists(st.sampled_from(sorted(pieces)), max_size=2, unique=True)):
        pieces[p] = Piece(draw(st.sampled_from(POWERS)), pieces[p].unit)
    position = Position(Phase(1901, Season.SPRING, PhaseKind.MOVEMENT), pieces)
    kept = [o for o in seed_orders if draw(st.integers(0, 5))]
    board = list(pieces.values())
    moves = {o.unit.province: o for o in kept if isinstance(o, Move)}
    for _ in range(draw(st.integers(0, 2))):
        kept.append(draw(movement_order(draw(st.sampled_from(board)), board, moves)))
    if kept and draw(st.integers(0, 4)) == 0:
        kept.append(dataclasses.replace(draw(st.sampled_from(kept))))  # the same order written twice
    return position, list(draw(st.permutations(kept)))


PHASES = st.one_of(movement_phases(), mutated_cases())
"""Random movement phases: made up, or grown from a DATC case."""


# -- movement phases ----------------------------------------------------------------------------

def _fates(res) -> dict[str, Tag]:
    """Province -> the fate of its unit, read from the results and the generated orders."""
    return {r.order.unit.province: r.tag for r in (*res.results, *res.generated) if r.tag is not None}


@FAST
@given(PHASES)
def test_movement_never_raises(phase):
    """Any board and order set resolves without an exception."""
    position, given_orders = phase
    adjudicate(GMAP, position, given_orders, DATC, advance=False)
    adjudicate(GMAP, position, given_orders, DATC)


@FAST
@given(PHASES)
def test_every_order_gets_one_result_in_the_vocabulary(phase):
    """One result per given order, in order, whose word belongs to the order's type (DATC 4.E.2)."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC)
    assert [r.order for r in res.results] == given_orders
    for r in res.results:
        assert r.result in VOCABULARY.get(type(r.order), NOT_MOVEMENT), str(r)
        assert r.tag in (None, Tag.DISLODGED, Tag.DESTROYED)
        assert r.reason
    for r in res.generated:
        assert isinstance(r.order, Hold) and r.result is Result.STANDS


@FAST
@given(PHASES)
def test_board_after_is_sound(phase):
    """After the phase: one unit per province, each on a place it can stand, and no unit lost or made."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    after = res.after
    for province, piece in after.units.items():
        assert piece.unit.province == province
        if piece.unit.kind is UnitType.FLEET:
            assert piece.unit.location in GMAP.fleet_locations(province)
        else:
            assert not GMAP.is_sea(province) and piece.unit.location.coast is None
    fates = _fates(res)
    assert {p for p, t in fates.items() if t is Tag.DISLODGED} == set(after.dislodged)
    destroyed = [position.units[p] for p, t in fates.items() if t is Tag.DESTROYED]
    assert not set(after.dislodged) - set(position.units)
    kinds = lambda pieces: Counter((p.power, p.unit.kind) for p in pieces)  # noqa: E731
    assert len(after.units) + len(after.dislodged) + len(destroyed) == len(position.units)
    assert kinds([*after.units.values(), *(d.piece for d in after.dislodged.values()), *destroyed]) \
        == kinds(position.units.values())


@FAST
@given(PHASES)
def test_board_after_follows_the_results(phase):
    """A unit whose move succeeds stands at its destination; one neither moved nor dislodged stays put."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    moved = {r.order.unit.province: r.order.dest.province for r in res.results
             if isinstance(r.order, Move) and r.result is Result.SUCCEEDS}
    fates = _fates(res)
    for province, piece in position.units.items():
        if province in moved:
            arrived = res.after.units[moved[province]]
            assert (arrived.power, arrived.unit.kind) == (piece.power, piece.unit.kind)
            assert province not in fates
        elif province in fates:
            assert res.after.units.get(province) != piece
        else:
            assert res.after.units[province] == piece


@FAST
@given(PHASES)
def test_checker_finds_the_resolution_consistent(phase):
    """The plain-Python check of the DATC 5.B equations agrees with the CP-SAT resolution."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC)
    fixed = frozenset(name for p in res.paradoxes for name, _ in p.fixed)
    assert check_resolution(res.model.facts, res.values.decisions, fixed) == []
    assert res.resolutions in (0, 1, 2)
    assert bool(res.paradoxes) == (res.resolutions != 1)


@FAST
@given(PHASES)
def test_movement_is_deterministic(phase):
    """The same board and orders give the same resolution twice."""
    position, given_orders = phase
    first = adjudicate(GMAP, position, given_orders, DATC)
    second = adjudicate(GMAP, position, list(given_orders), DATC)
    assert first == second
    assert [str(r) for r in first.results] == [str(r) for r in second.results]


@FAST
@given(PHASES, st.sampled_from(sorted(PRESETS)))
def test_every_preset_resolves_movement(phase, preset):
    """Under every rules preset a phase resolves, in the vocabulary, keeping its units, the same twice."""
    position, given_orders = phase
    rules = PRESETS[preset]
    res = adjudicate(GMAP, position, given_orders, rules, advance=False)
    assert [r.order for r in res.results] == given_orders
    assert all(r.result in VOCABULARY.get(type(r.order), NOT_MOVEMENT) for r in res.results)
    destroyed = [p for p, t in _fates(res).items() if t is Tag.DESTROYED]
    assert len(res.after.units) + len(res.after.dislodged) + len(destroyed) == len(position.units)
    assert res == adjudicate(GMAP, position, given_orders, rules, advance=False)


# -- retreat phases -----------------------------------------------------------------------------

@st.composite
def retreat_phases(draw) -> tuple[Position, list[Order]]:
    """A retreat-phase board (units, dislodged units, standoffs) and random retreat orders."""
    pieces = draw(boards(max_units=10))
    dislodged = {}
    for province in draw(st.lists(st.sampled_from(PROVINCES), max_size=4, unique=True)):
        piece = Piece(draw(st.sampled_from(POWERS)), draw(units_at(province)))
        origin = draw(st.one_of(st.none(), st.sampled_from([loc.province for loc in neighbours(piece.unit)]
                                                           or [province])))
        dislodged[province] = Dislodged(piece, origin, draw(st.booleans()))
    empty = [p for p in PROVINCES if p not in pieces]
    standoffs = draw(st.frozensets(st.sampled_from(empty), max_size=3))
    position = Position(Phase(1901, Season.SPRING, PhaseKind.RETREAT), pieces, {}, dislodged, standoffs)
    everyone = [d.piece for d in dislodged.values()] + list(pieces.values())
    given: list[Order] = []
    for _ in range(draw(st.integers(0, 6))):
        piece = draw(st.sampled_from(everyone))
        power = draw(st.sampled_from([piece.power, piece.power, draw(st.sampled_from(POWERS))]))
        kind = draw(st.sampled_from(["retreat", "retreat", "disband", "move", "hold", "build"]))
        match kind:
            case "retreat":
                given.append(Retreat(power, piece.unit, draw(destinations(piece.unit))))
            case "disband":
                given.append(Disband(power, piece.unit))
            case "move":
                given.append(Move(power, piece.unit, draw(destinations(piece.unit))))
            case "hold":
                given.append(Hold(power, piece.unit))
            case _:
                given.append(Build(power, piece.unit))
    if given and draw(st.booleans()):
        given.append(draw(st.sampled_from(given)))
    return position, given


@FAST
@given(retreat_phases())
def test_retreats_never_raise_and_use_the_vocabulary(phase):
    """Retreats resolve without an exception; each order gets succeeds, fails or illegal."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    assert [r.order for r in res.results] == given_orders
    assert all(r.result in OTHER_PHASES for r in res.results)
    assert all(r.result is Result.ILLEGAL for r in res.results if not isinstance(r.order, (Retreat, Disband)))
    assert all(isinstance(r.order, Disband) for r in res.generated)
    assert adjudicate(GMAP, position, given_orders, DATC) == adjudicate(GMAP, position, given_orders, DATC)


@FAST
@given(retreat_phases())
def test_retreats_land_on_empty_provinces(phase):
    """A successful retreat adds one unit in a province that was empty; nothing else changes."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    landed = {r.order.dest.province for r in res.results
              if isinstance(r.order, Retreat) and r.result is Result.SUCCEEDS}
    assert not landed & set(position.units)
    assert not landed & position.standoffs
    assert len(res.after.units) == len(position.units) + len(landed)
    assert not res.after.dislodged
    assert all(piece.unit.province == p for p, piece in res.after.units.items())
    assert all(res.after.units[p] == piece for p, piece in position.units.items())


# -- adjustment phases --------------------------------------------------------------------------

@st.composite
def adjustment_phases(draw) -> tuple[Position, list[Order]]:
    """A Winter board with random centre owners and random builds, disbands and waives."""
    pieces = draw(boards(max_units=12))
    owned = draw(st.lists(st.sampled_from(CENTRES), max_size=16, unique=True))
    centres = {c: draw(st.sampled_from(POWERS)) for c in owned}
    centres |= {c: pieces[c].power for c in CENTRES if c in pieces}  # as after Fall: occupied centres change hands
    position = Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT), pieces, centres)
    homes = sorted(p for p in CENTRES if GMAP.provinces[p].home)
    given: list[Order] = []
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["build", "build", "build", "disband", "disband", "waive", "move"]))
        power = draw(st.sampled_from(POWERS))
        match kind:
            case "build":
                site = draw(st.sampled_from(homes if draw(st.integers(0, 3)) else PROVINCES))
                home = GMAP.provinces[site].home
                power = home if home and draw(st.integers(0, 3)) else power
                unit = draw(units_at(site))
                if draw(st.integers(0, 5)) == 0:  # a fleet without its coast, or an army with one
                    unit = Unit(UnitType.FLEET if unit.kind is UnitType.ARMY else UnitType.ARMY, Location(site))
                given.append(Build(power, unit))
            case "disband":
                piece = draw(st.sampled_from(list(pieces.values())))
                unit = piece.unit if draw(st.integers(0, 3)) else draw(any_unit())
                given.append(Disband(piece.power if draw(st.integers(0, 3)) else power, unit))
            case "waive":
                given.append(Waive(power))
            case _:
                piece = draw(st.sampled_from(list(pieces.values())))
                given.append(Move(piece.power, piece.unit, draw(destinations(piece.unit))))
    if given and draw(st.booleans()):
        given.append(draw(st.sampled_from(given)))
    return position, given


@FAST
@given(adjustment_phases())
def test_adjustments_never_raise_and_use_the_vocabulary(phase):
    """Adjustments resolve without an exception; each order gets succeeds, fails or illegal."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    assert [r.order for r in res.results] == given_orders
    assert all(r.result in OTHER_PHASES for r in res.results)
    assert all(r.result is Result.ILLEGAL for r in res.results if isinstance(r.order, Move))
    assert adjudicate(GMAP, position, given_orders, DATC) == adjudicate(GMAP, position, given_orders, DATC)


@FAST
@given(adjustment_phases(), st.sampled_from(sorted(PRESETS)))
def test_every_preset_resolves_adjustments(phase, preset):
    """Under every rules preset (civil disorder rules among them) adjustments resolve in the vocabulary."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, PRESETS[preset], advance=False)
    assert all(r.result in OTHER_PHASES for r in res.results)
    assert all(isinstance(r.order, Disband) for r in res.generated)


@FAST
@given(adjustment_phases())
def test_adjustments_balance_units_and_centres(phase):
    """Builds and disbands change the unit count by what succeeded, within what each power is due."""
    position, given_orders = phase
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    built = [r.order for r in res.results if isinstance(r.order, Build) and r.result is Result.SUCCEEDS]
    removed = [r.order for r in (*res.results, *res.generated)
               if isinstance(r.order, Disband) and r.result is Result.SUCCEEDS]
    assert len(res.after.units) == len(position.units) + len(built) - len(removed)
    assert not {b.unit.province for b in built} & set(position.units)
    assert all(piece.unit.province == p for p, piece in res.after.units.items())
    for power in POWERS:
        centres = sum(1 for owner in position.centres.values() if owner == power)
        before = sum(1 for pc in position.units.values() if pc.power == power)
        after = sum(1 for pc in res.after.units.values() if pc.power == power)
        if before > centres:
            assert after == centres, power
        else:
            assert before <= after <= centres, power


# -- found by these properties --------------------------------------------------------------------

DUPLICATE_BOARD = "England: A lon", "England: F nth"


def test_equal_duplicate_of_an_invalid_move_is_invalid_twice():
    """Two equal copies of a move needing an unordered convoy are both invalid (was a KeyError)."""
    position = board(*DUPLICATE_BOARD)
    given_orders = orders(GMAP, "England: A lon - bel", "England: A lon - bel", position=position)
    res = adjudicate(GMAP, position, given_orders, DATC)
    assert [r.result for r in res.results] == [Result.INVALID, Result.INVALID]


def test_equal_duplicate_of_an_invalid_support_is_invalid_twice():
    """A support of a move the unit was not ordered, written twice: both copies are invalid."""
    position = board(*DUPLICATE_BOARD)
    given_orders = orders(GMAP, "England: F nth S A lon - yor", "England: F nth S A lon - yor", position=position)
    res = adjudicate(GMAP, position, given_orders, DATC)
    assert [r.result for r in res.results] == [Result.INVALID, Result.INVALID]


def test_equal_duplicate_of_an_invalid_convoy_is_invalid_twice():
    """A convoy of an army not ordered there, written twice: both copies are invalid."""
    position = board(*DUPLICATE_BOARD)
    given_orders = orders(GMAP, "England: F nth C A lon - bel", "England: F nth C A lon - bel", position=position)
    res = adjudicate(GMAP, position, given_orders, DATC)
    assert [r.result for r in res.results] == [Result.INVALID, Result.INVALID]


def test_same_order_object_twice_is_invalid_twice():
    """The very same invalid order object given twice is marked invalid twice (identity works)."""
    position = board(*DUPLICATE_BOARD)
    [move] = orders(GMAP, "England: A lon - bel", position=position)
    res = adjudicate(GMAP, position, [move, move], DATC)
    assert [r.result for r in res.results] == [Result.INVALID, Result.INVALID]


def _as_dicts(position: Position) -> tuple[dict, dict, dict]:
    return dict(position.units), dict(position.centres), dict(position.dislodged)


@FAST
@given(st.one_of(PHASES, retreat_phases(), adjustment_phases()))
def test_the_board_adjudicated_is_left_as_it_was(phase):
    """The next board is made from a copy of the board's units and centres (the dict behind its
    read-only view, copied at once): the board the phase was adjudicated on keeps every unit,
    centre and dislodged unit it had, and the next board's mappings are read-only views of their own."""
    position, given_orders = phase
    before = _as_dicts(position)
    res = adjudicate(GMAP, position, given_orders, DATC, advance=False)
    assert _as_dicts(position) == before
    for mapping in (res.after.units, res.after.centres, res.after.dislodged):
        assert isinstance(mapping, MappingProxyType)
    if dict(res.after.units) != before[0]:
        assert res.after.units is not position.units
