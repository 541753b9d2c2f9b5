"""Find the games in files and folders, and read a game's text into a recorded game.

:func:`find_tasks` runs in the main process and only splits files into tasks (a JSON-lines file
into chunks of lines, a JSON list into its items); :func:`read_task` runs in a worker and parses.
Formats are told apart by suffix and content: ``.jsonl`` (one saved game a line), ``.json``
(one saved game, or a list of them), and text files that start with ``PHASE <year> ...``
(Droidippy) or hold case files. ``.gz`` files are read through gzip. Folders are searched
recursively for ``*.txt``, ``*.json``, ``*.jsonl`` (and their ``.gz``), in sorted order. A task is
one game, one case file, or up to :data:`CHUNK_GAMES` consecutive games of a JSON-lines file.
"""
from __future__ import annotations

import os
from stat import S_ISLNK
from dataclasses import replace
import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Final

try:  # the digest hashlib gives, without loading OpenSSL (about 1 ms of every replay's start-up)
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12 names it _sha2; builds without it
    from hashlib import sha256

from dipsat.model.errors import InputError
from dipsat.model.files import decode_utf8, lines_of, not_utf8, open_lines, read_input
from dipsat.model.gamemap import GameMap
from dipsat.replay.collector import no_cycle_collection
from dipsat.replay.readers.cases import read_case_file
from dipsat.replay.readers.droidippy import looks_like_droidippy, read_droidippy
from dipsat.replay.records import Format, GameError, GameRecord, PhaseError, Task, distinct_id, renamed_note

SUFFIXES: Final = (".txt", ".json", ".jsonl", ".txt.gz", ".json.gz", ".jsonl.gz")
"""File suffixes searched for in folders."""

CHUNK_GAMES: Final = 16
"""Games of a JSON-lines file replayed as one task (one Parquet part): fewer, larger files."""
CHUNK_BYTES: Final = 256 << 10
"""A JSON-lines task also ends once it holds this many bytes: a task's games are decoded together,
about ten times their text's size as Python objects (4 MB chunks of the peer's saved games, 250 KB
a game: peak 153 MB for 51 games; 256 KB chunks: 132 MB, the peer's own replay 69 MB)."""

TASK_VERSION: Final = "replay-3"
"""Part of every task's identity: change it when replay output changes meaning."""


def archive_files(paths: Sequence[str]) -> list[tuple[str, Path]]:
    """Return (name as shown, path) of every archive file under ``paths``, in order (in a folder, a
    broken link with an archive's name too: reading it then gives an error row, never silence).

    Raises:
        FileNotFoundError: a path does not exist, or a folder holds no archive file.
    """
    found: list[tuple[str, Path]] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            inside = sorted(p for p in path.rglob("*") if p.name.lower().endswith(SUFFIXES)
                            and (p.is_file() or p.is_symlink() and not p.exists()))  # a broken link: an error row
            if not inside:
                raise FileNotFoundError(f"no archive file ({', '.join('*' + s for s in SUFFIXES)}) in {text}")
            found += [(shown_name(str(Path(text) / f.relative_to(path))), f) for f in inside]
        elif path.exists():  # a file, or a device or pipe (read with a size limit)
            found.append((shown_name(text), path))
        else:
            raise FileNotFoundError(f"no such file or folder: {text}")
    return found


def shown_name(path: str) -> str:
    """A file's name as rows and messages show it: bytes of the name that are not UTF-8 (Python
    keeps them as lone surrogates, which no table or UTF-8 text can hold) as ``\\xff``."""
    try:
        path.encode("utf-8")
        return path
    except UnicodeEncodeError:
        return os.fsencode(path).decode("utf-8", "backslashreplace")


def find_tasks(paths: Sequence[str], rules_text: str | None,
               identities: dict[str, str] | None = None) -> Iterator[Task | GameError]:
    """Yield every game under ``paths`` as a task (with its text), or an error for a file that cannot be read.

    ``identities`` (file -> identity) fixes each file's identity when it is first listed: a run
    that lists the files twice (:mod:`dipsat.replay.run`) passes the same dictionary both times,
    so a file touched meanwhile keeps the identity, and its tasks the ids, of the first listing.

    Raises:
        FileNotFoundError: a path does not exist.
    """
    identities = {} if identities is None else identities
    for text in paths:
        in_folder = Path(text).is_dir()  # a game record (dipsat play) found in a folder is no archive
        for shown, path in archive_files([text]):
            yield from _file_tasks(shown, path, rules_text or "", skip_records=in_folder, identities=identities)


