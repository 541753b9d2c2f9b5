"""Random situations: a small board and the orders of one phase (or a movement and its retreats).

A situation is a :class:`~dipsat.model.cases.Case` without expectations. The generator is
biased toward the structures that make the DATC's cases: units are placed close together (a
ball of radius two around a random province), a few *structures* are laid first (a ring of
moves, a head-to-head battle, a convoy chain, an attack on a convoying fleet supported from the
convoy's destination), and the other units are given orders that refer to each other (an attack
goes where a unit stands, a support supports a move already ordered, a convoyed army is told to
go ``via convoy``). Then, now and then, an order is written sloppily as players write them: a
coast left out or wrong, an army's destination with a coast, a wrong unit type, a second order
for one unit, a power that orders nothing: the rule options of DATC 4.B-4.D are about those.

Everything is drawn from the ``random.Random`` passed in, in a fixed order (sorted sets only),
so a seed gives the same situation on every machine and in every process.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from typing import Callable

from dipsat.model.cases import Case, Step
from dipsat.model.gamemap import GameMap
from dipsat.model.types import (
    ARMY, FLEET, Build, Convoy, Disband, Hold, Location, Move, Order, Phase, PhaseKind, Piece, Position,
    Retreat, Season, SupportHold, SupportMove, Unit, Waive,
)

MODES = ("movement", "retreat", "adjustment")
"""The kinds of situation the generator makes; ``any`` mixes them (:data:`MODE_WEIGHTS`)."""
MODE_WEIGHTS = {"movement": 6, "retreat": 2, "adjustment": 2}
ORDER_WEIGHTS = {"hold": 1.0, "move": 4.0, "support": 3.5, "convoy": 2.0}
SLOPPY_CHANCE = 0.35
"""Chance that a situation has one sloppily written order (coasts, unit type, two orders...)."""
SPLIT_COAST_CHANCE = 0.25
"""Chance that a situation is centred on a province with two coasts (where DATC 4.B is about)."""
SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
WINTER = Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)


class Board:
    """The board being built: pieces by province, and the orders given so far, by province."""

    def __init__(self, gmap: GameMap, rng: random.Random, powers: list[str]) -> None:
        self.gmap, self.rng, self.powers = gmap, rng, powers
        self.pieces: dict[str, Piece] = {}
        self.orders: dict[str, Order] = {}

    def place(self, province: str, kind: str | None = None, power: str | None = None) -> Piece | None:
        """Put a unit in ``province`` (an army on land, a fleet at sea, either on a coast)."""
        if province in self.pieces:
            return self.pieces[province]
        terrain = self.gmap.provinces[province].terrain.value
        kinds = {"land": ["A"], "sea": ["F"], "coast": ["A", "F"]}[terrain]
        letter = kind if kind in kinds else self.rng.choice(kinds)
        if letter == "F":
            places = self.gmap.fleet_locations(province)
            if not places:
                return None
            unit = Unit(FLEET, self.rng.choice(places))
        else:
            unit = Unit(ARMY, Location(province))
        piece = Piece(power or self.rng.choice(self.powers), unit)
        self.pieces[province] = piece
        return piece

    def targets(self, unit: Unit) -> list[Location]:
        """Where ``unit`` may move without convoy (coast-exact for a fleet), sorted."""
        if unit.kind is ARMY:
            return [Location(p) for p in sorted(self.gmap.army_neighbours.get(unit.province, ()))]
        return sorted(self.gmap.fleet_neighbours.get(unit.location, ()), key=str)

    def reaches(self, unit: Unit, province: str) -> bool:
        """``unit`` could support into ``province``."""
        return self.gmap.reaches(unit, province)

    def near(self, province: str, radius: int) -> list[str]:
        """Provinces within ``radius`` steps (any edge), sorted."""
        seen, frontier = {province}, [province]
        for _ in range(radius):
            frontier = sorted({q for p in frontier for q in self.gmap._any_adjacent.get(p, ()) if q not in seen})
            seen.update(frontier)
        return sorted(seen)

    def position(self, phase: Phase = SPRING, centres: dict[str, str] | None = None) -> Position:
        """The board as a position."""
        return Position(phase, dict(self.pieces), centres or {})


def generate(rng: random.Random, gmap: GameMap, mode: str = "any", units: int = 6, variant: str = "standard",
             adjudicate: Callable[[Case], Case] | None = None, paradox: bool = False) -> Case:
    """A random situation of ``mode`` with at most ``units`` units on ``gmap`` (``paradox``: for
    a paradox search, see :func:`movement_situation`).

    ``adjudicate`` (retreat mode) plays the movement step and returns the case with a retreat
    step added for the units it dislodged; without it, retreat mode makes a movement situation.
    """
    if mode == "any":
        mode = rng.choices(list(MODE_WEIGHTS), list(MODE_WEIGHTS.values()))[0]
    if mode == "adjustment":
        return adjustment_situation(rng, gmap, units, variant)
    case = movement_situation(rng, gmap, units, variant, retreats=mode == "retreat", paradox=paradox)
    if mode == "retreat" and adjudicate is not None:
        return adjudicate(case)
    return case


def movement_situation(rng: random.Random, gmap: GameMap, units: int, variant: str = "standard",
                       retreats: bool = False, paradox: bool = False) -> Case:
    """A movement phase: structures first, then the other units with orders that refer to them
    (``paradox``: attacks on convoys often meet a second supported attack)."""
    powers = sorted(rng.sample(list(gmap.powers), k=min(len(gmap.powers), rng.choice([2, 2, 3, 3, 4]))))
    board = Board(gmap, rng, powers)
    split = [p for p in sorted(gmap.provinces) if gmap.provinces[p].coasts]
    centre = rng.choice(split if split and rng.random() < SPLIT_COAST_CHANCE else sorted(gmap.provinces))
    area = board.near(centre, 2)
    structures = [ring, head_to_head, convoy_chain, partial(convoy_attack, rival=0.5) if paradox else convoy_attack,
                  supported_attack, convoyed_dislodge, convoy_cuts_supporter]
    weights = [2.0, 2.0, 1.5, 3.0, 2.0, 1.5 if not retreats else 6.0, 1.5]
    if gmap.provinces[centre].coasts and rng.random() < 0.7:
        coast_move(board, centre)
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        if len(board.pieces) >= units:
            break
        rng.choices(structures, weights)[0](board, rng.choice(area))
    while len(board.pieces) > units:  # a structure may overshoot: the last units go
        gone = sorted(board.pieces)[rng.randrange(len(board.pieces))]
        del board.pieces[gone]
        board.orders.pop(gone, None)
    spots = [p for p in area if p not in board.pieces]
    rng.shuffle(spots)
    for province in spots[:max(0, rng.randint(units // 2, units) - len(board.pieces))]:
        board.place(province)
    unordered = [p for p in sorted(board.pieces) if p not in board.orders]
    rng.shuffle(unordered)
    for province in unordered:
        if province not in board.orders:
            random_order(board, province)
    orders = [board.orders[p] for p in sorted(board.orders) if p in board.pieces and _fits(board, board.orders[p])]
    if rng.random() < SLOPPY_CHANCE:
        orders = sloppy(board, orders)
    return situation(board.position(), orders, variant)


def situation(start: Position, orders: list[Order], variant: str = "standard", more: tuple[Step, ...] = ()) -> Case:
    """A case without expectations."""
    step = Step(start.phase, tuple(orders), (None,) * len(orders))
    return Case(id="found", title="", variant=variant, rules="datc", start=start, steps=(step, *more))


def _fits(board: Board, order: Order) -> bool:
    """The order's unit and every unit it names still stand where it names them."""
    units = [order.unit] + [order.target] if isinstance(order, (SupportHold, SupportMove, Convoy)) else [order.unit]
    return all(u.province in board.pieces for u in units)


