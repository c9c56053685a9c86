"""The evolutionary loop (DEAP): a population of descriptions, varied, gated, measured, selected.

An individual is a description's text (a ``str`` subclass made by DEAP's ``creator``, carrying
its fitness). The loop, in one screen (see :func:`evolve`):

    population <- seed games + mutants                  (evaluated)
    for each generation:
        offspring <- crossover / mutation of selected parents (typed, always valid)
        drop offspring whose canonical hash was evaluated before
        evaluate the rest through the map (process pool or Dask)
        population <- selection (LUDI: elitist (mu + lambda); NSGA-II; MAP-Elites archive)
        log, save the run folder, checkpoint

A run folder holds config.json, individuals.parquet (every evaluated description), logbook.parquet,
the hall of fame as .lud files, plots, and checkpoint.pkl, written after every generation, from
which ``--resume`` continues. Every random choice comes from the run's seed.
"""

from __future__ import annotations

import json
import os
import pickle
import platform
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
from deap import base, creator, tools
from tqdm.auto import tqdm

import ludi
from ludi.agents.compiled import ensure_compiled
from ludi.errors import LudiError
from ludi.evolve.config import resolve
from ludi.evolve.fitness import descriptor_bins, evaluate, failed
from ludi.evolve.operators import Counters, crossover, mutate
from ludi.lang import load_description, parse
from ludi.progress import ticking


def _individual(text: str, config: dict):
    """A DEAP individual for ``text``: a ``str`` with a fitness of as many objectives as the
    mode has (classes made once by DEAP's ``creator``)."""
    n = len(config["objectives"]) if config["mode"] == "nsga2" else 1
    name = f"LudiIndividual{n}"
    if not hasattr(creator, name):
        creator.create(f"LudiFitness{n}", base.Fitness, weights=(1.0,) * n)
        creator.create(name, str, fitness=getattr(creator, f"LudiFitness{n}"))
    return getattr(creator, name)(text)


@dataclass
class RunState:
    """Everything a checkpoint holds to continue a run exactly."""

    generation: int = 0
    population: list[str] = field(default_factory=list)
    archive: dict[str, dict] = field(default_factory=dict)  # hash -> evaluated record
    elites: dict[tuple, str] = field(default_factory=dict)  # MAP-Elites: cell -> hash
    logbook: list[dict] = field(default_factory=list)
    rng_state: object = None
    counters: Counters = field(default_factory=Counters)


def make_map(workers: int, dask: str | None):
    """The evaluation map: Dask (``dask`` is a scheduler address or a Client), a process pool, or
    the plain built-in map for one worker. Returns (map function, closer); the map yields the
    results in order, each as soon as it and those before it are done."""
    if dask is not None:
        client = dask if not isinstance(dask, str) else connect_dask(dask)

        def dask_map(fn, items):
            return (future.result() for future in client.map(fn, items, pure=False))

        return dask_map, client.close if isinstance(dask, str) else (lambda: None)
    if workers > 1:
        pool = ProcessPoolExecutor(max_workers=workers)
        return pool.map, pool.shutdown
    return map, (lambda: None)


def connect_dask(address: str, timeout: float = 10.0):
    """A Dask client of the scheduler at ``address``; a clear error when none answers."""
    from distributed import Client

    print(f"connecting to the Dask scheduler at {address} …", flush=True)
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as e:
        raise LudiError(f"no Dask scheduler answered at {address} within {timeout:g} s "
                        f"({type(e).__name__}: {e}); start one with `dask scheduler` and "
                        "workers with `dask worker ADDRESS`, or leave out --dask to use this "
                        "machine's cores") from None


