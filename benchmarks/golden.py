"""Golden outputs: record what the commands print today, compare after a change, byte for byte.

``python -m benchmarks.golden record DIR`` runs, in one process each, ``dipsat adjudicate
datacases/<file>.txt --json`` for every case file, ``dipsat play <record> --json`` (and
``--gm``) for every game record in ``datacases/games/``, and ``dipsat datc --json`` (also under
``--variant hitchhiker``); it writes
each output (stdout, then the exit code) to ``DIR/<name>.out``. ``python -m benchmarks.golden
compare DIR`` runs them again and names every output that differs, with its first differing
line; exit 1 if any does. For a refactoring that must leave every result as it was (issue 25).
"""
from __future__ import annotations

import argparse
import contextlib
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATACASES = ROOT / "datacases"


def commands() -> dict[str, list[str]]:
    """Output name -> the dipsat command line that makes it."""
    found: dict[str, list[str]] = {}
    for path in sorted(DATACASES.glob("*.txt")):
        found[f"adjudicate-{path.stem}"] = ["adjudicate", str(path.relative_to(ROOT)), "--json"]
    for path in sorted((DATACASES / "games").glob("*.txt")):
        found[f"play-{path.stem}"] = ["play", str(path.relative_to(ROOT)), "--json"]
        found[f"play-gm-{path.stem}"] = ["play", str(path.relative_to(ROOT)), "--json", "--gm"]
    found["datc"] = ["datc", "--json"]
    found["datc-hitchhiker"] = ["datc", "--variant", "hitchhiker", "--json"]
    return found


def run(argv: list[str]) -> str:
    """What ``dipsat argv`` prints, and its exit code, run in this process from the repository root."""
    from dipsat.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as e:
            code = e.code  # type: ignore[assignment]
    return f"{out.getvalue()}{err.getvalue()}\nexit {code}\n"


def first_difference(old: str, new: str) -> str:
    """The first line where ``old`` and ``new`` differ, both sides."""
    for n, (a, b) in enumerate(zip(old.splitlines(), new.splitlines()), start=1):
        if a != b:
            return f"line {n}:\n  was: {a.strip()[:300]}\n  now: {b.strip()[:300]}"
    return f"lengths differ ({len(old.splitlines())} lines were, {len(new.splitlines())} now)"


def main(argv: list[str] | None = None) -> int:
    """Record or compare the golden outputs."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.golden", description=__doc__.splitlines()[0])
    p.add_argument("action", choices=["record", "compare"])
    p.add_argument("folder", type=Path)
    p.add_argument("--only", help="only the outputs whose name contains this text")
    args = p.parse_args(argv)
    import os

    os.chdir(ROOT)
    differ = 0
    args.folder.mkdir(parents=True, exist_ok=True)
    for name, command in commands().items():
        if args.only and args.only not in name:
            continue
        text = run(command)
        path = args.folder / f"{name}.out"
        if args.action == "record":
            path.write_text(text, encoding="utf-8")
            print(f"recorded {name}", flush=True)
            continue
        old = path.read_text(encoding="utf-8") if path.exists() else ""
        if old == text:
            print(f"same     {name}", flush=True)
        else:
            differ += 1
            print(f"DIFFERS  {name}: {first_difference(old, text)}", flush=True)
    if args.action == "compare":
        print(f"{differ} output(s) differ" if differ else "every output is the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
