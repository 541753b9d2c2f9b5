"""Games of random legal orders, with a fixed seed: the first input of the benchmark.

The peer engine plays them when it is installed (``Game.get_all_possible_orders()`` lists the
legal orders, :func:`choose_orders` picks among them); otherwise dipsat plays them from the same
kind of list, built by :func:`dipsat_possible_orders`. The choice is biased so that supports and
convoys happen and work: a supported move is often ordered too, a convoyed army often moves
``VIA`` the fleets that convoy it, and some adjustment phases leave disbands to civil disorder.
"""
from __future__ import annotations

import random
from collections import deque
from typing import Any, Mapping

from dipsat.model.gamemap import GameMap
from dipsat.model.notation import parse_order
from dipsat.model.types import PhaseKind, Position, UnitType
from dipsat.solver.convoy_routes import routes
from benchmarks.phases import (
    PhaseInput, mila_location, mila_unit, peer_power, peer_state_of, phase_name, spec_from_peer_state,
    spec_of,
)

WEIGHTS = {"hold": 1.0, "move": 4.0, "via": 1.5, "support_move": 2.5, "support_hold": 1.0, "convoy": 2.0}
"""How often each kind of movement order is picked, when the unit has one of that kind."""


def _category(order: str) -> str:
    words = order.split()
    if len(words) < 3 or words[2] == "H":
        return "hold"
    if words[2] == "-":
        return "via" if words[-1] == "VIA" else "move"
    if words[2] == "S":
        return "support_move" if "-" in words else "support_hold"
    if words[2] == "C":
        return "convoy"
    return "other"


def _move_dest(order: str) -> str | None:
    words = order.split()
    if len(words) >= 4 and words[2] == "-":
        return words[3][:3]
    return None


def choose_orders(possible: Mapping[str, list[str]], orderable: Mapping[str, list[str]], phase_type: str,
                  rng: random.Random, counts: Mapping[str, int] | None = None) -> dict[str, list[str]]:
    """Pick one order per orderable location (MILA notation), power by power.

    ``possible`` maps a location to its legal orders; ``orderable`` a power (``FRANCE``) to its
    orderable locations; ``counts`` a power to its builds (> 0) or disbands (< 0) in adjustments.
    """
    possible = {loc: sorted(options) for loc, options in possible.items()}  # MILA's lists follow set order
    orderable = {power: sorted(locs) for power, locs in orderable.items()}
    if phase_type == "A":
        return _adjustments(possible, orderable, rng, counts or {})
    owner = {loc: power for power, locs in orderable.items() for loc in locs}
    chosen: dict[str, str] = {}
    locs = sorted(owner)
    rng.shuffle(locs)
    for loc in locs:
        if loc in chosen or not possible.get(loc):
            continue
        options = possible[loc]
        if phase_type == "R":
            retreats = [o for o in options if o.split()[2] == "R"]
            chosen[loc] = rng.choice(retreats) if retreats and rng.random() < 0.85 else \
                next((o for o in options if o.endswith(" D")), rng.choice(options))
            continue
        by_kind: dict[str, list[str]] = {}
        for o in options:
            by_kind.setdefault(_category(o), []).append(o)
        kinds = [k for k in WEIGHTS if k in by_kind]
        kind = rng.choices(kinds, [WEIGHTS[k] for k in kinds])[0]
        order = rng.choice(by_kind[kind])
        chosen[loc] = order
        _coordinate(order, kind, possible, owner, chosen, rng)
    orders: dict[str, list[str]] = {power: [] for power in orderable}
    for loc in sorted(chosen):
        orders[owner[loc]].append(chosen[loc])
    return orders


def _coordinate(order: str, kind: str, possible: Mapping[str, list[str]], owner: Mapping[str, str],
                chosen: dict[str, str], rng: random.Random) -> None:
    """Often give the other units the orders that make ``order`` count."""
    words = order.split()
    if kind in ("support_move", "convoy"):
        target, dest = words[4][:3], words[6][:3]
        want = (lambda o: _move_dest(o) == dest and o.endswith(" VIA")) if kind == "convoy" else \
            (lambda o: _move_dest(o) == dest)
        if target in owner and target not in chosen and rng.random() < 0.8:
            fits = [o for o in possible.get(target, ()) if want(o)]
            if fits:
                chosen[target] = rng.choice(fits)
    elif kind == "support_hold":
        target = words[4][:3]
        if target in owner and target not in chosen and rng.random() < 0.5:
            fits = [o for o in possible.get(target, ()) if _category(o) == "hold"]
            if fits:
                chosen[target] = fits[0]
    elif kind == "via":
        src, dest = words[1][:3], words[3][:3]
        needle = f" C A {src} - {dest}"
        for loc, options in sorted(possible.items()):
            if loc in owner and loc not in chosen and rng.random() < 0.8:
                fits = [o for o in options if o.endswith(needle)]
                if fits:
                    chosen[loc] = fits[0]


