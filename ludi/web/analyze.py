"""``ludi study analyze DB``: what people preferred, and whether ludi's measures agree.

Each answer is one comparison (the preferred game beats the other). Bradley-Terry scores
(``choix``, a small ridge so a game that always wins stays finite) give each game's strength
of preference; a bootstrap over participants (each participant's answers resampled together)
gives 95% intervals of the scores; the Spearman correlation of every measure, and of ludi's
aggregate fitness, with the scores gets its interval from resampling participants and games.
The report says it in words, with two plots.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.stats import spearmanr

from ludi.errors import UsageError
from ludi.plotting import pyplot, save_figure
from ludi.web.store import Store

RIDGE = 0.01  # choix's regularisation: finite scores for a game that always (or never) wins


@dataclass
class Analysis:
    """Scores per game (``score``, ``low``, ``high``, ``wins``, ``shown``) and correlations
    per measure (``rho``, ``low``, ``high``, ``n``)."""

    scores: pd.DataFrame
    correlations: pd.DataFrame
    comparisons: int
    participants: int


def comparisons(store: Store) -> pd.DataFrame:
    """One row per answer: participant, winner, loser (game keys)."""
    answers = store.table("answers")
    pairs = store.table("assignments")
    if answers.empty:
        return pd.DataFrame(columns=["participant", "winner", "loser"])
    rows = answers.merge(pairs, on=["participant", "pair"])
    a_won = rows["preferred"] == "a"
    return pd.DataFrame({"participant": rows["participant"],
                         "winner": np.where(a_won, rows["game_a"], rows["game_b"]),
                         "loser": np.where(a_won, rows["game_b"], rows["game_a"])})


def bradley_terry(data: pd.DataFrame, keys: list[str]) -> np.ndarray:
    """Scores (mean 0; a difference d means odds e^d of preferring one over the other)."""
    index = {k: i for i, k in enumerate(keys)}
    return _scores(data["winner"].map(index).to_numpy(), data["loser"].map(index).to_numpy(),
                   len(keys))


def _scores(winners: np.ndarray, losers: np.ndarray, n: int) -> np.ndarray:
    """Maximum-likelihood scores by choix's Luce spectral ranking on the win counts (a
    matrix of n x n, so a bootstrap resample costs the same however many answers)."""
    import choix

    wins = np.zeros((n, n))
    np.add.at(wins, (winners, losers), 1)
    scores = np.asarray(choix.ilsr_pairwise_dense(wins, alpha=RIDGE), float)
    return scores - scores.mean()


def spearman(x, y) -> float:
    """Spearman's rho over the finite pairs; NaN when fewer than three or one side is
    constant."""
    x, y = np.asarray(x, float), np.asarray(y, float)
    ok = np.isfinite(x) & np.isfinite(y)
    if ok.sum() < 3 or np.ptp(x[ok]) == 0 or np.ptp(y[ok]) == 0:
        return math.nan
    return float(spearmanr(x[ok], y[ok]).statistic)


def analyze(store: Store, keys: list[str], measures: pd.DataFrame | None = None, *,
            boot: int = 1000, seed: int = 1) -> Analysis:
    """Scores with bootstrap intervals; with ``measures`` (one row per game key, one column
    per measure) also every measure's Spearman correlation with the scores."""
    data = comparisons(store)
    if data.empty:
        raise UsageError("the study has no answers yet: nothing to analyse")
    scores = bradley_terry(data, keys)
    index = {k: i for i, k in enumerate(keys)}
    winners = data["winner"].map(index).to_numpy()
    losers = data["loser"].map(index).to_numpy()
    people = data["participant"].unique()
    rows_of = [np.flatnonzero(data["participant"].to_numpy() == p) for p in people]
    rng = np.random.default_rng(seed)
    samples = np.empty((boot, len(keys)))
    for b in range(boot):  # resample participants, each with all their answers
        rows = np.concatenate([rows_of[i] for i in rng.integers(len(people), size=len(people))])
        samples[b] = _scores(winners[rows], losers[rows], len(keys))
    wins = data["winner"].value_counts()
    shown = pd.concat([data["winner"], data["loser"]]).value_counts()
    table = pd.DataFrame({
        "score": scores, "low": np.percentile(samples, 2.5, axis=0),
        "high": np.percentile(samples, 97.5, axis=0),
        "wins": [int(wins.get(k, 0)) for k in keys],
        "shown": [int(shown.get(k, 0)) for k in keys]}, index=pd.Index(keys, name="game"))
    # the correlations' intervals resample the games too: with a handful of games, which
    # games were chosen is the larger part of their uncertainty
    games = np.random.default_rng([seed, 1]).integers(len(keys), size=(boot, len(keys)))
    rows = []
    if measures is not None:
        m = measures.reindex(keys)
        for name in m.columns:
            values = pd.to_numeric(m[name], errors="coerce").to_numpy(float)
            rho = spearman(values, scores)
            boots = np.array([spearman(values[g], s[g]) for s, g in zip(samples, games,
                                                                         strict=True)])
            boots = boots[np.isfinite(boots)]
            low, high = (np.percentile(boots, [2.5, 97.5]) if len(boots) else (math.nan,) * 2)
            rows.append({"measure": name, "rho": rho, "low": low, "high": high,
                         "n": int(np.isfinite(values).sum())})
    correlations = pd.DataFrame(rows, columns=["measure", "rho", "low", "high", "n"])
    correlations = correlations.set_index("measure")
    return Analysis(table.sort_values("score", ascending=False), correlations,
                    len(data), len(people))


