"""The ``dipsat`` command line: one module per command, registered in :data:`COMMANDS`.

Each command module has ``add_parser(subparsers)`` and ``run(args) -> int``. A user's mistake
(unreadable file, unknown province, unknown rules, an output that cannot be written, a bad
argument) is raised by the command and shown by :mod:`dipsat.cli.errors`: one line, exit 2, no
traceback; with ``--json``, one JSON document ``{"error": {...}}``.
"""
from __future__ import annotations

import argparse
import json
import sys
from types import ModuleType
from typing import NoReturn, Sequence

from dipsat.cli import (cmd_adjudicate, cmd_compare, cmd_convert, cmd_datc, cmd_play, cmd_replay, cmd_report,
                        cmd_rules)
from dipsat.cli.errors import EXIT_INTERRUPTED, Problem, report, user_errors
from dipsat.cli.options import apply_solver, check_rules
from dipsat.model.errors import UsageError

COMMANDS: list[ModuleType] = [cmd_adjudicate, cmd_datc, cmd_compare, cmd_rules, cmd_replay, cmd_play,
                             cmd_convert, cmd_report]
"""The commands, in the order ``dipsat --help`` lists them."""


class _Parser(argparse.ArgumentParser):
    """An argument parser that raises a :class:`UsageError` instead of exiting, so that the
    mistake is shown like every other (and as JSON with ``--json``)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="dipsat", description="A Diplomacy adjudicator built on a CP-SAT model.")
    sub = p.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(sub).set_defaults(run=command.run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input, see :mod:`dipsat.cli.errors`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in argv
    try:
        args = _parser().parse_args(argv)
        as_json = bool(getattr(args, "json", as_json))
        check_rules(args)
        apply_solver(args)
        return int(args.run(args))
    except user_errors() as e:
        if isinstance(e, BrokenPipeError):
            return 0
        return report(e, as_json)
    except KeyboardInterrupt:
        if as_json:  # for the script; the person who pressed Ctrl-C reads stderr
            print(json.dumps({"error": Problem(None, None, "interrupted").json()}, indent=1))
        print("\ndipsat: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
