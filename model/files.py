"""Files in and out: reading input with a size limit (gzip too), writing output atomically.

Every command reads its input files through :func:`read_input` (or :func:`open_lines` for
JSON lines), so a file that is endless (``/dev/zero``), larger than :data:`MAX_INPUT_BYTES`, a
truncated or corrupt ``.gz`` or unreadable is one :class:`~dipsat.model.errors.InputError`
naming the file, never a ``MemoryError`` or ``EOFError``. Every command writes its output
through :func:`write_atomic`: a temporary file in the same folder renamed into place, with the
usual permissions (``0666`` less the umask), so a failed or killed run never leaves half a file.
Pure standard library (``dipsat.model`` imports neither ortools nor pandas).
"""
from __future__ import annotations

import io
import os
import re
import _signal as signal  # signal's own functions, without its enums (~0.5 ms of a start-up)
import stat
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import BinaryIO, Final

from dipsat.model.errors import InputError, OutputError
from dipsat.model.on_use import ImportedOnUse

gzip = ImportedOnUse("gzip")  # imported when a .gz file is read (not at every start-up, issue 23)


def _limit_from_env(name: str, default: int) -> int:
    try:
        return max(1, int(os.environ.get(name, "")))
    except ValueError:
        return default


MAX_INPUT_BYTES: Final = _limit_from_env("DIPSAT_MAX_INPUT_BYTES", 256 << 20)
"""Largest input file read whole (after gunzip): 256 MiB, or ``DIPSAT_MAX_INPUT_BYTES``."""
MAX_LINE_BYTES: Final = _limit_from_env("DIPSAT_MAX_LINE_BYTES", 256 << 20)
"""Largest line of a JSON-lines file (one saved game): 256 MiB, or ``DIPSAT_MAX_LINE_BYTES``."""



def _gzip_errors() -> tuple[type[BaseException], ...]:
    """What reading a truncated or corrupt gzip stream raises (an ``except`` clause asks only once
    an error is raised: gzip and zlib are imported then)."""
    import zlib

    return EOFError, gzip.BadGzipFile, zlib.error


def _is_gzip(path: Path) -> bool:
    return path.name.lower().endswith(".gz")


def _size_text(size: int) -> str:
    return f"{size >> 20} MiB" if size >= 1 << 20 else f"{size} bytes"


def _gzip_problem(exc: BaseException) -> str:
    if isinstance(exc, EOFError):
        return "truncated gzip file: the compressed data ends early"
    return f"corrupt gzip file: {exc}"


def read_input(path: str | Path, limit: int | None = None) -> bytes:
    """Return the bytes of the file at ``path`` (decompressed if its name ends in ``.gz``).

    Raises:
        InputError: located at the file: missing or unreadable, a truncated or corrupt gzip
            file, or more than ``limit`` (default :data:`MAX_INPUT_BYTES`) bytes, e.g. an endless
            device such as ``/dev/zero``.
    """
    path = Path(path)
    limit = MAX_INPUT_BYTES if limit is None else limit
    if not _is_regular(path):  # a pipe or a device can be read once: keep what it gave
        key = (str(path), limit)
        if key not in _READ_ONCE:
            try:
                _READ_ONCE[key] = _read(path, limit)
            except InputError as exc:
                _READ_ONCE[key] = exc
        found = _READ_ONCE[key]
        if isinstance(found, InputError):
            raise found
        return found
    return _read(path, limit)


_READ_ONCE: dict[tuple[str, int], bytes | InputError] = {}
"""What each pipe or device read so far gave (bytes, or the error): ``<(cat f)`` and
``/dev/stdin`` give their bytes once, and every command reads a file more than once at times
(report looks at a file's first word, then reads it; replay lists a file's games, then reads them)."""


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return True  # the read says what is wrong


def _read(path: Path, limit: int) -> bytes:
    try:
        with path.open("rb") as raw:
            stream: BinaryIO = gzip.GzipFile(fileobj=raw, mode="rb") if _is_gzip(path) else raw  # type: ignore[assignment]
            data = stream.read(limit + 1)
    except _gzip_errors() as exc:
        raise InputError(_gzip_problem(exc), str(path)) from None
    except IsADirectoryError:
        raise InputError("a folder, not a file (adjudicate, report, compare and replay read folders)",
                         str(path)) from None
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", str(path)) from exc
    except MemoryError:
        raise InputError(f"not enough memory to read it (limit {_size_text(limit)})", str(path)) from None
    if len(data) > limit:
        raise InputError(f"larger than {_size_text(limit)}: an endless input? "
                         "(raise the limit with DIPSAT_MAX_INPUT_BYTES)", str(path))
    return data


