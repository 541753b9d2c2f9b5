"""Named rule presets and the ``PRESET[,OPTION=CHOICE...]`` notation of ``--rules``."""
from __future__ import annotations

from dipsat.solver.options import DATC, Rules

PRESETS: dict[str, Rules] = {
    "datc": DATC,
}
"""Preset name -> the semantics it stands for."""


class RulesError(ValueError):
    """A ``--rules`` text names an unknown preset, option or choice."""


def rules_from_text(text: str) -> Rules:
    """Read ``datc`` or ``datc,paradox=all_hold,convoy_adjacent=dptg``.

    Raises:
        RulesError: unknown preset, option or choice; the message lists what is known.
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not parts:
        return DATC
    head, rest = (parts[0], parts[1:]) if "=" not in parts[0] else ("datc", parts)
    rules = PRESETS.get(head.lower())
    if rules is None:
        raise RulesError(f"unknown rules preset {head!r}; known presets: {', '.join(sorted(PRESETS))}")
    choices = {}
    for part in rest:
        option, sep, choice = part.partition("=")
        if not sep:
            raise RulesError(f"expected OPTION=CHOICE, got {part!r}")
        choices[option.strip()] = choice.strip()
    try:
        return rules.with_choices(**choices)
    except TypeError:
        known = ", ".join(Rules.__dataclass_fields__)
        raise RulesError(f"unknown rule option in {text!r}; options: {known}") from None
    except ValueError as e:
        raise RulesError(str(e)) from None
