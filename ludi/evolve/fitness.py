"""Scoring one candidate: gates first, then self-play measures, then the fitness of the mode.

The fitness (:func:`fitness`) is soundness (is it a game under competent play?) times appeal
(is the play interesting?); ``experiments/benchmark.toml`` checks that it ranks the games people
play above rule sets no one would (``python -m ludi.evolve.benchmark``).

``evaluate(text, config)`` is a plain function of picklable arguments, so a process pool or a
Dask cluster can run it. Its randomness comes from the candidate's hash and the run's seed only,
so a candidate gets the same score on any worker, in any order. A time limit stops a candidate
that plays too long (checked between moves) and scores it as failed; its clock starts after the
worker's kernels are compiled (:func:`warm_up`), so that compiling is never charged to a candidate.
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
from ludi.measure.measures import compute_measures, harmonic_mean, skill_gap, viability
from ludi.measure.trials import play_one

#: Measures saved for every candidate (the Parquet table's columns).
SAVED = ("completion", "drawishness", "timeouts", "balance", "balance_lo", "balance_hi",
         "advantage", "advantage_p1", "duration", "duration_score", "decision_moves",
         "branching", "coverage", "lead_change", "drama", "decisiveness", "uncertainty",
         "killer_moves", "skill_gap", "game_refinement", "gavel_fitness", "dead_rules", "goal",
         "soundness",
         "appeal")


def candidate_seed(canonical_hash: str, run_seed: int) -> int:
    digest = hashlib.sha256(f"{run_seed}:{canonical_hash}".encode()).hexdigest()
    return int(digest[:15], 16)


def _games(text, specs, n, seed, deadline, evaluator, move_limit):
    records = []
    for i in range(n):
        if time.monotonic() > deadline:
            raise TimeoutError
        records.append(play_one(text, specs, seed + i, True, evaluator, deadline=deadline,
                                move_limit=move_limit))
    return records


def warm_up(agent: str) -> None:
    """Check ``agent`` and compile (or load) every kernel in this worker before a candidate's
    clock starts (:func:`ludi.agents.compiled.ensure_compiled`; at once when already done).

    Compiling takes a minute or more when a worker's cache is cold (a new Dask machine, an edited
    engine). Charged to the worker's first candidate, it would fail that candidate on the time
    limit, and a run's results would depend on which worker got what."""
    make_agent(agent)
    ensure_compiled(progress=False)


def evaluate(text: str, config: dict) -> dict:
    """Gates, measures and fitness of the description ``text``; never raises."""
    out = {"gate": "ok", "objectives": None, "measures": {}, "seconds": 0.0}
    try:
        warm_up(str(config["agent"]))
    except Exception as e:  # noqa: BLE001 - a bad agent string is the candidate's "error"
        out["gate"] = "error"
        out["error"] = f"{type(e).__name__}: {e}"[:200]
        return out
    start = time.monotonic()
    deadline = start + float(config["time_limit"])
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
        random_specs = ["random"] * game.num_players
        screen = _games(text, random_specs, int(config["screen_games"]), seed, deadline, "none",
                        limit)
        passed, reasons = viability(screen)
        if not passed:
            out["gate"] = "viability"
            out["error"] = "; ".join(reasons)[:200]
            out["measures"] = _finite(compute_measures(screen))
            return out
        specs = [config["agent"]] * game.num_players
        trials = _games(text, specs, int(config["trials"]), seed + 10_000, deadline, None,
                        limit)
        strong = _strong_score(text, config, game.num_players, seed + 20_000, deadline, limit)
        measures = _finite(compute_measures(
            trials, skill_gap=skill_gap(strong, game.num_players) if strong is not None
            else None))
        measures["dead_rules"] = float(dead_rule_count(desc))
        measures["goal"] = float(has_goal(desc))
        measures["soundness"] = soundness(measures, config)
        measures["appeal"] = appeal(measures, config)
        out["measures"] = measures
        out["objectives"] = objectives(measures, config)
    except TimeoutError:
        out["gate"] = "time limit"
    except Exception as e:  # noqa: BLE001 - a candidate must never stop the run
        out["gate"] = "error"
        out["error"] = f"{type(e).__name__}: {e}"[:200]
    finally:
        out["seconds"] = time.monotonic() - start
    return out


def _strong_score(text, config, players, seed, deadline, limit) -> float | None:
    """The run's agent against ``weak_agent`` in every other seat, seats rotating: its mean
    score (a win 1, a game nobody wins 1/players, a loss 0); None when no such games are asked."""
    games = int(config["skill_games"])
    if not games:
        return None
    total = 0.0
    for i in range(games):
        if time.monotonic() > deadline:
            raise TimeoutError
        seat = i % players
        specs = [config["weak_agent"]] * players
        specs[seat] = config["agent"]
        row = play_one(text, specs, seed + i, deadline=deadline, move_limit=limit)
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
