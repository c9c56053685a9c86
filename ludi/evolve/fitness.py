"""Scoring one candidate: a ladder of gates, then self-play measures, then the mode's fitness.

The fitness (:func:`fitness`) is soundness (is it a game under competent play?) times appeal
(is the play interesting?); ``experiments/benchmark.toml`` checks that it ranks the games people
play above rule sets no one would (``python -m ludi.evolve.benchmark``).

A candidate climbs a ladder, and each rung can fail it for a stated reason (its ``gate``):

1. ``compile``: the description compiles; ``playable``: the first player has a move;
2. ``viability``: ``screen_games`` random games pass GAVEL's viability test (cheap: no search);
3. ``unsound``: the self-play games of the run's agent, at least ``min_trials`` of them, leave
   soundness surely below ``unsound_below`` (its 95% interval, see :func:`soundness_bounds`);
   they stop early too when soundness is surely at or above ``sound_above``, and otherwise go
   on to ``trials`` games (sequential stopping);
4. then ``skill_games`` games of the agent against ``weak_agent`` give the skill gap.

All the while the candidate's work is counted in plies (the games' and the agent's searches',
:func:`ludi.measure.trials.play_one`): past ``work_limit`` it fails with gate ``budget``, after
the same move on any machine under any load. Nothing here reads a clock but to record how long
the candidate took (``seconds``, a duration and never a result).

``evaluate(text, config)`` is a plain function of picklable arguments, so a process pool or a
Dask cluster can run it. Its randomness comes from the candidate's hash and the run's seed only,
so a candidate gets the same score on any worker, in any order.
"""

from __future__ import annotations

import hashlib
import math
import time

import numpy as np

from ludi.agents import make_agent
from ludi.agents.compiled import ensure_compiled
from ludi.compile.lint import dead_rule_count
from ludi.engine import from_description
from ludi.errors import LudiError
from ludi.evolve.patterns import has_goal
from ludi.lang import parse
from ludi.measure.measures import (
    balance_interval,
    compute_measures,
    coverage,
    harmonic_mean,
    skill_gap,
    viability,
    wilson,
)
from ludi.measure.trials import BudgetExceeded, play_one, random_record

#: Measures saved for every candidate (the Parquet table's columns).
SAVED = ("completion", "drawishness", "timeouts", "balance", "balance_lo", "balance_hi",
         "advantage", "advantage_p1", "duration", "duration_score", "decision_moves",
         "branching", "coverage", "lead_change", "drama", "decisiveness", "uncertainty",
         "killer_moves", "skill_gap", "game_refinement", "gavel_fitness", "dead_rules", "goal",
         "soundness", "appeal", "trials", "work")


#: The gates of candidates that are not viable games: they fail before any self-play.
NOT_VIABLE = ("compile", "playable", "viability", "error")


def candidate_seed(canonical_hash: str, run_seed: int) -> int:
    digest = hashlib.sha256(f"{run_seed}:{canonical_hash}".encode()).hexdigest()
    return int(digest[:15], 16)


def warm_up(agent: str) -> None:
    """Check ``agent`` and compile (or load) every kernel in this worker before its first
    candidate (:func:`ludi.agents.compiled.ensure_compiled`; at once when already done), so
    that a candidate's recorded duration never holds a minute of compiling."""
    make_agent(agent)
    ensure_compiled(progress=False)


class Unsound(Exception):
    """The self-play games settled soundness below the run's ``unsound_below``."""


