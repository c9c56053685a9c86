"""The SQLite store of the web app: matches and every move as it is played, the study's
participants, their assigned pairs and answers.

One file in WAL mode, so readers never wait for the writer and a killed server loses nothing
that was answered: a match's position is its list of moves, replayed on demand. Every query
binds its values (no SQL is ever built from what a browser sent).

>>> store = Store(":memory:")
>>> mid = store.create_match("tictactoe", "random", humans=(0,), seed=7)
>>> store.add_move(mid, 0, "b2", "human", 0)
True
>>> [m.text for m in store.moves(mid)]
['b2']
"""

from __future__ import annotations

import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS participants (
    id TEXT PRIMARY KEY, seq INTEGER NOT NULL, created REAL NOT NULL, finished REAL);
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY, participant TEXT, game TEXT NOT NULL, opponent TEXT NOT NULL,
    humans TEXT NOT NULL, seed INTEGER NOT NULL, created REAL NOT NULL, finished REAL,
    result TEXT);
CREATE TABLE IF NOT EXISTS moves (
    id INTEGER PRIMARY KEY AUTOINCREMENT, match TEXT NOT NULL, ply INTEGER NOT NULL,
    text TEXT NOT NULL, by TEXT NOT NULL, player INTEGER NOT NULL, at REAL NOT NULL,
    undone INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS moves_of_match ON moves (match, undone, ply);
CREATE TABLE IF NOT EXISTS assignments (
    participant TEXT NOT NULL, pair INTEGER NOT NULL, game_a TEXT NOT NULL,
    game_b TEXT NOT NULL, match_a TEXT, match_b TEXT, PRIMARY KEY (participant, pair));
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    participant TEXT NOT NULL, pair INTEGER NOT NULL, preferred TEXT NOT NULL,
    rating_a INTEGER, rating_b INTEGER, comment TEXT, at REAL NOT NULL,
    PRIMARY KEY (participant, pair));
