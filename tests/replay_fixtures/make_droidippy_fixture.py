"""Write ``droidippy_game.txt``: a game in the Droidippy/godip history format, for the replay tests.

Run from the repository root: ``.venv/bin/python tests/replay_fixtures/make_droidippy_fixture.py``.
The game is played by the ``diplomacy`` package with random orders (``make_mila_fixture.play``,
fixed seed) and written in the Droidippy text format: godip province ids (``nrg``, ``gol``,
``mid``, ``nat``), orders without powers (``stp/sc move bot``, ``build Army mos``, ``remove par``),
the adjustment phase named ``<year> Fall Adjustment``, each phase's ``POSITIONS`` the board at
its start, the last phase with positions and no orders. The seed is one whose recorded results
the ``droidippy`` rules reproduce (no convoy subtleties, no defect of the package).
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from make_mila_fixture import play  # noqa: E402

SEED = 12
LAST = "S1905M"
GODIP_IDS = {"nwg": "nrg", "lyo": "gol", "mao": "mid", "nao": "nat"}
SEASONS = {"S": "Spring", "F": "Fall", "W": "Fall"}
KINDS = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
POWERS = {p: p.capitalize() for p in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")}


def loc(text: str) -> str:
    """A MILA location (``STP/SC``, ``NWG``) in godip's spelling (``stp/sc``, ``nrg``)."""
    province, _, coast = text.lower().partition("/")
    province = GODIP_IDS.get(province, province)
    return f"{province}/{coast}" if coast else province


def order(text: str, kind: str) -> str | None:
    """A MILA order in Droidippy's words, or ``None`` for one Droidippy does not write (WAIVE)."""
    w = text.split()
    if w == ["WAIVE"]:
        return None
    unit_type, src, rest = w[0], loc(w[1]), w[2:]
    match rest:
        case ["H"]:
            return f"{src} hold"
        case ["-", dst]:
            return f"{src} move {loc(dst)}"
        case ["-", dst, "VIA"]:
            return f"{src} move {loc(dst)} via convoy"
        case ["S", _, target]:
            return f"{src} support {loc(target)}"
        case ["S", _, target, "-", dst]:
            return f"{src} support {loc(target)} move {loc(dst)}"
        case ["C", _, target, "-", dst]:
            return f"{src} convoy {loc(target)} move {loc(dst)}"
        case ["R", dst]:
            return f"{src} move {loc(dst)}"
        case ["D"]:
            return f"remove {src}" if kind == "A" else f"{src} disband"
        case ["B"]:
            return f"build {'Army' if unit_type == 'A' else 'Fleet'} {src}"
    raise ValueError(f"cannot write {text!r}")


def phase_text(phase: dict) -> list[str]:
    """One phase in the Droidippy format."""
    name = phase["name"]
    season, year, kind = name[0], name[1:5], name[5]
    lines = [f"PHASE {year} {SEASONS[season]} {KINDS[kind]}", "POSITIONS"]
    board = []
    for power, units in phase["state"]["units"].items():
        for unit in units:
            what = ("army" if unit.lstrip("*")[0] == "A" else "fleet") + ("/dislodged" if unit.startswith("*") else "")
            board.append((loc(unit.lstrip("*").split()[1]), f"{POWERS[power]}: {what} {loc(unit.lstrip('*').split()[1])}"))
    for power, centres in phase["state"]["centers"].items():
        board += [(loc(c), f"{POWERS[power]}: supply {loc(c)}") for c in centres]
    lines += [text for _, text in sorted(board)]
    lines.append("ORDERS")
    written = [order(o, kind) for texts in (phase.get("orders") or {}).values() for o in texts or ()]
    lines += sorted(o for o in written if o)
    return lines


def main() -> None:
    """Write the fixture."""
    game = play(SEED, LAST)
    lines = [line for phase in game["phases"] for line in phase_text(phase)]
    (HERE / "droidippy_game.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
