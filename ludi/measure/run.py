"""``ludi.measure``: self-play trials of a game turned into its quality measures."""

from __future__ import annotations

import pandas as pd

from ludi.engine import Game, as_game
from ludi.errors import positive_int
from ludi.measure.measures import compute_measures
from ludi.measure.records import GameRecord
from ludi.measure.trials import match, playing_agent, self_play


def win_rate(game: Game, strong: str, weak: str, games: int, seed: int, workers: int,
             progress: bool = False) -> float:
    """The share of games ``strong`` wins against ``weak`` (seats rotating); draws count half.
    Two-player games only (with more players every other seat plays ``weak``)."""
    agents = [strong] + [weak] * (game.num_players - 1)
    df = match(game, agents, games=games, seed=seed, workers=workers, progress=progress)
    wins = (df["winner_agent"] == strong).sum()
    return float((wins + 0.5 * df["draw"].sum()) / max(len(df), 1))


def skill_trace(game: Game, ladder=(16, 64, 256), games: int = 20, seed: int = 0,
                workers: int = 1) -> float:
    """Depth / skill trace: the mean win rate of mcts:2k over mcts:k along a ladder of k (a deep
    game keeps rewarding more search)."""
    rates = [win_rate(game, f"mcts:{2 * k}", f"mcts:{k}", games, seed + i, workers)
             for i, k in enumerate(ladder)]
    return float(sum(rates) / len(rates))


def measure(game: Game, trials: int = 100, agent: str = "mcts:300", seed: int = 1,
            workers: int = 1, *, evaluator: str | None = None, vs_random: int = 0,
            skill: bool = False, progress: bool = True,
            records: list[GameRecord] | None = None) -> pd.Series:
    """Play ``trials`` self-play games of ``agent`` and compute every measure (a Series keyed
    by snake_case names: completion, drawishness, timeouts, balance, advantage, duration, …).

    ``vs_random``: games of ``agent`` against random play, for GAVEL's fitness; ``skill``: add
    the skill trace (more games). Pass ``records`` to reuse trials already played. ``game``
    may also be a shipped name or a ``.lud`` path.
    """
    game = as_game(game)
    seed = positive_int(seed, "seed", least=0)
    positive_int(vs_random, "vs_random", least=0)
    if records is None:
        records = self_play(game, trials, agent, seed, workers, evaluator, progress)
    else:
        playing_agent(agent)
    uct = win_rate(game, agent, "random", vs_random, seed + 1, workers) if vs_random else None
    trace = skill_trace(game, seed=seed + 2, workers=workers) if skill else None
    series = compute_measures(records, uct_vs_random=uct, skill_trace=trace)
    series.name = game.name
    return series
