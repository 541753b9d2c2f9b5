"""Replay runs: tables, determinism, resuming, process pool, Dask, and the archives' own judges."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from dipsat.replay import store
from dipsat.replay.run import RunConfig, run_replay

FIXTURES = Path(__file__).resolve().parent / "replay_fixtures"
DATC_6A = Path(__file__).resolve().parents[1] / "datacases" / "datc_6A_basic.txt"

MILA_KNOWN: dict[tuple[str, str], str] = {
    ("dipsat-fixture-1901", "F1902M"): "A DEN - KIE VIA with no convoy ordered: the package moves it over land "
                                       "(DATC 6.G.8 read the other way; rule option of the package's judge)",
    ("dipsat-fixture-11", "S1902M"): "A NAP - APU VIA with no convoy path: moved over land (as above, DATC 6.G.8)",
    ("dipsat-fixture-1901", "W1902A"): "civil disorder: the package removes by distance to the home centres, "
                                       "fleets first on a tie (DATC 4.D.8 pre-2023), not the 2023 rule",
}
"""Every phase of the package's fixture games where ``--rules mila`` differs, and why."""


def _tables(out: Path) -> tuple[bytes, bytes]:
    return (out / "phases.parquet").read_bytes(), (out / "orders.parquet").read_bytes()


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the Droidippy fixture (twice, as two games) and the package's JSON-lines games."""
    folder = tmp_path_factory.mktemp("archive")
    shutil.copy(FIXTURES / "droidippy_game.txt", folder / "game_1.txt")
    shutil.copy(FIXTURES / "droidippy_game.txt", folder / "game_2.txt")
    shutil.copy(FIXTURES / "mila_games.jsonl", folder / "games.jsonl")
    return folder


