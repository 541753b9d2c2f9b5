"""Set a replayed board against a recorded one; every difference in words.

What is compared is what archives record: the units (power, type, location with coast), the
dislodged units waiting to retreat, and the owner of each supply centre. A unit that the replay
*destroys* (dislodged with nowhere to go) may or may not appear among an archive's dislodged
units: either is accepted.
"""
from __future__ import annotations

from collections.abc import Mapping

from dipsat.model.types import Dislodged, Phase, PhaseKind, Piece, Position, Season
from dipsat.model.values import value_class

_SEASON_ORDER = {Season.SPRING.name: 0, Season.SUMMER.name: 1, Season.FALL.name: 2, Season.WINTER.name: 3}
_KIND_ORDER = {PhaseKind.MOVEMENT.name: 0, PhaseKind.RETREAT.name: 1, PhaseKind.ADJUSTMENT.name: 2}
"""By the members' names (``_name_``, a plain attribute): an enum member hashes in Python, its name in C."""


def phase_key(phase: Phase) -> tuple[int, int, int]:
    """Sort key of a phase in game order: year, season, movement < retreat < adjustment."""
    return phase.year, _SEASON_ORDER[phase.season._name_], _KIND_ORDER[phase.kind._name_]


@value_class
class Difference:
    """One thing the replay and the record disagree on."""

    what: str
    """``unit``, ``dislodged``, ``centre``, ``phase``, ``result`` or ``auto``."""
    where: str
    """The province (or the order) concerned."""
    recorded: str
    replayed: str

    def __str__(self) -> str:
        where = f" {self.where}" if self.where else ""
        return f"{self.what}{where}: recorded {self.recorded}, replay {self.replayed}"


def _show(piece: Piece | None) -> str:
    return str(piece) if piece is not None else "none"


def compare_units(recorded: Mapping[str, Piece], replayed: Mapping[str, Piece], what: str = "unit") -> list[Difference]:
    """Differences between two province -> piece maps."""
    if recorded == replayed:  # one comparison in C, most often true
        return []
    found = []
    for province in sorted(recorded.keys() | replayed.keys()):
        a, b = recorded.get(province), replayed.get(province)
        if a is not b and a != b:  # the same piece object, often: no field by field comparison
            found.append(Difference(what, province, _show(a), _show(b)))
    return found


def compare_dislodged(recorded: Mapping[str, Dislodged], replayed: Mapping[str, Dislodged],
                      destroyed: Mapping[str, Piece]) -> list[Difference]:
    """Differences between dislodged units; a ``destroyed`` unit may be recorded or not.

    An attacker's origin is compared only where the record names one (case files).
    """
    if not recorded and not replayed and not destroyed:  # most boards: nothing dislodged
        return []
    found = []
    for province in sorted(recorded.keys() | replayed.keys() | destroyed.keys()):
        a = recorded.get(province)
        b = replayed.get(province)
        if b is None and province in destroyed:
            if a is None or a.piece == destroyed[province]:
                continue
            found.append(Difference("dislodged", province, _show(a.piece), f"{destroyed[province]} destroyed"))
            continue
        pa_, pb = (a.piece if a else None), (b.piece if b else None)
        if pa_ != pb:
            found.append(Difference("dislodged", province, _show(pa_), _show(pb)))
        elif a is not None and b is not None and a.attacker_origin and a.attacker_origin != b.attacker_origin:
            found.append(Difference("dislodged", province, f"{a.piece} from {a.attacker_origin}",
                                    f"{b.piece} from {b.attacker_origin or 'unknown'}"))
    return found


def compare_centres(recorded: Mapping[str, str], replayed: Mapping[str, str]) -> list[Difference]:
    """Differences between two centre -> owner maps (``neutral`` for an unowned centre)."""
    if recorded == replayed:
        return []
    found = []
    for centre in sorted(recorded.keys() | replayed.keys()):
        a, b = recorded.get(centre, "neutral"), replayed.get(centre, "neutral")
        if a != b:
            found.append(Difference("centre", centre, a, b))
    return found


def compare_boards(recorded: Position, replayed: Position, *, dislodged: Mapping[str, Dislodged] | None = None,
                   destroyed: Mapping[str, Piece] | None = None, centres: bool = True) -> list[Difference]:
    """Every difference between a recorded board and the replayed one.

    ``dislodged`` replaces the replayed board's own dislodged units (e.g. those of the movement
    phase before a replayed roll-forward); ``centres=False`` skips centre owners (not recorded).
    """
    found = compare_units(recorded.units, replayed.units)
    found += compare_dislodged(recorded.dislodged, replayed.dislodged if dislodged is None else dislodged,
                               destroyed or {})
    if centres:
        found += compare_centres(recorded.centres, replayed.centres)
    return found
