"""Tests of dipsat.model.gamemap on the classical map and on small broken maps."""
from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import networkx as nx
import pytest

from dipsat.model.errors import MapError, UnknownPowerError, UnknownProvinceError
from dipsat.model.gamemap import UNREACHABLE, GameMap, Terrain, load_map, map_from_json
from dipsat.model.notation import parse_unit
from dipsat.model.types import Location, Unit, UnitType

MAP = load_map("dipsat.variants.classical")
CLASSICAL = Path(__file__).resolve().parents[1] / "variants" / "classical"
ARMY, FLEET = UnitType.ARMY, UnitType.FLEET


def loc(text: str) -> Location:
    """Return the location written ``stp/nc``."""
    province, _, coast = text.partition("/")
    return Location(province, coast or None)


def test_counts() -> None:
    """Count 75 provinces, 34 supply centres, 22 home centres and 7 powers."""
    assert len(MAP.provinces) == 75
    assert len(MAP.supply_centres) == 34
    assert sum(len(MAP.home_centres(p)) for p in MAP.powers) == 22
    assert MAP.powers == ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
    terrains = [p.terrain for p in MAP.provinces.values()]
    assert [terrains.count(t) for t in (Terrain.LAND, Terrain.COAST, Terrain.SEA)] == [14, 42, 19]


def test_home_centres() -> None:
    """Give Russia four home centres and the others three."""
    assert MAP.home_centres("Russia") == {"mos", "sev", "stp", "war"}
    assert MAP.home_centres("Turkey") == {"ank", "con", "smy"}
    with pytest.raises(UnknownPowerError, match="'Prussia'"):
        MAP.home_centres("Prussia")


def test_split_coasts() -> None:
    """Give spa, stp and bul their two coasts and no other province any."""
    split = {p.id: p.coasts for p in MAP.provinces.values() if p.coasts}
    assert split == {"spa": ("nc", "sc"), "stp": ("nc", "sc"), "bul": ("ec", "sc")}


def test_graph_is_frozen_with_coast_nodes() -> None:
    """Freeze the graph; it holds provinces and coast nodes with army/fleet edge flags."""
    assert nx.is_frozen(MAP.graph)
    assert MAP.graph.number_of_nodes() == 81
    assert MAP.graph.edges["stp/nc", "bar"] == {"army": False, "fleet": True}
    assert MAP.graph.edges["lon", "wal"] == {"army": True, "fleet": True}


def test_neighbours_are_symmetric() -> None:
    """Make every army and fleet neighbour relation symmetric."""
    for a, near in MAP.army_neighbours.items():
        assert all(a in MAP.army_neighbours[b] for b in near), a
    for la, fleet_near in MAP.fleet_neighbours.items():
        assert all(la in MAP.fleet_neighbours[lb] for lb in fleet_near), la


ARMY_AND_FLEET = ["lon-wal", "lvp-wal", "lvp-cly", "edi-yor", "edi-cly", "ber-pru", "ber-kie", "tus-rom",
                  "apu-nap", "alb-tri", "swe-fin", "nwy-swe", "den-swe", "den-kie", "hol-kie", "con-ank",
                  "con-smy", "arm-ank", "sev-arm", "syr-smy", "gas-bre", "pic-bel", "bre-pic", "tri-ven",
                  "apu-ven", "mar-pie", "pie-tus", "gre-alb", "naf-tun", "rum-sev"]
ARMY_ONLY = ["rom-ven", "pie-ven", "lvp-edi", "nwy-fin", "tus-ven", "apu-rom", "lvp-yor", "wal-yor",
             "ank-smy", "arm-smy", "arm-syr", "bul-ser", "stp-mos", "par-bur", "tyr-pie", "lvn-mos"]
SPLIT_COAST_ARMY = ["spa-gas", "spa-mar", "spa-por", "stp-fin", "stp-lvn", "stp-nwy", "bul-con", "bul-gre",
                    "bul-rum"]