def evaluate(text: str, config: dict) -> dict:
    """Gates, measures and fitness of the description ``text``; never raises."""
    out = {"gate": "ok", "objectives": None, "measures": {}, "seconds": 0.0}
    try:
        warm_up(str(config["agent"]))
    except Exception as e:  # noqa: BLE001 - a bad agent string is the candidate's "error"
        out["gate"] = "error"
        out["error"] = f"{type(e).__name__}: {e}"[:200]
        return out
    start = time.monotonic()  # for the recorded duration only
    work = [0]  # plies played for this candidate so far, against config["work_limit"]
    budget = int(config["work_limit"])
    records: list = []
    try:
        desc = parse(text)
        out["hash"] = desc.hash
        try:
            game = from_description(desc)
        except LudiError as e:
            out["gate"] = "compile"
            out["error"] = e.message[:200]
            return out
        seed = candidate_seed(desc.hash, int(config["seed"]))
        limit = int(config["move_limit"])  # applied by play_one to the games it plays
        text = desc.to_text()
        if not game.initial_state().legal_moves():
            out["gate"] = "playable"
            return out
        screen = [random_record(text, seed + i, limit, budget, work)
                  for i in range(int(config["screen_games"]))]
        passed, reasons = viability(screen)
        if not passed:
            out["gate"] = "viability"
            out["error"] = "; ".join(reasons)[:200]
            out["measures"] = _finite(compute_measures(screen))
            return out
        goal = float(has_goal(desc))
        specs = [config["agent"]] * game.num_players
        for i in range(int(config["trials"])):
            records.append(play_one(text, specs, seed + 10_000 + i, True, None, budget, limit,
                                    work))
            if len(records) >= min(int(config["min_trials"]), int(config["trials"])):
                lo, hi = soundness_bounds(records, config, goal)
                if hi < float(config["unsound_below"]):
                    raise Unsound(f"soundness at most {hi:.2f} after {len(records)} games "
                                  f"(under {float(config['unsound_below']):g})")
                if lo >= float(config["sound_above"]):
                    break
        strong = _strong_score(text, config, game.num_players, seed + 20_000, limit, work)
        measures = _finite(compute_measures(
            records, skill_gap=skill_gap(strong, game.num_players) if strong is not None
            else None))
        measures["dead_rules"] = float(dead_rule_count(desc))
        measures["goal"] = goal
        measures["soundness"] = soundness(measures, config)
        measures["appeal"] = appeal(measures, config)
        out["measures"] = measures
        out["objectives"] = objectives(measures, config)
    except Unsound as e:
        out["gate"] = "unsound"
        out["error"] = str(e)
        out["measures"] = _finite(compute_measures(records))
    except BudgetExceeded as e:
        out["gate"] = "budget"
        out["error"] = f"{e.work:,} plies played, more than the work limit of {e.budget:,}"
    except Exception as e:  # noqa: BLE001 - a candidate must never stop the run
        out["gate"] = "error"
        out["error"] = f"{type(e).__name__}: {e}"[:200]
    finally:
        out["seconds"] = time.monotonic() - start
        if out["measures"]:
            out["measures"]["trials"] = float(len(records))
            out["measures"]["work"] = float(work[0])
    return out


def soundness_bounds(records: list, config: dict, goal: float) -> tuple[float, float]:
    """A 95% interval of :func:`soundness` from self-play games so far: completion at the ends
    of its Wilson interval and balance at those of its own (:func:`balance_interval`), the
    other parts (coverage, duration, goal; any other target measure) at their estimates.

    Sequential stopping reads it after each game from ``min_trials`` on: the chance that a
    candidate stops on the wrong side of a threshold is at most about 2.5% a look (more over
    several looks; docs/measures.md states the rate measured on the benchmark)."""
    n = len(records)
    c_lo, c_hi = wilson(sum(r.winner is not None for r in records), n)
    b_lo, b_hi = balance_interval(records)
    point = {"coverage": coverage(records), "goal": goal,
             "duration": float(np.mean([r.length for r in records]))}
    if set(config["soundness"]) - {"completion", "balance", *point}:
        point = {**_finite(compute_measures(records)), **point}
    low = {**point, "completion": c_lo, "balance": b_lo}
    high = {**point, "completion": c_hi, "balance": b_hi}
    return soundness(low, config), soundness(high, config)


