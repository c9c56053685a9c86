"""``atlas``: how the measures relate, over every description the other experiments evaluated.

Reads the other experiments' tables from the same results root (it runs them first when they
are missing): the classics, Yavalath's neighbours, the strength ladder and every candidate the
evolution experiments evaluated. Spearman correlations between all measures (which are
redundant?), a 2-D projection (principal components of the ranks), and for each measure how
well it separates the classics from rule sets found by random search (the area under the ROC
curve: 0.5 = not at all, 1 or 0 = perfectly).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.runner import Unit

#: The measures every source has (the evolution's saved measures and the aggregate).
MEASURES = ("completion", "drawishness", "timeouts", "balance", "advantage_p1", "duration",
            "decision_moves", "branching", "coverage", "lead_change", "drama", "decisiveness",
            "uncertainty", "killer_moves", "skill_gap", "game_refinement", "gavel_fitness",
            "soundness", "appeal", "fitness")
REDUNDANT = 0.9


def units(settings: dict) -> list[Unit]:
    return []  # everything it needs is in the other experiments' results


def _read(root: Path, experiment: str, name: str) -> pd.DataFrame:
    path = root / experiment / name
    if not path.exists():
        from ludi.errors import LudiError

        raise LudiError(f"the atlas needs {path}: run `ludi experiment {experiment}` at the "
                        "same scale first")
    return pd.read_parquet(path)


def collect(root: Path) -> pd.DataFrame:
    """One row per measured description, with its source and every shared measure."""
    parts = []
    classics = _read(root, "classics", "classics.parquet")
    parts.append(classics.assign(source="classic"))
    parts.append(_read(root, "yavalath", "neighbours.parquet").assign(
        source="Yavalath neighbour"))
    strength = _read(root, "strength", "strength.parquet")
    parts.append(strength.assign(label=strength["game"] + " / " + strength["agent"],
                                 source="strength ladder"))
    for experiment in ("search", "viability", "rediscovery"):
        table = _read(root, experiment, "evaluated.parquet")
        table = table[table["gate"] == "ok"].drop(columns=["fitness"]).rename(
            columns={"score": "fitness"})  # the default fitness, whatever the run optimised
        mode = table["mode"] if "mode" in table else pd.Series("ludi", index=table.index)
        source = np.where(mode == "random", "random search", "evolved")
        parts.append(table.assign(label=table["hash"], source=source))
    rows = pd.concat([p[["label", "source", *[m for m in MEASURES if m in p]]]
                      for p in parts], ignore_index=True)
    return rows.dropna(axis=1, how="all")


def auc(positive: np.ndarray, negative: np.ndarray) -> float:
    """The probability that a positive example scores above a negative one (ties half)."""
    if not len(positive) or not len(negative):
        return float("nan")
    from scipy.stats import mannwhitneyu

    u = mannwhitneyu(positive, negative).statistic
    return float(u / (len(positive) * len(negative)))


def summarise(settings: dict, results: dict, out: Path) -> str:
    table = collect(Path(settings["results_root"]))
    table.to_parquet(out / "atlas.parquet")
    measures = [m for m in MEASURES if m in table and table[m].nunique() > 1]
    corr = table[measures].corr(method="spearman")
    corr.to_parquet(out / "correlations.parquet")
    pairs = []
    for i, a in enumerate(measures):
        for b in measures[i + 1:]:
            if abs(corr.loc[a, b]) >= REDUNDANT:
                pairs.append({"a": a, "b": b, "spearman": corr.loc[a, b]})
    redundant = pd.DataFrame(pairs, columns=["a", "b", "spearman"])

    classic = table[table["source"] == "classic"]
    others = table[table["source"] == "random search"]
    against = "random search"
    if others.empty:
        others, against = table[table["source"] == "evolved"], "evolved"
    sep = pd.DataFrame([{"measure": m, "auc": auc(classic[m].dropna().to_numpy(),
                                                  others[m].dropna().to_numpy())}
                        for m in measures])
    sep["separation"] = (sep["auc"] - 0.5).abs() * 2
    sep = sep.sort_values("separation", ascending=False, ignore_index=True)
    sep.to_parquet(out / "separation.parquet")

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(8, 7))
    im = ax.imshow(corr.to_numpy(), cmap="RdBu_r", vmin=-1, vmax=1)
    ax.set_xticks(range(len(measures)), measures, rotation=90, fontsize=7)
    ax.set_yticks(range(len(measures)), measures, fontsize=7)
    fig.colorbar(im, label="Spearman correlation")
    ax.set_title(f"Measures over {len(table)} measured descriptions", fontsize=10)
    figures = [save(fig, out, "correlations.png")]

    ranks = table[measures].rank(pct=True).fillna(0.5).to_numpy()
    centred = ranks - ranks.mean(axis=0)
    _, sv, vt = np.linalg.svd(centred, full_matrices=False)
    xy = centred @ vt[:2].T
    explained = (sv[:2] ** 2) / max((sv ** 2).sum(), 1e-12)
    fig, ax = plt.subplots(figsize=(6.5, 5))
    for source, idx in table.groupby("source").groups.items():
        ax.scatter(xy[idx, 0], xy[idx, 1], s=14 if source != "classic" else 40,
                   label=source, alpha=0.7)
    for i in classic.index:
        ax.annotate(str(table.loc[i, "label"]).replace(" (ludi)", ""), xy[i], fontsize=6)
    ax.set_xlabel(f"component 1 ({100 * explained[0]:.0f}% of the rank variance)")
    ax.set_ylabel(f"component 2 ({100 * explained[1]:.0f}%)")
    ax.legend(fontsize=7)
    ax.set_title("The descriptions in measure space (principal components of ranks)",
                 fontsize=10)
    figures.append(save(fig, out, "projection.png"))
    counts = table["source"].value_counts()
    lines = ["## Results", "",
             "Descriptions measured: " + ", ".join(f"{k} {v}" for k, v in counts.items())
             + ".", "",
             f"### Redundant measures (|Spearman| >= {REDUNDANT})", "",
             markdown(redundant) if len(redundant) else "None at this threshold.", "",
             f"![correlations]({figures[0]})", "",
             f"### What separates the classics from {against} rule sets", "",
             "AUC = the chance a classic scores above such a rule set on the measure "
             "(0.5: no separation; separation = |AUC - 0.5| x 2).", "",
             markdown(sep), "", f"![projection]({figures[1]})"]
    return "\n".join(lines)
