"""The solver's variant hooks of issue 25 (``solver/hooks.py``), called directly: removals and the
further pieces of stacks live inside the one model, and the independent checker agrees with it."""
from __future__ import annotations

from dipsat.model.reasons import NoConvoyPath, Removed
from dipsat.model.types import (
    Convoy, Hold, Location, Move, Phase, PhaseKind, Piece, Position, Result, Season, SupportHold, SupportMove, Unit,
    UnitType,
)
from dipsat.solver import Rules
from dipsat.solver.checker import check_resolution
from dipsat.solver.hooks import Removal
from dipsat.solver.movement import adjudicate_movement
from dipsat.variants import find_variant
from dipsat.variants.hitchhiker.kinds import HITCH_HIKER, HITCHHIKER_UNIT

SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
STANDARD = find_variant("standard").map
HITCH = find_variant("hitchhiker").map


def army(p: str) -> Unit:
    return Unit(UnitType.ARMY, Location(p))


def fleet(p: str) -> Unit:
    return Unit(UnitType.FLEET, Location(p))


def hitcher(p: str) -> Unit:
    return Unit(HITCHHIKER_UNIT, Location(p))


def consistent(res: object) -> list[str]:
    """What the independent checker finds wrong with a solved phase (empty: nothing)."""
    pm, values = res.model, res.values  # type: ignore[attr-defined]
    return check_resolution(pm.facts, values.decisions, frozenset(n for p in values.paradoxes for n, _ in p.fixed))


def test_a_removed_fleet_makes_the_route_but_its_convoy_is_never_available():
    """The army's move through a removed fleet is legal (the board it was written for), fails for
    want of a path, and its support is given to a move that fails, named by the removal."""
    position = Position(SPRING, {"lon": Piece("England", army("lon")), "nwg": Piece("England", fleet("nwg"))})
    stolen = {"nth": Piece("England", fleet("nth"))}
    move = Move("England", army("lon"), Location("nwy"), via_convoy=True)
    support = SupportMove("England", fleet("nwg"), army("lon"), Location("nwy"))
    removal = Removal(stolen, (Convoy("England", fleet("nth"), army("lon"), Location("nwy")),), "by a Thief")
    res = adjudicate_movement(STANDARD, position, [move, support], Rules(), removed=removal)
    assert [r.result for r in res.results] == [Result.FAILS, Result.GIVEN]
    assert res.results[0].why == NoConvoyPath((Removed("F nth", "by a Thief"),))
    assert res.results[1].reason == "given to A lon - nwy, which fails: no convoy path (F nth removed by a Thief)"
    assert consistent(res) == []
    without = adjudicate_movement(STANDARD, position, [move, support], Rules())
    assert [r.result for r in without.results] == [Result.ILLEGAL, Result.ILLEGAL]  # judged on the board without it


def test_a_further_piece_stands_in_its_province_its_support_cut_by_an_attack_there():
    """A stack of two hitch-hikers: the first holds, the further one (key ``par#2``) supports; an
    attack on Paris cuts that support, as it would the first piece's, and nothing leaves the stack."""
    position = Position(SPRING, {"par": Piece(HITCH_HIKER, hitcher("par")), "pic": Piece("France", army("pic")),
                                 "bur": Piece("Germany", army("bur")), "gas": Piece("Germany", army("gas"))},
                        stacked={"par": (Piece(HITCH_HIKER, hitcher("par")),)})
    orders = [Hold(HITCH_HIKER, hitcher("par")), SupportMove(HITCH_HIKER, hitcher("par"), army("pic"), Location("bur")),
              Move("France", army("pic"), Location("bur")), Move("Germany", army("gas"), Location("par"))]
    keys = [None, "par#2", None, None]
    res = adjudicate_movement(HITCH, position, orders, Rules(), keys=keys)
    assert [r.result for r in res.results] == [Result.STANDS, Result.CUT, Result.FAILS, Result.FAILS]
    assert res.results[1].reason == "cut: attacked by A gas"
    assert res.model.name(("given", "par#2")) == "given[H par S A pic - bur]"
    assert res.after.pieces_at("par") == position.pieces_at("par")
    assert consistent(res) == []
    calm = adjudicate_movement(HITCH, position, orders[:3], Rules(), keys=keys[:3])
    assert [r.result for r in calm.results] == [Result.STANDS, Result.GIVEN, Result.SUCCEEDS]


def test_a_stack_is_left_only_when_every_piece_leaves():
    """Both pieces of a stack move off the graph; the further one bounces: ``leaves[par]`` is
    false, the piece left behind holds Paris with a unit's strength, an equal attack fails."""
    position = Position(SPRING, {"par": Piece(HITCH_HIKER, hitcher("par")), "mun": Piece("Germany", army("mun")),
                                 "bre": Piece("England", army("bre"))},
                        stacked={"par": (Piece(HITCH_HIKER, hitcher("par")),)})
    orders = [Move(HITCH_HIKER, hitcher("par"), Location("bel")), Move(HITCH_HIKER, hitcher("par"), Location("mun")),
              Move("England", army("bre"), Location("par"))]
    res = adjudicate_movement(HITCH, position, orders, Rules(), off_graph={"par": "bel", "par#2": "mun"},
                              stacks={"par": ("par#2",)}, keys=[None, "par#2", None])
    assert [r.result for r in res.results] == [Result.SUCCEEDS, Result.FAILS, Result.FAILS]
    assert res.values.decisions[("leaves", "par")] is False
    assert res.after.pieces_at("par") == (Piece(HITCH_HIKER, hitcher("par")),)
    assert res.after.units["bel"] == Piece(HITCH_HIKER, hitcher("bel"))
    assert consistent(res) == []
