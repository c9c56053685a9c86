"""``rediscovery``: does evolution find "win with n, lose with n - 1" without Yavalath among
its seeds? LUDI's headline result was that rule, found by recombining line games.

Each run evolves from seeds that hold line wins and misère lines but not the combination
(Tic-Tac-Toe, Gomoku, Hex, Misère Three, Four Line, Hex Five). For each run: how many evaluated
descriptions carry the rule (any n), whether the hall of fame holds one, and its best rank.
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
    for i in range(int(settings["runs"])):
        key = f"run:{i}"
        config = run_config(settings, seed=unit_seed(int(settings["seed"]), key) % (1 << 31))
        if "yavalath" in config["seeds"]:
            from ludi.errors import LudiError

            raise LudiError("rediscovery must not start from Yavalath")
        folder = str(Path(settings["results_root"]) / "rediscovery" / "runs" / f"run-{i}")
        out.append(Unit(key, evolve_unit, (config, folder)))
    return out


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows, found = [], []
    for key, result in results.items():
        run = int(key.split(":")[1])
        table = with_fitness(result["individuals"])
        table["pair"] = [win_lose_pair(t) for t in table["text"]]
        fame = [h for h in result["fame"]]
        ranks = {h: i + 1 for i, h in enumerate(fame)}
        carriers = table[table["pair"].notna()]
        in_fame = carriers[carriers["hash"].isin(fame)]
        best_rank = min((ranks[h] for h in in_fame["hash"]), default=None)
        rows.append({"run": run, "evaluated": len(table), "with_rule": len(carriers),
                     "passed_with_rule": int((carriers["gate"] == "ok").sum()),
                     "in_hall_of_fame": len(in_fame), "best_rank": best_rank,
                     "best_score": float(table["score"].max())})
        for r in carriers.itertuples():
            found.append({"run": run, "hash": r.hash, "n": int(r.pair), "gate": r.gate,
                          "score": r.score, "generation": r.generation,
                          "rank": ranks.get(r.hash), "text": r.text})
    runs = pd.DataFrame(rows).sort_values("run", ignore_index=True)
    runs.to_parquet(out / "runs.parquet")
    evaluated_table(results).to_parquet(out / "evaluated.parquet")
    carriers = pd.DataFrame(found, columns=["run", "hash", "n", "gate", "score", "generation",
                                            "rank", "text"])
    carriers.to_parquet(out / "carriers.parquet")
    hits = int((runs["in_hall_of_fame"] > 0).sum())
    lo, hi = wilson(hits, len(runs))
    appeared = int((runs["with_rule"] > 0).sum())

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.4))
    ax.bar(runs["run"].astype(str), runs["with_rule"], color="#4c72b0",
           label="evaluated with the rule")
    ax.bar(runs["run"].astype(str), runs["in_hall_of_fame"], color="#c44e52",
           label="in the hall of fame")
    ax.set_xlabel("run")
    ax.set_ylabel("descriptions")
    ax.set_title('"win with n, lose with n - 1" in each run', fontsize=10)
    ax.legend(fontsize=8)
    figure = save(fig, out, "rediscovery.png")
    best = carriers[carriers["gate"] == "ok"].sort_values("score", ascending=False).head(3)
    lines = ["## Results", "",
             f"In {appeared} of {len(runs)} runs the rule appeared among the evaluated "
             f"descriptions; in **{hits} of {len(runs)}** it reached the hall of fame "
             f"(rate {hits / max(len(runs), 1):.2f}, 95% Wilson interval {lo:.2f}-{hi:.2f}).",
             "", markdown(runs), "", f"![rediscovery]({figure})"]
    if len(best):
        lines += ["", "The best-scoring descriptions carrying the rule:", ""]
        for r in best.itertuples():
            lines += [f"- run {r.run}, n = {r.n}, score {r.score:.3f}, rank "
                      f"{r.rank if r.rank else 'outside the hall of fame'}:",
                      "", "  ```", *("  " + x for x in r.text.splitlines()), "  ```"]
    return "\n".join(lines)