def decode_utf8(data: bytes, source: str) -> str:
    """Return ``data`` as text (a leading byte-order mark, as some editors write, is dropped).

    Raises:
        InputError: at ``source`` and the line of the first byte that is not UTF-8.
    """
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = line_at(data, exc.start)
        raise InputError(not_utf8(data, exc.start, line), source, line) from None


def not_utf8(data: bytes, at: int, line: int | None = None) -> str:
    """Why ``data`` cannot be read (its byte ``at``, in ``line``, is no UTF-8): ``not UTF-8: byte
    0xe9 in line 3``, or that it is UTF-16 (it starts with UTF-16's byte-order mark)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "not UTF-8 but UTF-16 (it starts with a UTF-16 byte-order mark): save it as UTF-8"
    return f"not UTF-8: byte 0x{data[at]:02x}" + (f" in line {line}" if line else "")


_LINE_BREAK: Final = re.compile(r"\r\n|\r|\n")


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` as an editor counts them: a line ends at ``\n``, ``\r\n`` or ``\r``
    only (``str.splitlines`` also ends one at a form feed, a vertical tab, NEL, U+2028..., so
    that an error named the wrong line); a last line break starts no empty line."""
    lines = _LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def line_at(data: bytes, offset: int) -> int:
    """The line (from 1, counted as :func:`lines_of` counts) holding byte ``offset`` of ``data``."""
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


_BOM: Final = b"\xef\xbb\xbf"


def open_lines(path: str | Path, limit: int | None = None) -> Iterator[tuple[int, bytes | InputError]]:
    """Yield ``(line number, raw line)`` of a (possibly gzipped) file, in constant memory.

    A UTF-8 byte-order mark before the first line is dropped. A line longer than ``limit``
    (default :data:`MAX_LINE_BYTES`) is yielded as an :class:`InputError` and skipped; a truncated or corrupt gzip stream, or a read error, ends
    the lines with one :class:`InputError` (the lines before it were yielded).

    Raises:
        InputError: the file cannot be opened.
    """
    path = Path(path)
    limit = MAX_LINE_BYTES if limit is None else limit
    regular = _is_regular(path)
    try:
        raw = path.open("rb") if regular else io.BytesIO(read_input(path))  # a pipe: read once, unzipped
    except OSError as exc:
        raise InputError(f"cannot read file: {exc.strerror or exc}", str(path)) from None
    number = 0
    with raw:
        stream: BinaryIO = gzip.GzipFile(fileobj=raw, mode="rb") if _is_gzip(path) and regular else raw  # type: ignore[assignment]
        readline = _BlockLines(stream).readline if regular and stream is raw else stream.readline
        try:
            while True:
                line = readline(limit + 1)
                if not line:
                    return
                number += 1
                if number == 1 and line.startswith(_BOM):  # a UTF-8 byte-order mark reads like none
                    line = line[len(_BOM):]
                if len(line) > limit and not line.endswith(b"\n"):
                    yield number, InputError(f"line longer than {_size_text(limit)}", str(path), number)
                    while line and not line.endswith(b"\n"):  # skip the rest of the long line
                        line = readline(1 << 20)
                    continue
                yield number, line
        except _gzip_errors() as exc:
            yield number + 1, InputError(_gzip_problem(exc), str(path), number + 1)
        except OSError as exc:
            yield number + 1, InputError(f"cannot read file: {exc.strerror or exc}", str(path), number + 1)


class _BlockLines:
    """``readline(size)`` of a binary stream, as :meth:`io.BufferedReader.readline` reads it, each
    line's end found by :meth:`bytes.find` (``memchr``) in blocks read ahead: the buffered reader
    looks at each byte in turn (about 5 instructions a byte; the 51 MILA games' 12.9 MB, read
    twice by a replay, 128 M instructions). An error of the stream is raised where it reads."""

    __slots__ = ("stream", "block", "at")

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.block = b""
        self.at = 0

    def readline(self, size: int) -> bytes:
        """The next line with its ``\\n``, at most ``size`` bytes of it (``b""``: the end)."""
        block, at = self.block, self.at
        end = block.find(b"\n", at, at + size)
        if end >= 0:  # the usual: the whole line in the block read
            self.at = end + 1
            return block[at:end + 1]
        parts = []
        while True:
            piece = block[at:at + size]
            parts.append(piece)
            size -= len(piece)
            if not size:
                self.at = at + len(piece)
                break
            block = self.block = self.stream.read(_LINES_BLOCK)
            at = self.at = 0
            if not block:
                break
            end = block.find(b"\n", 0, size)
            if end >= 0:
                parts.append(block[:end + 1])
                self.at = end + 1
                break
        return parts[0] if len(parts) == 1 else b"".join(parts)


