"""DATC cases where dipsat consciously gives another answer than the DATC states: one list.

"You are allowed to call an adjudicator DATC compliant if all test cases of chapter 6 pass or
deviations are done consciously" (DATC v3.2, introduction). The test suite marks each of these
``xfail(strict=True)``; ``dipsat datc`` counts them apart. Each entry says why.
"""
from __future__ import annotations

DEVIATIONS: dict[str, str] = {
    "6.D.4": (
        "DATC v3.2 marks 'A Berlin Supports F Kiel' as given, but A Prussia - Berlin attacks "
        "Berlin from a province other than Kiel, which cuts the support by DATC 5.B.2; the same "
        "attack is marked as cutting Berlin's support in 6.D.5. The case's point, the Russian "
        "move failing, holds either way (Kiel's support of Berlin is given)."
    ),
}
"""DATC case id -> the reason dipsat's result differs from the DATC text."""
