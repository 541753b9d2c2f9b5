"""Command-line arguments shared by the commands that adjudicate."""
from __future__ import annotations

import argparse

from dipsat.solver.presets import PRESETS, rules_from_text


def rules_argument(parser: argparse.ArgumentParser, **kwargs: object) -> None:
    """Add ``--rules PRESET[,OPTION=CHOICE...]``, checked when parsed."""
    def checked(text: str) -> str:
        rules_from_text(text)  # raises RulesError with what is known
        return text
    parser.add_argument("--rules", type=checked, metavar="PRESET[,OPTION=CHOICE...]",
                        help=f"rule semantics: a preset ({', '.join(PRESETS)}) and options "
                             "(see dipsat rules); default: each case's own, else datc", **kwargs)  # type: ignore[arg-type]
