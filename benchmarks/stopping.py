"""How often does sequential stopping decide otherwise than all the self-play games would?

Each entry of the fitness benchmark (experiments/benchmark.toml) is played for the demo's full
``trials`` games of self-play, once per run seed, exactly as a candidate's games are seeded; then
the stopping rule of :func:`ludi.evolve.fitness.evaluate` is replayed on those games. A stop is
wrong when it says ``unsound`` and all the games give soundness at least ``unsound_below``, or
stops as sound and all the games give less than ``sound_above``.

Usage: python benchmarks/stopping.py [--seeds 6] [--config experiments/demo.toml]
(about ten minutes for six seeds; docs/measures.md quotes it)
"""

from __future__ import annotations

import argparse
import statistics
from pathlib import Path

from tqdm.auto import tqdm

from ludi.engine import from_description
from ludi.evolve.benchmark import entries
from ludi.evolve.config import candidate_settings, load_toml, resolve
from ludi.evolve.fitness import candidate_seed, soundness, soundness_bounds
from ludi.evolve.patterns import has_goal
from ludi.lang import parse
from ludi.measure.measures import compute_measures, wilson
from ludi.measure.trials import play_one

DEMO = Path(__file__).resolve().parents[1] / "experiments" / "demo.toml"


def decide(records: list, config: dict, goal: float) -> tuple[str, int]:
    """The stopping rule on ``records`` in order: ("unsound" | "sound" | "full", games read)."""
    for k in range(int(config["min_trials"]), len(records) + 1):
        lo, hi = soundness_bounds(records[:k], config, goal)
        if hi < float(config["unsound_below"]):
            return "unsound", k
        if lo >= float(config["sound_above"]):
            return "sound", k
    return "full", len(records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=6, help="run seeds per benchmark entry")
    parser.add_argument("--config", default=str(DEMO), help="a run's settings (TOML)")
    args = parser.parse_args()
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    config = resolve(candidate_settings(load_toml(args.config)))
    trials, limit = int(config["trials"]), int(config["move_limit"])
    jobs = [(e, s) for e in entries() for s in range(args.seeds)]
    rows = []
    for entry, run_seed in tqdm(jobs, desc="benchmark entries x seeds", unit="entry"):
        desc = parse(entry.text)
        text, goal = desc.to_text(), float(has_goal(desc))
        specs = [config["agent"]] * from_description(desc).num_players
        first = candidate_seed(desc.hash, run_seed) + 10_000
        records = [play_one(text, specs, first + i, True, None, None, limit)
                   for i in range(trials)]
        verdict, read = decide(records, config, goal)
        whole = soundness({**compute_measures(records), "goal": goal}, config)
        part = soundness({**compute_measures(records[:read]), "goal": goal}, config)
        wrong = (verdict == "unsound" and whole >= float(config["unsound_below"])) or \
                (verdict == "sound" and whole < float(config["sound_above"]))
        rows.append({"kind": entry.kind, "verdict": verdict, "read": read, "whole": whole,
                     "part": part, "wrong": wrong})
    stops = [r for r in rows if r["verdict"] != "full"]
    print(f"{len(rows)} evaluations ({len(entries())} entries x {args.seeds} seeds) at "
          f"{config['agent']}, {config['min_trials']} to {trials} games")
    for verdict in ("unsound", "sound", "full"):
        chosen = [r for r in rows if r["verdict"] == verdict]
        kinds = ", ".join(f"{sum(r['kind'] == k for r in chosen)} {k}"
                          for k in ("good", "degenerate"))
        print(f"  {verdict:8} {len(chosen):4}  ({kinds})")
    sound = [abs(r["part"] - r["whole"]) for r in rows if r["verdict"] == "sound"]
    if sound:
        print(f"  soundness of a sound stop against all {trials} games: mean difference "
              f"{statistics.mean(sound):.3f}, largest {max(sound):.3f}")
    played = sum(r["read"] for r in rows)
    print(f"  games played {played:,} of {len(rows) * trials:,} "
          f"({1 - played / (len(rows) * trials):.0%} saved)")
    wrong = sum(r["wrong"] for r in rows)
    _, upper = wilson(wrong, len(stops))
    print(f"  wrong stops: {wrong} of {len(stops)} (95% upper bound on the rate {upper:.1%})")

if __name__ == "__main__":
    main()
