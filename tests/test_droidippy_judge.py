"""The Droidippy/godip judge (``--rules droidippy``), each of its rules on a constructed game."""
from __future__ import annotations

import pytest

from dipsat.replay.readers import default_maps
from dipsat.replay.readers.droidippy import read_droidippy
from dipsat.replay.records import GameRecord
from dipsat.replay.rows import AGREE, DIFFER, OrderRow, PhaseRow
from dipsat.replay.work import replay_record


def _replay(text: str, rules: str = "droidippy") -> tuple[list[PhaseRow], list[OrderRow]]:
    game = read_droidippy(text, "game_1.txt", default_maps("standard"))
    assert isinstance(game, GameRecord)
    return replay_record(game, rules)


def _game(positions: str, orders: str, after: str, kind: str = "Spring Movement", nxt: str = "Fall Movement") -> str:
    year = "1901"
    return (f"PHASE {year} {kind}\nPOSITIONS\n{positions.strip()}\nORDERS\n{orders.strip()}\n"
            f"PHASE {'1902' if nxt == 'Spring Movement' else year} {nxt}\nPOSITIONS\n{after.strip()}\nORDERS\n")


# -- rule 1: "via convoy" that no convoy carries is an ordinary land move ----------------------

INLAND_WALK = _game("Germany: army ber", "ber move mun via convoy", "Germany: army mun")

INLAND_BOUNCE = _game("""
Germany: army ber
France: army boh
""", """
ber move mun via convoy
boh move mun
""", """
Germany: army ber
France: army boh
""")

INLAND_SUPPORTED_DISLODGES = _game("""
Germany: army ber
Germany: army sil
Austria: army mun
""", """
ber move mun via convoy
sil support ber move mun
""", """
Germany: army mun
Germany: army sil
Austria: army/dislodged mun
""", nxt="Spring Retreat")

INLAND_CUTS_SUPPORT = _game("""
Germany: army ber
Austria: army mun
Austria: army boh
France: army tyr
France: army sil
""", """
ber move mun via convoy
mun support boh hold
tyr move boh
sil support tyr move boh
""", """
Germany: army ber
Austria: army mun
Austria: army/dislodged boh
France: army boh
France: army sil
""", nxt="Spring Retreat")

COASTAL_HEAD_TO_HEAD = _game("""
Germany: army kie
Russia: army ber
""", """
kie move ber via convoy
ber move kie
""", """
Germany: army kie
Russia: army ber
""")

COASTAL_HEAD_TO_HEAD_SUPPORTED = _game("""
Germany: army kie
Germany: army mun
Russia: army ber
""", """
kie move ber via convoy
mun support kie move ber
ber move kie
""", """
Germany: army ber
Germany: army mun
Russia: army/dislodged ber
""", nxt="Spring Retreat")


@pytest.mark.parametrize("text", [
    pytest.param(INLAND_WALK, id="inland-walks"),
    pytest.param(INLAND_BOUNCE, id="inland-bounces"),
    pytest.param(INLAND_SUPPORTED_DISLODGES, id="inland-supported-dislodges"),
    pytest.param(INLAND_CUTS_SUPPORT, id="inland-cuts-support"),
    pytest.param(COASTAL_HEAD_TO_HEAD, id="coastal-head-to-head"),
    pytest.param(COASTAL_HEAD_TO_HEAD_SUPPORTED, id="coastal-head-to-head-supported"),
])
def test_via_convoy_without_convoy_is_a_land_move(text: str) -> None:
    """A move written "via convoy" that no convoy carries walks, and fights like any land move."""
    phases, _ = _replay(text)
    assert phases[0].status == AGREE, phases[0].difference


def test_via_convoy_to_an_inland_province_is_legal_and_succeeds() -> None:
    """No "an army cannot reach mun from ber" (they are adjacent): the order succeeds."""
    _, orders = _replay(INLAND_WALK)
    row = next(o for o in orders if o.text == "ber move mun via convoy")
    assert row.result == "succeeds", row.reason
    assert "cannot reach" not in row.reason


def test_via_convoy_to_an_inland_province_under_the_datc_names_the_true_reason() -> None:
    """Under the DATC the same order is illegal, and the reason says why: Munich is inland."""
    phases, orders = _replay(INLAND_WALK, "datc")
    row = next(o for o in orders if o.text == "ber move mun via convoy")
    assert row.result == "illegal"
    assert row.reason.endswith("an army cannot be convoyed from ber to mun: mun is inland")
    assert phases[0].status == DIFFER


OWN_FLEET_ON_A_CHAIN = _game("""
Italy: army nap
Italy: fleet tys
Austria: fleet ion
""", """
nap move apu
tys convoy nap move apu
""", """
Italy: army nap
Italy: fleet tys
Austria: fleet ion
""")


