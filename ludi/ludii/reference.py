"""Ludii's own random-play statistics, and the test that ludi plays a game as Ludii does.

``random_play.csv`` (beside Ludii's library, see its README) holds, per board game, what Ludii
1.3.13 measured over up to 300 uniformly random playouts with its default options: the mean
length in moves (after the start-up placements, forced passes left out), each player's share of
wins, the draws, the games cut by Ludii's move or turn limit, and the number of legal moves at
the start. A game agrees with Ludii when ludi's random playouts give the same figures within
sampling error: :func:`disagreements` says which do not.
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass, field
from pathlib import Path

#: How far apart the two samples may be: Z standard errors (of both samples combined) plus a
#: slack for the mean length (in moves) and for each outcome share. A share's standard error is
#: the two-proportion test's, from the pooled share: the hypothesis tested is that ludi and Ludii
#: play alike, and a share each sample estimates on its own says nothing for a small sample
#: (Ludii's 0 wins in 8 games would claim no error at all).
Z = 4.0
LENGTH_SLACK = 0.5
SHARE_SLACK = 0.02


@dataclass(frozen=True)
class Sample:
    """Random-play figures of one game: ``shares`` maps ``p1_win`` … ``pN_win``, ``draw`` and
    ``limit`` to their share of the ``playouts`` games."""

    playouts: int
    moves_mean: float
    moves_sd: float
    shares: dict[str, float] = field(default_factory=dict)
    legal_moves_initial: int | None = None
    playouts_per_s: float | None = None
    #: a game of chance: the numbers of legal moves at the start seen over many first rolls
    #: (Ludii's count is of one roll, so it agrees when it is one of these)
    legal_moves_seen: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Reference(Sample):
    """Ludii's row for one file of its library."""

    rel_path: str = ""
    name: str = ""
    players: int = 0
    status: str = "ok"


def _float(row: dict, key: str) -> float | None:
    value = row.get(key, "")
    return float(value) if value not in ("", None) else None


def read_reference(path: str | Path) -> dict[str, Reference]:
    """Ludii's rows by path relative to the library's ``board/`` folder (``space/line/Hex.lud``).
    Rows whose status is not ``ok`` (timeouts, load errors) are left out: they have no figures."""
    out: dict[str, Reference] = {}
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            if row["status"] != "ok" or not row["playouts"] or int(row["playouts"]) == 0:
                continue
            players = int(row["num_players"])
            wins = [float(x) if x else 0.0 for x in row["win_shares_all"].split(";")]
            shares = {f"p{k + 1}_win": wins[k] if k < len(wins) else 0.0 for k in range(players)}
            if players > 1:
                shares["draw"] = _float(row, "draw") or 0.0
            shares["limit"] = _float(row, "limit_reached") or 0.0
            time_s = _float(row, "playout_time_s")
            playouts = int(row["playouts"])
            legal = _float(row, "legal_moves_initial")
            out[row["rel_path"]] = Reference(
                playouts=playouts, moves_mean=float(row["moves_mean"]),
                moves_sd=_float(row, "moves_sd") or 0.0, shares=shares,
                legal_moves_initial=int(legal) if legal is not None else None,
                playouts_per_s=playouts / time_s if time_s else None,
                rel_path=row["rel_path"], name=row["game_name"], players=players,
                status=row["status"])
    return out


def _share_se(mine: float, n_mine: int, theirs: float, n_theirs: int) -> float:
    """The standard error of the difference of two shares if both samples came from one game."""
    if n_mine <= 0 or n_theirs <= 0:
        return 0.0
    pooled = (mine * n_mine + theirs * n_theirs) / (n_mine + n_theirs)
    return math.sqrt(max(pooled * (1 - pooled), 0.0) * (1 / n_mine + 1 / n_theirs))


def disagreements(ours: Sample, ludii: Reference) -> list[str]:
    """What differs between ludi's sample and Ludii's beyond sampling error, one line each (an
    empty list when the game agrees):

    - the mean length within ``Z`` combined standard errors plus ``LENGTH_SLACK`` moves;
    - each outcome share within ``Z`` standard errors of the pooled share plus ``SHARE_SLACK``;
    - the number of legal moves in the initial state exactly (in a game of chance, one of
      the numbers the first rolls give).
    """
    out = []
    se = math.sqrt(ours.moves_sd ** 2 / ours.playouts + ludii.moves_sd ** 2 / ludii.playouts)
    if abs(ours.moves_mean - ludii.moves_mean) > Z * se + LENGTH_SLACK:
        out.append(f"mean length {ours.moves_mean:.2f} moves, Ludii {ludii.moves_mean:.2f} "
                   f"(allowed ±{Z * se + LENGTH_SLACK:.2f})")
    for key, theirs in ludii.shares.items():
        mine = ours.shares.get(key, 0.0)
        se = _share_se(mine, ours.playouts, theirs, ludii.playouts)
        if abs(mine - theirs) > Z * se + SHARE_SLACK:
            out.append(f"{key} {mine:.3f}, Ludii {theirs:.3f} "
                       f"(allowed ±{Z * se + SHARE_SLACK:.3f})")
    if ours.legal_moves_seen is not None:
        if ludii.legal_moves_initial not in (None, *ours.legal_moves_seen):
            seen = ", ".join(map(str, ours.legal_moves_seen))
            out.append(f"{seen} legal moves at the start (by the roll), "
                       f"Ludii {ludii.legal_moves_initial}")
    elif (ludii.legal_moves_initial is not None
            and ours.legal_moves_initial != ludii.legal_moves_initial):
        out.append(f"{ours.legal_moves_initial} legal moves at the start, "
                   f"Ludii {ludii.legal_moves_initial}")
    return out