def _eval_task(args):
    text, config = args
    return evaluate(text, config)


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
    """One run: its configuration, folder, state and DEAP toolbox."""

    def __init__(self, config: dict, out: Path, *, workers: int = 1, dask=None,
                 progress: bool = True, on_generation: Callable | None = None):
        self.config = config
        self.out = out
        self.progress = progress
        self.on_generation = on_generation
        ensure_compiled(progress=progress)  # once, here, before any worker starts
        self.map, self.close = make_map(workers, dask)
        self.toolbox = base.Toolbox()
        self.state = RunState()

    # ------------------------------------------------------------ evaluation
    def evaluate_all(self, texts: list[str], generation: int, origin: dict[str, dict]) -> None:
        """Evaluate the texts whose canonical hash is not in the archive yet (no description is
        evaluated twice in a run); record them in the archive."""
        todo: dict[str, str] = {}
        for text in texts:
            h = parse(text).hash
            if h not in self.state.archive:
                todo.setdefault(h, text)
        bar = tqdm(total=len(todo), desc=f"generation {generation}", unit="game",
                   leave=False, disable=not self.progress)
        with ticking(bar):
            results = []
            for result in self.map(_eval_task, [(t, self.config) for t in todo.values()]):
                results.append(result)
                bar.update()
        for (h, text), result in zip(todo.items(), results, strict=True):
            meta = origin.get(text, {})
            self.state.archive[h] = {
                "hash": h, "generation": generation,
                "parents": meta.get("parents", []), "operator": meta.get("operator", "seed"),
                "text": text, "gate": result["gate"], "error": result.get("error", ""),
                "objectives": result["objectives"] or failed(self.config),
                "measures": result["measures"], "seconds": result["seconds"]}

    def fitness_of(self, text: str) -> list[float]:
        return self.state.archive[parse(text).hash]["objectives"]

    # ------------------------------------------------------------ selection
    def select(self, population: list[str], offspring: list[str], rng: random.Random):
        mu = int(self.config["population"])
        pool = list(dict.fromkeys(population + offspring))
        inds = []
        for text in pool:
            ind = _individual(text, self.config)
            ind.fitness.values = tuple(self.fitness_of(text))
            inds.append(ind)
        mode = self.config["mode"]
        if mode == "nsga2":
            chosen = tools.selNSGA2(inds, min(mu, len(inds)))
        elif mode == "map-elites":
            for ind in inds:
                record = self.state.archive[parse(ind).hash]
                if record["gate"] != "ok":
                    continue
                cell = descriptor_bins(record["measures"], self.config)
                best = self.state.elites.get(cell)
                if best is None or self.state.archive[best]["objectives"][0] < \
                        record["objectives"][0]:
                    self.state.elites[cell] = record["hash"]
            elites = [self.state.archive[h]["text"] for h in sorted(self.state.elites.values())]
            return elites or [str(i) for i in tools.selBest(inds, mu)]
        else:  # ludi: keep the best mu of parents and offspring
            chosen = tools.selBest(inds, min(mu, len(inds)))
        return [str(i) for i in chosen]

    def parents(self, population: list[str], rng: random.Random, k: int) -> list[str]:
        inds = []
        for text in population:
            ind = _individual(text, self.config)
            ind.fitness.values = tuple(self.fitness_of(text))
            inds.append(ind)
        if self.config["mode"] != "ludi" or len(inds) < 2:
            # NSGA-II and MAP-Elites pick parents uniformly from what selection kept
            return [rng.choice(population) for _ in range(k)]
        random.seed(rng.random())  # DEAP's selectors draw from the random module
        return [str(i) for i in tools.selTournament(inds, k, tournsize=3)]

    # ------------------------------------------------------------ variation
    def vary(self, parents: list[str], rng: random.Random) -> tuple[list[str], dict]:
        offspring, origin = [], {}
        counters = self.state.counters
        cx, mut = float(self.config["crossover"]), float(self.config["mutation"])
        for i in range(0, len(parents) - 1, 2):
            a, b = parse(parents[i]).tree, parse(parents[i + 1]).tree
            ha, hb = parse(parents[i]).hash, parse(parents[i + 1]).hash
            ops = ["", ""]
            if rng.random() < cx:
                a, b = crossover(a, b, rng, counters)
                ops = ["crossover", "crossover"]
            kids = []
            for tree, op in ((a, ops[0]), (b, ops[1])):
                if rng.random() < mut or not op:
                    tree = mutate(tree, rng, counters)
                    op = (op + "+mutation") if op else "mutation"
                kids.append((tree, op))
            for tree, op in kids:
                text = tree.to_text()
                offspring.append(text)
                origin[text] = {"parents": [ha, hb], "operator": op}
        return offspring, origin

    # ------------------------------------------------------------ the loop
    def run(self, generations: int) -> RunState:
        st = self.state
        rng = random.Random()
        if st.rng_state is None:  # a new run
            rng.seed(int(self.config["seed"]))
            seeds = _seed_texts(self.config)
            origin = {t: {"operator": "seed"} for t in seeds}
            pop = list(seeds)
            while len(pop) < int(self.config["population"]):
                text = mutate(parse(rng.choice(seeds)).tree, rng, st.counters).to_text()
                origin.setdefault(text, {"operator": "mutation of a seed"})
                pop.append(text)
            self.evaluate_all(pop, 0, origin)
            st.population = self.select(pop, [], rng)
            self.log(0)
            st.rng_state = rng.getstate()
            self.save()
        rng.setstate(st.rng_state)
        bar = tqdm(total=generations, initial=st.generation, desc="evolve", unit="gen",
                   disable=not self.progress)
        while st.generation < generations:
            gen = st.generation + 1
            lam = int(self.config["offspring"])
            parents = self.parents(st.population, rng, lam + lam % 2)
            offspring, origin = self.vary(parents, rng)
            self.evaluate_all(offspring, gen, origin)
            st.population = self.select(st.population, offspring, rng)
            st.generation = gen
            st.rng_state = rng.getstate()
            self.log(gen)
            self.save()
            if self.on_generation is not None:
                self.on_generation(gen, st)
            bar.update()
            best = max((self.fitness_of(t)[0] for t in st.population), default=0.0)
            bar.set_postfix(evaluated=len(st.archive), best=f"{best:.3f}")
        bar.close()
        self.close()
        return st

    def log(self, gen: int) -> None:
        values = np.array([self.fitness_of(t) for t in self.state.population], float)
        gates = pd.Series([r["gate"] for r in self.state.archive.values()
                           if r["generation"] == gen]).value_counts().to_dict()
        self.state.logbook.append({
            "generation": gen, "evaluated": len(self.state.archive),
            "new": sum(1 for r in self.state.archive.values() if r["generation"] == gen),
            "best": float(values[:, 0].max()), "mean": float(values[:, 0].mean()),
            "min": float(values[:, 0].min()), "passed": int(gates.get("ok", 0)),
            "invalid_offspring": self.state.counters.invalid,
            "elites": len(self.state.elites)})

    # ------------------------------------------------------------ the run folder
    def save(self) -> None:
        from ludi.evolve.report import write_outputs

        self.out.mkdir(parents=True, exist_ok=True)
        write_outputs(self.out, self.state, self.config, plots=False)
        tmp = self.out / "checkpoint.pkl.tmp"
        with open(tmp, "wb") as f:
            pickle.dump(self.state, f)
        os.replace(tmp, self.out / "checkpoint.pkl")


