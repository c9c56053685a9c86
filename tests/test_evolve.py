"""Evolution (ludi.evolve): reproducible runs on a process pool and on Dask, resume after a
SIGKILL, typed variation that never leaves the grammar, the gates of a candidate's evaluation, the
three modes and the command line.

Runs are tiny (three seed games, six individuals, two or three generations, two self-play games of
mcts:20 a candidate), so the file runs in a few minutes on two cores.
"""

from __future__ import annotations

import os
import pickle
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from conftest import require
from deap import tools

import ludi.evolve.operators as ops
from ludi.cli import main
from ludi.compile.lint import dead_rules, pruned_hash
from ludi.evolve import Evolution, RunState, evaluate, evolve, report, resolve
from ludi.evolve.config import SEED_GAMES
from ludi.evolve.fitness import descriptor_bins
from ludi.evolve.operators import (
    MAX_END_CLAUSES,
    RANGES,
    Counters,
    crossover,
    merge_ends,
    mutate,
    positions,
)
from ludi.evolve.patterns import line_rules, win_lose_pair
from ludi.evolve.population import GameFront, GameHallOfFame, individual, tournament
from ludi.evolve.report import write_outputs
from ludi.lang import grammar, load_description, parse

ROOT = Path(__file__).resolve().parents[1]

#: The smallest configuration that still exercises every part of the loop.
TINY = {"seeds": ["tictactoe", "misere3", "fourline"], "population": 8, "offspring": 8,
        "generations": 3, "trials": 2, "screen_games": 6, "agent": "mcts:20",
        "move_limit": 100, "seed": 1, "workers": 2}


def tiny(**changes) -> dict:
    return {**TINY, **changes}


def toml(config: dict) -> str:
    """``config`` as an ``[evolve]`` TOML table (the value types TINY uses)."""
    def value(v):
        if isinstance(v, str):
            return f'"{v}"'
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        return repr(v)
    return "[evolve]\n" + "".join(f"{k} = {value(v)}\n" for k, v in config.items())


def summary(run: Path) -> dict:
    """What must be identical between two runs of one seed: every evaluated description with
    its origin, gate, fitness and measures, the final population and the hall of fame. (Only the
    seconds an evaluation took may differ.)"""
    table = pd.read_parquet(run / "individuals.parquet").drop(columns=["seconds"])
    table = table.set_index("hash").sort_index()
    table["objectives"] = table["objectives"].map(tuple)
    with open(run / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    fame = {p.name: p.read_text() for p in sorted((run / "hall_of_fame").glob("*.lud"))}
    return {"individuals": table, "population": list(state.population),
            "generation": state.generation, "logbook": pd.read_parquet(run / "logbook.parquet"),
            "hall_of_fame": fame, "counters": state.counters}


def assert_same_run(a: dict, b: dict) -> None:
    assert a["generation"] == b["generation"]
    assert list(a["individuals"].index) == list(b["individuals"].index)
    pd.testing.assert_frame_equal(a["individuals"], b["individuals"])
    assert a["population"] == b["population"]
    pd.testing.assert_frame_equal(a["logbook"], b["logbook"])
    assert a["hall_of_fame"] == b["hall_of_fame"]
    assert a["counters"] == b["counters"]


@pytest.fixture(scope="module")
def pool_run(tmp_path_factory) -> Path:
    """A tiny LUDI-mode run on a process pool of two workers, shared by several tests."""
    out = tmp_path_factory.mktemp("pool") / "run"
    evolve(tiny(), out=out, workers=2, progress=False)
    return out


# ------------------------------------------------------------------ 1. same seed, same run


def test_same_seed_gives_the_same_run_on_a_process_pool(pool_run, tmp_path):
    first = summary(pool_run)
    assert first["generation"] == TINY["generations"]
    table = first["individuals"]
    assert len(table) > len(TINY["seeds"])  # the run evaluated offspring, not only its seeds
    assert (table["gate"] == "ok").any()
    assert table["fitness"].max() > 0

    evolve(tiny(), out=tmp_path / "again", workers=2, progress=False)
    assert_same_run(first, summary(tmp_path / "again"))

    # the number of workers does not matter either
    evolve(tiny(), out=tmp_path / "serial", workers=1, progress=False)
    assert_same_run(first, summary(tmp_path / "serial"))


def test_another_seed_gives_another_run(pool_run, tmp_path):
    evolve(tiny(seed=2), out=tmp_path / "seed2", workers=2, progress=False)
    first, other = summary(pool_run), summary(tmp_path / "seed2")
    # both start from the same seed games ...
    seeds = [load_description(name).hash for name in TINY["seeds"]]
    assert set(seeds) <= set(first["individuals"].index)
    assert set(seeds) <= set(other["individuals"].index)
    # ... and then vary them differently
    assert set(first["individuals"].index) != set(other["individuals"].index)


def _burn() -> None:  # a CPU-bound process beside the run
    while True:
        pass


def test_the_same_run_on_a_machine_busy_with_two_other_processes(pool_run, tmp_path):
    """No clock decides any result: with two CPU-bound processes sharing the two cores, a run
    evaluates the same candidates to the same numbers (only the recorded seconds differ)."""
    import multiprocessing

    burners = [multiprocessing.Process(target=_burn, daemon=True) for _ in range(2)]
    for p in burners:
        p.start()
    try:
        evolve(tiny(), out=tmp_path / "busy", workers=2, progress=False)
    finally:
        for p in burners:
            p.kill()
    assert_same_run(summary(pool_run), summary(tmp_path / "busy"))


def _dies_once(text: str, config: dict, marker: str) -> dict:
    """The evaluation, except that the first call of all kills its worker process."""
    if not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)
    return evaluate(text, config)


