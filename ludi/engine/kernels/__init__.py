"""The compiled kernels: numba functions over the flat arrays of :mod:`ludi.compile.layout`.

By concern, each module building only on those above it:

- ``core``: decorators, the error channel, the work array, random numbers, players
- ``packing``: a sowing board's counts as the fields of two words
- ``pieces``, ``results``, ``history``: placing and removing pieces and groups; ranks and the end
  of a game; the position history
- ``conditions``: the condition VM and the end clauses
- ``chains``, ``sowing``: hops and capture series; the sowing fast path
- ``effects``: what a move changes by itself (its effects, sowing)
- ``generate``: the move program and its generators
- ``ends``: end checks; ``turns``: the whole sowing turn; ``packed``: random sowing turns on
  packed houses
- ``apply``: a whole move; ``legal``: the legal moves (the longest turns of ``(max Moves …)``,
  a player without a move); ``playouts``: random games

This package gathers what the Python side calls and guards numba's disk cache against stale code.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def cache_root(package: Path | None = None) -> Path:
    """Where numba caches the kernels of ``package`` (this one by default): its
    ``__pycache__``, or the ``NUMBA_CACHE_DIR`` folder when that is set."""
    if os.environ.get("NUMBA_CACHE_DIR"):
        return Path(os.environ["NUMBA_CACHE_DIR"])
    return (package or Path(__file__).resolve().parent) / "__pycache__"


def drop_stale_cache(modules: list[Path], depends_on: list[Path]) -> None:
    """numba's cache notices edits to a kernel's own file, not to the functions it inlines from
    other files or the constants it imports: drop the cached kernels of ``modules`` when any of
    them or of the files they depend on changed. The cache is the modules' ``__pycache__``, or
    the ``NUMBA_CACHE_DIR`` folder when that is set."""
    root = cache_root(modules[0].parent)
    try:
        text = b"".join(p.read_bytes() for p in modules + depends_on)
        digest = hashlib.sha256(text).hexdigest()[:16]
        marker = root / f"ludi-{modules[0].parent.name}.stamp"
        if marker.exists() and marker.read_text() == digest:
            return
        root.mkdir(parents=True, exist_ok=True)
        stems = {p.stem for p in modules}
        for f in list(root.rglob("*.nbi")) + list(root.rglob("*.nbc")):
            if f.name.split(".", 1)[0] in stems:
                f.unlink()
        marker.write_text(digest)
    except OSError:  # a read-only install: its cache was built from its own sources
        pass


_HERE = Path(__file__).resolve().parent
#: The kernel sources: every module of this package and the layout they read (its numbers are
#: allocated by the schema's decorators).
SOURCES = sorted(_HERE.glob("*.py")) + [_HERE.parents[1] / "compile" / n
                                        for n in ("layout.py", "schema.py")]
drop_stale_cache(sorted(_HERE.glob("*.py")), SOURCES)

from ludi.engine.kernels.apply import apply_move  # noqa: E402
from ludi.engine.kernels.conditions import evaluate  # noqa: E402
from ludi.engine.kernels.core import player_of, rng_seed, seed_chance  # noqa: E402
from ludi.engine.kernels.generate import generate  # noqa: E402
from ludi.engine.kernels.legal import end_if_stuck, legal_moves  # noqa: E402
from ludi.engine.kernels.pieces import place, place_piece, remove  # noqa: E402
from ludi.engine.kernels.playouts import (  # noqa: E402
    playout,
    playouts,
    random_move,
    recorded_playout,
)

__all__ = ["SOURCES", "apply_move", "cache_root", "drop_stale_cache", "end_if_stuck", "evaluate",
           "generate", "legal_moves", "place", "place_piece", "player_of", "playout", "playouts",
           "random_move", "recorded_playout", "remove", "rng_seed", "seed_chance"]