def _strong_score(text, config, players, seed, limit, work) -> float | None:
    """The run's agent against ``weak_agent`` in every other seat, seats rotating: its mean
    score (a win 1, a game nobody wins 1/players, a loss 0); None when no such games are asked."""
    games = int(config["skill_games"])
    if not games:
        return None
    total = 0.0
    for i in range(games):
        seat = i % players
        specs = [config["weak_agent"]] * players
        specs[seat] = config["agent"]
        row = play_one(text, specs, seed + i, budget=int(config["work_limit"]), move_limit=limit,
                       work=work)
        total += 1.0 if row["winner"] == seat else (1.0 / players if row["winner"] is None
                                                     else 0.0)
    return total / games


def _finite(series) -> dict:
    return {k: (float(v) if v is not None and not (isinstance(v, float) and math.isnan(v))
                else 0.0) for k, v in series.items()}


def aggregate(measures: dict, weights: dict) -> float:
    """LUDI-style weighted mean of measures (weights from the configuration)."""
    total = sum(abs(w) for w in weights.values()) or 1.0
    return float(sum(w * measures.get(name, 0.0) for name, w in weights.items()) / total)


def soundness(measures: dict, config: dict) -> float:
    """Is this a game at all? The harmonic mean of min(1, measure / target) over the run's
    ``soundness`` targets (by default completion 1, balance 1, coverage 0.3, duration 10 plies).

    A harmonic mean is low when any one part is low (GAVEL's reason for it): a rule set that
    competent players always draw, that one seat always wins, or that ends before a tenth of
    the board is used cannot make up for it with drama. Measured under the run's agent, not
    random play: trivial wins and misère traps only show when the players see them
    (experiments/benchmark.toml holds the cases). ``goal`` (read from the rules: can anyone win
    by achieving something?) is a soundness part too: a misère trap that no one can avoid, or a
    game only drawn or lost, has none.
    """
    parts = [min(1.0, max(measures.get(name, 0.0), 0.0) / target)
             for name, target in config["soundness"].items()]
    return harmonic_mean(parts) if parts else 1.0


def appeal(measures: dict, config: dict) -> float:
    """How interesting the play is, given it is a game: the LUDI-style weighted mean of the
    run's ``weights`` (skill gap, lead changes, late uncertainty, …), clipped to [0, 1]."""
    return min(1.0, max(0.0, aggregate(measures, config["weights"])))


def fitness(measures: dict, config: dict) -> float:
    """soundness × (1 - s + s × appeal) × (1 - p)^dead_rules, s = ``appeal_share``,
    p = ``dead_rule_penalty``: soundness decides whether a candidate is a game, appeal orders
    the games, and rules that can never take effect (:mod:`ludi.compile.lint`) cost a little
    each, so that of two descriptions of one game the one without dead rules ranks first."""
    share = float(config["appeal_share"])
    parsimony = (1.0 - float(config["dead_rule_penalty"])) ** measures.get("dead_rules", 0.0)
    return soundness(measures, config) * (1.0 - share + share * appeal(measures, config)) \
        * parsimony


def objectives(measures: dict, config: dict) -> list[float]:
    """The fitness values of the run's mode: one fitness (ludi, map-elites) or one value per
    objective (nsga2)."""
    if config["mode"] == "nsga2":
        return [float(measures.get(name, 0.0)) for name in config["objectives"]]
    return [fitness(measures, config)]


def failed(config: dict) -> list[float]:
    """The fitness of a candidate that did not pass the gates."""
    n = len(config["objectives"]) if config["mode"] == "nsga2" else 1
    return [0.0] * n


def descriptor_bins(measures: dict, config: dict) -> tuple[int, ...]:
    """The MAP-Elites cell of a candidate: each descriptor binned in its range."""
    cell = []
    for name, lo, hi, bins in config["descriptors"]:
        v = measures.get(name, lo)
        k = int(np.clip((v - lo) / max(hi - lo, 1e-9) * bins, 0, bins - 1))
        cell.append(k)
    return tuple(cell)