# ---------------------------------------------------------------- measures of the games
def game_measures(study, *, trials: int | None = None, agent: str | None = None,
                  results: str | Path | None = None, progress: bool = True) -> pd.DataFrame:
    """ludi's measures of each game of ``study`` (a :class:`~ludi.web.study.Study`): read
    from a results folder's ``measures.csv`` (``ludi measure --out``) when one is given, else
    computed by self-play, plus ``aggregate``, the evolution's fitness with default weights."""
    from ludi.evolve.config import resolve
    from ludi.evolve.fitness import fitness
    from ludi.measure import measure

    settings = study.config.measures
    results = results or settings.get("results")
    if results:
        path = Path(results)
        path = path / "measures.csv" if path.is_dir() else path
        if not path.is_file():
            raise UsageError(f"no measures at {path}: expected a measures.csv written by "
                             "`ludi measure … --out DIR`")
        table = pd.read_csv(path, index_col=0)
        by_label = {e.label: k for k, e in study.library.entries.items()}
        table.index = [by_label.get(i, i) for i in table.index]
        missing = [k for k in study.keys if k not in table.index]
        if missing:
            raise UsageError(f"{path} has no measures of {', '.join(missing)}")
        table = table.loc[study.keys]
    else:
        rows = {}
        for key in study.keys:
            game = study.library.game(key)
            rows[key] = measure(game, trials=trials or settings.get("trials", 50),
                                agent=agent or settings.get("agent", "mcts:200"),
                                seed=int(settings.get("seed", 1)), progress=progress)
        table = pd.DataFrame(rows).T
    table = table.apply(pd.to_numeric, errors="coerce").dropna(axis=1, how="all")
    config = resolve({})
    table["aggregate"] = [fitness(row.dropna().to_dict(), config) for _, row in table.iterrows()]
    return table


# ---------------------------------------------------------------- the report
def write_report(result: Analysis, out: Path, labels: dict[str, str],
                 measures: pd.DataFrame | None = None) -> Path:
    """report.md, scores.csv, correlations.csv and two plots in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    scores = result.scores.assign(label=[labels.get(k, k) for k in result.scores.index])
    scores.to_csv(out / "scores.csv")
    result.correlations.to_csv(out / "correlations.csv")
    if measures is not None:
        measures.to_csv(out / "measures.csv")
    _ladder(scores, out / "scores.png")
    lines = [
        "# Preference study: analysis", "",
        f"{result.comparisons} answers from {result.participants} participants. "
        "Bradley-Terry scores (a difference of 1 means odds of e ≈ 2.7 to 1 of preferring the "
        "higher game), 95% intervals from a bootstrap over participants.", "",
        "| rank | game | score | 95% interval | preferred / shown |",
        "|---:|---|---:|---|---:|"]
    for rank, (_, r) in enumerate(scores.iterrows(), 1):
        lines.append(f"| {rank} | {r.label} | {r.score:+.2f} | [{r.low:+.2f}, {r.high:+.2f}] "
                     f"| {r.wins} / {r.shown} |")
    lines += ["", "![scores](scores.png)", ""]
    if not result.correlations.empty:
        _correlation_bars(result.correlations, out / "correlations.png")
        lines += ["## Do the measures agree with people?", "",
                  "Spearman correlation of each measure with the preference scores over the "
                  "games (95% intervals from a bootstrap over participants and games). An "
                  "interval that excludes 0 marks a "
                  "measure that agrees (or disagrees) with what people preferred.", "",
                  "| measure | Spearman ρ | 95% interval |", "|---|---:|---|"]
        ordered = result.correlations.sort_values("rho", ascending=False, na_position="last")
        for name, r in ordered.iterrows():
            if math.isnan(r.rho):
                lines.append(f"| {name} | – | (the same for every game) |")
            else:
                lines.append(f"| {name} | {r.rho:+.2f} | [{r.low:+.2f}, {r.high:+.2f}] |")
        lines += ["", "![correlations](correlations.png)", ""]
    path = out / "report.md"
    path.write_text("\n".join(lines) + "\n")
    return path


def _ladder(scores: pd.DataFrame, path: Path) -> None:
    plt = pyplot()
    ordered = scores.sort_values("score")
    fig, ax = plt.subplots(figsize=(6, 0.45 * len(ordered) + 1.2))
    y = np.arange(len(ordered))
    ax.errorbar(ordered["score"], y, xerr=[ordered["score"] - ordered["low"],
                                           ordered["high"] - ordered["score"]],
                fmt="o", color="#7a5c2e", capsize=3)
    ax.set_yticks(y, ordered["label"])
    ax.axvline(0, color="#999", lw=0.6)
    ax.set_xlabel("Bradley-Terry score (95% interval)")
    ax.set_title("Which games people preferred")
    save_figure(fig, path)


def _correlation_bars(corr: pd.DataFrame, path: Path) -> None:
    plt = pyplot()
    shown = corr.dropna(subset=["rho"]).sort_values("rho")
    fig, ax = plt.subplots(figsize=(6, 0.32 * len(shown) + 1.2))
    y = np.arange(len(shown))
    colours = ["#c0392b" if name == "aggregate" else "#2471a3" for name in shown.index]
    ax.barh(y, shown["rho"], color=colours,
            xerr=[(shown["rho"] - shown["low"]).clip(lower=0),
                  (shown["high"] - shown["rho"]).clip(lower=0)], capsize=2)
    ax.set_yticks(y, shown.index)
    ax.set_xlim(-1.05, 1.05)
    ax.axvline(0, color="#999", lw=0.6)
    ax.set_xlabel("Spearman ρ with the preference scores (95% interval)")
    ax.set_title("Measures against people's preferences")
    save_figure(fig, path)
