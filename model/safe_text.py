"""Text from input files made safe for where it goes: a terminal, an XML picture, a file name.

Ids, titles and order texts come from files anyone can write. Three places must never take them
raw: a terminal (an ESC sequence can rewrite what it shows, a CR hide a line), an SVG or HTML
file (XML 1.0 has no place for most control characters, and text that is not Unicode, a lone
surrogate, cannot be written as UTF-8 at all) and a file name (``/``, ``..``, a name too long,
two ids that a file system cannot tell apart). One function for each, used by every command.
Pure standard library.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

_UNSAFE_ON_TERMINAL: Final = "[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
"""Control characters but line feed and tab, DEL and C1 controls (ESC, CR, NEL...), the line and
paragraph separators, the bidirectional controls (they reorder what a terminal shows) and lone
surrogates (text that is not Unicode; printing it as UTF-8 fails)."""
_UNSAFE_IN_LINE: Final = "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
"""As :data:`_UNSAFE_ON_TERMINAL`, tab and line feed too: for a text that must stay one line."""
_UNSAFE_IN_XML: Final = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ufffe\uffff\ud800-\udfff]"
"""What XML 1.0 forbids (most C0 controls, U+FFFE, U+FFFF, surrogates) or discourages (DEL and the
C1 controls)."""
# The three are compiled where first used (re keeps them compiled): a character class with
# ranges this wide takes about 0.5 ms to compile, and most texts a command shows are printable
# (every character these classes match is one that ``str.isprintable`` refuses).


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match[0]):04x}"


def visible(text: str, one_line: bool = False) -> str:
    """``text`` with every character unsafe on a terminal written as its escape, ``\\u001b``.

    Line feeds and tabs are kept unless ``one_line``. The escape is valid inside a JSON string too
    (it decodes to the character), so a JSON document stays one, with the same meaning.
    """
    if (text if one_line else text.replace("\n", "").replace("\t", "")).isprintable():
        return text  # nothing unsafe: each unsafe character is a control, format or separator character
    pattern = re.compile(_UNSAFE_IN_LINE if one_line else _UNSAFE_ON_TERMINAL)
    return text if pattern.search(text) is None else pattern.sub(_escape, text)


def xml_safe(document: str) -> str:
    """An SVG or HTML document with each character XML 1.0 does not allow written as ``\\u0001``
    (visible text: the picture stays well-formed and can be written as UTF-8)."""
    unsafe = re.compile(_UNSAFE_IN_XML)
    return document if unsafe.search(document) is None else unsafe.sub(_escape, document)


MAX_NAME_BYTES: Final = 80
"""Longest name made of an id (UTF-8 bytes), before the hash: well inside every file system's 255."""
_RESERVED: Final = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                              *(f"lpt{i}" for i in range(10))})
"""Names Windows refuses for a file, whatever its ending."""


def _digest(text: str) -> str:
    import hashlib  # only when a name needs its hash: OpenSSL costs a few ms of every start-up

    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:10]


def _kept(ch: str) -> bool:
    return ch.isalnum() if not ch.isascii() else ch.isalnum() or ch in "._-"  # [A-Za-z0-9._-] or a letter beyond


def _plain(text: str) -> str:
    """``text`` reduced to the characters a file name keeps, runs of others as one ``-``."""
    import unicodedata  # here: only a file name needs it (a C library of its own, loaded at every start-up)

    text = unicodedata.normalize("NFC", text.encode("utf-8", "replace").decode("utf-8"))
    out = re.sub("-+", "-", "".join(ch if _kept(ch) else "-" for ch in text)).strip("-.")
    while len(out.encode("utf-8")) > MAX_NAME_BYTES:
        out = out[:-1]
    return out.rstrip("-.")


def _as_is(text: str) -> bool:
    """Whether ``text`` is a file name already, on every file system: no character changed."""
    return (bool(text) and _plain(text) == text and not text.startswith((".", "-"))
            and text.lower().split(".")[0] not in _RESERVED)


def file_names(ids: Sequence[str], reserved: Iterable[str] = ()) -> list[str]:
    """A file name (without ending) for each of ``ids``, in order: safe and unique.

    An id that is a file name already (letters, digits, ``.``, ``_``, ``-``, at most
    :data:`MAX_NAME_BYTES` bytes, not starting with ``.`` or ``-``) is its own name; any other gets
    the characters it can keep and ``-`` plus a hash of the whole id (``a/b`` -> ``a-b-1f2e...``,
    ``..`` -> ``id-...``), so two ids never share a name: not ``a/b`` and ``a-b``, not two
    non-ASCII ids, not two that differ only in letter case (as case-blind file systems see them),
    not an id and a name of ``reserved`` (``index`` for a report's index page). A name never
    leaves the folder it is put in. The same id given twice gets ``-2``, ``-3``...
    """
    taken = {r.lower() for r in reserved}
    spellings = Counter(text.lower() for text in set(ids))  # ids a case-blind file system mixes up
    names: list[str] = []
    used: set[str] = set(taken)
    for text in ids:
        low = text.lower()
        name = text if _as_is(text) and low not in taken and spellings[low] == 1 else \
            f"{_plain(text) or 'id'}-{_digest(text)}"
        base, n = name, 1
        while name.lower() in used:
            n += 1
            name = f"{base}-{n}"
        used.add(name.lower())
        names.append(name)
    return names


MAX_SEED: Final = (1 << 63) - 1
"""Largest seed of a game's random generator (a signed 64-bit number, as other programs keep one)."""


def whole_number(text: str, what: str, low: int = 0, high: int = MAX_SEED) -> int:
    """The number ``text`` writes in ASCII digits, if it lies from ``low`` to ``high``.

    Raises:
        ValueError: saying what ``what`` must be and quoting ``text`` (clipped): not ASCII digits
            (``٣`` and ``+3`` are refused), or out of range (never read as a 5,000-digit number).
    """
    text = text.strip()
    shown = text if len(text) <= 40 else f"{text[:30]}... ({len(text)} characters)"
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"{what} is a whole number from {low} to {high}, not {shown!r}")
    if len(text.lstrip("0")) > len(str(high)) or not low <= int(text) <= high:
        raise ValueError(f"{what} is a whole number from {low} to {high}, not {shown!r}")
    return int(text)