# -- structures ---------------------------------------------------------------------------------------

def ring(board: Board, at: str) -> None:
    """Three or four units moving round a cycle of provinces (DATC 6.C)."""
    rng, gmap = board.rng, board.gmap
    path = [at]
    for _ in range(rng.choice([2, 2, 3])):
        nxt = [p for p in sorted(gmap._any_adjacent.get(path[-1], ())) if p not in path]
        if not nxt:
            return
        path.append(rng.choice(nxt))
    if path[0] not in gmap._any_adjacent.get(path[-1], ()):
        return
    placed = [board.place(p) for p in path]
    for i, piece in enumerate(placed):
        if piece is None:
            continue
        goal = path[(i + 1) % len(path)]
        dest = [t for t in board.targets(piece.unit) if t.province == goal]
        if dest:
            board.orders.setdefault(piece.unit.province, Move(piece.power, piece.unit, dest[0]))


def head_to_head(board: Board, at: str) -> None:
    """Two units moving into each other's province (DATC 6.E)."""
    a = board.place(at)
    if a is None:
        return
    others = [t for t in board.targets(a.unit)]
    if not others:
        return
    there = board.rng.choice(others)
    b = board.place(there.province, power=board.rng.choice([p for p in board.powers if p != a.power] or board.powers))
    if b is None:
        return
    back = [t for t in board.targets(b.unit) if t.province == a.unit.province]
    board.orders.setdefault(a.unit.province, Move(a.power, a.unit, there))
    if back:
        board.orders.setdefault(b.unit.province, Move(b.power, b.unit, back[0]))


