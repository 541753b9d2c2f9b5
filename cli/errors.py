"""The one place where a user's mistake becomes what the user sees.

Every command raises; :func:`report` renders. A mistake is one line on stderr,
``dipsat: error: FILE:LINE: message`` (the quoted text cut to about 200 characters, never said
twice), or with ``--json`` one JSON document on stdout,
``{"error": {"file": ..., "line": ..., "message": ...}}``; either way the exit status is
:data:`EXIT_INPUT` (2). What counts as a user's mistake is :data:`USER_ERRORS`; anything else
is a bug and keeps its traceback.
"""
from __future__ import annotations

import json
import sys
from typing import Any, Final

from dipsat.model.errors import InputError, clip_message
from dipsat.model.safe_text import visible
from dipsat.model.values import value_class

EXIT_OK: Final = 0
"""Everything was read; every expectation holds (adjudicate, datc, play), every phase agrees (replay)."""
EXIT_DIFFER: Final = 1
"""Everything was read, but an expectation fails or a replayed phase differs from its record."""
EXIT_INPUT: Final = 2
"""Bad input: bad arguments, a file (or a record in it) that cannot be read, output that cannot be written."""
EXIT_INTERRUPTED: Final = 130
"""Interrupted (Ctrl-C); ``replay`` keeps every finished game."""


def user_errors() -> tuple[type[BaseException], ...]:
    """The exception types that are a user's mistake (imported late: the registries are heavy)."""
    from dipsat.solver.presets import RulesError
    from dipsat.variants import UnknownVariantError
    return InputError, RulesError, UnknownVariantError, OSError


@value_class
class Problem:
    """A user's mistake, ready to show: where, and what."""

    file: str | None
    line: int | None
    message: str

    def text(self) -> str:
        """The one line: ``FILE:LINE: message``."""
        where = ":".join(str(x) for x in (self.file, self.line) if x is not None)
        return f"{where}: {self.message}" if where else self.message

    def json(self) -> dict[str, Any]:
        """``{"file": ..., "line": ..., "message": ...}``."""
        return {"file": self.file, "line": self.line, "message": self.message}


def problem_of(exc: BaseException) -> Problem:
    """The file, line and message of a user's mistake, the message clipped (see :func:`clip_message`)."""
    if isinstance(exc, InputError):
        return Problem(exc.source, exc.line, clip_message(exc.message))
    if isinstance(exc, OSError):
        name = exc.filename if isinstance(exc.filename, str) else None
        return Problem(name, None, clip_message(exc.strerror or str(exc)))
    return Problem(None, None, clip_message(str(exc)))


def report(exc: BaseException, as_json: bool, extra: dict[str, Any] | None = None) -> int:
    """Show ``exc`` (one line on stderr, or one JSON document on stdout); return :data:`EXIT_INPUT`."""
    problem = problem_of(exc)
    problem = Problem(problem.file and visible(problem.file, one_line=True), problem.line,
                      visible(problem.message, one_line=True))  # one line, whatever the input held
    if as_json:
        print(json.dumps({"error": problem.json(), **(extra or {})}, indent=1))
    else:
        print(f"dipsat: error: {problem.text()}", file=sys.stderr)
    return EXIT_INPUT


def error_line(problem: Problem) -> str:
    """``dipsat: error: FILE:LINE: message``, one line whatever the input held."""
    return f"dipsat: error: {visible(problem.text(), one_line=True)}"


def unread_problem(errors: list[dict[str, Any]], count: int, where: object) -> Problem | None:
    """One problem that stands for every record that could not be read (``None`` if none), naming
    the game and phase of the first when it is a phase's."""
    if not count:
        return None
    first = errors[0]
    more = f" (and {count - 1} more record(s) that could not be read, listed in {where})" if count > 1 else ""
    phase = f"game {first['game']}, phase {first['phase']}: " if first.get("phase") and first.get("game") else ""
    return Problem(first["file"], first.get("line"), clip_message(f"{phase}{first['error']}{more}"))
