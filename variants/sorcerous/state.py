"""What a Sorcerous game remembers between phases: wizards, familiars, spirits, spells in force,
the years each wizard has cast in, and the spells and links waiting for the end of the turn.

Units are followed by the province they stand in (a dislodged unit by the province it was
dislodged from, until it retreats); :meth:`SorcerousState.follow` moves every record with
its unit after a phase.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Mapping

from dipsat.model.board import CloseEdge, FreezeSea
from dipsat.model.types import Position, Season
from dipsat.variants.sorcerous.kinds import is_familiar, is_wizard
from dipsat.variants.sorcerous.orders import Cast
from dipsat.variants.sorcerous.spells import Effect, Spell, turn_of

__all__ = ["SorcerousState", "EMPTY", "Link", "from_board"]


@dataclass(frozen=True, slots=True)
class Link:
    """A wizard and its familiar (rule 4), by the provinces they stand in."""

    power: str
    wizard: str
    familiar: str


@dataclass(frozen=True)
class SorcerousState:
    """The per-game state of Sorcerous Diplomacy (immutable)."""

    wizards: tuple[tuple[str, str], ...] = ()
    """(power, province of its wizard), sorted by power: at most one per power (rule 2b)."""
    links: tuple[Link, ...] = ()
    """Wizard-familiar links (rule 4), one per wizard."""
    spirits: tuple[tuple[str, int], ...] = ()
    """(power, year of the first Winter its spirit is counted in): familiars that died (rule 4)."""
    effects: tuple[Effect, ...] = ()
    """Spells in force or waiting for their first turn."""
    casts: tuple[tuple[str, int], ...] = ()
    """(power, year): the years in which the power's wizard cast its spell (rule 2g)."""
    pending: tuple[Cast, ...] = ()
    """Wall, Ice and Flame cast this turn: they take effect after the retreats (rule 5)."""
    binding: tuple[Link, ...] = ()
    """Familiars taken this turn: linked at the end of the turn if both units still stand."""

    # -- queries ----------------------------------------------------------------------------
    def wizard_of(self, power: str) -> str | None:
        """The province of ``power``'s wizard, or ``None``."""
        return dict(self.wizards).get(power)

    def wizard_at(self, province: str) -> str | None:
        """The power whose wizard stands (or was dislodged) in ``province``, or ``None``."""
        return next((p for p, where in self.wizards if where == province), None)

    def link_of(self, power: str) -> Link | None:
        """``power``'s wizard-familiar link, or ``None``."""
        return next((link for link in self.links if link.power == power), None)

    def familiar_at(self, province: str) -> Link | None:
        """The link whose familiar stands in ``province``, or ``None``."""
        return next((link for link in self.links if link.familiar == province), None)

    def has_cast(self, power: str, year: int) -> bool:
        """Tell whether ``power``'s wizard has cast its spell of ``year``."""
        return (power, year) in self.casts

    def active(self, spell: Spell, turn: int) -> list[Effect]:
        """The spells of kind ``spell`` acting in ``turn``."""
        return [e for e in self.effects if e.spell is spell and e.active(turn)]

    def spirits_due(self, power: str, year: int, forever: bool) -> int:
        """Spirits of ``power`` that need a centre in the Winter of ``year`` (rule 4)."""
        return sum(1 for p, first in self.spirits
                   if p == power and (first <= year if forever else first == year))

    # -- changes ----------------------------------------------------------------------------
    def follow(self, moved: Mapping[str, str | None]) -> SorcerousState:
        """This state after units moved: ``moved`` maps an old province to the new one, or to
        ``None`` for a unit that is gone; provinces not in ``moved`` did not change.

        Links whose unit is gone are dropped here; the caller kills the partner first.
        """
        def where(p: str) -> str | None:
            return moved.get(p, p) if p in moved else p
        wizards = tuple((pw, where(p)) for pw, p in self.wizards if where(p) is not None)
        links = tuple(Link(l.power, where(l.wizard), where(l.familiar)) for l in self.links  # type: ignore[arg-type]
                      if where(l.wizard) is not None and where(l.familiar) is not None)
        binding = tuple(Link(l.power, where(l.wizard), where(l.familiar)) for l in self.binding  # type: ignore[arg-type]
                        if where(l.wizard) is not None and where(l.familiar) is not None)
        effects = []
        for e in self.effects:
            if e.spell in (Spell.STASIS, Spell.SHIELD):
                new = where(e.where[0])
                if new is not None:
                    effects.append(e.moved(new))
            else:
                effects.append(e)
        return replace(self, wizards=tuple(sorted(wizards)), links=links, binding=binding,
                       effects=tuple(effects))

    def add_wizard(self, power: str, province: str) -> SorcerousState:
        """This state with ``power``'s new wizard in ``province``."""
        return replace(self, wizards=tuple(sorted((*self.wizards, (power, province)))))

    def add_spirit(self, power: str, first_year: int) -> SorcerousState:
        """This state with one more spirit of ``power``, counted from the Winter of ``first_year``."""
        return replace(self, spirits=tuple(sorted((*self.spirits, (power, first_year)))))

    def lines(self) -> list[str]:
        """The state for a report: wizards, familiars, spirits, spells in force."""
        out = [f"wizard {p}: {w}" for p, w in self.wizards]
        out += [f"familiar {l.power}: {l.familiar} (wizard {l.wizard})" for l in self.links]
        out += [f"spirit {p}: from Winter {y}" for p, y in self.spirits]
        out += [f"spell {e}" for e in self.effects]
        out += [f"cast {p}: {y}" for p, y in self.casts]
        return out


def from_board(state: SorcerousState, position: Position) -> SorcerousState:
    """``state`` with its wizards and familiar links read from the board (the board is the
    truth: a ``W`` unit is its power's wizard, a ``2A``/``2F`` unit its familiar); a dislodged
    unit waiting to retreat is keyed ``~p``."""
    wizards: dict[str, str] = {}
    familiars: dict[str, str] = {}
    pieces = [(p, piece) for p, piece in position.units.items()]
    pieces += [("~" + p, d.piece) for p, d in position.dislodged.items()]
    for key, piece in pieces:
        if is_wizard(piece.unit.kind):
            wizards[piece.power] = key
        elif is_familiar(piece.unit.kind):
            familiars[piece.power] = key
    links = tuple(Link(power, wizards[power], f) for power, f in sorted(familiars.items()) if power in wizards)
    return replace(state, wizards=tuple(sorted(wizards.items())), links=links,
                   effects=_board_effects(state, position))


def _board_effects(state: SorcerousState, position: Position) -> tuple[Effect, ...]:
    """The state's spells plus the Walls and Ice the board carries that the state does not know
    (a case or record that starts with ``CHANGES``): cast by nobody known, in force until theirs."""
    now = turn_of(position.phase) if position.phase.season is not Season.WINTER else 2 * position.phase.year + 2
    known = {(e.spell, e.where) for e in state.effects}
    extra = []
    for lasting in position.changes:
        change = lasting.change
        if isinstance(change, CloseEdge):
            spell, where = Spell.WALL, tuple(sorted((change.a, change.b)))
        elif isinstance(change, FreezeSea):
            spell, where = Spell.ICE, (change.province,)
        else:
            continue
        last = turn_of(lasting.until) if lasting.until is not None else 10**6
        if (spell, where) not in known and lasting.in_force(position.phase):
            extra.append(Effect(spell, where, now, last, "(board)"))
    return (*state.effects, *extra)


EMPTY = SorcerousState()
"""The state at the start of a game: no wizard (rule 2c), no spell."""
