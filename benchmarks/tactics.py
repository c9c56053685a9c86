"""Does the measuring agent see what the rules make forced? Tactical positions (a one-move win,
a one-move block, a double threat: :mod:`ludi.agents.tactics`) found in seeded random games of
the shipped two-player games, each searched once per seed by each agent; the table gives the
share of searches that chose an answer.

Usage: python benchmarks/tactics.py [--agents uct:400,mcts:400,mcts:2000] [--per-kind 3]
[--seeds 5]  (a few minutes; docs/measures.md quotes its table)

Then what it changes in the measures: 5x5 Hex without the pie rule, a first-player win, judged
as evolution judges a candidate (the demo's settings) under eight run seeds, with the demo's
agent and with plain UCT (``uct:400``, the measuring agent before).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from tqdm.auto import tqdm

import ludi
from ludi.agents.players import split_agents
from ludi.agents.tactics import SHIPPED, find_tactics, solve_rates
from ludi.evolve.config import candidate_settings, load_toml, resolve
from ludi.evolve.fitness import evaluate
from ludi.lang import load_description

DEMO = Path(__file__).resolve().parents[1] / "experiments" / "demo.toml"


def hex_5x5(agent: str | None = None, seeds=range(1, 9)) -> dict:
    """5x5 Hex without swap evaluated as a candidate of the demo, once per run seed (with
    ``agent`` instead of the demo's when given): the means of its first player's score, its
    balance and its fitness."""
    text = load_description("hex", {"Board Size": "5x5"}).to_text()
    config = candidate_settings(load_toml(DEMO))
    if agent:
        config["agent"] = agent
    results = [evaluate(text, resolve({**config, "seed": s})) for s in seeds]
    return {"agent": config["agent"],
            "advantage_p1": np.mean([r["measures"]["advantage_p1"] for r in results]),
            "balance": np.mean([r["measures"]["balance"] for r in results]),
            "fitness": np.mean([r["objectives"][0] if r["objectives"] else 0.0
                                for r in results])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", default="uct:400,mcts:400,mcts:2000")
    parser.add_argument("--per-kind", type=int, default=3, help="positions of each kind a game")
    parser.add_argument("--seeds", type=int, default=5, help="searches of each position")
    args = parser.parse_args()
    if args.per_kind < 1 or args.seeds < 1:
        parser.error("--per-kind and --seeds must be at least 1")
    agents = split_agents(args.agents)
    tactics = []
    for name, options in tqdm(SHIPPED, desc="finding positions", unit="game"):
        tactics += find_tactics(ludi.load(name, options=options), args.per_kind, seed=1,
                                max_games=60)
    table = solve_rates(agents, tactics, seeds=range(args.seeds), progress=True)
    wide = table.pivot_table(index=["game", "kind"], columns="agent", values="solved",
                             sort=False)[agents]
    print(f"share of {args.seeds} searches that answer each kind ({len(tactics)} positions, "
          f"up to {args.per_kind} of each kind a game)\n")
    print("| game | kind | " + " | ".join(agents) + " |")
    print("|---|---|" + "---:|" * len(agents))
    for (game, kind), row in wide.iterrows():
        print(f"| {game} | {kind} | " + " | ".join(f"{v:.2f}" for v in row) + " |")
    overall = table.groupby("agent", sort=False)["solved"].mean()[agents]
    print("| all | all | " + " | ".join(f"**{v:.2f}**" for v in overall) + " |")
    print(f"\nby kind, over the {wide.index.get_level_values(0).nunique()} games: the mean "
          "share (the worst game's)\n")
    print("| kind | " + " | ".join(agents) + " |")
    print("|---|" + "---:|" * len(agents))
    for kind, rows in wide.groupby(level="kind", sort=False):
        print(f"| {kind} | " + " | ".join(f"{rows[a].mean():.2f} ({rows[a].min():.2f})"
                                          for a in agents) + " |")

    print("\n5x5 Hex without swap (a first-player win), judged as a candidate of the demo over "
          "8 run seeds: the means\n")
    print("| agent | first player's score | balance | fitness |")
    print("|---|---:|---:|---:|")
    for row in (hex_5x5(), hex_5x5("uct:400")):
        print(f"| {row['agent']} | {row['advantage_p1']:.2f} | {row['balance']:.2f} | "
              f"{row['fitness']:.2f} |")


if __name__ == "__main__":
    main()
