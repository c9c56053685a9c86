"""Self-play measures of game quality (DESIGN §4, rules/measures.md).

Every measure is a pure function of a list of GameRecord (plus parameters) and returns a float, or
a dict of floats for the multi-valued ones; undefined values are NaN, never an exception.
Per-game measures are averaged over the games where they are defined (a game of length 0 carries
no play and is skipped by the per-state measures).

Sources: LUDI = Browne 2008 (Automatic generation and evaluation of recombination games);
Ludii = the `metrics` package of the Ludii system; GAVEL = Todd et al. 2024 (GAVEL: Generating
games via evolution and language models); Iida = Iida et al.'s game refinement theory.

Notation: for a game of L moves, e_p(t) is the evaluation of player p in state s_t (t = 0..L),
m_t the player who moves in s_t (t = 0..L-1), w the winner.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
import pandas as pd

from ludi.measure.records import GameRecord

Records = Sequence[GameRecord]
NAN = float("nan")
EPS = 1e-9  # evaluations closer than this are equal (ties for the lead)

__all__ = [
    "LUDII_NAMES", "MEASURES", "advantage", "advantage_p1", "balance", "balance_interval",
    "branching", "clarity", "completion", "compute_measures",
    "convergence", "coverage", "decision_moves", "decisiveness", "drama", "drawishness",
    "duration", "duration_score", "first_player_score", "foul_up", "game_refinement",
    "gavel_fitness", "harmonic_mean", "killer_moves", "lead_change", "mean_turns", "permanence",
    "skill_gap", "stability", "timeouts", "uncertainty", "viability", "wilson", "win_rates",
]


# ---------------------------------------------------------------- helpers

def _mean(values: Iterable[float]) -> float:
    """Mean of the values that are not NaN; NaN when there are none."""
    kept = [float(v) for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else NAN


def _per_game(records: Records, fn: Callable[[GameRecord], float]) -> float:
    """Mean over the games of a per-game value (games where it is NaN are left out)."""
    return _mean(fn(r) for r in records)


def _share(records: Records, fn: Callable[[GameRecord], bool]) -> float:
    return sum(bool(fn(r)) for r in records) / len(records) if records else NAN


def _gains(r: GameRecord) -> np.ndarray:
    """(L,) change of the mover's evaluation over each move: e_{m_t}(t+1) - e_{m_t}(t)."""
    t = np.arange(r.length)
    return r.evals[t + 1, r.movers] - r.evals[t, r.movers]


def _decision_values(r: GameRecord) -> list[np.ndarray]:
    """Move values of the states with at least two evaluated moves (empty when not recorded)."""
    if r.move_evals is None:
        return []
    return [v for v in r.move_evals if len(v) >= 2]


def _move_eval_measure(records: Records, per_state: Callable[[np.ndarray], float]) -> float:
    """Mean over games of the mean over decision states of a function of the move values."""
    def game(r: GameRecord) -> float:
        return _mean(per_state(v) for v in _decision_values(r))
    return _per_game(records, game)


# ---------------------------------------------------------------- outcomes

def completion(records: Records) -> float:
    """Share of games with a winner (a single player ranked first).

    Source: Ludii (Completion); LUDI (completion).
    """
    return _share(records, lambda r: r.winner is not None)


def drawishness(records: Records) -> float:
    """Share of natural draws: no single winner and not stopped by the move limit.

    Source: Ludii (Drawishness); LUDI (drawishness).
    """
    return _share(records, lambda r: r.draw)


def timeouts(records: Records) -> float:
    """Share of games stopped by the move limit.

    Source: Ludii (Timeouts); LUDI (timeouts).
    """
    return _share(records, lambda r: r.timeout)


def first_player_score(records: Records) -> float:
    """a = mean over games of (u_1 + 1) / 2, u_1 the first player's return (win 1, draw 1/2)."""
    return _mean((r.returns[0] + 1.0) / 2.0 for r in records if r.returns)


def advantage_p1(records: Records) -> float:
    """The first player's score: wins count 1, draws 1/2 (= a, the first player's mean (u_1+1)/2).

    0.5 is fair; 1 = the first player always wins. This is Ludii's AdvantageP1 (its name in Ludii's
    tables); :func:`advantage` turns it into a fairness score.
    Source: Ludii (AdvantageP1).
    """
    return first_player_score(records)


