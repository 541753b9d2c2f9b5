"""Games through the API: every variant's game record in ``datacases/games`` played through the
API (each power ordering with its own token, the game master adjudicating) gives the results
``dipsat play`` gives; the exported record replays byte for byte; no secret reaches the public
view; tokens see and change only what their holder may; two adjudications at once make one phase,
and orders given during an adjudication are in it or refused, never lost."""
from __future__ import annotations

import contextlib
import io
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="dipsat serve needs the 'serve' extra (pip install -e '.[serve]')")
from fastapi.testclient import TestClient  # noqa: E402

from dipsat.cli.main import main  # noqa: E402
from dipsat.serve import games  # noqa: E402
from dipsat.serve.app import create_app  # noqa: E402
from dipsat.serve.errors import Conflict  # noqa: E402
from dipsat.serve.store import Store  # noqa: E402
from dipsat.variants import find_variant  # noqa: E402
from dipsat.variants.framework.orders import resolve_power  # noqa: E402
from dipsat.variants.framework.record import load_record  # noqa: E402
from dipsat.variants.framework.replay import play_record  # noqa: E402
from dipsat.variants.framework.report import game_json  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted((ROOT / "datacases" / "games").glob("*.txt"))


def _bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def play_through_api(client: TestClient, path: Path, stop: int | None = None) -> tuple[dict[str, Any], Any]:
    """Create the record's game and play its phases through the API; the creation answer and the record."""
    rec = load_record(path)
    variant = find_variant(rec.variant)
    seed = None
    for ln in rec.phases[0].orders:
        if ln.power == "GM" and ln.text.upper().startswith("SEED "):
            seed = int(ln.text.split()[1])
    start = None
    if rec.units is not None:
        start = {"phase": str(rec.phases[0].phase), "units": [f"{u.power}: {u.text}" for u in rec.units],
                 "centres": [f"{c.power}: {c.text}" for c in rec.centres], "changes": [c.text for c in rec.changes]}
    made = client.post("/api/games", json={"variant": rec.variant, "rules": rec.rules, "title": rec.title,
                                           "seed": seed, "start": start})
    assert made.status_code == 200, made.text
    game = made.json()
    for i, rp in enumerate(rec.phases if stop is None else rec.phases[:stop + 1]):
        by_power: dict[str, list[str]] = {}
        for ln in rp.orders:
            if ln.power == "GM" and ln.text.upper().startswith("SEED "):
                continue
            by_power.setdefault(ln.power, []).append(ln.text)
        for power, lines in by_power.items():
            try:
                name = resolve_power(variant.map, power)
            except ValueError:
                name = None
            if name in game["tokens"]:
                got = client.put(f"/api/games/{game['id']}/orders", json={"phase": i, "orders": lines},
                                 headers=_bearer(game["tokens"][name]))
            else:
                got = client.put(f"/api/games/{game['id']}/orders", json={"phase": i, "orders": lines, "power": power},
                                 headers=_bearer(game["gm_token"]))
            assert got.status_code == 200, (i, power, got.text)
        if stop is None or i < stop:
            done = client.post(f"/api/games/{game['id']}/adjudicate", json={"phase": i}, headers=_bearer(game["gm_token"]))
            assert done.status_code == 200, (i, done.text)
    return game, rec


def _essence(phases: list[dict[str, Any]]) -> list[Any]:
    """What a phase did: its orders' results (in any order), the added orders, the board after."""
    return [(p["phase"], sorted((o["power"], o["order"], o["result"], o["reason"]) for o in p["orders"]),
             p["added"], p["after"], p.get("state")) for p in phases]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("db") / "games.sqlite"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_played_through_the_api_gives_dipsat_plays_results(client: TestClient, path: Path) -> None:
    """Every order's result and reason, every added order and every board, as ``dipsat play``."""
    game, rec = play_through_api(client, path)
    ours = client.get(f"/api/games/{game['id']}", headers=_bearer(game["gm_token"])).json()
    want = game_json(play_record(rec), gm=True)
    assert len(ours["phases"]) == len(rec.phases)
    assert _essence(ours["phases"]) == _essence(want["phases"])
    public = client.get(f"/api/games/{game['id']}").json()
    assert _essence(public["phases"]) == _essence(game_json(play_record(rec), gm=False)["phases"])