def convoy_chain(board: Board, at: str) -> tuple[Piece, list[Piece], Location] | None:
    """An army on a coast, one to three fleets at sea convoying it, and its destination (DATC 6.F)."""
    rng, gmap = board.rng, board.gmap
    coasts = [p for p in board.near(at, 1) if gmap.is_coastal(p) and p not in board.pieces]
    if not coasts:
        return None
    start = rng.choice(coasts)
    seas: list[str] = []
    here = start
    for _ in range(rng.choice([1, 1, 2, 3])):
        nxt = [p for p in sorted(gmap._fleet_adjacent.get(here, ())) if gmap.is_sea(p) and p not in seas]
        if not nxt:
            break
        here = rng.choice(nxt)
        seas.append(here)
    if not seas:
        return None
    ends = [p for p in sorted(gmap._fleet_adjacent.get(seas[-1], ())) if gmap.is_coastal(p) and p != start]
    if not ends:
        return None
    dest = Location(rng.choice(ends))
    power = rng.choice(board.powers)
    army = board.place(start, "A", power)
    if army is None or army.unit.kind is not ARMY:
        return None
    fleets = []
    for sea in seas:
        fleet = board.place(sea, "F", power if rng.random() < 0.7 else None)
        if fleet is None or fleet.unit.kind is not FLEET:
            return None
        fleets.append(fleet)
        board.orders.setdefault(sea, Convoy(fleet.power, fleet.unit, army.unit, dest))
    if len(seas) == 1 and rng.random() < 0.4:  # a second route (DATC 4.A.1, 6.F.9-6.F.11)
        other = [p for p in sorted(gmap._fleet_adjacent.get(start, ())) if gmap.is_sea(p) and p not in board.pieces
                 and dest.province in gmap._fleet_adjacent.get(p, ())]
        if other:
            fleet = board.place(rng.choice(other), "F", power)
            if fleet is not None and fleet.unit.kind is FLEET:
                fleets.append(fleet)
                board.orders.setdefault(fleet.unit.province, Convoy(fleet.power, fleet.unit, army.unit, dest))
    via = rng.random() < 0.5 or dest.province not in gmap.army_neighbours.get(start, ())
    board.orders.setdefault(start, Move(army.power, army.unit, dest, via_convoy=via))
    return army, fleets, dest


