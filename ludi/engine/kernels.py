"""The compiled kernels' entry points, as Python calls them.

The kernels live in four modules: ``core`` (random numbers, players, groups, pieces, results,
position history), ``conditions`` (the condition and integer VM), ``moves`` (move generation,
effects such as sowing, applying moves, end checks, playouts) and ``sowing`` (the fast path for
the usual mancala turn). This module gathers what the
Python side uses and guards numba's disk cache against a stale layout.
"""

from __future__ import annotations

import hashlib
from pathlib import Path


def _drop_stale_cache() -> None:
    """numba's cache notices edits to a kernel's own file, not to the functions it inlines from
    other files or the constants it imports from ``ludi.compile.layout``; drop every cached
    kernel when any of these sources has changed."""
    here = Path(__file__).resolve().parent
    sources = [here.parent / "compile" / "layout.py"] + [
        here / f"{name}.py" for name in ("core", "conditions", "moves", "sowing")]
    cache = here / "__pycache__"
    try:
        digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)).hexdigest()[:16]
        marker = cache / "kernels.stamp"
        if marker.exists() and marker.read_text() == digest:
            return
        cache.mkdir(exist_ok=True)
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink()
        marker.write_text(digest)
    except OSError:  # a read-only install: its cache was built from its own sources
        pass


_drop_stale_cache()

from ludi.engine.core import (  # noqa: E402
    max_moves,
    place,
    player_of,
    remove,
    rng_below,
    rng_seed,
    w_chains,
    work_size,
)
from ludi.engine.moves import (  # noqa: E402
    apply_move,
    end_if_stuck,
    generate,
    playout,
    playouts,
    random_move,
)

__all__ = ["apply_move", "end_if_stuck", "generate", "max_moves", "place", "player_of",
           "playout", "playouts", "random_move", "remove", "rng_below", "rng_seed",
           "w_chains", "work_size"]
