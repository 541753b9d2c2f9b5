"""Reasons are values (issue 25): every result carries a typed reason, written into words in one
place (:mod:`dipsat.model.reasons`); ``--json`` carries it as a ``why`` object beside ``reason``;
no code reads a reason's words back or edits them."""
from __future__ import annotations

import ast
import io
import json
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from dipsat.cli.main import main
from dipsat.model.reasons import (
    WHOLE, Acted, BouncedOff, Cut, Disrupted, NoConvoyPath, Reason, Scale, Stands, Then, why_json,
)

ROOT = Path(__file__).resolve().parents[1]
CASE_FILES = sorted((ROOT / "datacases").glob("*.txt"))
GAMES = sorted((ROOT / "datacases" / "games").glob("*.txt"))


def _json(*argv: str) -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        main([*argv, "--json"])
    return json.loads(out.getvalue())


def _game_orders(doc: dict) -> list[dict]:
    return [o for p in doc["phases"] for key in ("orders", "added") for o in p.get(key, [])]


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_every_case_result_has_a_typed_why(path):
    """Each order of each case file: a ``why`` object of a known kind (never plain text), and the
    reason's words are the words of that value."""
    doc = _json("adjudicate", str(path.relative_to(ROOT)))
    orders = [o for c in doc["cases"] for o in c["orders"]]
    assert orders
    for o in orders:
        assert isinstance(o["why"], dict) and o["why"]["kind"] not in ("", "text"), o


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_game_result_has_a_typed_why(path):
    """Each result of a game record, public and game master's view, the added lines too."""
    for view in ((), ("--gm",)):
        doc = _json("play", str(path.relative_to(ROOT)), *view)
        orders = _game_orders(doc)
        assert orders
        for o in orders:
            assert isinstance(o["why"], dict) and o["why"]["kind"] not in ("", "text"), o


def test_a_researcher_selects_supports_cut_by_a_convoyed_army():
    """DATC 6.F: the supports cut by an army moving by convoy, chosen by the ``why`` fields alone;
    their words name the same army."""
    doc = _json("adjudicate", "datacases/datc_6F_convoys.txt")
    cut = [(c["id"], o) for c in doc["cases"] for o in c["orders"]
           if o["why"]["kind"] == "cut" and o["why"]["convoyed"]]
    assert cut, "no support cut by a convoyed army in 6.F"
    for _, o in cut:
        assert o["actual"] == "cut" and o["reason"] == f"cut: attacked by {o['why']['by']}"
    plain = [o for c in doc["cases"] for o in c["orders"] if o["why"]["kind"] == "cut" and not o["why"]["convoyed"]]
    assert plain  # the selection is a real choice: other supports are cut by armies over land


def test_strengths_in_the_json_are_numbers_in_the_variant_scale():
    """The Hitchhiker's board counts in halves: the ``why`` numbers are units of strength (1.5),
    with the scale, and the words say the same."""
    doc = _json("adjudicate", "datacases/hitchhiker.txt")
    halves = [o for c in doc["cases"] for o in c["orders"] if o["why"].get("scale") == 2]
    assert halves
    assert any(isinstance(o["why"].get("attack"), float) for o in halves), "no half strength in the cases"
    for o in halves:
        for key in ("attack", "hold", "prevent", "defend", "opposition"):
            if isinstance(o["why"].get(key), float):
                assert f"{o['why'][key]:g}" in o["reason"], o


def test_an_infinite_strength_is_named_by_its_rule():
    """Vain Star's Superman: the model's number is written as its rule names it, in the words and
    in the ``why`` alike (the variant's rule module sets the scale; no words are rewritten)."""
    doc = _json("adjudicate", "datacases/vain_star.txt")
    infinite = [o for c in doc["cases"] for o in c["orders"]
                if "infinite (Superman)" in [v for v in o["why"].values() if isinstance(v, str)]]
    assert infinite
    for o in infinite:
        assert "infinite (Superman)" in o["reason"], o


