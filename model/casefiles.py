"""Case files in any of the three formats, and the converter to dipsat's own format.

* :func:`load_any` reads a file in whichever format it is written: the DATC v3.2 transcription
  (:mod:`dipsat.model.datc_transcription`; it has ``PHASE spring|winter`` lines), the jDip/godip
  format (:mod:`dipsat.model.jdip_cases`; ``VARIANT_ALL`` or ``PRESTATE`` lines) or dipsat's own
  (:mod:`dipsat.model.cases`).
* :func:`convert` turns such a file into dipsat case files, one per DATC section
  (``datc_6A_basic.txt`` ...); ``datacases/regenerate.py`` uses it for the bundled cases.
* :func:`load_alternatives` reads an alternatives file (``datacases/datc_alternatives.psv``):
  one line ``CASE_ID | ORDER | KEY | WORDS`` per result expected under another rule choice;
  :func:`apply_alternatives` (and ``convert(..., alternatives=path)``) adds each to the
  ``Expected.alternatives`` of the one order it names.
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Callable, Final, Mapping, Sequence

from dipsat.model.files import lines_of
from dipsat.model.cases import (
    DEFAULT_MAP, FATES, RESULT_WORDS, Case, Expected, OrderReader, case_error, normalise_words, read_cases,
    read_text,
)
from dipsat.model.case_writer import write_case
from dipsat.model.datc_transcription import read_transcription
from dipsat.model.gamemap import GameMap, load_map
from dipsat.model.jdip_cases import read_jdip
from dipsat.model.notation import format_order
from dipsat.model.types import Waive
from dipsat.model.values import value_class

__all__ = [
    "RESULT_WORDS", "SECTIONS", "Alternative", "apply_alternatives", "convert", "load_alternatives",
    "load_any", "read_alternatives", "sniff",
]

SECTIONS: Final[Mapping[str, tuple[str, str]]] = {
    "A": ("datc_6A_basic.txt", "basic checks"),
    "B": ("datc_6B_coasts.txt", "coastal issues"),
    "C": ("datc_6C_circular.txt", "circular movement"),
    "D": ("datc_6D_supports.txt", "supports and dislodges"),
    "E": ("datc_6E_head_to_head.txt", "head-to-head battles and beleaguered garrisons"),
    "F": ("datc_6F_convoys.txt", "convoys"),
    "G": ("datc_6G_convoy_adjacent.txt", "convoying to adjacent provinces"),
    "H": ("datc_6H_retreats.txt", "retreating"),
    "I": ("datc_6I_builds.txt", "building"),
    "J": ("datc_6J_disbands.txt", "civil disorder and disbands"),
}
"""DATC chapter-6 section letter -> (file name, section title)."""

_ORIGINS: Final = {
    "transcription": "Converted from the DATC v3.2 chapter 6 transcription",
    "jdip": "Converted from the jDip/godip DATC v2.4 case file",
    "dipsat": "Rewritten from a dipsat case file",
}
_TRANSCRIPTION_RE: Final = re.compile(r"^\s*PHASE\s+(spring|winter)\s*$", re.IGNORECASE | re.MULTILINE)
_JDIP_RE: Final = re.compile(r"^\s*(VARIANT_ALL|PRESTATE)\b", re.IGNORECASE | re.MULTILINE)


def sniff(text: str) -> str:
    """Return the format of a case-file text: ``transcription``, ``jdip`` or ``dipsat``."""
    if _TRANSCRIPTION_RE.search(text):
        return "transcription"
    if _JDIP_RE.search(text):
        return "jdip"
    return "dipsat"


def _read(path: str | Path, gmap: GameMap | None,
          order_reader: OrderReader | None = None, only: frozenset[str] | None = None) -> tuple[str, list[Case]]:
    text = read_text(path)
    kind = sniff(text)
    if kind == "dipsat":
        return kind, read_cases(text, str(path), gmap, order_reader, only)
    reader = {"transcription": read_transcription, "jdip": read_jdip}[kind]
    return kind, reader(text, str(path), gmap)


def load_any(path: str | Path, gmap: GameMap | None = None,
             order_reader: OrderReader | None = None, only: frozenset[str] | None = None) -> list[Case]:
    """Read the cases of a file in any supported format (see the module docstring).

    ``order_reader`` reads the orders of dipsat-format cases of variants with orders of their
    own (:data:`~dipsat.model.cases.OrderReader`). ``only``: the ids of the cases wanted; a
    dipsat-format file's other cases are passed over unread (``dipsat adjudicate --case``).

    Raises:
        CaseFileError: the file is missing, not UTF-8 or not valid in its format.
    """
    return _read(path, gmap, order_reader, only)[1]


@value_class
class Alternative:
    """One line of an alternatives file: the words expected for one order under other rules."""

    case: str
    """The case id, ``6.F.19``."""
    order: str
    """The order as the case file writes it (DATC English), with or without ``Power: ``."""
    key: str
    """A rules text: one ``option=choice`` or a preset name."""
    words: str
    """The result words expected under ``key``, normalised."""
    source: str = "<string>"
    line: int = 0


_FATES: Final = FATES
_KEY_RE: Final = re.compile(r"[A-Za-z0-9_.-]+(=[A-Za-z0-9_.-]+)?")


def read_alternatives(text: str, source: str = "<string>") -> list[Alternative]:
    """Read an alternatives text: ``CASE_ID | ORDER | KEY | WORDS`` lines, ``#`` comments.

    Raises:
        CaseFileError: with ``source`` and line, for a line that is not four ``|``-separated
            fields, a key that is not ``option=choice`` or a preset name, or unknown words.
    """
    found: list[Alternative] = []
    for lineno, raw in enumerate(lines_of(text), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != 4 or not all(fields):
            raise case_error(f"expected 'CASE_ID | ORDER | KEY | WORDS', got {line!r}", source, lineno)
        case_id, order, key, words = fields
        if not _KEY_RE.fullmatch(key):
            raise case_error(f"key must be one 'option=choice' or a preset name, got {key!r}",
                             source, lineno)
        norm = normalise_words(words)
        first, *tags = norm.split(", ")
        unknown = [w for w in (first, *tags) if w not in RESULT_WORDS]
        if unknown or any(t not in _FATES for t in tags):
            raise case_error(f"not result words (a result, then 'dislodged'/'destroyed'): {words!r}",
                             source, lineno)
        found.append(Alternative(case_id, order, key, norm, source, lineno))
    return found


def load_alternatives(path: str | Path) -> list[Alternative]:
    """Read the alternatives file at ``path`` (see :func:`read_alternatives`).

    Raises:
        CaseFileError: the file is missing, not UTF-8 or has a bad line.
    """
    return read_alternatives(read_text(path), str(path))


def apply_alternatives(cases: Sequence[Case], alternatives: Sequence[Alternative],
                       gmap: GameMap | None = None) -> list[Case]:
    """Return ``cases`` with each alternative added to the one order it names.

    An order is named by its DATC English text (:func:`~dipsat.model.notation.format_order`,
    ``style="long"``), optionally preceded by ``Power: ``; it may be in any phase of the case.

    Raises:
        CaseFileError: with the alternative's file and line, when its case is unknown, its
            order matches no order or several, that order states no result, the order already
            has an alternative under that key, or the words equal the default words.
    """
    gmap = gmap or load_map(DEFAULT_MAP)
    by_id = {c.id: c for c in cases}
    # (case id, step index, order index) -> alternatives in file order
    extra: dict[tuple[str, int, int], dict[str, str]] = {}
    for alt in alternatives:
        def fail(message: str, alt: Alternative = alt) -> Exception:
            return case_error(f"{alt.case} | {alt.order} | {alt.key}: {message}", alt.source, alt.line)

        case = by_id.get(alt.case)
        if case is None:
            raise fail(f"no case {alt.case!r}")
        hits = [(i, j) for i, step in enumerate(case.steps) for j, order in enumerate(step.orders)
                if alt.order in _names(order, gmap)]
        if len(hits) != 1:
            raise fail("matches no order of the case" if not hits
                       else f"matches {len(hits)} orders of the case")
        i, j = hits[0]
        expected = case.steps[i].expected[j]
        if expected is None:
            raise fail("that order states no result")
        have = extra.setdefault((case.id, i, j), dict(expected.alternatives))
        if alt.key in have:
            raise fail(f"the order already has an alternative for {alt.key!r}")
        if alt.words == expected.words:
            raise fail(f"the words equal the default [{expected.words}]")
        have[alt.key] = alt.words
    result = []
    for case in cases:
        steps = []
        for i, step in enumerate(case.steps):
            expected = tuple(
                Expected(e.words, extra[(case.id, i, j)]) if (case.id, i, j) in extra and e else e
                for j, e in enumerate(step.expected))
            steps.append(replace(step, expected=expected))
        result.append(replace(case, steps=tuple(steps)))
    return result


def _names(order: object, gmap: GameMap) -> tuple[str, ...]:
    if isinstance(order, Waive):
        return ()
    text = format_order(order, gmap, style="long")  # type: ignore[arg-type]
    return text, f"{order.power}: {text}"  # type: ignore[attr-defined]


def _check_rules(case: Case, path: str, check: Callable[[str], object]) -> None:
    """Refuse a case whose ``RULES`` names an unknown preset, option or choice (at its ``RULES`` line)."""
    try:
        check(case.rules)
    except ValueError as exc:
        raise case_error(f"RULES {case.rules}: {exc}", case.source or path,
                         case.head_lines.get("rules", case.line or None)) from None


def convert(path: str | Path, gmap: GameMap | None = None,
            alternatives: str | Path | None = None, order_reader: OrderReader | None = None,
            check_rules: Callable[[str], object] | None = None) -> dict[str, str]:
    """Convert the cases of ``path`` to dipsat case files, one per DATC section.

    Returns file name -> file text, e.g. ``"datc_6A_basic.txt"``; cases keep their order. With
    ``alternatives`` (an alternatives file, see :func:`read_alternatives`) each of its lines is
    added to the order it names first (:func:`apply_alternatives`); by default none is.
    ``check_rules`` reads a case's ``RULES`` text and raises :class:`ValueError` when it names
    unknown rules (the rules are the solver's: :func:`dipsat.solver.presets.rules_from_text`,
    which the command passes; the values layer does not import the solver).

    Raises:
        CaseFileError: the file or the alternatives file cannot be read, an alternative
            does not name exactly one order, or a case id is not a DATC chapter-6 id
            (``6.X.N...``), at the case's line; a ``RULES`` line that names unknown rules, at that line.
    """
    gmap = gmap or load_map(DEFAULT_MAP)
    kind, cases = _read(path, gmap, order_reader)
    merged_from = None
    if alternatives is not None:
        alts = load_alternatives(alternatives)
        cases = apply_alternatives(cases, alts, gmap)
        merged_from = Path(alternatives).name
    by_section: dict[str, list[Case]] = {}
    for case in cases:
        m = re.match(r"6\.([A-Z])\.", case.id)
        if m is None or m[1] not in SECTIONS:
            raise case_error(f"case {case.id!r} is not a DATC chapter-6 case (6.A.1 ... 6.J.N): convert writes "
                             "one file per DATC section", case.source or str(path), case.line or None)
        if check_rules is not None:
            _check_rules(case, str(path), check_rules)
        by_section.setdefault(m[1], []).append(case)
    files: dict[str, str] = {}
    for letter, group in by_section.items():
        name, title = SECTIONS[letter]
        header = [
            f"# DATC section 6.{letter}: {title} ({len(group)} cases), in dipsat's case-file format",
            "# (described in dipsat.model.cases). Expected results are the DATC's preferred rules.",
            f"# {_ORIGINS[kind]}; DATC text (c) L. B. Kruijswijk,",
            "# test cases may be copied. Generated by datacases/regenerate.py: do not edit by hand.",
        ]
        if merged_from and any(e is not None and e.alternatives
                               for c in group for s in c.steps for e in s.expected):
            header.append(f"# '; KEY: words' results under other rule choices are from {merged_from}.")
        files[name] = "\n".join(header) + "\n\n" + "\n".join(write_case(c, gmap) for c in group)
    return files
