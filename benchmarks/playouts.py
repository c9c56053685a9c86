"""Random-playout throughput of ludi against its references, measured in the same run.

- the hand-written limit kernels in ../shared/bench (when that folder is there),
- OpenSpiel's C++ game loop (``pyspiel.evaluate_bots`` with uniform random bots), when installed.

Usage: python benchmarks/playouts.py [SECONDS] [REPEATS]. Prints the median games/s of REPEATS
timed runs for each; the machine is shared and noisy, so compare ratios from one run.
"""

from __future__ import annotations

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
    for mod_name in ("limit_yavalath", "limit_connection"):
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
        else:
            out["hex"] = mod.rate(mod.hex_playouts, mod.hex_tables(), seconds)
            out["havannah"] = mod.rate(mod.hav_playouts, mod.hav_tables(), seconds)
    return out


def openspiel_rate(name: str | None, seconds: float) -> float | None:
    if name is None:
        return None
    try:
        import numpy as np
        import pyspiel
    except ImportError:
        return None
    params = {"board_size": 8} if name == "havannah" else {}
    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(game.num_players())]
    n, t0 = 0, time.perf_counter()
    rng = np.random.default_rng(0)
    while time.perf_counter() - t0 < seconds:
        for _ in range(50):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.integers(1 << 30)))
        n += 50
    return n / (time.perf_counter() - t0)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    rows = {name: {"ludi": [], "limit": [], "openspiel": []} for name, _, _ in GAMES}
    games = {name: ludi.load(name, options=opts) for name, opts, _ in GAMES}
    for _ in range(repeats):
        limits = limit_rates(seconds)
        for name, _, os_name in GAMES:
            rows[name]["ludi"].append(ludi_rate(games[name], seconds))
            if name in limits:
                rows[name]["limit"].append(limits[name])
            rate = openspiel_rate(os_name, seconds / 2)
            if rate is not None:
                rows[name]["openspiel"].append(rate)
    print(f"random playouts, games/s, median of {repeats} runs of {seconds:.1f} s, one core")
    print(f"{'game':<10} {'ludi':>12} {'limit':>12} {'ludi/limit':>11} {'OpenSpiel':>12}")
    for name, r in rows.items():
        med = {k: statistics.median(v) if v else None for k, v in r.items()}
        ratio = f"{med['ludi'] / med['limit']:.2f}" if med["limit"] else "-"
        fmt = lambda x: f"{x:,.0f}" if x else "-"  # noqa: E731
        print(f"{name:<10} {fmt(med['ludi']):>12} {fmt(med['limit']):>12} {ratio:>11} "
              f"{fmt(med['openspiel']):>12}")


if __name__ == "__main__":
    main()
