"""Where candidates are evaluated: this process, a pool of local processes, or a Dask cluster.

Every map yields the results in the order of its items, each as soon as it and those before it
are done, and the same results whatever runs them: a candidate's randomness comes from its hash
and the run's seed (:mod:`ludi.evolve.fitness`), and its budget is counted in work. A worker that
dies (killed by the system, out of memory, a crash) loses nothing: the items whose results had
not come back run again on fresh workers, and an item that kills its worker twice gets the
``lost`` result (gate ``error``) instead of stopping the run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ludi.errors import LudiError

#: How many times an item may kill its worker before it is given up as lost.
DEATHS = 2


def lost(item) -> dict:
    """The evaluation of a candidate whose worker died every time it ran."""
    return {"gate": "error", "error": f"its worker process died {DEATHS} times evaluating it",
            "objectives": None, "measures": {}, "seconds": 0.0}


class WorkerPool:
    """A local process pool whose map survives a worker's death (see the module doc)."""

    def __init__(self, workers: int, on_lost: Callable = lost):
        self.workers = workers
        self.on_lost = on_lost
        self.pool = ProcessPoolExecutor(max_workers=workers)
        #: how many times a worker died and the pool was started again
        self.restarts = 0

    def map(self, fn: Callable, items: Iterable) -> Iterator:
        items = list(items)
        done = 0
        deaths: dict[int, int] = {}
        while done < len(items):
            try:
                for result in self.pool.map(fn, items[done:]):
                    done += 1
                    yield result
            except BrokenProcessPool:
                # the first item not back was running (or waiting) when a worker died: run it
                # and the rest again on a fresh pool
                self.pool.shutdown(wait=False, cancel_futures=True)
                self.pool = ProcessPoolExecutor(max_workers=self.workers)
                self.restarts += 1
                deaths[done] = deaths.get(done, 0) + 1
                if deaths[done] >= DEATHS:
                    done += 1
                    yield self.on_lost(items[done - 1])

    def shutdown(self) -> None:
        self.pool.shutdown()


def make_map(workers: int, dask=None, on_lost: Callable = lost):
    """The evaluation map: Dask (``dask`` is a scheduler address or a Client), a process pool, or
    the plain built-in map for one worker. Returns (map function, closer)."""
    if dask is not None:
        client = dask if not isinstance(dask, str) else connect_dask(dask)
        from distributed import KilledWorker

        def dask_map(fn, items):
            items = list(items)
            # Dask runs a task again elsewhere when its worker dies; past its allowed failures
            # (3 by default) the task is given up
            for item, future in zip(items, client.map(fn, items, pure=False), strict=True):
                try:
                    yield future.result()
                except KilledWorker:
                    yield on_lost(item)

        return dask_map, client.close if isinstance(dask, str) else (lambda: None)
    if workers > 1:
        pool = WorkerPool(workers, on_lost)
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
