"""Two games of one file with the same id: each keeps its rows, told apart as ``id#2``, ``id#3``..."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pyarrow.parquet as pq

from dipsat.replay import store
from dipsat.replay.readers import CHUNK_GAMES
from dipsat.replay.run import RunConfig, run_replay

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"


def _saved_games() -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / "mila_games.jsonl").read_text().splitlines()]


def _phase_rows(out: Path) -> list[dict]:
    return pq.read_table(out / "phases.parquet").to_pylist()


def _games(rows: list[dict]) -> dict[str, int]:
    """Game id -> phase rows."""
    found: dict[str, int] = {}
    for row in rows:
        found[row["game"]] = found.get(row["game"], 0) + 1
    return found


def _jsonl_with_duplicates(path: Path) -> dict:
    """Line 1 and line 2 (one task) and the last line (a later task) hold games with one id."""
    first, other = _saved_games()
    fillers = [{**other, "id": f"filler-{i}"} for i in range(CHUNK_GAMES + 2)]
    lines = [first, {**other, "id": first["id"]}, *fillers, first]
    path.write_text("".join(json.dumps(game) + "\n" for game in lines))
    return first


def test_jsonl_duplicates_keep_their_rows_under_distinct_ids(tmp_path: Path):
    source = tmp_path / "dup.jsonl"
    first = _jsonl_with_duplicates(source)
    name, phases = first["id"], len(first["phases"])
    summary = run_replay(RunConfig((str(source),), tmp_path / "out", workers=1))
    rows = _phase_rows(tmp_path / "out")
    games = _games(rows)
    assert summary["games"] == CHUNK_GAMES + 5
    assert games[name] == phases and games[f"{name}#3"] == phases  # line 1 and the last line: the same game
    assert games[f"{name}#2"] == len(_saved_games()[1]["phases"])
    notes = {r["game"]: r["note"] for r in rows if r["note"].startswith("duplicate game id")}
    assert set(notes) == {f"{name}#2", f"{name}#3"}
    assert "on line 2" in notes[f"{name}#2"] and "(line 1)" in notes[f"{name}#2"]
    assert f"on line {CHUNK_GAMES + 5}" in notes[f"{name}#3"] and "(line 1)" in notes[f"{name}#3"]
    orders = pq.read_table(tmp_path / "out" / "orders.parquet").to_pylist()
    assert {r["game"] for r in orders} >= {name, f"{name}#2", f"{name}#3"}


def test_jsonl_duplicates_same_bytes_on_rerun_resume_and_pool(tmp_path: Path):
    source = tmp_path / "dup.jsonl"
    _jsonl_with_duplicates(source)
    tables = ("phases.parquet", "orders.parquet")
    run_replay(RunConfig((str(source),), tmp_path / "a", workers=1))
    reference = [(tmp_path / "a" / t).read_bytes() for t in tables]
    again = run_replay(RunConfig((str(source),), tmp_path / "a", workers=1))  # everything resumed
    assert again["run"]["tasks_replayed"] == 0
    assert [(tmp_path / "a" / t).read_bytes() for t in tables] == reference
    log, = (tmp_path / "a" / "parts").glob(f"*{store.LOG}")
    os.truncate(log, store.log_records(log)[-2][3])  # one task left to do: its record cut off
    run_replay(RunConfig((str(source),), tmp_path / "a", workers=1))
    assert [(tmp_path / "a" / t).read_bytes() for t in tables] == reference
    run_replay(RunConfig((str(source),), tmp_path / "b", workers=2))
    assert [(tmp_path / "b" / t).read_bytes() for t in tables] == reference


def test_json_list_duplicates_keep_their_rows(tmp_path: Path):
    first, other = _saved_games()
    source = tmp_path / "games.json"
    source.write_text(json.dumps([first, {**other, "id": first["id"]}]))
    summary = run_replay(RunConfig((str(source),), tmp_path / "out", workers=1))
    games = _games(_phase_rows(tmp_path / "out"))
    assert summary["games"] == 2
    assert games == {first["id"]: len(first["phases"]), f"{first['id']}#2": len(other["phases"])}


def test_an_id_like_a_renamed_one_is_renamed_in_turn(tmp_path: Path):
    """A game really called ``x#2`` and a renamed ``x`` never merge either."""
    first, other = _saved_games()
    source = tmp_path / "games.jsonl"
    games = [first, {**other, "id": first["id"] + "#2"}, {**other, "id": first["id"]}]
    source.write_text("".join(json.dumps(game) + "\n" for game in games))
    summary = run_replay(RunConfig((str(source),), tmp_path / "out", workers=1))
    assert summary["games"] == 3
    assert set(_games(_phase_rows(tmp_path / "out"))) == {first["id"], first["id"] + "#2", first["id"] + "#3"}


def test_same_game_id_in_two_files_is_told_apart_by_file(tmp_path: Path):
    first, _ = _saved_games()
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / "in" / name).parent.mkdir(exist_ok=True)
        (tmp_path / "in" / name).write_text(json.dumps(first) + "\n")
    summary = run_replay(RunConfig((str(tmp_path / "in"),), tmp_path / "out", workers=1))
    assert summary["games"] == 2
    assert {(r["file"].rsplit("/", 1)[-1], r["game"]) for r in _phase_rows(tmp_path / "out")} == {
        ("a.jsonl", first["id"]), ("b.jsonl", first["id"])}
