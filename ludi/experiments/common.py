"""What the studies share: measuring one game as evolution does, intervals, tables and plots."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from ludi.compile.lint import dead_rule_count
from ludi.engine import parse as compile_text
from ludi.evolve.config import resolve
from ludi.evolve.fitness import appeal, fitness, soundness
from ludi.evolve.patterns import has_goal
from ludi.measure.measures import compute_measures, skill_gap, wilson
from ludi.measure.records import GameRecord
from ludi.measure.trials import DEFAULT_EVALUATOR, game_seed, play_one
from ludi.plotting import pyplot

#: The parts of the LUDI-style aggregate shown next to it in tables.
PARTS = ("completion", "balance", "coverage", "duration", "skill_gap", "lead_change",
         "uncertainty", "drama", "decision_moves", "killer_moves")


@dataclass
class Measured:
    """One game measured by self-play: its records, the strong agent's games against the weak
    one (the skill gap's sample: 1 a win, 1/n nobody won, 0 a loss) and the measures."""

    label: str
    records: list[GameRecord]
    strong_scores: list[float]
    num_players: int
    measures: dict
    seconds: float


def default_config(**overrides) -> dict:
    """The evolution defaults (the fitness's targets and weights), with ``overrides``."""
    return resolve(overrides)


def scores(measures: dict, config: dict) -> dict:
    """The LUDI-style aggregate of evolution (fitness) with its two factors."""
    return {"fitness": fitness(measures, config), "soundness": soundness(measures, config),
            "appeal": appeal(measures, config)}


def _measures(records, strong_scores, players, config, dead: int = 0, goal: bool = True) -> dict:
    gap = skill_gap(float(np.mean(strong_scores)), players) if strong_scores else None
    m = {k: (0.0 if isinstance(v, float) and math.isnan(v) else float(v))
         for k, v in compute_measures(records, skill_gap=gap).items()}
    m["dead_rules"], m["goal"] = float(dead), float(goal)
    m.update(scores(m, config))
    return m


def measure_text(label: str, text: str, agent: str, trials: int, seed: int,
                 skill_games: int = 0, weak: str = "random", move_limit: int | None = None,
                 config: dict | None = None) -> Measured:
    """Self-play ``trials`` games of ``agent`` (plus ``skill_games`` against ``weak``, seats
    rotating) on one process, and every measure with the fitness and its factors. Random play
    is recorded with evaluations from ``DEFAULT_EVALUATOR``, as ``ludi measure`` does."""
    start = time.monotonic()
    config = config or default_config()
    evaluator = DEFAULT_EVALUATOR if agent.strip().lower() == "random" else None
    players = compile_text(text).num_players
    records = [play_one(text, [agent] * players, game_seed(seed, i), True, evaluator,
                        move_limit=move_limit) for i in range(trials)]
    strong = []
    for i in range(skill_games):
        seat = i % players
        specs = [weak] * players
        specs[seat] = agent
        row = play_one(text, specs, game_seed(seed + 1, i), move_limit=move_limit)
        strong.append(1.0 if row["winner"] == seat else
                      (1.0 / players if row["winner"] is None else 0.0))
    measures = _measures(records, strong, players, config, dead_rule_count(text),
                         has_goal(text))
    return Measured(label, records, strong, players, measures, time.monotonic() - start)


def bootstrap(m: Measured, name: str = "fitness", n_boot: int = 200, seed: int = 0,
              config: dict | None = None) -> tuple[float, float]:
    """A 95% percentile-bootstrap interval of one measure (or of the fitness): the games and
    the skill games resampled with replacement, every measure recomputed."""
    config = config or default_config()
    rng = np.random.default_rng(seed)
    values = []
    for _ in range(n_boot):
        recs = [m.records[i] for i in rng.integers(len(m.records), size=len(m.records))]
        strong = [m.strong_scores[i] for i in rng.integers(len(m.strong_scores),
                                                             size=len(m.strong_scores))]
        values.append(_measures(recs, strong, m.num_players, config,
                                int(m.measures.get("dead_rules", 0)),
                                bool(m.measures.get("goal", 1))).get(name, np.nan))
    lo, hi = np.nanpercentile(values, [2.5, 97.5])
    return float(lo), float(hi)


def measure_unit(label: str, text: str, agent: str, trials: int, skill_games: int,
                 n_boot: int, seed: int, move_limit: int | None = None):
    """A study's unit: one game measured (:func:`measure_text`) with the bootstrap interval of
    its fitness (no interval when ``n_boot`` is 0)."""
    m = measure_text(label, text, agent, trials, seed, skill_games, move_limit=move_limit)
    return m, (bootstrap(m, n_boot=n_boot, seed=seed) if n_boot else (np.nan, np.nan))


def first_player_interval(m: Measured) -> tuple[float, float, float]:
    """The first player's score (Ludii's AdvantageP1: wins 1, draws 1/2) with its Wilson 95%
    interval over the self-play games."""
    a = m.measures["advantage_p1"]
    lo, hi = wilson(a * len(m.records), len(m.records))
    return a, lo, hi


def row(m: Measured, **extra) -> dict:
    """A table row: label, extra columns, the aggregate, its parts and every other measure
    (no timings: a table depends on the seed only; the report gives the compute time)."""
    return {"label": m.label, **extra, "games": len(m.records), **m.measures}



def save(fig, out: Path, name: str) -> str:
    """Save a figure as ``out/name`` (PNG) and close it; returns the file name for the report."""
    fig.tight_layout()
    fig.savefig(out / name, dpi=120)
    pyplot().close(fig)
    return name


def markdown(df: pd.DataFrame, columns: list[str] | None = None, digits: int = 3) -> str:
    """A table as Markdown (no extra dependency), numbers rounded."""
    df = df[columns] if columns else df
    head = "| " + " | ".join(map(str, df.columns)) + " |"
    rule = "|" + "|".join("---" for _ in df.columns) + "|"

    def cell(v) -> str:
        if isinstance(v, float | np.floating):
            return "" if math.isnan(v) else f"{v:.{digits}f}"
        return str(v)

    body = ["| " + " | ".join(cell(v) for v in r) + " |" for r in df.itertuples(index=False)]
    return "\n".join([head, rule, *body])


def ranked_interval_plot(df: pd.DataFrame, value: str, lo: str, hi: str, title: str,
                         highlight: str | None = None):
    """A horizontal ladder: one row per label, best at the top, with its interval."""
    plt = pyplot()
    df = df.sort_values(value)
    fig, ax = plt.subplots(figsize=(7, 0.32 * len(df) + 1.2))
    colors = ["#c44e52" if highlight and highlight in str(label) else "#4c72b0"
              for label in df["label"]]
    y = np.arange(len(df))
    ax.errorbar(df[value], y, xerr=[df[value] - df[lo], df[hi] - df[value]], fmt="none",
                ecolor="#999999", capsize=2)
    ax.scatter(df[value], y, c=colors, zorder=3)
    ax.set_yticks(y, df["label"], fontsize=8)
    ax.set_xlabel(f"{value} (95% bootstrap interval)")
    ax.set_title(title, fontsize=10)
    return fig


def ludii_games(root: Path, only: list[str] | None = None) -> list[tuple[str, str]]:
    """(label, expanded text) of every Ludii board game under ``root`` that ludi can play
    (it parses with Ludii's ``def/`` tree and compiles), or of the files named in ``only``."""
    from ludi.errors import LudiError
    from ludi.lang import parse

    found = []
    paths = sorted(root.glob("board/**/*.lud"))
    if only is not None:
        paths = [p for p in paths if p.stem in only]
    for path in paths:
        try:
            desc = parse(path.read_text(encoding="utf-8"), defines=root / "def",
                         source=str(path))
            compile_text(desc.to_text())
        except LudiError:
            continue
        found.append((f"{path.stem} (Ludii)", desc.to_text()))
    return found
