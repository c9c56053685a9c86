"""Fuzzing the engine: compile and play thousands of generated descriptions, and report.

Descriptions come from two sources, alternately: whole games assembled from random subtrees of
the grammar (``random_subtree``), and chains of 1-20 evolution variations (``mutate``,
``crossover``) of every shipped game. Each one is compiled; a game that compiles plays random
playouts in the kernels, a game through the Python API (legal moves, apply) and a short UCT
search, and every final state is audited (board, empty-cell list, piece counts, history).

What counts as a failure: anything but a :class:`ludi.LudiError` (a numba bounds-check
``IndexError``, a Python exception in the compiler), a ``LudiError`` without a place (file, line,
column), a state that fails the audit, or a description that takes too long (a hang).

Run it under numba's bounds checking with its own cache (``tests/test_fuzz.py`` does):

    NUMBA_BOUNDSCHECK=1 NUMBA_CACHE_DIR=.venv/numba-boundscheck \\
        python tests/fuzz_engine.py 5000 --seed 1 --report fuzz.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

import numba
import numpy as np

import ludi
from ludi.agents import make_agent
from ludi.compile import layout as L
from ludi.engine import kernels as K
from ludi.errors import LudiError
from ludi.evolve.operators import crossover, in_ranges, mutate
from ludi.lang import load_description, random_subtree, shipped_games

MOVE_LIMIT = 150  # plies per game: the fuzz is about safety, not long games
PLAYOUTS = 3
API_PLIES = 30
UCT_ITERATIONS = 12


# ---------------------------------------------------------------- descriptions


def grammar_game(rng: random.Random) -> str:
    """A whole game assembled from random subtrees of each part's category."""
    def part(category: str, depth: int) -> str:
        return in_ranges(random_subtree(category, rng, depth), rng).to_text(width=10**9)

    players = rng.choice([2, 2, 2, 3, 4])
    if rng.random() < 0.8:
        equipment = [f"(board {part('board', 2)})"]
    else:
        equipment = ['(mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))',
                     "(regions P1 (sites Bottom))", "(regions P2 (sites Top))",
                     "(map {(pair P1 FirstSite) (pair P2 LastSite)})"]
    equipment.append('(piece "Marker" Each)')
    if rng.random() < 0.3:
        equipment.append(part("equip", 3))
    rules = []
    if rng.random() < 0.4:
        rules.append(f"(meta {part('metarule', 2)})")
    if rng.random() < 0.3:
        rules.append(f"(start {part('init', 3)})")
    rules.append(f"(play {part('moves', rng.choice([2, 3, 4]))})")
    clauses = " ".join(part("clause", rng.choice([2, 3, 4])) for _ in range(rng.randint(1, 3)))
    rules.append(f"(end {{{clauses}}})")
    return (f'(game "Fuzz" (players {players}) (equipment {{{" ".join(equipment)}}}) '
            f'(rules {" ".join(rules)}))')


def seed_trees(rng: random.Random) -> list:
    """Every shipped game, each with a random choice of its options."""
    trees = []
    for name in shipped_games():
        d = load_description(name)
        options = {o.category: rng.choice(o.items).name for o in d.available}
        trees.append(load_description(name, options).tree)
    return trees


def evolved_game(rng: random.Random, seeds: list) -> str:
    """A shipped game after a lineage of 1-20 variations (mutations, crossovers with other
    shipped games). As in evolution, where a child the compiler refuses does not live on, each
    step keeps a child that compiles (of a few tries; else the parent goes on)."""
    tree = rng.choice(seeds)
    for _ in range(rng.randint(1, 20)):
        for _ in range(4):
            if rng.random() < 0.3:
                child = crossover(tree, rng.choice(seeds), rng)[0]
            else:
                child = mutate(tree, rng)
            if _compiles(child):
                tree = child
                break
    return tree.to_text()


def _compiles(tree) -> bool:
    try:
        ludi.parse(tree.to_text())
    except LudiError:
        return False
    return True


def descriptions(count: int, seed: int):
    """``count`` (source, text) pairs: one in three from the grammar (most of which the compiler
    refuses), two in three from evolution (which compile and play)."""
    rng = random.Random(seed)
    seeds = seed_trees(rng)
    for i in range(count):
        if i % 3 == 0:
            yield "grammar", grammar_game(rng)
        else:
            yield "evolution", evolved_game(rng, seeds)


# ---------------------------------------------------------------- playing and auditing