def test_every_variant_has_a_record_played_through_the_api() -> None:
    names = {find_variant(load_record(p).variant).name for p in RECORDS}
    assert {"telepath", "vain_star", "sorcerous", "gathering", "hitchhiker"} <= names


def test_exported_record_replays_byte_for_byte(client: TestClient, tmp_path: Path) -> None:
    """``dipsat play`` of the export prints, twice, the report the service shows."""
    game, _ = play_through_api(client, ROOT / "datacases" / "games" / "telepath_1901_1903.txt")
    text = client.get(f"/api/games/{game['id']}/record.txt", headers=_bearer(game["gm_token"])).text
    path = tmp_path / "export.txt"
    path.write_text(text, encoding="utf-8")
    outputs = []
    for _ in range(2):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            assert main(["play", str(path)]) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] == client.get(f"/api/games/{game['id']}/report.txt").text


def _public_texts(client: TestClient, game: dict[str, Any]) -> str:
    gid = game["id"]
    view = client.get(f"/api/games/{gid}")
    texts = [view.text, client.get(f"/api/games/{gid}/report.txt").text]
    for n in range(view.json()["phase_index"] + 1):
        texts.append(client.get(f"/api/games/{gid}/phases/{n}/board.svg").text)
    texts.append(client.get(f"/api/games/{gid}/record.txt").text)  # refused: its error only
    return "\n".join(texts)


@pytest.mark.parametrize("name", ["vain_star_1901_1903.txt", "hitchhiker_1900_1902.txt"])
def test_public_view_leaks_no_secret(client: TestClient, name: str) -> None:
    """Every public response of a game whose last phase has orders waiting is the same, byte for
    byte, as that of the same game with none waiting (but for which powers have ordered); no token,
    no seed, and no power behind a secret order is in any of them."""
    path = ROOT / "datacases" / "games" / name
    rec = load_record(path)
    last = len(rec.phases) - 1
    waiting, _ = play_through_api(client, path, stop=last)  # last phase ordered, not adjudicated
    empty, _ = play_through_api(client, path, stop=last - 1)  # the same game, the last phase not ordered
    client.post(f"/api/games/{empty['id']}/adjudicate", json={"phase": last - 1}, headers=_bearer(empty["gm_token"]))
    gm_view = client.get(f"/api/games/{waiting['id']}", headers=_bearer(waiting["gm_token"])).json()
    assert gm_view["pending"], "the last phase has orders waiting"
    public = _public_texts(client, waiting)
    other = _public_texts(client, empty).replace(empty["id"], waiting["id"])
    ordered = re.compile(r'"ordered":(true|false)')
    assert ordered.sub("", public) == ordered.sub("", other)
    secrets = [waiting["gm_token"], *waiting["tokens"].values()]
    if gm_view["seed"] is not None:
        secrets += [f"SEED {gm_view['seed']}", '"seed"']
    report = play_record(rec)
    for pr in report.phases[:-1]:
        for r in pr.resolution.results:
            if getattr(r.order, "secret", False):
                secrets.append(f'"power":"{r.order.power}","order":"{report.variant.format_order(r.order, "long")}"')
    assert [s for s in secrets if s in public] == []
    assert name.startswith("hitchhiker") or any('"power":"' in s for s in secrets)


