"""The core's generalised concepts on a tiny board: unit kinds as data, strengths in halves,
stacked pieces, a board that changes in play, and a variant's own end."""
from __future__ import annotations

import json
import pickle
from types import SimpleNamespace

import pytest

from dipsat.model.board import (
    AddCentre, CloseEdge, FreezeSea, Lasting, RemoveCentre, apply_change, board_in_play, last_phase_of_turns,
)
from dipsat.model.gamemap import GameMap, map_from_json
from dipsat.model.kinds import (
    ALL_TERRAIN, ARMY, DOUBLE, FLEET, WALKS_ON_WATER, Moves, UnitKind, can_share,
)
from dipsat.model.notation import parse_order, parse_unit
from dipsat.model.types import (
    Location, Phase, PhaseKind, Piece, Position, Result, Season, StackError, Unit, UnitType,
)
from dipsat.solver import DATC, adjudicate
from dipsat.solver.phases import update_centres
from dipsat.variants.framework.ending import (
    after_year, centre_count, first_of, majority_of_centres, most_points, shared_win, unit_margin,
)

BUBBLE_CAR = UnitKind("M", "bubble-car", moves=Moves.ANYWHERE, scale=2, attack=1, hold=2, defend=2, prevent=2,
                      support=0, can_support=False, captures=False, convoyable=False)
HALF = UnitKind("Q", "half army", scale=2, attack=1, hold=1, defend=1, prevent=1, support=1)
HITCHHIKER = UnitKind("H", "hitch-hiker", moves=Moves.NONE, reach=Moves.ARMY, shares_with=frozenset({"H"}))
ZAPHOD = UnitKind("Z", "zaphod", moves=Moves.ANY_EDGE, stands=ALL_TERRAIN, owned=False, guest=True,
                  shares_with=frozenset({"*"}))

TINY = {
    "name": "tiny", "powers": ["Pland", "Qland"],
    "provinces": [
        {"id": "lan", "name": "Land", "terrain": "land", "sc": True, "home": "Pland"},
        {"id": "mid", "name": "Middle", "terrain": "land"},
        {"id": "bor", "name": "Border", "terrain": "coast"},
        {"id": "far", "name": "Far", "terrain": "coast", "sc": True, "home": "Qland"},
        {"id": "sea", "name": "Sea", "terrain": "sea"},
        {"id": "isl", "name": "Island", "terrain": "coast", "sc": True},
    ],
    "edges": [["lan", "mid", "A"], ["lan", "bor", "A"], ["mid", "bor", "A"], ["mid", "far", "A"],
              ["bor", "far", "AF"], ["bor", "sea", "F"], ["far", "sea", "F"], ["sea", "isl", "F"]],
}
KINDS = (ARMY, FLEET, BUBBLE_CAR, HALF, HITCHHIKER, ZAPHOD, ARMY.modified(DOUBLE))
GMAP: GameMap = map_from_json(json.dumps(TINY), "tiny.json").with_kinds(KINDS)
SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
FALL = Phase(1901, Season.FALL, PhaseKind.MOVEMENT)


def board(*lines: str, phase: Phase = SPRING, centres: dict[str, str] | None = None,
          changes: tuple[Lasting, ...] = ()) -> Position:
    units = {}
    for line in lines:
        power, _, text = line.partition(":")
        unit = parse_unit(text.strip(), GMAP)
        units[unit.province] = Piece(power.strip(), unit)
    return Position(phase, units, centres or {}, changes=changes)


def play(position: Position, *texts: str, gmap: GameMap = GMAP, advance: bool = False):
    orders = [parse_order(t, gmap, position=position, kind=position.phase.kind) for t in texts]
    return adjudicate(gmap, position, orders, DATC, advance=advance)


def results(res) -> list[str]:
    return [r.result.value for r in res.results]


# -- unit kinds as data ----------------------------------------------------------------------

