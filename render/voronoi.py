"""Voronoi cells of seed points in a box, by clipping the box with one half-plane per neighbour.

A province is the union of the cells of its seeds; the borders worth drawing are the cell edges
between seeds of different provinces.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Cell:
    """The cell of one seed: its polygon, and for each edge the seed on the other side (-1: box)."""

    seed: int
    polygon: tuple[Point, ...]
    across: tuple[int, ...]
    """``across[k]`` is the seed beyond the edge ``polygon[k] -> polygon[k + 1]``."""


def _clip(poly: list[Point], a: Point, b: Point) -> list[Point]:
    """Keep the part of the convex ``poly`` nearer to seed ``a`` than to seed ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    nx, ny = b[0] - a[0], b[1] - a[1]

    def side(p: Point) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny

    out: list[Point] = []
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        sp, sq = side(p), side(q)
        if sp <= 0:
            out.append(p)
        if (sp < 0 < sq) or (sq < 0 < sp):
            t = sp / (sp - sq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def voronoi(seeds: list[Point], width: float, height: float) -> list[Cell]:
    """The Voronoi cell of every seed, clipped to the box ``0..width x 0..height``."""
    cells = []
    for i, s in enumerate(seeds):
        poly: list[Point] = [(0.0, 0.0), (width, 0.0), (width, height), (0.0, height)]
        others = sorted((math.dist(s, t), j) for j, t in enumerate(seeds) if j != i)
        for d, j in others:
            reach = max(math.dist(s, p) for p in poly)
            if d / 2 > reach:  # no farther seed can cut the cell any more
                break
            poly = _clip(poly, s, seeds[j])
        cells.append(Cell(i, tuple(poly), tuple(_across(i, poly, seeds))))
    return cells


def _across(i: int, poly: list[Point], seeds: list[Point]) -> list[int]:
    """For each edge of seed ``i``'s cell, the seed equidistant from its midpoint (-1: the box)."""
    s = seeds[i]
    found = []
    for k, p in enumerate(poly):
        q = poly[(k + 1) % len(poly)]
        m = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        d = math.dist(m, s)
        best = min(((abs(math.dist(m, t) - d), j) for j, t in enumerate(seeds) if j != i), default=(1.0, -1))
        found.append(best[1] if best[0] < 1e-6 * (1 + d) else -1)
    return found
