"""The run folder's tables, hall of fame and plots; ``ludi report RUN`` reads them back.

The hall of fame is the run's DEAP hall of fame (:mod:`ludi.evolve.population`): the best games
in ludi and MAP-Elites modes, the Pareto front of every candidate that passed the gates in NSGA-II
mode, each game once (descriptions that differ only by rules that can never take effect are one
game). Each entry lists those dead rules (:mod:`ludi.compile.lint`).
"""

from __future__ import annotations

import itertools
import json
import math
import pickle
from pathlib import Path

import numpy as np
import pandas as pd

from ludi.compile.lint import dead_rules
from ludi.compile.registry import items
from ludi.errors import LudiError
from ludi.evolve.fitness import NOT_VIABLE, SAVED, descriptor_bins
from ludi.evolve.population import new_hall_of_fame
from ludi.lang import Named, Node, parse
from ludi.plotting import pyplot

#: Width of the end-rules summary in the printed front table (front.csv holds it whole).
END_RULES_WIDTH = 60


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


def hall_of_fame(state) -> list[dict]:
    """The archive records of the run's hall of fame, in its order (best first; the Pareto
    front by its objectives in NSGA-II mode)."""
    return [state.archive[parse(ind).hash] for ind in state.hall_of_fame]


def end_rules(text: str) -> str:
    """The end clauses of a description on one line: ``(is Line 4) -> Mover Win; …``; a
    clause for each player reads ``forEach Player: (is Full) -> by score``. A game in phases
    lists the end rules of every phase, in order."""
    ends = [n for n in parse(text).tree.walk() if n.rule == "end"]
    parts = []
    for clause in (c for end in ends for c in items(end.args[0])):
        *each, cond, outcome = clause.args
        cond = cond.value if isinstance(cond, Named) else cond
        cond = cond.to_text(width=10**9) if isinstance(cond, Node) else str(cond)
        if each:  # clause_for_each: (forEach Player if:COND OUTCOME)
            cond = f"forEach {each[0]}: {cond}"
        result = (" ".join(map(str, outcome.args)) if outcome.rule == "outcome_result"
                  else "by score")
        parts.append(f"{cond} -> {result}")
    return "; ".join(parts)


def front_table(state, config: dict) -> pd.DataFrame:
    """One row per game of the Pareto front: hash, generation, every objective, the game's
    duration, its end rules and how many of its rules can never take effect."""
    rows = []
    for r in hall_of_fame(state):
        row = {"hash": r["hash"], "generation": r["generation"]}
        row.update(zip(config["objectives"], map(float, r["objectives"]), strict=True))
        row["duration"] = float(r["measures"].get("duration", np.nan))
        row["end_rules"] = end_rules(r["text"])
        row["dead_rules"] = len(dead_rules(r["text"]))
        rows.append(row)
    columns = ["hash", "generation", *config["objectives"], "duration", "end_rules",
               "dead_rules"]
    table = pd.DataFrame(rows, columns=columns)
    return table.sort_values([config["objectives"][0], "hash"], ascending=[False, True],
                             ignore_index=True)


def _header(state, r: dict, config: dict, rank: int) -> str:
    if config["mode"] == "nsga2":
        values = ", ".join(f"{name} {v:.4f}" for name, v in
                           zip(config["objectives"], r["objectives"], strict=True))
        lines = [f"// Pareto front: {values}; generation {r['generation']}, hash {r['hash']}"]
    else:
        lines = [f"// rank {rank}, fitness {r['objectives'][0]:.4f}, generation "
                 f"{r['generation']}, hash {r['hash']}"]
    lines.append(f"// {lineage(state, r)}")
    lines += [f"// dead rule: {finding}" for finding in dead_rules(r["text"])]
    return "\n".join(lines) + "\n"


def write_outputs(out: Path, state, config: dict, plots: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    individuals_table(state).to_parquet(out / "individuals.parquet")
    pd.DataFrame(state.logbook).to_parquet(out / "logbook.parquet")
    fame = out / "hall_of_fame"
    fame.mkdir(exist_ok=True)
    for old in fame.glob("*.lud"):
        old.unlink()
    for rank, r in enumerate(hall_of_fame(state), 1):
        name = f"{r['hash']}.lud" if config["mode"] == "nsga2" else f"{rank:02d}_{r['hash']}.lud"
        (fame / name).write_text(_header(state, r, config, rank) + r["text"] + "\n")
    if config["mode"] == "nsga2":
        front_table(state, config).to_csv(out / "front.csv", index=False)
    if plots:
        write_plots(out, state, config)



def write_plots(out: Path, state, config: dict) -> list[Path]:
    plt = pyplot()
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
    if config["mode"] == "nsga2":
        paths.append(write_front_plot(out, state, config))
    return paths


def write_front_plot(out: Path, state, config: dict) -> Path:
    """front.png: every pair of objectives, the candidates that passed the gates in grey and
    the Pareto front's games highlighted."""
    plt = pyplot()
    names = list(config["objectives"])
    passed = np.array([r["objectives"] for r in state.archive.values() if r["gate"] == "ok"],
                      float).reshape(-1, len(names))
    front = np.array([r["objectives"] for r in hall_of_fame(state)],
                     float).reshape(-1, len(names))
    pairs = list(itertools.combinations(range(len(names)), 2)) or [(0, 0)]
    cols = min(3, len(pairs))
    rows = math.ceil(len(pairs) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.4 * cols, 3.1 * rows), squeeze=False)
    for ax, (i, j) in zip(axes.ravel(), pairs, strict=False):
        ax.scatter(passed[:, i], passed[:, j], s=10, color="#b0b0b0", label="passed the gates")
        ax.scatter(front[:, i], front[:, j], s=28, color="#c44e52", edgecolor="black",
                   linewidth=0.5, label="Pareto front")
        ax.set_xlabel(names[i], fontsize=8)
        ax.set_ylabel(names[j], fontsize=8)
    for ax in axes.ravel()[len(pairs):]:
        ax.axis("off")
    axes.ravel()[0].legend(fontsize=7)
    fig.suptitle(f"Pareto front: {len(front)} of the {len(passed)} candidates that passed",
                 fontsize=10)
    fig.tight_layout()
    path = out / "front.png"
    fig.savefig(path, dpi=120)
    plt.close(fig)
    return path


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
    if state.hall_of_fame is None:  # a run of an older ludi
        state.hall_of_fame = new_hall_of_fame(config, state.archive)
    return state, config