def convoy_attack(board: Board, at: str, rival: float = 0.0) -> None:
    """A convoy whose fleet is attacked, the attack supported from the convoy's destination, which
    the convoyed army attacks (the pattern of the convoy paradoxes, DATC 6.F.14-6.F.24); with
    chance ``rival`` (paradox searches), a second supported attack on that fleet (6.F.16)."""
    rng = board.rng
    found = convoy_chain(board, at)
    if found is None:
        return
    army, fleets, dest = found
    fleet = rng.choice(fleets)
    enemy = [p for p in board.powers if p != fleet.power] or board.powers
    seas = [t for t in sorted(board.gmap._fleet_adjacent.get(fleet.unit.province, ())) if t not in board.pieces]
    if seas and rng.random() < 0.9:
        attacker = board.place(rng.choice(seas), "F", rng.choice(enemy))
        if attacker is not None and attacker.unit.kind is FLEET:
            into = [t for t in board.targets(attacker.unit) if t.province == fleet.unit.province]
            if into:
                board.orders.setdefault(attacker.unit.province, Move(attacker.power, attacker.unit, into[0]))
                spots = [dest.province] if rng.random() < 0.6 else \
                    [p for p in sorted(board.gmap._fleet_adjacent.get(fleet.unit.province, ())) if p not in board.pieces]
                if spots and spots[0] not in board.pieces:
                    side = attacker.power if rng.random() < 0.8 else fleet.power
                    spot = spots[0] if len(spots) == 1 else rng.choice(spots)
                    supporter = board.place(spot, "F" if rng.random() < 0.7 else None, side)
                    if supporter is not None and board.reaches(supporter.unit, fleet.unit.province):
                        board.orders.setdefault(spot, SupportMove(supporter.power, supporter.unit,
                                                                  attacker.unit, into[0]))
                if rival and rng.random() < rival:
                    second_attack(board, fleet.unit.province, [p for p in enemy if p != attacker.power] or enemy)


def second_attack(board: Board, target: str, powers: list[str]) -> None:
    """Another unit moving into ``target``, supported from a third province."""
    rng = board.rng
    free = [p for p in board.near(target, 1) if p not in board.pieces and p != target]
    rng.shuffle(free)
    for p in free:
        piece = board.place(p, power=rng.choice(powers))
        into = [t for t in board.targets(piece.unit) if t.province == target] if piece is not None else []
        if not into:
            board.pieces.pop(p, None)
            continue
        board.orders[p] = Move(piece.power, piece.unit, into[0])
        for q in free:
            if q not in board.pieces:
                helper = board.place(q, power=piece.power)
                if helper is not None and board.reaches(helper.unit, target):
                    board.orders[q] = SupportMove(helper.power, helper.unit, piece.unit, into[0])
                    return
                board.pieces.pop(q, None)
        return


def supported_attack(board: Board, at: str) -> None:
    """A move into an occupied province with one or two supports, perhaps one cut (DATC 6.D)."""
    rng = board.rng
    target = board.place(at)
    if target is None:
        return
    near = [p for p in board.near(at, 1) if p != at]
    rng.shuffle(near)
    attacker = None
    for p in near:
        piece = board.place(p, power=rng.choice([q for q in board.powers if q != target.power] or board.powers))
        if piece is None:
            continue
        into = [t for t in board.targets(piece.unit) if t.province == at]
        if into:
            attacker = piece
            board.orders.setdefault(p, Move(piece.power, piece.unit, into[0]))
            break
    if attacker is None:
        return
    move = board.orders.get(attacker.unit.province)
    for p in near[: rng.choice([1, 2, 2, 3])]:
        piece = board.place(p)
        if piece is None or p == attacker.unit.province or not board.reaches(piece.unit, at):
            continue
        if isinstance(move, Move):
            board.orders.setdefault(p, SupportMove(piece.power, piece.unit, attacker.unit, move.dest))