_LINES_BLOCK: Final = 1 << 18
"""Bytes :class:`_BlockLines` reads at a time."""


def _why_not_writable(path: Path, exc: OSError) -> str:
    """The reason in words, naming an ancestor that is a file rather than a folder."""
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                return f"cannot write: {parent} is a file, not a folder"
            break
    return f"cannot write: {exc.strerror or exc}"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomic(path: str | Path, write: Callable[[str], object]) -> None:
    """Call ``write(temporary_path)``, then rename the temporary file to ``path``.

    The file gets the usual permissions (``0666`` less the umask), not ``mkstemp``'s ``0600``;
    the temporary name ends in the same suffix (writers that choose a format by it see it).

    Raises:
        OutputError: the folder cannot be made or written (the message names ``path``).
    """
    path = Path(path)
    temp = ""
    held = _hold_ctrl_c()  # a Ctrl-C while the temporary file is made arrives inside the try, after it is named
    try:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)  # the temporary name ends like the real one
            fd, temp = _new_file(path.parent, f".{path.name}.", f".tmp{path.suffix}")
            os.close(fd)
        except OSError as exc:
            raise OutputError(_why_not_writable(path, exc), str(path)) from None
        finally:
            _release_ctrl_c(held)
        write(temp)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except OutputError:
        raise
    except OSError as exc:
        Path(temp).unlink(missing_ok=True)
        raise OutputError(f"cannot write: {exc.strerror or exc}", str(path)) from None
    except BaseException:
        if temp:
            Path(temp).unlink(missing_ok=True)
        raise


_NEW_FILE_FLAGS: Final = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
                          | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _new_file(folder: Path, prefix: str, suffix: str) -> tuple[int, str]:
    """A file made new in ``folder`` (``prefix``, random letters, ``suffix``), open, mode ``0600``:
    what :func:`tempfile.mkstemp` makes, without importing tempfile (with shutil, random, bz2
    and lzma: about 2 % of a one-game replay, issue 23). Its descriptor and path.

    Raises:
        OSError: the folder cannot be written (as mkstemp raises it).
    """
    for _ in range(10_000):  # tempfile.TMP_MAX names tried
        name = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(name, _NEW_FILE_FLAGS, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(17, "no usable temporary file name found", str(folder))


def _hold_ctrl_c() -> bool:
    """Hold back SIGINT in this thread (POSIX); whether it was held."""
    if not hasattr(signal, "pthread_sigmask"):
        return False
    return signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _release_ctrl_c(held: bool) -> None:
    """Let SIGINT through again (a Ctrl-C pressed meanwhile is a ``KeyboardInterrupt`` now)."""
    if held:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def write_text_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically (see :func:`write_atomic`)."""
    write_atomic(path, lambda temp: Path(temp).write_text(text, encoding="utf-8", newline="\n"))


def check_writable(path: str | Path) -> None:
    """Make sure a file can later be written at ``path`` (its folder is made if missing).

    Raises:
        OutputError: the folder cannot be made or written, or ``path`` is a folder.
    """
    path = Path(path)
    if path.is_dir():
        raise OutputError("is a folder, not a file", str(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = _new_file(path.parent, f".{path.name}.", ".check")
    except OSError as exc:
        raise OutputError(_why_not_writable(path, exc), str(path)) from None
    os.close(fd)
    os.unlink(temp)


def remove_stale(*paths: str | Path) -> None:
    """Remove output files of an earlier run, so that none can pass for this run's.

    Raises:
        OutputError: a file cannot be removed.
    """
    for p in paths:
        try:
            Path(p).unlink(missing_ok=True)
        except IsADirectoryError:
            raise OutputError("is a folder, not a file", str(p)) from None
        except OSError as exc:
            raise OutputError(f"cannot remove the output of an earlier run: {exc.strerror or exc}",
                              str(p)) from None
