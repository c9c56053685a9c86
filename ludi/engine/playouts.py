"""Random playouts: many uniformly random games, run inside the compiled kernels."""

from __future__ import annotations

import time

import numpy as np

from ludi.compile import layout as L
from ludi.engine import kernels as K
from ludi.engine.game import Game, State, as_game
from ludi.errors import positive_int


def run_playouts(game: Game, n: int, seed: int = 0, start: State | None = None):
    """Arrays (lengths, winners, end ops) of ``n`` random games from ``start`` (the initial
    state by default)."""
    game = as_game(game)
    n = positive_int(n, "the number of games")
    seed = positive_int(seed, "seed", least=0)
    s0 = (start or game.initial_state())._s
    lengths = np.zeros(n, np.int64)
    winners = np.zeros(n, np.int64)
    reasons = np.zeros(n, np.int64)
    work = game.new_work()
    K.playouts(game.tables, s0, work, n, seed, lengths, winners, reasons)
    game.check(work)
    return lengths, winners, reasons


def random_playouts(game: Game, n: int = 1000, seed: int = 0) -> dict:
    """Play ``n`` uniformly random games; summarise them.

    Returns games, mean_length, sd_length, win share of each player (``p1_win``, …), draw share,
    timeout share, end-type shares (``end_types``) and games_per_s. ``game`` may also be a
    shipped name or a ``.lud`` path.
    """
    game = as_game(game)
    n = positive_int(n, "the number of games")
    seed = positive_int(seed, "seed", least=0)
    run_playouts(game, 1, seed)  # compiles (or loads) the kernels: the timing is the run alone
    t0 = time.perf_counter()
    lengths, winners, reasons = run_playouts(game, n, seed)
    elapsed = time.perf_counter() - t0
    out = {"games": n, "mean_length": float(lengths.mean()), "sd_length": float(lengths.std())}
    for p in range(game.num_players):
        out[f"p{p + 1}_win"] = float(np.mean(winners == p))
    out["draw"] = float(np.mean((winners < 0) & (reasons != L.END_TIMEOUT)))
    out["timeout"] = float(np.mean(reasons == L.END_TIMEOUT))
    kinds, counts = np.unique(reasons, return_counts=True)
    names = {L.END_NO_MOVES: "no moves", L.END_TIMEOUT: "move limit"}
    out["end_types"] = {names.get(int(k), game.spec.condition_text(int(k)) if k >= 0 else str(k)):
                        float(c) / n for k, c in zip(kinds, counts, strict=True)}
    out["games_per_s"] = n / elapsed if elapsed > 0 else float("inf")
    out["plies_per_s"] = float(lengths.sum()) / elapsed if elapsed > 0 else float("inf")
    return out
