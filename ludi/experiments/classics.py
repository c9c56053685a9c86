"""``classics``: every game ludi plays (shipped, and Ludii's own files that load), measured by
self-play and ranked by the LUDI-style aggregate with bootstrap 95% intervals; Tic-Tac-Toe
also under perfect play (alpha-beta to the end), where it must come out a draw."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from ludi.experiments.common import (
    PARTS,
    ludii_games,
    markdown,
    measure_text,
    measure_unit,
    ranked_interval_plot,
    row,
    save,
)
from ludi.experiments.runner import Unit, unit_seed
from ludi.lang import load_description
from ludi.lang.description import ludii_library, shipped_games


def shipped(names: list[str] | str) -> list[tuple[str, str]]:
    """(label, text) of shipped games with their default options ("all": every one)."""
    chosen = sorted(shipped_games()) if names == "all" else list(names)
    return [(f"{load_description(n).name} (ludi)", load_description(n).to_text())
            for n in chosen]


def strong_unit(text, agent, trials, seed):
    return measure_text("Tic-Tac-Toe (ludi)", text, agent, trials, seed)


def games(settings: dict) -> list[tuple[str, str]]:
    found = shipped(settings["games"])
    root = ludii_library(settings.get("ludii_library"))
    if settings.get("ludii") and root.is_dir():
        only = None if settings["ludii"] == "all" else list(settings["ludii"])
        found += ludii_games(root, only)
    return found


def units(settings: dict) -> list[Unit]:
    seed = int(settings["seed"])
    out = [Unit(f"measure:{label}", measure_unit,
                (label, text, settings["agent"], int(settings["trials"]),
                 int(settings["skill_games"]), int(settings["n_boot"]), unit_seed(seed, label),
                 settings.get("move_limit")))
           for label, text in games(settings)]
    strong = settings["strong"]
    out.append(Unit("strong:tictactoe", strong_unit,
                    (load_description("tictactoe").to_text(), strong["agent"],
                     int(strong["trials"]), unit_seed(seed, "strong"))))
    return out


def summarise(settings: dict, results: dict, out: Path) -> str:
    rows = []
    for key, value in results.items():
        if key.startswith("measure:"):
            m, (lo, hi) = value
            rows.append(row(m, source="Ludii" if m.label.endswith("(Ludii)") else "ludi",
                            fitness_lo=lo, fitness_hi=hi))
    table = pd.DataFrame(rows).sort_values("fitness", ascending=False, ignore_index=True)
    table.insert(0, "rank", range(1, len(table) + 1))
    table.to_parquet(out / "classics.parquet")
    strong = results["strong:tictactoe"]
    strong_row = pd.DataFrame([row(strong, agent=settings["strong"]["agent"])])
    strong_row.to_parquet(out / "tictactoe_strong.parquet")
    fig = ranked_interval_plot(table, "fitness", "fitness_lo", "fitness_hi",
                               f"The classics by the LUDI-style aggregate "
                               f"({settings['agent']}, {settings['trials']} games each)",
                               highlight="Yavalath")
    figure = save(fig, out, "classics.png")
    missing = "" if ludii_library(settings.get("ludii_library")).is_dir() or \
        not settings.get("ludii") else "\n\nLudii's library was not found: shipped games only."
    yav = table[table["label"].str.startswith("Yavalath")]
    ttt = table[table["label"] == "Tic-Tac-Toe (ludi)"]
    lines = [
        "## Results", "",
        f"{len(table)} games measured by {settings['trials']} self-play games of "
        f"`{settings['agent']}` and {settings['skill_games']} against random play "
        f"each.{missing}", "",
        markdown(table, ["rank", "label", "fitness", "fitness_lo", "fitness_hi", "soundness",
                         "appeal", *PARTS[:5], "drawishness"]), "",
        f"![classics]({figure})", "",
        "Yavalath's rank: " + ", ".join(f"{r.label} #{r.rank} of {len(table)}"
                                        for r in yav.itertuples()) + ".",
        "",
        "## Tic-Tac-Toe under perfect play", "",
        f"Under `{settings['strong']['agent']}` self-play ({len(strong.records)} games), "
        f"Tic-Tac-Toe's drawishness is {strong.measures['drawishness']:.2f} and its "
        f"completion {strong.measures['completion']:.2f}"
        + (f" (under `{settings['agent']}`: drawishness "
           f"{float(ttt['drawishness'].iloc[0]):.2f})" if len(ttt) else "")
        + ". LUDI's own example of a flawed game: perfect players always draw.",
    ]
    return "\n".join(lines)

