"""Compiling once: ``ensure_compiled`` covers every kernel every game needs (so worker processes
never compile), tells the user the first time, and its progress keeps ticking."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time

import pytest

from ludi.agents import compiled
from ludi.progress import ticking

COVERAGE = textwrap.dedent("""
    import sys
    from numba.core.registry import CPUDispatcher
    import ludi
    from ludi.agents import make_agent
    from ludi.agents.compiled import ensure_compiled

    def signatures():
        out = set()
        for name, module in list(sys.modules.items()):
            if name.startswith("ludi."):
                for obj in vars(module).values():
                    if isinstance(obj, CPUDispatcher):
                        out |= {(obj.py_func.__qualname__, str(s)) for s in obj.signatures}
        return out

    ensure_compiled(progress=False)
    before = signatures()
    for name, options in [("oware", None), ("havannah", None), ("playwin", None),
                          ("yavalath", {"Players": "3"}), ("hex", None), ("gomoku", None)]:
        game = ludi.load(name, options=options)
        state = game.initial_state()
        for _ in range(3):
            state.apply(state.legal_moves()[0])
        ludi.random_playouts(game, 20, seed=1)
        for spec in ("mcts:30", "flat:10", "ab:2"):
            make_agent(spec, 1).choose(state)
        state.is_terminal(), state.returns(), str(state)
    after = signatures()
    print(" ".join(sorted({name for name, _ in before})))
    for name, sig in sorted(after - before):
        print("NEW", name, sig)
""")


def test_compiling_one_game_compiles_every_game():
    r = subprocess.run([sys.executable, "-c", COVERAGE], capture_output=True, text=True,
                       timeout=900)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split("\n")
    # the entry points (what they call is compiled, or loaded, with them)
    assert {"end_if_stuck", "apply_move", "playouts", "mcts", "flat_mc", "alphabeta", "place",
            "remove"} <= set(lines[0].split())
    assert [line for line in lines if line.startswith("NEW")] == []


def test_first_compile_is_announced(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(compiled, "_done", set())
    monkeypatch.setattr(compiled, "_stamp", lambda part: tmp_path / f"{part}.stamp")
    compiled.ensure_compiled("engine")
    err = capsys.readouterr().err
    assert "compiling the engine's kernels (first run only" in err
    assert compiled.ESTIMATE in err
    assert "engine compiled in" in err
    assert (tmp_path / "engine.stamp").exists()
    monkeypatch.setattr(compiled, "_done", set())
    compiled.ensure_compiled("engine")  # stamped: silent
    assert capsys.readouterr().err == ""


def test_progress_keeps_ticking_while_a_step_is_slow():
    class Bar:
        def __init__(self):
            self.refreshes, self.closed = 0, False

        def refresh(self):
            self.refreshes += 1

        def close(self):
            self.closed = True

    bar = Bar()
    with ticking(bar, every=0.05):
        time.sleep(0.5)
    assert bar.refreshes >= 5 and bar.closed
    assert not any(t.name == "ludi-ticker" for t in threading.enumerate())  # stopped


def test_the_bar_moves_with_each_kernel_compiled_and_names_it():
    """numba announces each compile; the bar counts ludi's kernels and shows the one it is on."""
    from numba import njit
    from numba.core import event

    def probe(x):
        return x + 1

    def other(x):
        return x * 2

    class Bar:
        n, total, names = 0, 1, []

        def update(self):
            self.n += 1

        def set_postfix_str(self, text, refresh=True):
            self.names.append(text)

    probe.__module__ = "ludi.probe"  # one of ludi's kernels, as the listener sees it
    bar = Bar()
    listener = compiled._KernelProgress(bar)
    listener.step = "a step"
    with event.install_listener("numba:compile", listener):
        njit(probe)(1)
        njit(other)(1)  # not ludi's: not counted
    assert bar.n == 1 and bar.names == ["a step: probe"]
    assert 50 < compiled._kernel_count() < 174  # the inlined helpers left out


def test_unknown_part_is_refused():
    with pytest.raises(ValueError, match="unknown part"):
        compiled.ensure_compiled("everything")