FLEET_ONLY = ["stp/nc-bar", "stp/nc-nwy", "stp/sc-bot", "stp/sc-fin", "stp/sc-lvn", "spa/nc-mao",
              "spa/nc-gas", "spa/nc-por", "spa/sc-mao", "spa/sc-por", "spa/sc-mar", "spa/sc-lyo",
              "spa/sc-wes", "bul/ec-bla", "bul/ec-rum", "bul/ec-con", "bul/sc-aeg", "bul/sc-gre",
              "bul/sc-con", "kie-hel", "den-hel", "den-bal", "kie-bal", "nth-nwg", "eng-mao", "lyo-tys",
              "ion-eas", "nao-lvp", "iri-wal", "ska-den", "eng-iri"]
NOT_FLEET = ["stp/nc-bot", "stp/sc-bar", "stp/nc-fin", "stp/nc-lvn", "stp/sc-nwy", "spa/nc-lyo",
             "spa/nc-wes", "spa/nc-mar", "spa/sc-gas", "bul/ec-aeg", "bul/ec-gre", "bul/sc-bla",
             "bul/sc-rum", "nth-pic", "kie-mun", "rom-ven", "pie-ven", "lvp-edi", "nwy-fin", "ank-smy",
             "smy-bla", "ank-aeg", "mao-lyo", "wal-nth", "apu-rom", "tus-ven", "bal-bar", "eng-ska"]
NOT_ARMY = ["lvp-iri", "lon-bel", "nwy-den", "swe-kie", "bre-lon", "naf-spa", "nap-tun", "gre-smy",
            "ank-sev", "par-bel", "mun-hol", "vie-ser", "bud-bul", "mos-fin", "boh-ber", "sil-kie",
            "nth-eng", "lon-nth"]


@pytest.mark.parametrize("pair", ARMY_AND_FLEET + ARMY_ONLY + SPLIT_COAST_ARMY)
def test_army_adjacent_both_ways(pair: str) -> None:
    """Let an army move between these provinces in both directions."""
    a, b = pair.split("-")
    assert MAP.army_can_move(a, b) and MAP.army_can_move(b, a)


@pytest.mark.parametrize("pair", ARMY_AND_FLEET + FLEET_ONLY)
def test_fleet_adjacent_both_ways(pair: str) -> None:
    """Let a fleet move between these locations in both directions."""
    a, b = map(loc, pair.split("-"))
    assert MAP.fleet_can_move(a, b) and MAP.fleet_can_move(b, a)


@pytest.mark.parametrize("pair", ARMY_ONLY)
def test_army_only_pairs_have_no_fleet_edge(pair: str) -> None:
    """Forbid fleet moves between provinces that share no coast, on any coasts."""
    a, b = pair.split("-")
    assert not MAP.fleet_provinces_adjacent(a, b) and not MAP.fleet_provinces_adjacent(b, a)


@pytest.mark.parametrize("pair", NOT_FLEET)
def test_not_fleet_adjacent(pair: str) -> None:
    """Forbid fleet moves between these locations, both ways."""
    a, b = map(loc, pair.split("-"))
    assert not MAP.fleet_can_move(a, b) and not MAP.fleet_can_move(b, a)


@pytest.mark.parametrize("pair", NOT_ARMY)
def test_not_army_adjacent(pair: str) -> None:
    """Forbid army moves between these provinces (water between or no border), both ways."""
    a, b = pair.split("-")
    assert not MAP.army_can_move(a, b) and not MAP.army_can_move(b, a)


def test_fleet_reaches_and_coasts_reachable() -> None:
    """List the coasts of a split province a fleet can reach."""
    assert MAP.coasts_reachable(loc("mao"), "spa") == (loc("spa/nc"), loc("spa/sc"))
    assert MAP.coasts_reachable(loc("gas"), "spa") == (loc("spa/nc"),)
    assert MAP.coasts_reachable(loc("con"), "bul") == (loc("bul/ec"), loc("bul/sc"))
    assert MAP.coasts_reachable(loc("bur"), "spa") == ()
    assert MAP.fleet_reaches(loc("lyo"), "spa") and MAP.fleet_reaches(loc("spa/nc"), "por")
    assert not MAP.fleet_reaches(loc("spa/nc"), "mar")


