"""The DEAP parts of a run: individuals, parent selection from the run's own random generator, and
a hall of fame that holds each game once.

An individual is a description's text (a ``str`` made by DEAP's ``creator``) with a fitness of
one value per objective. Creator classes live in ``deap.creator``, which a fresh process (a
resumed run, ``ludi report``) has not filled yet, so individuals and fitnesses pickle as the call
that makes them again: a checkpoint's hall of fame loads anywhere.

DEAP's selectors draw from the global ``random`` module; the parent selections here take the
run's ``random.Random`` instead, so every choice of a run follows from its seed and nothing
reseeds the global module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter

from deap import base, creator, tools

from ludi.compile.lint import pruned_hash

#: Games the hall of fame keeps in ludi and MAP-Elites modes (NSGA-II keeps its whole front).
HALL_OF_FAME = 10


def _classes(n: int) -> tuple[type, type]:
    """The fitness and individual classes of ``n`` objectives (made once, maximised)."""
    name = f"LudiIndividual{n}"
    if not hasattr(creator, name):
        creator.create(f"LudiFitness{n}", base.Fitness, weights=(1.0,) * n,
                       __reduce__=lambda f: (fitness, (tuple(f.values),)))
        creator.create(name, str, fitness=getattr(creator, f"LudiFitness{n}"),
                       __reduce__=lambda ind: (individual, (str(ind), tuple(ind.fitness.values))))
    return getattr(creator, f"LudiFitness{n}"), getattr(creator, name)


def fitness(values: Sequence[float]) -> base.Fitness:
    """A fitness holding ``values`` (one per objective)."""
    fit = _classes(len(values))[0]()
    fit.values = tuple(values)
    return fit


def individual(text: str, values: Sequence[float]) -> str:
    """The DEAP individual of a description's text with its fitness ``values``."""
    ind = _classes(len(values))[1](text)
    ind.fitness.values = tuple(values)
    return ind


# ---------------------------------------------------------------- parent selection


def tournament(individuals: list, k: int, rng: random.Random, tournsize: int = 3) -> list:
    """``k`` winners of tournaments among ``tournsize`` individuals drawn with ``rng`` (DEAP's
    ``selTournament``, without the global random module)."""
    return [max((rng.choice(individuals) for _ in range(tournsize)), key=attrgetter("fitness"))
            for _ in range(k)]


def uniform(individuals: list, k: int, rng: random.Random) -> list:
    """``k`` individuals drawn uniformly with ``rng`` (NSGA-II and MAP-Elites pick parents
    from what selection kept)."""
    return [rng.choice(individuals) for _ in range(k)]


def sample(individuals: list, k: int, rng: random.Random) -> list:
    """``k`` distinct individuals drawn uniformly with ``rng``: the survivors of random search
    (variation without selection, the baseline search is compared with)."""
    return rng.sample(individuals, min(k, len(individuals)))


# ---------------------------------------------------------------- hall of fame


@lru_cache(maxsize=1 << 14)
def game_hash(text: str) -> str:
    """The hash of the game a description is, without its dead rules
    (:func:`ludi.compile.lint.pruned_hash`)."""
    return pruned_hash(text)


def same_game(a: str, b: str) -> bool:
    """Whether two descriptions are one game once their dead rules are removed."""
    return game_hash(str(a)) == game_hash(str(b))


class GameHallOfFame(tools.HallOfFame):
    """DEAP's hall of fame of the best ``maxsize``, where a game appears once: of two
    evaluations of one game (descriptions that differ by dead rules), the better stays."""

    def __init__(self, maxsize: int = HALL_OF_FAME):
        super().__init__(maxsize, similar=same_game)

    def update(self, population) -> None:
        for ind in population:
            twin = next((i for i, h in enumerate(self) if self.similar(ind, h)), None)
            if twin is not None:
                if not ind.fitness > self[twin].fitness:
                    continue
                self.remove(twin)
            super().update([ind])


class GameFront(tools.ParetoFront):
    """DEAP's Pareto front, where a game appears once: a later evaluation of a game that is on
    the front takes its place only when it dominates it."""

    def __init__(self):
        super().__init__(similar=same_game)

    def update(self, population) -> None:
        for ind in population:
            twin = next((h for h in self if self.similar(ind, h)), None)
            if twin is None or ind.fitness.dominates(twin.fitness):
                super().update([ind])


def new_hall_of_fame(config: dict, archive: dict | None = None) -> tools.HallOfFame:
    """The run's hall of fame (the Pareto front for NSGA-II, the best games otherwise), holding
    the candidates of ``archive`` that passed the gates, in the order they were evaluated: what
    updating it generation by generation gives (so a checkpoint of an older ludi, which had
    none, gets the one its run would have built)."""
    fame = GameFront() if config["mode"] == "nsga2" else GameHallOfFame()
    fame.update([individual(r["text"], r["objectives"]) for r in (archive or {}).values()
                 if r["gate"] == "ok"])
    return fame