def test_scale_writes_whole_half_and_infinite_strengths():
    assert WHOLE.text(3) == "3" and WHOLE.number(3) == 3
    halves = Scale(2)
    assert (halves.text(3), halves.text(4), halves.number(3), halves.number(4)) == ("1.5", "2", 1.5, 2)
    star = Scale(1, 900, ((900_000, "Leper"), (900, "Superman")))
    assert (star.text(899), star.text(1001), star.text(1_000_001)) == ("899", "infinite (Superman)", "infinite (Leper)")
    assert star.number(1001) == "infinite (Superman)"


def test_words_and_json_of_reasons():
    """A few values and their words: the one place they are written."""
    assert BouncedOff("A bur", 3, 4, Scale(2)).words() == "fails: bounced off A bur (1.5 against hold strength 2)"
    assert why_json(BouncedOff("A bur", 3, 4, Scale(2))) == {
        "kind": "bounced_off", "what": "A bur", "attack": 1.5, "hold": 2, "scale": 2}
    assert Cut("A bur", convoyed=True).words() == "cut: attacked by A bur"
    assert why_json(Cut("A bur", convoyed=True)) == {"kind": "cut", "by": "A bur", "convoyed": True,
                                                     "dislodged": False, "note": ""}
    lost = NoConvoyPath((Disrupted("F nth", "F edi - nth"), Disrupted()))
    assert lost.words() == "fails: no convoy path (F nth dislodged by F edi - nth; disrupted)"
    assert NoConvoyPath().words() == "fails: no convoy path (convoy disrupted)"
    assert Stands(2, WHOLE).words() == "stands: hold strength 2"
    then = Then(Stands(1), Acted("fails", "destroyed by a ship", "rule 7c"))
    assert then.words() == "stands: hold strength 1; then destroyed by a ship (rule 7c)"
    assert why_json(then)["after"] == {"kind": "rule", "result": "fails", "what": "destroyed by a ship",
                                      "rule": "rule 7c"}


def test_every_reason_kind_is_distinct():
    """``kind`` names one class each, so a selection by kind is exact."""
    import dipsat.model.reasons as reasons
    classes = [c for c in vars(reasons).values()
               if isinstance(c, type) and issubclass(c, Reason) and c is not Reason]
    kinds = [c.kind for c in classes]
    assert all(kinds) and len(kinds) == len(set(kinds)), kinds


_SOURCES = [p for top in ("model", "solver", "variants", "cli", "replay", "render", "serve", "discover") for p in (ROOT / top).rglob("*.py")]


def test_no_code_reads_or_edits_reason_words():
    """No ``replace(..., reason=...)``, no ``.reason.startswith/split/...``, no ``"..." in
    x.reason``: a rule that needs to know why reads the typed ``why``."""
    found = []
    for path in _SOURCES:
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "reason" and path.name != "__init__.py":
                found.append(f"{path.relative_to(ROOT)}:{node.value.lineno}: reason=")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and node.value.attr == "reason" and node.attr in ("startswith", "endswith", "split", "replace",
                                                                      "removeprefix", "removesuffix", "partition"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: .reason.{node.attr}")
            if isinstance(node, ast.Compare) and any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) \
                    and any(isinstance(c, ast.Attribute) and c.attr == "reason" for c in node.comparators):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: in .reason")
    assert not found, found


def test_words_of_a_text_a_kept_reason_and_an_unpickled_one():
    """:func:`words_of` gives a plain string as itself, writes a reason's words once and keeps
    them on it, and writes anew the words of a reason unpickled (its slot for them never set)."""
    import pickle

    from dipsat.model.reasons import words_of
    assert words_of("a text written before reasons were typed") == "a text written before reasons were typed"
    why = Stands(2)
    assert why._said is None
    said = words_of(why)
    assert said == why.words() and why._said is said and words_of(why) is said
    again = pickle.loads(pickle.dumps(why))
    with pytest.raises(AttributeError):
        again._said  # noqa: B018  # never set on an unpickled reason
    assert again == why and words_of(again) == said