def test_can_move_coasts() -> None:
    """Ignore coasts for armies; imply the only reachable coast for fleets."""
    assert MAP.can_move(Unit(ARMY, loc("gas")), loc("spa/sc"))
    assert MAP.can_move(Unit(FLEET, loc("gas")), loc("spa"))
    assert MAP.can_move(Unit(FLEET, loc("wes")), loc("spa"))
    assert not MAP.can_move(Unit(FLEET, loc("mao")), loc("spa"))
    assert MAP.can_move(Unit(FLEET, loc("mao")), loc("spa/nc"))
    assert not MAP.can_move(Unit(FLEET, loc("gas")), loc("spa/sc"))
    assert not MAP.can_move(Unit(FLEET, loc("spa")), loc("mao"))
    assert not MAP.can_move(Unit(ARMY, loc("lvp")), loc("iri"))
    assert not MAP.can_move(Unit(FLEET, loc("kie")), loc("mun"))


def test_fleet_provinces_adjacent() -> None:
    """Join provinces at province level through any coasts."""
    assert MAP.fleet_provinces_adjacent("spa", "lyo") and MAP.fleet_provinces_adjacent("bla", "bul")
    assert MAP.fleet_provinces_adjacent("nth", "eng")
    assert not MAP.fleet_provinces_adjacent("rom", "ven") and not MAP.fleet_provinces_adjacent("mun", "kie")


def test_terrain_queries() -> None:
    """Tell seas, coastal and inland provinces apart."""
    assert MAP.is_sea("nth") and not MAP.is_sea("lon")
    assert MAP.is_coastal("stp") and not MAP.is_coastal("mun")
    assert MAP.is_land("mun") and not MAP.is_land("bre")


@pytest.mark.parametrize(("src", "targets", "kind", "expected"), [
    ("tyr", {"war"}, ARMY, 3),      # 6.J.8
    ("bal", {"war"}, FLEET, 2),     # 6.J.8: a fleet may walk over land
    ("alb", {"nap"}, ARMY, 2),      # 6.J.11: an army may cross water
    ("pie", {"nap"}, ARMY, 3),      # 6.J.11
    ("nao", {"stp"}, FLEET, 3),     # 6.J.5
    ("ska", {"stp"}, FLEET, 2),     # 6.J.5
    ("bot", {"mun"}, FLEET, 3),     # 6.J.6
    ("nth", {"mun"}, FLEET, 3),     # 6.J.6
    ("par", {"par", "mar"}, ARMY, 0),
])
def test_distance_2023(src: str, targets: set[str], kind: UnitType, expected: int) -> None:
    """Count moves over land and sea for both unit kinds (2023 rulebook, DATC 6.J)."""
    assert MAP.distance(src, targets, kind) == expected


def test_distance_legacy() -> None:
    """Keep fleets on fleet edges with ``legacy=True``; armies still cross water."""
    assert MAP.distance("bal", {"war"}, FLEET, legacy=True) == UNREACHABLE
    assert MAP.distance("bal", {"stp"}, FLEET, legacy=True) == 2
    assert MAP.distance("alb", {"nap"}, ARMY, legacy=True) == 2
    assert MAP.distance("lon", set(), ARMY) == UNREACHABLE


