"""``library``: evolution from Ludii's library, filed by MAP-Elites over what the games are made
of, as GAVEL (Todd et al. 2024) does with a language model, here with typed variation alone.

The library is the files of Ludii's library that ludi played and agreed on when it was last
taken from the coverage page (:data:`LIBRARY`, a list written by :func:`take_library`): a
snapshot, so that the study's figures stay put while the coverage page grows, and are taken
anew (the study rerun) when a researcher chooses to.
The seeds are a held-out set of 14 of them, drawn once and written in the settings (GAVEL seeds
its archive with 14 held-out Ludii games). Each run is MAP-Elites (a pyribs ``GridArchive``)
whose parents are drawn uniformly from the archive's elites and varied by ludi's typed crossover
(subtree swaps and end-rule merges, across game families) and mutation. A game is filed by
three descriptors: the first two principal components of the library's ludeme booleans
(:mod:`ludi.evolve.concepts`, GAVEL's plane over Ludii's concepts) and, from play, the log10 of
its games' mean length under the self-play agent; its objective is the default fitness.

Reported: archive coverage and QD score per run; novel cells (a rules cell no library game falls
in, GAVEL's sense of novel); and the games that are novel by distance (Jaccard distance of their
ludeme sets to every library game at least ``novelty``), pass every gate and score above the
library's median fitness (measured on a seeded sample of the library, same judge), three of them
shown with their descriptions and board pictures.
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path

import numpy as np
import pandas as pd

from ludi.errors import LudiError
from ludi.evolve.concepts import ConceptSpace, ludemes, nearest
from ludi.evolve.fitness import evaluate
from ludi.evolve.report import individuals_table
from ludi.evolve.run import Evolution
from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.evolution import mean_interval, run_config
from ludi.experiments.runner import Unit, unit_seed
from ludi.files import shipped
from ludi.lang import load_description, parse
from ludi.lang.description import ludii_library
from ludi.ludii.report import PAGE, agreeing_in

#: The kinds of interval in this study's report.
INTERVALS = ("runs: mean and 95% t-interval over the runs; the library's median fitness: an "
             "order-statistic interval (binomial ranks) over the sampled library games, with "
             "its exact coverage")

#: GAVEL's set-up and what its public archives hold after 500 generations (seeds 1-3: cells
#: filled, and cells whose fitness is at least 0.5), counted from the archive files its
#: authors released (github: gdrtodd/gavel, run_args.json and archive_*.pkl); the paper's own
#: table could not be read. Its fitness is not ludi's: a harmonic mean of balance, completion,
#: decisiveness, decision moves and a trace score, after gates.
GAVEL = {"seeds": 14, "descriptors": "2 (PCA of Ludii's boolean concepts)",
         "cells": 1600, "evaluations": 4500, "runs": 3, "cells_filled": (190, 185, 185),
         "cells_fitness_05": (103, 117, 100),
         "variation": "a fine-tuned CodeLlama-13b rewriting one part of the description"}


#: The study's library: one file (relative to ``board/``) a line, after a header of ``#``
#: comments that names the coverage page and the commit it was taken from.
LIBRARY = "experiments/library-files.txt"


def library() -> list[str]:
    """The library's files (relative to its ``board/`` folder): the list :data:`LIBRARY`."""
    return library_snapshot(shipped(LIBRARY))[1]


