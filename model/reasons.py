"""Why an order got its result: typed reasons, each made by the rule that decided it.

A reason is a value: what decided the result (a bounce and its strengths, the unit that cut a
support, the backup rule of a paradox, the rule, card or spell that acted), never words. Its words
are written here and only here, when an output asks for them (:attr:`OrderResult.reason
<dipsat.model.types.OrderResult.reason>`); :func:`why_json` writes the same value as a JSON object
(``{"kind": "cut", "by": "A bur", "convoyed": true}``), so a program selects results by their
reason without reading English. No code reads a reason's words back or edits them.

Strengths are kept as the model counts them (integers) with the :class:`Scale` of the board they
were counted on: halves on a board with half-strength kinds (The Hitchhiker's Guide), an infinite
strength named by its rule (Vain Star's Superman). Words and JSON write them in that scale.

The kinds (the ``kind`` of the JSON object): a movement's ``dislodged``, ``stands``, ``paradox``,
``dislodges``, ``unopposed``, ``no_convoy_path``, ``bounced_with``, ``head_to_head``,
``own_unit``, ``bounced_off``, ``given``, ``cut``, ``available``, ``disrupted``, ``removed`` (a
convoy a variant removed before the orders were carried out); a retreat's
``retreats``, ``retreat_bounced``, ``disbanded``; an adjustment's ``built``, ``waived``,
``civil_disorder``, ``fails``; ``illegal`` and ``invalid`` for orders that are not carried out;
``rule`` for what a variant's rule, card or spell did (its words, and the rule's name where it has
one); ``then`` for a result a later rule adds to (the reason, then what followed); ``noted`` for
a reason with the rule under which it applies.
"""
from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any, Callable, ClassVar, Final, TypeVar

from dipsat.model.values import value_class

__all__ = [
    "Scale", "WHOLE", "Reason", "why_json", "kept", "kept_memo", "words_of",
    "Dislodged", "Stands", "Backup", "Dislodges", "Unopposed", "NoConvoyPath", "Removed", "BouncedWith",
    "HeadToHead", "OwnUnit", "BouncedOff", "GivenTo", "Cut", "AvailableTo", "Disrupted",
    "Illegal", "Invalid", "RetreatsTo", "RetreatBounced", "Disbanded", "Built", "Waived",
    "CivilDisorder", "Fails", "Acted", "Then", "Noted",
]