def advantage(records: Records) -> float:
    """First-player fairness score: 1 = fair, 0 = the first player always wins (or loses).

    Not Ludii's AdvantageP1 (the first player's win rate, here :func:`advantage_p1`): this is the
    score of rules/measures.md, which folds a into [0, 1] with 1 at the fair value.

    a = mean((u_1 + 1) / 2); score = 1 - 2 * |a - 1/2|. For two players this
    is 1 - n * |1/n - a|. For n players with linear returns (1st +1, last -1, ties and draws
    sharing) the returns sum to 0, so a fair seat has a = 1/2 whatever n; 1/n is the fair value
    of a win rate, not of a.
    Source: Ludii (AdvantageP1); LUDI (advantage).
    """
    a = first_player_score(records)
    return NAN if math.isnan(a) else 1.0 - 2.0 * abs(a - 0.5)


def win_rates(records: Records) -> np.ndarray:
    """(P,) share of the games won by each player (draws and shared firsts count for nobody)."""
    players = max((r.num_players for r in records), default=0)
    wins = np.zeros(players)
    for r in records:
        if r.winner is not None:
            wins[r.winner] += 1
    return wins / max(len(records), 1)


def balance(records: Records) -> float:
    """1 - the largest gap between two players' win rates (= 1 - (max - min) of the rates).

    Win rates are over all games; draws count for nobody.
    Source: Ludii (Balance); LUDI (balance).
    """
    rates = win_rates(records)
    return float(1.0 - (rates.max() - rates.min())) if records and len(rates) else NAN


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion (95% by default); (NaN, NaN) when n is 0.

    Unlike the bootstrap of a sample, it never collapses to a point: 12 wins in 12 games give
    (0.76, 1.0), the range 12 games cannot rule out.
    """
    if n <= 0:
        return NAN, NAN
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def balance_interval(records: Records, z: float = 1.96) -> tuple[float, float]:
    """A 95% interval of :func:`balance` from the sample size.

    The gap d = w_i - w_j between the two players whose win rates differ most is estimated with
    one pseudo-game added to each outcome (Agresti and Caffo's adjustment, so that a sample of
    one-sided results still gets a width), with variance (p_i + p_j - (p_i - p_j)^2) / n'. The
    interval of balance is 1 - |d| over the interval of d (its upper end is 1 when d may be 0).
    """
    rates = win_rates(records)
    n = len(records)
    if not n or len(rates) < 2:
        return NAN, NAN
    i, j = int(rates.argmax()), int(rates.argmin())
    outcomes = len(rates) + 1  # each player's wins, and games won by nobody
    n_adj = n + outcomes
    pi, pj = (rates[i] * n + 1) / n_adj, (rates[j] * n + 1) / n_adj
    d = rates[i] - rates[j]
    half = z * math.sqrt(max(pi + pj - (pi - pj) ** 2, 0.0) / n_adj)
    lo_gap, hi_gap = max(0.0, d - half), min(1.0, d + half)
    return 1.0 - hi_gap, 1.0 - lo_gap


def skill_gap(strong_score: float, num_players: int) -> float:
    """How much a stronger agent gains from its strength: its score against weaker agents in
    the other seats, rescaled so that 0 = no better than a seat's fair share and 1 = it always
    wins. Trivial games (the seat decides, or the first stone) score near 0.

    ``strong_score`` is the strong agent's mean score (win 1, draw 1/2) over games with seats
    rotating; the fair share of a seat is 1 / num_players. Negative values (the weaker agent
    does better) are kept: they say the measures' agent plays this game badly.
    Source: LUDI (depth), GAVEL (UCT against random), Ludii (skill trace).
    """
    if math.isnan(strong_score) or num_players < 2:
        return NAN
    fair = 1.0 / num_players
    return (strong_score - fair) / (1.0 - fair)


# ---------------------------------------------------------------- duration and choice

def duration_score(mean_length: float, lo: float = 10.0, hi: float = 60.0) -> float:
    """1 on [lo, hi], linear from 0 at 0 up to lo and from hi down to 0 at 2 * hi."""
    if math.isnan(mean_length):
        return NAN
    if mean_length < lo:
        return max(0.0, mean_length / lo) if lo > 0 else 1.0
    if mean_length <= hi:
        return 1.0
    return max(0.0, (2.0 * hi - mean_length) / hi) if hi > 0 else 0.0


def duration(records: Records, lo: float = 10.0, hi: float = 60.0) -> dict[str, float]:
    """Game length in plies: mean, population sd, and the ideal-duration score of the mean.

    All games count, timeouts included. duration_score is 1 when lo <= mean <= hi and decays
    linearly to 0 at 0 plies and at 2 * hi plies.
    Source: Ludii (DurationMoves); LUDI (duration).
    """
    if not records:
        return {"duration": NAN, "duration_sd": NAN, "duration_score": NAN}
    lengths = np.array([r.length for r in records], dtype=np.float64)
    mean = float(lengths.mean())
    return {"duration": mean, "duration_sd": float(lengths.std()),
            "duration_score": duration_score(mean, lo, hi)}


def decision_moves(records: Records) -> float:
    """Mean over games of the share of states s_0..s_{L-1} with more than one legal move.

    Source: Ludii (DecisionMoves); GAVEL (agency).
    """
    return _per_game(records, lambda r: float(np.mean(r.legal_counts > 1)) if r.length else NAN)


def branching(records: Records) -> float:
    """Branching factor: mean over games of the mean number of legal moves per state.

    Source: Ludii (BranchingFactor); LUDI.
    """
    return _per_game(records, lambda r: float(r.legal_counts.mean()) if r.length else NAN)


def _slope(y: np.ndarray) -> float:
    if len(y) < 2:
        return NAN
    x = np.linspace(0.0, 1.0, len(y))
    xc = x - x.mean()
    return float(np.dot(xc, y - y.mean()) / np.dot(xc, xc))


def convergence(records: Records) -> float:
    """Mean over games of the least-squares slope of the legal-move count over game progress.

    Progress is normalised: state s_t sits at t / (L - 1), so the slope is the change in legal
    moves from the start to the end of a game (games of fewer than 2 moves are left out).
    Negative = the game converges (fewer choices as it goes on).
    Source: LUDI (convergence); Ludii (BranchingFactorChange).
    """
    return _per_game(records, lambda r: _slope(r.legal_counts.astype(np.float64)))


def coverage(records: Records) -> float:
    """Mean over games of the share of the board's cells ever occupied.

    Source: Ludii (BoardCoverageUsed); GAVEL (coverage).
    """
    return _mean(float(r.coverage) for r in records)


def mean_turns(records: Records) -> float:
    """Mean number of turns: maximal runs of consecutive moves by the same player."""
    def turns(r: GameRecord) -> float:
        return 1.0 + np.count_nonzero(np.diff(r.movers)) if r.length else 0.0
    return _per_game(records, turns)


# ---------------------------------------------------------------- evaluation curves

def _leaders(evals: np.ndarray) -> np.ndarray:
    """(T, P) True where the player's evaluation is the highest of its state (ties share)."""
    return evals >= evals.max(axis=1, keepdims=True) - EPS