def coast_move(board: Board, at: str) -> None:
    """A fleet moving to a coast of the split-coast province ``at``, perhaps supported, perhaps
    against a unit there (the moves DATC 4.B is about, before they are written sloppily)."""
    rng, gmap = board.rng, board.gmap
    starts = sorted({src for coast in gmap.fleet_locations(at) for src, ends in gmap.fleet_neighbours.items()
                     if coast in ends and src.province not in board.pieces}, key=str)
    if not starts:
        return
    src = rng.choice(starts)
    fleet = board.place(src.province, "F")
    if fleet is None or fleet.unit.kind is not FLEET:
        return
    fleet = Piece(fleet.power, Unit(FLEET, src))
    board.pieces[src.province] = fleet
    dest = rng.choice([c for c in gmap.fleet_locations(at) if c in gmap.fleet_neighbours.get(src, ())])
    board.orders[src.province] = Move(fleet.power, fleet.unit, dest)
    if rng.random() < 0.5:
        board.place(at)
    helpers = [p for p in board.near(at, 1) if p not in board.pieces and p != at]
    if helpers and rng.random() < 0.6:
        p = rng.choice(helpers)
        helper = board.place(p)
        if helper is not None and board.reaches(helper.unit, at):
            board.orders[p] = SupportMove(helper.power, helper.unit, fleet.unit, dest)


def convoyed_dislodge(board: Board, at: str) -> None:
    """A convoyed army attacking a unit with support; the unit attacked moves toward the army's
    origin, where a third unit may go too (DATC 6.H.11-6.H.13: retreats after a convoyed attack;
    4.A.7: where a dislodged unit has no effect)."""
    rng = board.rng
    found = convoy_chain(board, at)
    if found is None:
        return
    army, _, dest = found
    origin = army.unit.province
    enemy = [p for p in board.powers if p != army.power] or board.powers
    victim = board.place(dest.province, power=rng.choice(enemy))
    if victim is None:
        return
    board.orders.pop(dest.province, None)
    helpers = [p for p in board.near(dest.province, 1) if p not in board.pieces and p != origin]
    rng.shuffle(helpers)
    for p in helpers[:1]:
        helper = board.place(p, power=army.power if rng.random() < 0.7 else victim.power)
        if helper is not None and board.reaches(helper.unit, dest.province):
            board.orders.setdefault(p, SupportMove(helper.power, helper.unit, army.unit, dest))
    back = [t for t in board.targets(victim.unit) if t.province == origin]
    if back and rng.random() < 0.6:
        board.orders[dest.province] = Move(victim.power, victim.unit, back[0])
    if rng.random() < 0.5:
        for p in [q for q in board.near(origin, 1) if q not in board.pieces]:
            third = board.place(p)
            if third is not None:
                into = [t for t in board.targets(third.unit) if t.province == origin]
                if into:
                    board.orders.setdefault(p, Move(third.power, third.unit, into[0]))
                    break
                del board.pieces[p]


def convoy_cuts_supporter(board: Board, at: str) -> None:
    """A unit supporting a move into a province from which an army is convoyed against that
    unit (DATC 4.A.4: does a convoyed attack from the supported-into province cut support?)."""
    rng = board.rng
    found = convoy_chain(board, at)
    if found is None:
        return
    army, _, dest = found
    origin = army.unit.province
    supporter = board.place(dest.province, power=rng.choice([p for p in board.powers if p != army.power] or board.powers))
    if supporter is None or not board.reaches(supporter.unit, origin):
        return
    board.orders.pop(dest.province, None)
    for p in [q for q in board.near(origin, 1) if q not in board.pieces and q != dest.province]:
        mover = board.place(p, power=supporter.power)
        if mover is None:
            continue
        into = [t for t in board.targets(mover.unit) if t.province == origin]
        if into:
            board.orders.setdefault(p, Move(mover.power, mover.unit, into[0]))
            board.orders[dest.province] = SupportMove(supporter.power, supporter.unit, mover.unit, into[0])
            return
        del board.pieces[p]


# -- orders for the other units -----------------------------------------------------------------------