@value_class
class Scale:
    """How a board's model counts strengths, for its readers.

    ``unit`` model points make one unit of strength (2: the model counts halves). A strength at
    or above ``infinite`` is infinite, named after the first of ``names`` (threshold, name) it
    reaches: ``infinite (Superman)``.
    """

    unit: int = 1
    infinite: int | None = None
    names: tuple[tuple[int, str], ...] = ()

    def text(self, n: int) -> str:
        """A strength as a reader counts: ``3``, ``1.5``, ``infinite (Leper)``."""
        if self.infinite is not None and n >= self.infinite:
            for threshold, name in self.names:
                if n >= threshold:
                    return f"infinite ({name})"
            return "infinite"
        if self.unit == 1:
            return str(n)
        return str(n // self.unit) if n % self.unit == 0 else f"{n / self.unit:g}"

    def number(self, n: int) -> int | float | str:
        """A strength for JSON: a number in units of strength; an infinite one as its words."""
        if self.infinite is not None and n >= self.infinite:
            return self.text(n)
        if self.unit == 1 or n % self.unit == 0:
            return n // self.unit
        return n / self.unit


WHOLE = Scale()
"""The standard board's scale: whole units, nothing infinite."""


class Reason:
    """The base of every reason: a frozen value with a ``kind`` and its words.

    A subclass is a frozen, slotted dataclass; ``strengths`` names its fields that hold strengths
    (written in the reason's ``scale``).
    """

    __slots__ = ("_said",)
    """``_said``: its words once written (:func:`words_of`), ``None`` before; not a field (no part
    of its value: never compared, hashed, printed or pickled)."""
    kind: ClassVar[str] = ""
    strengths: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        _say(self, None)

    def words(self) -> str:
        """The reason as users read it."""
        raise NotImplementedError

    def detail(self) -> str:
        """The reason's words without its result word, where a later reason quotes it."""
        return self.words()

    def _s(self, n: int) -> str:
        scale = getattr(self, "scale", WHOLE)
        return str(n) if scale is WHOLE else scale.text(n)  # the standard board's whole units: the number


def why_json(why: Reason | str) -> dict[str, Any]:
    """A reason as a JSON object: ``kind`` and its fields; strengths as numbers in its scale,
    units and orders as their short text, nested reasons as objects."""
    if type(why) is str:
        return {"kind": "text", "words": why}
    names = _FIELDS.get(type(why))
    if names is None:
        names = _FIELDS[type(why)] = tuple(f.name for f in fields(why) if f.name != "scale")  # type: ignore[arg-type]
    scale = getattr(why, "scale", WHOLE)
    strengths = why.strengths  # type: ignore[union-attr]
    out: dict[str, Any] = {"kind": why.kind}  # type: ignore[union-attr]
    for name in names:
        value = getattr(why, name)
        out[name] = scale.number(value) if name in strengths else _plain(value)
    if scale.unit != 1:
        out["scale"] = scale.unit
    return out


R = TypeVar("R", bound=Reason)


def kept(kind: Callable[..., R], *fields: Any) -> R:
    """``kind(*fields)``: a reason, the one already made when the same was asked for lately.

    A reason is a value, and the same ones come back phase after phase (``stands: hold strength
    1``, ``given to A par``): each is made once and shared, and its words are written once
    (:func:`words_of`). Fields are plain values (texts, numbers, flags; a :class:`Scale` left at
    its default); at most :data:`_KEEP` of a kind are kept, then its memo starts again."""
    made = _KEPT.get(kind)
    if made is None:
        made = _KEPT[kind] = {}
    found = made.get(fields)
    if found is None:
        if len(made) >= _KEEP:
            made.clear()
        found = made[fields] = kind(*fields)
    return found  # type: ignore[no-any-return]


def kept_memo(kind: type[Reason]) -> dict[tuple[Any, ...], Any]:
    """The memo :func:`kept` keeps the reasons of ``kind`` in, by their fields' tuple: a hot
    caller reads a hit from it directly and leaves a miss to :func:`kept` (which keeps the bound)."""
    made = _KEPT.get(kind)
    if made is None:
        made = _KEPT[kind] = {}
    return made


def words_of(why: Reason | str) -> str:
    """``why.words()``, written once per reason and kept on it (the reasons :func:`kept` shares
    come back phase after phase); a plain string is its own words."""
    try:
        said = why._said  # type: ignore[union-attr]  # None: not written yet
    except AttributeError:  # a plain string, or a reason unpickled (its slot never set)
        if type(why) is str:
            return why  # type: ignore[return-value]
        said = None
    if said is None:
        said = why.words()  # type: ignore[union-attr]
        _say(why, said)
    return said  # type: ignore[no-any-return]


_say = Reason._said.__set__  # type: ignore[attr-defined]
"""Keep a reason's words on it: its own slot, set past the frozen ``__setattr__`` (a cache of a
pure function of the value)."""

_KEPT: dict[Any, dict[tuple[Any, ...], Any]] = {}
_KEEP: Final = 1024
"""Reasons of a kind kept by :func:`kept`, at most (the common reasons are few; the rare ones, an
invalid order's, need not stay)."""


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Reason class -> the names of its fields but the scale, in order (read once per class)."""


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Reason):
        return why_json(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return str(value)


# -- movement --------------------------------------------------------------------------------

@value_class
class Dislodged(Reason):
    """A holding unit dislodged (or destroyed: ``fate``) by the move ``by``."""

    kind: ClassVar[str] = "dislodged"
    by: str | None
    fate: str = "dislodged"

    def detail(self) -> str:
        return f"dislodged by {self.by}"

    def words(self) -> str:
        return f"{self.fate}: {self.detail()}"


@value_class
class Stands(Reason):
    """A holding unit nobody dislodged, with its hold strength."""

    kind: ClassVar[str] = "stands"
    strengths: ClassVar[tuple[str, ...]] = ("hold",)
    hold: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return f"hold strength {self._s(self.hold)}"

    def words(self) -> str:
        return f"stands: {self.detail()}"


@value_class
class Backup(Reason):
    """A decision of a paradox that the backup ``rule`` fixed; ``result`` is the result word."""

    kind: ClassVar[str] = "paradox"
    rule: str
    result: str

    def detail(self) -> str:
        """What settled it, without the result word."""
        return f"paradox settled by the {self.rule} rule"

    def words(self) -> str:
        return f"{self.result}: {self.detail()}"


@value_class
class Dislodges(Reason):
    """A move that dislodged ``unit``: its attack against the ``against`` strength (``defend`` of
    the unit it beat head to head, or ``hold`` of the province)."""

    kind: ClassVar[str] = "dislodges"
    strengths: ClassVar[tuple[str, ...]] = ("attack", "opposition")
    unit: str
    attack: int
    against: str
    opposition: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return f"dislodges {self.unit} ({self._s(self.attack)} against {self.against} {self._s(self.opposition)})"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class Unopposed(Reason):
    """A move into a province that nothing as strong held or contested."""

    kind: ClassVar[str] = "unopposed"
    strengths: ClassVar[tuple[str, ...]] = ("attack",)
    attack: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return f"attack {self._s(self.attack)}, nothing as strong opposes it"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class Disrupted(Reason):
    """A convoy that is not available: its ``fleet`` was dislodged by the move ``by`` (both
    ``None`` when nothing dislodged it)."""

    kind: ClassVar[str] = "disrupted"
    fleet: str | None = None
    by: str | None = None

    def detail(self) -> str:
        """What disrupted it, without the result word (``disrupted`` when nothing is named)."""
        return f"{self.fleet} dislodged by {self.by}" if self.fleet is not None else "disrupted"

    def words(self) -> str:
        return f"disrupted: {self.detail()}" if self.fleet is not None else "disrupted"


@value_class
class Removed(Reason):
    """Convoying ``fleets`` removed before the orders were carried out, ``how`` (``by a Thief``)."""

    kind: ClassVar[str] = "removed"
    fleets: str
    how: str

    def detail(self) -> str:
        """What took the convoy away."""
        return f"{self.fleets} removed {self.how}"

    def words(self) -> str:
        return f"disrupted: {self.detail()}"


@value_class
class NoConvoyPath(Reason):
    """A convoyed move with no path: why each convoy of its routes was not available."""

    kind: ClassVar[str] = "no_convoy_path"
    lost: tuple[Disrupted | Backup | Removed, ...] = ()

    def detail(self) -> str:
        return f"no convoy path ({'; '.join(r.detail() for r in self.lost) or 'convoy disrupted'})"

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class BouncedWith(Reason):
    """A move that bounced with another move into the same province (``rival``, its order)."""

    kind: ClassVar[str] = "bounced_with"
    strengths: ClassVar[tuple[str, ...]] = ("attack", "prevent")
    rival: str
    attack: int
    prevent: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return f"bounced with {self.rival} ({self._s(self.attack)} against {self._s(self.prevent)})"

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class HeadToHead(Reason):
    """A move that lost the head-to-head battle with ``opponent`` (its order)."""

    kind: ClassVar[str] = "head_to_head"
    strengths: ClassVar[tuple[str, ...]] = ("attack", "defend")
    opponent: str
    attack: int
    defend: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return (f"lost the head-to-head battle with {self.opponent} "
                f"({self._s(self.attack)} against {self._s(self.defend)})")

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class OwnUnit(Reason):
    """A move that may not dislodge ``unit``, of its own power."""

    kind: ClassVar[str] = "own_unit"
    unit: str

    def detail(self) -> str:
        return f"cannot dislodge {self.unit} of its own power"

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class BouncedOff(Reason):
    """A move that bounced off the province ``what`` (its unit, or the province when empty)."""

    kind: ClassVar[str] = "bounced_off"
    strengths: ClassVar[tuple[str, ...]] = ("attack", "hold")
    what: str
    attack: int
    hold: int
    scale: Scale = WHOLE

    def detail(self) -> str:
        return f"bounced off {self.what} ({self._s(self.attack)} against hold strength {self._s(self.hold)})"

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class GivenTo(Reason):
    """A support given to ``target`` (``A par`` or ``A par - bur``); ``note`` adds the rule that
    kept it given where the standard rules would not; ``which`` is the supported move's result
    where it failed because a variant's rule removed its convoy before the orders (the model's
    ``Removal``: the support reads ``given to A lon - nwy, which fails: no convoy path (...)``)."""

    kind: ClassVar[str] = "given"
    target: str
    note: str = ""
    which: Reason | None = None

    def words(self) -> str:
        which = f", which {self.which.words()}" if self.which is not None else ""
        return f"given to {self.target}" + (f" ({self.note})" if self.note else "") + which


@value_class
class Cut(Reason):
    """A support cut by ``by``: the unit that attacked it (``convoyed``: an army moving by
    convoy), or the move that dislodged it (``dislodged``); ``None`` when nothing is named.
    ``note`` names the rule that cut it where the standard rules would not."""

    kind: ClassVar[str] = "cut"
    by: str | None = None
    convoyed: bool = False
    dislodged: bool = False
    note: str = ""

    def detail(self) -> str:
        note = f" ({self.note})" if self.note else ""
        if self.by is None:
            return "cut" + note
        return f"{'dislodged' if self.dislodged else 'attacked'} by {self.by}{note}"

    def words(self) -> str:
        return self.detail() if self.by is None else f"cut: {self.detail()}"


@value_class
class AvailableTo(Reason):
    """A convoy available to ``army``."""

    kind: ClassVar[str] = "available"
    army: str

    def words(self) -> str:
        return f"available to {self.army}"


@value_class
class Illegal(Reason):
    """An order not carried out: the ``problem`` the legality rule found."""

    kind: ClassVar[str] = "illegal"
    problem: str

    def detail(self) -> str:
        return self.problem

    def words(self) -> str:
        return f"illegal: {self.problem}"


@value_class
class Invalid(Reason):
    """An order that names a unit it cannot be (DATC 4.C.2)."""

    kind: ClassVar[str] = "invalid"
    problem: str

    def detail(self) -> str:
        return self.problem

    def words(self) -> str:
        return f"invalid: {self.problem}"


# -- retreats and adjustments ----------------------------------------------------------------

@value_class
class RetreatsTo(Reason):
    """A retreat carried out, to ``location``."""

    kind: ClassVar[str] = "retreats"
    location: str

    def detail(self) -> str:
        return f"retreats to {self.location}"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class RetreatBounced(Reason):
    """A retreat into the same province as ``rivals`` other retreats: all are disbanded."""

    kind: ClassVar[str] = "retreat_bounced"
    rivals: int

    def detail(self) -> str:
        return f"bounced with {self.rivals} other retreat(s); disbanded"

    def words(self) -> str:
        return f"fails: {self.detail()}"


@value_class
class Disbanded(Reason):
    """A unit disbanded: by its order (``unit`` named in an adjustment), or because no retreat
    was ordered (``unordered``)."""

    kind: ClassVar[str] = "disbanded"
    unit: str | None = None
    unordered: bool = False

    def detail(self) -> str:
        if self.unordered:
            return "no retreat ordered, disbanded"
        return f"{self.unit} disbanded" if self.unit is not None else "disbanded"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class Built(Reason):
    """A build carried out."""

    kind: ClassVar[str] = "built"
    unit: str

    def detail(self) -> str:
        return f"{self.unit} built"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class Waived(Reason):
    """A build waived."""

    kind: ClassVar[str] = "waived"

    def detail(self) -> str:
        return "one build waived"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class CivilDisorder(Reason):
    """A unit removed because its power ordered too few disbands; ``rule`` chose it (DATC 4.D.6),
    or the variant's rule ``note`` (a piece of a stack, ruling H8)."""

    kind: ClassVar[str] = "civil_disorder"
    rule: str
    note: str = ""

    def detail(self) -> str:
        return f"civil disorder ({self.note or f'{self.rule} rule'})"

    def words(self) -> str:
        return f"succeeds: {self.detail()}"


