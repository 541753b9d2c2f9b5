"""Pictures: every variant's board shows every province and unit; orders, failures, changes of
the board and paradox cycles are drawn; the decision graph of a cycle is a ring within 3:1;
the HTML report writes its pages; bad input is one line, exit 2."""
from __future__ import annotations

import json
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.cli.runner import run_case
from dipsat.model.board import CloseEdge, FreezeSea, Lasting, RemoveCentre
from dipsat.model.cases import load_cases
from dipsat.render.geometry import GeometryError, load_geometry
from dipsat.render.graph import decision_graph_svg
from dipsat.render.layout import BOX_H, BOX_W
from dipsat.render.pictures import cycle_orders, position_svg
from dipsat.variants import VARIANTS, find_variant

ROOT = Path(__file__).resolve().parents[1]
DATACASES = ROOT / "datacases"


def _case(file: str, case_id: str):
    return next(c for c in load_cases(DATACASES / file) if c.id == case_id)


def _size(svg: str) -> tuple[float, float]:
    w, h = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups()  # type: ignore[union-attr]
    return float(w), float(h)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_province_is_a_labelled_region(name: str) -> None:
    """Each variant's board picture has a region and a label for every province of its map."""
    variant = find_variant(name)
    svg = position_svg(variant, variant.start())
    for pid in variant.map.provinces:
        assert f'id="province-{pid}"' in svg, pid
        assert f">{pid.upper()}</text>" in svg, pid


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_unit_of_the_start_is_drawn(name: str) -> None:
    """Every unit of the starting position appears as a unit symbol."""
    variant = find_variant(name)
    start = variant.start()
    svg = position_svg(variant, start)
    pieces = list(start.units.values()) + [p for s in getattr(start, "stacked", {}).values() for p in s]
    assert svg.count('class="unit"') == len(pieces)
    for piece in pieces:
        assert f'data-unit="{piece.unit}"' in svg


def test_orders_failures_and_dislodged_units_are_drawn() -> None:
    """6.F.24: arrows, supports, convoys, crosses for failures, the cycle band; the board after
    shows the dislodged fleet offset with a dashed outline."""
    res = run_case(_case("datc_6F_convoys.txt", "6.F.24")).resolutions[0]
    variant = find_variant("standard")
    svg = position_svg(variant, res.before, res.results, cycle=cycle_orders(res))
    assert svg.count('class="order"') == len(res.results)
    failed = sum(1 for r in res.results if r.result.value in ("fails", "cut", "disrupted", "illegal", "invalid"))
    assert svg.count('class="failed"') == failed > 0
    assert 'stroke="#f39c12"' in svg  # the paradox band
    assert 'stroke-dasharray="1.5,3.5"' in svg  # a convoy
    after = position_svg(variant, res.after)
    assert "(dislodged)" in after and 'stroke-dasharray="3,2"' in after


def test_changes_of_the_board_are_drawn() -> None:
    """A frozen sea, a Wall and a removed centre are visible on the board in play."""
    variant = find_variant("standard")
    start = variant.start()
    changed = replace(start, changes=(Lasting(FreezeSea("nth")), Lasting(CloseEdge("bur", "mun")),
                                      Lasting(RemoveCentre("bel"))))
    svg = position_svg(variant, changed)
    assert 'class="frozen" data-province="nth"' in svg
    assert 'class="wall"' in svg and "Wall between bur and mun" in svg
    assert 'class="centre-removed"' in svg
    assert svg.count('class="centre"') == len(variant.map.supply_centres) - 1


@pytest.mark.parametrize("file,case_id", [("datc_6F_convoys.txt", "6.F.24"), ("datc_6C_circular.txt", "6.C.1"),
                                          ("datc_6F_convoys.txt", "6.F.14"), ("datc_6A_basic.txt", "6.A.5")])
def test_decision_graph_fits_three_to_one_without_overlaps(file: str, case_id: str) -> None:
    """The decision graph is no wider than three times its height and no two boxes overlap."""
    res = run_case(_case(file, case_id)).resolutions[0]
    svg = decision_graph_svg(res, case_id)
    width, height = _size(svg)
    assert width <= 3 * height
    boxes = [(float(x), float(y)) for x, y in re.findall(r'<rect x="([\d.-]+)" y="([\d.-]+)" width="236"', svg)]
    assert len(boxes) >= 3
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert abs(a[0] - b[0]) >= BOX_W or abs(a[1] - b[1]) >= BOX_H, (a, b)


