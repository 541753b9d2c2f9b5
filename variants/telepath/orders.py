"""Telepath's one order type, the Ban (rules 4 and 6), and its reader.

Accepted, case-insensitively (``BAN`` first; the named power is the owner of the banned unit)::

    BAN FRE F(Bre)-ENC          BAN France F Brest - English Channel      (active: a forecast move)
    BAN FRE F(Bre)              BAN France F Brest                        (passive: a static unit)
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from dipsat.model.errors import OrderSyntaxError
from dipsat.model.gamemap import GameMap
from dipsat.model.types import Location, PhaseKind, Position, Unit
from dipsat.variants.framework.orders import (
    SpecialOrder, location_name, read_unit, resolve_place, resolve_power, split_dashes, unit_name,
)

__all__ = ["Ban", "read_ban"]

_BAN_RE: Final = re.compile(r"\s*ban\b\s*(.*)", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True, slots=True)
class Ban(SpecialOrder):
    """``BAN FRE F bre - eng`` (active) or ``BAN FRE F bre`` (passive), given by ``power``."""

    target: str
    """The power whose unit is banned."""
    unit: Unit
    dest: Location | None = None
    """The forecast destination of an active ban; ``None`` for a passive ban."""

    @property
    def active(self) -> bool:
        """True for a ban on a forecast move."""
        return self.dest is not None

    def format(self, gmap: GameMap, style: str = "short") -> str:  # type: ignore[override]
        """``BAN France F bre - eng`` (short) or ``BAN France F Brest - English Channel`` (long)."""
        text = f"BAN {self.target} {unit_name(gmap, self.unit, style)}"
        if self.dest is not None:
            text += f" - {location_name(gmap, self.dest, style)}"
        return text


def read_ban(gmap: GameMap, text: str, power: str | None, position: Position | None,
             kind: PhaseKind) -> Ban | None:
    """Read a ban; ``None`` when ``text`` does not start with ``BAN``.

    Raises:
        OrderSyntaxError: a ban without a power or a unit, or no ordering power.
        UnknownPowerError, UnknownProvinceError: the text names neither.
    """
    m = _BAN_RE.fullmatch(text)
    if m is None:
        return None
    rest = m[1].strip()
    if power is None:
        raise OrderSyntaxError(f"a ban needs the power that gives it ('France: BAN ...'): {text!r}")
    words = rest.split(None, 1)
    if len(words) < 2:
        raise OrderSyntaxError(f"expected 'BAN <POWER> <unit> [- <destination>]', got {text!r}")
    target = resolve_power(gmap, words[0])
    parts = split_dashes(gmap, words[1])
    if len(parts) > 2:
        raise OrderSyntaxError(f"a ban forecasts one move, got {text!r}")
    unit = read_unit(gmap, parts[0], position)
    dest = resolve_place(gmap, parts[1]) if len(parts) == 2 else None
    return Ban(power, target, unit, dest)
