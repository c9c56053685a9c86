"""A fingerprint of how the engine plays: run it before and after a refactor, and compare.

For every shipped game (each item of each option) and every ``.lud`` file of a Ludii library
folder, it records whether the description loads (or the first line of the refusal), its legal
moves at the start, a digest of seeded random playouts (lengths, winners, end types) and of a
seeded game through the Python API (every move's text, the final returns) and of a short UCT
match; the same for generated descriptions of the fuzz test. A change that plays any game
differently changes its line; a change that only moves code around leaves the file byte for
byte the same.

Usage:
    python benchmarks/fingerprint.py OUT.json [--library ../shared/ludii/library] [--fuzz 1500]
    python benchmarks/fingerprint.py --compare BEFORE.json AFTER.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

PLAYOUTS = 100
API_PLIES = 40
PLY_CAP = 400  # playouts stop here: the fingerprint is about what is played, not long games
SEARCH_PLIES = 60  # the UCT match of a shipped game stops here; of any other, at SHORT_SEARCH
SHORT_SEARCH = 12  # (some library games' search is slow: a fingerprint must not take hours)


def digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(np.ascontiguousarray(part).tobytes() if isinstance(part, np.ndarray)
                 else repr(part).encode())
    return h.hexdigest()[:16]


def play(game, shipped: bool) -> dict:
    from ludi.engine.playouts import run_playouts
    from ludi.measure.trials import play_one

    game = game.with_move_limit(PLY_CAP)  # (the same cap on every version of the layout)
    state = game.initial_state()
    legal = [m.text for m in state.legal_moves()]
    out = {"legal0": f"{len(legal)} {digest(legal)}", "board0": digest(str(state))}
    out["playouts"] = digest(*run_playouts(game, PLAYOUTS, 11))
    if game.fast_paths:
        out["general"] = digest(*run_playouts(game.without_fast_paths(), PLAYOUTS, 11))
    rng = random.Random(5)
    texts = []
    for _ in range(API_PLIES):
        if state.is_terminal():
            break
        moves = state.legal_moves()
        move = moves[rng.randrange(len(moves))]
        texts.append(move.text)
        state.apply(move)
    out["api"] = digest(texts, state.is_terminal() and state.returns())
    agent = "mcts:30" if shipped else "mcts:8"
    rows = [play_one(game.description.to_text(), [agent] * game.num_players, seed,
                     move_limit=SEARCH_PLIES if shipped else SHORT_SEARCH) for seed in (3, 4)]
    out["uct"] = digest([(r["winner"], r["length"], r["end_type"]) for r in rows])
    return out


def one(job: tuple[str, str, dict | str | None]) -> tuple[str, dict]:
    key, source, options = job
    import ludi
    from ludi.engine.game import from_description
    from ludi.errors import LudiError
    from ludi.lang import load_description
    from ludi.lang.expand import NO_RULESET

    try:
        if options is None:
            game = from_description(load_description(Path(source), ruleset=NO_RULESET))
        elif options == "text":
            game = ludi.parse(source)
        else:
            game = ludi.load(source, options=options)
    except LudiError as e:
        return key, {"refused": str(e).strip().split("\n")[0]}
    try:
        return key, play(game, key.startswith("shipped/"))
    except LudiError as e:
        return key, {"error": str(e).strip().split("\n")[0]}
    except Exception as e:  # noqa: BLE001 - recorded, compared
        return key, {"crash": f"{type(e).__name__}: {e}"}


def jobs(library: Path | None, fuzz: int) -> list[tuple[str, str, dict | str | None]]:
    from ludi.lang import load_description, shipped_games

    out = []
    for name in shipped_games():
        desc = load_description(name)
        out.append((f"shipped/{name}", name, {}))
        for option in desc.available:
            for item in option.items:
                out.append((f"shipped/{name}/{option.category}={item.name}", name,
                            {option.category: item.name}))
    if library is not None:
        for path in sorted(library.rglob("*.lud")):
            out.append((path.relative_to(library).as_posix(), str(path), None))
    if fuzz:  # the fuzz test's descriptions: from the grammar, and lineages of variations
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from fuzz_engine import descriptions

        for i, (source, text) in enumerate(descriptions(fuzz, seed=1)):
            out.append((f"fuzz/{i:05d}-{source}", text, "text"))
    return out


def compare(before: Path, after: Path) -> int:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    changed = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for key in changed:
        print(f"{key}\n  before: {a.get(key)}\n  after:  {b.get(key)}")
    print(f"{len(a)} before, {len(b)} after, {len(changed)} differ")
    return 1 if changed else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument("--library", type=Path,
                        default=Path(__file__).resolve().parents[2] / "shared" / "ludii"
                        / "library")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fuzz", type=int, default=1500, metavar="N",
                        help="also N of the fuzz test's generated descriptions (seed 1)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT.json, or --compare BEFORE AFTER")
    from tqdm import tqdm

    todo = jobs(args.library if args.library.is_dir() else None, args.fuzz)
    results = {}
    with ProcessPoolExecutor(args.workers) as pool:
        for key, value in tqdm(pool.map(one, todo, chunksize=4), total=len(todo), unit="game"):
            results[key] = value
    args.out.write_text(json.dumps(results, indent=1, sort_keys=True))
    print(f"{len(results)} games fingerprinted into {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
