"""A variant is data (map, starting position) plus the rule modules it applies."""
from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib.resources import files
from types import MappingProxyType
from typing import Mapping, Sequence

from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.notation import parse_order
from dipsat.model.types import Order, Phase, PhaseKind, Piece, Position, Season
from dipsat.solver import DATC, Resolution, Rules, adjudicate
from dipsat.solver.rules import MOVEMENT_RULES, Rule


@dataclass(frozen=True)
class Variant:
    """A game: its board, its start, its rules, its victory condition."""

    name: str
    map_package: str
    """The package that ships ``map.json`` and ``start.json``."""
    aliases: tuple[str, ...] = ()
    movement_rules: Mapping[str, Rule] = field(default_factory=lambda: MappingProxyType(MOVEMENT_RULES))
    """Rule name -> rule module, applied in order to each movement phase's model."""
    win_centres: int = 18
    """Supply centres that win the game."""
    description: str = ""

    @cached_property
    def map(self) -> GameMap:
        """The board, loaded once."""
        return load_map(self.map_package)

    def start(self) -> Position:
        """The starting position of a game."""
        data = json.loads(files(self.map_package).joinpath("start.json").read_text(encoding="utf-8"))
        season, year, kind = data["phase"].split()
        units = {}
        for power, texts in data["units"].items():
            for text in texts:
                unit = parse_order(f"{text} H", self.map, power).unit  # type: ignore[union-attr]
                units[unit.province] = Piece(power, unit)
        centres = {c: power for power, cs in data["centres"].items() for c in cs}
        return Position(Phase(int(year), Season(season), PhaseKind(kind)), units, centres)

    def adjudicate(self, position: Position, orders: Sequence[Order], rules: Rules = DATC,
                   *, advance: bool = True) -> Resolution:
        """Resolve one phase of this variant."""
        return adjudicate(self.map, position, orders, rules, self.movement_rules, advance=advance)

    def parse_order(self, text: str, power: str | None = None, position: Position | None = None) -> Order:
        """Read one order of this variant (see :func:`dipsat.model.notation.parse_order`)."""
        kind = position.phase.kind if position is not None else PhaseKind.MOVEMENT
        return parse_order(text, self.map, power, position, kind)

    def override(self, name: str, **rules: Rule) -> Variant:
        """A new variant with some rule modules replaced or added, by name."""
        merged = MappingProxyType({**self.movement_rules, **rules})
        return replace(self, name=name, aliases=(), movement_rules=merged)

    def winner(self, position: Position) -> str | None:
        """The power holding at least :attr:`win_centres` centres, if any."""
        counts: dict[str, int] = {}
        for owner in position.centres.values():
            counts[owner] = counts.get(owner, 0) + 1
        best = [p for p, n in counts.items() if n >= self.win_centres]
        return best[0] if len(best) == 1 else None
