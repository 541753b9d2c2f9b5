"""Replay comparison: recorded boards against replayed ones, difference by difference."""
from __future__ import annotations

from helpers import board

from dipsat.model.types import Dislodged, Phase, PhaseKind, Piece, Season
from dipsat.replay.compare import (
    Difference, compare_boards, compare_centres, compare_dislodged, compare_units, phase_key,
)


def test_equal_boards_have_no_difference():
    """The same units and centres: nothing to report."""
    a = board("England: F nth", "France: A par", centres={"par": "France"})
    assert compare_boards(a, a) == []


def test_unit_differences_name_province_and_both_sides():
    """A unit elsewhere, of another power or another coast is reported with both sides in words."""
    recorded = board("England: F nth", "Russia: F stp/sc", "France: A par")
    replayed = board("England: F hol", "Russia: F stp/nc", "Germany: A par")
    assert [str(d) for d in compare_units(recorded.units, replayed.units)] == [
        "unit hol: recorded none, replay England: F hol",
        "unit nth: recorded England: F nth, replay none",
        "unit par: recorded France: A par, replay Germany: A par",
        "unit stp: recorded Russia: F stp/sc, replay Russia: F stp/nc"]


def test_centre_differences_call_an_unowned_centre_neutral():
    """A centre owned on one side only is reported against ``neutral``."""
    assert compare_centres({"bel": "France"}, {"bel": "Germany", "hol": "Germany"}) == [
        Difference("centre", "bel", "France", "Germany"), Difference("centre", "hol", "neutral", "Germany")]


def test_destroyed_unit_may_be_recorded_as_dislodged_or_not():
    """A unit the replay destroys agrees whether the archive keeps it as dislodged or drops it."""
    piece = Piece("Italy", board("Italy: F nap").units["nap"].unit)
    kept = {"nap": Dislodged(piece, None)}
    assert compare_dislodged(kept, {}, {"nap": piece}) == []
    assert compare_dislodged({}, {}, {"nap": piece}) == []
    other = {"nap": Dislodged(Piece("Austria", piece.unit), None)}
    assert [d.what for d in compare_dislodged(other, {}, {"nap": piece})] == ["dislodged"]


def test_attacker_origin_is_compared_only_where_recorded():
    """Archives record no origin (not compared); a case's 'dislodged from' is."""
    piece = Piece("Italy", board("Italy: A ven").units["ven"].unit)
    replayed = {"ven": Dislodged(piece, "tri")}
    assert compare_dislodged({"ven": Dislodged(piece, None)}, replayed, {}) == []
    assert str(compare_dislodged({"ven": Dislodged(piece, "tyr")}, replayed, {})[0]) == (
        "dislodged ven: recorded Italy: A ven from tyr, replay Italy: A ven from tri")


def test_centres_can_be_left_out():
    """A recorded board without centres (a case's AFTER without CENTRES) compares units only."""
    recorded = board("France: A par")
    replayed = board("France: A par", centres={"par": "France"})
    assert compare_boards(recorded, replayed, centres=False) == []
    assert compare_boards(recorded, replayed) != []


def test_phase_order():
    """Phases sort in game order: movement, retreat, adjustment; Fall before Winter."""
    fall_r = Phase(1901, Season.FALL, PhaseKind.RETREAT)
    winter = Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)
    spring = Phase(1902, Season.SPRING, PhaseKind.MOVEMENT)
    assert phase_key(fall_r) < phase_key(winter) < phase_key(spring)
