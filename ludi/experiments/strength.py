"""``strength``: the measures as a function of the self-play agent's strength.

Self-play by random play, UCT at growing budgets and alpha-beta, on games whose strong-play
truth is known: Tic-Tac-Toe (a draw), Hex without the swap rule (a first-player win), Oware and
its Awari ruleset (drawish at high level). Which measures hold still as play gets stronger, and
which change or flip?
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ludi.experiments.common import markdown, measure_text, pyplot, save
from ludi.experiments.runner import Unit, unit_seed
from ludi.lang import load_description
from ludi.measure.measures import wilson

#: The measures drawn against strength (the aggregate's main parts and the outcome shares).
SHOWN = ("drawishness", "advantage_p1", "duration", "balance", "lead_change", "decisiveness",
         "uncertainty", "fitness")


def game_text(spec: dict) -> str:
    return load_description(spec["name"], spec.get("options"),
                            ruleset=spec.get("ruleset")).to_text()


def strength_unit(label: str, text: str, agent: str, trials: int, seed: int,
                  move_limit: int | None):
    return measure_text(label, text, agent, trials, seed, move_limit=move_limit)


def units(settings: dict) -> list[Unit]:
    seed = int(settings["seed"])
    out = []
    for spec in settings["games"]:
        text = game_text(spec)
        for agent in spec.get("agents", settings["agents"]):
            key = f"{spec['label']}:{agent}"
            out.append(Unit(key, strength_unit,
                            (spec["label"], text, agent, int(spec.get("trials",
                                                                      settings["trials"])),
                             unit_seed(seed, key), spec.get("move_limit"))))
    return out


def strength_rank(agent: str) -> float:
    """An order of strength: random < UCT by iterations < alpha-beta by depth (after UCT)."""
    kind, _, arg = agent.partition(":")
    if kind == "random":
        return 0.0
    if kind == "mcts":
        return float(arg)
    return 1e6 * (1 + float(arg))  # ab:d, drawn at the right end


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows = []
    for key, m in results.items():
        game, agent = key.split(":", 1)
        fp_lo, fp_hi = wilson(m.measures["advantage_p1"] * len(m.records), len(m.records))
        dr_lo, dr_hi = wilson(m.measures["drawishness"] * len(m.records), len(m.records))
        rows.append({"game": game, "agent": agent, "order": strength_rank(agent),
                     "games": len(m.records), **m.measures,
                     "advantage_p1_lo": fp_lo, "advantage_p1_hi": fp_hi,
                     "drawishness_lo": dr_lo, "drawishness_hi": dr_hi})
    table = pd.DataFrame(rows).sort_values(["game", "order"], ignore_index=True)
    table.to_parquet(out / "strength.parquet")

    plt = pyplot()
    ladder = table.drop_duplicates("agent").sort_values("order")["agent"].tolist()
    position = {agent: i for i, agent in enumerate(ladder)}
    fig, axes = plt.subplots(2, 4, figsize=(12, 6))
    for ax, name in zip(axes.ravel(), SHOWN, strict=True):
        for game, part in table.groupby("game"):
            ax.plot(part["agent"].map(position), part[name], marker="o", label=game)
        ax.set_title(name, fontsize=9)
        ax.set_xticks(range(len(ladder)), ladder, rotation=45, ha="right", fontsize=7)
        ax.tick_params(axis="y", labelsize=7)
    axes[0, 0].legend(fontsize=7)
    fig.suptitle("Measures against self-play strength (weaker to stronger)", fontsize=10)
    figure = save(fig, out, "strength.png")

    stability = []
    for name in SHOWN:
        for game, part in table.groupby("game"):
            values = part[name].to_numpy()
            stability.append({"measure": name, "game": game, "weakest": values[0],
                              "strongest": values[-1], "change": values[-1] - values[0],
                              "range": values.max() - values.min()})
    stab = pd.DataFrame(stability)
    stab.to_parquet(out / "stability.parquet")
    summary = stab.groupby("measure").agg(
        mean_range=("range", "mean"),
        flips=("change", lambda c: int(bool((c > 0).any() and (c < 0).any()))))
    summary = summary.sort_values("mean_range").reset_index()
    lines = ["## Results", "",
             markdown(table, ["game", "agent", "games", "completion", "drawishness",
                              "drawishness_lo", "drawishness_hi", "advantage_p1",
                              "advantage_p1_lo", "advantage_p1_hi", "duration", "fitness"]),
             "", f"![strength]({figure})", "",
             "## Which measures hold still", "",
             "Mean range of each measure over the strength ladder (across games), and whether "
             "its change from the weakest to the strongest agent goes up in one game and down "
             "in another (1 = it flips):", "",
             markdown(summary, ["measure", "mean_range", "flips"])]
    for game, part in table.groupby("game"):
        first, last = part.iloc[0], part.iloc[-1]
        lines.append(f"\n- {game}: drawishness {first['drawishness']:.2f} ({first['agent']}) "
                     f"→ {last['drawishness']:.2f} ({last['agent']}); first player's score "
                     f"{first['advantage_p1']:.2f} → {last['advantage_p1']:.2f}.")
    return "\n".join(lines)