def test_a_worker_that_dies_mid_candidate_loses_nothing(pool_run, tmp_path):
    run = Evolution(resolve(tiny()), tmp_path / "died", workers=2, progress=False)
    run.toolbox.register("evaluate", _dies_once, config=run.config,
                         marker=str(tmp_path / "died.marker"))
    run.run(TINY["generations"])
    assert (tmp_path / "died.marker").exists()  # a worker did die
    assert_same_run(summary(pool_run), summary(tmp_path / "died"))


def test_a_candidate_that_always_kills_its_worker_is_an_error_not_a_crash():
    from ludi.evolve.workers import DEATHS, make_map

    mapper, close = make_map(2)
    try:
        results = list(mapper(_kill_on_three, [1, 2, 3, 4, 5]))
    finally:
        close()
    assert results[:2] == [1, 2] and results[3:] == [4, 5]
    assert results[2]["gate"] == "error"
    assert f"died {DEATHS} times" in results[2]["error"]


def _kill_on_three(x: int) -> int:
    if x == 3:
        os._exit(1)
    return x


def test_nine_offspring_in_ten_compile(tmp_path):
    """Variation knows the grammar's types, not the game's context; an offspring that does not
    compile is made again from its parents (before: about a third failed to compile)."""
    run = Evolution(resolve(tiny(seeds=SEED_GAMES, workers=1)), tmp_path / "vary",
                    progress=False)
    run.rng.seed(5)
    parents = [load_description(run.rng.choice(SEED_GAMES)).to_text() for _ in range(120)]
    offspring, origin = run.vary(parents)
    assert len(offspring) == 120 and set(origin) <= set(offspring)
    compiled = sum(ops.compiles(parse(t).tree) for t in offspring) / len(offspring)
    assert compiled >= 0.9, compiled
    assert run.state.counters.repaired > 0  # some had to be made again


# ------------------------------------------------------------------ 2. Dask


@pytest.mark.slow
def test_dask_cluster_gives_the_same_run_as_the_process_pool(pool_run, tmp_path):
    require("dask")
    import distributed

    try:
        cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                           dashboard_address=None)
    except Exception as e:  # noqa: BLE001 - any failure to start is a reason to skip
        pytest.skip(f"a local Dask cluster could not start here: {type(e).__name__}: {e}")
    try:
        with distributed.Client(cluster) as client:
            evolve(tiny(), out=tmp_path / "dask", dask=client, progress=False)
            # the run leaves a Client it was given open, for its owner to close
            assert client.status == "running"
        # a scheduler address (what --dask takes): the run connects, then disconnects
        evolve(tiny(), out=tmp_path / "address", dask=cluster.scheduler_address,
               progress=False)
    finally:
        cluster.close()
    assert_same_run(summary(pool_run), summary(tmp_path / "dask"))
    assert_same_run(summary(pool_run), summary(tmp_path / "address"))


# ------------------------------------------------------------------ 3. SIGKILL and --resume


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "ludi", *args]


def _checkpoint_generation(run: Path) -> int:
    try:
        with open(run / "checkpoint.pkl", "rb") as f:
            return pickle.load(f).generation
    except (FileNotFoundError, EOFError, pickle.UnpicklingError):
        return -1


