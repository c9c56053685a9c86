"""Tactical positions: what an agent must see to judge a game, found in play and checked by
exhaustive search.

Three kinds, in two-player games, each with the set of moves that answer it:

- ``win``: the player to move can win at once (answers: the moves that win);
- ``block``: the player to move cannot win at once, and some of its moves let the opponent win
  on their next move (answers: the moves that neither do that nor lose at once);
- ``double threat``: neither can win at once, and the player to move has a move after which
  every reply leaves it a winning move (a win in three plies; answers: those moves).

:func:`find_tactics` walks seeded random games of a game and keeps the first positions of each
kind (with answers that are not every move); :func:`solve_rates` plays an agent on them. The
measures judge a rule set by its self-play, so an agent that misses these records blunders as
the game's character (docs/measures.md, "The measuring agent").

>>> import ludi
>>> tactics = find_tactics(ludi.load("tictactoe"), per_kind=1, seed=1)
>>> sorted({t.kind for t in tactics})
['block', 'double threat', 'win']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pandas as pd
from tqdm.auto import tqdm

from ludi.agents import search
from ludi.agents.players import make_agent
from ludi.engine import Game, State, as_game
from ludi.errors import UsageError

KINDS = ("win", "block", "double threat")

#: The shipped two-player games, with options that make them two-player and small enough for
#: random play to meet every kind of tactic (benchmarks/tactics.py, tests/test_measuring_agent.py).
SHIPPED = [("tictactoe", None), ("gomoku", {"Board Size": "9x9"}), ("fourline", None),
           ("yavalath", {"Pie Rule": "Disabled"}), ("hex", {"Board Size": "7x7"}),
           ("havannah", {"Board Size": "5", "Pie Rule": "Disabled"}),
           ("y", {"Board Size": "7", "Pie Rule": "Disabled"}), ("oware", None),
           ("playwin", None), ("hexfive", None), ("bridges", None)]


@dataclass(frozen=True)
class Tactic:
    """A position of ``game`` with the player to move facing a ``kind`` of tactic; ``answers``
    are the texts of the moves that meet it."""

    game: str
    kind: str
    state: State
    answers: frozenset[str]

    def __str__(self) -> str:
        return (f"{self.game}, {self.kind} at ply {self.state.ply}: "
                f"{', '.join(sorted(self.answers))} of {len(self.state.legal_moves())} moves")


def _after(state: State, move) -> State:
    return state.copy().play_legal(move)


def winning_moves(state: State) -> list[str]:
    """The moves after which the player to move has won."""
    me = state.to_move
    return [m.text for m in state.legal_moves()
            if (child := _after(state, m)).is_terminal() and child.winner == me]


def can_win(state: State) -> bool:
    """Has the player to move a move that wins at once? (The search's own check, compiled:
    :func:`ludi.agents.search.winning_move`.)"""
    if state.is_terminal():
        return False
    game = state.game
    codes = state.legal_codes()  # (a capture series' move reads this generation's series)
    buf = game.new_buffer()
    buf[:len(codes)] = codes
    found = search.winning_move(game.tables, state._s, game._work, buf, len(codes),
                                state._s.copy(), game.new_buffer())
    game.check(game._work)
    return found >= 0


def _wins_after_every_reply(state: State) -> bool:
    """Is the game, with the opponent to move in ``state``, won by the other player within
    their next move whatever the opponent plays?"""
    if state.is_terminal():
        return False
    return all(not (reply := _after(state, r)).is_terminal() and can_win(reply)
               for r in state.legal_moves())


def classify(state: State) -> Tactic | None:
    """The tactic the player to move faces in ``state`` (two players, game going on), or None:
    checked exhaustively, a win first, then a block, then a double threat."""
    if state.is_terminal() or state.game.num_players != 2:
        return None
    moves = state.legal_moves()
    name = state.game.name
    wins = winning_moves(state)
    if wins:
        return Tactic(name, "win", state, frozenset(wins)) if len(wins) < len(moves) else None
    children = {m.text: _after(state, m) for m in moves}
    me = state.to_move
    lost = {t for t, c in children.items()  # the move loses at once (a misère rule)
            if c.is_terminal() and c.winner is not None and c.winner != me}
    allows = {t for t, c in children.items() if can_win(c)}
    if allows:  # the opponent can win next unless the move stops them
        safe = [t for t in children if t not in lost and t not in allows]
        return Tactic(name, "block", state, frozenset(safe)) if safe else None
    double = [t for t, c in children.items() if _wins_after_every_reply(c)]
    if double and len(double) < len(moves):
        return Tactic(name, "double threat", state, frozenset(double))
    return None


def find_tactics(game, per_kind: int = 3, seed: int = 0, max_games: int = 300) -> list[Tactic]:
    """Up to ``per_kind`` positions of each kind from seeded random games of ``game`` (a
    :class:`~ludi.engine.Game`, a shipped name or a path), at most one a game, each checked by
    :func:`classify`."""
    game: Game = as_game(game)
    if game.num_players != 2:
        raise UsageError(f"tactics are found in two-player games; {game.name} has "
                         f"{game.num_players} players")
    rng = random.Random(seed)
    found: dict[str, list[Tactic]] = {k: [] for k in KINDS}
    for _ in range(max_games):
        if all(len(v) >= per_kind for v in found.values()):
            break
        state = game.initial_state()
        seen: set[str] = set()
        while not state.is_terminal():
            tactic = classify(state)
            if tactic and tactic.kind not in seen and len(found[tactic.kind]) < per_kind:
                found[tactic.kind].append(Tactic(tactic.game, tactic.kind, state.copy(),
                                                 tactic.answers))
                seen.add(tactic.kind)
            state.play_legal(rng.choice(state.legal_moves()))
    return [t for k in KINDS for t in found[k]]


def solve_rates(agents: list[str], tactics: list[Tactic], seeds=range(5),
                progress: bool = False) -> pd.DataFrame:
    """Each agent's share of answers over the tactics (one search per seed): a row per agent,
    game and kind."""
    rows = []
    for spec in agents:
        for t in tqdm(tactics, desc=spec, unit="position", disable=not progress, leave=False):
            hits = sum(make_agent(spec, seed).choose(t.state).text in t.answers
                       for seed in seeds)
            rows.append({"agent": spec, "game": t.game, "kind": t.kind, "ply": t.state.ply,
                         "solved": hits / len(seeds)})
    return (pd.DataFrame(rows).groupby(["agent", "game", "kind"], sort=False)["solved"]
            .mean().reset_index())
