"""Board geometry as data: ``geometry.json`` beside a map's ``map.json``.

The file gives, per province, a label point (where its name and its unit stand), seed points
(the province is the union of their Voronoi cells) and, for split coasts, where a fleet on each
coast stands; ``void`` seeds fill land that is no province. A variant's geometry may extend
another's (``"extends": "dipsat.variants.classical"``), adding or replacing provinces
(``provinces``), removing some (``remove``) and void seeds (``remove_void``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from typing import Any, Mapping

from dipsat.model.errors import MapError
from dipsat.model.gamemap import GameMap
from dipsat.render.voronoi import Cell, Point, voronoi


class GeometryError(MapError):
    """A map with no geometry data, or geometry that does not fit its map."""


@dataclass(frozen=True)
class ProvinceShape:
    """Where a province is drawn."""

    label: Point
    polygons: tuple[tuple[Point, ...], ...]
    coasts: Mapping[str, Point]


@dataclass(frozen=True)
class Geometry:
    """The drawing of a whole board: shapes, and the borders between provinces."""

    width: int
    height: int
    shapes: Mapping[str, ProvinceShape]
    borders: tuple[tuple[str, str, Point, Point], ...]
    """Cell edges between two different provinces (``""`` for the void): a, b, from, to."""
    void: tuple[tuple[Point, ...], ...]

    def point(self, province: str, coast: str | None = None) -> Point:
        """Where a unit in ``province`` (on ``coast``) stands."""
        shape = self.shapes[province]
        return shape.coasts.get(coast, shape.label) if coast else shape.label


def _read(package: str) -> dict[str, Any]:
    source = f"{package}/geometry.json"
    try:
        text = files(package).joinpath("geometry.json").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        raise GeometryError("this map has no geometry data (geometry.json), so it cannot be drawn",
                            source=source) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GeometryError(f"not JSON: {exc.msg}", source=source, line=exc.lineno) from None
    if "extends" in data:
        base = _read(data["extends"])
        provinces = {k: v for k, v in base["provinces"].items() if k not in set(data.get("remove", ()))}
        provinces.update(data.get("provinces", {}))
        gone = [list(v) for v in data.get("remove_void", [])]
        void = [v for v in base["void"] if list(v) not in gone] + data.get("void", [])
        return {**base, "provinces": provinces, "void": void, "source": source}
    return {**data, "source": source}


@lru_cache(maxsize=16)
def load_geometry(package: str, gmap: GameMap) -> Geometry:
    """The geometry of the map shipped by ``package``, checked against ``gmap``.

    Raises:
        GeometryError: no geometry file, or a province of the map without a shape.
    """
    data = _read(package)
    missing = sorted(set(gmap.provinces) - set(data["provinces"]))
    if missing:
        raise GeometryError(f"no geometry for province(s) {', '.join(missing)}", source=data["source"])
    owners: list[str] = []
    seeds: list[Point] = []
    for pid in sorted(gmap.provinces):
        for x, y in data["provinces"][pid]["seeds"]:
            owners.append(pid)
            seeds.append((float(x), float(y)))
    for x, y in data["void"]:
        owners.append("")
        seeds.append((float(x), float(y)))
    cells = voronoi(seeds, data["width"], data["height"])
    return Geometry(data["width"], data["height"], _shapes(gmap, data, owners, cells),
                    _borders(owners, cells), tuple(c.polygon for c in cells if owners[c.seed] == ""))


def _shapes(gmap: GameMap, data: dict[str, Any], owners: list[str], cells: list[Cell]) -> dict[str, ProvinceShape]:
    shapes = {}
    for pid in sorted(gmap.provinces):
        entry = data["provinces"][pid]
        polygons = tuple(c.polygon for c in cells if owners[c.seed] == pid)
        coasts = {k: (float(v[0]), float(v[1])) for k, v in entry.get("coasts", {}).items()}
        shapes[pid] = ProvinceShape((float(entry["label"][0]), float(entry["label"][1])), polygons, coasts)
    return shapes


def _borders(owners: list[str], cells: list[Cell]) -> tuple[tuple[str, str, Point, Point], ...]:
    found = []
    for cell in cells:
        poly = cell.polygon
        for k, j in enumerate(cell.across):
            a = owners[cell.seed]
            b = owners[j] if j >= 0 else ""
            if j >= 0 and j < cell.seed:
                continue  # each shared edge once
            if a != b:
                found.append((a, b, poly[k], poly[(k + 1) % len(poly)]))
    return tuple(found)
