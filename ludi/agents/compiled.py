"""The kernels compiled once per machine, in one process, before any worker starts.

numba compiles a kernel the first time it is called and keeps it in its disk cache. Left alone,
the first run of a command would sit silent for a minute or more, and a process pool would
compile the same kernels in every worker side by side. :func:`ensure_compiled` compiles (or
loads) every kernel a command needs in the calling process, with a progress bar the first time;
workers forked afterwards inherit them and Dask workers on this machine load them from the cache.

Every kernel takes the same argument types whatever the game, so playing one small game through
each entry point compiles everything every game needs (``tests/test_compiled.py`` checks that
playing other games afterwards compiles nothing more).
"""

from __future__ import annotations

import hashlib
import sys
import time
from pathlib import Path

import numba
from numba.core import event
from numba.core.dispatcher import Dispatcher
from tqdm.auto import tqdm

from ludi.engine import kernels as K
from ludi.engine import load, run_playouts
from ludi.engine.playouts import recorded_random_game
from ludi.errors import UsageError
from ludi.progress import ticking

#: What a command may need: the engine's kernels (moves, playouts) and the searches on top.
PARTS = ("engine", "search")

_done: set[str] = set()


def _steps(part: str):
    """(name, action) pairs that call every kernel of ``part`` once on a small game."""
    game = load("tictactoe")
    if part == "engine":
        def moves():
            state = game.initial_state()
            state.apply(state.legal_moves()[0])
            state.is_terminal()

        def positions():
            state = game.state_from(board={0: 0, 4: 1})
            s = state._s.copy()
            K.remove(game.tables, s, 4)
            K.place_piece(game.tables, s, 4, 1, 2)  # a start's pieces are placed by type
            state.to_move  # noqa: B018 (reads the player kernel)

        return [("legal moves and moves", moves), ("positions", positions),
                ("random playouts", lambda: run_playouts(game, 1)),
                ("recorded random games", lambda: recorded_random_game(game, 0))]
    from ludi.agents.players import make_agent

    state = game.initial_state()
    return [(name, lambda spec=spec: make_agent(spec, 1).choose(state))
            for name, spec in (("UCT", "mcts:4"), ("flat Monte Carlo", "flat:4"),
                               ("alpha-beta", "ab:1"))]


#: How long the first compile takes (measured from a fresh clone, README "Install").
ESTIMATE = "about 2 minutes (up to 4½ on a slower day)"


def _kernel_count() -> int:
    """How many compiled functions the engine and the searches have (the bar's total): those
    numba inlines into their callers (``tiny``) mostly never compile alone, so they are left
    out (the few that do raise the total as they come)."""
    import ludi.agents.search  # noqa: F401 - its kernels count too

    return len({id(value) for name, module in list(sys.modules.items())
                if name.startswith(("ludi.engine.kernels", "ludi.agents.search"))
                for value in vars(module).values()
                if isinstance(value, Dispatcher) and value.targetoptions.get("inline") != "always"})


class _KernelProgress(event.Listener):
    """Moves the bar as numba compiles each of ludi's kernels, and names the one it is on."""

    def __init__(self, bar: tqdm):
        self.bar = bar
        self.step = ""

    @staticmethod
    def _ours(ev) -> str | None:
        fn = getattr(ev.data.get("dispatcher"), "py_func", None)
        return fn.__name__ if fn is not None and fn.__module__.startswith("ludi.") else None

    def on_start(self, ev) -> None:
        name = self._ours(ev)
        if name:
            self.bar.set_postfix_str(f"{self.step}: {name}", refresh=False)

    def on_end(self, ev) -> None:
        if self._ours(ev):
            self.bar.total = max(self.bar.total, self.bar.n + 1)
            self.bar.update()


def _stamp(part: str) -> Path:
    """The file that records that ``part`` was compiled from these sources with this numba."""
    sources = list(K.SOURCES)
    if part == "search":
        sources.append(Path(__file__).resolve().parent / "search.py")
    digest = hashlib.sha256(b"".join(p.read_bytes() for p in sources)
                            + numba.__version__.encode()).hexdigest()[:16]
    return K.cache_root() / f"ludi-compiled-{part}-{digest}.stamp"


def ensure_compiled(*parts: str, progress: bool = True) -> None:
    """Compile (the first time on this machine) or load every kernel of ``parts`` (default:
    all) in this process. The first time shows "compiling the engine (first run only)" with a
    bar that keeps ticking; later calls in the same process return at once.

    >>> ensure_compiled("engine", progress=False)
    """
    unknown = [p for p in parts if p not in PARTS]
    if unknown:
        raise UsageError(f"unknown part {unknown[0]!r} of the engine; parts: {', '.join(PARTS)}")
    todo = [p for p in (parts or PARTS) if p not in _done]
    if not todo:
        return
    fresh = [p for p in todo if not _stamp(p).exists()]
    steps = [step for p in todo for step in _steps(p)]
    show = progress and bool(fresh)
    if show:
        print(f"compiling the engine's kernels (first run only, then cached for every later "
              f"run; {ESTIMATE} on an idle 2-core machine, longer when it is busy)",
              file=sys.stderr, flush=True)
    bar = tqdm(total=_kernel_count(), desc="compiling kernels", unit="kernel",
               disable=not show, file=sys.stderr,
               bar_format="{desc}: {n}/{total}{postfix} [{elapsed}]")
    t0 = time.perf_counter()
    listener = _KernelProgress(bar)
    with ticking(bar), event.install_listener("numba:compile", listener):
        for name, action in steps:
            listener.step = name
            bar.set_postfix_str(name)
            action()
        bar.total = bar.n  # some kernels are inlined into others, never compiled alone
    for p in todo:
        _done.add(p)
        if p in fresh:
            try:
                stamp = _stamp(p)
                for old in stamp.parent.glob(f"ludi-compiled-{p}-*.stamp"):
                    old.unlink()  # stamps of earlier sources
                stamp.write_text(f"compiled in {time.perf_counter() - t0:.0f} s\n")
            except OSError:  # a read-only cache: numba compiles in memory each time
                pass
    if show:
        print(f"engine compiled in {time.perf_counter() - t0:.0f} s", file=sys.stderr,
              flush=True)


__all__ = ["PARTS", "ensure_compiled"]

