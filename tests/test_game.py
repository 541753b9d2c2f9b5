"""Tests of dipsat.variants.game: whole games on the standard map, a fold of phases over positions."""
from __future__ import annotations

import dataclasses

import pytest

from dipsat.model.types import Location, Phase, PhaseKind, Piece, Result, Season, Unit, UnitType
from dipsat.variants import Game, GameError, find_variant
from helpers import board

STANDARD = find_variant("standard")

SPRING_1901 = [
    "England: F lon - nth", "England: F edi - nwg", "England: A lvp - yor",
    "France: A par - bur", "France: A mar - spa", "France: F bre - mao",
    "Germany: A ber - kie", "Germany: A mun - ruh", "Germany: F kie - den",
    "Italy: A rom - apu", "Italy: A ven H", "Italy: F nap - ion",
    "Austria: A vie - gal", "Austria: A bud - ser", "Austria: F tri - alb",
    "Russia: A mos - ukr", "Russia: A war - gal", "Russia: F sev - bla", "Russia: F stp/sc - bot",
    "Turkey: A con - bul", "Turkey: A smy - con", "Turkey: F ank - bla",
]
"""Common openings; Galicia and the Black Sea bounce."""

FALL_1901 = [
    "England: F nth C A yor - nwy", "England: A yor - nwy", "England: F nwg S A yor - nwy",
    "France: A spa - por", "France: A bur - bel", "France: F mao - spa/nc",
    "Germany: A kie - hol", "Germany: F den H", "Germany: A ruh S A kie - hol",
    "Italy: A apu - tun", "Italy: F ion C A apu - tun", "Italy: A ven H",
    "Austria: F alb - gre", "Austria: A ser S F alb - gre", "Austria: A vie - bud",
    "Russia: A ukr - rum", "Russia: F bot - swe", "Russia: A war H", "Russia: F sev H",
    "Turkey: A bul H", "Turkey: A con H", "Turkey: F ank H",
]
"""Everyone takes the neutral centres within reach (Italy by convoy)."""

GAINS_1901 = {"nwy": "England", "por": "France", "spa": "France", "bel": "France", "hol": "Germany",
              "den": "Germany", "tun": "Italy", "gre": "Austria", "ser": "Austria", "rum": "Russia",
              "swe": "Russia", "bul": "Turkey"}


def play(game: Game, *texts: str) -> Game:
    """Play the current phase of ``game`` with orders written in DATC short notation."""
    return game.play([STANDARD.parse_order(t, position=game.position) for t in texts])


@pytest.fixture(scope="module")
def start() -> Game:
    """A new standard game."""
    return Game.start(STANDARD)


@pytest.fixture(scope="module")
def spring(start: Game) -> Game:
    """The game after Spring 1901."""
    return play(start, *SPRING_1901)


@pytest.fixture(scope="module")
def fall(spring: Game) -> Game:
    """The game after Fall 1901."""
    return play(spring, *FALL_1901)


def test_start_position():
    """The standard game starts in Spring 1901 with 22 units and 22 owned centres."""
    game = Game.start(STANDARD)
    assert game.position.phase == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    assert len(game.position.units) == 22 and len(game.position.centres) == 22
    assert game.position.units["stp"].unit == Unit(UnitType.FLEET, Location("stp", "sc"))
    assert game.winner is None


def test_spring_openings(spring: Game):
    """Every opening move succeeds but the bounces in Galicia and the Black Sea."""
    res = spring.resolutions[-1]
    fails = sorted(str(r.order) for r in res.results if r.result is Result.FAILS)
    assert fails == ["A vie - gal", "A war - gal", "F ank - bla", "F sev - bla"]
    assert all(r.result in (Result.SUCCEEDS, Result.STANDS) for r in res.results if str(r.order) not in fails)
    units = spring.position.units
    assert units["nth"] == Piece("England", Unit(UnitType.FLEET, Location("nth")))
    assert units["bot"].unit == Unit(UnitType.FLEET, Location("bot"))
    assert units["con"].unit == Unit(UnitType.ARMY, Location("con"))  # the army from Smyrna
    assert "gal" not in units and "bla" not in units
    assert units["vie"].power == "Austria" and units["sev"].power == "Russia"


