"""Random-playout throughput of ludi against its references, measured in the same run.

- the hand-written limit kernels in ../shared/bench (when that folder is there): the practical
  limit of a numba kernel written for one game,
- OpenSpiel's fastest random loop: the C++ rollouts of ``RandomRolloutEvaluator``, driven as a
  one-simulation ``MCTSBot`` that plays ``ROLLOUTS`` random games from the start per call (1.4 to
  3.7 times faster than its ``evaluate_bots`` loop), when OpenSpiel is installed.

Usage: python benchmarks/playouts.py [--seconds S] [--repeats R]. Prints the median games/s of
R timed runs of each; the machine is shared and noisy, so compare ratios from one run.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

import ludi
from ludi.engine.playouts import run_playouts

SHARED_BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench"
GAMES = [
    ("yavalath", {"Pie Rule": "Disabled"}, None),
    ("hex", {"Pie Rule": "Disabled"}, "hex"),
    ("havannah", {"Pie Rule": "Disabled"}, "havannah"),
    ("tictactoe", None, "tic_tac_toe"),
    ("oware", None, "oware"),
]


def ludi_rate(game, seconds: float) -> float:
    run_playouts(game, 10, 0)
    n, batch, seed = 0, 1000, 1
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        run_playouts(game, batch, seed)
        n += batch
        seed += 1
        if time.perf_counter() - t0 < seconds / 10:
            batch *= 2
    return n / (time.perf_counter() - t0)


def limit_rates(seconds: float) -> dict[str, float]:
    if not SHARED_BENCH.is_dir():
        return {}
    out = {}
    for mod_name in ("limit_yavalath", "limit_connection", "limit_oware"):
        spec = importlib.util.spec_from_file_location(mod_name, SHARED_BENCH / f"{mod_name}.py")
        mod = importlib.util.module_from_spec(spec)
        sys.modules[mod_name] = mod  # numba's cache reloads kernels by their module's name
        spec.loader.exec_module(mod)
        if mod_name == "limit_yavalath":
            nb = mod.tables()
            mod.playouts(nb, 100, 1)
            n, s, t0 = 0, 2, time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                mod.playouts(nb, 20000, s)
                n += 20000
                s += 1
            out["yavalath"] = n / (time.perf_counter() - t0)
        elif mod_name == "limit_oware":
            mod.playouts(100, 1)
            n, s, t0 = 0, 2, time.perf_counter()
            while time.perf_counter() - t0 < seconds:
                mod.playouts(20000, s)
                n += 20000
                s += 1
            out["oware"] = n / (time.perf_counter() - t0)
        else:
            out["hex"] = mod.rate(mod.hex_playouts, mod.hex_tables(), seconds)
            out["havannah"] = mod.rate(mod.hav_playouts, mod.hav_tables(), seconds)
    return out


#: Random games per call of OpenSpiel's rollout evaluator.
ROLLOUTS = 1000


def openspiel_rate(name: str | None, seconds: float) -> float | None:
    """Games/s of OpenSpiel's fastest random loop: one MCTS simulation from the start, whose
    leaf (the start itself) is evaluated by ROLLOUTS random games in C++."""
    if name is None:
        return None
    try:
        import pyspiel
    except ImportError:
        return None
    params = {"board_size": 8} if name == "havannah" else {}
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    n, seed, t0 = 0, 1, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        evaluator = pyspiel.RandomRolloutEvaluator(ROLLOUTS, seed)
        pyspiel.MCTSBot(game, evaluator, 1.4, 1, 1000, False, seed, False).step(state)
        n += ROLLOUTS
        seed += 1
    return n / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one timed run")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs (medians shown)")
    args = parser.parse_args()
    if args.seconds <= 0 or args.repeats < 1:
        parser.error("--seconds must be positive and --repeats at least 1")
    seconds, repeats = args.seconds, args.repeats
    rows = {name: {"ludi": [], "limit": [], "openspiel": []} for name, _, _ in GAMES}
    games = {name: ludi.load(name, options=opts) for name, opts, _ in GAMES}
    for _ in range(repeats):
        limits = limit_rates(seconds)
        for name, _, os_name in GAMES:
            rows[name]["ludi"].append(ludi_rate(games[name], seconds))
            if name in limits:
                rows[name]["limit"].append(limits[name])
            rate = openspiel_rate(os_name, seconds)
            if rate is not None:
                rows[name]["openspiel"].append(rate)
    print(f"random playouts, games/s, median of {repeats} runs of {seconds:.1f} s, one core")
    print(f"{'game':<10} {'ludi':>12} {'limit':>12} {'ludi/limit':>11} {'OpenSpiel':>12} "
          f"{'ludi/OpenSpiel':>15}")
    for name, r in rows.items():
        med = {k: statistics.median(v) if v else None for k, v in r.items()}
        ratio = f"{med['ludi'] / med['limit']:.2f}" if med["limit"] else "-"
        fmt = lambda x: f"{x:,.0f}" if x else "-"  # noqa: E731
        vs = f"{med['ludi'] / med['openspiel']:.2f}" if med["openspiel"] else "-"
        print(f"{name:<10} {fmt(med['ludi']):>12} {fmt(med['limit']):>12} {ratio:>11} "
              f"{fmt(med['openspiel']):>12} {vs:>15}")


if __name__ == "__main__":
    main()
