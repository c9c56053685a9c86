"""The fitness benchmark (``experiments/benchmark.toml``): good games and degenerate rule sets.

A fitness is worth evolving with when it ranks every game people play above every rule set no one
would; :func:`score` measures each entry exactly as evolution measures a candidate, and
:func:`margin` is the gap between the worst good game and the best degenerate rule set.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
from tqdm.auto import tqdm

from ludi.evolve.config import resolve
from ludi.evolve.fitness import evaluate
from ludi.lang import load_description

#: The benchmark shipped with ludi.
BENCHMARK = Path(__file__).resolve().parents[2] / "experiments" / "benchmark.toml"


@dataclass(frozen=True)
class Entry:
    """One game of the benchmark: its label, kind ("good" or "degenerate"), reason and text."""

    label: str
    kind: str
    why: str
    text: str


def _degenerate_text(i: int, e: dict) -> str:
    meta = f"(meta {e['meta']})" if e.get("meta") else ""
    return (f'(game "Degenerate {i}" (players 2) (equipment {{ (board {e["board"]}) '
            f'(piece "Marker" Each) {e.get("extra", "")} }}) (rules {meta} '
            f'(play (move Add (to (sites Empty)))) (end {{ {e["end"]} }})))')


def entries(path: str | Path = BENCHMARK) -> list[Entry]:
    """The benchmark's games, good ones first."""
    data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    out = []
    for e in data.get("good", []):
        desc = load_description(e["name"], e.get("options"), ruleset=e.get("ruleset"))
        chosen = ", ".join(f"{v}" for v in (e.get("options") or {}).values())
        label = e["name"] + (f" ({chosen})" if chosen else "") + \
            (f" [{e['ruleset']}]" if e.get("ruleset") else "")
        out.append(Entry(label, "good", e["why"], desc.to_text()))
    for i, e in enumerate(data.get("degenerate", []), 1):
        out.append(Entry(f"degenerate {i}", "degenerate", e["why"], _degenerate_text(i, e)))
    return out


def score(config: dict, path: str | Path = BENCHMARK, progress: bool = True) -> pd.DataFrame:
    """Each entry evaluated as evolution evaluates a candidate under ``config``: one row per
    entry with its label, kind, gate, fitness and measures, best first."""
    config = resolve(config)
    rows = []
    for e in tqdm(entries(path), desc="benchmark", unit="game", disable=not progress):
        result = evaluate(e.text, config)
        fitness = result["objectives"][0] if result["objectives"] else 0.0
        rows.append({"label": e.label, "kind": e.kind, "why": e.why, "gate": result["gate"],
                     "fitness": fitness, **result["measures"]})
    return pd.DataFrame(rows).sort_values("fitness", ascending=False, ignore_index=True)


def margin(table: pd.DataFrame) -> float:
    """The worst good game's fitness minus the best degenerate one's (positive: separated)."""
    good = table.loc[table["kind"] == "good", "fitness"]
    bad = table.loc[table["kind"] == "degenerate", "fitness"]
    return float(good.min() - bad.max())


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
        print(table[["label", "kind", "gate", "fitness", "completion", "balance", "duration",
                     "why"]].to_string(float_format=lambda x: f"{x:.3f}"))
    print(f"margin (worst good - best degenerate): {margin(table):+.3f}")


if __name__ == "__main__":
    main()