def evolve(config: dict | None = None, *, out: str | Path = "runs/evolve", resume: bool = False,
           workers: int | None = None, dask=None, progress: bool = True,
           on_generation: Callable | None = None) -> RunState:
    """Run (or, with ``resume``, continue) an evolution; returns its final state.
    ``on_generation(generation, state)`` is called after each generation is saved (the state's
    logbook and population are then up to date)."""
    out = Path(out)
    checkpoint = out / "checkpoint.pkl"
    if resume and not checkpoint.exists():
        raise LudiError(f"{out} holds no checkpoint to resume; run without --resume to start")
    if resume:
        saved = json.loads((out / "config.json").read_text())
        config = resolve({**saved["config"], **{k: v for k, v in (config or {}).items()
                                                 if k == "generations"}})
    else:
        config = resolve(config or {})
    workers = workers if workers is not None else int(config["workers"])
    run = Evolution(config, out, workers=workers, dask=dask, progress=progress,
                    on_generation=on_generation)
    if resume and checkpoint.exists():
        with open(checkpoint, "rb") as f:
            run.state = pickle.load(f)
    else:
        out.mkdir(parents=True, exist_ok=True)
        meta = {"config": config, "versions": {
            "ludi": ludi.__version__, "python": platform.python_version(),
            "numpy": np.__version__, "pandas": pd.__version__},
            "started": time.strftime("%Y-%m-%d %H:%M:%S")}
        (out / "config.json").write_text(json.dumps(meta, indent=2, default=str))
    state = run.run(int(config["generations"]))
    from ludi.evolve.report import write_outputs

    write_outputs(out, state, config, plots=True)
    return state
