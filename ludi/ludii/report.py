"""The coverage page: how much of Ludii's library ludi plays, and what it lacks for the rest."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from pathlib import Path

from ludi.errors import LudiError
from ludi.ludii.constructs import greedy_order, rank_missing
from ludi.ludii.costs import costly_rules
from ludi.ludii.sweep import (
    CATEGORIES,
    FIRST_ROLLS,
    MAX_PLIES,
    PLAYOUTS,
    STATUSES,
    FileResult,
)


def summary(results: list[FileResult]) -> dict[str, dict[str, int]]:
    """Counts of each status per category, with a ``total`` row."""
    table: dict[str, dict[str, int]] = {}
    for r in results:
        for cat in (r.category, "total"):
            table.setdefault(cat, Counter())[r.status] += 1
    order = [c for c in CATEGORIES if c in table] + sorted(
        c for c in table if c not in CATEGORIES and c != "total") + ["total"]
    return {c: dict(table[c]) for c in order if c in table}


def speed_ratios(results: list[FileResult]) -> list[float]:
    """ludi's playouts per second over Ludii's, for every game that plays and agrees."""
    return sorted(r.speed_ratio for r in results
                  if r.status == "agrees" and r.speed_ratio is not None)


#: The committed coverage page (written by ``ludi ludii``).
PAGE = "docs/ludii-coverage.md"


def agreeing_files(page: str | Path) -> list[str]:
    """The library files (relative to ``board/``) the coverage page lists as playing and
    agreeing with Ludii, in the page's order."""
    try:
        text = Path(page).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LudiError(f"no coverage page at {page}: run `ludi ludii` to write it",
                        file=str(page)) from None
    return agreeing_in(text)


def agreeing_in(text: str) -> list[str]:
    """The files a coverage page's text lists as agreeing, in its order."""
    return re.findall(r"^\| ([^|]+\.lud) \| agrees \|", text, re.M)


