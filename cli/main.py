"""The ``dipsat`` command line: one module per command, registered in :data:`COMMANDS`.

Each command module has ``add_parser(subparsers)`` and ``run(args) -> int``. A user's mistake
(unreadable file, unknown province, unknown rules) prints one line and exits 2, no traceback.
"""
from __future__ import annotations

import argparse
import sys
from types import ModuleType
from typing import Sequence

from dipsat.cli import (cmd_adjudicate, cmd_compare, cmd_convert, cmd_datc, cmd_play, cmd_replay, cmd_report,
                        cmd_rules)
from dipsat.cli.options import check_rules
from dipsat.model.errors import InputError
from dipsat.solver.presets import RulesError
from dipsat.variants import UnknownVariantError

COMMANDS: list[ModuleType] = [cmd_adjudicate, cmd_datc, cmd_compare, cmd_rules, cmd_replay, cmd_play,
                             cmd_convert, cmd_report]
"""The commands, in the order ``dipsat --help`` lists them."""


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dipsat", description="A Diplomacy adjudicator built on a CP-SAT model.")
    sub = p.add_subparsers(dest="command", required=True)
    for command in COMMANDS:
        command.add_parser(sub).set_defaults(run=command.run)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input)."""
    args = _parser().parse_args(argv)
    try:
        check_rules(args)
        return int(args.run(args))
    except (InputError, RulesError, UnknownVariantError, FileNotFoundError) as e:
        print(f"dipsat: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
