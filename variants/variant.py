"""A variant is data (map, starting position, powers) plus the rules it adds or replaces.

* ``movement_rules``: the rule modules applied to each movement phase's model, by name;
* ``read_special``: the reader of its own order types (``BAN ...``, ``THIEF ...``), if any;
* ``engine``: how it plays a phase when that differs from the standard sequence (orders that
  override others, removals before the model, events after retreats, an extra phase); its
  per-game state travels with the board (:class:`~dipsat.variants.framework.state.VariantPosition`);
* ``options`` and ``choices``: rulings left open, and the one in force for each;
* ``unit_kinds``: its kinds of unit (:class:`~dipsat.model.kinds.UnitKind`), read and written by
  letter; the map it plays on knows them (``variant.map.kinds``);
* ``end``: how the game ends (:mod:`~dipsat.variants.framework.ending`), 18 centres by default;
* ``board_check``: why a board (a case's or record's start) cannot arise in the game (an army at
  sea, two wizards of one power), so that such input is an error, not a silent adjudication.

The board a phase is played on is the map plus the lasting changes the position carries
(:meth:`Variant.board`, :mod:`dipsat.model.board`).

The standard game is the variant with none of these.
"""
from __future__ import annotations

import json
from dataclasses import field, replace
from functools import cached_property
from types import MappingProxyType
from typing import Callable, Mapping, Sequence

from dipsat.model.board import board_in_play
from dipsat.model.gamemap import GameMap, load_map, package_text
from dipsat.model.kinds import STANDARD_KINDS, UnitKind
from dipsat.model.notation import format_order, parse_order, parse_unit
from dipsat.model.types import Phase, PhaseKind, Piece, Position, Season
from dipsat.model.values import value_class
from dipsat.solver import DATC, Resolution, Rules, adjudicate
from dipsat.solver.rules import MOVEMENT_RULES, Rule
from dipsat.variants.framework.ending import EndRule, Outcome, centre_count
from dipsat.variants.framework.options import VariantOption, check_choices
from dipsat.variants.framework.orders import AnyOrder, SpecialReader
from dipsat.variants.framework.state import StateNotation

@value_class(slots=False)
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
    read_special: SpecialReader | None = None
    """Reads the variant's own order types; ``None``: standard orders only."""
    engine: Engine | None = None
    """Plays a phase; ``None``: the standard sequence of :func:`dipsat.solver.adjudicate`."""
    options: Mapping[str, VariantOption] = field(default_factory=lambda: MappingProxyType({}))
    """Rulings left open: option name -> its choices."""
    choices: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Option name -> the choice in force (defaults filled in by :meth:`with_options`)."""
    unit_kinds: tuple[UnitKind, ...] = STANDARD_KINDS
    """The kinds of unit of the game (army and fleet in the standard game)."""
    end: EndRule | None = None
    """How the game ends; ``None``: a power owning :attr:`win_centres` centres wins."""
    state_notation: StateNotation | None = None
    """How a case's ``STATE`` lines state the variant's own state; ``None``: it keeps none a case states."""
    board_check: Callable[[Variant, Position], tuple[tuple[str, ...], str] | None] | None = None
    """``(variant, position) -> (provinces, why)`` when the board cannot arise in this game (see
    :meth:`board_problem`); ``None``: any board the case reader accepts may arise."""

    def __post_init__(self) -> None:
        filled = check_choices(self.name, self.options, self.choices)
        object.__setattr__(self, "choices", MappingProxyType(filled))

    @cached_property
    def map(self) -> GameMap:
        """The board, loaded once, knowing the variant's kinds of unit."""
        return load_map(self.map_package).with_kinds(self.unit_kinds)

    def board(self, position: Position) -> GameMap:
        """The board ``position`` is played on: the map with the lasting changes in force."""
        return board_in_play(self.map, position)

    @property
    def spec(self) -> str:
        """The name with every choice that differs from its default: ``telepath,ban_prevent=kept``."""
        changed = [f"{k}={v}" for k, v in self.choices.items() if v != self.options[k].default]
        return ",".join([self.name, *changed])

    def choice(self, option: str) -> str:
        """The choice in force for ``option``.

        Raises:
            KeyError: the variant has no such option.
        """
        return self.choices[option]

    def with_options(self, **choices: str) -> Variant:
        """This variant with some options switched.

        Raises:
            VariantOptionError: unknown option or choice.
        """
        return replace(self, choices=MappingProxyType({**self.choices, **choices}))

    def start(self) -> Position:
        """The starting position of a game (several pieces in a province where their kinds allow;
        a piece of no power listed under its own name)."""
        data = json.loads(package_text(self.map_package, "start.json"))
        season, year, kind = data["phase"].split()
        centres = {c: power for power, cs in data["centres"].items() for c in cs}
        position = Position(Phase(int(year), Season(season), PhaseKind(kind)), {}, centres)
        for power, texts in data["units"].items():
            for text in texts:
                unit = parse_unit(text, self.map)
                position = position.with_piece(Piece(power, unit))
        return position

    def adjudicate(self, position: Position, orders: Sequence[AnyOrder], rules: Rules = DATC,
                   *, advance: bool = True) -> Resolution:
        """Resolve one phase of this variant (a variant with an engine always advances)."""
        if self.engine is not None:
            return self.engine(self, position, orders, rules, advance)
        return adjudicate(self.map, position, orders, rules, self.movement_rules,  # type: ignore[arg-type]
                          advance=advance)

    def parse_order(self, text: str, power: str | None = None, position: Position | None = None,
                    kind: PhaseKind | None = None) -> AnyOrder:
        """Read one order of this variant: its own order types first, then the standard ones.

        Raises:
            OrderError: the text is neither (the message quotes it).
        """
        if kind is None:
            kind = position.phase.kind if position is not None else PhaseKind.MOVEMENT
        if self.read_special is not None:
            special = self.read_special(self.map, text, power, position, kind)
            if special is not None:
                return special
        return parse_order(text, self.map, power, position, kind)

    def format_order(self, order: AnyOrder, style: str = "short") -> str:
        """Write an order of this variant (``long``: DATC English)."""
        return format_order(order, self.map, style)  # type: ignore[arg-type]

    def override(self, name: str, **rules: Rule) -> Variant:
        """A new variant with some rule modules replaced or added, by name."""
        merged = MappingProxyType({**self.movement_rules, **rules})
        return replace(self, name=name, aliases=(), movement_rules=merged)

    def outcome(self, position: Position) -> Outcome | None:
        """How the game has ended at ``position`` (winners and reason), or ``None`` while it goes on."""
        rule = self.end if self.end is not None else centre_count(self.win_centres)
        return rule(self, position)

    def board_problem(self, position: Position) -> tuple[tuple[str, ...], str] | None:
        """Why ``position`` cannot arise in this game, as ``(provinces, why)``: the provinces of
        the pieces at fault and the reason naming the rule (``"France has two wizards ... (rule
        2b ...)"``), or ``None``."""
        return self.board_check(self, position) if self.board_check is not None else None

    def winner(self, position: Position) -> str | None:
        """The one power that has won at ``position``, if any (a shared win names none)."""
        found = self.outcome(position)
        return found.winner if found is not None else None


Engine = Callable[[Variant, Position, Sequence[AnyOrder], Rules, bool], Resolution]
"""Plays one phase of a variant: ``(variant, position, orders, rules, advance) -> Resolution``
(after the class it names: a name in quotes would be compiled when this module is imported)."""