def random_order(board: Board, province: str) -> None:
    """Give the unit in ``province`` an order that refers to the units around it."""
    rng = board.rng
    piece = board.pieces[province]
    unit = piece.unit
    kind = rng.choices(list(ORDER_WEIGHTS), list(ORDER_WEIGHTS.values()))[0]
    targets = board.targets(unit)
    if kind == "move" and targets:
        occupied = [t for t in targets if t.province in board.pieces]
        dest = rng.choice(occupied if occupied and rng.random() < 0.6 else targets)
        board.orders[province] = Move(piece.power, unit, dest)
        return
    if kind == "support":
        moves = [o for p, o in sorted(board.orders.items()) if isinstance(o, Move) and p != province
                 and o.dest.province != province and board.reaches(unit, o.dest.province)]
        if moves and rng.random() < 0.75:
            m = rng.choice(moves)
            board.orders[province] = SupportMove(piece.power, unit, m.unit, m.dest)
            return
        others = [board.pieces[p] for p in sorted(board.pieces) if p != province and board.reaches(unit, p)]
        if others:
            other = rng.choice(others)
            board.orders[province] = SupportHold(piece.power, unit, other.unit)
            return
    if kind == "convoy" and unit.kind is FLEET and board.gmap.is_sea(unit.province):
        armies = [board.pieces[p] for p in sorted(board.gmap._fleet_adjacent.get(province, ()))
                  if p in board.pieces and board.pieces[p].unit.kind is ARMY]
        ends = [p for p in sorted(board.gmap._fleet_adjacent.get(province, ())) if board.gmap.is_coastal(p)]
        if armies and ends:
            army = rng.choice(armies)
            dest = [p for p in ends if p != army.unit.province]
            if dest:
                to = Location(rng.choice(dest))
                board.orders[province] = Convoy(piece.power, unit, army.unit, to)
                if army.unit.province not in board.orders or rng.random() < 0.3:
                    board.orders[army.unit.province] = Move(army.power, army.unit, to, via_convoy=rng.random() < 0.6)
                return
    if rng.random() < 0.6:
        board.orders[province] = Hold(piece.power, unit)


# -- sloppy orders ------------------------------------------------------------------------------------

def sloppy(board: Board, orders: list[Order]) -> list[Order]:
    """The orders with one written as players sometimes write them (DATC 4.B-4.D), chosen among
    the ways that apply to these orders."""
    rng, gmap = board.rng, board.gmap
    ways: list[tuple[int, str]] = []
    for i, o in enumerate(orders):
        split_dest = isinstance(o, (Move, SupportMove)) and bool(gmap.provinces[o.dest.province].coasts)
        if isinstance(o, Move) and o.unit.kind is FLEET and split_dest:
            ways += [(i, "coast")] * 3
        if isinstance(o, Move) and o.unit.kind is ARMY:
            ways += [(i, "via")] + ([(i, "army_coast")] * 2 if split_dest else [])
        if o.unit.location.coast:
            ways += [(i, "unit_coast")] * 2
        if isinstance(o, SupportMove) and split_dest:
            ways += [(i, "support_coast")] * 3
        if gmap.is_coastal(o.unit.province):
            ways.append((i, "type"))
        ways += [(i, "twice"), (i, "silent")]
    if not ways:
        return orders
    i, how = rng.choice(ways)
    orders = list(orders)
    o = orders[i]
    if how in ("coast", "support_coast"):
        coasts = [None, *gmap.provinces[o.dest.province].coasts]
        orders[i] = replace(o, dest=Location(o.dest.province, rng.choice([c for c in coasts if c != o.dest.coast])))
    elif how == "army_coast":
        orders[i] = replace(o, dest=Location(o.dest.province, rng.choice(gmap.provinces[o.dest.province].coasts)))
    elif how == "unit_coast":
        other = [c for c in gmap.provinces[o.unit.province].coasts if c != o.unit.location.coast]
        orders[i] = replace(o, unit=Unit(o.unit.kind, Location(o.unit.province, rng.choice([None, *other]))))
    elif how == "type":
        wrong = FLEET if o.unit.kind is ARMY else ARMY
        orders[i] = replace(o, unit=Unit(wrong, Location(o.unit.province)))
    elif how == "twice":
        again = Board(gmap, rng, board.powers)
        again.pieces, again.orders = board.pieces, {}
        random_order(again, o.unit.province)
        second = again.orders.get(o.unit.province)
        if second is not None and second != o:
            orders.insert(i + 1, second)
    elif how == "silent":
        orders = [x for x in orders if x.power != o.power]
    elif how == "via":
        orders[i] = replace(o, via_convoy=not o.via_convoy)
    return orders