def test_standard_kinds_keep_the_old_names():
    """UnitType.ARMY is the army kind; its letter is its value; UnitType("F") is the fleet."""
    assert UnitType.ARMY is ARMY and UnitType("F") is FLEET and ARMY.value == "A" and list(UnitType) == [ARMY, FLEET]
    assert pickle.loads(pickle.dumps(ARMY)) is ARMY


def test_a_kind_that_moves_anywhere_reaches_a_far_province():
    """A bubble-car in lan moves to isl, two provinces and a sea away; it may not end at sea."""
    res = play(board("Pland: M lan"), "Pland: M lan - isl")
    assert results(res) == ["succeeds"] and res.after.units["isl"].unit.kind is BUBBLE_CAR
    res = play(board("Pland: M lan"), "Pland: M lan - sea")
    assert results(res) == ["illegal"] and "cannot move to sea" in res.results[0].reason


def test_a_kind_that_gives_no_support_and_captures_no_centre():
    """A bubble-car's support is illegal; standing in a centre after the Fall takes nothing."""
    res = play(board("Pland: M lan", "Pland: A mid"), "Pland: M lan S A mid - bor", "Pland: A mid - bor")
    assert results(res) == ["illegal", "succeeds"] and "a bubble-car cannot support" in res.results[0].reason
    after = update_centres(GMAP, board("Pland: M far", "Pland: A isl", phase=FALL))
    assert dict(after.centres) == {"isl": "Pland"}


def test_a_kind_that_moves_only_by_a_lift_does_not_move_by_itself():
    """A hitch-hiker's own move is illegal; it supports along army edges."""
    res = play(board("Qland: H mid", "Qland: A bor"), "Qland: H mid - lan", "Qland: H mid S A bor - far",
               "Qland: A bor - far")
    assert results(res)[0] == "illegal" and "does not move by itself" in res.results[0].reason
    assert results(res)[1:] == ["given", "succeeds"]


def test_a_modifier_makes_another_kind_written_with_its_prefix():
    """A double army prints 2A, reads back, holds with strength 2 against a supported attack."""
    double = ARMY.modified(DOUBLE)
    assert str(Unit(double, Location("mid"))) == "2A mid" and parse_unit("2A mid", GMAP).kind == double
    assert double.base_kind() is ARMY and double.at_scale(2).hold == 4
    res = play(board("Pland: 2A mid", "Qland: A far", "Qland: A bor"), "Qland: A far - mid", "Qland: A bor S A far - mid")
    assert results(res) == ["fails", "given"] and res.after.units["mid"].unit.kind == double


def test_an_army_that_walks_on_water():
    """An army walking on water moves to sea; a plain army may not."""
    walker = ARMY.modified(WALKS_ON_WATER)
    gmap = GMAP.with_kinds((*KINDS, walker))
    position = Position(SPRING, {"bor": Piece("Pland", Unit(walker, Location("bor")))})
    res = adjudicate(gmap, position, [parse_order("A bor - sea", gmap, position=position)], DATC, advance=False)
    assert results(res) == ["succeeds"]
    res = play(board("Pland: A bor"), "Pland: A bor - sea")
    assert results(res) == ["illegal"]


# -- strengths in halves ---------------------------------------------------------------------

def test_two_halves_tie_a_full_hold():
    """At scale 2, a half attack supported by a half (1 + 1) ties an army's hold (2): it fails."""
    res = play(board("Pland: Q lan", "Pland: Q bor", "Qland: A mid"), "Pland: Q lan - mid", "Pland: Q bor S Q lan - mid")
    assert results(res) == ["fails", "given"] and res.after.units["mid"].power == "Qland"


def test_two_halves_and_a_full_support_beat_a_full_hold():
    """An army (2) supported by a half (1) beats an army's hold (2)."""
    res = play(board("Pland: A lan", "Pland: Q bor", "Qland: A mid"), "Pland: A lan - mid", "Pland: Q bor S A lan - mid")
    assert results(res) == ["succeeds", "given"] and res.after.dislodged["mid"].piece.power == "Qland"


