"""Every output users see, recorded once and checked later (issue 25: typed reasons change no word).

    python -m benchmarks.golden record DIR     # run every command below, keep its outputs in DIR
    python -m benchmarks.golden check DIR      # run them again, compare with DIR; exit 1 on a difference

The outputs: ``dipsat datc`` (text and ``--json``), ``dipsat adjudicate FILE`` for every file of
``datacases/`` (text and ``--json``), ``dipsat play GAME`` for every game record (text, ``--json``
and both again with ``--gm``), the maps of two games (``--maps``) and two HTML reports, the
Parquet tables of ``dipsat replay`` of the droidippy archive (cell by cell), and the results of
random games (``benchmarks/randgames.py``, seed 7): each order's words and reason, phase by phase.
To record the outputs of another commit, run ``record`` with that commit's tree first on the
``PYTHONPATH`` (a folder ``dipsat/`` whose ``model``, ``solver``... link to its checkout). Text is compared byte for byte; a JSON document is compared
as it is, or, when the recording predates the ``why`` objects, after they are taken out of the new one, a table after its ``why`` column is taken
out: those are the only additions the check allows. Record on the commit before a change, check
after it; the recorded outputs are not part of the repository (they are outputs, not fixtures).
"""
from __future__ import annotations

import argparse
import os
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
ARCHIVE = ROOT.parent / "shared" / "archives" / "droidippy"
NEW_FIELD = "why"


_ENV = {**os.environ, "PYTHONHASHSEED": "0"}
"""The hash seed is fixed: before render/layout.py started each cycle's ring at the same decision,
a decision graph's picture followed the order of a set (record a commit before that fix with it
applied, or leave out the reports)."""


def _dipsat() -> list[str]:
    return [sys.executable, "-c", "import sys; from dipsat.cli.main import program; sys.argv[0] = 'dipsat'; program()"]


def _commands() -> list[tuple[str, list[str]]]:
    """(name of the output, the command's arguments), in a fixed order."""
    out: list[tuple[str, list[str]]] = [("datc.txt", ["datc"]), ("datc.json", ["datc", "--json"])]
    for f in sorted((ROOT / "datacases").glob("*.txt")):
        rel = str(f.relative_to(ROOT))
        out += [(f"adjudicate/{f.stem}.txt", ["adjudicate", rel]),
                (f"adjudicate/{f.stem}.json", ["adjudicate", rel, "--json"])]
    for f in sorted((ROOT / "datacases" / "games").glob("*.txt")):
        rel = str(f.relative_to(ROOT))
        out += [(f"play/{f.stem}.txt", ["play", rel]), (f"play/{f.stem}.json", ["play", rel, "--json"]),
                (f"play/{f.stem}.gm.txt", ["play", rel, "--gm"]),
                (f"play/{f.stem}.gm.json", ["play", rel, "--gm", "--json"])]
    return out


def _run(args: list[str]) -> bytes:
    done = subprocess.run(_dipsat() + args, cwd=ROOT, capture_output=True, timeout=900, env=_ENV)
    return f"exit {done.returncode}\n".encode() + done.stdout + b"\n--- stderr ---\n" + done.stderr


def _random_games() -> bytes:
    """Each result of three random games of the standard map to 1906, one line per order."""
    from benchmarks.randgames import dipsat_possible_orders, choose_orders
    from benchmarks.phases import phase_name
    from dipsat.model.notation import parse_order
    from dipsat.solver import Rules
    from dipsat.variants import find_variant
    import random

    variant, lines = find_variant("standard"), []
    gmap = variant.map
    for gi in range(3):
        rng, position = random.Random(7_000_003 + gi), variant.start()
        while position.phase.year <= 1906:
            possible, orderable, counts = dipsat_possible_orders(position, gmap)
            name = phase_name(position.phase)
            orders = choose_orders(possible, orderable, name[-1], rng, counts)
            parsed = [parse_order(t, gmap, gmap.resolve_power(p), position, position.phase.kind)
                      for p, texts in orders.items() for t in texts]
            res = variant.adjudicate(position, parsed, Rules())
            lines += [f"{gi} {name} {r.order} [{r.words}] {r.reason}" for r in (*res.results, *res.generated)]
            position = res.after
    return ("\n".join(lines) + "\n").encode()


def _replay_tables(into: Path) -> None:
    out = Path(tempfile.mkdtemp(prefix="golden-replay-"))
    try:
        done = subprocess.run(_dipsat() + ["replay", str(ARCHIVE), "--out", str(out), "--workers", "1"],
                              cwd=ROOT, capture_output=True, timeout=1800, env=_ENV)
        into.mkdir(parents=True, exist_ok=True)
        (into / "replay.exit").write_text(f"{done.returncode}\n")
        for name in ("phases.parquet", "orders.parquet"):
            shutil.copyfile(out / name, into / name)
    finally:
        shutil.rmtree(out, ignore_errors=True)


def _folder_commands() -> list[tuple[str, list[str]]]:
    """(name of the output folder, the command's arguments without its output folder): the
    pictures and pages that show reasons (each order's title on a map, the report's tables)."""
    return [("maps/vain_star", ["play", "datacases/games/vain_star_1901_1903.txt", "--gm", "--maps"]),
            ("maps/hitchhiker", ["play", "datacases/games/hitchhiker_1900_1903.txt", "--gm", "--maps"]),
            ("report/convoys", ["report", "datacases/datc_6F_convoys.txt", "--out"]),
            ("report/sorcerous", ["report", "datacases/games/sorcerous_1901_1903.txt", "--out"])]


