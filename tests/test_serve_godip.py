"""The godip-compatible judge against godip's own answers: every phase of the 40 Droidippy
archive games (made by godip) is posted as godip's ``Phase`` JSON, and the phase that comes back
(after any empty phases, posted back as a godip client does) is the one the archive recorded.
A retreat phase is posted with the ``Dislodgers`` and ``Bounces`` returned for its movement phase.

Both sides are read here from the archive text on their own (no dipsat reader), so the test
checks the JSON of the service, not dipsat's reading of it.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="dipsat serve needs the 'serve' extra (pip install -e '.[serve]')")
from fastapi.testclient import TestClient  # noqa: E402

from dipsat.serve.app import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARCHIVES = ROOT.parent / "shared" / "archives" / "droidippy"
RULES = ""
GAMES = sorted(ARCHIVES.glob("game_*.txt"))

_LINE = re.compile(r"(\w+): (army|fleet|army/dislodged|fleet/dislodged|supply) (\S+)")


def _phases(text: str) -> list[dict[str, Any]]:
    """The archive's phases: season, year, type, units, dislodged units, centres, order lines."""
    out: list[dict[str, Any]] = []
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("PHASE "):
            _, year, season, kind = line.split()
            out.append({"Year": int(year), "Season": season, "Type": kind, "Units": {}, "Dislodgeds": {},
                        "SupplyCenters": {}, "orders": []})
        elif line in ("POSITIONS", "ORDERS"):
            section = line
        elif section == "POSITIONS":
            m = _LINE.fullmatch(line)
            assert m, line
            nation, what, where = m.groups()
            if what == "supply":
                out[-1]["SupplyCenters"][where] = nation
            else:
                kind, _, dislodged = what.partition("/")
                out[-1]["Dislodgeds" if dislodged else "Units"][where] = {"Type": kind.capitalize(), "Nation": nation}
        else:
            out[-1]["orders"].append(line)
    return out


def _godip_orders(phase: dict[str, Any]) -> dict[str, dict[str, list[str]]]:
    """The archive's order lines as godip's ``Orders`` (nation -> province -> words)."""
    board = phase["Dislodgeds"] if phase["Type"] == "Retreat" else phase["Units"]
    orders: dict[str, dict[str, list[str]]] = {}
    for line in phase["orders"]:
        w = line.split()
        if w[0] == "build":
            key, words = w[2], ["Build", w[1]]
            nation = phase["SupplyCenters"][key.split("/")[0]]
        elif w[0] == "remove":
            key, words = w[1], ["Disband"]
        elif w[1] == "hold":
            key, words = w[0], ["Hold"]
        elif w[1] == "disband":
            key, words = w[0], ["Disband"]
        elif w[1] == "move":
            key, words = w[0], ["MoveViaConvoy" if w[3:] == ["via", "convoy"] else "Move", w[2]]
        elif w[1] == "support":
            key, words = w[0], ["Support", w[2]] + ([w[4]] if len(w) > 3 else [])
        elif w[1] == "convoy":
            key, words = w[0], ["Convoy", w[2], w[4]]
        else:
            raise AssertionError(line)
        if w[0] != "build":
            unit = board.get(key) or next(u for p, u in board.items() if p.split("/")[0] == key.split("/")[0])
            nation = unit["Nation"]
        orders.setdefault(nation, {})[key] = words
    return orders


GODIP_WORDS = re.compile(r"OK|Err(Bounce|SupportBroken|ConvoyDislodged):[a-z]{3}(/[a-z]{2})?|Err(MissingConvoyPath|"
                         r"IllegalMove|IllegalRetreat|IllegalSupportPosition|IllegalSupportDestination|"
                         r"IllegalConvoyMove|IllegalBuild|MissingSurplus|IllegalDisband|MissingDeficit|ForcedDisband|"
                         r"InvalidSource|MissingUnit|InvalidDestination|InvalidTarget)")
"""The resolutions godip's judge gives (``godip.go``'s errors), each with its province where it has one."""


def _key(phase: dict[str, Any]) -> tuple[int, int, int]:
    return phase["Year"], ("Spring", "Fall").index(phase["Season"]), ("Movement", "Retreat", "Adjustment").index(phase["Type"])


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(":memory:"))


@pytest.mark.skipif(not GAMES, reason=f"no Droidippy archives in {ARCHIVES}")
@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_phase_of_the_archive_gives_godips_next_phase(client: TestClient, path: Path) -> None:
    """POST /Classical with each recorded phase: the next recorded phase comes back (units,
    dislodged units, centres), empty phases posted back in between as a client does."""
    phases = _phases(path.read_text(encoding="utf-8"))
    carried: dict[str, Any] = {"Dislodgers": {}, "Bounces": {}}
    differences = []
    for i, (now, nxt) in enumerate(zip(phases, phases[1:])):
        body = {"Season": now["Season"], "Year": now["Year"], "Type": now["Type"], "Units": now["Units"],
                "Orders": _godip_orders(now), "SupplyCenters": now["SupplyCenters"],
                "Dislodgeds": now["Dislodgeds"], "Dislodgers": carried["Dislodgers"] if now["Type"] == "Retreat" else {},
                "Bounces": carried["Bounces"] if now["Type"] == "Retreat" else {}, "Resolutions": {}}
        got = client.post("/Classical" + RULES, json=body)
        assert got.status_code == 200, got.text
        answer = got.json()
        carried = {"Dislodgers": answer["Dislodgers"], "Bounces": answer["Bounces"]}
        ordered = {p for by in body["Orders"].values() for p in by}
        assert ordered <= set(answer["Resolutions"]), (path.name, i, ordered - set(answer["Resolutions"]))
        words = [w for w in answer["Resolutions"].values() if not GODIP_WORDS.fullmatch(w)]
        assert words == [], (path.name, i, words)
        steps = 0
        while _key(answer) < _key(nxt):
            assert answer["Type"] != "Movement" and not answer["Dislodgeds"], (path.name, i, answer)
            answer = client.post("/Classical" + RULES, json=answer).json()
            steps += 1
            assert steps <= 2
        want = {k: nxt[k] for k in ("Season", "Year", "Type", "Units", "Dislodgeds", "SupplyCenters")}
        have = {k: answer[k] for k in want}
        if have != want:
            differences.append((now["Year"], now["Season"], now["Type"],
                                {k: (want[k], have[k]) for k in want if want[k] != have[k]}))
    assert differences == []
