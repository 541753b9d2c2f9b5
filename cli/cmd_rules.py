"""``dipsat rules [PRESET...]``: list the rule options, their choices and the presets."""
from __future__ import annotations

import argparse
import json

from dipsat.solver.options import OPTIONS
from dipsat.solver.presets import PRESETS, rules_from_text


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    r = sub.add_parser("rules", help="list the rule options (DATC chapter 4) and the presets")
    r.add_argument("rules", nargs="?", metavar="PRESET[,OPTION=CHOICE...]",
                   help="show the choices in force under these rules")
    r.add_argument("--json", action="store_true", help="print one JSON document")
    return r


def run(args: argparse.Namespace) -> int:
    """Print the options, marking the choice in force (the DATC preference by default)."""
    rules = rules_from_text(args.rules or "datc")
    if args.json:
        print(json.dumps({
            "in_force": {o: getattr(rules, o) for o in OPTIONS},
            "options": {o.name: {"issue": o.issue, "question": o.question, "default": o.default,
                                 "choices": dict(o.choices)} for o in OPTIONS.values()},
            "presets": {n: p.changed() for n, p in PRESETS.items()},
        }, indent=1))
        return 0
    print(f"rules in force: {args.rules or 'datc'}   (* = in force, choices listed DATC preference first)")
    for o in OPTIONS.values():
        print(f"\n{o.name}  (DATC {o.issue}) {o.question}")
        for choice, meaning in o.choices.items():
            mark = "*" if getattr(rules, o.name) == choice else " "
            print(f"  {mark} {choice:<14} {meaning}")
    print("\npresets (what each changes from datc):")
    for name, preset in PRESETS.items():
        changed = ", ".join(f"{k}={v}" for k, v in preset.changed().items()) or "nothing"
        print(f"  {name:<10} {changed}")
    return 0
