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
    out["draw"] = float(np.mean((winners < 0) & (reasons != L.END.TIMEOUT)))
    out["timeout"] = float(np.mean(reasons == L.END.TIMEOUT))
    kinds, counts = np.unique(reasons, return_counts=True)
    names = {L.END.NO_MOVES: "no moves", L.END.TIMEOUT: "move limit"}
    out["end_types"] = {names.get(int(k), game.spec.condition_text(int(k)) if k >= 0 else str(k)):
                        float(c) / n for k, c in zip(kinds, counts, strict=True)}
    out["games_per_s"] = n / elapsed if elapsed > 0 else float("inf")
    out["plies_per_s"] = float(lengths.sum()) / elapsed if elapsed > 0 else float("inf")
    return out


def recorded_random_game(game: Game, seed: int) -> tuple[State, np.ndarray, np.ndarray,
                                                         np.ndarray, np.ndarray]:
    """One uniformly random game from the start, played whole in compiled code: its final
    state and, as :class:`ludi.measure.GameRecord` keeps them, per move the player to move and
    the number of legal moves, per state (the final one included) the occupied sites, and per
    site whether it was ever occupied. A cheap game for a random screen: no Python per move
    (and so no move texts: the final state's ``moves`` list stays empty).

    >>> import ludi
    >>> state, movers, legal, occupancy, ever = recorded_random_game(ludi.load("tictactoe"), 1)
    >>> len(occupancy) == len(movers) + 1 == state.ply + 1
    True
    """
    state = game.initial_state()
    room = max(0, int(game.tables[L.P.MOVE_LIMIT]) - state.ply)
    movers = np.zeros(room, np.int64)
    legal = np.zeros(room, np.int64)
    occupancy = np.zeros(room + 1, np.int64)
    ever = np.zeros(int(game.tables[L.P.CELLS]), np.bool_)
    work = game.new_work()
    n = K.recorded_playout(game.tables, state._s, work, game.new_buffer(), int(seed), movers,
                           legal, occupancy, ever)
    game.check(work)
    if n < 0:  # the move limit bounds the game; a game past it is an engine fault
        raise RuntimeError(f"{game.name}: a random game went past its move limit of "
                           f"{int(game.tables[L.P.MOVE_LIMIT])} plies")
    return state, movers[:n], legal[:n], occupancy[:n + 1], ever
