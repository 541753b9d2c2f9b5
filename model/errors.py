"""Exceptions of dipsat: input that cannot be read, and adjudicator bugs.

*Invalid* input (text that cannot be understood) raises an :class:`InputError`; an order that
is understood but not allowed is never an exception, the adjudicator calls it illegal.
"""
from __future__ import annotations

import copy
import re
from typing import Final, Self

QUOTE_LIMIT: Final = 200
"""Characters of offending text an error message quotes at most."""

_LONG_QUOTE: Final = r"""(['"])((?:(?!\1)[^\\]|\\.){%d,}?)\1""" % (QUOTE_LIMIT + 1)
_ANY_QUOTE: Final = r"""(['"])(?:(?!\1)[^\\]|\\.)*\1(?:\.\.\. \(\d+ characters\))?"""
# Both compiled (re.DOTALL) where a message is clipped, once per process (re keeps them): not at
# every start-up (issue 23).


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``repr(text)``, cut to about ``limit`` characters of the text: ``'abc...' (4194304 characters)``."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def clip_message(message: str, limit: int = QUOTE_LIMIT) -> str:
    """Return ``message`` with every quoted text longer than ``limit`` cut (see :func:`quote`),
    a message repeated in parentheses dropped, and the whole kept on one line."""
    if not message:  # most phases' notes and errors (issue 23: two rows' texts per phase)
        return message
    if len(message) > 100 * limit:  # a whole file quoted: no need to look further than this
        message = message[:50 * limit] + f"... ({len(message)} characters)"
    message = " ".join(message.split()) if "\n" in message or "\r" in message else message
    if "'" in message or '"' in message:  # the two steps below change only quoted texts
        message = _clip_quotes(message, limit)
    head, sep, tail = message.rpartition(" (")
    if sep and tail.endswith(")") and tail[:-1] and tail[:-1] in head:
        message = head  # "not a unit: 'Z' (not a unit: 'Z')": say it once
    if len(message) > 4 * limit:
        message = message[:2 * limit] + f"... ({len(message)} characters)"
    return message


def _clip_quotes(message: str, limit: int) -> str:
    """Every quoted text longer than ``limit`` cut, a long text quoted twice quoted once, about
    ``limit`` characters quoted in all (:func:`clip_message`)."""

    def cut(m: re.Match[str]) -> str:
        body = m[2]
        return f"{m[1]}{body[:limit]}{m[1]}... ({len(body)} characters)"

    message = re.compile(_LONG_QUOTE, re.DOTALL).sub(cut, message)
    seen: set[str] = set()
    budget = [limit]

    def once(m: re.Match[str]) -> str:  # a long text quoted twice is quoted once; ~limit quoted in all
        if len(m[0]) < 24:
            return m[0]
        if m[0] in seen:
            return "(the same text)"
        seen.add(m[0])
        if budget[0] <= 0:
            return f"{m[0][:21]}{m[0][0]}..."
        budget[0] -= len(m[0])
        return m[0]

    return re.compile(_ANY_QUOTE, re.DOTALL).sub(once, message)


class InputError(ValueError):
    """Base class for any user input that cannot be read; messages quote the input."""

    source: str | None
    """File (or other origin) the input came from, when known."""
    line: int | None
    """1-based line number in ``source``, when known."""

    def __init__(self, message: str, source: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line

    def __str__(self) -> str:
        if self.source is not None and self.line is not None:
            return f"{self.source}:{self.line}: {self.message}"
        if self.source is not None:
            return f"{self.source}: {self.message}"
        if self.line is not None:
            return f"line {self.line}: {self.message}"
        return self.message

    def __reduce__(self) -> tuple[type[InputError], tuple[str, str | None, int | None]]:
        return (type(self), (self.message, self.source, self.line))

    def at(self, source: str | None, line: int | None = None) -> Self:
        """Return a copy of this error located at ``source`` and ``line`` (same class).

        Known values are kept when the new ones are ``None``.
        """
        located = copy.copy(self)
        located.source = source if source is not None else self.source
        located.line = line if line is not None else self.line
        return located


class MapError(InputError):
    """A map file that cannot be read or is inconsistent."""


class OrderError(InputError):
    """Base class for order text that cannot be read; catch this one."""


class OrderSyntaxError(OrderError):
    """Order text that does not follow any known notation."""


class UnknownProvinceError(OrderError):
    """A province or coast name that the map does not know."""


class UnknownPowerError(OrderError):
    """A power name that the map does not know."""


class CaseFileError(InputError):
    """A test-case or archive file that cannot be read."""


class OutputError(InputError):
    """An output file or folder that cannot be written."""


class UsageError(InputError):
    """A command line that cannot be understood (an unknown option, a missing argument)."""


class AdjudicationError(RuntimeError):
    """A bug in the adjudicator, e.g. an infeasible or invalid CP-SAT model."""
