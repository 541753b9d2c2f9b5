"""What dipsat prints never carries a raw control character from its input.

A case id, a title, a game id or an order text can hold ESC, CR or a bidirectional control;
printed raw, it could repaint the terminal (a title ending ``[pass]`` and an ESC sequence hides
the real ``[FAIL]``). While a command runs, :func:`guarded_streams` puts a guard on ``stdout``
and ``stderr`` that writes each such character as its escape (``\\u001b``,
:func:`dipsat.model.safe_text.visible`): text and JSON alike (the escape means the same in a JSON
string), for every command, whatever prints. dipsat's own progress bar writes to the stream
underneath (:func:`unguarded`).
"""
from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from dipsat.model.safe_text import visible


class _Guard:
    """A text stream that writes every character unsafe on a terminal as its escape."""

    def __init__(self, stream: TextIO) -> None:
        self.unguarded = stream

    def write(self, text: str) -> int:
        self.unguarded.write(visible(text))
        return len(text)

    def writelines(self, lines: Any) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding...
        return getattr(self.unguarded, name)


@contextmanager
def guarded_streams() -> Iterator[None]:
    """Guard ``sys.stdout`` and ``sys.stderr`` (see the module) until the block ends."""
    out, err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = _Guard(out), _Guard(err)  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def unguarded(stream: TextIO) -> TextIO:
    """The stream under a guard (for dipsat's own progress bar, which redraws with CR)."""
    return getattr(stream, "unguarded", stream)
