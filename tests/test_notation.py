"""Tests of dipsat.model.notation: reading and writing orders in every notation."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dipsat.model.errors import OrderError, OrderSyntaxError, UnknownPowerError, UnknownProvinceError
from dipsat.model.gamemap import load_map
from dipsat.model.notation import KEYWORDS, format_order, parse_location, parse_order, parse_unit
from dipsat.model.types import (
    Build,
    Convoy,
    Disband,
    Dislodged,
    Hold,
    Location,
    Move,
    Order,
    Phase,
    PhaseKind,
    Piece,
    Position,
    Retreat,
    Season,
    SupportHold,
    SupportMove,
    Unit,
    UnitType,
    Waive,
)

MAP = load_map("dipsat.variants.classical")
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


def u(text: str) -> Unit:
    """Return the unit written ``A par`` or ``F stp/nc``."""
    kind, where = text.split()
    province, _, coast = where.partition("/")
    return Unit(UnitType(kind), Location(province, coast or None))


def loc(text: str) -> Location:
    """Return the location written ``stp/nc``."""
    province, _, coast = text.partition("/")
    return Location(province, coast or None)


E, F, G, R = "England", "France", "Germany", "Russia"

EXAMPLES: list[tuple[str, str | None, PhaseKind, Order]] = [
    ("A Venice - Trieste", "Italy", MOVEMENT, Move("Italy", u("A ven"), loc("tri"))),
    ("A Venice Holds", "Italy", MOVEMENT, Hold("Italy", u("A ven"))),
    ("A Tyrolia Supports A Venice", "Italy", MOVEMENT, SupportHold("Italy", u("A tyr"), u("A ven"))),
    ("F Adriatic Sea Supports A Trieste - Venice", "Italy", MOVEMENT,
     SupportMove("Italy", u("F adr"), u("A tri"), loc("ven"))),
    ("F North Sea Convoys A London - Belgium", E, MOVEMENT, Convoy(E, u("F nth"), u("A lon"), loc("bel"))),
    ("A London - Belgium via convoy", E, MOVEMENT, Move(E, u("A lon"), loc("bel"), True)),
    ("F St Petersburg(nc) - Barents Sea", R, MOVEMENT, Move(R, u("F stp/nc"), loc("bar"))),
    ("F Mid-Atlantic Ocean - Spain(nc)", F, MOVEMENT, Move(F, u("F mao"), loc("spa/nc"))),
    ("Build A Kiel", G, ADJUSTMENT, Build(G, u("A kie"))),
    ("Build F St Petersburg(nc)", R, ADJUSTMENT, Build(R, u("F stp/nc"))),
    ("Disband A Picardy", F, ADJUSTMENT, Disband(F, u("A pic"))),
    ("Waive", F, ADJUSTMENT, Waive(F)),
    ("F NTH C A LON - BEL", E, MOVEMENT, Convoy(E, u("F nth"), u("A lon"), loc("bel"))),
    ("A PAR - BUR VIA", F, MOVEMENT, Move(F, u("A par"), loc("bur"), True)),
    ("A PAR H", F, MOVEMENT, Hold(F, u("A par"))),
    ("A TYR S A VEN", "Italy", MOVEMENT, SupportHold("Italy", u("A tyr"), u("A ven"))),
    ("A TYR S A VEN - TRI", "Italy", MOVEMENT, SupportMove("Italy", u("A tyr"), u("A ven"), loc("tri"))),
    ("F STP/NC - BAR", R, MOVEMENT, Move(R, u("F stp/nc"), loc("bar"))),
    ("A PAR B", F, ADJUSTMENT, Build(F, u("A par"))),
    ("B A PAR", F, ADJUSTMENT, Build(F, u("A par"))),
    ("BUILD A PAR", F, ADJUSTMENT, Build(F, u("A par"))),
    ("A PAR D", F, RETREAT, Disband(F, u("A par"))),
    ("A PAR R BUR", F, RETREAT, Retreat(F, u("A par"), loc("bur"))),
    ("A PAR R BUR", F, MOVEMENT, Retreat(F, u("A par"), loc("bur"))),
    ("A PAR - BUR", F, RETREAT, Retreat(F, u("A par"), loc("bur"))),
    ("A par - bur via convoy", F, RETREAT, Move(F, u("A par"), loc("bur"), True)),
    ("F MAO S F SPA/NC", F, MOVEMENT, SupportHold(F, u("F mao"), u("F spa/nc"))),
    ("F nth C lon - bel", E, MOVEMENT, Convoy(E, u("F nth"), u("A lon"), loc("bel"))),
    ("A tyr S ven - tri", "Italy", MOVEMENT, SupportMove("Italy", u("A tyr"), u("A ven"), loc("tri"))),
    ("F nth-pic", E, MOVEMENT, Move(E, u("F nth"), loc("pic"))),
    ("A swe - nwy via Convoy", R, MOVEMENT, Move(R, u("A swe"), loc("nwy"), True)),
    ("F tri S A bud", "Austria", MOVEMENT, SupportHold("Austria", u("F tri"), u("A bud"))),
    ("A par hold", F, MOVEMENT, Hold(F, u("A par"))),
    ("A par Hold", F, MOVEMENT, Hold(F, u("A par"))),
    ("A tyr SUPPORTS A ven", "Italy", MOVEMENT, SupportHold("Italy", u("A tyr"), u("A ven"))),
    ("F nth convoys A lon - bel", E, MOVEMENT, Convoy(E, u("F nth"), u("A lon"), loc("bel"))),
    ("ENG: F nth -> pic", F, MOVEMENT, Move(E, u("F nth"), loc("pic"))),
    ("ENG: F nth convoys yor -> yor", None, MOVEMENT, Convoy(E, u("F nth"), u("A yor"), loc("yor"))),
    ("GER: A kie build", None, ADJUSTMENT, Build(G, u("A kie"))),
    ("FRA: A pic disband", None, ADJUSTMENT, Disband(F, u("A pic"))),
    ("England: A lon H", None, MOVEMENT, Hold(E, u("A lon"))),
    ("ITA: F wes -> spa(sc)", None, MOVEMENT, Move("Italy", u("F wes"), loc("spa/sc"))),
    ("Russia: F stp/sc-bot", None, MOVEMENT, Move(R, u("F stp/sc"), loc("bot"))),
    ("Build F stp", R, ADJUSTMENT, Build(R, u("F stp"))),
    ("Remove par", F, ADJUSTMENT, Disband(F, u("A par"))),
    ("  a   gascony  -   spain ( nc )  ", F, MOVEMENT, Move(F, u("A gas"), loc("spa/nc"))),
    ("F Gulf of Lyon Supports F Western Mediterranean - Spain(sc)", F, MOVEMENT,
     SupportMove(F, u("F lyo"), u("F wes"), loc("spa/sc"))),
]


@pytest.mark.parametrize(("text", "power", "kind", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_parse_examples(text: str, power: str | None, kind: PhaseKind, expected: Order) -> None:
    """Read orders in DATC, abbreviated, godip and datc.json notations."""
    assert parse_order(text, MAP, power, kind=kind) == expected


BOARD = Position(
    Phase(1901, Season.SPRING, MOVEMENT),
    units={"lon": Piece(E, u("A lon")), "nth": Piece(E, u("F nth")), "par": Piece(F, u("A par")),
           "spa": Piece(F, u("F spa/nc")), "stp": Piece(R, u("F stp/sc")), "bel": Piece(G, u("F bel"))},
    dislodged={"par": Dislodged(Piece(G, u("A par")), "bur")},
)

DROIDIPPY: list[tuple[str, PhaseKind, Order]] = [
    ("lon hold", MOVEMENT, Hold(E, u("A lon"))),
    ("lon move bel", MOVEMENT, Move(E, u("A lon"), loc("bel"))),
    ("lon move bel via convoy", MOVEMENT, Move(E, u("A lon"), loc("bel"), True)),
    ("lon support par", MOVEMENT, SupportHold(E, u("A lon"), u("A par"))),
    ("lon support par move bur", MOVEMENT, SupportMove(E, u("A lon"), u("A par"), loc("bur"))),
    ("lon support bel move hol", MOVEMENT, SupportMove(E, u("A lon"), u("F bel"), loc("hol"))),
    ("nth convoy lon move bel", MOVEMENT, Convoy(E, u("F nth"), u("A lon"), loc("bel"))),
    ("lon disband", ADJUSTMENT, Disband(E, u("A lon"))),
    ("build Army lon", ADJUSTMENT, Build(E, u("A lon"))),
    ("build Fleet stp/nc", ADJUSTMENT, Build(R, u("F stp/nc"))),
    ("remove lon", ADJUSTMENT, Disband(E, u("A lon"))),
    ("stp/sc move bot", MOVEMENT, Move(R, u("F stp/sc"), loc("bot"))),
    ("spa move mao", MOVEMENT, Move(F, u("F spa/nc"), loc("mao"))),
    ("nth support spa", MOVEMENT, SupportHold(E, u("F nth"), u("F spa/nc"))),
    ("par move pic", RETREAT, Retreat(G, u("A par"), loc("pic"))),
    ("par disband", RETREAT, Disband(G, u("A par"))),
    ("par move pic", MOVEMENT, Move(F, u("A par"), loc("pic"))),
    ("lon support mun move ber", MOVEMENT, SupportMove(E, u("A lon"), u("A mun"), loc("ber"))),
]


@pytest.mark.parametrize(("text", "kind", "expected"), DROIDIPPY,
                         ids=[f"{d[0]}/{d[1].value}" for d in DROIDIPPY])
def test_parse_droidippy(text: str, kind: PhaseKind, expected: Order) -> None:
    """Take unit types, coasts and powers from the board when the text omits them."""
    assert parse_order(text, MAP, position=BOARD, kind=kind) == expected


def test_written_type_wins_over_board() -> None:
    """Keep the unit type as written even when the board disagrees (illegal, not invalid)."""
    assert parse_order("F lon - nth", MAP, position=BOARD) == Move(E, u("F lon"), loc("nth"))


def test_prefix_overrides_power_argument() -> None:
    """Let the ``Power:`` prefix win over the power argument."""
    assert parse_order("Germany: A ber H", MAP, "France").power == G
    assert parse_order("rus: F sev H", MAP).power == R


def test_no_unit_at_province() -> None:
    """Raise OrderError when the type is omitted and the board has no unit there."""
    with pytest.raises(OrderError, match="no unit at mun in 'mun move bur'"):
        parse_order("mun move bur", MAP, position=BOARD)


def test_no_power() -> None:
    """Raise OrderError when no power is given, prefixed or found on the board."""
    with pytest.raises(OrderError, match="no power for 'A mun - bur'"):
        parse_order("A mun - bur", MAP)
    with pytest.raises(OrderError, match="no power"):
        parse_order("Waive", MAP)
    assert parse_order("Build A mun", MAP) == Build(G, u("A mun"))


@pytest.mark.parametrize(("text", "error", "match"), [
    ("A Paris flies to Mars", OrderSyntaxError, "not an order: 'A Paris flies to Mars'"),
    ("A Paris - Mars", UnknownProvinceError, "unknown province 'mars' in 'A Paris - Mars'"),
    ("A xyz - bur", UnknownProvinceError, "unknown province 'xyz' in 'A xyz - bur'"),
    ("Q Paris Holds", OrderSyntaxError, r"unknown unit kind 'q' in 'Q Paris Holds'; the kinds are A, F$"),
    ("A par S Z North Sea - bel", OrderSyntaxError, "unknown unit kind 'z' in 'A par S Z North Sea - bel'"),
    ("Q xyz Holds", UnknownProvinceError, "unknown province 'q xyz' in 'Q xyz Holds'"),
    ("A par - spa/xc", UnknownProvinceError, "'A par - spa/xc'"),
    ("A par", OrderSyntaxError, "not an order: 'A par'"),
    ("", OrderSyntaxError, "not an order: ''"),
    ("A par - bur - mar", OrderSyntaxError, "not an order: 'A par - bur - mar'"),
    ("F nth C A lon", OrderSyntaxError, "not an order"),
    ("A par S", OrderSyntaxError, "not an order"),
    ("Build par", OrderSyntaxError, "no unit type in 'Build par'"),
    ("Prussia: A ber H", UnknownPowerError, "unknown power 'Prussia'"),
    ("H A par", OrderSyntaxError, "not an order: 'H A par'"),
])
def test_errors_quote_the_text(text: str, error: type[OrderError], match: str) -> None:
    """Raise the right OrderError with a message quoting the input."""
    with pytest.raises(error, match=match):
        parse_order(text, MAP, F)


def test_impossible_orders_still_parse() -> None:
    """Parse orders that are understood but illegal: the adjudicator judges them."""
    assert parse_order("A lvp - iri", MAP, E) == Move(E, u("A lvp"), loc("iri"))
    assert parse_order("F kie - mun", MAP, G) == Move(G, u("F kie"), loc("mun"))
    assert parse_order("F gas - spa/sc", MAP, F) == Move(F, u("F gas"), loc("spa/sc"))
    assert parse_order("A yor - yor", MAP, E) == Move(E, u("A yor"), loc("yor"))


@pytest.mark.parametrize(("text", "expected"), [
    ("A par", "A par"), ("F St Petersburg(nc)", "F stp/nc"), ("fleet stp/sc", "F stp/sc"),
    ("army lon", "A lon"), ("ARMY London", "A lon"),
])
def test_parse_unit(text: str, expected: str) -> None:
    """Read a unit with its type in any notation."""
    assert parse_unit(text, MAP) == u(expected)


@pytest.mark.parametrize("text", ["par", "X par", "", "A"])
def test_parse_unit_needs_a_type(text: str) -> None:
    """Raise OrderSyntaxError for a unit without type."""
    with pytest.raises(OrderSyntaxError, match=repr(text)):
        parse_unit(text, MAP)


def test_parse_location() -> None:
    """Read a location like GameMap.resolve."""
    assert parse_location("Spain (south coast)", MAP) == loc("spa/sc")


LONG = [
    (Move(F, u("A par"), loc("bur")), "A Paris - Burgundy"),
    (Convoy(E, u("F nth"), u("A lon"), loc("bel")), "F North Sea Convoys A London - Belgium"),
    (SupportMove("Italy", u("A tyr"), u("A ven"), loc("tri")), "A Tyrolia Supports A Venice - Trieste"),
    (Hold("Italy", u("A ven")), "A Venice Holds"),
    (Move(R, u("F stp/nc"), loc("bar")), "F St Petersburg(nc) - Barents Sea"),
    (Build(G, u("A kie")), "Build A Kiel"),
    (Disband(F, u("A pic")), "Disband A Picardy"),
    (Waive(F), "Waive"),
    (Move(E, u("A lon"), loc("bel"), True), "A London - Belgium via convoy"),
]


@pytest.mark.parametrize(("order", "text"), LONG, ids=[t for _, t in LONG])
def test_format_long(order: Order, text: str) -> None:
    """Write orders in DATC English."""
    assert format_order(order, MAP, "long") == text


def test_format_short() -> None:
    """Write orders in short notation, as the types print themselves."""
    assert format_order(Convoy(E, u("F nth"), u("A lon"), loc("bel")), MAP) == "F nth C A lon - bel"
    order = SupportMove("Italy", u("A tyr"), u("A ven"), loc("tri"))
    assert format_order(order, MAP) == "A tyr S A ven - tri"


def test_no_name_contains_a_keyword() -> None:
    """Keep every word of every province name and alias out of the order keywords."""
    names = [n for p in MAP.provinces.values() for n in (p.name.lower(), p.id, *p.aliases)]
    words = {w for name in names for w in name.split()}
    assert not words & KEYWORDS


LOCATIONS = [x for p in MAP.provinces for x in (Location(p), *MAP.fleet_locations(p))]
locations = st.sampled_from(sorted(set(LOCATIONS), key=str))
units = st.builds(Unit, st.sampled_from(list(UnitType)), locations)
powers = st.sampled_from(MAP.powers)
orders = st.one_of(
    st.builds(Hold, powers, units),
    st.builds(Move, powers, units, locations, st.booleans()),
    st.builds(SupportHold, powers, units, units),
    st.builds(SupportMove, powers, units, units, locations),
    st.builds(Convoy, powers, units, units, locations),
    st.builds(Retreat, powers, units, locations),
    st.builds(Disband, powers, units),
    st.builds(Build, powers, units),
    st.builds(Waive, powers),
)


def phase_kind(order: Order) -> PhaseKind:
    """Return the phase kind in which ``order`` is read back as itself."""
    if isinstance(order, Retreat):
        return RETREAT
    return ADJUSTMENT if isinstance(order, (Build, Disband, Waive)) else MOVEMENT


@settings(max_examples=400, deadline=None)
@given(orders, st.sampled_from(["short", "long"]))
def test_round_trip(order: Order, style: str) -> None:
    """Read back every order exactly as written, in both styles."""
    text = format_order(order, MAP, style)  # type: ignore[arg-type]
    assert parse_order(text, MAP, order.power, kind=phase_kind(order)) == order


VOCABULARY = sorted(KEYWORDS) + ["->", "(", ")", "/", ":", "nc", "sc", "via", "convoy", "england:", "xyz",
                                 "st petersburg", "mid-atlantic", "spa/nc", "bul(ec)", "par", "lon", "-"]


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=40), st.lists(st.sampled_from(VOCABULARY), max_size=8).map(" ".join)),
       st.sampled_from(list(PhaseKind)), st.booleans())
def test_random_text_raises_only_order_errors(text: str, kind: PhaseKind, with_board: bool) -> None:
    """Let nothing but OrderError escape from random text."""
    try:
        order = parse_order(text, MAP, position=BOARD if with_board else None, kind=kind)
    except OrderError as exc:
        assert repr(text) in str(exc) or isinstance(exc, UnknownPowerError)
    else:
        assert order.power in MAP.powers


def _variants_of_board() -> list[Position]:
    """BOARD with pieces changed in every way a parse may use them: owner, type, coast, gone, dislodged."""
    changes: list[dict[str, Piece | None]] = [
        {}, {"lon": Piece(F, u("A lon"))}, {"lon": Piece(E, u("F lon"))}, {"lon": None},
        {"spa": Piece(F, u("F spa/sc"))}, {"spa": Piece(G, u("F spa/nc"))}, {"spa": Piece(F, u("A spa"))},
        {"par": Piece(G, u("A par"))}, {"par": Piece(F, u("F par"))}, {"nth": Piece(G, u("F nth"))},
        {"stp": Piece(R, u("F stp/nc"))}, {"stp": Piece(R, u("A stp"))}, {"bel": None},
    ]
    boards = []
    for change in changes:
        units = {p: piece for p, piece in {**BOARD.units, **change}.items() if piece is not None}
        boards.append(Position(BOARD.phase, units=units, dislodged=BOARD.dislodged))
    boards.append(Position(BOARD.phase, units=BOARD.units, dislodged={"par": Dislodged(Piece(E, u("F par")), "bur")}))
    return boards


def _parse_or_error(text: str, power: str | None, position: Position, kind: PhaseKind) -> object:
    try:
        return parse_order(text, MAP, power, position, kind)
    except OrderError as exc:
        return (type(exc), str(exc))


def test_cached_parses_equal_fresh_ones() -> None:
    """A text read again on another board gives what a first reading there gives, whatever changed
    on the board (the parse cache keeps what a parse used of the pieces, and checks it on every hit)."""
    import dipsat.model.notation as notation

    texts = [t for t, _, _ in DROIDIPPY] + ["A lon - bel", "F spa - mao", "A par - pic", "F stp - bot",
                                           "F nth C A lon - bel", "A lon S spa", "F nth S F spa", "lon H"]
    boards = _variants_of_board()
    cases = [(t, p, k) for t in texts for p in (None, E) for k in (MOVEMENT, RETREAT, ADJUSTMENT)]
    for text, power, kind in cases:
        for board in boards + boards[::-1]:
            cached = _parse_or_error(text, power, board, kind)
            notation._PARSED.clear()
            assert cached == _parse_or_error(text, power, board, kind), (text, power, kind, board)


def test_parse_orders_gives_what_parse_order_gives_one_by_one() -> None:
    """Reading a phase's orders in one call gives each text's order, or the error parse_order raises."""
    from dipsat.model.notation import parse_orders

    texts = [t for t, _, _ in DROIDIPPY] + ["xyz move lon", "lon", "bur move par", "par move"]
    for board in _variants_of_board():
        for kind in (MOVEMENT, RETREAT, ADJUSTMENT):
            got = parse_orders(texts, MAP, board, kind)
            want = [_parse_or_error(text, None, board, kind) for text in texts]
            assert [g if isinstance(g, Order.__args__) else (type(g), str(g)) for g in got] == want  # type: ignore[attr-defined]


def test_remembered_parses_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The parse cache keeps at most its limit of texts (then starts again), and a text read after
    it started again is still read right."""
    import dipsat.model.notation as notation

    monkeypatch.setattr(notation, "_PARSED_LIMIT", 8)
    notation._PARSED.clear()
    monkeypatch.setattr(notation, "_readings", 0)
    provinces = ["lon", "par", "spa", "stp", "bel", "nth"]
    for n in range(3):
        for a in provinces:
            for b in ("bur", "pic", "wal", "ruh"):
                parse_order(f"{a} move {b}", MAP, position=BOARD)
                assert sum(len(texts) for _, texts in notation._PARSED.values()) <= 8
    assert parse_order("par move bur", MAP, position=BOARD) == Move(F, u("A par"), loc("bur"))


@pytest.mark.parametrize("limit", [3, 1 << 14])
def test_parse_orders_of_texts_read_before_binds_each_on_the_board(limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phase whose texts were all read before (each bound on the board at once) reads as each
    text alone does, on every board, with a text twice and with the remembered texts started
    again meanwhile (a small bound); its errors are kept without their tracebacks."""
    import dipsat.model.notation as notation
    from dipsat.model.notation import parse_orders

    monkeypatch.setattr(notation, "_PARSED_LIMIT", limit)
    monkeypatch.setattr(notation, "_readings", 0)
    notation._PARSED.clear()
    texts = [t for t, _, _ in DROIDIPPY]
    texts += texts[:3]
    for board in _variants_of_board():
        for kind in (MOVEMENT, RETREAT, ADJUSTMENT):
            want = [_parse_or_error(text, None, board, kind) for text in texts]
            for extra in ([], ["xyz move lon"]):
                for _ in range(2):  # read anew, then read before
                    got = parse_orders(texts + extra, MAP, board, kind)
                    assert [g if isinstance(g, Order.__args__) else (type(g), str(g))  # type: ignore[attr-defined]
                            for g in got[:len(texts)]] == want
                    assert all(g.__traceback__ is None for g in got if isinstance(g, Exception))
