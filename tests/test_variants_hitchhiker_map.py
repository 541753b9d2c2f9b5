"""The Hitchhiker's Guide board (cb36): rule 3's table, edge by edge, against map.json.

The table below is this project's transcription of the seed's rule 3 (the rule text, not the
map file): each new province with the neighbours the seed lists, in the seed's abbreviations.
The map must hold exactly these neighbours for each new province (by army or fleet), the edge
set must be symmetric, and every standard edge that does not touch Prussia or Sevastopol must
be unchanged. Rulings behind the coast and terrain choices: docs/variants/hitchhiker.md, M1-M9.
"""
from __future__ import annotations

import pytest

from dipsat.model.gamemap import Terrain, load_map
from dipsat.model.types import Location

HH = load_map("dipsat.variants.hitchhiker")
STANDARD = load_map("dipsat.variants.classical")

SEED_ABBREVIATIONS = {
    "NAO": "nao", "IRI": "iri", "GOL": "lyo", "TYS": "tys", "WMS": "wes", "NWG": "nwg", "BAL": "bal",
    "BLA": "bla", "EMS": "eas", "Bur": "bur", "Mar": "mar", "Mun": "mun", "Pie": "pie", "Tyr": "tyr",
    "Pru": "pru", "Sev": "sev", "Uls": "uls", "Mst": "mst", "Lei": "lei", "Cnt": "cnt",
}
"""The seed's abbreviations -> the map's ids (GOL is the map's ``lyo``, WMS ``wes``, EMS ``eas``)."""

RULE_3_TABLE = {
    ("Ulster", "Uls"): "NAO, IRI, Lei, Cnt",
    ("Munster", "Mst"): "NAO, IRI, Lei, Cnt",
    ("Connaught", "Cnt"): "NAO, Uls, Mst, Lei",
    ("Leinster", "Lei"): "IRI, Uls, Mst, Cnt",
    ("Sardinia", "Sar"): "GOL, TYS, WMS",
    ("Iceland", "Ice"): "NAO, NWG",
    ("Switzerland", "Swi"): "Bur, Mar, Mun, Pie, Tyr",
    ("Free City of Danzig", "Dan"): "Pru, BAL",
    ("Southern Crimea", "Cri"): "Sev, BLA",
    ("Cyprus", "Cyp"): "EMS",
}
"""Rule 3 as the seed prints it: (name, abbreviation) -> adjacent provinces."""

CHANGED = {"pru", "sev"}
"""Standard provinces whose edges rule 3 changes (each now has an east and a west coast)."""


def _neighbours(gmap, province: str) -> set[str]:
    """Every province a unit in ``province`` borders, by army or fleet edge, coasts ignored."""
    found = set(gmap.army_neighbours.get(province, ()))
    for loc in gmap.fleet_locations(province):
        found |= gmap.fleet_province_neighbours.get(loc, frozenset())
    return found


def _edges_without_coasts(gmap) -> set[tuple[str, str, str]]:
    """(a, b, kind) per edge with coasts stripped, a < b."""
    out = set()
    for a, b, attrs in gmap.graph.edges(data=True):
        pa, pb = sorted((a.partition("/")[0], b.partition("/")[0]))
        for kind in ("army", "fleet"):
            if attrs[kind]:
                out.add((pa, pb, kind))
    return out


@pytest.mark.parametrize("key", list(RULE_3_TABLE), ids=[abbr for _, abbr in RULE_3_TABLE])
def test_new_province_has_exactly_the_tables_neighbours(key):
    """Each new province borders exactly the provinces rule 3 lists, and is a supply centre."""
    name, abbr = key
    pid = HH.resolve(abbr).province
    assert HH.provinces[pid].name == name
    assert HH.resolve(name).province == pid
    expected = {SEED_ABBREVIATIONS[w.strip()] for w in RULE_3_TABLE[key].split(",")}
    assert _neighbours(HH, pid) == expected
    assert pid in HH.supply_centres


def _table_edges() -> list[tuple[str, str]]:
    edges = []
    for (_, abbr), listed in RULE_3_TABLE.items():
        for word in listed.split(","):
            edges.append((HH.resolve(abbr).province, SEED_ABBREVIATIONS[word.strip()]))
    return edges


@pytest.mark.parametrize("edge", _table_edges(), ids=[f"{a}-{b}" for a, b in _table_edges()])
def test_table_edge_is_on_the_map_both_ways(edge):
    """Each edge of the table exists in the map data, and from the other end too."""
    a, b = edge
    assert b in _neighbours(HH, a)
    assert a in _neighbours(HH, b)