def test_tokens_see_and_change_only_their_own(client: TestClient) -> None:
    game = client.post("/api/games", json={"variant": "standard"}).json()
    gid, fr, de = game["id"], game["tokens"]["France"], game["tokens"]["Germany"]
    assert client.put(f"/api/games/{gid}/orders", json={"phase": 0, "orders": ["A Paris - Burgundy"]},
                      headers=_bearer(fr)).status_code == 200
    germany = client.get(f"/api/games/{gid}", headers=_bearer(de)).json()
    assert germany["role"] == "power" and germany["my_orders"] == [] and "Burgundy" not in str(germany)
    assert client.get(f"/api/games/{gid}", headers=_bearer(fr)).json()["my_orders"] == ["A Paris - Burgundy"]
    assert client.put(f"/api/games/{gid}/orders", json={"phase": 0, "orders": ["A Berlin - Kiel"], "power": "France"},
                      headers=_bearer(de)).status_code == 403
    assert client.put(f"/api/games/{gid}/orders", json={"phase": 0, "orders": []}).status_code == 403
    assert client.get(f"/api/games/{gid}", headers=_bearer("not-a-token")).status_code == 403
    assert client.post(f"/api/games/{gid}/adjudicate", json={"phase": 0}, headers=_bearer(fr)).status_code == 403
    assert client.get(f"/api/games/{gid}/record.txt", headers=_bearer(fr)).status_code == 403
    assert client.get(f"/api/games/{gid}?token={game['gm_token']}").json()["role"] == "gm"
    assert client.get("/api/games/nosuchgame").status_code == 404
    bad = client.put(f"/api/games/{gid}/orders", json={"phase": 0, "orders": ["A Pari - Burgundy"]}, headers=_bearer(fr))
    assert bad.status_code == 400 and bad.json()["error"]["message"].startswith("cannot read order 'A Pari - Burgundy'")
    assert client.post("/api/games", json={"variant": "nowhere"}).status_code == 404
    assert client.post("/api/games", json={"rules": "nonsense"}).status_code == 400
    late = client.put(f"/api/games/{gid}/orders", json={"phase": 3, "orders": []}, headers=_bearer(fr))
    assert late.status_code == 409


def test_when_ready_and_deadline_adjudicate_without_the_game_master(client: TestClient) -> None:
    game = client.post("/api/games", json={"variant": "standard", "when_ready": True}).json()
    for n, (power, token) in enumerate(game["tokens"].items()):
        assert client.get(f"/api/games/{game['id']}").json()["phase_index"] == 0, power
        client.put(f"/api/games/{game['id']}/orders", json={"phase": 0, "orders": []}, headers=_bearer(token))
    assert client.get(f"/api/games/{game['id']}").json()["phase"] == "Fall 1901 Movement"
    timed = client.post("/api/games", json={"variant": "standard", "phase_hours": 1e-6}).json()
    time.sleep(0.05)
    assert client.get(f"/api/games/{timed['id']}").json()["phase_index"] >= 1


