"""The evolutionary loop (DEAP): a population of descriptions, varied, gated, measured, selected.

An individual is a description's text (a ``str`` subclass made by DEAP's ``creator``, carrying
its fitness; :mod:`ludi.evolve.population`). The operators are registered on a DEAP toolbox
(:class:`Evolution`), and the loop, in one screen (:meth:`Evolution.run`), calls them there:

    population <- seed games + toolbox.mutate of them               (evaluated)
    for each generation:
        parents   <- toolbox.select_parents(population)             (tournament; uniform)
        offspring <- toolbox.mate / toolbox.mutate of the parents   (typed, always valid)
        drop offspring whose canonical hash was evaluated before
        toolbox.map(toolbox.evaluate, the rest)                     (process pool or Dask)
        population <- toolbox.select(population + offspring)       (best mu; NSGA-II; MAP-Elites;
                                                                     random search: any mu)
        hall of fame, logbook (Statistics), run folder, checkpoint

A run folder holds config.json, individuals.parquet (every evaluated description), logbook.parquet,
the hall of fame as .lud files (front.csv too for NSGA-II), plots, and checkpoint.pkl, written
after every generation, from which ``--resume`` continues. Every random choice comes from the
run's seed, through the run's own ``random.Random``.
"""

from __future__ import annotations

import json
import os
import pickle
import platform
import random
import shutil
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from deap import base, tools
from tqdm.auto import tqdm

import ludi
from ludi.agents.compiled import ensure_compiled
from ludi.errors import LudiError
from ludi.evolve.config import resolve
from ludi.evolve.fitness import NOT_VIABLE, descriptor_bins, evaluate, failed
from ludi.evolve.names import named_child
from ludi.evolve.operators import (
    REPAIR_TRIES,
    Counters,
    compiles,
    crossover,
    merge_ends,
    mutate,
    repaired,
)
from ludi.evolve.population import (
    individual,
    new_hall_of_fame,
    sample,
    tournament,
    uniform,
)
from ludi.evolve.workers import make_map
from ludi.lang import Node, load_description, parse
from ludi.progress import ticking


@dataclass
class RunState:
    """Everything a checkpoint holds to continue a run exactly."""

    generation: int = 0
    population: list[str] = field(default_factory=list)
    archive: dict[str, dict] = field(default_factory=dict)  # hash -> evaluated record
    elites: dict[tuple, str] = field(default_factory=dict)  # MAP-Elites: cell -> hash
    logbook: tools.Logbook = field(default_factory=tools.Logbook)
    rng_state: object = None
    counters: Counters = field(default_factory=Counters)
    #: a GameHallOfFame, or a GameFront for NSGA-II (None in runs of older versions)
    hall_of_fame: tools.HallOfFame | None = None

    def __repr__(self) -> str:
        """One line: how far the run got and its best, not the thousands of records it holds
        (``ludi.evolve.report`` and the run folder's tables show those)."""
        passed = [r for r in self.archive.values() if r.get("gate") == "ok" and
                  r.get("objectives")]
        best = max((r["objectives"][0] for r in passed), default=float("nan"))
        fame = len(self.hall_of_fame) if self.hall_of_fame is not None else 0
        return (f"<RunState: generation {self.generation}, {len(self.archive)} evaluated, "
                f"{len(passed)} passed the gates, best {best:.3f}, hall of fame {fame}>")


def _share(records: list[dict], test) -> float:
    """The share of ``records`` that pass ``test`` (NaN when there are none)."""
    return sum(map(test, records)) / len(records) if records else float("nan")


def _logbook(records: list[dict]) -> tools.Logbook:
    book = tools.Logbook()
    book.extend(records)
    return book


def _seed_texts(config: dict) -> list[str]:
    texts = []
    for name in config["seeds"]:
        path = Path(name)
        files = sorted(path.glob("*.lud")) if path.is_dir() else [name]
        if not files:
            raise LudiError(f"seed folder {path} holds no .lud files", file=str(path))
        for f in files:
            texts.append(load_description(f).to_text())
    return texts


