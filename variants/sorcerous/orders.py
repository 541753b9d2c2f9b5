"""Sorcerous Diplomacy's own orders (spells, familiars, wizard builds) and their reader.

Accepted, case-insensitively (the ordering power comes from the line: ``France: ...``)::

    W Paris CAST STASIS F Brest         W par CAST SHIELD A ruh      (a unit: Stasis, Magic Shield)
    W Paris CAST WALL Burgundy Munich   CAST WALL bur - mun          (two provinces)
    W Paris CAST ICE North Sea          CAST FLAME nth               (a sea)
    W Paris FAMILIAR A Burgundy                                      (the wizard takes a familiar)
    Build W Paris    W Paris B          Build WF Edinburgh           (a wizard; WF: as a fleet)

``CAST ...`` without the wizard is cast by the power's wizard. Any other order may name the
wizard with ``W`` (``W Paris - Burgundy``, ``A Picardy S W Paris``, ``W Paris D``): it is the
standard order of the unit standing there. A ``CAST`` with a word that is no spell is read
(and is illegal when adjudicated); a province name that does not exist is unreadable.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Final

from dipsat.model.errors import OrderError, OrderSyntaxError, UnknownProvinceError
from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_order
from dipsat.model.types import Location, Order, PhaseKind, Position, Unit, UnitType
from dipsat.variants.framework.orders import (
    SpecialOrder, location_name, read_unit, resolve_place, split_dashes, unit_name,
)
from dipsat.variants.sorcerous.kinds import FLEET_WIZARD, WIZARD
from dipsat.variants.sorcerous.spells import SPELL_WORDS, Spell

__all__ = ["Cast", "TakeFamiliar", "BuildWizard", "SorcerousOrder", "read_sorcerous"]

_CAST_RE: Final = re.compile(r"\s*(?:(.*?)\s+)?cast\s+(magic\s+shield|\S+)\s*(.*?)\s*", re.I | re.S)
_FAMILIAR_RE: Final = re.compile(r"\s*(.+?)\s+(?:takes\s+)?familiar\s+(.+?)\s*", re.I | re.S)
_BUILD_RE: Final = re.compile(r"\s*(?:(?:b|build|builds)\s+(wf?)\s+(.+?)|(wf?)\s+(.+?)\s+(?:b|build|builds))\s*",
                              re.I | re.S)
_W_TOKEN_RE: Final = re.compile(r"(?<![\w/(])w(?=\s+\S)", re.I)


def _wizard_name(gmap: GameMap, wizard: Unit | None, style: str, letter: str) -> str:
    if wizard is None:
        return ""
    return f"{letter} {location_name(gmap, wizard.location, style)} "


def _letter(text: str | None) -> str:
    """How the order named its caster: ``W`` or ``WF`` (a wizard), or ``A``/``F`` (then it is no wizard)."""
    first = (text or "W").split()[0].upper()
    return first if first in ("A", "F", "WF") else "W"


@dataclass(frozen=True, slots=True)
class Cast(SpecialOrder):
    """``W par CAST STASIS F bre``: a wizard's spell for the season (rules 2g, 3)."""

    wizard: Unit | None
    """The unit named as the caster; ``None``: the power's wizard, wherever it stands."""
    word: str
    """The spell as written, upper case (``STASIS``; an unknown word is kept, and illegal)."""
    unit: Unit | None = None
    """The enchanted unit (Stasis, Magic Shield)."""
    places: tuple[Location, ...] = ()
    """The Wall's two provinces, or the sea of Ice and Flame."""
    letter: str = "W"
    """How the order named the caster (``W``; ``A`` or ``F`` for a unit written as no wizard)."""

    @property
    def spell(self) -> Spell | None:
        """The spell cast, or ``None`` for a word that names no spell."""
        return SPELL_WORDS.get(self.word.lower())

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``W par CAST WALL bur mun`` (short) or ``W Paris CAST WALL Burgundy Munich`` (long)."""
        parts = [f"{_wizard_name(gmap, self.wizard, style, self.letter)}CAST {self.word}"]
        if self.unit is not None:
            parts.append(unit_name(gmap, self.unit, style))
        parts += [location_name(gmap, p, style) for p in self.places]
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class TakeFamiliar(SpecialOrder):
    """``W par FAMILIAR A bur``: the wizard links one of its power's units to itself (rule 4)."""

    wizard: Unit
    unit: Unit
    letter: str = "W"
    """How the order named the wizard (``W``; ``A`` or ``F`` for a unit written as no wizard)."""

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``W par FAMILIAR A bur``."""
        return f"{_wizard_name(gmap, self.wizard, style, self.letter)}FAMILIAR {unit_name(gmap, self.unit, style)}"


@dataclass(frozen=True, slots=True)
class BuildWizard(SpecialOrder):
    """``Build W par``: a wizard built in an adjustment phase (rules 2b-2f); ``WF``: as a fleet."""

    location: Location
    fleet: bool = False

    @property
    def unit(self) -> Unit:
        """The wizard as a unit on the board: ``W`` (``WF``: with a fleet's characteristics)."""
        return Unit(FLEET_WIZARD if self.fleet else WIZARD, self.location)

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``Build W par`` / ``Build WF edi``."""
        return f"Build {'WF' if self.fleet else 'W'} {location_name(gmap, self.location, style)}"


SorcerousOrder = Cast | TakeFamiliar | BuildWizard


def _unit(gmap: GameMap, text: str, position: Position | None) -> Unit:
    """``W Paris``, ``A Munich``, ``F(Bre)`` or ``Paris`` as a unit (W: the unit standing there)."""
    words = text.split(None, 1)
    if words and words[0].lower() == "w" and len(words) == 2:
        loc = resolve_place(gmap, words[1])
        piece = position.units.get(loc.province) if position is not None else None
        return piece.unit if piece is not None else Unit(UnitType.ARMY, loc)
    return read_unit(gmap, text, position)


def _places(gmap: GameMap, text: str, count: int) -> tuple[Location, ...]:
    """``Burgundy Munich``, ``bur - mun``, ``North Sea`` as ``count`` provinces."""
    if count == 1:
        return (resolve_place(gmap, text),)
    parts = [p for p in re.split(r"\s*(?:,|\band\b)\s*", text) if p]
    if len(parts) != 2:
        parts = split_dashes(gmap, text)
    if len(parts) == 2:
        return resolve_place(gmap, parts[0]), resolve_place(gmap, parts[1])
    words = text.split()
    found = []
    for cut in range(1, len(words)):
        try:
            found.append((resolve_place(gmap, " ".join(words[:cut])), resolve_place(gmap, " ".join(words[cut:]))))
        except UnknownProvinceError:
            continue
    if len(found) != 1:
        raise OrderSyntaxError(f"a Wall names two provinces ('CAST WALL Burgundy Munich'), got {text!r}")
    return found[0]


def _read_cast(gmap: GameMap, m: re.Match[str], power: str, position: Position | None, text: str) -> Cast:
    wizard = _unit(gmap, m[1], position) if m[1] else None
    letter = _letter(m[1])
    word = " ".join(m[2].upper().split()).replace("MAGIC SHIELD", "SHIELD")
    spell = SPELL_WORDS.get(word.lower())
    rest = m[3]
    if spell in (Spell.STASIS, Spell.SHIELD):
        if not rest:
            raise OrderSyntaxError(f"{word} names a unit ('CAST {word} A Munich'): {text!r}")
        return Cast(power, wizard, word, unit=_unit(gmap, rest, position), letter=letter)
    if spell is Spell.WALL:
        return Cast(power, wizard, word, places=_places(gmap, rest, 2), letter=letter)
    if spell in (Spell.ICE, Spell.FLAME):
        if not rest:
            raise OrderSyntaxError(f"{word} names a sea ('CAST {word} North Sea'): {text!r}")
        return Cast(power, wizard, word, places=_places(gmap, rest, 1), letter=letter)
    return Cast(power, wizard, word, letter=letter)


_UNIT_TOKEN_RE: Final = re.compile(r"(?<![\w/(])(a|f|w)(?=\s+\S)", re.I)


def _with_board_kinds(order: Order, position: Position | None, kind: PhaseKind, text: str) -> Order:
    """An order read with ``W`` as ``A``: each named unit with the type it has on the board (in a
    retreat phase, the dislodged unit's type: the unit that dislodged it may stand there too); a
    unit the board does not show (a later phase of a case, read before it is played) keeps the
    letter written: ``W`` is the wizard."""
    retreat = kind is PhaseKind.RETREAT
    letters = [m[1].upper() for m in _UNIT_TOKEN_RE.finditer(text)]
    changes = {}
    units = [f.name for f in fields(order) if isinstance(getattr(order, f.name), Unit)]  # type: ignore[arg-type]
    for name, letter in zip(units, letters + [""] * len(units)):
        value = getattr(order, name)
        dislodged = position.dislodged.get(value.province) if position is not None else None
        standing = position.units.get(value.province) if position is not None else None
        piece = (dislodged.piece if dislodged is not None and (retreat or standing is None)
                 else standing)
        if piece is not None and piece.unit.kind is not value.kind:
            changes[name] = Unit(piece.unit.kind, piece.unit.location)
        elif piece is None and letter == "W" and value.kind is UnitType.ARMY:
            changes[name] = Unit(WIZARD, value.location)
    return replace(order, **changes) if changes else order  # type: ignore[type-var]


def read_sorcerous(gmap: GameMap, text: str, power: str | None, position: Position | None,
                   kind: PhaseKind) -> SorcerousOrder | Order | None:
    """Read a spell, a familiar, a wizard build, or an order naming a wizard with ``W``.

    Returns ``None`` for text with none of these (a standard order).

    Raises:
        OrderSyntaxError: a spell, familiar or build order without its parts, or no power.
        UnknownProvinceError: a province that does not exist.
    """
    cast = _CAST_RE.fullmatch(text)
    familiar = _FAMILIAR_RE.fullmatch(text)
    build = _BUILD_RE.fullmatch(text)
    if (cast or familiar or build) and power is None:
        raise OrderSyntaxError(f"a Sorcerous order needs the power that gives it ('France: ...'): {text!r}")
    if cast is not None:
        return _read_cast(gmap, cast, power, position, text)  # type: ignore[arg-type]
    if familiar is not None:
        return TakeFamiliar(power, _unit(gmap, familiar[1], position), _unit(gmap, familiar[2], position),  # type: ignore[arg-type]
                            _letter(familiar[1]))
    if build is not None:
        letters, where = (build[1], build[2]) if build[1] else (build[3], build[4])
        return BuildWizard(power, resolve_place(gmap, where), letters.lower() == "wf")  # type: ignore[arg-type]
    if _W_TOKEN_RE.search(text):
        read_as = _W_TOKEN_RE.sub("A", text)
        try:
            order = parse_order(read_as, gmap, power, position, kind)
        except OrderError as exc:  # quote what was written, not the army it was read as
            exc.message = exc.message.replace(read_as, text)
            raise
        return _with_board_kinds(order, position, kind, text)
    return None
