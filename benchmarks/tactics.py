"""Does the measuring agent see what the rules make forced? Tactical positions (a one-move win,
a one-move block, a double threat: :mod:`ludi.agents.tactics`) found in seeded random games of
the shipped two-player games, each searched once per seed by each agent; the table gives the
share of searches that chose an answer.

Usage: python benchmarks/tactics.py [--agents uct:400,mcts:400,mcts:2000] [--per-kind 3]
[--seeds 5]  (a few minutes; docs/measures.md quotes its table)
"""

from __future__ import annotations

import argparse

from tqdm.auto import tqdm

import ludi
from ludi.agents.players import split_agents
from ludi.agents.tactics import SHIPPED, find_tactics, solve_rates


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


if __name__ == "__main__":
    main()
