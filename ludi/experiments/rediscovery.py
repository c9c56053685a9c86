"""``rediscovery``: does evolution find "win with n, lose with n - 1" without Yavalath among
its seeds? LUDI's headline result was that rule, found by recombining line games.

Each run evolves from seeds that hold line wins and misère lines but not the combination
(Tic-Tac-Toe, Gomoku, Hex, Misère Three, Four Line, Hex Five). For each run: how many evaluated
descriptions carry the rule (any n, the win tried before the loss), whether the hall of fame
holds one, and its best rank.

Why the rule was not found: every seed ends on one clause, and subtree crossover swaps a clause
for a clause, so no offspring could hold a win and a loss at once. The study runs two arms on the
same run seeds: ``merge`` (crossover may merge the parents' end rules, ``merge_ends``) and
``swap`` (subtree crossover only, as before), and compares their rates.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ludi.evolve.patterns import win_lose_pair
from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.evolution import evaluated_table, evolve_unit, run_config, with_fitness
from ludi.experiments.runner import Unit, unit_seed
from ludi.measure.measures import wilson


def units(settings: dict) -> list[Unit]:
    out = []
    for arm, merge in settings["arms"].items():
        for i in range(int(settings["runs"])):
            # the arms share their run seeds: run i of each starts from the same population
            config = run_config(settings, merge_ends=float(merge),
                                seed=unit_seed(int(settings["seed"]), f"run:{i}") % (1 << 31))
            if "yavalath" in config["seeds"]:
                from ludi.errors import LudiError

                raise LudiError("rediscovery must not start from Yavalath")
            folder = str(Path(settings["results_root"]) / "rediscovery" / "runs" /
                         f"{arm}-{i}")
            out.append(Unit(f"{arm}:{i}", evolve_unit, (config, folder)))
    return out


def budget(settings: dict) -> int:
    """Offspring a run makes (seeds and their mutants, then each generation's offspring): its
    budget in evaluations, of which the distinct ones are evaluated."""
    evolve = run_config(settings)
    return int(evolve["population"]) + int(evolve["generations"]) * int(evolve["offspring"])


def compare(runs: pd.DataFrame) -> pd.DataFrame:
    """Per arm: runs, runs in which the rule was made, runs in which it reached the hall of
    fame, each rate with its 95% Wilson interval."""
    rows = []
    for arm, part in runs.groupby("arm", sort=False):
        row = {"arm": arm, "merge_ends": float(part["merge_ends"].iloc[0]), "runs": len(part),
               "evaluated": float(part["evaluated"].mean())}
        for name, column in (("made", "with_rule"), ("fame", "in_hall_of_fame")):
            k = int((part[column] > 0).sum())
            lo, hi = wilson(k, len(part))
            row.update({name: k, f"{name}_rate": k / len(part), f"{name}_lo": lo,
                        f"{name}_hi": hi})
        rows.append(row)
    return pd.DataFrame(rows)


def fisher_p(table: pd.DataFrame, column: str) -> float:
    """Fisher's exact two-sided p of the first two arms' counts in ``column``."""
    from scipy.stats import fisher_exact

    a, b = table.iloc[0], table.iloc[1]
    return float(fisher_exact([[a[column], a["runs"] - a[column]],
                               [b[column], b["runs"] - b[column]]]).pvalue)


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows, found = [], []
    merges = settings["arms"]
    for key, result in results.items():
        arm, _, run = key.partition(":")
        run = int(run)
        table = with_fitness(result["individuals"])
        table["pair"] = [win_lose_pair(t) for t in table["text"]]
        fame = [h for h in result["fame"]]
        ranks = {h: i + 1 for i, h in enumerate(fame)}
        carriers = table[table["pair"].notna()]
        in_fame = carriers[carriers["hash"].isin(fame)]
        best_rank = min((ranks[h] for h in in_fame["hash"]), default=None)
        rows.append({"arm": arm, "merge_ends": float(merges[arm]), "run": run,
                     "evaluated": len(table), "with_rule": len(carriers),
                     "passed_with_rule": int((carriers["gate"] == "ok").sum()),
                     "in_hall_of_fame": len(in_fame), "best_rank": best_rank,
                     "best_score": float(table["score"].max())})
        for r in carriers.itertuples():
            found.append({"arm": arm, "run": run, "hash": r.hash, "n": int(r.pair), "gate": r.gate,
                          "score": r.score, "generation": r.generation,
                          "rank": ranks.get(r.hash), "text": r.text})
    order = {arm: i for i, arm in enumerate(merges)}
    runs = pd.DataFrame(rows).sort_values(["arm", "run"], key=lambda c: c.map(order)
                                          if c.name == "arm" else c, ignore_index=True)
    runs.to_parquet(out / "runs.parquet")
    arms = compare(runs)
    arms.to_parquet(out / "arms.parquet")
    evaluated_table(results).to_parquet(out / "evaluated.parquet")
    carriers = pd.DataFrame(found, columns=["arm", "run", "hash", "n", "gate", "score",
                                            "generation", "rank", "text"])
    carriers.to_parquet(out / "carriers.parquet")
    plt = pyplot()
    fig, axes = plt.subplots(1, len(arms), figsize=(3.4 * len(arms), 3.4), sharey=True,
                             squeeze=False)
    for ax, (arm, part) in zip(axes[0], runs.groupby("arm", sort=False), strict=True):
        ax.bar(part["run"].astype(str), part["with_rule"], color="#4c72b0",
               label="evaluated with the rule")
        ax.bar(part["run"].astype(str), part["in_hall_of_fame"], color="#c44e52",
               label="in the hall of fame")
        ax.set_xlabel("run")
        ax.set_title(f"{arm} (merge_ends = {merges[arm]:g})", fontsize=9)
    axes[0][0].set_ylabel("descriptions")
    axes[0][0].legend(fontsize=8)
    fig.suptitle('"win with n, lose with n - 1" in each run', fontsize=10)
    figure = save(fig, out, "rediscovery.png")
    lines = ["## Results", "",
             f"Budget: {budget(settings)} offspring a run (population "
             f"{run_config(settings)['population']}, then {run_config(settings)['generations']} "
             f"generations of {run_config(settings)['offspring']}); the distinct ones are "
             "evaluated (column `evaluated`). Rates are shares of runs, with 95% Wilson "
             "intervals.", ""]
    for r in arms.itertuples():
        lines.append(f"- **{r.arm}** (merge_ends = {r.merge_ends:g}): the rule was made in "
                     f"{r.made} of {r.runs} runs ({r.made_lo:.2f}-{r.made_hi:.2f}) and reached "
                     f"the hall of fame in **{r.fame} of {r.runs}** (rate {r.fame_rate:.2f}, "
                     f"{r.fame_lo:.2f}-{r.fame_hi:.2f}); {r.evaluated:.0f} evaluated a run.")
    if len(arms) == 2:
        a, b = arms.iloc[0], arms.iloc[1]
        p_fame = fisher_p(arms, "fame")
        verdict = ("the arms differ" if p_fame < 0.05 else
                   "this sample cannot tell the arms apart")
        lines += ["", f"Hall-of-fame rate, {a.arm} against {b.arm}: {a.fame_rate:.2f} against "
                  f"{b.fame_rate:.2f}, Fisher's exact p = {p_fame:.3g} ({verdict}); the rule "
                  f"made at all: p = {fisher_p(arms, 'made'):.3g}. The arms share their run "
                  "seeds (the same first population), which these tests for independent "
                  "samples ignore: they err on the side of not separating."]
    lines += ["", markdown(runs), "", f"![rediscovery]({figure})"]
    best = carriers[carriers["gate"] == "ok"].sort_values("score", ascending=False).head(3)
    if len(best):
        lines += ["", "The best-scoring descriptions carrying the rule:", ""]
        for r in best.itertuples():
            lines += [f"- {r.arm} run {r.run}, n = {r.n}, score {r.score:.3f}, rank "
                      f"{r.rank if r.rank else 'outside the hall of fame'}:",
                      "", "  ```", *("  " + x for x in r.text.splitlines()), "  ```"]
    return "\n".join(lines)
