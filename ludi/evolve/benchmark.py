"""The fitness benchmark (``experiments/benchmark.toml``): good games and degenerate rule sets.

A fitness is worth evolving with when it ranks every game people play above every rule set no one
would; :func:`score` measures each entry exactly as evolution measures a candidate, and
:func:`margin` is the gap between the worst good game and the best degenerate rule set.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ludi.errors import LudiError
from ludi.evolve.config import resolve
from ludi.evolve.fitness import evaluate
from ludi.files import shipped
from ludi.lang import load_description
from ludi.lang.description import ludii_library
from ludi.lang.expand import NO_RULESET

#: The benchmark shipped with ludi.
BENCHMARK = shipped("experiments/benchmark.toml")


@dataclass(frozen=True)
class Entry:
    """One game of the benchmark: its label, kind ("good" or "degenerate"), reason, text, family
    (the kind of game; Ludii's category for its files), whether the fitness was shaped on it
    (``tuned``) and its half ("dev" or "held-out", :func:`draw_halves`)."""

    label: str
    kind: str
    why: str
    text: str
    family: str = ""
    tuned: bool = False
    half: str = ""


HALVES = ("dev", "held-out")


def _degenerate_text(i: int, e: dict) -> str:
    if "text" in e:
        return e["text"]
    meta = f"(meta {e['meta']})" if e.get("meta") else ""
    return (f'(game "Degenerate {i}" (players 2) (equipment {{ (board {e["board"]}) '
            f'(piece "Marker" Each) {e.get("extra", "")} }}) (rules {meta} '
            f'(play (move Add (to (sites Empty)))) (end {{ {e["end"]} }})))')


def _good_description(e: dict):
    """A good entry's description: a shipped game, or a file of Ludii's library."""
    if "ludii" not in e:
        return load_description(e["name"], e.get("options"), ruleset=e.get("ruleset"))
    root = ludii_library()
    path = root / "board" / e["ludii"]
    if not path.is_file():
        raise LudiError(f"the benchmark's entry '{e['ludii']}' is a file of Ludii's library, "
                        f"not found under {root / 'board'}: put Ludii's library in "
                        "../shared/ludii/library or set LUDI_LUDII_DIR")
    return load_description(path, ruleset=NO_RULESET)


def _good_label(e: dict) -> str:
    if "ludii" in e:
        return f"{Path(e['ludii']).stem} (Ludii)"
    chosen = ", ".join(f"{v}" for v in (e.get("options") or {}).values())
    return e["name"] + (f" ({chosen})" if chosen else "") + \
        (f" [{e['ruleset']}]" if e.get("ruleset") else "")


def entries(path: str | Path = BENCHMARK) -> list[Entry]:
    """The benchmark's games, good ones first."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for e in data.get("good", []):
        out.append(Entry(_good_label(e), "good", e["why"], _good_description(e).to_text(),
                         e.get("family", ""), bool(e.get("tuned")), e.get("half", "")))
    for i, e in enumerate(data.get("degenerate", []), 1):
        out.append(Entry(e.get("label", f"degenerate {i}"), "degenerate", e["why"],
                         _degenerate_text(i, e), e.get("family", ""), bool(e.get("tuned")),
                         e.get("half", "")))
    return out


def draw_halves(games: list[Entry], seed: int) -> dict[str, str]:
    """Split the benchmark in two by a seeded draw: within each group of one kind and one
    ``tuned`` flag (ordered by label), a random half (the larger half when odd, alternately)
    is "dev" and the rest "held-out". Returns each label's half."""
    rng = np.random.default_rng(seed)
    halves, odd = {}, 0
    for key in sorted({(e.kind, e.tuned) for e in games}):
        labels = sorted(e.label for e in games if (e.kind, e.tuned) == key)
        n_dev = len(labels) // 2 + (len(labels) % 2) * (odd % 2 == 0)
        odd += len(labels) % 2
        for rank, i in enumerate(rng.permutation(len(labels))):
            halves[labels[i]] = HALVES[0] if rank < n_dev else HALVES[1]
    return halves


def split_seed(path: str | Path = BENCHMARK) -> int:
    """The seed the file's halves were drawn with."""
    return int(tomllib.loads(Path(path).read_text(encoding="utf-8"))["split_seed"])


def score(config: dict, path: str | Path = BENCHMARK, progress: bool = True) -> pd.DataFrame:
    """Each entry evaluated as evolution evaluates a candidate under ``config``: one row per
    entry with its label, kind, gate, fitness and measures, best first."""
    config = resolve(config)
    rows = []
    for e in tqdm(entries(path), desc="benchmark", unit="game", disable=not progress):
        result = evaluate(e.text, config)
        fitness = result["objectives"][0] if result["objectives"] else 0.0
        rows.append({"label": e.label, "kind": e.kind, "family": e.family, "tuned": e.tuned,
                     "half": e.half, "why": e.why, "gate": result["gate"],
                     "fitness": fitness, **result["measures"]})
    return pd.DataFrame(rows).sort_values("fitness", ascending=False, ignore_index=True)


def margin(table: pd.DataFrame, half: str | None = None) -> float:
    """The worst good game's fitness minus the best degenerate one's (positive: separated), over
    the whole table or one ``half`` of it."""
    if half is not None:
        table = table[table["half"] == half]
    good = table.loc[table["kind"] == "good", "fitness"]
    bad = table.loc[table["kind"] == "degenerate", "fitness"]
    return float(good.min() - bad.max())


def summary(table: pd.DataFrame) -> pd.DataFrame:
    """Per part of the benchmark (all, each half, the entries the fitness was not tuned on): its
    size, margin, worst good game and best degenerate one, and the share of (good, degenerate)
    pairs the fitness orders rightly (the AUC: 1 is a perfect ranking, 0.5 a coin)."""
    parts = {"all": table, **{h: table[table["half"] == h] for h in HALVES},
             "not tuned on": table[~table["tuned"].astype(bool)]}
    rows = []
    for name, part in parts.items():
        good = part[part["kind"] == "good"]
        bad = part[part["kind"] == "degenerate"]
        pairs = good["fitness"].to_numpy()[:, None] - bad["fitness"].to_numpy()[None, :]
        worst = good.loc[good["fitness"].idxmin()] if len(good) else None
        best = bad.loc[bad["fitness"].idxmax()] if len(bad) else None
        rows.append({"part": name, "good": len(good), "degenerate": len(bad),
                     "margin": margin(part) if len(good) and len(bad) else float("nan"),
                     "ordered": float(((pairs > 0) + 0.5 * (pairs == 0)).mean())
                     if pairs.size else float("nan"),
                     "worst good": f"{worst['label']} {worst['fitness']:.3f}"
                     if worst is not None else "",
                     "best degenerate": f"{best['label']} {best['fitness']:.3f}"
                     if best is not None else ""})
    return pd.DataFrame(rows)


def main(argv: list[str] | None = None) -> None:
    """``python -m ludi.evolve.benchmark [CONFIG.toml]``: score the benchmark under a run's
    settings (the demo's by default) and print the ranking and the margin."""
    import argparse
    import sys

    from ludi.errors import LudiError
    from ludi.evolve.config import candidate_settings, load_toml

    parser = argparse.ArgumentParser(prog="python -m ludi.evolve.benchmark",
                                     description=main.__doc__.split(":")[1].strip())
    parser.add_argument("config", nargs="?", default=str(BENCHMARK.parent / "demo.toml"),
                        help="a run's settings (TOML; the demo's by default)")
    args = parser.parse_args(argv)
    try:
        config = candidate_settings(load_toml(args.config))
        table = score(config)
    except LudiError as e:
        print(e, file=sys.stderr)
        sys.exit(2)
    with pd.option_context("display.width", 160, "display.max_colwidth", 40):
        print(table[["label", "kind", "half", "gate", "fitness", "completion", "balance",
                     "duration", "why"]].to_string(float_format=lambda x: f"{x:.3f}"))
        print()
        print(summary(table).to_string(index=False, float_format=lambda x: f"{x:+.3f}"))
    print(f"margin (worst good - best degenerate): {margin(table):+.3f}; on the held-out half "
          f"{margin(table, 'held-out'):+.3f}")


if __name__ == "__main__":
    main()