def lead_change(records: Records) -> float:
    """Mean over games of (number of changes of the leader set) / L.

    The leader set of state s_t is argmax_p e_p(t) (all tied players); a change is a state
    t = 1..L whose leader set differs from that of s_{t-1}.
    Source: LUDI (lead change); Ludii (LeadChange).
    """
    def game(r: GameRecord) -> float:
        if not r.length:
            return NAN
        lead = _leaders(r.evals)
        return float(np.any(lead[1:] != lead[:-1], axis=1).sum()) / r.length
    return _per_game(records, game)


def stability(records: Records) -> float:
    """Mean over games of sum_p Var_t e_p(t) over the states s_0..s_L (lower = stabler).

    Population variance; games of length 0 are left out.
    Source: LUDI (stability); Ludii (Stability).
    """
    return _per_game(records, lambda r: float(r.evals.var(axis=0).sum()) if r.length else NAN)


def _drama_game(r: GameRecord) -> tuple[float, float]:
    """(mean, max) of max_p e_p - e_w over the winner's non-leading states (0, 0 if none)."""
    w = r.winner
    if w is None or not r.length:
        return NAN, NAN
    gaps = r.evals.max(axis=1) - r.evals[:, w]
    gaps = gaps[gaps > EPS]
    return (float(gaps.mean()), float(gaps.max())) if len(gaps) else (0.0, 0.0)


