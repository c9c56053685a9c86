"""``viability``: LUDI's funnel. How many offspring survive each gate, under a LUDI-faithful
search (crossover across the whole seed library) and under ludi's default operators.

LUDI bred 1,389 games from its seed library and kept 19 (1.4%) after its filters (Browne 2008,
ch. 8). Here every offspring is counted through the same stages: made by variation, valid
(prints and parses back), new (not a description evaluated before), compiles, has a first
move, passes the random-play viability screen, finishes in time (= passed every gate), and is
sound (soundness of at least ``sound`` under competent play: a game, not only a rule set).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ludi.experiments.common import markdown, pyplot, save
from ludi.experiments.evolution import evaluated_table, evolve_unit, mean_interval, run_config
from ludi.experiments.runner import Unit, unit_seed

STAGES = ("made", "valid", "new", "compiles", "playable", "viable", "in time", "sound")
LUDI_KEPT, LUDI_BRED = 19, 1389


def units(settings: dict) -> list[Unit]:
    out = []
    for name, ops in settings["operators"].items():
        for i in range(int(settings["runs"])):
            key = f"{name}:{i}"
            config = run_config(settings, **ops, seed=unit_seed(int(settings["seed"]), key)
                                % (1 << 31))
            folder = str(Path(settings["results_root"]) / "viability" / "runs" /
                         key.replace(":", "-"))
            out.append(Unit(key, evolve_unit, (config, folder)))
    return out


def funnel(result: dict, sound: float) -> dict:
    """The counts of one run's offspring: every description variation made (the seed games
    themselves left out)."""
    t = result["individuals"]
    t = t[t["operator"] != "seed"]
    gates = t["gate"]
    compiles = int((gates != "compile").sum())
    playable = compiles - int((gates == "playable").sum())
    viable = playable - int((gates == "viability").sum())
    in_time = int((gates == "ok").sum())
    return {"made": result["made"], "valid": result["made"] - result["invalid"],
            "new": len(t), "compiles": compiles, "playable": playable, "viable": viable,
            "in time": in_time,
            "sound": int(((gates == "ok") & (t["soundness"] >= sound)).sum())}


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows = []
    for key, result in results.items():
        name, run = key.split(":")
        rows.append({"operators": name, "run": int(run),
                     **funnel(result, float(settings["sound"]))})
    runs = pd.DataFrame(rows)
    runs.to_parquet(out / "funnel_runs.parquet")
    evaluated_table(results).to_parquet(out / "evaluated.parquet")
    totals = runs.groupby("operators")[list(STAGES)].sum().reset_index()
    for stage in STAGES:
        totals[f"{stage} %"] = 100 * totals[stage] / totals["made"].clip(lower=1)
    totals.to_parquet(out / "funnel.parquet")
    rates = []
    for name, part in runs.groupby("operators"):
        share = 100 * part["in time"] / part["made"].clip(lower=1)
        m, lo, hi = mean_interval(share)
        sound_share = 100 * part["sound"] / part["made"].clip(lower=1)
        sm, slo, shi = mean_interval(sound_share)
        rates.append({"operators": name, "passed %": m, "passed lo": lo, "passed hi": hi,
                      "sound %": sm, "sound lo": slo, "sound hi": shi, "runs": len(part)})
    rate_table = pd.DataFrame(rates)
    rate_table.to_parquet(out / "pass_rates.parquet")

    plt = pyplot()
    fig, ax = plt.subplots(figsize=(7.5, 3.8))
    width = 0.8 / max(len(totals), 1)
    for i, (_, r) in enumerate(totals.iterrows()):
        values = [100 * r[stage] / max(r["made"], 1) for stage in STAGES]
        ax.bar([k + i * width for k in range(len(STAGES))], values, width=width,
               label=r["operators"])
    ax.axhline(100 * LUDI_KEPT / LUDI_BRED, color="#c44e52", ls="--", lw=1,
               label=f"LUDI: {LUDI_KEPT} of {LUDI_BRED} kept")
    ax.set_xticks([k + width * (len(totals) - 1) / 2 for k in range(len(STAGES))], STAGES,
                  fontsize=8)
    ax.set_yscale("log")
    ax.set_ylabel("% of offspring made")
    ax.set_title("The viability funnel", fontsize=10)
    ax.legend(fontsize=8)
    figure = save(fig, out, "funnel.png")
    lines = ["## Results", "",
             f"{len(runs)} runs ({settings['runs']} per operator set); every count is of "
             "description made by variation (the seed games themselves are left out).", "",
             markdown(totals, ["operators", *STAGES]), "",
             markdown(rate_table, ["operators", "passed %", "passed lo", "passed hi",
                                   "sound %", "sound lo", "sound hi", "runs"], digits=2), "",
             f"LUDI kept {LUDI_KEPT} of {LUDI_BRED} ({100 * LUDI_KEPT / LUDI_BRED:.1f}%). Its "
             "filter is closest to our 'in time' (every gate passed); 'sound' also asks for a "
             f"soundness of at least {settings['sound']} under the measuring agent.", "",
             f"![funnel]({figure})"]
    return "\n".join(lines)
