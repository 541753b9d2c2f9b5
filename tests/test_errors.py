"""Tests of dipsat.model.errors: the exception hierarchy and error locations."""
from __future__ import annotations

import pickle

import pytest

from dipsat.model.errors import (
    AdjudicationError,
    CaseFileError,
    InputError,
    MapError,
    OrderError,
    OrderSyntaxError,
    UnknownPowerError,
    UnknownProvinceError,
)


@pytest.mark.parametrize("cls", [MapError, OrderError, CaseFileError])
def test_input_errors_are_value_errors(cls: type[InputError]) -> None:
    """Check every input error is an InputError and a ValueError."""
    assert issubclass(cls, InputError)
    assert issubclass(cls, ValueError)


@pytest.mark.parametrize("cls", [OrderSyntaxError, UnknownProvinceError, UnknownPowerError])
def test_order_errors_share_one_base(cls: type[OrderError]) -> None:
    """Check the order errors can all be caught as OrderError."""
    assert issubclass(cls, OrderError)
    with pytest.raises(OrderError):
        raise cls("x")


def test_adjudication_error_is_not_an_input_error() -> None:
    """Check a solver bug is a RuntimeError, never mistaken for bad input."""
    assert issubclass(AdjudicationError, RuntimeError)
    assert not issubclass(AdjudicationError, ValueError)


def test_str_without_location_is_the_message() -> None:
    """Show only the message when source and line are unknown."""
    assert str(OrderSyntaxError("not an order: 'x'")) == "not an order: 'x'"


def test_str_with_source_and_line() -> None:
    """Prefix the message with ``source:line:`` when both are known."""
    err = CaseFileError("no END", source="cases.txt", line=12)
    assert str(err) == "cases.txt:12: no END"


def test_str_with_source_only() -> None:
    """Prefix the message with the source alone when the line is unknown."""
    assert str(MapError("bad edge", source="map.json")) == "map.json: bad edge"


def test_at_returns_located_copy_of_same_class() -> None:
    """Return a copy of the same class with the location filled, leaving the original alone."""
    err = UnknownProvinceError("unknown province 'xyz'")
    located = err.at("game.txt", 7)
    assert type(located) is UnknownProvinceError
    assert str(located) == "game.txt:7: unknown province 'xyz'"
    assert located.message == err.message
    assert err.source is None and err.line is None


def test_at_keeps_known_values() -> None:
    """Keep an already known line when ``at`` is given only a source."""
    err = OrderSyntaxError("bad", line=3).at("file.txt")
    assert (err.source, err.line) == ("file.txt", 3)


def test_errors_survive_pickling() -> None:
    """Keep message, source and line through pickle (multiprocessing runs)."""
    err = pickle.loads(pickle.dumps(CaseFileError("no END", "cases.txt", 4)))
    assert type(err) is CaseFileError
    assert str(err) == "cases.txt:4: no END"


def test_clip_message_cuts_quotes_joins_lines_and_says_a_repeat_once():
    """clip_message: nothing to do for an empty text or one without quotes but its lines and a
    repeat in parentheses; quoted texts are cut and a long one quoted twice is quoted once."""
    from dipsat.model.errors import clip_message

    assert clip_message("") == ""
    assert clip_message("a\nb  c") == "a b c"
    assert clip_message("not a unit: Z (not a unit: Z)") == "not a unit: Z"
    assert clip_message("no quote here") == "no quote here"
    long = "x" * 300
    assert clip_message(f"bad order {long!r}") == f"bad order '{'x' * 200}'... (300 characters)"
    twice = "y" * 30
    assert clip_message(f"first {twice!r} then {twice!r}") == f"first {twice!r} then (the same text)"
    assert clip_message("z" * 1000) == "z" * 400 + "... (1000 characters)"
