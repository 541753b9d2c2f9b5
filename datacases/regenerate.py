"""Regenerate the bundled DATC case files of this folder from the DATC v3.2 transcription.

Usage: ``python datacases/regenerate.py [TRANSCRIPTION]``; the default source is
``../shared/datc/DATC_v3_2_chapter6_transcribed.txt`` beside the repository. The conversion is
:func:`dipsat.model.casefiles.convert`; the results under other rule choices are merged from
``datc_alternatives.psv`` of this folder (each line must name exactly one order). Running it
twice gives the same files.
"""
from __future__ import annotations

import sys
from pathlib import Path

from dipsat.model.casefiles import convert
from dipsat.model.cases import load_cases
from dipsat.solver.presets import rules_from_text

HERE = Path(__file__).resolve().parent
SOURCE = HERE.parents[1] / "shared" / "datc" / "DATC_v3_2_chapter6_transcribed.txt"
ALTERNATIVES = HERE / "datc_alternatives.psv"


def main(argv: list[str]) -> int:
    """Write one case file per DATC section; check each reads back; return the exit status."""
    source = Path(argv[0]) if argv else SOURCE
    files = convert(source, alternatives=ALTERNATIVES, check_rules=rules_from_text)
    total = 0
    for name, text in sorted(files.items()):
        path = HERE / name
        path.write_text(text, encoding="utf-8", newline="\n")
        count = len(load_cases(path))
        total += count
        print(f"{name}: {count} cases")
    print(f"{total} cases from {source}, alternatives from {ALTERNATIVES.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
