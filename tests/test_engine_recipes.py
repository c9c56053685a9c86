"""docs/engine.md's recipes for adding a ludeme cannot go stale: this test applies their code
blocks, as the page marks them (file, and after or before which line), to a copy of ludi, then
plays the page's toy game, which uses all five toys (a condition, an effect, a state slot, a
region, a generator), against a reference written here, and runs the layout's own checks and
ruff on the copy.

The copy's grammar differs from its shipped parser tables, so it builds its parser with Lark
(minutes); its kernels run as plain Python (``NUMBA_DISABLE_JIT=1``), so nothing is compiled.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "engine.md"
BLOCK = re.compile(r"^( *)<!-- recipe (\w+): (\S+) \| (?:(after|before): (.+?)|end) -->\n"
                   r"\1```\w*\n(.*?)^\1```", re.S | re.M)


def recipes() -> list[tuple[str, str, str | None, str | None, str]]:
    """(recipe, file, where, anchor, code) for every marked block, in the page's order."""
    out = []
    for m in BLOCK.finditer(DOC.read_text()):
        indent = len(m.group(1))
        code = "".join(line[indent:] + "\n" for line in m.group(6).splitlines())
        out.append((m.group(2), m.group(3), m.group(4), m.group(5), code))
    return out


def apply(copy: Path, blocks) -> None:
    for recipe, rel, where, anchor, code in blocks:
        path = copy / rel
        lines = path.read_text().splitlines(keepends=True)
        if where is None:
            lines.append("\n\n" + code)
        else:
            at = next((i for i, line in enumerate(lines) if line.startswith(anchor)), None)
            assert at is not None, f"{recipe}: no line with {anchor!r} in {rel}"
            lines.insert(at + 1 if where == "after" else at, code)
        path.write_text("".join(lines))


PLAY = r"""
import json, sys
import ludi
from ludi.compile import layout as L
from ludi.compile.dump import dump

game = ludi.parse(sys.argv[1])
t = game.tables
rim = [int(t[int(t[L.T.RIM]) + c]) for c in range(game.board.num_cells)]
adjacent = [[int(t[int(t[L.T.NBR]) + c * int(t[L.P.DIRS]) + int(t[int(t[L.T.ADJ]) + i])])
             for i in range(int(t[L.P.NUM_ADJ]))] for c in range(game.board.num_cells)]
state = game.initial_state()
plies = []
while not state.is_terminal():
    board = [state.owner(c) for c in range(game.board.num_cells)]
    lonely = [c for c in range(game.board.num_cells) if board[c] is None
              and all(x < 0 or board[x] is None for x in adjacent[c])]
    moves = [m.to for m in state.legal_moves()]
    mover = state.to_move
    before = int(state._s[L.I.TALLY + mover])
    state.apply(state.legal_moves()[0])
    plies.append({"lonely": lonely[:1], "moves": moves, "mover": mover, "rim": rim[moves[0]],
                  "tally": int(state._s[L.I.TALLY + mover]) - before})
print(json.dumps({"plies": plies, "winner": state.winner, "dump": dump(game.spec)}))
"""


@pytest.mark.slow
def test_the_recipes_add_five_toy_ludemes_that_play(tmp_path):
    blocks = recipes()
    assert {b[0] for b in blocks} == {"condition", "effect", "state", "region", "generator"}
    condition_files = {b[1] for b in blocks if b[0] == "condition"}
    assert len(condition_files) <= 4, condition_files  # a typical condition: four files
    copy = tmp_path / "ludi-copy"
    shutil.copytree(ROOT / "ludi", copy / "ludi",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc", "_shipped"))
    shutil.copytree(ROOT / "grammars", copy / "grammars")
    (copy / "tests").mkdir()
    shutil.copy(ROOT / "tests" / "test_layout.py", copy / "tests")
    apply(copy, blocks)

    lint = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache",
                           "--line-length", "100", "--select", "E,F,W,I,UP,B",
                           "ludi", "tests"], cwd=copy, capture_output=True, text=True)
    assert lint.returncode == 0, lint.stdout[-3000:]

    game = re.search(r"<!-- recipe-game -->\n```\n(.*?)```", DOC.read_text(), re.S).group(1)
    env = {**os.environ, "PYTHONPATH": str(copy), "NUMBA_DISABLE_JIT": "1"}
    run = subprocess.run([sys.executable, "-c", PLAY, game], cwd=copy, env=env,
                         capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0, run.stderr[-3000:]
    played = json.loads(run.stdout)
    plies = played["plies"]
    assert plies, "the toy game had no move"
    for ply in plies:  # Claim: exactly the lowest lonely site; tally: one more for the mover
        assert ply["moves"] == ply["lonely"] and ply["tally"] == 1, ply
    assert [p["rim"] for p in plies] == [1] * (len(plies) - 1) + [0]  # won off the rim
    assert played["winner"] == plies[-1]["mover"]
    for name in ("claim", "tally", "is-rim", "Lonely"):
        assert name in played["dump"], name

    checks = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "tests/test_layout.py"], cwd=copy, env=env, capture_output=True,
                            text=True, timeout=600)
    assert checks.returncode == 0, checks.stdout[-3000:]
