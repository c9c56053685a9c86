"""MCTS iterations per second from the opening (one random rollout each), ludi against OpenSpiel's
C++ MCTSBot with a random-rollout evaluator, measured in the same run.

Plain UCT (``uct:N``: no solver, no RAVE) is what OpenSpiel's bot runs (``solve=False``); the last
column is ludi's ``mcts:N`` (the solver, decisive and anti-decisive moves, RAVE in placement
games) on the same position, for what those cost.

Usage: python benchmarks/mcts.py [--iterations N] [--repeats R]. Prints the median of R searches.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import ludi
from ludi.agents import search
from ludi.agents.players import RAVE

GAMES = [("yavalath", {"Pie Rule": "Disabled"}, None),
         ("havannah", {"Pie Rule": "Disabled"}, ("havannah", {"board_size": 8})),
         ("oware", None, ("oware", {}))]


def ludi_rate(game, iterations: int, solver: bool = False) -> float:
    """Iterations per second of one search from the opening (UCT, or with ``solver`` ludi's
    mcts with its default RAVE)."""
    state = game.initial_state()
    size = len(game.new_buffer())
    rave = RAVE if solver else 0.0
    bufs = (np.zeros(size, np.int64), np.zeros(size), np.zeros(size), np.zeros(size),
            np.zeros(4), np.zeros(1, np.int64))
    search.mcts(game.tables, state._s, game.new_work(), 10, 0, 1.4, solver, rave, 0, *bufs)
    work = game.new_work()
    t0 = time.perf_counter()
    search.mcts(game.tables, state._s, work, iterations, 0, 1.4, solver, rave, 1, *bufs)
    elapsed = time.perf_counter() - t0
    game.check(work)
    return iterations / elapsed


def openspiel_rate(name: str, params: dict, iterations: int) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, params)
    evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
    bot = pyspiel.MCTSBot(game, evaluator, 1.4, iterations, 1000, False, 1, False)
    state = game.new_initial_state()
    t0 = time.perf_counter()
    bot.step(state)
    return iterations / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20000, help="iterations a search")
    parser.add_argument("--repeats", type=int, default=3, help="searches (the median is shown)")
    args = parser.parse_args()
    if args.iterations < 1 or args.repeats < 1:
        parser.error("--iterations and --repeats must be at least 1")
    iterations, repeats = args.iterations, args.repeats
    print(f"MCTS iterations/s from the opening, median of {repeats} searches of {iterations}")
    print(f"{'game':<10} {'ludi uct':>12} {'OpenSpiel':>12} {'ludi/OpenSpiel':>15} "
          f"{'ludi mcts':>12}")
    for name, opts, peer in GAMES:
        game = ludi.load(name, options=opts)
        ours = statistics.median(ludi_rate(game, iterations) for _ in range(repeats))
        solver = statistics.median(ludi_rate(game, iterations, True) for _ in range(repeats))
        theirs = None
        if peer is not None:
            rates = [openspiel_rate(peer[0], peer[1], iterations) for _ in range(repeats)]
            theirs = statistics.median(rates) if None not in rates else None
        shown = "-" if theirs is None else f"{theirs:,.0f}"
        ratio = "-" if theirs is None else f"{ours / theirs:.2f}"
        print(f"{name:<10} {ours:>12,.0f} {shown:>12} {ratio:>15} {solver:>12,.0f}")


if __name__ == "__main__":
    main()