def report(run: str | Path, top: int = 5) -> str:
    """A text report of a run: its best games and their measures (the Pareto front's games and
    their objectives for NSGA-II, also written to front.csv); writes the plots."""
    if isinstance(top, bool) or not isinstance(top, int) or top < 1:
        raise LudiError(f"top must be at least 1 (the number of games to show); got {top!r}")
    state, config = load_run(run)
    paths = write_plots(Path(run), state, config)
    table = individuals_table(state)
    gates = table["gate"].value_counts()
    lines = [f"run {run}: mode {config['mode']}, generation {state.generation}, "
             f"{len(table)} descriptions evaluated",
             "gates: " + ", ".join(f"{k} {v}" for k, v in gates.items()),
             offspring_line(table, state.counters)]
    if config["mode"] == "nsga2":
        lines += _front_lines(Path(run), state, config, int(gates.get("ok", 0)))
    else:
        lines += _best_lines(state, top)
    lines.append("\nplots: " + ", ".join(str(p) for p in paths))
    return "\n".join(lines)


def offspring_line(table: pd.DataFrame, counters) -> str:
    """How variation went: of the offspring evaluated, the shares that compiled and that were
    viable games (passed the random-play screen), and the repairs."""
    kids = table[table["generation"] > 0]
    if kids.empty:
        return "offspring: none evaluated yet"
    compiled = (kids["gate"] != "compile").mean()
    viable = (~kids["gate"].isin(NOT_VIABLE)).mean()
    return (f"offspring evaluated: {len(kids)}, {compiled:.0%} compiled, {viable:.0%} viable "
            f"(made again because they did not compile: {counters.repaired}, could not be: "
            f"{counters.unrepaired}; discarded as invalid: {counters.invalid} of "
            f"{counters.made})")


def lineage(state, r: dict) -> str:
    """A record's name and where it came from, e.g. ``Zereden, bred from Yavalath and Hex``
    (``Yavalath, a seed``)."""
    name = parse(r["text"]).name
    parents = [parse(state.archive[h]["text"]).name for h in r.get("parents", [])
               if h in state.archive]
    if not parents:
        return f"{name}, a seed" if r.get("operator") == "seed" else name
    return f"{name}, bred from {' and '.join(dict.fromkeys(parents))} ({r['operator']})"


def _best_lines(state, top: int) -> list[str]:
    lines = []
    for rank, r in enumerate(hall_of_fame(state)[:top], 1):
        m = r["measures"]
        lines.append(f"\n#{rank}  fitness {r['objectives'][0]:.3f}  {lineage(state, r)}; "
                     f"generation {r['generation']}, hash {r['hash']}")
        lines.append("    " + ", ".join(f"{k} {m.get(k, float('nan')):.2f}" for k in
                                        ("completion", "balance", "decisiveness", "duration",
                                         "branching", "drawishness")))
        lines.extend(f"    dead rule: {finding}" for finding in dead_rules(r["text"]))
        lines.extend("    " + line for line in r["text"].splitlines())
    return lines


def _front_lines(run: Path, state, config: dict, passed: int) -> list[str]:
    table = front_table(state, config)
    path = run / "front.csv"
    table.to_csv(path, index=False)
    shown = table.drop(columns="dead_rules").assign(
        end_rules=table["end_rules"].map(
            lambda t: t if len(t) <= END_RULES_WIDTH else t[:END_RULES_WIDTH - 1] + "…"))
    lines = [f"\nPareto front of the {passed} candidates that passed the gates: {len(table)} "
             f"games (each game once; table in {path})",
             shown.to_string(index=False, float_format=lambda v: f"{v:.3f}")]
    for r in hall_of_fame(state):
        lines.extend(f"dead rule in {r['hash']}: {finding}" for finding in dead_rules(r["text"]))
    return lines
