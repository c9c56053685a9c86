"""``search``: MAP-Elites, LUDI's weighted-sum GA, NSGA-II and random search at equal numbers
of evaluations, over several seeds: the best fitness found, the archive's coverage and its
QD-score as evaluations accrue, with 95% bands across seeds.

Random search is the same loop without selection (``mode = "random"``): offspring of parents
drawn uniformly, a population drawn uniformly from parents and offspring. Every candidate is
scored by the default fitness whatever the mode optimised, so the curves compare like with like.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.evolution import (
    archive_curve,
    evaluated_table,
    evolve_unit,
    mean_interval,
    run_config,
    with_fitness,
)
from ludi.experiments.runner import Unit, unit_seed

LABELS = {"ludi": "LUDI GA (weighted sum)", "nsga2": "NSGA-II", "map-elites": "MAP-Elites",
          "random": "random search"}


def units(settings: dict) -> list[Unit]:
    out = []
    for mode in settings["modes"]:
        for i in range(int(settings["runs"])):
            key = f"{mode}:{i}"
            config = run_config(settings, mode=mode,
                                seed=unit_seed(int(settings["seed"]), f"run {i}") % (1 << 31))
            folder = str(Path(settings["results_root"]) / "search" / "runs" /
                         key.replace(":", "-"))
            out.append(Unit(key, evolve_unit, (config, folder)))
    return out


def summarise(settings: dict, results: dict, out: Path) -> str:
    # what the search found: the seed games it was given are left out of every curve
    tables = {key: with_fitness(r["individuals"]).query("operator != 'seed'")
              for key, r in results.items()}
    budget = min(len(t) for t in tables.values())
    step = max(1, budget // 20)
    checkpoints = sorted(set(list(range(step, budget + 1, step)) + [budget]))
    curves = []
    for key, table in tables.items():
        mode, run = key.split(":")
        curve = archive_curve(table, checkpoints)
        curve["mode"], curve["run"] = mode, int(run)
        curves.append(curve)
    curves = pd.concat(curves, ignore_index=True)
    curves.to_parquet(out / "curves.parquet")
    evaluated_table(results).to_parquet(out / "evaluated.parquet")

    bands = []
    for (mode, n), part in curves.groupby(["mode", "evaluations"]):
        row = {"mode": mode, "evaluations": n}
        for name, top in (("best", 1.0), ("coverage", 1.0), ("qd_score", np.inf)):
            m, lo, hi = mean_interval(part[name])  # a t-interval, kept within the range
            row.update({name: m, f"{name}_lo": max(lo, 0.0), f"{name}_hi": min(hi, top)})
        bands.append(row)
    bands = pd.DataFrame(bands)
    bands.to_parquet(out / "bands.parquet")
    final = bands[bands["evaluations"] == budget].copy()
    final["method"] = final["mode"].map(LABELS)
    final = final.sort_values("qd_score", ascending=False)

    plt = pyplot()
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    for ax, name, title in zip(axes, ("best", "coverage", "qd_score"),
                               ("best fitness", "archive coverage", "QD-score"), strict=True):
        for mode, part in bands.groupby("mode"):
            part = part.sort_values("evaluations")
            ax.plot(part["evaluations"], part[name], label=LABELS.get(mode, mode))
            if part[f"{name}_lo"].notna().any():
                ax.fill_between(part["evaluations"], part[f"{name}_lo"], part[f"{name}_hi"],
                                alpha=0.2)
        ax.set_xlabel("evaluations")
        ax.set_title(title, fontsize=10)
    axes[0].legend(fontsize=8)
    fig.suptitle(f"Search methods at equal budgets ({settings['runs']} seeds each, "
                 "mean and 95% band)", fontsize=10)
    figure = save(fig, out, "search.png")
    best_mode = final.iloc[0]["method"] if len(final) else "none"
    lines = ["## Results", "",
             f"Every run was cut at the same {budget} evaluations (the fewest any run made), "
             "not counting the seed games it started from. Best fitness is the default "
             "fitness of the best new description found; coverage and QD-score are over the "
             "8 x 8 grid of duration x branching. The runs of one seed start from the same "
             "population in every mode (paired).", "",
             markdown(final, ["method", "best", "best_lo", "best_hi", "coverage",
                              "coverage_lo", "coverage_hi", "qd_score", "qd_score_lo",
                              "qd_score_hi"]), "",
             f"Highest QD-score at this budget: {best_mode}.", "",
             f"![search]({figure})"]
    separated = _separation(final)
    if separated:
        lines += ["", separated]
    return "\n".join(lines)


def _separation(final: pd.DataFrame) -> str:
    """Which methods' best-fitness intervals do not overlap random search's."""
    rand = final[final["mode"] == "random"]
    if rand.empty or rand["best_lo"].isna().all():
        return ""
    lo, hi = float(rand["best_lo"].iloc[0]), float(rand["best_hi"].iloc[0])
    above = [r.method for r in final.itertuples() if r.mode != "random" and r.best_lo > hi]
    same = [r.method for r in final.itertuples() if r.mode != "random"
            and not (r.best_lo > hi or r.best_hi < lo)]
    return ("Best fitness above random search (intervals apart): "
            + (", ".join(above) or "none") + "; not separable from it: "
            + (", ".join(same) or "none") + f". (random search: {np.mean([lo, hi]):.3f}.)")