@pytest.mark.parametrize(("text", "expected"), [
    ("stp", "stp"), ("STP", "stp"), ("St Petersburg", "stp"), ("st petersburg(nc)", "stp/nc"),
    ("stp/nc", "stp/nc"), ("STP/NC", "stp/nc"), ("stp(nc)", "stp/nc"), ("St. Petersburg", "stp"),
    ("St Petersburg (north coast)", "stp/nc"), ("Spain(sc)", "spa/sc"), ("spa/sc", "spa/sc"),
    ("bul/ec", "bul/ec"), ("Bulgaria (east coast)", "bul/ec"), ("nat", "nao"), ("gol", "lyo"),
    ("mid", "mao"), ("nrg", "nwg"), ("Mid-Atlantic Ocean", "mao"), ("mid atlantic ocean", "mao"),
    ("North Atlantic Ocean", "nao"), ("Gulf of Lyon", "lyo"), ("Gulf of Bothnia", "bot"),
    ("Heligoland Bight", "hel"), ("Norwegian Sea", "nwg"), ("English Channel", "eng"), ("ENG", "eng"),
    ("Tyrrhenian Sea", "tys"), ("Eastern Mediterranean", "eas"), ("Western Mediterranean", "wes"),
    ("Ionian Sea", "ion"), ("North Africa", "naf"), ("Livonia", "lvn"), ("Tyrolia", "tyr"),
    ("Tyrol", "tyr"), ("Skagerrak", "ska"), ("  barents sea ", "bar"), ("Gulf of Lions", "lyo"),
    ("spa/NC", "spa/nc"), ("STP (SC)", "stp/sc"), ("Norway", "nwy"),
])
def test_resolve(text: str, expected: str) -> None:
    """Resolve a location written in any common way."""
    assert str(MAP.resolve(text)) == expected


@pytest.mark.parametrize(("text", "match"), [
    ("xyz", "unknown province 'xyz'"), ("lon/nc", "unknown coast 'nc' of lon in 'lon/nc'"),
    ("spa/ec", "unknown coast 'ec'"), ("stp/xx", "'stp/xx'"), ("", "unknown province ''"),
])
def test_resolve_unknown(text: str, match: str) -> None:
    """Raise UnknownProvinceError quoting the text for unknown provinces and coasts."""
    with pytest.raises(UnknownProvinceError, match=match):
        MAP.resolve(text)


def test_names() -> None:
    """Write full names with coasts in DATC style and abbreviations with a slash."""
    assert MAP.name_of(loc("stp/nc")) == "St Petersburg(nc)"
    assert MAP.name_of(loc("mao")) == "Mid-Atlantic Ocean"
    assert MAP.abbreviation(loc("stp/nc")) == "stp/nc"
    assert all(MAP.resolve(MAP.name_of(x)) == x for p in MAP.provinces for x in MAP.fleet_locations(p))


def test_start_position_is_consistent() -> None:
    """Place 22 units on their powers' home centres in start.json."""
    start = json.loads((CLASSICAL / "start.json").read_text(encoding="utf-8"))
    assert start["phase"] == "Spring 1901 Movement"
    units = {power: [parse_unit(u, MAP) for u in us] for power, us in start["units"].items()}
    assert sum(map(len, units.values())) == 22
    for power, us in units.items():
        assert {u.province for u in us} == MAP.home_centres(power) == set(start["centres"][power])
    assert Unit(FLEET, loc("stp/sc")) in units["Russia"]