def _adjustments(possible: Mapping[str, list[str]], orderable: Mapping[str, list[str]],
                 rng: random.Random, counts: Mapping[str, int]) -> dict[str, list[str]]:
    orders: dict[str, list[str]] = {}
    for power, locs in orderable.items():
        n = counts.get(power, 0)
        picked: list[str] = []
        if n > 0:
            sites = [loc for loc in sorted(locs) if any(o.endswith(" B") for o in possible.get(loc, ()))]
            rng.shuffle(sites)
            k = min(n, len(sites)) - (1 if rng.random() < 0.1 else 0)
            for loc in sites[:max(k, 0)]:
                picked.append(rng.choice([o for o in possible[loc] if o.endswith(" B")]))
            if len(picked) < n and rng.random() < 0.5:
                picked.append("WAIVE")
        elif n < 0:
            units = sorted(locs)
            rng.shuffle(units)
            k = -n - (1 if rng.random() < 0.15 else 0)
            for loc in units[:max(k, 0)]:
                disbands = [o for o in possible.get(loc, ()) if o.endswith(" D")]
                if disbands:
                    picked.append(disbands[0])
        orders[power] = picked
    return orders


# -- the peer plays --------------------------------------------------------------------------------

def peer_random_games(games: int, seed: int, max_year: int, gmap: GameMap,
                      max_phases: int | None = None) -> list[PhaseInput]:
    """Play ``games`` random games with the peer engine; record every phase it processes."""
    from diplomacy import Game  # the optional `bench` extra
    from diplomacy.utils.order_results import BOUNCE

    out: list[PhaseInput] = []
    for gi in range(games):
        rng = random.Random(seed * 1_000_003 + gi)
        game = Game()
        origins: dict[str, tuple[str | None, bool]] = {}
        standoffs: set[str] = set()
        index = 0
        while not game.is_game_done:
            name = game.get_current_phase()
            if int(name[1:-1]) > max_year or (max_phases is not None and index >= max_phases):
                break
            state = game.get_state()
            peer_state = {"name": state["name"], "units": _copy(state["units"]),
                          "centers": _copy(state["centers"]), "retreats": _copy(state["retreats"])}
            spec = spec_from_peer_state(state, gmap, origins if name[-1] == "R" else None,
                                        standoffs if name[-1] == "R" else ())
            counts = {p: b.get("count", 0) for p, b in state["builds"].items()}
            if name[-1] == "A":
                counts = {p: len(state["centers"][p]) - len(state["units"][p]) for p in counts}
            orders = choose_orders(game.get_all_possible_orders(), game.get_orderable_locations(),
                                   name[-1], rng, counts)
            for power, texts in orders.items():
                game.set_orders(power, texts)
            game.process()
            after = game.get_state()
            if name[-1] == "M":
                origins, standoffs = _retreat_facts(game, name, orders, after, gmap, BOUNCE)
            out.append(PhaseInput("random", str(gi), index, name, spec, peer_state,
                                  {gmap.resolve_power(p): texts for p, texts in orders.items()},
                                  follows=index > 0, expected=spec_from_peer_state(after, gmap)))
            index += 1
    return out