def _identity(path: Path, identities: dict[str, str]) -> str:
    """The file's real path, size and time of change: its identity, fixed when first listed."""
    key = str(path)
    if key not in identities:
        stat = os.lstat(path)
        if S_ISLNK(stat.st_mode):
            stat = path.stat()
            real = str(path.resolve())
        else:  # the real path of its folder (resolved once a folder) and its name: what resolve() gives
            folder = "\0" + str(path.parent)  # no path starts with a NUL: no clash with a file's key
            if folder not in identities:
                identities[folder] = os.path.realpath(path.parent)
            real = os.path.join(identities[folder], path.name)
        identities[key] = f"{real}\0{stat.st_size}\0{stat.st_mtime_ns}"
    return identities[key]


def _uid(identity: str, key: str, rules_text: str) -> str:
    text = f"{TASK_VERSION}\0{identity}\0{key}\0{rules_text}"
    return sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:24]


def is_game_record(text: str) -> bool:
    """A variant game record (``GAME ...``, read by ``dipsat play``): neither a case file nor an archive."""
    for line in lines_of(text)[:200]:
        line = line.split("#", 1)[0].strip()
        if line:
            return line.upper().startswith("GAME")
    return False


def _file_tasks(shown: str, path: Path, rules_text: str, skip_records: bool = False,
                identities: dict[str, str] | None = None) -> Iterator[Task | GameError]:
    name = path.name.lower().removesuffix(".gz")
    try:
        identity = _identity(path, {} if identities is None else identities)
        if name.endswith(".jsonl"):
            yield from _lines(shown, path, identity, rules_text)
            return
        text = decode_utf8(read_input(path), shown)
    except OSError as exc:
        yield GameError(shown, "", f"cannot read file: {exc.strerror or exc}")
        return
    except InputError as exc:
        yield GameError(shown, "", exc.message, exc.line)
        return
    if not text or text.isspace():  # as ``not text.strip()``, without a copy of the text
        yield GameError(shown, "", "empty file: no game, no case")
        return
    droidippy = looks_like_droidippy(text)
    if name.endswith(".json") or (not droidippy and text.lstrip().startswith(("{", "["))):
        yield from _json_tasks(shown, text, identity, rules_text)
    elif droidippy:
        yield Task(shown, "", Format.DROIDIPPY, text, _uid(identity, "", rules_text))
    elif not (skip_records and is_game_record(text)):
        yield Task(shown, "", Format.CASES, text, _uid(identity, "", rules_text))


def _lines(shown: str, path: Path, identity: str, rules_text: str) -> Iterator[Task | GameError]:
    """One task per :data:`CHUNK_GAMES` games (or :data:`CHUNK_BYTES`) of a JSON-lines file."""
    chunk: list[tuple[int, str]] = []
    size = 0
    games = 0
    try:
        lines = open_lines(path)
    except InputError as exc:
        yield GameError(shown, "", exc.message)
        return
    for number, raw in lines:
        if isinstance(raw, InputError):
            yield GameError(shown, f"line {number}", raw.message, number)
            games += 1  # not empty: unreadable
            continue
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError as exc:
            yield GameError(shown, f"line {number}", not_utf8(raw, exc.start), number)
            games += 1
            continue
        if text:
            chunk.append((number, text))
            size += len(raw)
            games += 1
        if len(chunk) >= CHUNK_GAMES or size >= CHUNK_BYTES:
            yield _chunk(shown, chunk, identity, rules_text)
            chunk, size = [], 0
    if chunk:
        yield _chunk(shown, chunk, identity, rules_text)
    if not games:
        yield GameError(shown, "", "empty file: no game")


def _chunk(shown: str, chunk: list[tuple[int, str]], identity: str, rules_text: str) -> Task:
    key = f"lines {chunk[0][0]}-{chunk[-1][0]}"
    return Task(shown, key, Format.MILA, "\n".join(text for _, text in chunk), _uid(identity, key, rules_text),
                chunk[0][0], tuple(n for n, _ in chunk))