def test_report_writes_index_and_pages(tmp_path: Path) -> None:
    """``dipsat report`` writes an index listing each case with its verdict, a page per case and
    every picture a page refers to."""
    code = main(["report", str(DATACASES / "datc_6C_circular.txt"), "--out", str(tmp_path)])
    assert code == 0
    cases = load_cases(DATACASES / "datc_6C_circular.txt")
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert f"{len(cases)} pages: {len(cases)} passed, 0 failed" in index
    for case in cases:
        page = (tmp_path / f"{case.id}.html").read_text(encoding="utf-8")
        for src in re.findall(r'<img src="([^"]+)"', page):
            assert (tmp_path / src).is_file(), src
        assert "-graph.svg" in page


def test_report_of_a_game_record(tmp_path: Path) -> None:
    """A game record gives one page with every phase's boards."""
    record = DATACASES / "games" / "telepath_1901_1903.txt"
    assert main(["report", str(record), "--out", str(tmp_path)]) == 0
    pages = [p for p in tmp_path.glob("*.html") if p.name != "index.html"]
    assert len(pages) == 1
    phases = len(re.findall(r"^PHASE ", record.read_text(encoding="utf-8"), re.M))
    assert len(list(tmp_path.glob("*/phase-*-before.svg"))) == phases


def test_map_option_writes_one_picture_per_phase(tmp_path: Path) -> None:
    """``adjudicate --map`` numbers one picture per phase of each case."""
    out = tmp_path / "m.svg"
    assert main(["adjudicate", str(DATACASES / "datc_6H_retreats.txt"), "--case", "6.H.1", "--map", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m-6.H.1-1.svg", "m-6.H.1-2.svg"]


def test_a_map_without_geometry_is_one_line_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A variant whose map has no geometry data cannot be drawn: one line, exit 2."""
    package = tmp_path / "nogeometry"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    classical = ROOT / "variants" / "classical"
    for name in ("map.json", "start.json"):
        (package / name).write_text((classical / name).read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    variant = replace(VARIANTS["standard"], name="nogeometry", map_package="nogeometry")
    monkeypatch.setitem(VARIANTS, "nogeometry", variant)
    with pytest.raises(GeometryError, match="no geometry data"):
        load_geometry("nogeometry", variant.map)
    code = main(["adjudicate", str(DATACASES / "datc_6A_basic.txt"), "--case", "6.A.1", "--variant", "nogeometry",
                 "--map", str(tmp_path / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "no geometry data" in err and "Traceback" not in err


def test_unknown_variant_in_report_is_an_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An unknown variant stops the report before anything is written, exit 2."""
    code = main(["report", str(DATACASES / "datc_6A_basic.txt"), "--out", str(tmp_path / "r"), "--variant", "nope"])
    assert code == 2  # a bad argument is shown like every user mistake (dipsat.cli.errors), not by argparse's exit
    assert "unknown variant 'nope'" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()


def test_geometry_files_are_valid_json() -> None:
    """Every geometry file in the variants folder parses and names a label for each province."""
    for path in sorted((ROOT / "variants").glob("*/geometry.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for pid, entry in data.get("provinces", {}).items():
            assert len(entry["label"]) == 2 and entry["seeds"], (path, pid)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__]))


def test_decision_graphs_do_not_depend_on_the_hash_seed(tmp_path) -> None:
    """Same input, same picture: the ring of a cycle starts at the same decision and the boxes
    around it sit at the same places whatever order Python's sets give (PYTHONHASHSEED)."""
    import hashlib
    import os
    import subprocess
    code = ("import hashlib, sys\n"
            "from dipsat.cli.runner import run_case\n"
            "from dipsat.model.cases import load_cases\n"
            "from dipsat.render.graph import decision_graph_svg\n"
            "from dipsat.variants import read_order\n"
            "out = []\n"
            "for path in ('datacases/datc_6F_convoys.txt', 'datacases/datc_6C_circular.txt'):\n"
            "    for case in load_cases(path, order_reader=read_order):\n"
            "        for res in run_case(case).resolutions:\n"
            "            if res.values is not None and res.values.cycles:\n"
            "                out.append(case.id + ' ' + hashlib.md5(decision_graph_svg(res).encode()).hexdigest())\n"
            "print('\\n'.join(out))\n")
    root = Path(__file__).resolve().parents[1]
    seen = []
    for seed in ("1", "2", "3"):
        done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, timeout=300,
                              env={**os.environ, "PYTHONHASHSEED": seed})
        assert done.returncode == 0, done.stderr
        seen.append(done.stdout)
    assert seen[0].count("\n") >= 10, seen[0]  # the cycles of 6.C and 6.F are drawn
    assert seen[0] == seen[1] == seen[2]