class Evolution:
    """One run: its configuration, folder, state and DEAP toolbox.

    The toolbox holds the run's operators, as DEAP users expect: ``evaluate`` and ``map``
    (gates and measures of a description, on a process pool or Dask), ``mate`` and ``mutate``
    (typed crossover and mutation of ludeme trees), ``select_parents`` (tournament, or uniform
    for NSGA-II and MAP-Elites) and ``select`` (the survivors of the mode). The operators that
    draw random numbers draw them from ``self.rng``, restored from the checkpoint on a resume."""

    def __init__(self, config: dict, out: Path, *, state: RunState | None = None,
                 workers: int = 1, dask=None, progress: bool = True,
                 on_generation: Callable | None = None):
        self.config = config
        self.out = out
        self.progress = progress
        self.on_generation = on_generation
        self.state = state or RunState()
        if self.state.hall_of_fame is None:  # a new run, or a checkpoint of an older ludi
            self.state.hall_of_fame = new_hall_of_fame(config, self.state.archive)
        if not isinstance(self.state.logbook, tools.Logbook):  # an older ludi kept a list
            self.state.logbook = _logbook(self.state.logbook)
        self.rng = random.Random()
        ensure_compiled(progress=progress)  # once, here, before any worker starts
        self.map, self.close = make_map(workers, dask)
        self.toolbox = base.Toolbox()
        tb, mode = self.toolbox, config["mode"]
        tb.register("map", self.map)
        tb.register("evaluate", evaluate, config=config)
        tb.register("mate", crossover, rng=self.rng, counters=self.state.counters)
        tb.register("merge", merge_ends, rng=self.rng, counters=self.state.counters)
        tb.register("mutate", mutate, rng=self.rng, counters=self.state.counters)
        if mode == "ludi":  # tournaments, then elitist (mu + lambda)
            tb.register("select_parents", tournament, rng=self.rng, tournsize=3)
            tb.register("select", tools.selBest)
        elif mode == "random":  # random search: the same variation, no selection at all
            tb.register("select_parents", uniform, rng=self.rng)
            tb.register("select", sample, rng=self.rng)
        else:
            tb.register("select_parents", uniform, rng=self.rng)
            tb.register("select", tools.selNSGA2 if mode == "nsga2" else self.select_elites)
        self.stats = tools.Statistics(key=lambda ind: ind.fitness.values[0])
        for name, fn in (("best", np.max), ("mean", np.mean), ("min", np.min)):
            self.stats.register(name, fn)

    # ------------------------------------------------------------ evaluation
    def evaluate_all(self, texts: list[str], generation: int, origin: dict[str, dict]) -> None:
        """Evaluate the texts whose canonical hash is not in the archive yet (no description is
        evaluated twice in a run); record them in the archive and the hall of fame."""
        todo: dict[str, str] = {}
        for text in texts:
            h = parse(text).hash
            if h not in self.state.archive:
                todo.setdefault(h, text)
        bar = tqdm(total=len(todo), desc=f"generation {generation}", unit="game",
                   leave=False, disable=not self.progress)
        with ticking(bar):
            results = []
            for result in self.toolbox.map(self.toolbox.evaluate, list(todo.values())):
                results.append(result)
                bar.update()
        passed = []
        for (h, text), result in zip(todo.items(), results, strict=True):
            meta = origin.get(text, {})
            record = self.state.archive[h] = {
                "hash": h, "generation": generation,
                "parents": meta.get("parents", []), "operator": meta.get("operator", "seed"),
                "text": text, "gate": result["gate"], "error": result.get("error", ""),
                "objectives": result["objectives"] or failed(self.config),
                "measures": result["measures"], "seconds": result["seconds"]}
            if record["gate"] == "ok":
                passed.append(individual(text, record["objectives"]))
        self.state.hall_of_fame.update(passed)

    def fitness_of(self, text: str) -> list[float]:
        return self.state.archive[parse(text).hash]["objectives"]

    def individuals(self, texts: list[str]) -> list[str]:
        """DEAP individuals of the distinct texts, with their fitness from the archive."""
        return [individual(t, self.fitness_of(t)) for t in dict.fromkeys(texts)]

    # ------------------------------------------------------------ selection
    def select_elites(self, individuals: list[str], k: int) -> list[str]:
        """MAP-Elites: file each candidate that passed in its cell when it beats the cell's
        elite; the survivors are the elites (the best ``k`` while there are none)."""
        for ind in individuals:
            record = self.state.archive[parse(ind).hash]
            if record["gate"] != "ok":
                continue
            cell = descriptor_bins(record["measures"], self.config)
            best = self.state.elites.get(cell)
            if best is None or self.state.archive[best]["objectives"][0] < \
                    record["objectives"][0]:
                self.state.elites[cell] = record["hash"]
        elites = [self.state.archive[h]["text"] for h in sorted(self.state.elites.values())]
        return elites or tools.selBest(individuals, k)

    def survivors(self, texts: list[str]) -> list[str]:
        inds = self.individuals(texts)
        return [str(i) for i in self.toolbox.select(inds, min(int(self.config["population"]),
                                                                len(inds)))]

    # ------------------------------------------------------------ variation
    def vary(self, parents: list[str]) -> tuple[list[str], dict]:
        """Pairs of parents, crossed over with probability ``crossover`` (a share ``merge_ends``
        of those crossovers merge the parents' end rules, the rest swap subtrees) and each child
        mutated with probability ``mutation`` (always, when it was not crossed over). A child
        that does not compile is made again from its parents, up to ``REPAIR_TRIES`` times. A
        child that is a new game gets a name of its own (:mod:`ludi.evolve.names`)."""
        offspring, origin = [], {}
        tb, rng, counters = self.toolbox, self.rng, self.state.counters
        cx, mut = float(self.config["crossover"]), float(self.config["mutation"])
        merge = float(self.config["merge_ends"])
        for i in range(0, len(parents) - 1, 2):
            a, b = parse(parents[i]).tree, parse(parents[i + 1]).tree
            ha, hb = parse(parents[i]).hash, parse(parents[i + 1]).hash
            kids: list = [None, None]
            for attempt in range(REPAIR_TRIES):
                pair, ops = (a, b), ["", ""]
                if rng.random() < cx:
                    if merge and rng.random() < merge:  # no draw at 0: older runs replay
                        pair, ops = tb.merge(a, b), ["merge", "merge"]
                    else:
                        pair, ops = tb.mate(a, b), ["crossover", "crossover"]
                for k in range(2):
                    if kids[k] is not None:
                        continue
                    tree, op = pair[k], ops[k]
                    if rng.random() < mut or not op:
                        tree = tb.mutate(tree)
                        op = (op + "+mutation") if op else "mutation"
                    ok = compiles(tree)
                    if ok or attempt == REPAIR_TRIES - 1:
                        kids[k] = (tree, op)
                        counters.repaired += attempt > 0 and ok
                        counters.unrepaired += not ok
                if kids[0] is not None and kids[1] is not None:
                    break
            for tree, op in kids:
                text = named_child(tree, parents[i:i + 2]).to_text()
                offspring.append(text)
                origin[text] = {"parents": [ha, hb], "operator": op}
        return offspring, origin

    # ------------------------------------------------------------ the loop
    def run(self, generations: int) -> RunState:
        st, tb, rng = self.state, self.toolbox, self.rng
        if st.rng_state is None:  # a new run: the seed games and mutants of them
            rng.seed(int(self.config["seed"]))
            seeds = _seed_texts(self.config)
            origin = {t: {"operator": "seed"} for t in seeds}
            pop = list(seeds)
            chosen: list[str] = []  # the seed of the latest mutant

            def mutant() -> Node:
                chosen[:] = [rng.choice(seeds)]
                return named_child(tb.mutate(parse(chosen[0]).tree), chosen)

            while len(pop) < int(self.config["population"]):
                text = repaired(mutant, st.counters).to_text()
                origin.setdefault(text, {"operator": "mutation of a seed",
                                         "parents": [parse(chosen[0]).hash]})
                pop.append(text)
            self.evaluate_all(pop, 0, origin)
            st.population = self.survivors(pop)
            self.log(0)
            st.rng_state = rng.getstate()
            self.save()
        rng.setstate(st.rng_state)
        bar = tqdm(total=generations, initial=st.generation, desc="evolve", unit="gen",
                   disable=not self.progress)
        lam = int(self.config["offspring"])
        while st.generation < generations:
            gen = st.generation + 1
            parents = tb.select_parents(self.individuals(st.population), lam + lam % 2)
            offspring, origin = self.vary(parents)
            self.evaluate_all(offspring, gen, origin)
            st.population = self.survivors(st.population + offspring)
            st.generation = gen
            st.rng_state = rng.getstate()
            self.log(gen)
            self.save()
            if self.on_generation is not None:
                self.on_generation(gen, st)
            bar.update()
            bar.set_postfix(evaluated=len(st.archive), best=f"{st.logbook[-1]['best']:.3f}")
        bar.close()
        self.close()
        return st

    def log(self, gen: int) -> None:
        """The generation's line of the logbook: the population's first objective (best, mean,
        min) and how the generation's evaluations went."""
        st = self.state
        new = [r for r in st.archive.values() if r["generation"] == gen]
        stats = self.stats.compile(self.individuals(st.population))
        st.logbook.record(generation=gen, evaluated=len(st.archive), new=len(new),
                          **{k: float(v) for k, v in stats.items()},
                          passed=sum(r["gate"] == "ok" for r in new),
                          compiled=_share(new, lambda r: r["gate"] != "compile"),
                          viable=_share(new, lambda r: r["gate"] not in NOT_VIABLE),
                          repaired=st.counters.repaired, unrepaired=st.counters.unrepaired,
                          invalid_offspring=st.counters.invalid, elites=len(st.elites))

    # ------------------------------------------------------------ the run folder
    def save(self) -> None:
        from ludi.evolve.report import write_outputs

        self.out.mkdir(parents=True, exist_ok=True)
        write_outputs(self.out, self.state, self.config, plots=False)
        tmp = self.out / "checkpoint.pkl.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(self.state, f)
        os.replace(tmp, self.out / "checkpoint.pkl")


