"""The ``dipsat`` command line: one module per command, registered in :data:`COMMANDS`.

Each command module has ``add_parser(subparsers)`` and ``run(args) -> int``; only the module of
the command named is imported (``dipsat --help`` imports them all), so that a command loads only
what it uses (issue 11: start-up). A user's mistake
(unreadable file, unknown province, unknown rules, an output that cannot be written, a bad
argument) is raised by the command and shown by :mod:`dipsat.cli.errors`: one line, exit 2, no
traceback; with ``--json``, one JSON document ``{"error": {...}}``.
"""
from __future__ import annotations

import argparse
import atexit
import gc
import json
import os
import sys
from importlib import import_module
from types import ModuleType
from typing import Any, Final, NoReturn, Sequence

EXIT_INTERRUPTED: Final = 130
"""Interrupted (Ctrl-C): as :data:`dipsat.cli.errors.EXIT_INTERRUPTED`; here too, since this module
imports nothing of dipsat's before :func:`main` runs, so that a Ctrl-C while the rest is imported
is caught like any other."""

COMMANDS: tuple[str, ...] = ("adjudicate", "datc", "compare", "rules", "replay", "play", "convert", "report", "serve", "discover")
"""The commands, in the order ``dipsat --help`` lists them; ``dipsat NAME`` is run by ``dipsat.cli.cmd_NAME``."""


def command_module(name: str) -> ModuleType:
    """The module of the command ``name`` (imported now)."""
    return import_module(f"dipsat.cli.cmd_{name}")


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises a :class:`UsageError` instead of exiting, so that the
    mistake is shown like every other (and as JSON with ``--json``)."""

    def error(self, message: str) -> NoReturn:
        from dipsat.model.errors import UsageError
        raise UsageError(f"{message} (see {self.prog} --help)")

    _checking = False

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """As argparse's, which makes a help formatter only to check the argument's metavar."""
        self._checking = True
        try:
            return super().add_argument(*args, **kwargs)
        finally:
            self._checking = False

    def _get_formatter(self) -> argparse.HelpFormatter:
        """argparse's formatter; while :meth:`add_argument` checks a metavar, one of a set width:
        the check needs none, and asking the terminal's (``shutil``, with bz2 and lzma) for each of
        a command's arguments cost about 2 % of a one-game replay (issue 23)."""
        if self._checking:
            return self.formatter_class(prog=self.prog, width=80)
        return super()._get_formatter()


class _Once(argparse._StoreAction):
    """An option that takes one value: a second one is a mistake, not a silent override."""

    given: object = None

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        if self.given is not None:
            parser.error(f"argument {'/'.join(self.option_strings)}: given twice "
                         f"({self.given!r} and {values!r}); give it once")
        self.given = values
        super().__call__(parser, namespace, values, option_string)


def _store_once(parser: argparse.ArgumentParser) -> None:
    """Make every single-valued option of ``parser`` refuse a second value (see :class:`_Once`)."""
    for action in parser._actions:
        if type(action) is argparse._StoreAction and action.option_strings:
            action.__class__ = _Once


def _parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser of the command named first in ``argv`` if it is one, else of every command."""
    p = _Parser(prog="dipsat", description="A Diplomacy adjudicator built on a CP-SAT model.")
    sub = p.add_subparsers(dest="command", required=True, prog=p.prog)  # what argparse makes of its
    # usage without options (it has no positional argument), without asking a formatter (and shutil)
    named = [argv[0]] if argv and argv[0] in COMMANDS else COMMANDS
    for name in named:
        command = command_module(name)
        command_parser = command.add_parser(sub)
        command_parser.set_defaults(run=command.run)
        _store_once(command_parser)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input, see :mod:`dipsat.cli.errors`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    try:
        from dipsat.cli.terminal import guarded_streams
    except KeyboardInterrupt:
        return _interrupted(as_json)
    with guarded_streams():  # no raw control character of the input reaches the terminal
        try:
            return _run(argv, as_json)
        except BrokenPipeError:  # the reader went away while an error was being shown
            return 2


def _run(argv: list[str], as_json: bool) -> int:
    """Parse ``argv`` and run its command: :func:`main` without the guard on the streams."""
    try:
        from dipsat.cli.errors import report, user_errors
        from dipsat.cli.options import apply_solver, check_rules

        args = _parser(argv).parse_args(argv)
        as_json = bool(getattr(args, "json", as_json))
        _collect_from_now()
        check_rules(args)
        apply_solver(args)
        return int(args.run(args))
    except KeyboardInterrupt:
        return _interrupted(as_json)
    except Exception as e:
        if _caused_by_interrupt(e):  # a Ctrl-C inside an import or a library, re-raised as its own error
            return _interrupted(as_json)
        try:
            known = user_errors()
        except KeyboardInterrupt:
            return _interrupted(as_json)
        if not isinstance(e, known):
            raise
        if isinstance(e, BrokenPipeError):
            return 0
        return report(e, as_json)


_START_UP: list[bool] = []
"""Set while :func:`program` holds the cycle collector back for the process's start-up."""


def _collect_from_now() -> None:
    """End :func:`program`'s start-up: what start-up built (modules, classes, parsers) is moved
    out of the collector's sight (``gc.freeze``: it lives as long as the process) and the collector
    runs from here on as usual. Nothing in a process that :func:`program` did not start."""
    if _START_UP:
        _START_UP.clear()
        gc.freeze()
        gc.enable()


def _caused_by_interrupt(exc: BaseException) -> bool:
    """Whether a Ctrl-C is behind ``exc`` (an ``ImportError`` raised while a lazy import of
    OR-Tools was interrupted, for one): its cause or context, at any depth."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return True
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return False


def _interrupted(as_json: bool) -> int:
    """Say that the run was interrupted (one line on stderr; with ``--json`` also one document on
    stdout); exit status :data:`EXIT_INTERRUPTED`. Every output file is whole or absent
    (:func:`~dipsat.model.files.write_atomic`)."""
    if as_json:  # for the script; the person who pressed Ctrl-C reads stderr
        print(json.dumps({"error": {"file": None, "line": None, "message": "interrupted"}}, indent=1))
    print("\ndipsat: interrupted", file=sys.stderr)
    return EXIT_INTERRUPTED


def program() -> NoReturn:
    """The ``dipsat`` program (the console script): :func:`main`, then a quick exit.

    Once the command has finished and its output is flushed, the exit handlers run
    (``atexit``: workers, clusters, logging) and the process ends without Python's teardown,
    which would free a replay's heap object by object (about 0.1 s after a 4,000-phase
    replay; the operating system frees the memory at once). Files were closed by the command
    (every output is written atomically and closed before it returns).
    """
    _START_UP.append(True)
    gc.disable()  # start-up (imports) makes almost no garbage cycles: until the command runs, no passes
    code = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader of our output went away: nothing more to say
        pass
    except KeyboardInterrupt:  # a Ctrl-C once the work is done: it still says so
        code = _interrupted(False)
    try:
        atexit._run_exitfuncs()  # CPython's own call at shutdown, made before skipping the rest
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    os._exit(code)


if __name__ == "__main__":
    program()
