"""What judging one candidate costs: the demo's evaluation (ludi.evolve.fitness.evaluate) of three
candidates, against a fixed reference measured in the same run.

The reference is 12 games of plain UCT self-play at 400 iterations (``uct:400``, which was
ludi's ``mcts:400`` before the solver and RAVE) of Yavalath on hexhex 5: the same games, so the
same work, whatever the fitness does. The candidates: Yavalath on hexhex 7, Hex 9x9 with the pie
rule, and three in a row on a 6x6 square (a first-player win). Costs are CPU seconds of this
process (``time.process_time``, steadier than the wall clock on a shared machine), the median of
``--repeats`` rounds that each time the reference and every candidate once; a candidate's cost is
reported as a multiple of the reference.

With ``--workers N`` it also times evaluations per minute on N processes (the wall clock, as a
user sees it): the three candidates, ``--repeats`` times each, on a process pool.

Usage: python benchmarks/evaluate.py [--config experiments/demo.toml] [--repeats 3] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ludi.evolve.config import candidate_settings, load_toml, resolve
from ludi.evolve.fitness import evaluate, warm_up
from ludi.lang import load_description
from ludi.measure.trials import play_one

DEMO = Path(__file__).resolve().parents[1] / "experiments" / "demo.toml"
REFERENCE_AGENT = "uct:400"
REFERENCE_GAMES = 12


def candidates() -> dict[str, str]:
    """The three candidates, by label: their expanded descriptions."""
    yavalath = load_description("yavalath").to_text()
    return {
        "Yavalath, hexhex 7": yavalath.replace("(hex 5)", "(hex 7)"),
        "Hex 9x9, pie rule": load_description(
            "hex", {"Board Size": "9x9", "Pie Rule": "Enabled"}).to_text(),
        "three in a row, 6x6": '(game "Open Three" (players 2) (equipment { (board (square 6)) '
                               '(piece "Marker" Each) }) (rules (play (move Add (to (sites '
                               'Empty)))) (end (if (is Line 3 All) (result Mover Win)))))',
    }


def reference() -> None:
    """12 games of uct:400 self-play of Yavalath on hexhex 5."""
    text = load_description("yavalath").to_text()
    for i in range(REFERENCE_GAMES):
        play_one(text, [REFERENCE_AGENT] * 2, 100 + i)


def cpu_seconds(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--config", default=str(DEMO), help="a run's settings (TOML)")
    parser.add_argument("--repeats", type=int, default=3, help="rounds (the median is shown)")
    parser.add_argument("--workers", type=int, default=0,
                        help="also time evaluations per minute on this many processes")
    args = parser.parse_args()
    if args.repeats < 1 or args.workers < 0:
        parser.error("--repeats must be at least 1 and --workers at least 0")
    config = resolve(candidate_settings(load_toml(args.config)))
    warm_up(config["agent"])
    texts = candidates()
    refs, costs, results = [], {k: [] for k in texts}, {}
    for _ in range(args.repeats):
        refs.append(cpu_seconds(reference))
        for label, text in texts.items():
            costs[label].append(cpu_seconds(lambda t=text, k=label: results.__setitem__(
                k, evaluate(t, config))))
    ref = statistics.median(refs)
    print(f"candidate cost at {config['agent']} ({config['trials']} self-play games at most, "
          f"{config['skill_games']} against {config['weak_agent']}, {config['screen_games']} "
          f"random), median of {args.repeats}")
    print(f"{'reference: 12 games of uct:400, Yavalath':42} {ref:7.3f} s   1.00x")
    ratios = []
    for label, values in costs.items():
        cost = statistics.median(values)
        ratios.append(cost / ref)
        r = results[label]
        fitness = r["objectives"][0] if r["objectives"] else 0.0
        print(f"{label:42} {cost:7.3f} s {cost / ref:6.2f}x   gate {r['gate']}, fitness "
              f"{fitness:.3f}, {int(r['measures'].get('trials', 0))} self-play games")
    print(f"{'mean of the candidates':42} {'':9} {statistics.mean(ratios):6.2f}x")
    if args.workers:
        jobs = [text for _ in range(args.repeats) for text in texts.values()]
        with ProcessPoolExecutor(args.workers) as pool:
            list(pool.map(warm_up, [config["agent"]] * args.workers))
            start = time.perf_counter()
            list(pool.map(evaluate, jobs, [config] * len(jobs)))
            wall = time.perf_counter() - start
        print(f"evaluations per minute on {args.workers} processes: {60 * len(jobs) / wall:.0f}")


if __name__ == "__main__":
    main()
