"""The usual orders read word by word (:func:`dipsat.model.order_words.usual_recipe`) read as the
general parser reads them."""
from __future__ import annotations

import itertools
import random

import pytest

from dipsat.model import notation
from dipsat.model.errors import InputError
from dipsat.model.gamemap import load_map
from dipsat.model.order_words import usual_recipe
from dipsat.model.types import Dislodged, Move, Phase, PhaseKind, Piece, Position, Season, Unit, UnitType

MAP = load_map("dipsat.variants.classical")
KINDS = (PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT)
A, F = UnitType.ARMY, UnitType.FLEET


def _unit(kind: UnitType, where: str) -> Unit:
    province, _, coast = where.partition("/")
    return Unit(kind, MAP.resolve(province) if not coast else MAP.resolve(where))


def _boards() -> list[Position | None]:
    """Boards whose pieces differ in every way a reading uses: owner, kind, coast, gone, dislodged."""
    phase = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    base = {"par": Piece("France", _unit(A, "par")), "bur": Piece("Germany", _unit(A, "bur")),
            "nth": Piece("England", _unit(F, "nth")), "lon": Piece("England", _unit(A, "lon")),
            "stp": Piece("Russia", _unit(F, "stp/sc")), "spa": Piece("France", _unit(F, "spa/nc")),
            "bul": Piece("Turkey", _unit(A, "bul"))}
    changes: list[dict[str, Piece | None]] = [
        {}, {"par": Piece("France", _unit(F, "par"))}, {"par": None}, {"nth": Piece("Germany", _unit(F, "nth"))},
        {"stp": Piece("Russia", _unit(A, "stp"))}, {"stp": Piece("Russia", _unit(F, "stp/nc"))},
        {"spa": Piece("France", _unit(A, "spa"))}, {"bul": Piece("Turkey", _unit(F, "bul/ec"))}, {"bur": None},
    ]
    boards: list[Position | None] = [None]
    for change in changes:
        units = {p: piece for p, piece in {**base, **change}.items() if piece is not None}
        boards.append(Position(phase, units=units))
    boards.append(Position(phase, units=base, dislodged={"par": Dislodged(Piece("Germany", _unit(F, "par")), "bur")}))
    return boards


_UNIT = ["A", "F", "", "a", "Army", "fleet"]
_PLACES = ["PAR", "par", "BUR", "NTH", "LON", "STP", "STP/SC", "stp/nc", "SPA/NC", "spa", "BUL/EC", "bul",
           "XYZ", "mun"]
_SHAPES = ["{u} {p} H", "{u} {p} HOLD", "{u} {p} - {q}", "{u} {p} move {q}", "{u} {p} MOVES {q}",
           "{u} {p} - {q} VIA", "{u} {p} - {q} via convoy", "{u} {p} R {q}", "{u} {p} retreat {q}",
           "{u} {p} S {v} {q}", "{u} {p} S {v} {q} H", "{u} {p} support {v} {q} move {p}",
           "{u} {p} S {v} {q} - {p}", "{u} {p} C {v} {q} - {p}", "{u} {p} convoy {v} {q} move {p}",
           "{u} {p} D", "{u} {p} B", "{u} {p} build", "D {u} {p}", "remove {u} {p}", "B {u} {p}",
           "build {u} {p}", "{u} {p}", "{u} {p} -", "{u} {p} S", "{u} {p} C {v} {q}", "{u} {p} - {q} H",
           "WAIVE", "{u} {p} R {q} VIA"]
_ODD = ["A PAR->BUR", "A PAR-BUR", "A par - bur - mun", "F STP(NC) - BOT", "F stp (north coast) - bot",
        "F STP /NC - BOT", "F stp/ nc - bot", "F STP/NORTH COAST - BOT", "A North Sea - par", "F NORTH SEA H",
        "ENG: F NTH - HOL", "England: nth move hol", "A  PAR   -  BUR", "A\tPAR - BUR", "A PAR – BUR",
        "A Paris - Burgundy", "A PÄR - BUR", "", "  ", "A", "- PAR", "S", "A PAR S A", "Q PAR - BUR",
        "A PAR - BUR VIA CONVOY H", "F STP/XX - BOT", "A PAR/ - BUR", "A /PAR - BUR", "A (PAR) - BUR"]


