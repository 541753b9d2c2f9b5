"""The case files named on a command line: files, and folders of them (as ``compare`` reads a folder)."""
from __future__ import annotations

from pathlib import Path

from dipsat.model.errors import InputError
from dipsat.model.files import decode_utf8, read_input


def case_files(paths: list[str], command: str, records: bool = False) -> list[str]:
    """Every case file of ``paths``: a file as named, a folder's ``*.txt`` (and ``*.txt.gz``) files
    at any depth, in sorted order, as ``compare`` finds them; in a folder, a game record
    (``GAME ...``, ``dipsat play`` reads it; kept when ``records``) and an archived game
    (``dipsat replay`` reads it) are passed over, as ``compare`` passes over what is no case file.

    Raises:
        InputError: a path does not exist, or a folder holds no case file.
    """
    found: list[str] = []
    for text in paths:
        if not Path(text).is_dir():
            found.append(text)
            continue
        from dipsat.replay.readers import archive_files, is_game_record  # a folder only: start-up
        from dipsat.replay.readers.droidippy import looks_like_droidippy
        try:
            listed = [shown for shown, path in archive_files([text]) if path.name.lower().endswith((".txt", ".txt.gz"))]
        except FileNotFoundError:
            listed = []
        inside = []
        for shown in listed:
            try:
                head = decode_utf8(read_input(shown), shown)
            except InputError:
                inside.append(shown)  # its reader says what is wrong with it
                continue
            if not ((is_game_record(head) and not records) or looks_like_droidippy(head)):
                inside.append(shown)
        if not inside:
            what = "case files and game records" if records else "case files"
            raise InputError(f"no case file (*.txt) in the folder: {command} reads {what}", text)
        found += inside
    return found
