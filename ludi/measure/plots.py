"""Plots of self-play trials, as PNG files (matplotlib, no screen needed)."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ludi.measure.records import GameRecord
from ludi.plotting import pyplot, save_figure


def evaluation_curves(records: list[GameRecord], path: Path, name: str, games: int = 4) -> Path:
    """Each player's evaluation over the first few games: lead changes and drama at a glance."""
    plt = pyplot()
    shown = records[:games]
    fig, axes = plt.subplots(len(shown), 1, figsize=(7, 1.8 * max(1, len(shown))), squeeze=False)
    for ax, rec in zip(axes[:, 0], shown, strict=True):
        for p in range(rec.num_players):
            ax.plot(rec.evals[:, p], label=f"P{p + 1}")
        ax.axhline(0, color="#999999", lw=0.5)
        ax.set_ylim(-1.05, 1.05)
        winner = f"P{rec.winner + 1} wins" if rec.winner is not None else "no winner"
        ax.set_ylabel("value")
        ax.set_title(f"{winner} after {rec.length} plies ({rec.end_type})", fontsize=8)
    axes[0, 0].legend(fontsize=7, loc="upper right")
    axes[-1, 0].set_xlabel("ply")
    fig.suptitle(f"{name}: evaluations during sample games", fontsize=10)
    return save_figure(fig, path)


def branching(records: list[GameRecord], path: Path, name: str) -> Path:
    """Mean number of legal moves against game progress (ten bins), with the spread."""
    plt = pyplot()
    bins = np.linspace(0, 1, 11)
    sums = [[] for _ in range(10)]
    for rec in records:
        L = len(rec.legal_counts)
        for i, k in enumerate(rec.legal_counts):
            b = min(9, int(10 * i / max(L, 1)))
            sums[b].append(k)
    means = [np.mean(b) if b else np.nan for b in sums]
    sds = [np.std(b) if b else np.nan for b in sums]
    centres = (bins[:-1] + bins[1:]) / 2
    fig, ax = plt.subplots(figsize=(6, 3.2))
    ax.errorbar(centres, means, yerr=sds, marker="o", capsize=3)
    ax.set_xlabel("game progress")
    ax.set_ylabel("legal moves")
    ax.set_title(f"{name}: branching factor over the game", fontsize=10)
    return save_figure(fig, path)


def outcomes(records: list[GameRecord], path: Path, name: str) -> Path:
    """Shares of games won by each seat, drawn and stopped by the move limit."""
    plt = pyplot()
    n = records[0].num_players if records else 2
    labels = [f"P{p + 1} wins" for p in range(n)] + ["draw", "move limit"]
    counts = [sum(1 for r in records if r.winner == p) for p in range(n)]
    counts += [sum(1 for r in records if r.draw), sum(1 for r in records if r.timeout)]
    shares = np.array(counts, float) / max(len(records), 1)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.bar(labels, shares, color=["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3",
                                  "#937860"][: len(labels)])
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games")
    ax.set_title(f"{name}: outcomes of {len(records)} games", fontsize=10)
    return save_figure(fig, path)


def write_plots(records: list[GameRecord], out: Path, name: str) -> list[Path]:
    """All trial plots of one game into folder ``out``; returns their paths."""
    out.mkdir(parents=True, exist_ok=True)
    stem = "".join(ch if ch.isalnum() else "_" for ch in name.lower())
    return [evaluation_curves(records, out / f"{stem}_evaluations.png", name),
            branching(records, out / f"{stem}_branching.png", name),
            outcomes(records, out / f"{stem}_outcomes.png", name)]
