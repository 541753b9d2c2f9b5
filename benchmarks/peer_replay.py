"""The peer replaying saved games phase by phase, as a user of the ``diplomacy`` package would.

    python -m benchmarks.peer_replay GAMES.jsonl [--json]

For each saved game (one per line, ``diplomacy.utils.export.to_saved_game_format``): a new
``Game`` on the game's map; for each recorded phase with a next phase, load the recorded board
(``set_state``) unless the game already stands on it after the previous phase, set the recorded
orders of every power, ``process()``, and compare the board reached (units, centres) with the
next recorded phase's board. Prints phases processed, agreements and differences. This is the
peer's side of the whole-process benchmark (:mod:`benchmarks.wholeprocess`): its own process,
its own start-up, reading and comparing, as dipsat's ``replay`` has its own.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def _board(state: dict[str, Any]) -> tuple[Any, Any]:
    units = {p: sorted(u) for p, u in state["units"].items() if u}
    centres = {p: sorted(c) for p, c in state["centers"].items() if c}
    return units, centres


def replay_game(saved: dict[str, Any]) -> tuple[int, int]:
    """Replay one saved game; return (phases processed, phases whose result matches the record)."""
    from diplomacy import Game

    phases = saved["phases"]
    game = Game(map_name=saved.get("map", "standard"), rules=saved.get("rules") or None)
    processed = agree = 0
    for phase, following in zip(phases, phases[1:]):
        if game.get_current_phase() != phase["name"] or _board(game.get_state()) != _board(phase["state"]):
            game.set_state(phase["state"])
        for power, orders in (phase.get("orders") or {}).items():
            game.set_orders(power, orders or [])
        game.process()
        processed += 1
        agree += _board(game.get_state()) == _board(following["state"])
    return processed, agree


def main(argv: list[str] | None = None) -> int:
    """Replay every game of the file; print the counts."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.peer_replay", description=__doc__.split("\n\n")[0])
    p.add_argument("games", help="saved games, one JSON object per line")
    p.add_argument("--json", action="store_true", help="print the counts as one JSON object")
    args = p.parse_args(argv)
    games = processed = agree = 0
    with open(args.games, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                n, a = replay_game(json.loads(line))
                games += 1
                processed += n
                agree += a
    counts = {"games": games, "phases": processed, "agree": agree}
    print(json.dumps(counts) if args.json else
          f"{games} games, {processed} phases processed, {agree} as recorded", file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
