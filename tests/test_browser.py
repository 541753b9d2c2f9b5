"""The HTML report in a real browser: headless Chromium loads each page with no console error,
each board picture loads at its own size, and the screenshots are not blank.

`.ci/run` installs Debian's chromium when it is missing; where no Chromium can be had these tests
skip and say why.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser import chromium, console_errors, distinct_colours, read_png, run, screenshot
from dipsat.cli.main import main
from dipsat.variants import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted((ROOT / "datacases" / "games").glob("*.txt"))

pytestmark = pytest.mark.skipif(chromium() is None, reason="no Chromium on this machine (.ci/run installs "
                                                           "Debian's chromium; apt-get install chromium)")


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of 6.F.24 and of one game record of each variant that has one."""
    out = tmp_path_factory.mktemp("report")
    files = [str(ROOT / "datacases" / "datc_6F_convoys.txt"), *map(str, RECORDS)]
    assert main(["report", *files, "--case", "6.F.24", "--out", str(out)]) == 0
    return out


def test_every_variant_with_a_record_is_in_the_report(report: Path) -> None:
    """Each variant other than the standard game has a game record, and so a page."""
    names = {re.search(r"^VARIANT\s+(\S+)", r.read_text(encoding="utf-8"), re.M).group(1).split(",")[0]  # type: ignore[union-attr]
             for r in RECORDS}
    assert set(VARIANTS) - {"standard"} <= names


def test_pages_load_without_console_errors(report: Path) -> None:
    """The index and every page load in Chromium with no console error and no missing file."""
    for page in sorted(report.glob("*.html")):
        done = run(page.resolve().as_uri(), "--dump-dom", "--virtual-time-budget=3000")
        assert done.returncode == 0, done.stderr[-500:]
        assert "</html>" in done.stdout or "</body>" in done.stdout, page.name
        assert console_errors(done.stderr) == [], (page.name, console_errors(done.stderr))


def test_board_pictures_load_at_their_size(report: Path, tmp_path: Path) -> None:
    """Each board picture of the 6.F.24 page, loaded as an image by the browser, has the size its
    SVG states."""
    page = (report / "6.F.24.html").read_text(encoding="utf-8")
    sources = re.findall(r'<img src="([^"]+)"', page)
    assert len(sources) == 3  # before, after, decision graph
    probe = tmp_path / "probe.html"
    tags = "".join(f'<img id="i{k}" src="{(report / s).resolve().as_uri()}" '
                   f'onload="this.setAttribute(\'data-size\', this.naturalWidth + \'x\' + this.naturalHeight)">'
                   for k, s in enumerate(sources))
    probe.write_text(f"<!DOCTYPE html><html><body>{tags}</body></html>", encoding="utf-8")
    done = run(probe.resolve().as_uri(), "--dump-dom", "--virtual-time-budget=5000", "--allow-file-access-from-files")
    sizes = re.findall(r'data-size="(\d+)x(\d+)"', done.stdout)
    assert len(sizes) == 3, done.stdout[-800:]
    for src, (w, h) in zip(sources, sizes):
        svg = (report / src).read_text(encoding="utf-8")
        want = re.search(r'<svg[^>]* width="([\d.]+)" height="([\d.]+)"', svg).groups()  # type: ignore[union-attr]
        assert (int(w), int(h)) == (round(float(want[0])), round(float(want[1]))), src


def test_screenshots_are_not_blank(report: Path, tmp_path: Path) -> None:
    """A screenshot of the paradox page and of a board picture shows a map: many colours."""
    png = tmp_path / "page.png"
    screenshot(report / "6.F.24.html", png, 1100, 1600)
    width, height, rows = read_png(png)
    assert (width, height) == (1100, 1600)
    assert distinct_colours(rows, len(rows[0]) // width) > 40
    board = next(report.glob("6.F.24/phase-1-before.svg"))
    screenshot(board, png, 1000, 998)
    width, height, rows = read_png(png)
    assert distinct_colours(rows, len(rows[0]) // width) > 40