@pytest.fixture(scope="module")
def reference(archive: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An uninterrupted run of ``archive`` in this process."""
    out = tmp_path_factory.mktemp("reference")
    run_replay(RunConfig((str(archive),), out, workers=1))
    return out


def test_droidippy_fixture_agrees_under_its_judge(reference: Path):
    """Every phase of the Droidippy games agrees under the droidippy preset; tables hold one row per phase."""
    phases = pq.read_table(reference / "phases.parquet").to_pylist()
    droid = [r for r in phases if r["game"].startswith("game_")]
    assert len(droid) == 32
    assert {r["status"] for r in droid[:-1] if r["index"] != 15} == {"agree"}
    assert {r["rules"] for r in droid} == {"droidippy"}
    orders = pq.read_table(reference / "orders.parquet")
    assert orders.num_rows > 300 and set(orders.column("result").to_pylist()) >= {"succeeds", "fails", "given"}


def test_rerun_resumes_and_writes_the_same_bytes(archive: Path, reference: Path, tmp_path: Path):
    """A second run with the same --out replays nothing and writes byte-identical tables."""
    out = tmp_path / "out"
    first = run_replay(RunConfig((str(archive),), out, workers=1))
    again = run_replay(RunConfig((str(archive),), out, workers=1))
    assert first["run"]["tasks_replayed"] == 3 and again["run"]["tasks_replayed"] == 0  # JSON lines: one task
    assert again["run"]["tasks_resumed"] == 3
    assert _tables(out) == _tables(reference)
    assert {k: first[k] for k in ("games", "phases", "phases_agree")} == {k: again[k] for k in ("games", "phases", "phases_agree")}


def test_unfinished_games_are_completed(archive: Path, reference: Path, tmp_path: Path):
    """A run that stopped after some games (their parts kept) is completed by the rerun, without duplicates."""
    out = tmp_path / "out"
    run_replay(RunConfig((str(archive),), out, workers=1))
    log, = (out / "parts").glob(f"*{store.LOG}")
    records = store.log_records(log)
    os.truncate(log, records[0][3])  # as if killed after the first task: its record whole, the others not written
    (out / "phases.parquet").unlink()
    summary = run_replay(RunConfig((str(archive),), out, workers=1))
    assert summary["run"]["tasks_replayed"] == 2 and summary["run"]["tasks_resumed"] == 1
    assert _tables(out) == _tables(reference)


def test_process_pool_writes_the_same_tables(archive: Path, reference: Path, tmp_path: Path):
    """Two local worker processes give byte-identical tables."""
    summary = run_replay(RunConfig((str(archive),), tmp_path, workers=2))
    assert summary["run"]["executor"] == "2 local process(es)"
    assert _tables(tmp_path) == _tables(reference)


def test_dask_local_cluster_writes_the_same_tables(archive: Path, reference: Path, tmp_path: Path,
                                                  dask_cluster):
    """The same run on a two-worker Dask LocalCluster on loopback gives byte-identical tables."""
    summary = run_replay(RunConfig((str(archive),), tmp_path, dask=dask_cluster.scheduler_address))
    assert summary["run"]["executor"].startswith("dask tcp://127.0.0.1")
    assert _tables(tmp_path) == _tables(reference)


def test_dask_batches_of_several_games_write_the_same_tables(archive: Path, reference: Path, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch, dask_cluster):
    """Games sent to the cluster two to a batch (one submission) give byte-identical tables."""
    from dipsat.replay import executors

    monkeypatch.setattr(executors, "batch_size", lambda games, threads: 2)
    summary = run_replay(RunConfig((str(archive),), tmp_path, dask=dask_cluster.scheduler_address))
    assert summary["run"]["tasks_replayed"] == 3 and summary["run"]["tasks_lost"] == 0
    assert _tables(tmp_path) == _tables(reference)


def test_dask_batch_that_fails_costs_only_the_task_that_fails(archive: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch, dask_cluster):
    """A batch the cluster cannot run is sent again task by task: only the task that fails is lost."""
    from dipsat.replay import executors, work

    real = work.replay_task_columns  # what a Dask worker runs for each task of a batch

    def fails_on_game_2(task, rules_text):
        if task.file.endswith("game_2.txt"):
            raise RuntimeError("this task kills its worker")
        return real(task, rules_text)

    monkeypatch.setattr(executors, "batch_size", lambda games, threads: 3)
    monkeypatch.setattr(work, "replay_task_columns", fails_on_game_2)
    summary = run_replay(RunConfig((str(archive),), tmp_path, dask=dask_cluster.scheduler_address))
    assert summary["run"]["tasks_replayed"] == 2 and summary["run"]["tasks_lost"] == 1
    lost = [e for e in summary["error_list"] if "could not run it" in e["error"]]
    assert [Path(e["file"]).name for e in lost] == ["game_2.txt"]


def test_mila_games_agree_but_for_documented_judge_options(tmp_path: Path):
    """The package's own games replay under --rules mila; each difference is a documented option of its judge."""
    summary = run_replay(RunConfig((str(FIXTURES / "mila_game.json"), str(FIXTURES / "mila_games.jsonl")),
                                   tmp_path, rules_text="mila", workers=1))
    assert summary["games"] == 3 and summary["errors"] == 0
    differ = {(d["game"], d["phase"]) for d in summary["differences"]}
    assert differ <= MILA_KNOWN.keys(), differ - MILA_KNOWN.keys()
    assert summary["phases_agree"] + summary["phases_differ"] == summary["phases"] - summary["phases_unchecked"]


def test_case_files_replay_like_dipsat_adjudicate(tmp_path: Path):
    """A DATC case file replays case by case, chaining steps, and agrees with its expectations."""
    summary = run_replay(RunConfig((str(DATC_6A),), tmp_path, workers=1))
    assert summary["games"] == summary["phases"] > 10
    assert summary["phases_agree"] == summary["phases"] and summary["errors"] == 0


def test_unreadable_files_are_error_rows(tmp_path: Path):
    """A file that is not JSON, or not a game, is one error row with its file; the run goes on."""
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "broken.json").write_text("{not json")
    (folder / "cases.txt").write_text("CASE x\nnonsense\n")
    shutil.copy(FIXTURES / "droidippy_game.txt", folder / "game_1.txt")
    summary = run_replay(RunConfig((str(folder),), tmp_path / "out", workers=1))
    assert summary["errors"] == 2 and summary["phases_agree"] == 15
    errors = {Path(e["file"]).name: e["error"] for e in summary["error_list"]}
    assert errors["broken.json"].startswith("not JSON") and "cases.txt" in errors


@pytest.mark.parametrize("kept", [True, False], ids=["read-once", "read-twice"])
def test_a_small_run_reads_each_file_once_and_a_large_one_twice(archive: Path, reference: Path, tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch, kept: bool):
    """A run whose texts fit in ``KEPT_TEXT`` replays the texts its first pass read (each file read
    once); a larger one lists the files again; the tables are the same either way."""
    from dipsat.replay import readers, run

    reads: list[str] = []
    real = readers.read_input

    def counted(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(Path(path).name)
        return real(path, *args, **kwargs)

    monkeypatch.setattr(readers, "read_input", counted)
    if not kept:
        monkeypatch.setattr(run, "KEPT_TEXT", 10)
    run_replay(RunConfig((str(archive),), tmp_path, workers=1))
    assert sorted(reads) == (["game_1.txt", "game_2.txt"] if kept else ["game_1.txt"] * 2 + ["game_2.txt"] * 2)
    assert _tables(tmp_path) == _tables(reference)