def save_peer_games(path: str, games: int, seed: int, max_year: int) -> int:
    """Play ``games`` random games with the peer engine, as :func:`peer_random_games` does, and
    write them to ``path`` as saved games, one JSON object per line (the package's own
    ``to_saved_game_format``); return the number of phases with a recorded result."""
    import json

    from diplomacy import Game  # the optional `bench` extra
    from diplomacy.utils.export import to_saved_game_format

    phases = 0
    with open(path, "w", encoding="utf-8") as out:
        for gi in range(games):
            rng = random.Random(seed * 1_000_003 + gi)
            game = Game()
            game.game_id = f"random-{seed}-{gi}"
            while not game.is_game_done and int(game.get_current_phase()[1:-1]) <= max_year:
                name = game.get_current_phase()
                state = game.get_state()
                counts = {p: b.get("count", 0) for p, b in state["builds"].items()}
                if name[-1] == "A":
                    counts = {p: len(state["centers"][p]) - len(state["units"][p]) for p in counts}
                orders = choose_orders(game.get_all_possible_orders(), game.get_orderable_locations(),
                                       name[-1], rng, counts)
                for power, texts in orders.items():
                    game.set_orders(power, texts)
                game.process()
                phases += 1
            out.write(json.dumps(to_saved_game_format(game)) + "\n")
    return phases


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _retreat_facts(game: Any, name: str, orders: Mapping[str, list[str]], after: Mapping[str, Any],
                   gmap: GameMap, bounce: Any) -> tuple[dict[str, tuple[str | None, bool]], set[str]]:
    """What dipsat needs beyond MILA's state to play the retreats: where each dislodging unit came
    from (MILA's ``Game.dislodged``), whether by convoy, and the provinces left empty by a standoff
    (destinations that nobody occupies and where two or more moves bounced: a lone move that lost a
    head-to-head battle leaves no standoff in the winner's origin)."""
    by_unit = {" ".join(o.split()[:2]): o for texts in orders.values() for o in texts}
    origins = {}
    for unit, site in game.dislodged.items():
        words = next((o for u, o in by_unit.items() if u[2:5] == site[:3]), "").split()
        convoyed = (len(words) >= 4 and words[0] == "A" and words[2] == "-"
                    and (words[-1] == "VIA" or not gmap.army_can_move(site[:3].lower(), words[3][:3].lower())))
        origins[unit] = (site[:3].lower(), convoyed)
    occupied = {u.lstrip("*")[2:5] for units in after["units"].values() for u in units if not u.startswith("*")}
    results = game.result_history[name] if name in game.result_history else {}
    bounced: dict[str, int] = {}
    for unit, o in by_unit.items():
        dest = _move_dest(o)
        if dest and dest not in occupied and any(r == bounce for r in results.get(unit, ())):
            bounced[dest] = bounced.get(dest, 0) + 1
    return origins, {dest.lower() for dest, n in bounced.items() if n >= 2}


# -- dipsat plays (when the peer is not installed) ------------------------------------------------

def dipsat_random_games(games: int, seed: int, max_year: int, variant: Any, rules: Any,
                        max_phases: int | None = None) -> list[PhaseInput]:
    """Play ``games`` random games with dipsat alone, from lists of legal orders of its own."""
    gmap = variant.map
    out: list[PhaseInput] = []
    for gi in range(games):
        rng = random.Random(seed * 1_000_003 + gi)
        position = variant.start()
        index = 0
        while position.phase.year <= max_year and (max_phases is None or index < max_phases):
            possible, orderable, counts = dipsat_possible_orders(position, gmap)
            name = phase_name(position.phase)
            orders = choose_orders(possible, orderable, name[-1], rng, counts)
            spec = spec_of(position)
            parsed = [parse_order(t, gmap, gmap.resolve_power(p), position, position.phase.kind)
                      for p, texts in orders.items() for t in texts]
            res = variant.adjudicate(position, parsed, rules)
            out.append(PhaseInput("random", str(gi), index, name, spec,
                                  peer_state_of(spec, gmap, _retreats(position, gmap)),
                                  {gmap.resolve_power(p): texts for p, texts in orders.items()},
                                  follows=index > 0, expected=spec_of(res.after)))
            index += 1
            position = res.after
            if variant.winner(position) is not None:
                break
    return out


def _retreats(position: Position, gmap: GameMap) -> dict[str, list]:
    from dipsat.solver.movement import retreat_options  # the solver's own rule, reused for the peer's board

    return {prov: retreat_options(gmap, d.piece.unit, position.units, position.standoffs,
                                  None if d.by_convoy else d.attacker_origin)
            for prov, d in position.dislodged.items()}


def retreats_of(position: Position, gmap: GameMap) -> dict[str, list]:
    """Where each dislodged unit of ``position`` may retreat (for the peer's state)."""
    return _retreats(position, gmap)


