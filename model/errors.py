"""Exceptions of dipsat: input that cannot be read, and adjudicator bugs.

*Invalid* input (text that cannot be understood) raises an :class:`InputError`; an order that
is understood but not allowed is never an exception, the adjudicator calls it illegal.
"""
from __future__ import annotations

import copy
from typing import Self


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


class AdjudicationError(RuntimeError):
    """A bug in the adjudicator, e.g. an infeasible or invalid CP-SAT model."""
