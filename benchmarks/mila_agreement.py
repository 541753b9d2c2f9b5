"""How often the ``mila`` preset agrees with the ``diplomacy`` package, on fresh random games.

``python -m benchmarks.mila_agreement --seed 51 --games 51`` plays random games with the package
(:func:`benchmarks.randgames.peer_random_games`: its own legal orders, its own results), then
adjudicates every phase with dipsat from the package's board and orders, and compares the board
after it with the package's. Each difference is given its cause (:func:`benchmarks.causes.explain`:
the peer quirk or rule choice that, imitated, gives the package's board). No timing: it is the
light way to check the claim in ``PEER_DEFECTS.md`` (at least 99.9 % of phases agree) on any seed.
Needs the ``bench`` extra (``pip install -e '.[bench]'``).
"""
from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from benchmarks.causes import explain
from benchmarks.engines import DipsatRunner
from benchmarks.phases import PhaseInput, board_of_spec
from benchmarks.randgames import peer_random_games


def disagreements(phases: list[PhaseInput], runner: DipsatRunner) -> list[tuple[PhaseInput, list[str], str]]:
    """Every phase whose board after differs from the package's: (phase, differences, cause)."""
    found = []
    for ph in phases:
        out = runner.run(ph)
        assert out.board is not None and ph.expected is not None
        diff = out.board.diff(board_of_spec(ph.expected))
        if diff:
            found.append((ph, diff, _cause(ph, runner, out.after)))
    return found


def _cause(ph: PhaseInput, runner: DipsatRunner, after: Any) -> str:
    from dipsat.model.errors import OrderError
    from dipsat.model.notation import parse_order

    position = runner.position(ph)
    orders = []
    for power, texts in ph.orders.items():
        for text in texts:
            try:
                orders.append(parse_order(text, runner.gmap, power, position, position.phase.kind))
            except OrderError:
                pass
    res = runner.variant.adjudicate(position, orders, runner.rules)
    return " + ".join(explain(runner.variant, runner.rules, position, orders, res, board_of_spec(ph.expected or {})))


def main(argv: list[str] | None = None) -> int:
    """Play, compare, print the agreement and the cause of each difference; exit 0."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.mila_agreement", description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=51)
    p.add_argument("--seed", type=int, default=51)
    p.add_argument("--max-year", type=int, default=1925)
    p.add_argument("--rules", default="mila")
    args = p.parse_args(argv)
    runner = DipsatRunner(args.rules)
    phases = peer_random_games(args.games, args.seed, args.max_year, runner.gmap)
    found = disagreements(phases, runner)
    agree = len(phases) - len(found)
    print(f"rules {args.rules}, seed {args.seed}, {args.games} games to {args.max_year}: "
          f"{agree} of {len(phases)} phases agree ({100 * agree / max(len(phases), 1):.3f} %)")
    for cause, n in Counter(cause for _, _, cause in found).most_common():
        print(f"  {n:4d}  {cause}")
    for ph, diff, cause in found:
        print(f"{ph.key} {ph.name}: {cause}")
        for d in diff:
            print(f"    {d}")
        for power, texts in ph.orders.items():
            if texts:
                print(f"    orders {power}: {', '.join(texts)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
