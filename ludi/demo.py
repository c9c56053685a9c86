"""`make demo`: a short tour — list the shipped games, parse each, and play random games of the
ones the engine can play, with their throughput."""

from __future__ import annotations

import time

from ludi.engine import from_description, random_playouts
from ludi.errors import CompileError
from ludi.lang import grammar, load_description, shipped_games


def main() -> None:
    grammar()
    print("ludi demo: the shipped games, parsed and played at random\n")
    print(f"{'game':<12} {'parse ms':>8}  {'cells':>5}  {'games/s':>10}  {'mean plies':>10}  "
          f"outcomes")
    for name in shipped_games():
        t0 = time.perf_counter()
        desc = load_description(name)
        parse_ms = (time.perf_counter() - t0) * 1000
        try:
            game = from_description(desc)
        except CompileError as e:
            print(f"{name:<12} {parse_ms:>8.1f}  parsed; not playable yet ({e.message[:50]}…)")
            continue
        stats = random_playouts(game, 2000, seed=1)
        outcomes = ", ".join(f"P{p + 1} {stats[f'p{p + 1}_win']:.2f}"
                             for p in range(game.num_players)) + f", draw {stats['draw']:.2f}"
        print(f"{name:<12} {parse_ms:>8.1f}  {game.board.num_cells:>5}  "
              f"{stats['games_per_s']:>10,.0f}  {stats['mean_length']:>10.1f}  {outcomes}")
    print("\nTry: ludi games | ludi parse yavalath | ludi show havannah --moves 'e5 f6' "
          "| ludi play tictactoe | ludi bench hex")


if __name__ == "__main__":
    main()
