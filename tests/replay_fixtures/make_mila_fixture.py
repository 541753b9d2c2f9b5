"""Write the saved-game fixtures of the replay tests by playing the ``diplomacy`` package (1.1.2).

Run from the repository root: ``.venv/bin/python tests/replay_fixtures/make_mila_fixture.py``.
Each game is played with random legal orders from a fixed seed: every unit gets a random
possible order, then about half the units switch to a support or convoy that matches an order
another unit was given (so that battles, dislodgements, retreats and convoys happen); in
adjustment phases a power builds or disbands a random number of times up to what is due (fewer
disbands than due leave the rest to the package's civil disorder). The games are written with
``diplomacy.utils.export.to_saved_game_format``: ``mila_game.json`` (one game) and
``mila_games.jsonl`` (two games, one a line).
"""
from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from diplomacy import Game
from diplomacy.utils.export import to_saved_game_format

HERE = Path(__file__).resolve().parent


def _movement_orders(game: Game, power: str, possible: dict[str, list[str]], rng: random.Random,
                     chosen: set[str]) -> list[tuple[str, str]]:
    orders = {}
    for loc in sorted(game.get_orderable_locations(power)):
        options = possible.get(loc) or []
        if options:
            moves = [o for o in options if " - " in o] or options
            orders[loc] = rng.choice(moves if rng.random() < 0.7 else options)
    chosen.update(orders.values())
    return list(orders.items())


def _matching(options: list[str], chosen: set[str]) -> list[str]:
    """Supports and convoys of ``options`` that match an order already chosen for another unit."""
    found = []
    for o in options:
        for word in (" S ", " C "):
            if word in o:
                target = o.split(word, 1)[1]
                if target in chosen or f"{target} VIA" in chosen or (
                        " - " not in target and any(c.startswith(target + " ") and " - " not in c for c in chosen)):
                    found.append(o)
    return found


def _play_phase(game: Game, rng: random.Random) -> None:
    possible = {loc: sorted(orders) for loc, orders in game.get_all_possible_orders().items()}  # set order varies
    phase_type = game.get_current_phase()[-1]
    if phase_type == "M":
        chosen: set[str] = set()
        picks = {p: _movement_orders(game, p, possible, rng, chosen) for p in game.powers}
        for power, items in picks.items():
            orders = []
            for loc, order in items:
                better = _matching(possible.get(loc) or [], chosen)
                orders.append(rng.choice(better) if better and rng.random() < 0.5 else order)
            if rng.random() < 0.9:  # now and then a power orders nothing: its units hold
                game.set_orders(power, orders)
    elif phase_type == "R":
        for power in game.powers:
            orders = [rng.choice(possible[loc]) for loc in sorted(game.get_orderable_locations(power)) if possible.get(loc)]
            game.set_orders(power, [o for o in orders if rng.random() < 0.85])
    else:
        for power_name, power in game.powers.items():
            count = len(power.centers) - len(power.units)
            locs = [loc for loc in sorted(game.get_orderable_locations(power_name)) if possible.get(loc)]
            rng.shuffle(locs)
            wanted = rng.randint(max(0, abs(count) - 1), abs(count))
            orders = []
            for loc in locs[:wanted]:
                kind = " B" if count > 0 else " D"
                options = [o for o in possible[loc] if o.endswith(kind)]
                if options:
                    orders.append(rng.choice(options))
            game.set_orders(power_name, orders)


def play(seed: int, last_phase: str) -> dict:
    """Play a game with random orders from ``seed`` until ``last_phase`` is reached; return it saved."""
    rng = random.Random(seed)
    game = Game(game_id=f"dipsat-fixture-{seed}")
    while not game.is_game_done and game.get_current_phase() != last_phase:
        _play_phase(game, rng)
        game.process()
    saved = to_saved_game_format(game)
    for phase in saved["phases"]:  # wall-clock noise out, so that reruns write the same bytes
        phase["state"]["timestamp"] = 0
    return saved


def main(argv: list[str] | None = None) -> None:
    """Write the fixtures; with ``--games N --out FILE``, a larger archive for stress runs instead."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="write this many games (seeds 1..N) to --out as JSON lines")
    parser.add_argument("--out", type=Path, help="JSON-lines file for --games")
    parser.add_argument("--until", default="S1910M", help="last phase of each --games game (default S1910M)")
    args = parser.parse_args(argv)
    if args.games:
        with args.out.open("w", encoding="utf-8") as stream:
            for seed in range(1, args.games + 1):
                stream.write(json.dumps(play(seed, args.until), separators=(",", ":")) + "\n")
        return
    game = play(1901, "S1906M")
    (HERE / "mila_game.json").write_text(json.dumps(game, separators=(",", ":")) + "\n", encoding="utf-8")
    lines = [json.dumps(play(seed, "S1903M"), separators=(",", ":")) for seed in (7, 11)]
    (HERE / "mila_games.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
