"""Run configuration: defaults, a TOML file, command-line overrides; checked, with clear errors."""

from __future__ import annotations

import difflib
import os
import tomllib
from pathlib import Path

from ludi.errors import LudiError
from ludi.measure.measures import MEASURES

#: The shipped classic games evolution starts from by default.
SEED_GAMES = ["tictactoe", "hex", "gomoku", "y", "fourline", "hexfive", "misere3", "bridges",
              "yavalath", "havannah"]

DEFAULTS: dict = {
    "mode": "ludi",  # ludi (weighted sum) | nsga2 | map-elites | random (no selection)
    "generations": 10,
    "population": 20,
    "offspring": 20,
    "crossover": 0.6,
    "mutation": 0.8,
    # the share of crossovers that merge the parents' end rules (each child keeps its own and
    # adds one of the other's) instead of swapping subtrees: 0 is plain subtree crossover
    "merge_ends": 0.25,
    "seed": 1,
    "workers": os.cpu_count() or 1,
    "seeds": SEED_GAMES,
    # the self-play agent of the measures: up to 400 iterations a move, stopping once a search
    # has played 4,000 plies (small games are searched deeply, large ones at equal cost)
    "agent": "mcts:400,plies=4000",
    "trials": 12,  # self-play games per candidate, at most
    "min_trials": 6,  # self-play games before sequential stopping may stop them (<= trials)
    "unsound_below": 0.5,  # stop and fail when soundness is surely below this (gate "unsound")
    "sound_above": 0.75,  # stop (and measure) when soundness is surely at least this
    "weak_agent": "random",  # the skill gap's opponent of the agent
    "skill_games": 4,  # games of the agent against weak_agent (0: no skill gap)
    "screen_games": 20,  # random games of the viability screen
    "move_limit": 300,  # plies before a candidate's game counts as a timeout
    "work_limit": 50_000_000,  # plies per candidate, its searches' included (gate "budget")
    # fitness = soundness x (1 - appeal_share + appeal_share x appeal) (ludi.evolve.fitness)
    "soundness": {"completion": 1.0, "balance": 1.0, "coverage": 0.3, "duration": 10.0,
                  "goal": 1.0},
    "appeal_share": 0.25,
    "dead_rule_penalty": 0.05,  # fitness x (1 - penalty) per rule that can never take effect
    "weights": {"skill_gap": 1.0, "lead_change": 1.0, "uncertainty": 0.5, "drama": 0.5,
                "decision_moves": 0.5, "killer_moves": -0.5},
    "objectives": ["balance", "completion", "decisiveness", "duration_score"],
    "descriptors": [["duration", 0.0, 100.0, 8], ["branching", 0.0, 100.0, 8]],
}
MODES = ("ludi", "nsga2", "map-elites", "random")


#: The settings of a run's size and place, as against how each candidate is judged.
RUN_SIZE = ("seeds", "generations", "population", "offspring", "workers")
#: The settings of how a run varies and files its candidates, which judge none of them (the
#: seed, the mode and the objectives do: they seed the games and name what is scored).
SEARCH = ("crossover", "mutation", "merge_ends", "descriptors")


def candidate_settings(config: dict) -> dict:
    """The settings of ``config`` that judge a candidate (agent, games, budgets, fitness),
    without the run's size: what the fitness benchmark and the cost benchmark score with."""
    return {k: v for k, v in config.items() if k not in RUN_SIZE}


def judging_settings(config: dict) -> dict:
    """The settings of ``config`` that decide a candidate's fitness, and nothing else: not the
    run's size, nor how it searches. A change outside them leaves every score as it was."""
    return {k: v for k, v in candidate_settings(config).items() if k not in SEARCH}


def load_toml(path: str | Path) -> dict:
    """The ``[evolve]`` table of a TOML file (or its top level)."""
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LudiError(f"no such configuration file: {path}", file=str(path)) from None
    except tomllib.TOMLDecodeError as e:
        raise LudiError(f"the configuration is not valid TOML: {e}", file=str(path)) from None
    return data.get("evolve", data)