def audit(game: ludi.Game, s: np.ndarray) -> str | None:
    """What is wrong with a state array, or None: the invariants every kernel keeps."""
    C = game.board.num_cells
    n = game.num_players
    board = s[L.section(C, L.S.BOARD)]
    empties = s[L.section(C, L.S.EMPTIES)]
    epos = s[L.section(C, L.S.EPOS)]
    counts = s[L.section(C, L.S.COUNTS)]
    ne = int(s[L.I.NEMPTY])
    if not ((board >= 0) & (board <= n)).all():
        return f"a board value outside 0..{n}"
    if sorted(empties.tolist()) != list(range(C)) or not (epos[empties] == np.arange(C)).all():
        return "the empty-cell list is not a permutation with its inverse"
    if not 0 <= ne <= C or (board[empties[:ne]] != 0).any() or (board[empties[ne:]] == 0).any():
        return "the empty-cell list does not match the board"
    sites = int(game.tables[L.P.BOARD_CELLS])  # the board's sites, then stores and hands
    for colour in range(n):
        in_hand = int(counts[sites:][board[sites:] == colour + 1].sum())
        if int(s[L.I.PIECES + colour]) != int(np.count_nonzero(board[:sites] == colour + 1)) \
                + in_hand:
            return f"the piece count of colour {colour} does not match the board"
    if (counts < 0).any():
        return "a negative count"
    if not 0 <= int(s[L.I.MOVER]) < n:
        return "the colour to move is not a player"
    if not 0 <= int(s[L.I.HIST_LEN]) <= int(game.tables[L.P.HISTORY]):
        return "the history is longer than its capacity"
    if s[L.I.OVER] == 1 and not (s[L.I.RANKS:L.I.RANKS + n] >= 1).all():
        return "a finished game without ranks"
    return None


def play(text: str, seed: int) -> tuple[str, str | None]:
    """Compile and play one description: (outcome, detail). Outcomes: "played", "refused:KIND"
    (a LudiError with a place), "error:KIND" (a LudiError during play), "failure"."""
    try:
        game = ludi.parse(text).with_move_limit(MOVE_LIMIT)
    except LudiError as e:
        if e.line is None:
            return "failure", f"unlocated {type(e).__name__}: {e}"
        return f"refused:{type(e).__name__}", None
    try:
        rng = np.empty(1, np.uint64)
        K.rng_seed(rng, seed)
        work = game.new_work()
        buf = game.new_buffer()
        for _ in range(PLAYOUTS):
            s = game.initial_state()._s.copy()
            K.playout(game.tables, s, work, buf, rng)
            game.check(work)
            problem = audit(game, s)
            if problem:
                return "failure", f"after a playout: {problem}"
        state = game.initial_state()
        pick = random.Random(seed)
        for _ in range(API_PLIES):
            moves = state.legal_moves()
            if not moves:
                break
            state.apply(pick.choice(moves))
        problem = audit(game, state._s)
        if problem:
            return "failure", f"after {state.ply} plies through the API: {problem}"
        if not state.is_terminal():
            make_agent(f"mcts:{UCT_ITERATIONS}", seed).analyse(state)
    except LudiError as e:
        if e.line is None:
            return "failure", f"unlocated {type(e).__name__} during play: {e}"
        return f"error:{type(e).__name__}", str(e).splitlines()[0]
    return "played", None


def run(count: int, seed: int, progress: Path | None = None, limit: float = 20.0) -> dict:
    """Fuzz ``count`` descriptions; the summary as a dict (``failures`` lists each failure)."""
    outcomes: Counter[str] = Counter()
    sources: Counter[str] = Counter()
    failures, engine_errors, slow = [], [], []
    t0 = time.perf_counter()
    for i, (source, text) in enumerate(descriptions(count, seed)):
        if progress is not None:
            progress.write_text(json.dumps({"index": i, "source": source, "text": text}))
        start = time.perf_counter()
        try:
            outcome, detail = play(text, seed + i)
        except Exception:  # noqa: BLE001 - every other exception is what the fuzz looks for
            outcome, detail = "failure", traceback.format_exc(limit=6)
        elapsed = time.perf_counter() - start
        outcomes[outcome] += 1
        sources[source] += 1
        if outcome == "failure":
            failures.append({"index": i, "source": source, "text": text, "detail": detail})
        elif outcome.startswith("error:"):
            engine_errors.append({"index": i, "text": text, "detail": detail})
        if elapsed > limit:
            slow.append({"index": i, "seconds": round(elapsed, 1), "text": text})
    return {"descriptions": count, "seed": seed, "boundscheck": bool(numba.config.BOUNDSCHECK),
            "seconds": round(time.perf_counter() - t0, 1),
            "sources": dict(sources), "outcomes": dict(sorted(outcomes.items())),
            "failures": failures, "engine_errors": engine_errors, "slow": slow}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, nargs="?", default=5000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report", type=Path, help="write the summary as JSON here")
    parser.add_argument("--progress", type=Path, help="the description being played, as JSON")
    args = parser.parse_args()
    summary = run(args.count, args.seed, args.progress)
    text = json.dumps(summary, indent=1)
    if args.report:
        args.report.write_text(text)
    shown = {k: v for k, v in summary.items() if k not in ("failures", "engine_errors", "slow")}
    print(json.dumps(shown, indent=1))
    print(f"failures: {len(summary['failures'])}, engine errors: "
          f"{len(summary['engine_errors'])}, slow: {len(summary['slow'])}")
    for f in summary["failures"][:10]:
        print(f"--- failure {f['index']} ({f['source']}): {f['detail']}\n{f['text']}")
    sys.exit(1 if summary["failures"] else 0)


if __name__ == "__main__":
    main()