def test_a_half_attack_bounces_a_half_attack():
    """Two half-strength attacks on an empty province bounce (1 against a prevent of 1)."""
    res = play(board("Pland: Q lan", "Qland: Q far"), "Pland: Q lan - mid", "Qland: Q far - mid")
    assert results(res) == ["fails", "fails"]


# -- several pieces in a province ------------------------------------------------------------

def test_two_hitchhikers_stack_and_an_army_may_not_join_them():
    """Two hitch-hikers share a province; adding an army there is a forbidden stack."""
    h1, h2 = (Piece("Qland", Unit(HITCHHIKER, Location("mid"))), Piece("Qland", Unit(HITCHHIKER, Location("mid"))))
    position = Position(SPRING).with_piece(h1).with_piece(h2)
    assert position.pieces_at("mid") == (h1, h2) and position.units["mid"] == h1
    with pytest.raises(StackError, match="may not share mid"):
        position.with_piece(Piece("Pland", Unit(ARMY, Location("mid"))))
    assert can_share(HITCHHIKER, HITCHHIKER) and not can_share(HITCHHIKER, ARMY) and can_share(ZAPHOD, ARMY)


def test_a_guest_never_holds_a_province_and_a_stacked_piece_takes_the_principal_place():
    """Zaphod stays stacked beside an army; when the first hitch-hiker leaves, the second holds."""
    zaphod = Piece("Zaphod", Unit(ZAPHOD, Location("mid")))
    army = Piece("Pland", Unit(ARMY, Location("mid")))
    position = Position(SPRING).with_piece(zaphod).with_piece(army)
    assert position.units["mid"] == army and position.pieces_at("mid") == (army, zaphod)
    assert position.powers() == ("Pland",)
    h1, h2 = (Piece("Qland", Unit(HITCHHIKER, Location("bor"))), Piece("Qland", Unit(HITCHHIKER, Location("bor"))))
    stacked = Position(SPRING).with_piece(h1).with_piece(h2).without_piece(h1)
    assert stacked.units["bor"] == h2 and "bor" not in stacked.stacked


def test_stacked_pieces_count_for_adjustments():
    """Two stacked hitch-hikers are two units to maintain."""
    from dipsat.solver.adjustment import adjustments_due
    h = Piece("Qland", Unit(HITCHHIKER, Location("mid")))
    position = Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT), centres={"far": "Qland"}).with_piece(h).with_piece(h)
    assert adjustments_due(position) == {"Qland": -1}


# -- a board that changes in play ------------------------------------------------------------

def test_an_edge_closed_for_one_turn_then_open_again():
    """A wall between lan and mid for Spring 1901: the move is illegal then, and succeeds in the Fall."""
    wall = Lasting(CloseEdge("lan", "mid"), until=last_phase_of_turns(SPRING, 1))
    position = board("Pland: A lan", changes=(wall,))
    res = play(position, "Pland: A lan - mid", advance=True)
    assert results(res) == ["illegal"] and "cannot reach mid" in res.results[0].reason
    assert res.after.phase == FALL and res.after.changes == ()
    res = play(res.after, "Pland: A lan - mid")
    assert results(res) == ["succeeds"]


def test_a_closed_edge_stops_support_and_the_board_is_cached():
    """Support across a wall is illegal; the board in play is derived once per set of changes."""
    wall = Lasting(CloseEdge("bor", "far"), until=last_phase_of_turns(SPRING, 1))
    position = board("Pland: A bor", "Pland: A mid", changes=(wall,))
    assert board_in_play(GMAP, position) is board_in_play(GMAP, position) is not GMAP
    assert board_in_play(GMAP, position.with_phase(FALL)) is GMAP
    res = play(position, "Pland: A bor S A mid - far", "Pland: A mid - far")
    assert results(res) == ["illegal", "succeeds"]