def drama(records: Records) -> dict[str, float]:
    """Drama: how far behind the eventual winner was.

    Per game with a winner w: over the states s_t (t = 0..L) in which w is not a leader, the gap
    max_p e_p(t) - e_w(t); its mean and max (0 when w always leads). drama and drama_max are the
    means of these over the games with a winner.
    Source: LUDI (drama); Ludii (DramaAverage, DramaMaximum).
    """
    pairs = [_drama_game(r) for r in records]
    return {"drama": _mean(p[0] for p in pairs), "drama_max": _mean(p[1] for p in pairs)}


def _decided_at(r: GameRecord) -> float:
    """i*/L: first state where the winner's evaluation exceeds every non-winner's best."""
    w = r.winner
    if w is None or not r.length or r.num_players < 2:
        return NAN
    threshold = np.delete(r.evals, w, axis=1).max()
    above = np.flatnonzero(r.evals[:, w] > threshold + EPS)
    return (float(above[0]) if len(above) else float(r.length)) / r.length


def decisiveness(records: Records) -> float:
    """1 - mean over games with a winner of i*/L.

    threshold = the highest evaluation any non-winner reaches in s_0..s_L; i* = the first t with
    e_w(t) > threshold (L when it never does). 1 = decided from the start, 0 = only at the end.
    Source: Ludii (DecisivenessMoves, DecisivenessThreshold); LUDI (decisiveness).
    """
    m = _per_game(records, _decided_at)
    return NAN if math.isnan(m) else 1.0 - m


def _uncertainty_game(r: GameRecord, frac: float) -> float:
    w = r.winner
    if w is None or not r.length:
        return NAN
    k = max(1, math.ceil(frac * r.length - EPS))
    wt = (r.evals[r.length - k:r.length, w] + 1.0) / 2.0
    return float(1.0 - np.mean(2.0 * np.abs(wt - 0.5)))


def uncertainty(records: Records, frac: float = 0.2) -> float:
    """Late uncertainty: 1 - mean over the last 20% of moves of 2 |w_t - 1/2|, mean over games.

    w_t = (e_w(t) + 1) / 2 is the winner's evaluation mapped to [0, 1], taken in the states
    s_t before the last k = max(1, ceil(frac * L)) moves (t = L-k..L-1; the final state is the
    outcome, not a forecast). Only games with a winner count. 1 = a coin toss to the end.
    Source: LUDI (uncertainty, late).
    """
    return _per_game(records, lambda r: _uncertainty_game(r, frac))


def killer_moves(records: Records, jump: float = 0.5) -> float:
    """Mean over games of the share of moves that raise the mover's evaluation by more than jump.

    A move from s_t is a killer when e_{m_t}(t+1) - e_{m_t}(t) > jump.
    Source: LUDI (killer moves).
    """
    return _per_game(records, lambda r: float(np.mean(_gains(r) > jump)) if r.length else NAN)


def _permanence_game(r: GameRecord) -> float:
    gains = _gains(r)[:-1]  # the last move has no reply
    t = np.flatnonzero(gains > EPS)
    if not len(t):
        return NAN
    mover = r.movers[t]
    drop = r.evals[t + 1, mover] - r.evals[t + 2, mover]
    return float(np.mean(drop < gains[t] / 2.0))


def permanence(records: Records) -> float:
    """Mean over games of the share of gains that the reply does not undo.

    Counted moves: t = 0..L-2 with a positive gain g = e_m(t+1) - e_m(t) for the mover m = m_t.
    The move is permanent when the next move (the reply, from s_{t+1}) lowers e_m by less than
    g / 2: e_m(t+1) - e_m(t+2) < g / 2. Games without counted moves are left out.
    Source: LUDI (permanence).
    """
    return _per_game(records, _permanence_game)