def test_model_imports_no_solver_libraries() -> None:
    """Import the model without ortools or pandas (checked in a fresh interpreter)."""
    code = ("import sys, dipsat.model.gamemap, dipsat.model.notation, dipsat.model.errors;"
            "assert 'ortools' not in sys.modules and 'pandas' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)


def tiny() -> dict[str, Any]:
    """Return a small valid map as JSON data: two coasts, a sea, a land and a split coast."""
    prov = [("aaa", "coast", []), ("bbb", "coast", []), ("sea", "sea", []), ("lnd", "land", []),
            ("spl", "coast", ["nc", "sc"])]
    return {"name": "tiny", "powers": ["Red", "Blue"],
            "provinces": [{"id": i, "name": i.title(), "terrain": t, "sc": i == "aaa",
                           "home": "Red" if i == "aaa" else None, "coasts": c, "aliases": [f"{i} land"]}
                          for i, t, c in prov],
            "edges": [["aaa", "bbb", "AF"], ["aaa", "sea", "F"], ["bbb", "lnd", "A"],
                      ["spl", "aaa", "A"], ["spl/nc", "sea", "F"], ["spl/sc", "bbb", "F"]]}


def build(data: dict[str, Any]) -> GameMap:
    """Build a map from JSON data under the name ``tiny.json``."""
    return map_from_json(json.dumps(data), "tiny.json")


def test_tiny_map_is_valid() -> None:
    """Load the small map used by the validation tests."""
    gmap = build(tiny())
    assert gmap.fleet_can_move(loc("spl/nc"), loc("sea")) and gmap.army_can_move("bbb", "lnd")
    assert gmap.resolve("AAA LAND") == loc("aaa")


def broken(change: str) -> dict[str, Any]:
    """Return the small map with one mistake named by ``change``."""
    data = copy.deepcopy(tiny())
    provinces, edges = data["provinces"], data["edges"]
    match change:
        case "unknown node":
            edges.append(["aaa", "zzz", "A"])
        case "coast without parent":
            edges.append(["zzz/nc", "sea", "F"])
        case "unknown coast":
            edges.append(["spl/ec", "sea", "F"])
        case "fleet edge on land":
            edges.append(["lnd", "sea", "F"])
        case "army edge on sea":
            edges.append(["bbb", "sea", "A"])
        case "army edge on coast node":
            edges.append(["spl/sc", "lnd", "A"])
        case "bare split coast":
            edges.append(["spl", "bbb", "F"])
        case "duplicate id":
            provinces.append(dict(provinces[0]))
        case "duplicate alias":
            provinces[1]["aliases"] = ["aaa land"]
        case "home not sc":
            provinces[1]["home"] = "Blue"
        case "home of unknown power":
            provinces[1].update(home="Green", sc=True)
        case "duplicate edge":
            edges.append(["bbb", "aaa", "A"])
        case "bad kinds":
            edges.append(["aaa", "spl", "X"])
        case "bad terrain":
            provinces[0]["terrain"] = "swamp"
        case "coasts on sea":
            provinces[2]["coasts"] = ["nc", "sc"]
        case "missing key":
            del data["edges"]
    return data


@pytest.mark.parametrize(("change", "match"), [
    ("unknown node", "unknown node 'zzz'"),
    ("coast without parent", "coast without a parent province 'zzz/nc'"),
    ("unknown coast", "unknown coast 'spl/ec'"),
    ("fleet edge on land", "fleet edge touching land province 'lnd'"),
    ("army edge on sea", "army edge touching sea 'sea'"),
    ("army edge on coast node", "army edge touching coast"),
    ("bare split coast", "split-coast province 'spl' used as a fleet node"),
    ("duplicate id", "duplicate province id 'aaa'"), ("duplicate alias", "alias 'aaa land'"),
    ("home not sc", "home centre of Blue is not a supply centre"), ("home of unknown power", "'Green'"),
    ("duplicate edge", "duplicate edge"), ("bad kinds", "expected"),
    ("bad terrain", "unknown terrain 'swamp'"),
    ("coasts on sea", "coasts on a sea province"), ("missing key", "malformed map"),
])
def test_broken_maps_raise_map_error(change: str, match: str) -> None:
    """Reject an inconsistent map with a MapError naming the file and the mistake."""
    with pytest.raises(MapError, match=match) as info:
        build(broken(change))
    assert str(info.value).startswith("tiny.json: ")


def test_bad_json_gives_line() -> None:
    """Report the file and line of a JSON syntax error."""
    with pytest.raises(MapError, match="not JSON") as info:
        map_from_json('{\n  "name": "x",\n  oops\n}', "bad.json")
    assert str(info.value).startswith("bad.json:3: ")


def test_load_map_unknown_package() -> None:
    """Raise MapError for a package that does not exist."""
    with pytest.raises(MapError, match="cannot read map"):
        load_map("dipsat.variants.no_such_variant")


def test_province_id_check_is_the_id_pattern():
    """A map's province ids are checked without compiling a pattern at start-up: the same
    answer as ``[a-z][a-z0-9_]*`` on every text of up to two characters and a few longer ones."""
    import itertools
    import re
    import string

    from dipsat.model.gamemap import _is_id

    chars = string.ascii_letters + string.digits + "_-/ é.\u0131"
    texts = ["".join(t) for k in range(3) for t in itertools.product(chars, repeat=k)]
    texts += ["stp_nc", "a1_b2", "Stp", "st p", "lyo\n", "x" * 40, "kırk"]
    for text in texts:
        assert _is_id(text) == bool(re.fullmatch(r"[a-z][a-z0-9_]*", text)), text