def resolve(config: dict) -> dict:
    """The configuration with defaults filled in, checked."""
    if "time_limit" in config:
        raise LudiError("setting 'time_limit' is gone: a candidate's budget is counted in work, "
                        "not seconds, so that results do not depend on the machine's load; set "
                        f"'work_limit' (plies per candidate, {DEFAULTS['work_limit']:,} by "
                        "default) instead")
    unknown = sorted(set(config) - set(DEFAULTS))
    if unknown:
        near = difflib.get_close_matches(unknown[0], list(DEFAULTS), n=1)
        hint = f"; did you mean '{near[0]}'?" if near else ""
        raise LudiError(f"unknown setting '{unknown[0]}' in the evolution configuration{hint}; "
                        f"settings: {', '.join(DEFAULTS)}")
    out = {**DEFAULTS, **config}
    for key, what in (("weights", "weight"), ("soundness", "target")):
        if not isinstance(out[key], dict):
            raise LudiError(f"setting '{key}' must be a table of measure = {what}; "
                            f"got {out[key]!r}")
    for key, v in out["soundness"].items():
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
            raise LudiError(f"soundness target '{key}' must be a positive number; got {v!r}")
    # a weights table changes the weights it names and keeps the other defaults; a weight of 0
    # drops a measure from the fitness
    out["weights"] = {**DEFAULTS["weights"], **config.get("weights", {})}
    for key, v in out["weights"].items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise LudiError(f"weight '{key}' must be a number; got {v!r}")
    seeds = out["seeds"]
    if isinstance(seeds, str):
        seeds = out["seeds"] = [seeds]
    if not isinstance(seeds, list) or not seeds or not all(isinstance(x, str) for x in seeds):
        raise LudiError(f"setting 'seeds' must list at least one game (a shipped name, a .lud "
                        f"file or a folder of them); got {seeds!r}")
    if out["mode"] not in MODES:
        raise LudiError(f"unknown mode '{out['mode']}'; modes: {', '.join(MODES)}")
    for key in ("generations", "population", "offspring", "trials", "min_trials",
                "screen_games", "move_limit", "workers", "skill_games", "work_limit"):
        least = 0 if key in ("generations", "skill_games") else 1
        if isinstance(out[key], bool) or not isinstance(out[key], int) or out[key] < least:
            raise LudiError(f"setting '{key}' must be a positive whole number; got {out[key]!r}")
    for key, within, what in (("crossover", lambda v: 0 <= v <= 1, "a probability, 0 to 1"),
                              ("unsound_below", lambda v: 0 <= v <= 1, "a soundness, 0 to 1"),
                              ("sound_above", lambda v: 0 <= v <= 1, "a soundness, 0 to 1"),
                              ("appeal_share", lambda v: 0 <= v <= 1, "a share, 0 to 1"),
                              ("dead_rule_penalty", lambda v: 0 <= v < 1,
                               "a share, 0 to below 1"),
                              ("mutation", lambda v: 0 <= v <= 1, "a probability, 0 to 1"),
                              ("merge_ends", lambda v: 0 <= v <= 1, "a share, 0 to 1")):
        v = out[key]
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not within(v):
            raise LudiError(f"setting '{key}' must be {what}; got {v!r}")
    if out["unsound_below"] > out["sound_above"]:
        raise LudiError(f"setting 'unsound_below' ({out['unsound_below']:g}) must be at most "
                        f"'sound_above' ({out['sound_above']:g})")
    from ludi.agents import make_agent

    for key in ("agent", "weak_agent"):
        if not isinstance(out[key], str) or out[key].strip().lower() == "human":
            raise LudiError(f"setting '{key}' must be a self-play agent such as 'mcts:50'; "
                            f"got {out[key]!r}")
        make_agent(out[key])  # an unknown agent is reported here, with the agents there are
    names = set(MEASURES) | {"duration_score", "duration_sd", "drama_max", "narrowness",
                             "viable", "gavel_fitness", "skill_gap", "balance_lo",
                             "balance_hi", "soundness", "appeal", "dead_rules", "goal"}
    used = list(out["weights"]) + list(out["soundness"]) + list(out["objectives"])
    for key in used + [d[0] for d in out["descriptors"]]:
        if key not in names:
            near = difflib.get_close_matches(key, sorted(names), n=1)
            hint = f"; did you mean '{near[0]}'?" if near else ""
            raise LudiError(f"unknown measure '{key}'{hint}")
    out["descriptors"] = [list(d) for d in out["descriptors"]]
    return out