# ---------------------------------------------------------------- move evaluations

def _narrow_share(v: np.ndarray) -> float:
    mean = v.mean()
    return float(np.mean(v > mean + 0.75 * (v.max() - mean) + EPS)) if v.max() > mean else 0.0


def clarity(records: Records) -> dict[str, float]:
    """Clarity of the choices, from the values of every legal move (NaN when not recorded).

    Over the decision states (at least two evaluated moves) of a game: clarity = mean of the
    population variance of the move values; narrowness = mean share of moves whose value is
    above mean + 0.75 (max - mean) (0 when all moves are equal). Both are averaged over games.
    Source: Ludii (ClarityVariance, ClarityNarrowness); LUDI (clarity).
    """
    return {"clarity": _move_eval_measure(records, lambda v: float(v.var())),
            "narrowness": _move_eval_measure(records, _narrow_share)}


def foul_up(records: Records, drop: float = 0.5) -> float:
    """Mean over games of the share of decision states where a random move is a blunder.

    A decision state (at least two evaluated moves) counts when the mean value of its legal
    moves (a uniformly random move's expected value) is below the best move's by more than drop.
    NaN when move values are not recorded.
    Source: LUDI (foul-up factor).
    """
    return _move_eval_measure(records, lambda v: float(v.max() - v.mean() > drop))


# ---------------------------------------------------------------- aggregates

def game_refinement(records: Records) -> float:
    """Game refinement GR = sqrt(B) / D: B the branching factor, D the mean length in plies.

    Popular games sit near 0.07-0.08.
    Source: Iida (game refinement theory).
    """
    b, d = branching(records), duration(records)["duration"]
    return math.sqrt(b) / d if d > 0 and not math.isnan(b) else NAN


def viability(records: Records, min_completion: float = 0.2, min_turns: float = 3.0,
              min_decision: float = 0.1, min_coverage: float = 0.1) -> tuple[bool, list[str]]:
    """Viability gate: (passed, reasons for rejection).

    Rejects when completion < 0.2, mean turns < 3, decision moves < 0.1 or coverage < 0.1
    (an undefined value fails its test).
    Source: GAVEL (Todd et al. 2024), after LUDI's playability filter.
    """
    if not records:
        return False, ["no games"]
    tests = [("completion", completion(records), min_completion),
             ("mean turns", mean_turns(records), min_turns),
             ("decision moves", decision_moves(records), min_decision),
             ("coverage", coverage(records), min_coverage)]
    reasons = [f"{name} {value:.3g} < {floor:g}" for name, value, floor in tests
               if not value >= floor]
    return not reasons, reasons


def harmonic_mean(values: Iterable[float], floor: float = 0.01) -> float:
    """Harmonic mean of the values, each raised to at least floor (NaN if any is NaN)."""
    vals = list(values)
    if not vals or any(math.isnan(v) for v in vals):
        return NAN
    return len(vals) / sum(1.0 / max(v, floor) for v in vals)


def gavel_fitness(records: Records, uct_vs_random: float = NAN, floor: float = 0.01) -> float:
    """Harmonic mean of balance, completion, 1 - drawishness, decision moves and the UCT-vs-random
    win rate (left out when NaN), each floored at 0.01. Not gated: see viability.

    Source: GAVEL (Todd et al. 2024).
    """
    parts = [balance(records), completion(records), 1.0 - drawishness(records),
             decision_moves(records)]
    if uct_vs_random is not None and not math.isnan(uct_vs_random):
        parts.append(float(uct_vs_random))
    return harmonic_mean(parts, floor)


# ---------------------------------------------------------------- table