def markdown(results: list[FileResult], command: str = "", steps: int = 30) -> str:
    """The whole page: counts per category, speed, the agreement table, the refused files'
    reasons and the missing constructs ranked by games blocked."""
    lines = ["# Ludii's library in ludi", ""]
    if command:
        lines += ["Made by", "", f"    {command}", ""]
    counts = summary(results)
    total = len(results)
    agree = counts.get("total", {}).get("agrees", 0)
    lines += [f"**{agree} of {total} files play and agree with Ludii** "
              f"({100 * agree / max(total, 1):.1f}%). Statuses (see `ludi/ludii/sweep.py`): "
              + ", ".join(f"`{s}`" for s in STATUSES) + ". Each game is sampled by "
              f"{PLAYOUTS} random playouts (fewer only past {MAX_PLIES:,} plies in all: a "
              "count of work, so the sample is the same on any machine), and agrees when its "
              "mean length and outcome shares are within sampling error of Ludii's and its "
              "legal moves at the start are Ludii's (`ludi/ludii/reference.py`; in a game of "
              f"chance Ludii's count is of one first roll, so it must be one of the counts "
              f"that the first rolls of {FIRST_ROLLS} seeds give).", ""]
    lines += ["| category | " + " | ".join(STATUSES) + " | files |",
              "|---|" + "---:|" * (len(STATUSES) + 1)]
    for cat, row in counts.items():
        label = f"**{cat}**" if cat == "total" else cat
        lines.append(f"| {label} | " + " | ".join(str(row.get(s, 0)) for s in STATUSES)
                     + f" | {sum(row.values())} |")
    ratios = speed_ratios(results)
    if ratios:
        worst = min((r for r in results if r.status == "agrees" and r.speed_ratio),
                    key=lambda r: r.speed_ratio)
        slower = sum(1 for x in ratios if x < 1)
        lines += ["", f"Speed: ludi's random playouts per second over Ludii's (Ludii's rate from "
                  f"`random_play.csv`), over the {len(ratios)} games that agree: median "
                  f"**{statistics.median(ratios):.1f}×**, worst {worst.speed_ratio:.2f}× "
                  f"({worst.name}); {slower} slower than Ludii."]
        lines += slowest(results)
    lines += ["", "## Games that play", "",
              "Mean length in moves (Ludii's count: after the start-up placements, forced passes "
              "left out), the first player's wins, draws, games cut by the move limit, legal "
              "moves at the start, and the speed ratio.", "",
              "| file | status | moves (ludi / Ludii) | P1 wins | draws | limit | legal at start "
              "| speed × |", "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in sorted(results, key=lambda r: r.path):
        if r.sample is None:
            continue
        ref = r.reference

        def pair(key: str, r=r, ref=ref) -> str:
            mine = r.sample.shares.get(key)
            theirs = ref.shares.get(key) if ref else None
            return _pair(mine, theirs, ".2f")

        lines.append(
            f"| {r.path} | {r.status} | "
            f"{_pair(r.sample.moves_mean, ref.moves_mean if ref else None, '.1f')} | "
            f"{pair('p1_win')} | {pair('draw')} | {pair('limit')} | "
            f"{_pair(r.sample.legal_moves_initial, ref.legal_moves_initial if ref else None, 'd')}"
            f" | {f'{r.speed_ratio:.1f}' if r.speed_ratio else ''} |")
    bad = [r for r in results if r.status in ("disagrees", "error")]
    if bad:
        lines += ["", "## Disagreements and errors", ""]
        lines += [f"- `{r.path}`: {r.reason}" for r in bad]
    playing = [set(r.constructs) for r in results if r.sample is not None]
    refused = {r.path: set(r.constructs) for r in results if r.status == "refused"}
    ranked = rank_missing(playing, refused)
    if ranked:
        lines += ["", "## What ludi lacks", "",
                  "A construct is a ludeme with its kind (`move Step`, `sites Around`), a named "
                  "argument of one (`square diagonals:`), `piece +moves` (a piece with its own "
                  "moves) or `players {}` (players with directions). It counts as supported when "
                  "ludi's grammar plays it or a game that ludi plays uses it; each refused file is "
                  "blocked by the unsupported ones it uses (files refused only for an argument's "
                  "form or a rule's meaning are not counted here).", "",
                  "| construct | files blocked | files it alone blocks |", "|---|---:|---:|"]
        lines += [f"| `{k}` | {n} | {alone} |" for k, n, alone in ranked[:60]]
        order = greedy_order(playing, refused, steps)
        if order:
            lines += ["", f"Taken in the order that completes the most files (a greedy count; a "
                      f"completed file still has to play exactly as Ludii does), the first "
                      f"{len(order)} constructs complete:", ""]
            lines += [f"{i + 1}. `{k}`: {done} in all" for i, (k, done) in enumerate(order)]
    reasons = Counter(_short(r.reason) for r in results if r.status == "refused")
    if reasons:
        lines += ["", "## Why files are refused (the first thing each lacks)", "",
                  "| files | message |", "|---:|---|"]
        lines += [f"| {n} | {msg} |" for msg, n in reasons.most_common(40)]
    return "\n".join(lines) + "\n"


def slowest(results: list[FileResult], count: int = 10) -> list[str]:
    """The page's list of the ``count`` agreeing games with the lowest speed ratio: the moves
    per second of each engine (playouts per second times the mean length) and the costly
    rules each move pays for (:mod:`ludi.ludii.costs`)."""
    rows = sorted((r for r in results if r.status == "agrees" and r.speed_ratio),
                  key=lambda r: r.speed_ratio)[:count]
    if not rows:
        return []
    lines = ["", f"The {len(rows)} slowest against Ludii, with the rules whose work each of "
             "their moves repeats (a guide from the rules they use, not a profile):", "",
             "| file | speed × | moves/s (ludi / Ludii) | what each move pays for |",
             "|---|---:|---:|---|"]
    for r in rows:
        mine = r.sample.playouts_per_s * r.sample.moves_mean
        theirs = r.reference.playouts_per_s * r.reference.moves_mean
        why = "; ".join(costly_rules(r.constructs)) or "no costly rule known: plain moves"
        lines.append(f"| {r.path} | {r.speed_ratio:.2f} | {mine:,.0f} / {theirs:,.0f} | "
                     f"{why} |")
    return lines


def _pair(mine, theirs, fmt: str) -> str:
    a = format(mine, fmt) if mine is not None else "–"
    return a if theirs is None else f"{a} / {format(theirs, fmt)}"


def _short(reason: str) -> str:
    """A refusal message without its file location, trimmed, for counting alike ones."""
    text = re.sub(r"^.*?\.(lud|def)(:\d+:\d+)?: ", "", reason)
    text = text.replace("|", "\\|")
    return text[:110] + ("…" if len(text) > 110 else "")
