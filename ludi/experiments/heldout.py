"""``heldout``: how well the fitness separates games people play from degenerate rule sets,
on the half of the benchmark it may be tuned on and on the half it must never be.

Every entry of ``experiments/benchmark.toml`` (29 good games, 16 of them from Ludii's library in
four of its categories; 20 degenerate rule sets of every family) is evaluated exactly as evolution
evaluates a candidate (the demo's settings), once per run seed. Reported per part (all, the
development half, the held-out half, the entries the fitness was never shaped on): the margin
(worst good minus best degenerate) and the share of (good, degenerate) pairs ranked rightly.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ludi.evolve.benchmark import BENCHMARK, HALVES, entries, summary
from ludi.evolve.config import candidate_settings, load_toml, resolve
from ludi.evolve.fitness import evaluate
from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.runner import EXPERIMENTS_DIR, Unit

#: The kinds of interval in this study's report.
INTERVALS = ("the margin and ordered share per run seed, and their range over the seeds "
             "(no interval: each run seed is one full evaluation of every entry)")


def entry_unit(label: str, text: str, config: dict) -> dict:
    """One entry evaluated as a candidate: its gate, fitness and measures."""
    result = evaluate(text, config)
    return {"gate": result["gate"], "error": result.get("error", ""),
            "fitness": result["objectives"][0] if result["objectives"] else 0.0,
            **result["measures"]}


def _config(settings: dict, run_seed: int) -> dict:
    config = candidate_settings(load_toml(EXPERIMENTS_DIR / settings["config"]))
    return resolve({**config, **settings.get("overrides", {}), "seed": run_seed})


def units(settings: dict) -> list[Unit]:
    chosen = settings.get("entries", "all")
    out = []
    for e in entries(settings.get("benchmark", BENCHMARK)):
        if chosen != "all" and e.label not in chosen:
            continue
        for run_seed in range(1, int(settings["run_seeds"]) + 1):
            out.append(Unit(f"{e.label}:{run_seed}", entry_unit,
                            (e.label, e.text, _config(settings, run_seed))))
    return out


def summarise(settings: dict, results: dict, out: Path) -> str:
    info = {e.label: e for e in entries(settings.get("benchmark", BENCHMARK))}
    rows = []
    for key, value in results.items():
        label, run_seed = key.rsplit(":", 1)
        e = info[label]
        rows.append({"label": label, "kind": e.kind, "family": e.family, "tuned": e.tuned,
                     "half": e.half, "run_seed": int(run_seed), **value})
    table = pd.DataFrame(rows)
    table.to_parquet(out / "entries.parquet")
    per_seed = pd.concat([summary(part).assign(run_seed=s)
                          for s, part in table.groupby("run_seed")], ignore_index=True)
    per_seed.to_parquet(out / "parts.parquet")
    mean = (table.groupby(["label", "kind", "family", "tuned", "half"], as_index=False)
            .agg(fitness=("fitness", "mean"), fitness_min=("fitness", "min"),
                 fitness_max=("fitness", "max"),
                 gates=("gate", lambda g: ", ".join(sorted(set(g))))))
    mean = mean.sort_values("fitness", ascending=False, ignore_index=True)
    mean.to_parquet(out / "mean_fitness.parquet")
    on_mean = summary(mean)
    spread = per_seed.groupby("part", sort=False).agg(
        margin_min=("margin", "min"), margin_max=("margin", "max"),
        ordered_min=("ordered", "min"), ordered_max=("ordered", "max")).reset_index()
    parts = on_mean.merge(spread, on="part")
    parts.to_parquet(out / "summary.parquet")
    figure = save(_plot(mean), out, "benchmark.png")
    held = parts.set_index("part").loc["held-out"]
    lines = [
        "## Results", "",
        f"{len(mean)} entries, each evaluated under {settings['run_seeds']} run seed"
        f"{'s' if int(settings['run_seeds']) != 1 else ''} with the "
        f"settings of `experiments/{settings['config']}`. The fitness ranks "
        f"{held['ordered']:.0%} of the held-out half's (good, degenerate) pairs rightly, with a "
        f"margin of {held['margin']:+.3f} (on the mean fitness over the seeds).", "",
        markdown(parts, ["part", "good", "degenerate", "margin", "margin_min", "margin_max",
                         "ordered", "ordered_min", "ordered_max", "worst good",
                         "best degenerate"]), "",
        f"![benchmark]({figure})", "",
        "## Every entry (mean fitness over the run seeds)", "",
        markdown(mean, ["label", "kind", "family", "half", "tuned", "fitness", "fitness_min",
                        "fitness_max", "gates"]),
    ]
    return "\n".join(lines)


def _plot(mean: pd.DataFrame):
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(10, 0.2 * len(mean) / 2 + 2), sharex=True)
    for ax, half in zip(axes, HALVES, strict=True):
        part = mean[mean["half"] == half].sort_values("fitness")
        y = np.arange(len(part))
        colors = np.where(part["kind"] == "good", "#4c72b0", "#c44e52")
        ax.hlines(y, part["fitness_min"], part["fitness_max"], color="#999999", lw=1)
        ax.scatter(part["fitness"], y, c=colors, zorder=3,
                   marker="o")
        ax.set_yticks(y, [f"{lab}{'' if t else ' *'}" for lab, t in
                          zip(part["label"], part["tuned"], strict=True)], fontsize=7)
        ax.set_title(f"{half} half (blue: good, red: degenerate; * not tuned on)", fontsize=9)
        ax.set_xlabel("fitness (mean; line: range over run seeds)")
    return fig