def test_empty_retreat_phase_is_skipped(spring: Game):
    """No unit was dislodged in Spring: the next phase is Fall movement, not a retreat phase."""
    assert spring.position.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    assert [p.phase.kind for p in spring.positions] == [PhaseKind.MOVEMENT, PhaseKind.MOVEMENT]
    assert not spring.position.dislodged


def test_centres_change_after_fall_only(start: Game, spring: Game, fall: Game):
    """A unit in a neutral centre in Spring takes it only after Fall; vacated home centres stay owned."""
    assert spring.position.units["spa"].power == "France"
    assert dict(spring.position.centres) == dict(start.position.centres)
    assert dict(fall.position.centres) == dict(start.position.centres) | GAINS_1901
    assert fall.position.centres["mar"] == "France" and "mar" not in fall.position.units


def test_fall_results(fall: Game):
    """The Fall orders all succeed or stand; Italy's convoy is available."""
    res = fall.resolutions[-1]
    assert all(r.result in (Result.SUCCEEDS, Result.STANDS, Result.GIVEN, Result.AVAILABLE) for r in res.results)
    assert fall.position.units["tun"].unit == Unit(UnitType.ARMY, Location("tun"))
    assert fall.position.units["spa"].unit == Unit(UnitType.FLEET, Location("spa", "nc"))


def test_winter_adjustment_appears_with_builds(fall: Game):
    """After Fall 1901 every power has builds: the Winter adjustment phase is played."""
    assert fall.position.phase == Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert fall.winner is None


def test_builds(fall: Game):
    """Builds in owned, vacant home centres succeed; others are illegal; then comes Spring 1902."""
    winter = play(fall, "England: F lon B", "France: A par B", "France: F bre B", "France: A mar B",
                  "Russia: F stp/nc B", "Russia: A mos B", "Austria: F tri B", "Austria: A vie B",
                  "England: A nwy B", "Germany: A ber B", "Italy: F nap B", "Turkey: F smy B")
    res = winter.resolutions[-1]
    words = {str(r.order): r.result for r in res.results}
    assert words["A nwy B"] is Result.ILLEGAL  # not a home centre
    assert words["F smy B"] is Result.SUCCEEDS
    assert sum(1 for w in words.values() if w is Result.SUCCEEDS) == 11
    after = winter.position
    assert after.phase == Phase(1902, Season.SPRING, PhaseKind.MOVEMENT)
    assert after.units["stp"] == Piece("Russia", Unit(UnitType.FLEET, Location("stp", "nc")))
    assert after.units["par"] == Piece("France", Unit(UnitType.ARMY, Location("par")))
    assert after.units["nwy"] == fall.position.units["nwy"]  # the army that took it, nothing built
    assert len(after.units) == len(fall.position.units) + 11
    assert dict(after.centres) == dict(fall.position.centres)


def test_no_winter_when_nothing_to_adjust():
    """A Fall in which nobody gains or loses goes straight to next Spring."""
    game = Game.start(STANDARD)
    game = play(game, *[f"{pc.power}: {pc.unit} H" for pc in game.position.units.values()])
    assert game.position.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    game = play(game, *[f"{pc.power}: {pc.unit} H" for pc in game.position.units.values()])
    assert game.position.phase == Phase(1902, Season.SPRING, PhaseKind.MOVEMENT)
    assert [p.phase.season for p in game.positions] == [Season.SPRING, Season.FALL, Season.SPRING]