@value_class
class Fails(Reason):
    """An order understood and allowed that cannot be carried out: ``problem``."""

    kind: ClassVar[str] = "fails"
    problem: str

    def detail(self) -> str:
        return self.problem

    def words(self) -> str:
        return f"fails: {self.problem}"


# -- variants --------------------------------------------------------------------------------

@value_class
class Acted(Reason):
    """What a variant's rule, card or spell did to an order: ``result`` is the result word,
    ``what`` the rule's own words, ``rule`` its name where it has one (``10c``, ``H2``,
    ``Sudden Death``). Words: ``fails: it takes its sunglasses off this turn (rule 10c)``."""

    kind: ClassVar[str] = "rule"
    result: str
    what: str = ""
    rule: str = ""

    def words(self) -> str:
        text = f"{self.result}: {self.what}" if self.what else self.result
        return text + (f" ({self.rule})" if self.rule else "")

    def detail(self) -> str:
        return self.what + (f" ({self.rule})" if self.rule else "")


@value_class
class Then(Reason):
    """A result that a later rule adds to: ``first``, then what followed (``after``: a reason,
    written without its result word, or words), joined by ``joiner``; ``word``, where given, is
    the result word that replaces the first one's (``destroyed``)."""

    kind: ClassVar[str] = "then"
    first: Reason
    after: Reason | str
    joiner: str = "; then "
    word: str = ""

    def _after(self) -> str:
        return self.after if type(self.after) is str else self.after.detail()  # type: ignore[union-attr]

    def detail(self) -> str:
        return f"{self.first.detail()}{self.joiner}{self._after()}"

    def words(self) -> str:
        first = f"{self.word}: {self.first.detail()}" if self.word else self.first.words()
        return f"{first}{self.joiner}{self._after()}"


@value_class
class Noted(Reason):
    """A reason with the rule under which it applies: ``fails: bounced with ... (commanded by
    Zaphod, rule 10a)``."""

    kind: ClassVar[str] = "noted"
    first: Reason
    note: str

    def detail(self) -> str:
        return f"{self.first.detail()} ({self.note})"

    def words(self) -> str:
        return f"{self.first.words()} ({self.note})"
