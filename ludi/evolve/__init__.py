"""Evolving games with DEAP: typed variation of ludeme trees, gates and measures as fitness
(LUDI weighted sum, NSGA-II, MAP-Elites), a process pool or Dask, resumable run folders."""

from ludi.evolve.config import DEFAULTS, load_toml, resolve
from ludi.evolve.fitness import evaluate
from ludi.evolve.operators import Counters, crossover, mutate
from ludi.evolve.report import load_run, report
from ludi.evolve.run import Evolution, RunState, evolve

__all__ = ["DEFAULTS", "Counters", "Evolution", "RunState", "crossover", "evaluate", "evolve",
           "load_run", "load_toml", "mutate", "report", "resolve"]
