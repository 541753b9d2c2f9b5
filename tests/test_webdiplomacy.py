"""webDiplomacy games in the package's saved-game format: the reader tells them apart, the preset judges them."""
from __future__ import annotations

import json
from typing import Any

import pytest

from dipsat.replay.readers import default_maps
from dipsat.replay.readers.mila_json import judge_named, read_mila
from dipsat.replay.records import GameRecord
from dipsat.replay.rows import AGREE, DIFFER, PhaseRow
from dipsat.replay.work import replay_record, rules_label


def _saved(phases: list[dict[str, Any]], **top: Any) -> str:
    return json.dumps({"id": "fixture", "map": "standard", "rules": ["NO_PRESS"], "phases": phases, **top})


def _phase(name: str, units: dict[str, list[str]], centers: dict[str, list[str]],
           orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
    return {"name": name, "state": {"units": units, "centers": centers}, "orders": orders or {}}


SWAP = [
    _phase("S1901M", {"ENGLAND": ["A HOL", "F NTH"], "FRANCE": ["A BEL"]}, {},
           {"ENGLAND": ["A HOL - BEL", "F NTH C A HOL - BEL"], "FRANCE": ["A BEL - HOL"]}),
    _phase("F1901M", {"ENGLAND": ["A HOL", "F NTH"], "FRANCE": ["A BEL"]}, {}),
]
"""An army convoyed by its own power's fleet into a swap, without VIA: webDiplomacy bounces it."""

CIVIL_DISORDER = [
    _phase("W1901A", {"GERMANY": ["A WAR", "A BUR"]}, {"GERMANY": ["WAR"]}),
    _phase("S1902M", {"GERMANY": ["A BUR"]}, {"GERMANY": ["WAR"]}),
]
"""Germany holds Warsaw only: webDiplomacy removes the unit farthest from a home centre (A war,
two steps from Berlin; A bur is one from Munich), the DATC's 2023 rule the one farthest from an
owned centre (A bur)."""


def _replay(text: str, rules: str | None = None) -> list[PhaseRow]:
    game = read_mila(text, "games.json", "game 1", default_maps)
    assert isinstance(game, GameRecord)
    return replay_record(game, rules)[0]


@pytest.mark.parametrize("phases, other", [
    pytest.param(SWAP, "mila", id="own-convoy-swap-without-via-bounces"),
    pytest.param(CIVIL_DISORDER, "datc", id="civil-disorder-by-home-distance"),
])
def test_webdiplomacy_record_is_judged_by_its_preset(phases: list[dict[str, Any]], other: str) -> None:
    """A record marked as webDiplomacy's is replayed under ``webdiplomacy`` and agrees; the
    preset the issue found wrong for it differs."""
    text = _saved(phases, source="webDiplomacy.net")
    rows = _replay(text)
    assert rows[0].status == AGREE, rows[0].difference
    assert rows[0].rules == "webdiplomacy"
    assert _replay(text, other)[0].status == DIFFER


def test_unmarked_saved_game_is_the_packages_own() -> None:
    """Without a marker the game is the package's: ``mila`` judges it (and the swap is convoyed)."""
    rows = _replay(_saved(SWAP))
    assert rows[0].rules == "mila"
    assert rows[0].status == DIFFER


@pytest.mark.parametrize("top, expected", [
    ({"source": "webdiplomacy"}, "webdiplomacy"),
    ({"metadata": {"site": "https://webdiplomacy.net/board.php?gameID=1"}}, "webdiplomacy"),
    ({"platform": "WebDiplomacy"}, "webdiplomacy"),
    ({"id": "webdiplomacy-123456"}, "webdiplomacy"),
    ({"id": "webdip_42", "metadata": {"url": "https://webdiplomacy.net/board.php?gameID=42"}}, "webdiplomacy"),
    ({"id": "web-123"}, None),
    ({"source": "diplomacy package self-play"}, None),
    ({"metadata": {"notes": "played like webdiplomacy"}}, None),
    ({}, None),
])
def test_judge_named_reads_only_what_the_file_says(top: dict[str, Any], expected: str | None) -> None:
    """Only the named fields (or the id) count; free text elsewhere is not a marker."""
    assert judge_named({"id": "x", "phases": [], **top}) == expected


def test_rules_on_the_command_line_win_over_the_marker() -> None:
    """``--rules`` still overrides what the file says."""
    game = read_mila(_saved(SWAP, source="webdiplomacy"), "g.json", "game 1", default_maps)
    assert isinstance(game, GameRecord)
    assert rules_label(game, "datc") == "datc" and rules_label(game, None) == "webdiplomacy"