def test_dislodgement_makes_a_retreat_phase():
    """A dislodged unit gets a retreat phase; its retreat lands; then the season goes on."""
    position = board("France: A bur", "Germany: A mun", "Germany: A ruh",
                     centres={"par": "France", "mun": "Germany", "ber": "Germany"})
    game = play(Game.start(STANDARD, position), "France: A bur H", "Germany: A mun - bur",
                "Germany: A ruh S A mun - bur")
    assert game.position.phase == Phase(1901, Season.SPRING, PhaseKind.RETREAT)
    assert set(game.position.dislodged) == {"bur"}
    assert game.position.dislodged["bur"].attacker_origin == "mun"
    assert game.position.units["bur"].power == "Germany"
    game = play(game, "France: A bur - pic")
    assert game.resolutions[-1].results[0].result is Result.SUCCEEDS
    assert game.position.phase == Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
    assert game.position.units["pic"] == Piece("France", Unit(UnitType.ARMY, Location("pic")))
    assert not game.position.dislodged


def test_fall_retreat_comes_before_centres_change():
    """A Fall dislodgement: the retreat phase comes first, then centres change and Winter follows."""
    centres = {"bel": "France", "mun": "Germany", "ber": "Germany"}
    position = board("France: A bur", "Germany: A mun", "Germany: A ruh", phase="Fall 1901 Movement",
                     centres=centres)
    game = play(Game.start(STANDARD, position), "Germany: A mun - bur", "Germany: A ruh S A mun - bur")
    assert game.position.phase == Phase(1901, Season.FALL, PhaseKind.RETREAT)
    assert dict(game.position.centres) == centres
    game = play(game, "France: A bur - par")  # retreats into a centre nobody owns
    assert game.position.phase == Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)
    assert dict(game.position.centres) == centres | {"par": "France"}  # France may build one


def test_unordered_dislodged_unit_is_disbanded():
    """A dislodged unit with no retreat order is disbanded when the retreat phase is played."""
    position = board("France: A bur", "Germany: A mun", "Germany: A ruh",
                     centres={"par": "France", "mun": "Germany", "ber": "Germany"})
    game = play(Game.start(STANDARD, position), "Germany: A mun - bur", "Germany: A ruh S A mun - bur")
    game = game.play([])
    assert [str(r.order) for r in game.resolutions[-1].generated] == ["A bur D"]
    assert {pc.power for pc in game.position.units.values()} == {"Germany"}


FRANCE_17 = ["bre", "par", "mar", "spa", "por", "bel", "hol", "lon", "lvp", "edi", "nwy",
             "den", "kie", "ber", "tun", "nap", "rom"]


def test_win_at_18_centres():
    """Taking an 18th centre in Fall wins; the game is then over and play raises GameError."""
    assert len(FRANCE_17) == 17
    position = board("France: A bur", "Germany: A ruh", phase="Fall 1901 Movement",
                     centres={c: "France" for c in FRANCE_17} | {"mun": "Germany"})
    game = Game.start(STANDARD, position)
    assert game.winner is None
    game = play(game, "France: A bur - mun", "Germany: A ruh H")
    assert sum(1 for owner in game.position.centres.values() if owner == "France") == 18
    assert game.winner == "France"
    with pytest.raises(GameError, match="France has won"):
        game.play([])


def test_spring_centre_does_not_win():
    """Standing on an 18th centre in Spring does not win: centres change after Fall only."""
    position = board("France: A bur", centres={c: "France" for c in FRANCE_17})
    game = play(Game.start(STANDARD, position), "France: A bur - mun")
    assert game.position.units["mun"].power == "France"
    assert game.winner is None
    game = play(game, "France: A mun H")
    assert game.winner == "France"


def test_games_are_values(start: Game, spring: Game, fall: Game):
    """Playing returns a new game: the earlier games keep their positions and resolutions."""
    assert len(start.positions) == 1 and start.resolutions == ()
    assert start.position == STANDARD.start()
    assert len(spring.positions) == 2 and len(fall.positions) == 3
    assert fall.positions[:2] == spring.positions
    assert spring.position.phase.season is Season.FALL
    assert [r.after for r in fall.resolutions] == list(fall.positions[1:])
    other = play(start, "France: A par - pic")
    assert other.position != spring.position
    assert spring.positions[1].units["bur"].power == "France"
    with pytest.raises(dataclasses.FrozenInstanceError):
        start.positions = ()  # type: ignore[misc]
