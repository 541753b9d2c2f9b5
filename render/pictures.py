"""Pictures of a variant's phases: the entry points the command line uses.

``phase_pictures`` draws a resolved phase twice, the board before with the orders and their
results, and the board after; both read the board in play (lasting changes in force).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from dipsat.model.board import in_force
from dipsat.model.types import OrderResult, Position
from dipsat.render.board import board_svg
from dipsat.render.changes import change_marks
from dipsat.render.geometry import Geometry, load_geometry
from dipsat.solver.resolution import Resolution

if TYPE_CHECKING:
    from dipsat.variants.variant import Variant


def geometry_of(variant: Variant) -> Geometry:
    """The geometry of the variant's map.

    Raises:
        GeometryError: the map has no geometry data, or it misses a province.
    """
    return load_geometry(variant.map_package, variant.map)


def cycle_orders(res: Resolution) -> frozenset[str]:
    """The orders (short notation) named by the decisions of the phase's paradox cycles."""
    found = set()
    cycles = list(res.paradoxes) + list(getattr(res.values, "cycles", ()) or ())
    for p in cycles:
        for name in p.decisions:
            text = str(name)
            if "[" in text and not text.startswith(("dislodged[", "hold[")):
                found.add(text[text.index("[") + 1:-1])
    return frozenset(found)


def position_svg(variant: Variant, position: Position, results: Iterable[OrderResult] = (), *,
                 title: str = "", subtitle: str = "", cycle: Iterable[str] = ()) -> str:
    """The board of ``position`` (with the orders of ``results`` drawn on it)."""
    geometry = geometry_of(variant)
    board = variant.board(position)
    return board_svg(variant.map, geometry, position, tuple(results), title=title, subtitle=subtitle,
                     cycle=cycle, centres=board.supply_centres,
                     extra_marks=change_marks(geometry, in_force(position)))


def phase_pictures(variant: Variant, res: Resolution, title: str = "",
                   drawn: Iterable[OrderResult] | None = None) -> tuple[str, str]:
    """The board before the phase with its orders and results (those of ``drawn`` when given: a
    view that shows fewer), and the board after it."""
    rules = f"rules: {res.rules}" if res.rules else ""
    before = position_svg(variant, res.before, res.results + res.generated if drawn is None else drawn,
                          title=f"{title} {res.before.phase}".strip(),
                          subtitle=f"orders and results; {rules}", cycle=cycle_orders(res))
    after = position_svg(variant, res.after, title=f"{title} after {res.before.phase}".strip(),
                         subtitle=f"the board at {res.after.phase}; {rules}")
    return before, after
