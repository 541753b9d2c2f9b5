"""docs/pictures/architecture.svg is what docs/pictures/architecture.py draws from dipsat's own
values: the picture of docs/architecture.md shows what the code does."""
from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_architecture_picture_is_current():
    spec = importlib.util.spec_from_file_location("architecture_picture", ROOT / "docs" / "pictures" / "architecture.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    drawn = module.draw(module.facts())
    assert "succeeds: attack 2, nothing as strong opposes it" in drawn and '"kind": "unopposed"' in drawn.replace("&quot;", '"')
    assert (ROOT / "docs" / "pictures" / "architecture.svg").read_text() == drawn, \
        "run .venv/bin/python docs/pictures/architecture.py"