def library_snapshot(path: str | Path) -> tuple[str, list[str]]:
    """The commit a library list was taken at and its files."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LudiError(f"no library list at {path}: write it with "
                        "`python -m ludi.experiments.library`", file=str(path)) from None
    commit = re.search(r"^# commit: ([0-9a-f]{40})$", text, re.M)
    if not commit:
        raise LudiError(f"{path} names no commit (its header's `# commit:` line): write it "
                        "with `python -m ludi.experiments.library`", file=str(path))
    return commit[1], [line for line in text.splitlines() if line and not line.startswith("#")]


def take_library(out: str | Path = LIBRARY, page: str | Path = PAGE,
                 commit: str | None = None) -> int:
    """Write the coverage page's agreeing files to ``out`` as the study's library, with the
    commit the page comes from: ``commit`` (the page as committed there), else the last commit
    that changed it (which must then be committed unchanged); return how many files. The
    library and atlas studies must then be rerun."""
    import subprocess

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], capture_output=True, text=True,
                                  check=True).stdout
        except subprocess.CalledProcessError as e:
            raise LudiError(f"git {' '.join(args)}: {e.stderr.strip()}") from None

    if commit is None:
        if git("status", "--porcelain", "--", str(page)).strip():
            raise LudiError(f"{page} has uncommitted changes: commit it first", file=str(page))
        commit = git("log", "-1", "--format=%H", "--", str(page)).strip()
    commit = git("rev-parse", "--verify", f"{commit}^{{commit}}").strip()
    files = agreeing_in(git("show", f"{commit}:{page}"))
    header = ["# The library of `ludi experiment library`: the files docs/ludii-coverage.md",
              "# listed as playing and agreeing with Ludii at the commit below. Written by",
              "# `python -m ludi.experiments.library [COMMIT]`; rerun the library and atlas",
              "# studies after writing it anew.", f"# commit: {commit}"]
    Path(out).write_text("\n".join([*header, *files]) + "\n", encoding="utf-8")
    return len(files)


def _path(rel: str, settings: dict) -> str:
    return str(ludii_library(settings.get("ludii_library")) / "board" / rel)


def concept_space(settings: dict) -> tuple[ConceptSpace, list[frozenset[str]], list[str]]:
    """The PCA of the library's ludeme booleans, the library's ludeme sets and its files."""
    files = library()
    sets = [ludemes(load_description(_path(f, settings))) for f in files]
    return ConceptSpace.fit(sets), sets, files


def grid(settings: dict, space: ConceptSpace, sets: list[frozenset[str]]) -> dict:
    """The archive's cells: each rules axis over the library's range, a fifth wider at either
    end; the play axis over log10 lengths of 3 to 316 plies."""
    xy = space.project(sets)
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    pad = (hi - lo) / 5
    bins = settings["grid"]
    return {"dims": [int(bins["rules"]), int(bins["rules"]), int(bins["play"])],
            "ranges": [(float(lo[0] - pad[0]), float(hi[0] + pad[0])),
                       (float(lo[1] - pad[1]), float(hi[1] + pad[1])), (0.5, 2.5)]}


def descriptors(space: ConceptSpace, text: str, measures: dict) -> list[float]:
    """(rules PC1, rules PC2, log10 mean length in plies) of a measured game."""
    x, y = space.project([ludemes(text)])[0]
    return [float(x), float(y), math.log10(max(float(measures.get("duration", 1.0)), 1.0))]


class LibraryEvolution(Evolution):
    """MAP-Elites with a pyribs grid archive: every candidate that passes the gates is filed
    by :func:`descriptors`, and the survivors (the parents' pool) are the archive's elites."""

    def __init__(self, config: dict, out: Path, *, space: ConceptSpace, cells: dict, **kw):
        from ribs.archives import GridArchive

        self.space = space
        self.grid = GridArchive(solution_dim=1, dims=cells["dims"], ranges=cells["ranges"],
                                seed=int(config["seed"]))
        self.filed: list[str] = []  # a solution is its index here
        super().__init__(config, out, **kw)

    def select_elites(self, individuals: list[str], k: int) -> list[str]:
        for ind in individuals:
            record = self.state.archive[parse(ind).hash]
            if record["gate"] != "ok" or record["hash"] in self.filed:
                continue
            self.grid.add([[len(self.filed)]], [record["objectives"][0]],
                          [descriptors(self.space, record["text"], record["measures"])])
            self.filed.append(record["hash"])
        data = self.grid.data(["solution", "index"])
        self.state.elites = {int(i): self.filed[int(s[0])]
                             for s, i in zip(data["solution"], data["index"], strict=True)}
        elites = [self.state.archive[h]["text"] for h in sorted(self.state.elites.values())]
        return elites or super().select_elites(individuals, k)


def run_unit(config: dict, folder: str, space: ConceptSpace, cells: dict) -> dict:
    """One MAP-Elites run from the seeds; every evaluated candidate with its descriptors."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    run = LibraryEvolution(config, out, space=space, cells=cells, workers=1, progress=False)
    state = run.run(int(config["generations"]))
    table = individuals_table(state)
    table["order"] = range(len(table))
    place = np.array([descriptors(space, t, {"duration": d}) for t, d in
                      zip(table["text"], table["duration"].fillna(1.0), strict=True)])
    table["rules_x"], table["rules_y"], table["play"] = place.T
    table["elite"] = table["hash"].isin(set(state.elites.values()))
    stats = run.grid.stats
    return {"individuals": table, "elites": int(stats.num_elites),
            "coverage": float(stats.coverage), "qd_score": float(stats.qd_score),
            "cells": cells}


def reference_unit(rel: str, path: str, config: dict) -> dict:
    """One library game judged as a candidate: its gate and fitness."""
    result = evaluate(load_description(path).to_text(), config)
    return {"file": rel, "gate": result["gate"],
            "fitness": result["objectives"][0] if result["objectives"] else 0.0,
            "duration": result["measures"].get("duration", float("nan"))}


def units(settings: dict) -> list[Unit]:
    space, sets, files = concept_space(settings)
    missing = sorted(set(settings["seed_games"]) - set(files))
    if missing:
        raise LudiError(f"seed games not in the library ({LIBRARY}): {missing}")
    cells = grid(settings, space, sets)
    seeds = [_path(f, settings) for f in settings["seed_games"]]
    out = []
    for i in range(int(settings["runs"])):
        config = run_config(settings, mode="map-elites", seeds=seeds,
                            seed=unit_seed(int(settings["seed"]), f"run:{i}") % (1 << 31))
        folder = str(Path(settings["results_root"]) / "library" / "runs" / f"run-{i}")
        out.append(Unit(f"run:{i}", run_unit, (config, folder, space, cells)))
    judge = run_config(settings, seed=int(settings["seed"]))
    sample = random.Random(int(settings["seed"])).sample(files, int(settings["reference"]))
    for rel in sample:
        out.append(Unit(f"reference:{rel}", reference_unit, (rel, _path(rel, settings), judge)))
    return out


def median_interval(values) -> tuple[float, float, float, float]:
    """The median, its order-statistic interval (binomial ranks, aiming at 95%) and the
    interval's exact coverage (below 95% for a handful of values: 75% for three)."""
    from scipy.stats import binom

    v = np.sort(np.asarray(values, float))
    n = len(v)
    lo_rank = max(int(binom.ppf(0.025, n, 0.5)) - 1, 0)
    hi_rank = min(int(binom.ppf(0.975, n, 0.5)), n - 1)
    coverage = float(binom.cdf(hi_rank, n, 0.5) - binom.cdf(lo_rank, n, 0.5))
    return float(np.median(v)), float(v[lo_rank]), float(v[hi_rank]), coverage


def _rules_cell(x: float, y: float, cells: dict) -> tuple[int, int]:
    """The cell of the rules plane (the first two descriptors) a point falls in."""
    out = []
    for v, (lo, hi), n in zip((x, y), cells["ranges"][:2], cells["dims"][:2], strict=True):
        out.append(int(np.clip((v - lo) / (hi - lo) * n, 0, n - 1)))
    return out[0], out[1]


def summarise(settings: dict, results: dict, out: Path) -> str:
    space, sets, files = concept_space(settings)
    cells = grid(settings, space, sets)
    novelty = float(settings["novelty"])
    reference = pd.DataFrame([v for k, v in results.items() if k.startswith("reference:")])
    reference.to_parquet(out / "reference.parquet")
    # the bar: the median of the library games that are games under this judge (those that
    # pass every gate); the median of all, failures scoring 0 as candidates do, is shown too
    passed_reference = reference[reference["gate"] == "ok"]["fitness"]
    median, median_lo, median_hi, median_cover = median_interval(passed_reference)
    median_all = float(reference["fitness"].median())
    library_xy = space.project(sets)
    occupied = {_rules_cell(x, y, cells) for x, y in library_xy}
    tables, rows = [], []
    for key in sorted(k for k in results if k.startswith("run:")):
        r, run = results[key], int(key.split(":")[1])
        t = r["individuals"].copy()
        ok = t["gate"] == "ok"
        near = [nearest(ludemes(text), sets) for text in t["text"]]
        t["distance"] = [d for d, _ in near]
        t["nearest"] = [files[i] for _, i in near]
        t["novel_cell"] = [_rules_cell(x, y, cells) not in occupied
                           for x, y in zip(t["rules_x"], t["rules_y"], strict=True)]
        novel = ok & (t["distance"] >= novelty) & (t["operator"] != "seed")
        t["novel_good"] = novel & (t["fitness"] > median)
        t["novel_above_all"] = novel & (t["fitness"] > median_all)
        t["run"] = run
        tables.append(t)
        rows.append({"run": run, "evaluated": len(t), "passed": int(ok.sum()),
                     "elites": r["elites"], "coverage": r["coverage"],
                     "qd_score": r["qd_score"],
                     "novel_cells": len({_rules_cell(x, y, cells) for x, y in zip(
                         t["rules_x"][t["elite"] & t["novel_cell"]],
                         t["rules_y"][t["elite"] & t["novel_cell"]], strict=True)}),
                     "elites_fitness_05": int((t["elite"] & (t["fitness"] >= 0.5)).sum()),
                     "novel_good": int(t["novel_good"].sum()),
                     "novel_above_all": int(t["novel_above_all"].sum())})
    runs = pd.DataFrame(rows)
    runs.to_parquet(out / "runs.parquet")
    table = pd.concat(tables, ignore_index=True)
    table.drop(columns=["text", "objectives", "seconds", "parents"]).to_parquet(
        out / "evaluated.parquet")
    novel = (table[table["novel_good"]].sort_values("fitness", ascending=False)
             .drop_duplicates("hash"))
    novel[["run", "hash", "generation", "operator", "fitness", "distance", "nearest",
           "rules_x", "rules_y", "play", "text"]].to_parquet(out / "novel.parquet")
    pd.DataFrame({"file": files, "rules_x": library_xy[:, 0], "rules_y": library_xy[:, 1],
                  "seed": [f in settings["seed_games"] for f in files]}).to_parquet(
        out / "library.parquet")
    figure = save(_archive_plot(table, library_xy, files, settings, cells), out, "archive.png")
    lines = ["## Results", "",
             f"Library: {len(files)} Ludii files ludi plays and agrees on "
             f"({LIBRARY}); "
             f"seeds: {len(settings['seed_games'])} of them, held out of the fitness's "
             f"benchmark and drawn once (settings). Grid: {cells['dims'][0]} x "
             f"{cells['dims'][1]} cells over the rules plane (PC1 and PC2 of "
             f"{len(space.vocabulary)} ludeme booleans; PC1 weighs most {_loads(space, 0)}, "
             f"PC2 {_loads(space, 1)}) "
             f"x {cells['dims'][2]} over log10 game length: "
             f"{int(np.prod(cells['dims']))} cells. Budget: "
             f"{_budget(settings)} offspring a run; {table.groupby('run').size().mean():.0f} "
             "distinct candidates evaluated a run.", "",
             f"The library's median fitness under the same judge, over the sampled library "
             f"games that pass every gate: **{median:.3f}** ({median_cover:.0%} order-statistic "
             f"interval {median_lo:.3f}-{median_hi:.3f}; {len(reference)} library games drawn "
             f"by the seed, {len(passed_reference)} passed every gate). Over all {len(reference)}"
             f", failures scoring 0 as candidates do: {median_all:.3f}.", ""]
    for name, what in (("coverage", "archive coverage"), ("qd_score", "QD score (sum of the "
                       "elites' fitness)"), ("elites", "cells filled"),
                       ("novel_cells", "novel cells (rules cells holding an elite and no "
                        "library game)"),
                       ("novel_good", f"novel games (distance >= {novelty:g} to every library "
                        "game) that pass every gate with fitness above the library's median"),
                       ("novel_above_all", "the same, above the median of all sampled library "
                        "games")):
        mean, lo, hi = mean_interval(runs[name])
        lines.append(f"- {what}: {mean:.3g} a run (95% interval {lo:.3g}-{hi:.3g})")
    lines += ["", f"Distinct novel games above the median over all runs: **{len(novel)}**.", "",
              markdown(runs), "", f"![archive]({figure})", "",
              "## Side by side with GAVEL", "", _gavel(runs, cells, settings), ""]
    lines += _shown(novel.head(3), out, settings)
    return "\n".join(lines)


def _loads(space: ConceptSpace, axis: int) -> str:
    return ", ".join(f"`{name}` ({w:+.2f})" for name, w in space.loadings(axis, 3))


def _budget(settings: dict) -> int:
    config = run_config(settings)
    return int(config["population"]) + int(config["generations"]) * int(config["offspring"])


def _gavel(runs: pd.DataFrame, cells: dict, settings: dict) -> str:
    filled = ", ".join(str(int(v)) for v in runs["elites"])
    good = ", ".join(str(int(v)) for v in runs["elites_fitness_05"])
    rows = [
        ("seeds", f"{GAVEL['seeds']} held-out Ludii games",
         f"{len(settings['seed_games'])} held-out library games ludi plays"),
        ("descriptors", GAVEL["descriptors"],
         "3 (PCA of ludi's ludeme booleans, 2; log10 game length)"),
        ("cells", str(GAVEL["cells"]), str(int(np.prod(cells["dims"])))),
        ("evaluations a run", f"about {GAVEL['evaluations']:,}", str(_budget(settings))),
        ("runs", str(GAVEL["runs"]), str(len(runs))),
        ("variation", GAVEL["variation"], "typed crossover (subtree swaps, end-rule merges) "
                                          "and mutation from the grammar"),
        ("cells filled (each run)", ", ".join(map(str, GAVEL["cells_filled"])), filled),
        ("cells with fitness >= 0.5 (each run)",
         ", ".join(map(str, GAVEL["cells_fitness_05"])), good),
    ]
    head = "| | GAVEL (its released archives, generation 500) | ludi |\n|---|---|---|\n"
    return head + "\n".join(f"| {a} | {b} | {c} |" for a, b, c in rows) + (
        "\n\nThe fitnesses differ (GAVEL: a harmonic mean of balance, completion, "
        "decisiveness, decision moves and a trace score; ludi: soundness x appeal), so the "
        "counts at 0.5 compare what each judge calls good, at very different budgets.")


def _archive_plot(table: pd.DataFrame, library_xy: np.ndarray, files: list[str],
                  settings: dict, cells: dict):
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 5.5))
    seeds = np.array([f in settings["seed_games"] for f in files])
    ax.scatter(library_xy[~seeds, 0], library_xy[~seeds, 1], marker="x", color="#999999",
               s=18, label="library game")
    elites = table[table["elite"]]
    points = ax.scatter(elites["rules_x"], elites["rules_y"], c=elites["fitness"],
                        cmap="viridis", vmin=0, vmax=1, s=28, label="elite (any run)")
    ax.scatter(library_xy[seeds, 0], library_xy[seeds, 1], marker="*", color="#c44e52",
               s=90, label="seed")
    fig.colorbar(points, ax=ax, label="fitness")
    (x0, x1), (y0, y1) = cells["ranges"][:2]
    ax.set_xticks(np.linspace(x0, x1, cells["dims"][0] + 1), minor=True)
    ax.set_yticks(np.linspace(y0, y1, cells["dims"][1] + 1), minor=True)
    ax.grid(which="minor", color="#eeeeee", lw=0.5)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_xlabel("rules PC1")
    ax.set_ylabel("rules PC2")
    ax.set_title("The archive's elites over the rules plane, with Ludii's library", fontsize=10)
    ax.legend(fontsize=8, loc="best")
    return fig


