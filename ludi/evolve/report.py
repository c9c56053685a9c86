"""The run folder's tables, hall of fame and plots; ``ludi report RUN`` reads them back."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pandas as pd

from ludi.errors import LudiError
from ludi.evolve.fitness import SAVED, descriptor_bins

HALL_OF_FAME = 10


def individuals_table(state) -> pd.DataFrame:
    """One row per evaluated description: hash, generation, parents, operator, gate, fitness,
    the main measures and the text."""
    rows = []
    for r in state.archive.values():
        row = {"hash": r["hash"], "generation": r["generation"],
               "parents": ",".join(r["parents"]), "operator": r["operator"], "gate": r["gate"],
               "error": r["error"], "fitness": float(r["objectives"][0]),
               "objectives": list(map(float, r["objectives"])), "seconds": r["seconds"]}
        for name in SAVED:
            row[name] = float(r["measures"].get(name, np.nan))
        row["text"] = r["text"]
        rows.append(row)
    return pd.DataFrame(rows)


def hall_of_fame(state, k: int = HALL_OF_FAME) -> list[dict]:
    """The best evaluated descriptions that passed every gate (by the first objective)."""
    passed = [r for r in state.archive.values() if r["gate"] == "ok"]
    return sorted(passed, key=lambda r: (-r["objectives"][0], r["hash"]))[:k]


def write_outputs(out: Path, state, config: dict, plots: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    individuals_table(state).to_parquet(out / "individuals.parquet")
    pd.DataFrame(state.logbook).to_parquet(out / "logbook.parquet")
    fame = out / "hall_of_fame"
    fame.mkdir(exist_ok=True)
    for old in fame.glob("*.lud"):
        old.unlink()
    for rank, r in enumerate(hall_of_fame(state), 1):
        header = (f"// rank {rank}, fitness {r['objectives'][0]:.4f}, generation "
                  f"{r['generation']}, hash {r['hash']}\n")
        (fame / f"{rank:02d}_{r['hash']}.lud").write_text(header + r["text"] + "\n")
    if plots:
        write_plots(out, state, config)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(out: Path, state, config: dict) -> list[Path]:
    plt = _pyplot()
    paths = []
    log = pd.DataFrame(state.logbook)
    fig, ax = plt.subplots(figsize=(6, 3.2))
    if not log.empty:
        ax.plot(log["generation"], log["best"], marker="o", label="best")
        ax.plot(log["generation"], log["mean"], marker=".", label="mean")
    ax.set_xlabel("generation")
    ax.set_ylabel("fitness")
    ax.set_title("Fitness over generations", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout()
    paths.append(out / "fitness.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)

    table = individuals_table(state)
    ok = table[table["gate"] == "ok"]
    names = ["duration", "balance", "completion", "decisiveness", "branching", "lead_change"]
    fig, axes = plt.subplots(2, 3, figsize=(9, 5))
    for ax, name in zip(axes.ravel(), names, strict=True):
        values = ok[name].dropna() if name in ok else []
        if len(values):
            ax.hist(values, bins=15, color="#4c72b0")
        ax.set_title(name, fontsize=9)
    fig.suptitle(f"Measures of the {len(ok)} candidates that passed the gates", fontsize=10)
    fig.tight_layout()
    paths.append(out / "measures.png")
    fig.savefig(paths[-1], dpi=120)
    plt.close(fig)

    if config["mode"] == "map-elites":
        (n1, lo1, hi1, b1), (n2, lo2, hi2, b2) = [
            (d[0], d[1], d[2], int(d[3])) for d in config["descriptors"][:2]]
        grid = np.full((b2, b1), np.nan)
        for r in state.archive.values():
            if r["gate"] == "ok":
                i, j = descriptor_bins(r["measures"], config)[:2]
                grid[j, i] = np.nanmax([grid[j, i], r["objectives"][0]])
        fig, ax = plt.subplots(figsize=(5.5, 4.5))
        im = ax.imshow(grid, origin="lower", extent=(lo1, hi1, lo2, hi2), aspect="auto",
                       cmap="viridis")
        fig.colorbar(im, label="best fitness")
        ax.set_xlabel(n1)
        ax.set_ylabel(n2)
        ax.set_title("MAP-Elites archive", fontsize=10)
        fig.tight_layout()
        paths.append(out / "map_elites.png")
        fig.savefig(paths[-1], dpi=120)
        plt.close(fig)
    return paths


def load_run(run: str | Path):
    run = Path(run)
    checkpoint = run / "checkpoint.pkl"
    if not run.exists():
        raise LudiError(f"{run} does not exist; expected a run folder made by ludi evolve",
                        file=str(run))
    if not checkpoint.exists():
        raise LudiError(f"{run} is not a run folder (no checkpoint.pkl)", file=str(run))
    with open(checkpoint, "rb") as f:
        state = pickle.load(f)
    config = json.loads((run / "config.json").read_text())["config"]
    return state, config


def report(run: str | Path, top: int = 5) -> str:
    """A text report of a run (its best games and their measures); writes the plots."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise LudiError(f"top must be at least 1 (the number of games to show); got {top!r}")
    state, config = load_run(run)
    paths = write_plots(Path(run), state, config)
    table = individuals_table(state)
    gates = table["gate"].value_counts()
    lines = [f"run {run}: mode {config['mode']}, generation {state.generation}, "
             f"{len(table)} descriptions evaluated",
             "gates: " + ", ".join(f"{k} {v}" for k, v in gates.items()),
             f"invalid offspring discarded: {state.counters.invalid} of {state.counters.made}"]
    for rank, r in enumerate(hall_of_fame(state, top), 1):
        m = r["measures"]
        lines.append(f"\n#{rank}  fitness {r['objectives'][0]:.3f}  (generation "
                     f"{r['generation']}, {r['operator']}, hash {r['hash']})")
        lines.append("    " + ", ".join(f"{k} {m.get(k, float('nan')):.2f}" for k in
                                        ("completion", "balance", "decisiveness", "duration",
                                         "branching", "drawishness")))
        lines.extend("    " + line for line in r["text"].splitlines())
    lines.append("\nplots: " + ", ".join(str(p) for p in paths))
    return "\n".join(lines)