#: What a run writes in its folder (``--force`` removes these, and nothing else).
RUN_FILES = ("checkpoint.pkl", "checkpoint.pkl.tmp", "config.json", "individuals.parquet",
             "logbook.parquet", "front.csv", "front.png", "fitness.png", "measures.png",
             "descriptors.png", "hall_of_fame")


def _describe_run(out: Path) -> str:
    """A few words on the run in ``out``: finished, or how far it got."""
    try:
        with open(out / "checkpoint.pkl", "rb") as f:
            done = pickle.load(f).generation
        planned = int(json.loads((out / "config.json").read_text())["config"]["generations"])
    except Exception:  # noqa: BLE001 - a partial folder: no details to give
        return "a run"
    return (f"a finished run of {planned} generations" if done >= planned
            else f"an unfinished run (generation {done} of {planned})")


#: Settings added since runs were first saved, with the value that replays an older run.
ADDED_SETTINGS = {"merge_ends": 0.0}


def saved_config(out: Path) -> dict:
    """The settings the run in ``out`` was started with (an older run's missing settings at the
    value that replays it)."""
    return {**ADDED_SETTINGS, **json.loads((out / "config.json").read_text())["config"]}


def changed_settings(out: Path, config: dict) -> list[str]:
    """The settings of ``config`` that differ from those of the run in ``out`` (its size in
    generations and its workers aside: a resumed run may grow and move)."""
    saved = saved_config(out)
    return sorted(k for k, v in config.items() if k not in ("generations", "workers")
                  and json.loads(json.dumps(v, default=str)) != saved.get(k))


