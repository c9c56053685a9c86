"""An installed ludi works outside the checkout: the wheel carries the grammar, the experiments'
settings and the list of Ludii's games the library study reads (ludi/files.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHECK = """
import sys
from pathlib import Path
import ludi, ludi.files
from ludi.cli import main
from ludi.experiments import load, names
site = Path(sys.argv[1])
assert Path(ludi.__file__).is_relative_to(site), ludi.__file__
for rel in ("grammars/ludi.lark", "experiments/demo.toml", "experiments/library-files.txt"):
    assert ludi.files.shipped(rel).is_relative_to(site), rel
assert "yavalath" in names() and load("library").settings("smoke")
from ludi.experiments.library import library
assert len(library()) > 200
game = ludi.parse('(game "G" (players 2) (equipment {(board (square 3)) (piece "M" Each)}) '
                  '(rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) '
                  '(result Mover Win)))))')
assert game.board.num_cells == 9
sys.exit(main(["experiment", "--list"]))
"""


def test_the_wheel_runs_experiments_outside_the_checkout(tmp_path):
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(wheels), str(ROOT)], check=True,
                   capture_output=True, text=True)
    (wheel,) = wheels.glob("ludi-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "ludi/_shipped/experiments/yavalath.toml" in names
    assert "ludi/_shipped/grammars/ludi.lark" in names and "ludi/lang/parser_tables.npz" in names
    site = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target",
                    str(site), str(wheel)], check=True, capture_output=True, text=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = subprocess.run([sys.executable, "-c", CHECK, str(site)], cwd=elsewhere, env=env,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "yavalath" in run.stdout and "library" in run.stdout
