"""Test cases as values: a :class:`Case` is a start position and the :class:`Step` values (phases)
played from it, each with its orders, the :class:`Expected` result words of each order, the
expected automatic orders and the expected board after it. Read and written by
:mod:`dipsat.model.cases` (the case-file format)."""
from __future__ import annotations

from dataclasses import field
from types import MappingProxyType
from typing import Callable, Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.types import Order, Phase, PhaseKind, Position
from dipsat.model.values import value_class

__all__ = ["Case", "Expected", "OrderReader", "VariantReader", "Step", "normalise_words"]

OrderReader = Callable[[str, str, Position | None, PhaseKind, str], Order]
"""Variant hook: ``(text, power, position, phase kind, variant) -> order`` reads one order line
of a case whose ``VARIANT`` has orders of its own (``BAN ...``); it raises an
:class:`~dipsat.model.errors.InputError` for text it cannot read. Without one, every order is
read by :func:`~dipsat.model.notation.parse_order`."""


@value_class(slots=False)
class VariantReader:
    """An :data:`OrderReader` that also knows each variant's board.

    Given as ``order_reader``, it makes the case reader read a case's units, centres and changes
    on ``map_for(VARIANT)``: the map of the case's own variant, knowing its kinds of unit
    (``France: W Paris``, ``Germany: 2A Munich``). :data:`dipsat.variants.read_order` is one.
    """

    read: OrderReader
    map_for: Callable[[str], GameMap]
    board_problem: Callable[[str, Position], tuple[tuple[str, ...], str] | None] | None = None
    """``(VARIANT, start board) -> (provinces, why)`` when the case's start board cannot arise in
    that variant (two wizards of one power, Marvin twice); the reader reports it with the last
    line that placed a piece in one of the provinces."""
    variant_map: GameMap | None = None
    """The map of the one variant every case is read as (``dipsat adjudicate --variant``): a case
    without a ``VARIANT`` line reads its board on it; ``None``: on the standard map."""

    def __call__(self, text: str, power: str, position: Position | None, kind: PhaseKind, variant: str) -> Order:
        return self.read(text, power, position, kind, variant)


@value_class
class Expected:
    """The expected result of one order: ``fails, dislodged`` and the words under other rules."""

    words: str
    """Result words under the case's rules, lower case, joined by ``", "``."""
    alternatives: Mapping[str, str] = field(default_factory=dict)
    """Rules preset or option name -> result words expected under it."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "words", normalise_words(self.words))
        alts = {k.strip(): normalise_words(v) for k, v in self.alternatives.items()}
        object.__setattr__(self, "alternatives", MappingProxyType(alts))

    def __hash__(self) -> int:
        return hash((self.words, tuple(sorted(self.alternatives.items()))))

    @property
    def result(self) -> str:
        """The first word: the order's result (``fails``)."""
        return self.words.split(",")[0].strip()

    @property
    def fate(self) -> str | None:
        """``destroyed`` or ``dislodged`` if the words say so (first word or tag), else ``None``."""
        words = self.words.split(", ")
        return next((w for w in ("destroyed", "dislodged") if w in words), None)

    def __str__(self) -> str:
        return "; ".join([self.words, *(f"{k}: {v}" for k, v in self.alternatives.items())])


def normalise_words(words: str) -> str:
    """Return result words lower case, comma-separated with one space: ``"Fails,Dislodged"``."""
    return ", ".join(w.strip().lower() for w in words.split(",") if w.strip())


@value_class
class Step:
    """One phase of a case: orders, expected results and the expected board afterwards."""

    phase: Phase
    """The phase played; the first step's phase is the case's start phase."""
    orders: tuple[Order, ...] = ()
    expected: tuple[Expected | None, ...] = ()
    """One entry per order; ``None`` when the source states no result."""
    auto: tuple[Order, ...] = ()
    """Expected automatic orders (civil-disorder disbands)."""
    after: Position | None = None
    """Expected board after the phase (units, dislodged units; centres if stated)."""
    lines: tuple[int, ...] = field(default=(), compare=False)
    """Source line of each order."""
    line: int = field(default=0, compare=False)
    """Source line of the ``PHASE`` line (0: unknown)."""
    after_state: tuple[tuple[int, str], ...] | None = None
    """The ``STATE`` lines of ``AFTER`` (source line, text), read by the variant; ``None``: none stated."""

    @property
    def kind(self) -> PhaseKind:
        """What is ordered in this step."""
        return self.phase.kind


@value_class(kw_only=True)
class Case:
    """A test case: a start position and the steps (phases) played from it."""

    id: str
    title: str
    variant: str = "standard"
    rules: str = "datc"
    start: Position
    steps: tuple[Step, ...]
    source: str = field(default="", compare=False)
    line: int = field(default=0, compare=False)
    deviation: str = field(default="", compare=False)
    """Why dipsat knowingly gives another result than this case's source expects (a DATC
    preference changed since the source was written), or ``""``."""
    head_lines: Mapping[str, int] = field(default_factory=dict, compare=False)
    """Source line of the ``VARIANT`` and ``RULES`` lines (keys ``variant``, ``rules``), when written."""
    state: tuple[tuple[int, str], ...] = ()
    """The start's ``STATE`` lines (source line, text): the variant's own state, read by the variant."""