def test_two_adjudications_at_once_make_one_phase_and_no_order_is_lost(tmp_path: Path) -> None:
    """Two stores on one file (two processes, as far as SQLite knows), racing."""
    path = tmp_path / "race.sqlite"
    first, second = Store(path), Store(path)
    for _ in range(4):
        made = games.create_game(first, games.CreateJSON(variant="standard"))
        gid, gm = made["id"], made["gm_token"]
        outcomes: list[str] = []
        order_outcome: list[str] = []
        gate = threading.Barrier(3)

        def judge(store: Store) -> None:
            gate.wait()
            try:
                games.adjudicate(store, gid, gm, 0)
                outcomes.append("adjudicated")
            except Conflict:
                outcomes.append("refused")

        def order() -> None:
            gate.wait()
            try:
                games.submit(second, gid, made["tokens"]["France"], games.OrdersJSON(phase=0, orders=["A Paris - Picardy"]))
                order_outcome.append("recorded")
            except Conflict:
                order_outcome.append("refused")

        threads = [threading.Thread(target=judge, args=(s,)) for s in (first, second)] + [threading.Thread(target=order)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["adjudicated", "refused"]
        view = games.view(first, gid, gm)
        assert view["phase_index"] == 1 and len(view["phases"]) == 1
        picardy = [o for o in view["phases"][0]["orders"] if o["order"] == "A Paris - Picardy"]
        assert (order_outcome == ["recorded"]) == bool(picardy)
        if picardy:
            assert picardy[0]["result"] == "succeeds"


def test_games_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "kept.sqlite"
    one = TestClient(create_app(path))
    game = one.post("/api/games", json={"variant": "telepath"}).json()
    one.put(f"/api/games/{game['id']}/orders", json={"phase": 0, "orders": ["A Paris - Burgundy"]},
            headers=_bearer(game["tokens"]["France"]))
    one.post(f"/api/games/{game['id']}/adjudicate", json={"phase": 0}, headers=_bearer(game["gm_token"]))
    games._CACHE.clear()
    two = TestClient(create_app(path))
    again = two.get(f"/api/games/{game['id']}").json()
    assert again["phase"] == "Fall 1901 Movement" and again["board"]["units"]["France"][0] == "A bur"
    import sqlite3
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == 1
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_phase_played_opens_as_a_case_with_the_same_results(client: TestClient) -> None:
    """``case.txt`` (the sandbox's "open in the sandbox") adjudicates as the game did."""
    game, _ = play_through_api(client, ROOT / "datacases" / "games" / "telepath_1901_1903.txt", stop=3)
    view = client.get(f"/api/games/{game['id']}").json()
    for n in range(3):
        text = client.get(f"/api/games/{game['id']}/phases/{n}/case.txt").text
        got = client.post("/api/adjudicate", json={"case": text, "pictures": False}).json()["case"]
        assert [(o["order"], o["actual"], o["reason"]) for o in got["orders"]] == \
            [(o["order"], o["result"], o["reason"]) for o in view["phases"][n]["orders"]]
    assert client.get(f"/api/games/{game['id']}/phases/3/case.txt").status_code == 404


def test_a_database_of_a_newer_dipsat_is_refused_at_start(tmp_path: Path) -> None:
    import sqlite3
    newer = tmp_path / "newer.sqlite"
    con = sqlite3.connect(newer)
    con.execute("PRAGMA user_version = 99")
    con.close()
    (tmp_path / "junk.sqlite").write_bytes(b"not a database at all" * 100)
    for path, words in ((newer, "schema version 99 is newer"), (tmp_path / "junk.sqlite", "not a database")):
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            assert main(["serve", "--db", str(path), "--port", "8765"]) == 2
        assert words in err.getvalue() and str(path) in err.getvalue()
    assert not (tmp_path / "fresh.sqlite").exists()
    Store(tmp_path / "fresh.sqlite").check()  # a missing file is created on first use, not before
    assert not (tmp_path / "fresh.sqlite").exists()


def test_a_game_that_draws_at_random_gets_a_seed_of_its_own(client: TestClient) -> None:
    made = client.post("/api/games", json={"variant": "hitchhiker"}).json()
    view = client.get(f"/api/games/{made['id']}", headers=_bearer(made["gm_token"])).json()
    assert isinstance(view["seed"], int)
    assert client.post(f"/api/games/{made['id']}/adjudicate", json={"phase": 0},
                       headers=_bearer(made["gm_token"])).status_code == 200
    record = client.get(f"/api/games/{made['id']}/record.txt", headers=_bearer(made["gm_token"])).text
    assert f"GM: SEED {view['seed']}" in record.splitlines()
    plain = client.post("/api/games", json={"variant": "standard"}).json()
    assert client.get(f"/api/games/{plain['id']}", headers=_bearer(plain["gm_token"])).json()["seed"] is None


def test_game_master_sets_a_deadline_later(client: TestClient) -> None:
    game = client.post("/api/games", json={"variant": "standard"}).json()
    gid, gm = game["id"], _bearer(game["gm_token"])
    assert client.patch(f"/api/games/{gid}", json={"deadline": "2030-01-01T00:00:00+00:00"},
                        headers=_bearer(game["tokens"]["France"])).status_code == 403
    assert client.patch(f"/api/games/{gid}", json={"deadline": "2030-01-01T00:00:00"}, headers=gm).status_code == 400
    later = client.patch(f"/api/games/{gid}", json={"deadline": "2030-01-01T00:00:00+00:00"}, headers=gm).json()
    assert later["deadline"].startswith("2030-01-01T00:00:00") and later["phase_index"] == 0
    passed = client.patch(f"/api/games/{gid}", json={"deadline": "2020-01-01T00:00:00+00:00"}, headers=gm).json()
    assert passed["phase_index"] == 1 and passed["deadline"] is None  # read after the deadline: adjudicated
    assert client.patch(f"/api/games/{gid}", json={"when_ready": True}, headers=gm).json()["when_ready"] is True