def _folder_outputs(into: Path, only: str | None) -> None:
    for name, args in _folder_commands():
        if only and only not in name:
            continue
        out = Path(tempfile.mkdtemp(prefix="golden-folder-"))
        try:
            done = subprocess.run(_dipsat() + args + [str(out / "o")], cwd=ROOT, capture_output=True, timeout=900, env=_ENV)
            target = into / name
            target.mkdir(parents=True, exist_ok=True)
            (target / "exit.txt").write_text(f"{done.returncode}\n")
            for f in sorted((out / "o").rglob("*")) if (out / "o").exists() else ():
                if f.is_file():
                    dest = target / f.relative_to(out / "o")
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(f, dest)
        finally:
            shutil.rmtree(out, ignore_errors=True)
        print(f"  {name}/", flush=True)


def _outputs(into: Path, only: str | None) -> None:
    """Write every output into ``into``."""
    _folder_outputs(into, only)
    for name, args in _commands():
        if only and only not in name:
            continue
        path = into / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_run(args))
        print(f"  {name}", flush=True)
    if not only or only in "random":
        (into / "random.txt").write_bytes(_random_games())
        print("  random.txt", flush=True)
    if not only or only in "replay":
        _replay_tables(into / "replay")
        print("  replay/", flush=True)


def _without_why(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _without_why(v) for k, v in value.items() if k != NEW_FIELD}
    if isinstance(value, list):
        return [_without_why(v) for v in value]
    return value


def _json_equal(old: bytes, new: bytes) -> str | None:
    head_old, _, rest_old = old.partition(b"\n")
    head_new, _, rest_new = new.partition(b"\n")
    body_old, _, err_old = rest_old.partition(b"\n--- stderr ---\n")
    body_new, _, err_new = rest_new.partition(b"\n--- stderr ---\n")
    if head_old != head_new or err_old != err_new:
        return f"{head_old!r} -> {head_new!r} / stderr {err_old[:200]!r} -> {err_new[:200]!r}"
    try:
        a, b = json.loads(body_old), json.loads(body_new)
    except json.JSONDecodeError:
        return None if body_old == body_new else "not JSON and not equal"
    if a == b:
        return None
    b = _without_why(b)  # a recording made before the why objects existed
    if a == b:
        return None
    return _first_difference(a, b, "$")


def _first_difference(a: Any, b: Any, where: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if a.get(k, "<missing>") != b.get(k, "<missing>"):
                return _first_difference(a.get(k, "<missing>"), b.get(k, "<missing>"), f"{where}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}: {str(a)[:300]!r} -> {str(b)[:300]!r}"


def _bytes_equal(old: bytes, new: bytes) -> str | None:
    if old == new:
        return None
    for i, (x, y) in enumerate(zip(old.splitlines(), new.splitlines())):
        if x != y:
            return f"line {i + 1}: {x[:300]!r} -> {y[:300]!r}"
    return f"lengths {len(old)} -> {len(new)}"


def _from_shared(paths: list[Any]) -> list[Any]:
    """Each path from its ``shared/`` folder on (``/work/shared/a/b`` -> ``shared/a/b``), so that
    tables recorded in one checkout and checked in another compare equal."""
    return [p[p.rfind("/shared/") + 1:] if isinstance(p, str) and "/shared/" in p else p for p in paths]


def _tables_equal(old: Path, new: Path) -> str | None:
    import pyarrow.parquet as pq
    a, b = pq.read_table(old), pq.read_table(new)
    if NEW_FIELD in b.column_names:
        b = b.drop_columns([NEW_FIELD])
    if a.schema != b.schema:
        return f"schema {a.schema} -> {b.schema}"
    if a.num_rows != b.num_rows:
        return f"rows {a.num_rows} -> {b.num_rows}"
    for name in a.column_names:
        x, y = a.column(name).to_pylist(), b.column(name).to_pylist()
        if name == "file":  # the archive's resolved path names the checkout: compare from shared/ on
            x, y = _from_shared(x), _from_shared(y)
        for i, (p, q) in enumerate(zip(x, y)):
            if p != q and not (p != p and q != q):  # NaN equals NaN here
                return f"{name} row {i}: {p!r} -> {q!r}"
    return None


def check(recorded: Path, only: str | None) -> int:
    """Run every output again and compare; the number of differences."""
    fresh = Path(tempfile.mkdtemp(prefix="golden-"))
    try:
        _outputs(fresh, only)
        failures = 0
        for old in sorted(p for p in recorded.rglob("*") if p.is_file()):
            rel = old.relative_to(recorded)
            new = fresh / rel
            if not new.exists():
                if not only or only in str(rel):
                    failures += 1
                    print(f"DIFFERS {rel}: missing now")
                continue
            compare: Callable[..., str | None]
            if old.suffix == ".parquet":
                problem = _tables_equal(old, new)
            elif old.suffix == ".json":
                problem = _json_equal(old.read_bytes(), new.read_bytes())
            else:
                problem = _bytes_equal(old.read_bytes(), new.read_bytes())
            if problem:
                failures += 1
                print(f"DIFFERS {rel}: {problem}")
        print(f"{failures} output(s) differ" if failures else "every output is as recorded")
        return failures
    finally:
        shutil.rmtree(fresh, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """The command line: ``record DIR`` or ``check DIR`` (``--only TEXT``: outputs whose name holds it)."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.golden", description=__doc__.splitlines()[0])
    p.add_argument("action", choices=["record", "check"])
    p.add_argument("dir", type=Path)
    p.add_argument("--only", help="only the outputs whose name holds this text (e.g. play, maps, random, replay)")
    args = p.parse_args(argv)
    if args.action == "record":
        args.dir.mkdir(parents=True, exist_ok=True)
        _outputs(args.dir, args.only)
        return 0
    return 1 if check(args.dir, args.only) else 0


if __name__ == "__main__":
    sys.exit(main())
