"""Games kept in SQLite (the standard library's ``sqlite3``): a file created on first use, WAL mode,
its schema versioned (``PRAGMA user_version``).

What is stored is the game's record, not a board: the head (variant, rules, seed, start board),
the orders of every phase as their holders wrote them, and the phases adjudicated. The board at
any phase is the record played (:mod:`dipsat.serve.games`), so a restart loses nothing and the
export is the stored record itself. Each change runs in one ``BEGIN IMMEDIATE`` transaction: two
adjudications of one game are serialised, and the second sees the phase the first made.
"""
from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from dipsat.model.errors import InputError

SCHEMA_VERSION = 1
"""The schema this code writes; a file with a newer one is refused, an older one migrated."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created TEXT NOT NULL,
    title TEXT NOT NULL,
    variant TEXT NOT NULL,
    rules TEXT NOT NULL,
    seed INTEGER,
    start_phase TEXT NOT NULL,    -- the phase the game begins at
    start TEXT NOT NULL,          -- UNITS/CENTRES/CHANGES lines of a start board of its own, or ''
    gm_token TEXT NOT NULL UNIQUE,
    adjudicated INTEGER NOT NULL DEFAULT 0,   -- phases adjudicated so far; the current phase's index
    deadline TEXT,                -- ISO time (UTC) the current phase is adjudicated at, if any
    phase_hours REAL,             -- each new phase's deadline, hours after it begins
    when_ready INTEGER NOT NULL DEFAULT 0     -- adjudicate as soon as every power due has ordered
);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY,
    game TEXT NOT NULL REFERENCES games(id),
    power TEXT NOT NULL,
    UNIQUE (game, power)
);
CREATE TABLE IF NOT EXISTS orders (
    game TEXT NOT NULL REFERENCES games(id),
    phase INTEGER NOT NULL,
    power TEXT NOT NULL,
    lines TEXT NOT NULL,          -- the order lines, one a line, as written
    seq INTEGER NOT NULL,         -- when first submitted in the phase: the record keeps this order
    PRIMARY KEY (game, phase, power)
);
CREATE TABLE IF NOT EXISTS phases (
    game TEXT NOT NULL REFERENCES games(id),
    phase INTEGER NOT NULL,
    name TEXT NOT NULL,           -- Spring 1901 Movement
    adjudicated TEXT NOT NULL,    -- ISO time
    PRIMARY KEY (game, phase)
);
"""


class SchemaError(InputError):
    """The database file was written by a newer dipsat, or is no SQLite database of games."""


class Store:
    """The SQLite file of the games; ``:memory:`` keeps them in one shared in-memory database."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.RLock()
        self._memory: sqlite3.Connection | None = None
        self._ready = False
        self._local = threading.local()

    def _connect(self) -> sqlite3.Connection:
        if self.path == ":memory:":
            if self._memory is None:
                self._memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
                self._memory.row_factory = _row
            return self._memory
        con = getattr(self._local, "con", None)
        if con is not None:
            return con  # one connection per thread, kept: closing the last one would checkpoint the WAL each time
        con = self._local.con = sqlite3.connect(self.path, timeout=30, isolation_level=None, check_same_thread=False)
        con.row_factory = _row
        con.execute("PRAGMA busy_timeout = 30000")
        con.execute("PRAGMA synchronous = NORMAL")  # WAL: a commit survives a crash of dipsat, fsync at checkpoints
        return con

    def _setup(self, con: sqlite3.Connection) -> None:
        if self._ready:
            return
        if self.path != ":memory:":
            con.execute("PRAGMA journal_mode = WAL")
        con.execute("BEGIN IMMEDIATE")
        try:
            version = con.execute("PRAGMA user_version").fetchone()["user_version"]
            if version > SCHEMA_VERSION:
                raise SchemaError(f"schema version {version} is newer than this dipsat's ({SCHEMA_VERSION}): "
                                  "use a newer dipsat or another --db", self.path)
            for statement in _SCHEMA.split(";\n"):  # version 0 -> 1: the tables
                if statement.strip():
                    con.execute(statement)
            con.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        self._ready = True

    def check(self) -> None:
        """Open an existing file now (``dipsat serve`` at start), so that one dipsat cannot use is
        refused before serving; a missing file is left to be created on first use.

        Raises:
            SchemaError: a newer schema, or not a database.
        """
        if self.path == ":memory:" or not Path(self.path).exists():
            return
        try:
            self._setup(self._connect())
        except sqlite3.DatabaseError as exc:
            raise SchemaError(f"not a database of dipsat's games ({exc})", self.path) from None

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (``BEGIN IMMEDIATE``): the game's writes are serialised."""
        with self._lock:
            con = self._connect()
            self._setup(con)
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: one consistent snapshot of the file for all its statements."""
        if self.path == ":memory:":
            with self._lock:
                con = self._connect()
                self._setup(con)
                yield con
            return
        con = self._connect()
        self._setup(con)
        con.execute("BEGIN")
        try:
            yield con
        finally:
            con.execute("COMMIT")


def _row(cursor: sqlite3.Cursor, values: tuple[object, ...]) -> dict[str, object]:
    """Rows as dictionaries, by column name."""
    return {d[0]: v for d, v in zip(cursor.description, values)}
