"""Evolution runs as experiment units, and what the evolution studies read from them.

A unit runs one whole evolution on one process into ``results/NAME/runs/KEY`` (a normal run
folder: ``ludi report`` reads it) and returns its table of every evaluated description, in the
order they were evaluated, with the counts of offspring discarded before evaluation.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from ludi.evolve.config import DEFAULTS, resolve
from ludi.evolve.report import hall_of_fame, individuals_table
from ludi.evolve.run import evolve


def evolve_unit(config: dict, folder: str) -> dict:
    """Run (or finish, after an interruption) one evolution; its tables as plain data."""
    out = Path(folder)
    resume = (out / "checkpoint.pkl").exists()
    state = evolve({**config, "workers": 1}, out=out, resume=resume, workers=1,
                   progress=False)
    table = individuals_table(state)
    table["order"] = range(len(table))
    return {"individuals": table,
            "made": state.counters.made, "invalid": state.counters.invalid,
            "fame": [r["hash"] for r in hall_of_fame(state)],
            "generations": state.generation}


def run_config(settings: dict, **changes) -> dict:
    """An evolution configuration from a study's settings (its ``evolve`` table) and changes."""
    return resolve({**settings.get("evolve", {}), **changes})


def with_fitness(table: pd.DataFrame, config: dict | None = None) -> pd.DataFrame:
    """The table with ``score``: the default fitness of every candidate (0 when it failed a
    gate), whatever the run's own objective was (nsga2 runs keep their objectives)."""
    share = float((config or DEFAULTS)["appeal_share"])
    ok = table["gate"] == "ok"
    score = table["soundness"].fillna(0) * (1 - share + share * table["appeal"].fillna(0))
    return table.assign(score=np.where(ok, score, 0.0))


def archive_curve(table: pd.DataFrame, checkpoints: list[int],
                  descriptors=None) -> pd.DataFrame:
    """Best score, archive coverage and QD-score after each number of evaluations.

    Coverage and QD-score use the MAP-Elites grid of the default descriptors (duration x
    branching, 8 x 8): coverage is the share of cells holding a candidate that passed the
    gates, the QD-score the sum of the best score in each cell (Pugh et al. 2016)."""
    descriptors = descriptors or DEFAULTS["descriptors"]
    table = table.sort_values("order")
    cells = np.zeros(len(table), dtype=np.int64)
    stride = 1
    for name, lo, hi, bins in descriptors:
        v = table[name].fillna(lo).to_numpy()
        k = np.clip(((v - lo) / max(hi - lo, 1e-9) * bins).astype(int), 0, bins - 1)
        cells += k * stride
        stride *= int(bins)
    ok = (table["gate"] == "ok").to_numpy()
    score = table["score"].to_numpy()
    rows = []
    for n in checkpoints:
        best: dict[int, float] = {}
        for c, s, good in zip(cells[:n], score[:n], ok[:n], strict=True):
            if good:
                best[c] = max(best.get(c, 0.0), s)
        rows.append({"evaluations": n, "best": float(score[:n].max()) if n else 0.0,
                     "coverage": len(best) / stride, "qd_score": float(sum(best.values()))})
    return pd.DataFrame(rows)


def mean_interval(values) -> tuple[float, float, float]:
    """Mean and 95% t-interval of independent runs (half-width 0 for one run)."""
    v = np.asarray(values, float)
    if len(v) < 2:
        return float(v.mean()) if len(v) else math.nan, math.nan, math.nan
    from scipy import stats

    half = stats.t.ppf(0.975, len(v) - 1) * v.std(ddof=1) / math.sqrt(len(v))
    return float(v.mean()), float(v.mean() - half), float(v.mean() + half)


def evaluated_table(results: dict) -> pd.DataFrame:
    """Every candidate of every run of a study (its key split into mode-or-name and run), with
    its default-fitness score; the atlas reads it."""
    parts = []
    for key, result in results.items():
        name, _, run = key.rpartition(":")
        parts.append(with_fitness(result["individuals"]).assign(mode=name, run=int(run)))
    return pd.concat(parts, ignore_index=True).drop(columns=["objectives", "seconds"])