@pytest.mark.slow
def test_a_run_killed_mid_generation_resumes_to_the_same_result(tmp_path):
    config = tmp_path / "run.toml"
    config.write_text(toml(tiny(generations=5)))
    killed, whole = tmp_path / "killed", tmp_path / "whole"

    proc = subprocess.Popen(_cli("evolve", str(config), "--out", str(killed)), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.monotonic() + 300  # a cold numba cache compiles for minutes
        while _checkpoint_generation(killed) < 1:
            assert proc.poll() is None, "the run ended before it could be interrupted"
            assert time.monotonic() < deadline, "no checkpoint of generation 1 within 5 minutes"
            time.sleep(0.02)
        time.sleep(0.2)  # into the next generation's variation and evaluation
        assert proc.poll() is None
        os.killpg(proc.pid, signal.SIGKILL)  # the CLI and its pool workers, mid-generation
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == -signal.SIGKILL
    interrupted_at = _checkpoint_generation(killed)
    assert 1 <= interrupted_at < 5

    done = subprocess.run(_cli("evolve", str(config), "--out", str(killed), "--resume"),
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    whole_run = subprocess.run(_cli("evolve", str(config), "--out", str(whole)), cwd=ROOT,
                               capture_output=True, text=True, timeout=300)
    assert whole_run.returncode == 0, whole_run.stderr[-2000:]

    resumed, uninterrupted = summary(killed), summary(whole)
    assert resumed["generation"] == 5
    assert resumed["population"] == uninterrupted["population"]
    assert resumed["hall_of_fame"] == uninterrupted["hall_of_fame"]
    assert resumed["hall_of_fame"]  # not two empty folders
    assert_same_run(resumed, uninterrupted)


def test_resume_of_a_finished_run_evaluates_nothing_more(pool_run, tmp_path):
    import shutil

    copy = tmp_path / "copy"
    shutil.copytree(pool_run, copy)
    before = summary(copy)
    state = evolve(None, out=copy, resume=True, workers=1, progress=False)
    assert state.generation == TINY["generations"]
    assert_same_run(before, summary(copy))


def test_a_checkpoint_of_an_older_ludi_resumes_and_reports(pool_run, tmp_path):
    """Checkpoints written before the run kept DEAP's logbook and hall of fame (a list of
    dicts, no hall of fame) still resume, to the same run folder."""
    import shutil

    copy = tmp_path / "old"
    shutil.copytree(pool_run, copy)
    before = summary(copy)
    with open(copy / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    state.logbook, state.hall_of_fame = list(state.logbook), None
    with open(copy / "checkpoint.pkl", "wb") as f:
        pickle.dump(state, f)
    assert before["hall_of_fame"] and "#1  fitness" in report(copy)
    evolve(None, out=copy, resume=True, workers=1, progress=False)
    assert_same_run(before, summary(copy))


def test_a_run_judged_under_a_time_limit_is_not_resumed(pool_run, tmp_path):
    import json
    import shutil

    copy = tmp_path / "timed"
    shutil.copytree(pool_run, copy)
    meta = json.loads((copy / "config.json").read_text())
    meta["config"]["time_limit"] = 60.0  # what runs of older versions saved
    (copy / "config.json").write_text(json.dumps(meta))
    done = subprocess.run(_cli("evolve", "--out", str(copy), "--resume"), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "wall-clock time limit" in done.stderr and "start a new run" in done.stderr
    assert_same_run(summary(pool_run), summary(copy))  # nothing of it was touched


# ------------------------------------------------------------------ 4. variation


def _library() -> dict[str, object]:
    return {name: load_description(name).tree for name in SEED_GAMES + ["oware", "playwin"]}


def _out_of_range(tree) -> list:
    return [(parent, v) for _, v, parent in positions(tree)
            if isinstance(v, int) and not isinstance(v, bool) and parent in RANGES
            and not RANGES[parent][0] <= v <= RANGES[parent][1]]


def test_a_thousand_crossovers_and_mutations_stay_in_the_grammar():
    library = _library()
    names = sorted(library)
    for name in names:  # the shipped games are within the ranges to begin with
        assert not _out_of_range(library[name]), name
    rng = random.Random(7)
    counters = Counters()
    children, changed = [], 0
    for i in range(1000):
        a = library[rng.choice(names)]
        if i % 2:
            b = library[rng.choice(names)]
            kids = crossover(a, b, rng, counters)
            parents = (a, b)
        else:
            kids = (mutate(a, rng, counters),)
            parents = (a,)
        changed += sum(k not in parents for k in kids)
        children.extend(kids)
    for child in children:
        assert child.rule == "game"
        text = child.to_text()
        desc = parse(text)  # of the grammar: the parser accepts it
        assert desc.tree == child  # printed and parsed back: the same tree
        assert parse(desc.to_text()).hash == desc.hash
        assert not _out_of_range(child), text
        players = [v for _, v, p in positions(child) if p == ("players", 0)]
        assert players == [2]
    assert len(children) == 1500
    assert changed > 900  # variation does change games
    assert counters.made >= 1000
    assert 0 <= counters.invalid <= counters.made


def test_regenerated_subtrees_respect_the_ranges():
    """The grammar's generator writes numbers 1..9; a regenerated board or move limit must still
    be of a playable size."""
    def ranged(tree) -> list:
        return [(p, v) for _, v, p in positions(tree) if p in RANGES]

    tree = load_description("tictactoe").tree
    rng = random.Random(3)
    fresh = 0
    for _ in range(300):
        child = ops.regenerate(tree, rng)
        assert not _out_of_range(child), child.to_text()
        fresh += ranged(child) != ranged(tree)  # a new board, line length, move limit …
    assert fresh > 10


def test_merging_end_rules_joins_a_line_win_and_a_misere_loss():
    """Yavalath's pair from two seeds that each end on one clause: subtree crossover cannot make
    it (it swaps a clause for a clause), a merge of the end rules does, in both children."""
    a, b = load_description("fourline").tree, load_description("misere3").tree
    orders = set()
    for seed in range(20):
        rng = random.Random(seed)
        counters = Counters()
        one, two = merge_ends(a, b, rng, counters)
        assert line_rules(one.to_text()) == line_rules(two.to_text()) == \
            {"Win": [4], "Loss": [3]}
        assert ops.compiles(one) and ops.compiles(two) and counters.made == 2
        assert one.find("board_square") and two.find("board_hex")  # the rest is the parent's
        # the added clause goes anywhere: Yavalath's rule when the win is tried first, a
        # misere game whose win can never happen when the loss is
        for child in (one, two):
            first = child.find("clause_if")[0].args[1].args[1].name
            assert win_lose_pair(child.to_text()) == (4 if first == "Win" else None)
            orders.add(first)
        assert not win_lose_pair(crossover(a, b, rng)[0].to_text())
    assert orders == {"Win", "Loss"}
    # nothing new to add, or no end to add to: the parents come back unchanged
    assert merge_ends(a, a, random.Random(1)) == (a, a)
    full = a
    for _ in range(MAX_END_CLAUSES + 2):
        full, _ = merge_ends(full, ops.regenerate(b, random.Random(len(str(full)))) or b,
                             random.Random(2))
    assert len(full.find("clause_if")) <= MAX_END_CLAUSES


def test_merge_share_decides_the_crossover_kind(tmp_path):
    """merge_ends = 1 makes every crossover a merge, 0 none; at 0 it draws no random number
    (so a run saved before the setting existed replays as it ran)."""
    texts = [load_description(n).to_text() for n in ("fourline", "misere3", "hex", "gomoku")]
    for share, expect in ((1.0, {"merge", "merge+mutation"}),
                          (0.0, {"crossover", "crossover+mutation"})):
        config = resolve(tiny(crossover=1.0, merge_ends=share, workers=1))
        run = Evolution(config, tmp_path / str(share), workers=1, progress=False)
        run.rng.seed(3)
        _, origin = run.vary(texts * 3)
        assert {o["operator"] for o in origin.values()} <= expect
        # the loop's own draws, with variation that draws none: a pair takes one for
        # crossover, one more to choose a merge when merges may happen, one per child for
        # mutation
        draws = []
        real = run.rng.random
        run.rng.random = lambda draws=draws, real=real: draws.append(1) or real()
        for name in ("mate", "merge", "mutate"):
            run.toolbox.register(name, (lambda a, b: (a, b)) if name != "mutate"
                                 else (lambda tree: tree))
        run.vary(texts)
        run.close()
        assert len(draws) == 2 * (3 + (share > 0))


def test_a_run_saved_before_merging_resumes_without_it(tmp_path):
    """A run folder of an older ludi has no merge_ends: it resumes with none, and goes on
    exactly as a run without merges does."""
    import json

    from ludi.evolve.run import changed_settings, saved_config

    config = tiny(merge_ends=0.0, workers=1, generations=3)
    whole = evolve(config, out=tmp_path / "whole", workers=1, progress=False)
    old = tmp_path / "old"
    evolve({**config, "generations": 2}, out=old, workers=1, progress=False)
    meta = json.loads((old / "config.json").read_text())
    del meta["config"]["merge_ends"]  # as an older ludi saved it
    (old / "config.json").write_text(json.dumps(meta))
    assert saved_config(old)["merge_ends"] == 0.0
    assert changed_settings(old, {**meta["config"], "merge_ends": 0.0}) == []
    assert changed_settings(old, {**meta["config"], "merge_ends": 0.5}) == ["merge_ends"]
    resumed = evolve({"generations": 3}, out=old, resume=True, workers=1, progress=False)
    assert resumed.generation == 3
    assert list(resumed.archive) == list(whole.archive)  # the same candidates, in order


def test_invalid_offspring_are_counted_and_never_crash(monkeypatch):
    a, b = load_description("tictactoe").tree, load_description("hex").tree
    monkeypatch.setattr(ops, "valid", lambda tree: None)  # no child is ever valid
    counters = Counters()
    rng = random.Random(1)
    assert crossover(a, b, rng, counters) == (a, b)  # the parents, unchanged
    assert mutate(a, rng, counters) is a
    # two crossover children, then up to four mutation attempts (those that made a child)
    assert 2 < counters.made <= 2 + 4
    assert counters.invalid == counters.made
    assert counters.reasons["crossover"] == 2
    assert sum(counters.reasons.values()) == counters.invalid

    # a child that does not print back to the same tree is not valid
    monkeypatch.undo()
    assert ops.valid(a) == a
    board = next(path for path, v, _ in positions(a) if getattr(v, "category", "") == "board")
    players = a.args[1]
    assert players.rule == "players"
    broken = ops.replace(a, board, players)  # (players 2) where the board should be
    assert ops.valid(broken) is None


# ------------------------------------------------------------------ 5. gates


STALL = """(game "Stall" (players 2)
  (equipment {(board (square 3)) (piece "Disc" Each)})
  (rules (meta (moveLimit 10000000)) (play (move Pass))
         (end (if (is Line 3) (result Mover Win)))))"""


def _gate_config(**changes) -> dict:
    return resolve({**tiny(), **changes})


def test_a_game_that_never_ends_is_stopped_by_the_work_budget():
    config = _gate_config(work_limit=5_000, move_limit=10**7)
    result = evaluate(STALL, config)
    assert result["gate"] == "budget"
    assert "more than the work limit of 5,000" in result["error"]
    assert result["objectives"] is None  # failed: the run scores it as failed(config)
    assert evaluate(STALL, config)["error"] == result["error"]  # after the same ply, always
    # without its own (moveLimit …) the game stops at the engine's default, then fails
    result = evaluate(STALL.replace("(meta (moveLimit 10000000)) ", ""), config)
    assert result["gate"] in ("budget", "viability")


def test_a_runaway_search_is_stopped_by_the_work_budget_too():
    """The budget counts the plies the agent's searches play, not only the games' own."""
    text = load_description("hex", {"Board Size": "7x7"}).to_text()
    first = evaluate(text, _gate_config())
    assert first["gate"] == "ok"
    spent = first["measures"]["work"]
    result = evaluate(text, _gate_config(work_limit=int(spent) // 2))
    assert result["gate"] == "budget"


def test_the_move_limit_of_the_configuration_caps_every_game():
    """A move limit below the game's own ends the screen games as timeouts at that ply."""
    config = _gate_config(move_limit=12)
    result = evaluate(STALL, config)
    assert result["gate"] == "viability"  # no game ends: completion 0
    assert result["measures"]["duration"] == 12
    assert result["measures"]["timeouts"] == 1.0
    assert result["seconds"] < 5.0


def test_a_description_that_does_not_compile_fails_the_compile_gate():
    text = load_description("tictactoe").to_text().replace("(result Mover Win)",
                                                            "(result Shared Loss)")
    result = evaluate(text, _gate_config())
    assert result["gate"] == "compile"
    assert "Shared" in result["error"]
    assert result["objectives"] is None


def test_a_game_without_moves_fails_the_playable_gate():
    text = load_description("tictactoe").to_text().replace(
        "(move Add (to (sites Empty)))",
        "(move Step (from (sites Occupied by:Mover)) (to (sites Empty)))")
    assert evaluate(text, _gate_config())["gate"] == "playable"


def test_a_game_that_never_finishes_fails_the_viability_gate():
    # nobody can ever make a line of 7 on a 3x3 board
    text = load_description("tictactoe").to_text().replace("(is Line 3)", "(is Line 7)")
    result = evaluate(text, _gate_config())
    assert result["gate"] == "viability"
    assert "completion" in result["error"]
    assert result["objectives"] is None


def test_a_good_game_passes_every_gate_with_the_same_score_every_time():
    text = load_description("tictactoe").to_text()
    config = _gate_config()
    first, second = evaluate(text, config), evaluate(text, config)
    assert first["gate"] == "ok"
    assert len(first["objectives"]) == 1 and 0 < first["objectives"][0] <= 1
    assert first["objectives"] == second["objectives"]
    assert first["measures"] == second["measures"]
    nsga = evaluate(text, _gate_config(mode="nsga2"))
    assert len(nsga["objectives"]) == len(config["objectives"])
    assert nsga["objectives"] == [first["measures"][m] for m in config["objectives"]]


def test_no_clock_decides_a_result(monkeypatch):
    """A slow start (a worker compiling its kernels, a loaded machine) changes a candidate's
    recorded duration only: nothing in its evaluation reads the clock."""
    import ludi.evolve.fitness as fitness

    text = load_description("tictactoe").to_text()
    quick = evaluate(text, _gate_config())
    monkeypatch.setattr(fitness, "warm_up", lambda agent: time.sleep(1.0))
    monkeypatch.setattr(fitness.time, "monotonic", lambda: 0.0)  # a clock that stands still
    slow = evaluate(text, _gate_config())
    assert {k: v for k, v in slow.items() if k != "seconds"} == \
        {k: v for k, v in quick.items() if k != "seconds"}


def test_an_unparsable_candidate_is_an_error_not_a_crash():
    result = evaluate("(game \"Broken\" (players 2)", _gate_config())
    assert result["gate"] == "error"
    assert result["error"]


# ------------------------------------------------------------------ 6. modes, folder, CLI


RUN_FILES = ("config.json", "individuals.parquet", "logbook.parquet", "checkpoint.pkl",
             "fitness.png", "measures.png")


def _check_folder(run: Path, generations: int) -> pd.DataFrame:
    for name in RUN_FILES:
        assert (run / name).stat().st_size > 0, name
    fame = sorted((run / "hall_of_fame").glob("*.lud"))
    assert fame
    for path in fame:  # the hall of fame holds playable, parseable descriptions
        assert parse(path.read_text()).hash in path.name
    log = pd.read_parquet(run / "logbook.parquet")
    assert list(log["generation"]) == list(range(generations + 1))
    assert (log["best"] >= log["mean"]).all()
    return pd.read_parquet(run / "individuals.parquet")


def test_ludi_mode_writes_the_run_folder(pool_run):
    table = _check_folder(pool_run, TINY["generations"])
    assert not (pool_run / "map_elites.png").exists()
    assert {"hash", "gate", "fitness", "operator", "text", "balance"} <= set(table.columns)
    failed = table[table["gate"] != "ok"]
    assert (failed["fitness"] == 0).all()
    with open(pool_run / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    assert len(state.population) == TINY["population"]
    # (mu + lambda): the population is the best of everything evaluated
    fitness = dict(zip(table["hash"], table["fitness"], strict=True))
    kept = sorted((fitness[parse(t).hash] for t in state.population), reverse=True)
    assert kept == sorted(fitness.values(), reverse=True)[:len(kept)]
    # DEAP's logbook and hall of fame, as saved: the best games, each game once
    assert isinstance(state.logbook, tools.Logbook)
    assert isinstance(state.hall_of_fame, GameHallOfFame)
    fame = sorted((pool_run / "hall_of_fame").glob("*.lud"))
    assert [p.name[3:-4] for p in fame] == [parse(ind).hash for ind in state.hall_of_fame]
    values = [ind.fitness.values[0] for ind in state.hall_of_fame]
    assert values == sorted(values, reverse=True)
    assert len({pruned_hash(str(ind)) for ind in state.hall_of_fame}) == len(fame)
    passed = table[table["gate"] == "ok"]
    assert values[0] == passed["fitness"].max()


def _dominates(a, b) -> bool:
    return all(x >= y for x, y in zip(a, b, strict=True)) and tuple(a) != tuple(b)


@pytest.mark.slow
def test_nsga2_mode_runs_end_to_end_and_reports_the_front(tmp_path):
    run = tmp_path / "nsga2"
    state = evolve(tiny(mode="nsga2"), out=run, workers=2, progress=False)
    table = _check_folder(run, TINY["generations"])
    assert not (run / "map_elites.png").exists()
    names = resolve({})["objectives"]
    assert (table["objectives"].map(len) == len(names)).all()
    assert len(state.population) == TINY["population"]

    # the front: every game that passed and that no other game that passed dominates
    text = report(run)
    front = pd.read_csv(run / "front.csv")
    assert list(front.columns) == ["hash", "generation", *names, "duration", "end_rules",
                                   "dead_rules"]
    passed = table[table["gate"] == "ok"]
    points = {h: tuple(v) for h, v in zip(passed["hash"], passed["objectives"], strict=True)}
    members = list(front["hash"])
    assert members and set(members) <= set(points)
    game = {h: pruned_hash(t) for h, t in zip(table["hash"], table["text"], strict=True)}
    for h in members:  # dominated by nothing, but a later evaluation of a member's game
        for o, p in points.items():
            if _dominates(p, points[h]):
                assert o not in members and game[o] in {game[m] for m in members}
    for h, p in points.items():  # off the front: dominated, or the same game as a member
        assert h in members or any(_dominates(points[m], p) or game[m] == game[h]
                                   for m in members)
    assert len({game[h] for h in members}) == len(members)
    for h in members:
        assert f"{h}  " in text or f"{h} " in text
        header = (run / "hall_of_fame" / f"{h}.lud").read_text().splitlines()[0]
        assert all(name in header for name in names)
    assert sorted(p.name for p in (run / "hall_of_fame").glob("*.lud")) == \
        sorted(f"{h}.lud" for h in members)
    assert all(name in text for name in names) and "end_rules" in text
    assert (run / "front.png").stat().st_size > 0


@pytest.mark.slow
def test_map_elites_mode_runs_end_to_end(tmp_path):
    run = tmp_path / "me"
    config = resolve(tiny(mode="map-elites"))
    state = evolve(tiny(mode="map-elites"), out=run, workers=2, progress=False)
    _check_folder(run, TINY["generations"])
    assert (run / "map_elites.png").stat().st_size > 0
    assert state.elites
    passed = [r for r in state.archive.values() if r["gate"] == "ok"]
    for cell, h in state.elites.items():  # each elite is the best of its cell
        best = max(r["objectives"][0] for r in passed
                   if descriptor_bins(r["measures"], config) == cell)
        assert state.archive[h]["objectives"][0] == best
    assert sorted(parse(t).hash for t in state.population) == sorted(state.elites.values())


def test_report_prints_the_top_games(pool_run):
    done = subprocess.run(_cli("report", str(pool_run), "--top", "2"), cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    fame = sorted((pool_run / "hall_of_fame").glob("*.lud"))
    best = fame[0].name[3:-4]  # 01_<hash>.lud
    assert "#1  fitness" in done.stdout and "#2  fitness" in done.stdout
    assert "#3" not in done.stdout
    assert best in done.stdout
    assert "(game" in done.stdout
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("body, message", [
    ("[evolve]\npopulaton = 6\n", "unknown setting 'populaton'"),
    ("[evolve]\npopulaton = 6\n", "did you mean 'population'?"),
    ('[evolve]\nmode = "tournament"\n', "unknown mode 'tournament'"),
    ("[evolve]\nweights = { balanse = 1.0 }\n", "unknown measure 'balanse'; did you mean"),
    ('[evolve]\nobjectives = ["fun"]\n', "unknown measure 'fun'"),
    ("[evolve]\npopulation = 0\n", "'population' must be a positive whole number"),
    ("[evolve]\ntime_limit = 30\n", "'time_limit' is gone: a candidate's budget is counted"),
    ("[evolve]\nwork_limit = 0\n", "'work_limit' must be a positive whole number"),
    ("[evolve]\nunsound_below = 0.9\n", "'unsound_below' (0.9) must be at most 'sound_above'"),
    ("[evolve]\ncrossover = 1.5\n", "'crossover' must be a probability"),
    ("[evolve]\nmerge_ends = -0.1\n", "'merge_ends' must be a share, 0 to 1"),
    ('[evolve]\nagent = "mcst:20"\n', "unknown agent 'mcst:20'"),
    ('[evolve]\nagent = "human"\n', "'agent' must be a self-play agent"),
    ("[evolve\n", "not valid TOML"),
])
def test_bad_configuration_is_exit_code_2_with_a_clear_message(tmp_path, capsys, body,
                                                               message):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    assert main(["evolve", str(path), "--out", str(tmp_path / "run")]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert not (tmp_path / "run" / "checkpoint.pkl").exists()


def test_bad_command_line_input_is_exit_code_2_without_a_traceback(tmp_path):
    missing = subprocess.run(_cli("evolve", str(tmp_path / "nowhere.toml"), "--out",
                                  str(tmp_path / "run")), cwd=ROOT, capture_output=True,
                             text=True, timeout=120)
    assert missing.returncode == 2
    assert "no such configuration file" in missing.stderr
    assert "Traceback" not in missing.stderr

    mode = subprocess.run(_cli("evolve", "--mode", "tournament", "--out", str(tmp_path / "r")),
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert mode.returncode == 2
    assert "invalid choice: 'tournament'" in mode.stderr
    assert "Traceback" not in mode.stderr

    not_a_run = subprocess.run(_cli("report", str(tmp_path)), cwd=ROOT, capture_output=True,
                               text=True, timeout=120)
    assert not_a_run.returncode == 2
    assert "is not a run folder" in not_a_run.stderr
    assert "Traceback" not in not_a_run.stderr


def test_the_grammar_has_every_rule_the_ranges_name():
    rules = set(grammar().rules)
    assert {rule for rule, _ in RANGES} <= rules


def test_on_generation_is_called_after_each_saved_generation(tmp_path):
    seen = []

    def note(generation, state):
        seen.append((generation, state.generation, len(state.logbook),
                     (tmp_path / "cb" / "checkpoint.pkl").exists()))

    evolve(tiny(generations=2), out=tmp_path / "cb", workers=1, progress=False,
           on_generation=note)
    assert seen == [(1, 1, 2, True), (2, 2, 3, True)]  # logbook: generation 0, then each


# ------------------------------------------------------------------ 7. DEAP: toolbox, hall of fame


def test_the_loop_calls_its_operators_through_the_toolbox(tmp_path):
    config = resolve(tiny(generations=1, workers=1))
    run = Evolution(config, tmp_path / "toolbox", workers=1, progress=False)
    calls = dict.fromkeys(("map", "evaluate", "mate", "mutate", "select_parents", "select"), 0)

    def counting(name: str, fn):
        def counted(*args, **kwargs):
            calls[name] += 1
            return fn(*args, **kwargs)
        return counted

    for name in calls:
        run.toolbox.register(name, counting(name, getattr(run.toolbox, name)))
    before = random.getstate()
    state = run.run(1)
    assert all(calls.values()), calls
    assert calls["evaluate"] == len(state.archive)
    # every random choice came from the run's own generator: the global one is untouched
    assert random.getstate() == before
    assert list(pd.DataFrame(state.logbook).columns) == [
        "generation", "evaluated", "new", "best", "mean", "min", "passed", "compiled",
        "viable", "repaired", "unrepaired", "invalid_offspring", "elites"]


def test_tournaments_draw_from_the_generator_they_are_given():
    inds = [individual(f"text {i}", [i / 10]) for i in range(10)]
    random.seed(1)
    first = tournament(inds, 20, random.Random(5))
    random.seed(2)
    assert tournament(inds, 20, random.Random(5)) == first
    rng = random.Random(5)
    for winner in first:  # each winner is the best of its three draws
        drawn = [rng.choice(inds) for _ in range(3)]
        assert winner.fitness.values[0] == max(d.fitness.values[0] for d in drawn)


TTT = load_description("tictactoe").to_text()
#: Tic-tac-toe with an end clause that can never fire: the same game
TTT_DEAD = TTT.replace("(end (if (is Line 3) (result Mover Win)))",
                       "(end {(if (is Line 3) (result Mover Win)) "
                       "(if (is Line 3) (result Mover Loss))})")
HEX = load_description("hex").to_text()


def test_the_hall_of_fame_keeps_the_better_evaluation_of_one_game():
    fame = GameHallOfFame(3)
    fame.update([individual(TTT, [0.4]), individual(HEX, [0.5]), individual(TTT_DEAD, [0.6])])
    assert [(str(i), i.fitness.values) for i in fame] == [(TTT_DEAD, (0.6,)), (HEX, (0.5,))]
    fame.update([individual(TTT, [0.55])])  # a worse evaluation of the same game
    assert [str(i) for i in fame] == [TTT_DEAD, HEX]

    front = GameFront()
    front.update([individual(TTT, [0.4, 0.5]), individual(HEX, [0.5, 0.4]),
                  individual(TTT_DEAD, [0.3, 0.6])])  # neither dominates: the first stays
    assert sorted(map(str, front)) == sorted([TTT, HEX])
    front.update([individual(TTT_DEAD, [0.45, 0.55])])  # dominates the member: replaces it
    assert sorted((str(i), i.fitness.values) for i in front) == sorted(
        [(TTT_DEAD, (0.45, 0.55)), (HEX, (0.5, 0.4))])


def test_hall_of_fame_files_list_their_dead_rules(tmp_path):
    state = RunState()
    state.hall_of_fame = GameHallOfFame()
    for i, (text, value) in enumerate([(TTT, 0.4), (TTT_DEAD, 0.6), (HEX, 0.5)]):
        h = parse(text).hash
        state.archive[h] = {"hash": h, "generation": i, "parents": [], "operator": "seed",
                            "text": text, "gate": "ok", "error": "", "objectives": [value],
                            "measures": {}, "seconds": 0.0}
        state.hall_of_fame.update([individual(text, [value])])
    write_outputs(tmp_path, state, resolve({}), plots=False)
    fame = sorted((tmp_path / "hall_of_fame").glob("*.lud"))
    assert [p.name for p in fame] == [f"01_{parse(TTT_DEAD).hash}.lud",
                                      f"02_{parse(HEX).hash}.lud"]
    lines = fame[0].read_text().splitlines()
    assert lines[0].startswith("// rank 1, fitness 0.6000")
    assert lines[1] == f"// {parse(TTT_DEAD).name}, a seed"
    assert lines[2] == f"// dead rule: {dead_rules(TTT_DEAD)[0]}"
    assert "end clause 2" in lines[2]
    assert parse(fame[0].read_text()).tree == parse(TTT_DEAD).tree
    assert not fame[1].read_text().splitlines()[2].startswith("//")


FIVE = ('(game "Gomoku" (players 2) (equipment {(board (square 9)) (piece "Disc" Each)}) '
        '(rules (play (move Add (to (sites Empty)))) (end (if (is Line 5) (result Mover Win)))))')


def test_the_hall_of_fame_holds_one_game_once_whatever_its_spelling():
    """(is Line 5) and (is Line 5 All) are one rule on a square board; a (moveLimit 399) that
    an 81-site add-only game never reaches is a dead rule; names are not the game."""
    spellings = [FIVE, FIVE.replace("(is Line 5)", "(is Line 5 All)"),
                 FIVE.replace("(rules ", "(rules (meta (moveLimit 399)) ").replace(
                     '"Gomoku"', '"Four Line"')]
    fame = GameHallOfFame(5)
    fame.update([individual(t, [0.5 + i / 10]) for i, t in enumerate(spellings)])
    assert [str(i) for i in fame] == [spellings[2]]  # the best evaluation of the one game
    assert any("moveLimit" in f for f in dead_rules(spellings[2]))
    other = FIVE.replace("(is Line 5)", "(is Line 5 Orthogonal)")
    fame.update([individual(other, [0.1])])
    assert len(fame) == 2


def test_evolved_games_get_names_of_their_own(pool_run):
    """A child that is a new game is not called after its seed; a child that is its parent's
    game keeps the parent's name; the report names each game and its parents."""
    from ludi.evolve.names import invented_name
    from ludi.evolve.population import game_hash

    with open(pool_run / "checkpoint.pkl", "rb") as f:
        state = pickle.load(f)
    seeds = {parse(load_description(s).to_text()).name for s in TINY["seeds"]}
    bred = [r for r in state.archive.values() if r["operator"] != "seed"]
    assert bred
    for r in bred:
        parents = [state.archive[h]["text"] for h in r["parents"]]
        own = game_hash(r["text"])
        name = parse(r["text"]).name
        if own in {game_hash(p) for p in parents}:
            assert name in {parse(p).name for p in parents}
        else:
            assert name == invented_name(own) and name not in seeds
    assert invented_name("4f6c2d0e9ab31577") == invented_name("4f6c2d0e9ab31577").title()
    assert len({invented_name(f"{i:016x}") for i in range(0, 1 << 40, 1 << 30)}) > 900
    text = report(pool_run)
    best = state.archive[parse(str(state.hall_of_fame[0])).hash]
    assert f"{parse(best['text']).name}, " in text


def test_end_rules_read_clauses_for_each_player():
    from ludi.evolve.report import end_rules

    text = ('(game "M" (players 2) (equipment {(board (square 3)) (piece "Marker" Each)}) '
            '(rules (play (move Add (to (sites Empty)))) (end {(if (is Line 3) (result Mover '
            'Loss)) (forEach Player if:(is Full) (byScore {(score P1 Off)}))})))')
    assert end_rules(text) == ("(is Line 3) -> Mover Loss; "
                               "forEach Player: (is Full) -> by score")
