"""No Sorcerous or Gathering input ends in a traceback, however its spells and cards combine
(issue 21): hypothesis plays random boards (wizards, familiars, double, walking and sailing
units), random game states (spells in force, stone, amulets, Black Holes) and three phases of
random order lines read by the variant's own reader (moves, supports, convoys to neighbours;
every spell and every card, primary and secondary, on random targets; familiars, splits,
discards, retreats, builds and disbands). Every order line gets exactly one result in the DATC
vocabulary, and the board the engine hands on is one the variant can play again.
``SG_FUZZ_EXAMPLES=300`` runs more examples than the suite's 25 per variant."""
from __future__ import annotations

import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dipsat.model.errors import InputError
from dipsat.model.notation import parse_unit
from dipsat.model.types import Phase, PhaseKind, Piece, Position, Result, Season
from dipsat.solver import DATC
from dipsat.variants import find_variant
from dipsat.variants.gathering.cards import Card

FUZZ = settings(max_examples=int(os.environ.get("SG_FUZZ_EXAMPLES", "25")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
"""25 examples a variant in the suite; 300 each ran without a failure (75 s)."""
SORCEROUS = find_variant("sorcerous")
GATHERING = find_variant("gathering")
GMAP = SORCEROUS.map
PROVINCES = sorted(GMAP.provinces)
SEAS = [p for p in PROVINCES if GMAP.is_sea(p)]
POWERS = sorted(GMAP.powers)
WORDS = frozenset(r.value for r in Result) | {"dislodged", "destroyed"}


def _neighbours(province: str) -> list[str]:
    return sorted(set(GMAP.army_neighbours.get(province, ())) | {
        loc.province for loc in GMAP.fleet_locations(province) for loc in GMAP.fleet_neighbours.get(loc, ())})


@st.composite
def boards(draw, letters_land: tuple[str, ...], letters_sea: tuple[str, ...]) -> Position:
    """A random board of random kinds, crowded around one province so that units meet."""
    centre = draw(st.sampled_from(PROVINCES))
    near = sorted({centre, *_neighbours(centre), *(q for p in _neighbours(centre) for q in _neighbours(p))})
    places = draw(st.lists(st.sampled_from(near), min_size=2, max_size=9, unique=True))
    units = {}
    for p in places:
        letters = letters_sea if GMAP.is_sea(p) else letters_land
        letter = draw(st.sampled_from(letters))
        where = p if not (letter.endswith("F") and GMAP.provinces[p].coasts) else f"{p}/{GMAP.provinces[p].coasts[0]}"
        if letter.endswith("F") and GMAP.is_land(p) and "s" not in letter:
            letter = letter[:-1] + "A"
        try:
            unit = parse_unit(f"{letter} {where}", GATHERING.map if "w" in letter or "s" in letter else GMAP)
        except InputError:
            continue
        units[p] = Piece(draw(st.sampled_from(POWERS)), unit)
    centres = {c: draw(st.sampled_from(POWERS)) for c in draw(st.lists(st.sampled_from(sorted(GMAP.supply_centres)),
                                                                       max_size=8, unique=True))}
    season = draw(st.sampled_from([Season.SPRING, Season.FALL]))
    return Position(Phase(1901, season, PhaseKind.MOVEMENT), units, centres)


def _unit_text(position: Position, p: str) -> str:
    return f"{position.units[p].unit.kind.base_kind().letter} {p}"


@st.composite
def unit_orders(draw, position: Position) -> list[str]:
    """Standard orders for some units: holds, moves to neighbours, supports, convoys."""
    lines = []
    for p, piece in sorted(position.units.items()):
        if not draw(st.booleans()):
            continue
        me, hood = _unit_text(position, p), _neighbours(p)
        kind = draw(st.sampled_from(["hold", "move", "support", "convoy", "via"]))
        other = draw(st.sampled_from(sorted(position.units)))
        dest = draw(st.sampled_from(hood)) if hood else p
        if kind == "hold":
            lines.append(f"{piece.power}: {me} H")
        elif kind == "move":
            lines.append(f"{piece.power}: {me} - {dest}")
        elif kind == "via":
            lines.append(f"{piece.power}: {me} - {draw(st.sampled_from(PROVINCES))} via convoy")
        elif kind == "support":
            lines.append(f"{piece.power}: {me} S {_unit_text(position, other)}" +
                         (f" - {dest}" if draw(st.booleans()) else ""))
        else:
            lines.append(f"{piece.power}: {me} C {_unit_text(position, other)} - {draw(st.sampled_from(PROVINCES))}")
    return lines


@st.composite
def spells(draw, position: Position) -> list[str]:
    """Casts of every spell on random targets, familiars, wizard builds out of season."""
    lines = []
    wizards = {piece.power: p for p, piece in position.units.items() if piece.unit.kind.letter == "W"}
    for _ in range(draw(st.integers(0, 4))):
        power = draw(st.sampled_from(sorted(wizards))) if wizards and draw(st.integers(0, 3)) else \
            draw(st.sampled_from(POWERS))
        spell = draw(st.sampled_from(["STASIS", "SHIELD", "WALL", "ICE", "FLAME", "MAGIC SHIELD", "FROST"]))
        unit = _unit_text(position, draw(st.sampled_from(sorted(position.units))))
        a, b = draw(st.sampled_from(PROVINCES)), draw(st.sampled_from(PROVINCES))
        sea = draw(st.sampled_from(SEAS + [a]))
        target = {"STASIS": unit, "SHIELD": unit, "MAGIC SHIELD": unit, "WALL": f"{a} {b}", "ICE": sea,
                  "FLAME": sea, "FROST": sea}[spell]
        lines.append(f"{power}: CAST {spell} {target}")
        if draw(st.integers(0, 3)) == 0:
            own = sorted(p for p, piece in position.units.items() if piece.power == power) or [a]
            lines.append(f"{power}: W {wizards.get(power, a)} FAMILIAR {_unit_text(position, draw(st.sampled_from(own)))}"
                         if own[0] in position.units else f"{power}: W {a} FAMILIAR {unit}")
    return lines


@st.composite
def cards(draw, position: Position) -> list[str]:
    """Every card, primary or secondary, on random targets; splits, discards, conditions."""
    lines = []
    for _ in range(draw(st.integers(0, 5))):
        power = draw(st.sampled_from(POWERS))
        card = draw(st.sampled_from(list(Card)))
        p = draw(st.sampled_from(sorted(position.units)))
        unit = _unit_text(position, p)
        a, b = draw(st.sampled_from(PROVINCES)), draw(st.sampled_from(_neighbours(p) or [p]))
        c = draw(st.sampled_from(_neighbours(b) or [b]))
        target = {Card.PROTECTIVE_AMULET: "", Card.BLACK_HOLE: a, Card.UTTER_DESTRUCTION: a, Card.GARDEN_OF_EDEN: a,
                  Card.TELEPORT: f"{unit} - {a}", Card.FASTER_THAN_LIGHT: f"{unit} - {b}" + (f" - {c}" if draw(
                      st.booleans()) else "")}.get(card, unit)
        how = draw(st.sampled_from(["CARD", "SECONDARY", "DISCARD", "SECONDARY_IF"]))
        if how == "DISCARD":
            lines.append(f"{power}: DISCARD {card.value}")
        elif how == "SECONDARY_IF":
            lines.append(f"{power}: SECONDARY {card.value} {target} IF {draw(st.sampled_from(POWERS))} "
                         f"{draw(st.sampled_from(list(Card))).value}")
        else:
            lines.append(f"{power}: {how} {card.value} {target}".rstrip())
        if draw(st.integers(0, 5)) == 0:
            four = draw(st.lists(st.sampled_from(list(Card)), min_size=4, max_size=4))
            lines.append(f"{power}: SPLIT {', '.join(x.value for x in four)}")
    return lines


@st.composite
def later_orders(draw, position: Position) -> list[str]:
    """Orders for a retreat or adjustment phase: retreats, disbands, builds (wizards too)."""
    lines = []
    for p, d in sorted(position.dislodged.items()):
        hood = _neighbours(p)
        if hood and draw(st.booleans()):
            lines.append(f"{d.piece.power}: {d.piece.unit.kind.base_kind().letter} {p} R {draw(st.sampled_from(hood))}")
        else:
            lines.append(f"{d.piece.power}: {d.piece.unit.kind.base_kind().letter} {p} D")
    if position.phase.kind is PhaseKind.ADJUSTMENT:
        for _ in range(draw(st.integers(0, 4))):
            power = draw(st.sampled_from(POWERS))
            home = draw(st.sampled_from(sorted(GMAP.supply_centres)))
            letter = draw(st.sampled_from(["A", "F", "W", "WF"]))
            lines.append(f"{power}: Build {letter} {home}")
        if position.units and draw(st.booleans()):
            p = draw(st.sampled_from(sorted(position.units)))
            lines.append(f"{position.units[p].power}: {_unit_text(position, p)} D")
    return lines


SORCEROUS_STATES = st.lists(st.sampled_from([
    "Spells: Stasis {p} until Fall 1901", "Spells: Shield {p}, 2 turns left; Wall {p} {q} until Fall 1901",
    "Spells: Ice {s} until Fall 1902; Stasis {p}, 1 turn left", "Waiting: Flame {s}", "Waiting: Ice {s}; Wall {p} {q}",
    "Spirits: {power} from Winter 1901", "Cast: {power}"]), max_size=4)
GATHERING_STATES = st.lists(st.sampled_from([
    "Stone: {p} until Fall 1901", "Shielded: {p}", "Amulets: {power} until Fall 1901", "Black Holes: {q}",
    "Started: {p} from {q}"]), max_size=4)


def _state(variant, position: Position, forms: list[str], data) -> Position:
    """The board with a random state read by the variant's STATE notation (lines it refuses are
    left out: a refused line is a clear error, tested in tests/test_variants_sg_readings.py)."""
    for form in forms:
        p = data.draw(st.sampled_from(sorted(position.units)))
        q = data.draw(st.sampled_from(_neighbours(p) or [p]))
        line = form.format(p=p, q=q, s=data.draw(st.sampled_from(SEAS)), power=data.draw(st.sampled_from(POWERS)))
        key, _, words = line.partition(":")
        try:
            position = variant.state_notation.read(variant, position, key.lower(), words.strip())
        except InputError:
            continue
    return position


def _play(variant, position: Position, texts: list[str]) -> Position:
    """One phase from order lines: unreadable lines are left out (the reader's error is a clear
    error, tested elsewhere); every order read gets exactly one result in the vocabulary."""
    orders = []
    for line in texts:
        power, _, text = line.partition(": ")
        try:
            orders.append(variant.parse_order(text, power, position, position.phase.kind))
        except InputError:
            continue
    res = variant.adjudicate(position, orders, DATC)
    assert len(res.results) == len(orders)
    for r in (*res.results, *res.generated):
        assert r.result in Result
        assert set(r.words.split(", ")) <= WORDS, r.words
    return res.after


def _one_wizard_each(position: Position) -> Position:
    """A Sorcerous board: at most one wizard and one familiar per power, a familiar only beside
    its power's wizard (rules 2b, 4); the others plain armies and fleets."""
    units, wizards, familiars = {}, set(), set()
    for p, piece in sorted(position.units.items()):
        letter = piece.unit.kind.letter
        keep = (letter == "W" and piece.power not in wizards) or (
            letter.startswith("2") and piece.power in wizards and piece.power not in familiars) or len(letter) == 1
        if letter == "W" and keep:
            wizards.add(piece.power)
        if letter.startswith("2") and keep:
            familiars.add(piece.power)
        base = piece.unit.kind.base_kind().letter if letter != "W" else "A"
        units[p] = piece if keep else Piece(piece.power, parse_unit(f"{base} {piece.unit.location}", GMAP))
    armies = [p for p, piece in units.items() if piece.unit.kind.letter == "A" and piece.power not in wizards]
    if armies:  # a wizard on every board: the spells are what is tested
        units[armies[0]] = Piece(units[armies[0]].power, parse_unit(f"W {armies[0]}", GMAP))
    return Position(position.phase, units, position.centres)


def _three_phases(variant, data, letters_land, letters_sea, states, specials) -> None:
    position = data.draw(boards(letters_land, letters_sea))
    if variant.name == "sorcerous":
        position = _one_wizard_each(position)
    assume(position.units and variant.board_problem(position) is None)
    position = _state(variant, position, data.draw(states), data)
    for _ in range(3):
        if position.phase.kind is PhaseKind.MOVEMENT:
            texts = data.draw(unit_orders(position)) + data.draw(specials(position))
        else:
            texts = data.draw(later_orders(position))
        position = _play(variant, position, texts)
        if not position.units and not position.dislodged:
            return


@FUZZ
@given(st.data(), st.sampled_from(["sorcerous", "sorcerous,stasis_first=yes,flame_timing=before_movement,"
                                   "stasis_on_shield=later,wall_convoyed_move=blocks,familiar=both,stuck_fleet=defends"]))
def test_sorcerous_never_raises(data, spec):
    """Random boards, spell states and three phases of Sorcerous orders never raise."""
    _three_phases(find_variant(spec), data, ("A", "F", "W", "2A"), ("F", "2F"), SORCEROUS_STATES, spells)


@FUZZ
@given(st.data(), st.sampled_from(["gathering", "gathering,seed=3,ftl_order=in_turn,black_hole_from=hole,"
                                   "black_hole_owner=ended,sail_coast=needed,double_cut=both_halves,stone_convoy=forbidden"]))
def test_gathering_never_raises(data, spec):
    """Random boards, card states and three phases of Gathering orders and cards never raise."""
    _three_phases(find_variant(spec), data, ("A", "F", "2A", "wA", "sF", "2sF"), ("F", "wA", "sF", "2F"),
                  GATHERING_STATES, cards)
