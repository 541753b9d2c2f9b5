"""DATC cases where dipsat consciously gives another answer than the DATC states: one list.

"You are allowed to call an adjudicator DATC compliant if all test cases of chapter 6 pass or
deviations are done consciously" (DATC v3.2, introduction). The test suite marks each of these
``xfail(strict=True)``; ``dipsat datc`` counts them apart. Each entry says why.

The list is empty: dipsat passes all 176 cases. (6.D.4's ``[given]`` on Berlin's support was an
error of the transcription, not of the DATC, and is corrected with the transcription's other
errata in :data:`dipsat.model.datc_transcription.ERRATA`.)
"""
from __future__ import annotations

DEVIATIONS: dict[str, str] = {}
"""DATC case id -> the reason dipsat's result differs from the DATC text."""
