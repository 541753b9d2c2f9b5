"""``dipsat rules [PRESET...]``: list the rule options, their choices and the presets;
``dipsat rules VARIANT`` (or ``--variant VARIANT``): a variant's own options, each with its
choices, its default and the sentence of the variant's text it rests on."""
from __future__ import annotations

import argparse
import json

from dipsat.solver.options import OPTIONS
from dipsat.solver.presets import PRESETS, rules_from_text


def add_parser(sub: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """Register the command."""
    r = sub.add_parser("rules", help="list the rule options (DATC chapter 4) and the presets")
    r.add_argument("rules", nargs="?", metavar="PRESET[,OPTION=CHOICE...]|VARIANT",
                   help="show the choices in force under these rules; a variant's name: its own options")
    r.add_argument("--variant", metavar="NAME[,OPTION=CHOICE...]",
                   help="list this variant's own options (choices, default, the sentence each rests on)")
    r.add_argument("--json", action="store_true", help="print one JSON document")
    return r


def _variant_named(args: argparse.Namespace) -> str | None:
    """The variant to list: ``--variant``, or the positional word when it names a variant."""
    from dipsat.variants import VARIANTS
    from dipsat.variants.framework.options import split_spec

    if args.variant:
        return str(args.variant)
    if args.rules and VARIANTS.name_of(split_spec(args.rules)[0].strip().lower()) is not None:
        return str(args.rules)
    return None


def _run_variant(spec: str, as_json: bool) -> int:
    """Print a variant's options, marking the choice in force (the default unless ``spec`` names one)."""
    from dipsat.variants import find_variant

    variant = find_variant(spec)
    if as_json:
        print(json.dumps({"variant": variant.name, "in_force": dict(variant.choices), "options": {
            o.name: {"question": o.question, "sentence": o.sentence, "default": o.default,
                     "choices": dict(o.choices)} for o in variant.options.values()}}, indent=1))
        return 0
    print(f"variant {variant.name}: its options   (* = in force, default listed first; "
          f"choose with --variant {variant.name},OPTION=CHOICE)")
    if not variant.options:
        print("  none: every ruling of this variant is fixed")
    for o in variant.options.values():
        print(f"\n{o.name}  {o.question}")
        if o.sentence:
            print(f"  rests on: \"{o.sentence}\"")
        for choice, meaning in o.choices.items():
            mark = "*" if variant.choices[o.name] == choice else " "
            default = " (default)" if choice == o.default else ""
            print(f"  {mark} {choice:<14} {meaning}{default}")
    return 0


def run(args: argparse.Namespace) -> int:
    """Print the options, marking the choice in force (the DATC preference by default)."""
    variant = _variant_named(args)
    if variant is not None:
        return _run_variant(variant, args.json)
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