def test_own_convoying_fleet_on_a_chain_of_any_fleets_makes_the_move_convoyed() -> None:
    """Italy's fleet in tys convoys nap-apu on the chain tys-ion (ion Austrian, not convoying):
    the move counts as convoyed, finds no ordered route, and the army stays (it would walk if
    only all-Italian routes counted)."""
    phases, orders = _replay(OWN_FLEET_ON_A_CHAIN)
    assert phases[0].status == AGREE, phases[0].difference
    row = next(o for o in orders if o.text == "nap move apu")
    assert row.result == "invalid"


# -- rule 2: civil disorder, by distance along any edge to the nearest home centre --------------

def _adjustment(positions: str, after: str) -> str:
    return _game(positions, "", after, kind="Fall Adjustment", nxt="Spring Movement")


FLEET_OVER_LAND = _adjustment("""
Austria: fleet bla
Austria: army mos
Austria: supply vie
""", """
Austria: fleet bla
Austria: supply vie
""")
"""F bla is 2 steps from bud along any edge (bla-rum-bud), 4 by sea; A mos is 3 (mos-ukr-gal-vie)."""

HOME_NOT_OWNED = _adjustment("""
Germany: army mun
Germany: army pru
Germany: supply ber
France: supply mun
France: supply par
France: army par
""", """
Germany: army mun
Germany: supply ber
France: supply mun
France: supply par
France: army par
""")
"""Germany lost Munich: A mun stands on a home centre (0), A pru is one step from Berlin."""

FLEETS_FIRST = _adjustment("""
Russia: fleet bla
Russia: army ukr
Russia: supply mos
""", """
Russia: army ukr
Russia: supply mos
""")
"""Both one step from a home centre (bla-sev, ukr-sev): the fleet goes first."""

GODIP_ABBREVIATION = _adjustment("""
England: fleet nwg
England: fleet nth
England: supply lon
""", """
England: fleet nth
England: supply lon
""")
"""Both one step from a home centre: godip calls nwg "nrg", which sorts before "nth"."""


@pytest.mark.parametrize("text, other", [
    pytest.param(FLEET_OVER_LAND, "home_distance", id="fleet-counts-over-land"),
    pytest.param(HOME_NOT_OWNED, "2023", id="home-centre-not-owned"),
    pytest.param(FLEETS_FIRST, None, id="fleets-first-on-ties"),
    pytest.param(GODIP_ABBREVIATION, "home_distance", id="godip-abbreviation-order"),
])
def test_civil_disorder_removes_the_farthest_from_a_home_centre(text: str, other: str | None) -> None:
    """The recorded removal is the godip judge's; the other reading named removes another unit."""
    phases, _ = _replay(text)
    assert phases[0].status == AGREE, phases[0].difference
    if other is not None:
        assert _replay(text, f"droidippy,civil_disorder={other}")[0][0].status == DIFFER


# -- rule 3: a record that skips a whole movement phase -----------------------------------------

SKIPS_FALL = """\
PHASE 1901 Spring Movement
POSITIONS
Germany: army ruh
Germany: army mun
Germany: supply mun
ORDERS
ruh move hol
PHASE 1902 Spring Movement
POSITIONS
Germany: army hol
Germany: army mun
Germany: supply mun
Germany: supply hol
ORDERS
"""


def test_skipped_movement_phase_is_played_with_every_unit_holding() -> None:
    """The record jumps from Spring 1901 to Spring 1902: Fall 1901 is played without orders (hol
    is taken at the end of it), the row agrees and says so."""
    phases, _ = _replay(SKIPS_FALL)
    assert phases[0].status == AGREE, phases[0].difference
    assert "the archive has no Fall 1901 Movement; replayed without orders (every unit holds)" in phases[0].note


def test_skipped_movement_phase_that_does_not_match_is_a_difference_of_units() -> None:
    """When the record's board is not what holding gives, the difference names the units, with the note."""
    phases, _ = _replay(SKIPS_FALL.replace("Germany: army mun\nGermany: supply mun\nGermany: supply hol",
                                           "Germany: army bur\nGermany: supply mun\nGermany: supply hol"))
    assert phases[0].status == DIFFER
    assert "unit mun" in phases[0].difference and "unit bur" in phases[0].difference
    assert "replayed without orders" in phases[0].note


SKIPS_SPRING = """\
PHASE 1901 Fall Movement
POSITIONS
Germany: army ruh
Germany: army mun
Germany: supply mun
Germany: supply ber
ORDERS
ruh move hol
PHASE 1902 Fall Movement
POSITIONS
Germany: army hol
Germany: army mun
Germany: supply mun
Germany: supply ber
Germany: supply hol
ORDERS
"""


def test_skipped_spring_after_an_adjustment_with_nothing_due_is_played_too() -> None:
    """Fall 1901 to Fall 1902: the Winter adjustment (nothing due: 3 centres, 2 units, no build
    ordered) and Spring 1902 (every unit holds) are played; the row says the Spring was missing."""
    phases, _ = _replay(SKIPS_SPRING)
    assert phases[0].status == AGREE, phases[0].difference
    assert "the archive has no Spring 1902 Movement" in phases[0].note
