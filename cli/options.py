"""Command-line arguments shared by the commands that adjudicate."""
from __future__ import annotations

import argparse

from dipsat.solver.presets import PRESETS, RulesError, rules_from_text


def rules_argument(parser: argparse.ArgumentParser, **kwargs: object) -> None:
    """Add ``--rules PRESET[,OPTION=CHOICE...]`` (checked by :func:`check_rules` before a run)."""
    parser.add_argument("--rules", metavar="PRESET[,OPTION=CHOICE...]",
                        help=f"rule semantics: a preset ({', '.join(PRESETS)}) and options "
                             "(see dipsat rules); default: each case's own, else datc", **kwargs)  # type: ignore[arg-type]


def variant_argument(parser: argparse.ArgumentParser, help_text: str | None = None) -> None:
    """Add ``--variant NAME[,OPTION=CHOICE...]``, checked when parsed (an unknown name lists the known ones)."""
    from dipsat.variants import VARIANTS

    parser.add_argument("--variant", type=checked_variant, metavar="NAME[,OPTION=CHOICE...]",
                        help=help_text or f"play every case as this variant ({', '.join(VARIANTS)}) "
                                          "instead of each case's own VARIANT")


def check_rules(args: argparse.Namespace) -> None:
    """Read every ``--rules`` given, so that a mistake stops the run before any work.

    Raises:
        RulesError: an unknown preset, option or choice (the message lists the known ones).
    """
    given = getattr(args, "rules", None)
    if getattr(args, "command", None) == "rules" and isinstance(given, str):
        from dipsat.variants import VARIANTS
        from dipsat.variants.framework.options import split_spec

        if VARIANTS.name_of(split_spec(given)[0].strip().lower()) is not None:
            return  # ``dipsat rules VARIANT``: a variant's options, read by the command itself
    for text in given if isinstance(given, list) else [given] if given else []:
        rules_from_text(text)


def solver_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--solver {propagate,cpsat}``: which route solves the movement phases (applied by :func:`apply_solver`)."""
    from dipsat.solver.route import ROUTES

    parser.add_argument("--solver", choices=ROUTES, default=None,
                        help="propagate (default): constraints propagated in Python, a phase they leave open "
                             "searched in Python (CP-SAT past the search's budget); cpsat: every movement "
                             "phase solved by CP-SAT, which also counts its resolutions (slower; same results)")


def apply_solver(args: argparse.Namespace) -> str:
    """Put the ``--solver`` route in force for this run (and its worker processes); return the route."""
    from dipsat.solver import route

    chosen = getattr(args, "solver", None)
    if chosen:
        route.choose(chosen)
    return route.current()


def checked_rules(text: str) -> str:
    """An argparse type: ``text`` if it names rules (a preset and options), else the reason why not."""
    try:
        rules_from_text(text)
    except RulesError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def checked_variant(text: str) -> str:
    """An argparse type: ``text`` if it names a variant and its options (an unknown name lists the known ones)."""
    from dipsat.variants import UnknownVariantError, VariantOptionError, find_variant

    try:
        find_variant(text)
    except (UnknownVariantError, VariantOptionError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def checked_address(text: str) -> str:
    """An argparse type: a Dask scheduler's address (``tcp://host:port``)."""
    from dipsat.replay.executors import check_address

    try:
        return check_address(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value