def dipsat_possible_orders(position: Position, gmap: GameMap
                           ) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, int]]:
    """Legal orders per location in MILA's notation, orderable locations per power, adjustments due."""
    from dipsat.solver.adjustment import adjustments_due

    possible: dict[str, list[str]] = {}
    orderable: dict[str, list[str]] = {peer_power(p): [] for p in gmap.powers}
    counts: dict[str, int] = {}
    kind = position.phase.kind
    if kind is PhaseKind.RETREAT:
        for prov, options in _retreats(position, gmap).items():
            d = position.dislodged[prov]
            unit = mila_unit(d.piece.unit)
            possible[prov.upper()] = [f"{unit} R {mila_location(loc)}" for loc in options] + [f"{unit} D"]
            orderable[peer_power(d.piece.power)].append(prov.upper())
        return possible, orderable, counts
    if kind is PhaseKind.ADJUSTMENT:
        for power, due in adjustments_due(position).items():
            counts[peer_power(power)] = due
            if due < 0:
                for prov, piece in position.units.items():
                    if piece.power == power:
                        possible[prov.upper()] = [f"{mila_unit(piece.unit)} D"]
                        orderable[peer_power(power)].append(prov.upper())
            elif power in gmap.powers:
                for home in sorted(gmap.home_centres(power)):
                    if position.centres.get(home) != power or home in position.units:
                        continue
                    opts = [] if gmap.is_sea(home) else [f"A {home.upper()} B"]
                    if not gmap.is_land(home):
                        opts += [f"F {mila_location(loc)} B" for loc in gmap.fleet_locations(home)]
                    possible[home.upper()] = opts + ["WAIVE"]
                    orderable[peer_power(power)].append(home.upper())
        return possible, orderable, counts
    fleets_at_sea = frozenset(p for p, pc in position.units.items()
                              if pc.unit.kind is UnitType.FLEET and gmap.is_sea(p))
    by_convoy = {p: _convoy_reach(gmap, p, fleets_at_sea) for p, pc in position.units.items()
                 if pc.unit.kind is UnitType.ARMY and gmap.is_coastal(p)}
    convoys: dict[str, list[str]] = {}
    for src, dests in by_convoy.items():
        army = mila_unit(position.units[src].unit)
        for dest in sorted(dests):
            for fleet in sorted({f for r in routes(gmap, src, dest, fleets_at_sea, limit=8) for f in r}):
                convoys.setdefault(fleet, []).append(f"{mila_unit(position.units[fleet].unit)} C {army} - {dest.upper()}")
    for prov, piece in position.units.items():
        unit, loc = piece.unit, piece.unit.location
        text = mila_unit(unit)
        opts = [f"{text} H"]
        if unit.kind is UnitType.ARMY:
            reach = set(gmap.army_neighbours.get(prov, ()))
            opts += [f"{text} - {q.upper()}" for q in sorted(reach)]
            opts += [f"{text} - {q.upper()} VIA" for q in sorted(by_convoy.get(prov, ()))]
        else:
            reach = set(gmap.fleet_province_neighbours.get(loc, ()))
            opts += [f"{text} - {mila_location(q)}" for q in sorted(gmap.fleet_neighbours.get(loc, ()), key=str)]
        for other, op in position.units.items():
            if other == prov:
                continue
            if other in reach:
                opts.append(f"{text} S {mila_unit(op.unit)}")
            if op.unit.kind is UnitType.ARMY:
                into = set(gmap.army_neighbours.get(other, ())) | by_convoy.get(other, set())
            else:
                into = set(gmap.fleet_province_neighbours.get(op.unit.location, ()))
            opts += [f"{text} S {mila_unit(op.unit)} - {q.upper()}" for q in sorted(into & reach) if q != prov]
        opts += convoys.get(prov, [])
        possible[prov.upper()] = opts
        orderable[peer_power(piece.power)].append(prov.upper())
    return possible, orderable, counts


def _convoy_reach(gmap: GameMap, src: str, fleets: frozenset[str]) -> set[str]:
    """Coastal provinces an army in ``src`` could reach through the fleets at sea."""
    seen = {f for f in fleets if gmap.fleet_provinces_adjacent(src, f)}
    queue = deque(seen)
    while queue:
        sea = queue.popleft()
        for f in fleets:
            if f not in seen and gmap.fleet_provinces_adjacent(sea, f):
                seen.add(f)
                queue.append(f)
    found = set()
    for p, prov in gmap.provinces.items():
        if p != src and gmap.is_coastal(p) and any(gmap.fleet_provinces_adjacent(s, p) for s in seen):
            found.add(p)
    return found


# -- distinct games for measuring at scale: dipsat plays, Droidippy records ---------------------