def test_table_is_symmetric_where_it_lists_both_ends():
    """Where both ends of an edge are new provinces, the table lists it from both ends."""
    news = {abbr for _, abbr in RULE_3_TABLE}
    listed = {(abbr, w.strip()) for (_, abbr), ws in RULE_3_TABLE.items() for w in ws.split(",")}
    for a, b in listed:
        if b in news:
            assert (b, a) in listed, (a, b)


def test_every_edge_is_symmetric():
    """Army and fleet neighbour sets are symmetric for every location of the map."""
    for src, dsts in HH.army_neighbours.items():
        for dst in dsts:
            assert src in HH.army_neighbours[dst], (src, dst)
    for src, dsts in HH.fleet_neighbours.items():
        for dst in dsts:
            assert src in HH.fleet_neighbours[dst], (src, dst)


def test_standard_edges_unchanged_away_from_prussia_and_sevastopol():
    """Every standard edge not touching Prussia or Sevastopol is kept with its kinds (ruling M7:
    Switzerland takes no standard adjacency away), and no new edge joins two standard provinces."""
    old = {e for e in _edges_without_coasts(STANDARD) if not CHANGED & set(e[:2])}
    new = {e for e in _edges_without_coasts(HH) if set(e[:2]) <= set(STANDARD.provinces)
           and not CHANGED & set(e[:2])}
    assert old == new


def test_prussia_and_sevastopol_keep_their_neighbours_and_gain_the_new_one():
    """Splitting the coasts changes no army edge; Prussia gains Danzig, Sevastopol Crimea."""
    assert HH.army_neighbours["pru"] == STANDARD.army_neighbours["pru"] | {"dan"}
    assert HH.army_neighbours["sev"] == STANDARD.army_neighbours["sev"] | {"cri"}


@pytest.mark.parametrize(("coast", "reached"), [
    ("pru/wc", {"ber", "bal", "dan"}),
    ("pru/ec", {"lvn", "bal", "dan"}),
    ("sev/wc", {"rum", "bla", "cri"}),
    ("sev/ec", {"arm", "bla", "cri"}),
])
def test_each_new_coast_reaches_its_side(coast, reached):
    """Ruling M4/M5: the west coast faces the neighbour to the west, the east coast the one to
    the east; both face the sea; the enclave (Danzig, Crimea) touches both."""
    province, _, c = coast.partition("/")
    assert HH.provinces[province].coasts == ("ec", "wc")
    assert HH.fleet_province_neighbours[Location(province, c)] == reached


@pytest.mark.parametrize(("pid", "terrain"), [
    ("uls", Terrain.COAST), ("mst", Terrain.COAST), ("cnt", Terrain.COAST), ("lei", Terrain.COAST),
    ("sar", Terrain.COAST), ("ice", Terrain.COAST), ("swi", Terrain.LAND), ("dan", Terrain.COAST),
    ("cri", Terrain.COAST), ("cyp", Terrain.COAST),
])
def test_terrain_of_new_provinces(pid, terrain):
    """Ruling M2: a province with a sea in its row is coastal; Switzerland is inland."""
    assert HH.provinces[pid].terrain is terrain


def test_islands_reached_by_fleets_only():
    """Sardinia, Iceland and Cyprus have no land neighbour: no army edge (armies land by convoy)."""
    for pid in ("sar", "ice", "cyp"):
        assert HH.army_neighbours[pid] == frozenset()


def test_irish_coastal_edges():
    """Ruling M3: neighbouring Irish provinces that face a common sea share a fleet edge;
    Connaught (Atlantic only) and Leinster (Irish Sea only) meet inland, army only."""
    fleet = {p for loc in HH.fleet_locations("cnt") for p in HH.fleet_province_neighbours[loc]}
    assert fleet == {"nao", "uls", "mst"}
    assert "lei" in HH.army_neighbours["cnt"]
    assert not HH.fleet_provinces_adjacent("cnt", "lei")
    assert HH.fleet_provinces_adjacent("uls", "lei") and HH.fleet_provinces_adjacent("mst", "lei")


def test_centres_powers_and_homes():
    """44 centres; nine powers (and the game master); the Vogon's six homes, the Hitch-hiker's four (M1)."""
    assert len(HH.supply_centres) == 44
    assert HH.powers[-3:] == ("Hitch-hiker", "Vogon", "GM")  # GM: the game master's lines, no player
    assert HH.home_centres("Vogon") == {"sar", "ice", "swi", "dan", "cri", "cyp"}
    assert HH.home_centres("Hitch-hiker") == {"uls", "mst", "lei", "cnt"}
    assert HH.resolve_power("hit") == "Hitch-hiker"


def test_zine_abbreviations():
    """The seed's MA0, NA0 (with a zero), WMS and EMS are read."""
    assert str(HH.resolve("MA0")) == "mao" and str(HH.resolve("NA0")) == "nao"
    assert str(HH.resolve("WMS")) == "wes" and str(HH.resolve("EMS")) == "eas"