# -- retreats and adjustments -------------------------------------------------------------------------

def retreat_step(rng: random.Random, gmap: GameMap, after: Position, phase: Phase) -> Step | None:
    """Retreat orders for the units ``after`` holds dislodged: a neighbour (often the attacker's
    origin, or where another dislodged unit goes), or a disband."""
    if not after.dislodged:
        return None
    orders: list[Order] = []
    chosen: list[str] = []
    for province, d in sorted(after.dislodged.items()):
        unit = d.piece.unit
        board = Board(gmap, rng, [d.piece.power])
        options = board.targets(unit)
        favoured = [t for t in options if t.province == d.attacker_origin or t.province in chosen]
        if rng.random() < 0.1 or not options:
            orders.append(Disband(d.piece.power, unit))
            continue
        dest = rng.choice(favoured if favoured and rng.random() < 0.7 else options)
        chosen.append(dest.province)
        orders.append(Retreat(d.piece.power, unit, dest))
    return Step(phase, tuple(orders), (None,) * len(orders))


def adjustment_situation(rng: random.Random, gmap: GameMap, units: int, variant: str = "standard") -> Case:
    """A Winter adjustment: one or two powers with more centres than units (builds) or fewer
    (disbands, some left to civil disorder), their orders sometimes too many, doubled or void."""
    powers = sorted(rng.sample(list(gmap.powers), k=rng.choice([1, 1, 2])))
    board = Board(gmap, rng, powers)
    centres: dict[str, str] = {}
    orders: list[Order] = []
    provinces = sorted(gmap.provinces)
    for power in powers:
        homes = sorted(gmap.home_centres(power))
        build = rng.random() < 0.5
        own = [h for h in homes if rng.random() < 0.8]
        others = [c for c in sorted(gmap.supply_centres) if c not in centres and c not in homes]
        own += rng.sample(others, k=rng.choice([0, 1, 2]))
        for c in own:
            centres.setdefault(c, power)
        mine = [c for c, p in centres.items() if p == power]
        count = max(1, min(units, len(mine) - rng.randint(1, 2) if build else len(mine) + rng.randint(1, 2)))
        spots = [p for p in provinces if p not in board.pieces and (build or p not in homes)]
        for p in rng.sample(spots, k=min(count, len(spots))):
            board.place(p, power=power)
        have = [pc for pc in board.pieces.values() if pc.power == power]
        due = len(mine) - len(have)
        if due > 0:
            sites = [h for h in homes if centres.get(h) == power and h not in board.pieces] + \
                    ([rng.choice(provinces)] if rng.random() < 0.2 else [])
            n = max(0, due + rng.choice([-1, 0, 0, 1, 2]))
            for _ in range(n):
                if not sites:
                    break
                site = rng.choice(sites)
                kind = rng.choice([ARMY, FLEET])
                loc = Location(site)
                if kind is FLEET and gmap.provinces[site].coasts:
                    loc = Location(site, rng.choice([None, *gmap.provinces[site].coasts]))
                orders.append(Build(power, Unit(kind, loc)))
            if rng.random() < 0.3:
                orders.append(Waive(power))
        elif due < 0:
            pool = sorted(have, key=lambda pc: pc.unit.province)
            n = max(0, -due + rng.choice([-2, -1, -1, 0, 1]))
            for pc in rng.sample(pool, k=min(n, len(pool))):
                orders.append(Disband(power, pc.unit))
            if pool and rng.random() < 0.15:
                orders.append(Disband(power, rng.choice(pool).unit))
    rng.shuffle(orders)
    return situation(board.position(WINTER, centres), orders, variant)