def test_a_frozen_sea_strands_its_fleet_and_carries_armies():
    """Ice on sea for three turns: the fleet there cannot move, an army walks onto it; then it thaws."""
    ice = Lasting(FreezeSea("sea"), until=last_phase_of_turns(SPRING, 3))
    assert ice.until == Phase(1902, Season.SPRING, PhaseKind.RETREAT)
    position = board("Qland: F sea", "Pland: A bor", changes=(ice,))
    res = play(position, "Qland: F sea - far", "Pland: A bor S A bor - sea")
    assert results(res)[0] == "illegal" and "out of its element" in res.results[0].reason
    res = play(board("Pland: A bor", changes=(ice,)), "Pland: A bor - sea")
    assert results(res) == ["succeeds"]
    thawed = board("Qland: F sea", changes=(ice,), phase=Phase(1902, Season.FALL, PhaseKind.MOVEMENT))
    assert results(play(thawed, "Qland: F sea - far")) == ["succeeds"]


def test_a_centre_removed_and_the_majority_recomputed():
    """Pland owns 2 of 4 centres: no majority; a centre destroyed, 2 of 3 is one."""
    variant = SimpleNamespace(map=GMAP)
    position = board("Pland: A lan", centres={"lan": "Pland", "isl": "Pland", "far": "Qland"})
    assert len(GMAP.supply_centres) == 3 and majority_of_centres()(variant, position) is not None  # type: ignore[arg-type]
    grown = apply_change(position, Lasting(AddCentre("mid", home="Pland")))
    assert len(board_in_play(GMAP, grown).supply_centres) == 4
    assert board_in_play(GMAP, grown).home_centres("Pland") == {"lan", "mid"}
    assert majority_of_centres()(variant, grown) is None  # type: ignore[arg-type]
    shrunk = apply_change(grown, Lasting(RemoveCentre("far")))
    assert "far" not in shrunk.centres
    outcome = majority_of_centres()(variant, shrunk)  # type: ignore[arg-type]
    assert outcome is not None and outcome.winners == ("Pland",) and "2 of the 3" in outcome.reason


def test_a_tie_break_chain_after_the_year_limit():
    """Past the last year: a unit margin of 3 decides, else points, else a shared win."""
    variant = SimpleNamespace(map=GMAP)
    rule = first_of(centre_count(18), after_year(1908, first_of(unit_margin(3), most_points(lambda p: {}), shared_win())))
    late = Phase(1909, Season.SPRING, PhaseKind.MOVEMENT)
    even = board("Pland: A lan", "Qland: A far", phase=late, centres={"lan": "Pland", "far": "Qland"})
    assert rule(variant, board("Pland: A lan")) is None  # type: ignore[arg-type]
    outcome = rule(variant, even)  # type: ignore[arg-type]
    assert outcome is not None and outcome.winners == ("Pland", "Qland") and outcome.winner is None
    many = board("Pland: A lan", "Pland: A mid", "Pland: A bor", "Pland: A isl", "Qland: A far", phase=late)
    outcome = rule(variant, many)  # type: ignore[arg-type]
    assert outcome is not None and outcome.winners == ("Pland",) and "3 more" in outcome.reason


def test_a_case_file_holds_stacked_pieces_and_refuses_a_forbidden_stack():
    """Two hitch-hikers and Zaphod in one province read from a case; an army joining them is refused."""
    from dipsat.model.cases import read_cases
    from dipsat.model.errors import CaseFileError
    text = ("CASE s\nPHASE Spring 1901 Movement\nUNITS\nQland: H mid\nQland: H mid\nZaphod: Z mid\n"
            "ORDERS\nQland: H mid H\nEND\n")
    start = read_cases(text, "s.txt", GMAP)[0].start
    assert [str(p) for p in start.pieces_at("mid")] == ["Qland: H mid", "Qland: H mid", "Zaphod: Z mid"]
    with pytest.raises(CaseFileError, match="s.txt:6: H mid and A mid may not share mid"):
        read_cases(text.replace("Zaphod: Z mid", "Pland: A mid"), "s.txt", GMAP)


