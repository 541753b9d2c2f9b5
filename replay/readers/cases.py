"""Read case files (dipsat's own, the DATC v3.2 transcription, jDip/godip) as recorded games.

Each case is a game and each of its steps a phase. The first step starts from the case's start
position; a later step starts from the replayed board of the step before (a case records no
position of its own for it), exactly as ``dipsat adjudicate`` runs a case. The recorded result
of a step is its ``AFTER`` board (centres only when a ``CENTRES`` block follows it), its expected
result words per order and its ``AUTO`` orders.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from dipsat.model.errors import InputError
from dipsat.model.types import Disband, Order, Phase
from dipsat.replay.records import Format, GameError, GameRecord, PhaseRecord, RecordedOrder
from dipsat.solver.presets import RulesError, rules_from_text

if TYPE_CHECKING:  # the case readers are imported when a case file is read (start-up of the rest)
    from dipsat.model.cases import Case, OrderReader, Step


def read_case_file(text: str, file: str, rules_text: str | None,
                   order_reader: OrderReader | None = None) -> list[GameRecord] | GameError:
    """Read every case of a case-file text; expected words are those under ``rules_text``
    (else under each case's own rules). Orders of dipsat-format cases are read by
    ``order_reader`` (default: each case's own variant's). A file that cannot be read is a
    :class:`GameError`."""
    from dipsat.model.casefiles import sniff
    from dipsat.model.cases import read_cases
    from dipsat.model.datc_transcription import read_transcription
    from dipsat.model.jdip_cases import read_jdip
    from dipsat.variants import read_order  # the variants import the model, never the replay
    try:
        kind = sniff(text)
        if kind == "dipsat":
            cases = read_cases(text, file, None, order_reader or read_order)
        else:
            cases = {"transcription": read_transcription, "jdip": read_jdip}[kind](text, file, None)
    except InputError as exc:
        return GameError(file, "", exc.message, exc.line)
    for case in cases:  # an unknown RULES is a read error of the file, as in dipsat adjudicate
        try:
            rules_from_text(case.rules)
        except RulesError as exc:
            return GameError(file, case.id, f"RULES {case.rules}: {exc}", case.head_lines.get("rules", case.line or None))
    return [_game(case, file, rules_text or case.rules) for case in cases]


def auto_key(order: Order) -> str:
    """How an automatic order is compared: ``Russia: F eng D``."""
    return f"{order.power}: {order}" if isinstance(order, Disband) else str(order)


def _game(case: Case, file: str, rules_text: str) -> GameRecord:
    phases = []
    for index, step in enumerate(case.steps):
        position = None
        if index == 0:
            position = case.start.with_phase(Phase(case.start.phase.year, case.start.phase.season, step.kind))
        phases.append(PhaseRecord(
            index, str(step.phase), step.phase, position, _orders(step, rules_text),
            after=step.after, centres_recorded=bool(step.after is not None and step.after.centres),
            line=step.lines[0] if step.lines else case.line,
            auto=tuple(sorted(auto_key(o) for o in step.auto)) if step.auto else None))
    return GameRecord(file, case.id, case.variant, Format.CASES, tuple(phases), rules=case.rules,
                      chained=True, results_recorded=True)


def _orders(step: Step, rules_text: str) -> tuple[RecordedOrder, ...]:
    found = []
    for i, order in enumerate(step.orders):
        expected = step.expected[i] if i < len(step.expected) else None
        words = expected.alternatives.get(rules_text, expected.words) if expected is not None else None
        line = step.lines[i] if i < len(step.lines) else None
        found.append(RecordedOrder(str(order), order, recorded=words, line=line))
    return tuple(found)
