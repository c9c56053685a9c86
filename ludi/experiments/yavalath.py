"""``yavalath``: Yavalath among its rule neighbours, and its first-player advantage as the
players get stronger, with and without the pie rule.

The neighbourhood changes one thing at a time from Yavalath (side 5, four wins, three loses,
pie rule): the line lengths (win n / lose n - 1 for n = 3..6, win-4 alone, lose-3 alone), the
board's side (4-8), the pie rule, and three players (ludi's shipped 3-player rules).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from ludi.experiments.common import (
    PARTS,
    first_player_interval,
    markdown,
    measure_text,
    measure_unit,
    pyplot,
    ranked_interval_plot,
    row,
    save,
)
from ludi.experiments.runner import Unit, unit_seed
from ludi.lang import load_description

YAVALATH = "Yavalath (side 5, win 4, lose 3, pie)"


def variant_text(side: int, win: int | None, lose: int | None, pie: bool = True) -> str:
    """A two-player Yavalath-like description on ``(hex side)``."""
    ends = []
    if win:
        ends.append(f"(if (is Line {win}) (result Mover Win))")
    if lose:
        ends.append(f"(if (is Line {lose}) (result Mover Loss))")
    meta = "(meta (swap))" if pie else ""
    return (f'(game "Yavalath {side}-{win or 0}-{lose or 0}{"-pie" if pie else ""}" '
            f'(players 2) (equipment {{ (board (hex {side})) (piece "Marker" Each) }}) '
            f'(rules {meta} (play (move Add (to (sites Empty)))) (end {{ {" ".join(ends)} }})))')


def neighbours(chosen: list[str] | str) -> list[tuple[str, str]]:
    """(label, text) of Yavalath and its neighbours (``chosen``: labels, or "all")."""
    all_ = [(YAVALATH, variant_text(5, 4, 3))]
    all_ += [(f"win {n} / lose {n - 1}", variant_text(5, n, n - 1)) for n in (3, 5, 6)]
    all_ += [("win 4 alone", variant_text(5, 4, None)),
             ("lose 3 alone", variant_text(5, None, 3))]
    all_ += [(f"side {s}", variant_text(s, 4, 3)) for s in (4, 6, 7, 8)]
    all_ += [("no pie rule", variant_text(5, 4, 3, pie=False)),
             ("3 players", load_description("yavalath", {"Players": "3 Players"}).to_text())]
    if chosen == "all":
        return all_
    known = {label for label, _ in all_}
    unknown = [c for c in chosen if c not in known and c != "Yavalath"]
    if unknown:
        from ludi.errors import LudiError

        raise LudiError(f"unknown Yavalath neighbour {unknown[0]!r}; neighbours: "
                        f"{', '.join(sorted(known))}")
    return [(label, text) for label, text in all_ if label in chosen or label == YAVALATH]


def ladder_unit(pie: bool, agent: str, trials: int, seed: int):
    label = f"{'pie' if pie else 'no pie'} / {agent}"
    return measure_text(label, variant_text(5, 4, 3, pie), agent, trials, seed)


def units(settings: dict) -> list[Unit]:
    seed = int(settings["seed"])
    out = [Unit(f"neighbour:{label}", measure_unit,
                (label, text, settings["agent"], int(settings["trials"]),
                 int(settings["skill_games"]), int(settings["n_boot"]), unit_seed(seed, label)))
           for label, text in neighbours(settings["neighbours"])]
    ladder = settings["ladder"]
    out += [Unit(f"ladder:{pie}:{agent}", ladder_unit,
                 (pie, agent, int(ladder["trials"]), unit_seed(seed, f"ladder {pie} {agent}")))
            for pie in (True, False) for agent in ladder["agents"]]
    return out


def _strength(agent: str) -> float:
    """The search budget of an agent string, for the x axis (random = 1)."""
    name, _, arg = agent.partition(":")
    return float(arg) if arg.isdigit() else 1.0


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows = []
    for key, value in results.items():
        if key.startswith("neighbour:"):
            m, (lo, hi) = value
            rows.append(row(m, fitness_lo=lo, fitness_hi=hi))
    table = pd.DataFrame(rows).sort_values("fitness", ascending=False, ignore_index=True)
    table.insert(0, "rank", range(1, len(table) + 1))
    table.to_parquet(out / "neighbours.parquet")
    ladder_rows = []
    for key, m in results.items():
        if key.startswith("ladder:"):
            _, pie, agent = key.split(":", 2)
            a, lo, hi = first_player_interval(m)
            ladder_rows.append({"pie": pie == "True", "agent": agent,
                                "iterations": _strength(agent), "advantage_p1": a,
                                "advantage_p1_lo": lo, "advantage_p1_hi": hi,
                                "duration": m.measures["duration"], "games": len(m.records)})
    ladder = pd.DataFrame(ladder_rows)
    ladder.to_parquet(out / "advantage_by_strength.parquet")

    fig = ranked_interval_plot(table, "fitness", "fitness_lo", "fitness_hi",
                               "Yavalath and its rule neighbours", highlight="Yavalath")
    figures = [save(fig, out, "neighbours.png")]
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(6, 3.5))
    for pie, part in ladder.groupby("pie"):
        part = part.sort_values("iterations")
        ax.errorbar(part["iterations"], part["advantage_p1"],
                    yerr=[part["advantage_p1"] - part["advantage_p1_lo"],
                          part["advantage_p1_hi"] - part["advantage_p1"]],
                    marker="o", capsize=3, label="pie rule" if pie else "no pie rule")
    ax.axhline(0.5, color="#999999", lw=0.8, ls="--")
    ax.set_xscale("log")
    ax.set_xlabel("UCT iterations per move")
    ax.set_ylabel("first player's score (95% Wilson)")
    ax.set_ylim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title("Yavalath: first-player advantage as play gets stronger", fontsize=10)
    figures.append(save(fig, out, "advantage_by_strength.png"))

    rank = int(table.loc[table["label"] == YAVALATH, "rank"].iloc[0])
    better = table[(table["rank"] < rank)]
    overlapping = int(np.sum(better["fitness_lo"] <= float(
        table.loc[table["label"] == YAVALATH, "fitness_hi"].iloc[0])))
    lines = [
        "## Results", "",
        f"Yavalath ranks **{rank} of {len(table)}** among its neighbours by the LUDI-style "
        f"aggregate ({settings['trials']} games of `{settings['agent']}` each); "
        f"{overlapping} of the {len(better)} ranked above it have intervals that overlap "
        "Yavalath's. LUDI ranked Yavalath 4th of its 19 evolved survivors by its measures and "
        "2nd by people; the neighbours here are not LUDI's survivors, so the ranks compare "
        "the question, not the numbers.", "",
        markdown(table, ["rank", "label", "fitness", "fitness_lo", "fitness_hi", "soundness",
                         "appeal", *PARTS[:5]]), "",
        f"![neighbours]({figures[0]})", "",
        "## First-player advantage against strength", "",
        markdown(ladder.sort_values(["pie", "iterations"]),
                 ["pie", "agent", "advantage_p1", "advantage_p1_lo", "advantage_p1_hi",
                  "duration", "games"]), "",
        f"![advantage]({figures[1]})",
    ]
    return "\n".join(lines)