def test_a_variant_case_reads_its_units_with_the_variant_kinds():
    """With a VariantReader, a case's units are read on the map of its VARIANT (its own kinds)."""
    from dipsat.model.cases import VariantReader, read_cases
    reader = VariantReader(lambda text, power, position, kind, variant: parse_order(text, GMAP, power, position, kind),
                           lambda variant: GMAP)
    text = "CASE k\nVARIANT tiny\nPHASE Spring 1901 Movement\nUNITS\nPland: M lan\nORDERS\nPland: M lan - isl [succeeds]\nEND\n"
    case = read_cases(text, "k.txt", order_reader=reader)[0]
    assert case.start.units["lan"].unit.kind is BUBBLE_CAR


def test_the_independent_check_agrees_with_half_strengths():
    """The plain-Python check of DATC 5.B finds nothing wrong in resolutions with kinds of their own."""
    from dipsat.solver.checker import check_resolution
    for position, texts in [
        (board("Pland: Q lan", "Pland: Q bor", "Qland: A mid"), ("Pland: Q lan - mid", "Pland: Q bor S Q lan - mid")),
        (board("Pland: A lan", "Pland: Q bor", "Qland: A mid"), ("Pland: A lan - mid", "Pland: Q bor S A lan - mid")),
        (board("Pland: 2A mid", "Qland: A far", "Qland: A bor"), ("Qland: A far - mid", "Qland: A bor S A far - mid")),
    ]:
        res = play(position, *texts)
        assert check_resolution(res.model.facts, res.values.decisions) == []


def test_the_latest_word_on_a_centre_wins_and_a_change_can_be_ended():
    """A centre removed then created again is a centre; Ice ended at once is no longer in force."""
    from dipsat.model.board import end_change
    position = apply_change(board("Pland: A lan"), Lasting(RemoveCentre("isl")))
    position = apply_change(position, Lasting(AddCentre("isl")))
    assert "isl" in board_in_play(GMAP, position).supply_centres and len(position.changes) == 1
    iced = apply_change(position, Lasting(FreezeSea("sea"), until=last_phase_of_turns(SPRING, 3)))
    assert board_in_play(GMAP, iced).is_land("sea")
    assert board_in_play(GMAP, end_change(iced, FreezeSea("sea"))).is_sea("sea")
    assert board_in_play(GMAP, apply_change(position, Lasting(FreezeSea("far")))).is_coastal("far")


def test_a_stack_without_its_principal_keeps_every_piece():
    """Two equal hitch-hikers stacked where nobody holds: one becomes principal, none is lost."""
    h = Piece("Qland", Unit(HITCHHIKER, Location("mid")))
    position = Position(SPRING, stacked={"mid": (h, h)})
    assert position.pieces_at("mid") == (h, h) and position.units["mid"] == h
    three = position.with_piece(h).without_piece(h).without_piece(h)
    assert three.pieces_at("mid") == (h,)


def test_a_shared_win_among_the_powers_tied_on_points():
    """When points tie, the powers tied at the top of those points share, whatever their centres."""
    variant = SimpleNamespace(map=GMAP)
    points = lambda p: {"Pland": 4, "Qland": 4, "Rland": 1}  # noqa: E731
    rule = first_of(most_points(points), shared_win(points, "card points"))
    outcome = rule(variant, board("Pland: A lan", centres={"lan": "Pland", "far": "Rland", "isl": "Rland"}))  # type: ignore[arg-type]
    assert outcome is not None and outcome.winners == ("Pland", "Qland") and "card points (4)" in outcome.reason
