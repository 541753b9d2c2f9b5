"""Writing a case in dipsat's case-file format (the reader and the format's reference are in
:mod:`dipsat.model.cases`): ``read_cases(write_case(case)) == [case]``."""
from __future__ import annotations

from typing import Mapping

from dipsat.model.cases import DEFAULT_MAP, Case
from dipsat.model.errors import quote
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import format_order
from dipsat.model.types import Location, Piece, Position, Unit

__all__ = ["write_case"]


def _unit_text(unit: Unit, gmap: GameMap) -> str:
    return f"{unit.kind.value} {gmap.name_of(unit.location)}"


def _board_lines(position: Position, gmap: GameMap) -> list[str]:
    """Units then dislodged units, each sorted by power and province name."""
    def key(piece: Piece) -> tuple[str, str]:
        return piece.power, gmap.name_of(piece.unit.location)

    lines = [f"{p.power}: {_unit_text(p.unit, gmap)}" for p in sorted(position.units.values(), key=key)]
    lines += [f"{p.power}: {_unit_text(p.unit, gmap)}" for _, stack in sorted(position.stacked.items()) for p in stack]
    for d in sorted(position.dislodged.values(), key=lambda d: key(d.piece)):
        origin = f" from {gmap.name_of(Location(d.attacker_origin))}" if d.attacker_origin else ""
        lines.append(f"{d.piece.power}: {_unit_text(d.piece.unit, gmap)} dislodged{origin}")
    return lines


def _centre_lines(centres: Mapping[str, str], gmap: GameMap) -> list[str]:
    by_power: dict[str, list[str]] = {}
    for province, power in centres.items():
        by_power.setdefault(power, []).append(gmap.name_of(Location(province)))
    return [f"{power}: {', '.join(names)}" for power, names in sorted(by_power.items())]


def write_case(case: Case, gmap: GameMap | None = None) -> str:
    """Return ``case`` in the dipsat case-file format (orders in DATC English).

    Raises:
        ValueError: a text field holds ``#`` or a line break, which the format cannot carry.
    """
    gmap = gmap or load_map(DEFAULT_MAP)
    for text in (case.id, case.title, case.variant, case.rules):
        if "#" in text or "\n" in text:
            raise ValueError(f"case {case.id}: cannot write {quote(text)} (holds '#' or a line break)")
    if not case.steps:
        raise ValueError(f"case {case.id}: no steps to write")
    out = [f"CASE {case.id}", *([f"TITLE {case.title}"] if case.title else []),
           f"VARIANT {case.variant}", f"RULES {case.rules}"]
    for i, step in enumerate(case.steps):
        out.append(f"PHASE {step.phase}")
        if i == 0:
            out += ["UNITS", *_board_lines(case.start, gmap)]
            if case.start.centres:
                out += ["CENTRES", *_centre_lines(case.start.centres, gmap)]
            if case.start.standoffs:
                names = (gmap.name_of(Location(p)) for p in sorted(case.start.standoffs))
                out.append(f"STANDOFFS {', '.join(names)}")
            if case.start.changes:
                out += ["CHANGES", *map(str, case.start.changes)]
        out.append("ORDERS")
        for order, expected in zip(step.orders, step.expected, strict=True):
            text = f"{order.power}: {format_order(order, gmap, style='long')}"
            out.append(f"{text}  [{expected}]" if expected is not None else text)
        if step.auto:
            out += ["AUTO", *(f"{o.power}: {format_order(o, gmap, style='long')}" for o in step.auto)]
        if step.after is not None:
            out += ["AFTER", *_board_lines(step.after, gmap)]
            if step.after.centres:
                out += ["CENTRES", *_centre_lines(step.after.centres, gmap)]
            if step.after.changes:
                out += ["CHANGES", *map(str, step.after.changes)]
    out.append("END")
    return "\n".join(out) + "\n"