def _json_tasks(shown: str, text: str, identity: str, rules_text: str) -> Iterator[Task | GameError]:
    from dipsat.replay.readers.mila_json import loads  # here: a replay of other archives never loads it

    try:
        data = loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # JSON lines in a .json file
            for number, line in enumerate(lines_of(text), start=1):
                key = f"line {number}"
                if line.strip():
                    yield Task(shown, key, Format.MILA, line, _uid(identity, key, rules_text), number)
            return
        yield GameError(shown, "", f"not JSON: {exc.msg}", exc.lineno)
        return
    except RecursionError:
        yield GameError(shown, "", "not a saved game: JSON nested too deeply")
        return
    if isinstance(data, list):
        for i, item in enumerate(data, start=1):
            key = f"game {i}"
            yield Task(shown, key, Format.MILA, json.dumps(item), _uid(identity, key, rules_text))
    else:
        yield Task(shown, "", Format.MILA, text, _uid(identity, "", rules_text))


def read_task(task: Task, rules_text: str | None, maps: Callable[[str], GameMap]) -> list[GameRecord | GameError]:
    """Read the games of a task (a case file holds several).

    Python's cycle collector is paused meanwhile (:mod:`dipsat.replay.collector`).
    """
    from dipsat.replay.checks import check_game
    with no_cycle_collection():
        return distinct_ids([check_game(game, maps) for game in _read_task(task, rules_text, maps)], task.lines)


def distinct_ids(games: list[GameRecord | GameError], lines: tuple[int, ...] = ()) -> list[GameRecord | GameError]:
    """The games of one task, a later game with the id of an earlier one of its file renamed
    (:func:`~dipsat.replay.records.distinct_id`), with a note saying so; ``lines``: each game's line, if known."""
    taken: dict[str, dict[str, int | None]] = {}
    found: list[GameRecord | GameError] = []
    for i, game in enumerate(games):
        ids = taken.setdefault(game.file, {})
        name = distinct_id(game.game, set(ids))
        line = lines[i] if len(lines) == len(games) else None
        ids[name] = line
        if name == game.game:
            found.append(game)
            continue
        note = renamed_note(game.game, name, line, ids[game.game])
        found.append(replace(game, game=name, note=note) if isinstance(game, GameRecord)
                     else replace(game, game=name, message=f"{game.message} ({note})"))
    return found


def _read_task(task: Task, rules_text: str | None, maps: Callable[[str], GameMap]) -> list[GameRecord | GameError]:
    match task.format:
        case Format.DROIDIPPY:
            from dipsat.replay.checks import check_cut_text
            return [check_cut_text(read_droidippy(task.text, task.file, maps("standard")), task.text)]
        case Format.MILA if task.lines:
            from dipsat.replay.readers.mila_json import read_mila
            return [_located(read_mila(text, task.file, f"line {n}", maps), n)
                    for n, text in zip(task.lines, _split_lines(task.text))]
        case Format.MILA:
            from dipsat.replay.readers.mila_json import read_mila
            return [_located(read_mila(task.text, task.file, task.key or Path(task.file).stem, maps), task.line)]
        case Format.CASES:
            games = read_case_file(task.text, task.file, rules_text)
            return [games] if isinstance(games, GameError) else list(games)
    raise ValueError(f"unknown format {task.format!r}")


def _split_lines(text: str) -> list[str]:
    r"""``text.split("\n")``, each line break found by :meth:`str.find` (``memchr``, in C) instead
    of a look at every character: a task of saved games is megabytes of text in a few lines."""
    lines = []
    find = text.find
    start = 0
    end = find("\n")
    while end >= 0:
        lines.append(text[start:end])
        start = end + 1
        end = find("\n", start)
    lines.append(text[start:])
    return lines


def _located(found: GameRecord | GameError, line: int) -> GameRecord | GameError:
    """A saved game that cannot be read, or a phase of it, is located at the line where the game starts."""
    if isinstance(found, GameError) and found.line is None:
        return GameError(found.file, found.game, found.message, line)
    if isinstance(found, GameRecord) and line and any(type(p) is PhaseError and p.line is None for p in found.phases):
        return replace(found, phases=tuple(PhaseError(p.index, p.label, p.message, line)
                                           if type(p) is PhaseError and p.line is None else p for p in found.phases))
    return found


def default_maps(name: str) -> GameMap:
    """Return the board of the variant called ``name``.

    Raises:
        ValueError: no variant has that name.
    """
    from dipsat.variants import find_variant
    return find_variant(name).map


__all__ = ["SUFFIXES", "archive_files", "default_maps", "distinct_ids", "find_tasks", "is_game_record", "read_task"]