MEASURES: dict[str, tuple[Callable[..., Any], str, str]] = {
    "completion": (completion, "share of games with a winner", "Ludii, LUDI"),
    "drawishness": (drawishness, "share of natural draws", "Ludii, LUDI"),
    "timeouts": (timeouts, "share of games stopped by the move limit", "Ludii, LUDI"),
    "advantage": (advantage, "first-player fairness: 1 - 2|a - 1/2|, a = mean (u_1+1)/2",
                  "LUDI, rules/measures.md"),
    "advantage_p1": (advantage_p1, "the first player's score a (wins 1, draws 1/2)", "Ludii"),
    "balance": (balance, "1 - largest gap between players' win rates", "Ludii, LUDI"),
    "duration": (duration, "mean, sd and ideal-range score of plies", "Ludii, LUDI"),
    "decision_moves": (decision_moves, "share of states with more than one legal move",
                       "Ludii, GAVEL"),
    "branching": (branching, "mean number of legal moves", "Ludii, LUDI"),
    "convergence": (convergence, "slope of legal moves over game progress", "LUDI, Ludii"),
    "coverage": (coverage, "share of board cells ever occupied", "Ludii, GAVEL"),
    "lead_change": (lead_change, "changes of the leader per move", "LUDI, Ludii"),
    "stability": (stability, "sum of the players' evaluation variances", "LUDI, Ludii"),
    "drama": (drama, "how far behind the winner was (mean, max)", "LUDI, Ludii"),
    "decisiveness": (decisiveness, "1 - when the winner became clear", "Ludii, LUDI"),
    "clarity": (clarity, "variance and narrowness of the move values", "Ludii, LUDI"),
    "uncertainty": (uncertainty, "outcome uncertainty over the last 20% of moves", "LUDI"),
    "killer_moves": (killer_moves, "share of moves raising the mover's eval by > 0.5", "LUDI"),
    "permanence": (permanence, "share of gains not undone by the reply", "LUDI"),
    "foul_up": (foul_up, "share of states where a random move blunders by > 0.5", "LUDI"),
    "game_refinement": (game_refinement, "sqrt(branching) / mean length", "Iida"),
    "viable": (viability, "passes the viability gate", "GAVEL"),
    "gavel_fitness": (gavel_fitness, "harmonic mean of balance, completion, 1 - draws, "
                      "decisions, UCT vs random", "GAVEL"),
}


#: Ludii's name (its metrics package) for each measure Ludii also has; the others are LUDI's,
#: GAVEL's or Iida's (see each function's Source). ``advantage`` differs from Ludii's AdvantageP1:
#: Ludii's value is ``advantage_p1``.
LUDII_NAMES = {
    "completion": "Completion", "drawishness": "Drawishness", "timeouts": "Timeouts",
    "advantage_p1": "AdvantageP1", "balance": "Balance", "duration": "DurationMoves",
    "decision_moves": "DecisionMoves", "branching": "BranchingFactor",
    "convergence": "BranchingFactorChange", "coverage": "BoardCoverageUsed",
    "lead_change": "LeadChange", "stability": "Stability", "drama": "DramaAverage",
    "drama_max": "DramaMaximum", "decisiveness": "DecisivenessMoves",
    "clarity": "ClarityVariance", "narrowness": "ClarityNarrowness", "skill_trace": "SkillTrace",
}


def compute_measures(records: Records, *, uct_vs_random: float | None = None,
                     skill_trace: float | None = None,
                     skill_gap: float | None = None) -> pd.Series:
    """All measures of a set of self-play games as a Series of floats (viable is 1.0 or 0.0),
    with the 95% interval of balance (balance_lo, balance_hi: see :func:`balance_interval`).

    uct_vs_random (a UCT agent's win rate against random play) enters gavel_fitness;
    skill_trace (the win rate of a stronger agent over a weaker one) and skill_gap (see
    :func:`skill_gap`) are added when given.
    """
    records = list(records)
    out: dict[str, float] = {}
    for name, (fn, _, _) in MEASURES.items():
        if name == "viable":
            out[name] = float(viability(records)[0])
        elif name == "gavel_fitness":
            out[name] = gavel_fitness(records, NAN if uct_vs_random is None else uct_vs_random)
        else:
            value = fn(records)
            out.update(value if isinstance(value, dict) else {name: value})
    out["balance_lo"], out["balance_hi"] = balance_interval(records)
    if skill_trace is not None:
        out["skill_trace"] = float(skill_trace)
    if skill_gap is not None:
        out["skill_gap"] = float(skill_gap)
    return pd.Series(out, dtype=np.float64)