def _shown(novel: pd.DataFrame, out: Path, settings: dict) -> list[str]:
    """The best novel games: description, nearest library game and a board picture."""
    if novel.empty:
        return ["No candidate was novel, passed every gate and beat the library's median."]
    from ludi.engine import parse as compile_text
    from ludi.engine.picture import draw

    lines = ["## Three of the novel games", ""]
    for k, r in enumerate(novel.itertuples(), 1):
        game = compile_text(r.text)
        state = game.initial_state()
        rng = random.Random(k)
        for _ in range(int(settings.get("picture_plies", 10))):
            moves = state.legal_moves()
            if state.is_terminal() or not moves:
                break
            state = state.apply(rng.choice(moves))
        picture = Path(draw(state, out / f"novel-{k}.png", title=f"{game.name}, after "
                            f"{state.ply} random plies")).name
        lines += [f"### {k}. {game.name} (run {r.run}, fitness {r.fitness:.3f})", "",
                  f"Nearest library game: {r.nearest} (distance {r.distance:.2f}); made by "
                  f"{r.operator} in generation {r.generation}.", "", "```", r.text.strip(),
                  "```", "", f"![{game.name}]({picture})", ""]
    return lines


if __name__ == "__main__":
    import sys

    print(f"{take_library(commit=(sys.argv[1:] or [None])[0])} files written to {LIBRARY}")