def _texts() -> list[str]:
    rng = random.Random(23)
    texts = list(_ODD)
    for shape in _SHAPES:
        for _ in range(40):
            text = shape.format(u=rng.choice(_UNIT), v=rng.choice(_UNIT), p=rng.choice(_PLACES),
                                q=rng.choice(_PLACES))
            texts.append(" ".join(text.split()))
    return list(dict.fromkeys(texts))


def _general(text: str, power: str | None, position: Position | None, kind: PhaseKind) -> tuple[object, object]:
    """The general parser's order and recipe for ``text``, or its error (type, message) and ``None``."""
    body = text
    try:
        if ":" in text:
            m = notation._POWER_RE.fullmatch(text)
            if m is not None and m.group(1):
                power, body = MAP.resolve_power(m.group(1)), m.group(2)
        parser = notation._Parser(text, MAP, position, kind)
        order = parser.order(notation._tokens(body, MAP), power)
    except InputError as exc:
        return (type(exc), exc.message), None
    return order, parser.recipe(order)


def test_usual_texts_read_as_the_general_parser_reads_them() -> None:
    """On every board, phase kind and power: where the word-by-word reading gives an order, the
    general parser gives the same order and the same recipe (what a later board binds); where
    the general parser refuses a text, the word-by-word reading gives no order."""
    read = 0
    for text, position, kind, power in itertools.product(_texts(), _boards(), KINDS, (None, "France")):
        recipe = usual_recipe(text, MAP, power, kind)
        if recipe is None:
            continue
        bind, data = notation._binder(recipe, kind, position is None)  # type: ignore[arg-type]
        got = bind(position, notation._units_of(position), data)
        if got is None:
            continue
        read += 1
        want, want_recipe = _general(text, power, position, kind)
        assert (got, type(got), recipe) == (want, type(want), want_recipe), (text, position, kind, power)
    assert read > 10_000  # the usual shapes are read word by word, not left to the general parser


@pytest.mark.parametrize("text", ["A PAR - BUR", "F NTH S A PAR - BUR", "A PAR H", "F NTH C A LON - NWY",
                                  "A PAR R BUR", "A PAR D", "A PAR B", "par move bur", "nth support par move bur",
                                  "build Army mos", "remove par", "F STP/SC - BOT", "A LON - NWY VIA"])
def test_usual_shapes_are_read_word_by_word(text: str) -> None:
    assert usual_recipe(text, MAP, "France", PhaseKind.MOVEMENT) is not None


@pytest.mark.parametrize("text", ["F STP(NC) - BOT", "A North Sea - par", "ENG: F NTH - HOL", "A PAR-BUR",
                                  "A PAR->BUR", "F stp/ nc - bot", "A PÄR - BUR", "WAIVE"])
def test_other_texts_are_left_to_the_general_parser(text: str) -> None:
    assert usual_recipe(text, MAP, "France", PhaseKind.MOVEMENT) is None


def test_parse_order_gives_the_general_parsers_order_or_error() -> None:
    """parse_order, with its caches empty or warm, gives the general parser's order or error."""
    boards = _boards()
    for text in _texts()[::7]:
        for position, kind in itertools.product(boards, KINDS):
            want, _ = _general(text, "France", position, kind)
            for _ in range(2):  # read first, then remembered
                try:
                    got: object = notation.parse_order(text, MAP, "France", position, kind)
                except InputError as exc:
                    got = (type(exc), exc.message)
                assert got == want, (text, position, kind)


def test_a_remembered_recipe_binds_the_pieces_of_each_board() -> None:
    """A text read before gives, on a board whose piece there differs (owner, kind, a new object),
    that piece's order: the one a first reading on that board gives."""
    phase = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    pieces = [Piece("France", _unit(A, "par")), Piece("Germany", _unit(A, "par")), Piece("France", _unit(F, "par")),
              Piece("France", _unit(A, "par"))]
    for text in ("par move bur", "A PAR - BUR"):
        seen = []
        for _ in range(2):
            for piece in pieces:
                board = Position(phase, units={"par": piece})
                power = None if text.islower() else piece.power
                order = notation.parse_order(text, MAP, power, board)
                want, _ = _general(text, power, board, PhaseKind.MOVEMENT)
                assert order == want and type(order) is Move
                seen.append(order)
        assert {o.unit.kind for o in seen} == ({A, F} if text.islower() else {A})  # a written kind stands
        assert {o.power for o in seen} == {"France", "Germany"}