def _check_folder(out: Path, config: dict | None, resume: bool, force: bool) -> None:
    """Refuse to write over a run, and to resume one under other settings."""
    held = (out / "config.json").exists() or (out / "checkpoint.pkl").exists()
    if resume and not (out / "checkpoint.pkl").exists():
        raise LudiError(f"{out} holds no checkpoint to resume; run without --resume to start",
                        file=str(out))
    if held and not resume and not force:
        raise LudiError(f"{out} already holds {_describe_run(out)}; add --resume to continue it, "
                        "--force to replace it, or choose another --out", file=str(out))
    if resume and config:
        differ = changed_settings(out, config)
        if differ:
            raise LudiError(f"{out} holds a run with other settings ({', '.join(differ)}); "
                            "--resume continues it as it was (only --generations may grow): "
                            "drop the changed settings, or start a new run in another folder",
                            file=str(out / "config.json"))
    if held and force and not resume:
        for name in RUN_FILES:
            path = out / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()


def evolve(config: dict | None = None, *, out: str | Path = "runs/evolve", resume: bool = False,
           force: bool = False, workers: int | None = None, dask=None, progress: bool = True,
           on_generation: Callable | None = None) -> RunState:
    """Run (or, with ``resume``, continue) an evolution; returns its final state.
    A folder that holds a run is refused unless ``resume`` (continue it, with its own settings)
    or ``force`` (replace it). ``on_generation(generation, state)`` is called after each
    generation is saved (the state's logbook and population are then up to date)."""
    out = Path(out)
    checkpoint = out / "checkpoint.pkl"
    _check_folder(out, config, resume, force)
    if resume:
        saved = saved_config(out)
        if "time_limit" in saved:
            raise LudiError(f"{out} is a run of an older ludi that judged candidates under a "
                            "wall-clock time limit (and plain UCT as mcts:N); its results cannot "
                            "be continued under today's rules: start a new run in another "
                            "folder", file=str(out / "config.json"))
        config = resolve({**saved, **{k: v for k, v in (config or {}).items()
                                      if k == "generations"}})
    else:
        config = resolve(config or {})
    workers = workers if workers is not None else int(config["workers"])
    state = None
    if resume:
        with open(checkpoint, "rb") as f:
            state = pickle.load(f)
    else:
        out.mkdir(parents=True, exist_ok=True)
        meta = {"config": config, "versions": {
            "ludi": ludi.__version__, "python": platform.python_version(),
            "numpy": np.__version__, "pandas": pd.__version__},
            "started": time.strftime("%Y-%m-%d %H:%M:%S")}
        (out / "config.json").write_text(json.dumps(meta, indent=2, default=str))
    run = Evolution(config, out, state=state, workers=workers, dask=dask, progress=progress,
                    on_generation=on_generation)
    state = run.run(int(config["generations"]))
    from ludi.evolve.report import write_outputs

    write_outputs(out, state, config, plots=True)
    return state