"""

#: The tables, in the order an export writes them.
TABLES = ("participants", "assignments", "matches", "moves", "answers")


@dataclass(frozen=True)
class MatchRow:
    id: str
    participant: str | None
    game: str
    opponent: str
    humans: tuple[int, ...]  # the players (0-based) a person plays
    seed: int
    finished: float | None
    result: str | None


@dataclass(frozen=True)
class MoveRow:
    ply: int
    text: str
    by: str  # "human" or "ai"
    player: int


@dataclass(frozen=True)
class Assignment:
    pair: int
    game_a: str
    game_b: str
    match_a: str | None
    match_b: str | None


def new_id() -> str:
    """An unguessable id (128 random bits): knowing one gives no hint of another."""
    return secrets.token_urlsafe(16)


class Store:
    """The study database. Each thread gets its own connection to the same file."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self._local = threading.local()
        self._memory = None
        if self.path == ":memory:":  # one shared connection (doctests, quick scripts)
            self._memory = sqlite3.connect(":memory:", check_same_thread=False,
                                           isolation_level=None)
            self._lock = threading.Lock()
        self._db().executescript(SCHEMA)

    # ------------------------------------------------------------ connections
    def _db(self) -> sqlite3.Connection:
        if self._memory is not None:
            return self._memory
        db = getattr(self._local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses nothing
            db.execute("PRAGMA foreign_keys=ON")
            self._local.db = db
        return db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, taken at once (BEGIN IMMEDIATE) so checks inside it hold."""
        db = self._db()
        lock = getattr(self, "_lock", None)
        if lock is not None:
            lock.acquire()
        try:
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        finally:
            if lock is not None:
                lock.release()

    def close(self) -> None:
        db = getattr(self._local, "db", None) or self._memory
        if db is not None:
            db.close()

    # ------------------------------------------------------------ matches and moves
    def create_match(self, game: str, opponent: str, humans: tuple[int, ...], seed: int,
                     participant: str | None = None) -> str:
        mid = new_id()
        with self._write() as db:
            db.execute("INSERT INTO matches (id, participant, game, opponent, humans, seed, "
                       "created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (mid, participant, game, opponent, ",".join(map(str, humans)), seed,
                        time.time()))
        return mid

    def match(self, mid: str) -> MatchRow | None:
        row = self._db().execute(
            "SELECT id, participant, game, opponent, humans, seed, finished, result "
            "FROM matches WHERE id = ?", (mid,)).fetchone()
        if row is None:
            return None
        humans = tuple(int(h) for h in row[4].split(",") if h)
        return MatchRow(row[0], row[1], row[2], row[3], humans, row[5], row[6], row[7])

    def moves(self, mid: str) -> list[MoveRow]:
        rows = self._db().execute(
            "SELECT ply, text, by, player FROM moves WHERE match = ? AND undone = 0 "
            "ORDER BY ply", (mid,)).fetchall()
        return [MoveRow(*r) for r in rows]

    def add_move(self, mid: str, ply: int, text: str, by: str, player: int,
                 result: str | None = None) -> bool:
        """Record move ``ply`` (0-based) of a match; False (and nothing written) when the
        match has moved on meanwhile (a second tab, a double click). ``result`` finishes it."""
        with self._write() as db:
            (played,) = db.execute("SELECT COUNT(*) FROM moves WHERE match = ? AND undone = 0",
                                   (mid,)).fetchone()
            if played != ply:
                return False
            db.execute("INSERT INTO moves (match, ply, text, by, player, at) "
                       "VALUES (?, ?, ?, ?, ?, ?)", (mid, ply, text, by, player, time.time()))
            if result is not None:
                db.execute("UPDATE matches SET finished = ?, result = ? WHERE id = ?",
                           (time.time(), result, mid))
        return True

    def undo(self, mid: str, ply: int) -> None:
        """Take back the moves from ``ply`` on (kept, marked undone: nothing is deleted)."""
        with self._write() as db:
            db.execute("UPDATE moves SET undone = 1 WHERE match = ? AND ply >= ?", (mid, ply))
            db.execute("UPDATE matches SET finished = NULL, result = NULL WHERE id = ?", (mid,))

    # ------------------------------------------------------------ participants
    def create_participant(self, assign: Callable[[sqlite3.Connection, int], list[tuple]]) \
            -> str:
        """A new participant and their pairs, chosen by ``assign(db, seq)`` inside the same
        transaction (so two people arriving at once see each other's assignments)."""
        pid = new_id()
        with self._write() as db:
            (seq,) = db.execute("SELECT COUNT(*) FROM participants").fetchone()
            db.execute("INSERT INTO participants (id, seq, created) VALUES (?, ?, ?)",
                       (pid, seq, time.time()))
            for pair, (a, b) in enumerate(assign(db, seq)):
                db.execute("INSERT INTO assignments (participant, pair, game_a, game_b) "
                           "VALUES (?, ?, ?, ?)", (pid, pair, a, b))
        return pid

    def participant_seq(self, pid: str) -> int | None:
        row = self._db().execute("SELECT seq FROM participants WHERE id = ?",
                                 (pid,)).fetchone()
        return None if row is None else int(row[0])

    def assignments(self, pid: str) -> list[Assignment]:
        rows = self._db().execute(
            "SELECT pair, game_a, game_b, match_a, match_b FROM assignments "
            "WHERE participant = ? ORDER BY pair", (pid,)).fetchall()
        return [Assignment(*r) for r in rows]

    def set_pair_match(self, pid: str, pair: int, side: str, mid: str) -> str:
        """Record the match of one side ("a" or "b") of a pair unless one is recorded
        already (two tabs at once); return the one recorded."""
        column = {"a": "match_a", "b": "match_b"}[side]
        with self._write() as db:
            db.execute(f"UPDATE assignments SET {column} = ? WHERE participant = ? AND "
                       f"pair = ? AND {column} IS NULL", (mid, pid, pair))
            (current,) = db.execute(f"SELECT {column} FROM assignments WHERE participant = ? "
                                    "AND pair = ?", (pid, pair)).fetchone()
        return current

    def answered(self, pid: str) -> set[int]:
        rows = self._db().execute("SELECT pair FROM answers WHERE participant = ?", (pid,))
        return {int(r[0]) for r in rows}

    def save_answer(self, pid: str, pair: int, preferred: str, rating_a: int | None,
                    rating_b: int | None, comment: str, last: bool) -> bool:
        """Store an answer once (False if this pair was answered already); ``last`` marks
        the participant finished."""
        with self._write() as db:
            if db.execute("SELECT 1 FROM answers WHERE participant = ? AND pair = ?",
                          (pid, pair)).fetchone():
                return False
            db.execute("INSERT INTO answers (participant, pair, preferred, rating_a, rating_b, "
                       "comment, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (pid, pair, preferred, rating_a, rating_b, comment, time.time()))
            if last:
                db.execute("UPDATE participants SET finished = ? WHERE id = ?",
                           (time.time(), pid))
        return True

    # ------------------------------------------------------------ about the study
    def set_meta(self, key: str, value: str) -> None:
        """Remember a fact of the study (its file, the simulation's hidden utilities)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    def meta(self, key: str) -> str | None:
        row = self._db().execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    # ------------------------------------------------------------ reading it all
    def table(self, name: str):
        """One whole table as a pandas DataFrame (``name`` from :data:`TABLES`)."""
        import pandas as pd

        if name not in TABLES:
            raise ValueError(f"no table {name!r}; tables: {', '.join(TABLES)}")
        return pd.read_sql_query(f"SELECT * FROM {name}", self._db())

    def counts(self) -> dict[str, int]:
        """Rows per table, and participants finished (the admin page's progress)."""
        db = self._db()
        out = {name: int(db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0])
               for name in TABLES}
        out["finished"] = int(db.execute(
            "SELECT COUNT(*) FROM participants WHERE finished IS NOT NULL").fetchone()[0])
        return out