def droidippy_game_text(variant: Any, rules: Any, seed: int, max_year: int) -> tuple[str, int]:
    """One game of random legal orders played by dipsat from the standard start to ``max_year``,
    written as a Droidippy game history (``PHASE``, ``POSITIONS``, ``ORDERS`` blocks, the phases
    the game goes through); return the text and its number of phases. The same seed gives the
    same game."""
    gmap = variant.map
    rng = random.Random(seed)
    position = variant.start()
    blocks: list[str] = []
    while position.phase.year <= max_year:
        possible, orderable, counts = dipsat_possible_orders(position, gmap)
        orders = choose_orders(possible, orderable, phase_name(position.phase)[-1], rng, counts)
        parsed = [parse_order(t, gmap, gmap.resolve_power(p), position, position.phase.kind)
                  for p, texts in orders.items() for t in texts if t != "WAIVE"]
        blocks.append(_droidippy_block(position, parsed))
        position = variant.adjudicate(position, parsed, rules).after
        if variant.winner(position) is not None:
            break
    blocks.append(_droidippy_block(position, []))  # the final board: the last phase's recorded result
    return "".join(blocks), len(blocks) - 1


def _droidippy_block(position: Position, orders: list[Any]) -> str:
    from dipsat.model.types import Build, Convoy, Disband, Hold, Move, Retreat, SupportHold, SupportMove

    phase = position.phase
    season = "Fall" if phase.kind is PhaseKind.ADJUSTMENT else phase.season.value
    lines = [f"PHASE {phase.year} {season} {phase.kind.value}", "POSITIONS"]
    kinds = {UnitType.ARMY: "army", UnitType.FLEET: "fleet"}
    for province, piece in sorted(position.units.items()):
        lines.append(f"{piece.power}: {kinds[piece.unit.kind]} {piece.unit.location}")
    for province, d in sorted(position.dislodged.items()):
        lines.append(f"{d.piece.power}: {kinds[d.piece.unit.kind]}/dislodged {d.piece.unit.location}")
    for centre, owner in sorted(position.centres.items()):
        lines.append(f"{owner}: supply {centre}")
    lines.append("ORDERS")
    for o in orders:
        match o:
            case Hold():
                lines.append(f"{o.unit.location} hold")
            case Move():
                lines.append(f"{o.unit.location} move {o.dest}" + (" via convoy" if o.via_convoy else ""))
            case Retreat():
                lines.append(f"{o.unit.location} move {o.dest}")
            case SupportHold():
                lines.append(f"{o.unit.location} support {o.target.location}")
            case SupportMove():
                lines.append(f"{o.unit.location} support {o.target.location} move {o.dest}")
            case Convoy():
                lines.append(f"{o.unit.location} convoy {o.target.location} move {o.dest}")
            case Disband():
                lines.append(f"{o.unit.location} disband")
            case Build():
                lines.append(f"build {'Army' if o.unit.kind is UnitType.ARMY else 'Fleet'} {o.unit.location}")
    return "\n".join(lines) + "\n"


def save_droidippy_games(folder: str, games: int, seed: int, max_year: int, rules_text: str = "droidippy",
                         first: int = 0) -> int:
    """Play games ``first`` .. ``first + games - 1`` of ``seed`` with dipsat under ``rules_text``
    and write each as a Droidippy game history ``game_<seed>_<n>.txt`` in ``folder`` (made if
    needed); return the phases written. Game *n* of a seed is the same whoever asks for it, so
    a larger set holds every game of a smaller one."""
    from pathlib import Path

    from dipsat.solver.presets import rules_from_text
    from dipsat.variants import find_variant

    variant = find_variant("standard")
    rules = rules_from_text(rules_text)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    phases = 0
    for n in range(first, first + games):
        text, count = droidippy_game_text(variant, rules, seed * 1_000_003 + n, max_year)
        (out / f"game_{seed}_{n:05d}.txt").write_text(text, encoding="utf-8")
        phases += count
    return phases


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.randgames FOLDER --games N [--seed S] [--max-year Y]``: write distinct
    random games as Droidippy game histories (for measuring a replay at scale)."""
    import argparse

    p = argparse.ArgumentParser(prog="python -m benchmarks.randgames", description=main.__doc__)
    p.add_argument("folder")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=23)
    p.add_argument("--max-year", type=int, default=1914)
    p.add_argument("--first", type=int, default=0, help="number of the first game (to write a set in slices)")
    p.add_argument("--rules", default="droidippy")
    args = p.parse_args(argv)
    phases = save_droidippy_games(args.folder, args.games, args.seed, args.max_year, args.rules, args.first)
    print(f"{args.games} games, {phases} phases written to {args.folder}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
