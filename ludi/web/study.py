"""LUDI's preference study: its configuration, the balanced assignment of pairs of games, and
the order a participant goes through (consent, game A, game B, the question; again).

A study file (TOML) needs only its games; the rest has defaults::

    [study]
    title = "Two games, one question"
    games = ["tictactoe", "hex", "my_variant.lud", "runs/evolve:2"]
    opponent = "mcts:300"        # the AI every participant plays against
    pairs = 2                    # pairs of games each participant plays
    seat = "alternate"           # first | second | alternate | random
    ratings = true               # also ask a 1-7 rating of each game
    seed = 1
"""

from __future__ import annotations

import difflib
import itertools
import sqlite3
import tomllib
from dataclasses import dataclass, field, fields
from pathlib import Path

import numpy as np

from ludi.agents import make_agent
from ludi.errors import LudiError, UsageError
from ludi.web.matches import Library

SEATS = ("first", "second", "alternate", "random")


@dataclass(frozen=True)
class StudyConfig:
    """A study, as its TOML file says (see the module's docstring)."""

    games: list
    title: str = "Which game do you prefer?"
    opponent: str = "mcts:300"
    pairs: int = 2
    seat: str = "alternate"
    ratings: bool = True
    comment: bool = True
    seed: int = 1
    question: str = "Which of the two games did you enjoy more?"
    consent: str = ("You will play a few short board games against a computer opponent and "
                    "then say which you preferred. No personal data is asked for: you are "
                    "known only by a random code. You may stop at any time.")
    db: str = ""  # the SQLite file (default: beside the study file, STUDY.sqlite)
    measures: dict = field(default_factory=dict)  # trials, agent, results (a folder)
    source: str = ""  # the file it was read from

    @property
    def db_path(self) -> Path:
        if self.db:
            path = Path(self.db)
            return path if path.is_absolute() else Path(self.source).parent / path
        return Path(self.source).with_suffix(".sqlite")


MEASURE_KEYS = {"trials", "agent", "seed", "results"}


def load_study(path: str | Path) -> StudyConfig:
    """Read and check a study file; every mistake names the file and the key."""
    path = Path(path)
    where = str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"no such study file: {path}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise UsageError(f"{where}: not valid TOML: {e}") from None
    table = data.get("study", data)
    if "measures" in data and "measures" not in table:
        table = {**table, "measures": data["measures"]}
    known = {f.name for f in fields(StudyConfig)} - {"source"}
    for key in table:
        if key not in known:
            near = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            raise UsageError(f"{where}: unknown key '{key}'{hint}; keys: "
                             f"{', '.join(sorted(known))}")
    if "games" not in table:
        raise UsageError(f"{where}: the study needs 'games', a list of at least two games")
    config = StudyConfig(**table, source=str(path))
    check_study(config, where)
    return config


def check_study(c: StudyConfig, where: str) -> None:
    def need(ok: bool, message: str) -> None:
        if not ok:
            raise UsageError(f"{where}: {message}")

    need(isinstance(c.games, list) and len(c.games) >= 2, "'games' must list at least two games")
    need(isinstance(c.pairs, int) and not isinstance(c.pairs, bool) and 1 <= c.pairs <= 50,
         f"'pairs' must be a whole number from 1 to 50; got {c.pairs!r}")
    need(c.seat in SEATS, f"'seat' must be one of {', '.join(SEATS)}; got {c.seat!r}")
    need(isinstance(c.seed, int), f"'seed' must be a whole number; got {c.seed!r}")
    for key in ("ratings", "comment"):
        need(isinstance(getattr(c, key), bool), f"'{key}' must be true or false")
    for key in ("title", "question", "consent", "db", "opponent"):
        need(isinstance(getattr(c, key), str), f"'{key}' must be a text")
    unknown = set(c.measures) - MEASURE_KEYS
    need(not unknown, f"unknown key in [measures]: {', '.join(sorted(unknown))}; keys: "
                      f"{', '.join(sorted(MEASURE_KEYS))}")
    try:
        make_agent(c.opponent)
    except LudiError as e:
        raise UsageError(f"{where}: 'opponent': {e.message}") from None


# ---------------------------------------------------------------- the balanced design
def choose_pairs(db: sqlite3.Connection, keys: list[str], pairs: int, seed: int,
                 seq: int) -> list[tuple[str, str]]:
    """The next participant's pairs: the unordered pairs of games shown least so far (ties
    broken by the study's seed and the participant's number), each in the order shown less
    often so far — every pair about equally often, and each game first about half the time.
    Runs inside the transaction that stores them."""
    shown: dict[tuple[str, str], int] = {}
    for a, b, n in db.execute("SELECT game_a, game_b, COUNT(*) FROM assignments "
                              "GROUP BY game_a, game_b"):
        shown[(a, b)] = int(n)
    rng = np.random.default_rng([seed, seq])
    candidates = list(itertools.combinations(keys, 2))
    order = rng.permutation(len(candidates))
    chosen: list[tuple[str, str]] = []
    for _ in range(pairs):
        def times(i: int) -> tuple[int, int]:
            a, b = candidates[i]
            used = sum(1 for x in chosen if set(x) == {a, b})
            return (used, shown.get((a, b), 0) + shown.get((b, a), 0))
        best = min(order, key=times)  # stable: ties go to the seeded permutation's order
        a, b = candidates[best]
        ab, ba = shown.get((a, b), 0), shown.get((b, a), 0)
        first = (a, b) if ab < ba or (ab == ba and rng.random() < 0.5) else (b, a)
        chosen.append(first)
        shown[first] = shown.get(first, 0) + 1
    return chosen


def human_seat(config: StudyConfig, seq: int, pair: int, side: int, players: int) -> int:
    """The seat a participant plays in one game of their study."""
    if config.seat == "first":
        return 0
    if config.seat == "second":
        return 1 % players
    if config.seat == "random":
        return int(np.random.default_rng([config.seed, seq, pair, side]).integers(players))
    return (seq + pair + side) % players  # alternate


class Study:
    """A running study: its configuration and games, and where each participant is."""

    def __init__(self, config: StudyConfig, library: Library):
        self.config = config
        self.library = library
        self.keys = list(library.entries)

    @classmethod
    def load(cls, path: str | Path) -> Study:
        config = load_study(path)
        base = Path(config.source).parent
        games = [g if not isinstance(g, str) or not (base / g).exists() else str(base / g)
                 for g in config.games]
        return cls(config, Library.load(games, where=config.source))

    def assign(self, db: sqlite3.Connection, seq: int) -> list[tuple[str, str]]:
        return choose_pairs(db, self.keys, self.config.pairs, self.config.seed, seq)
