"""Simulated participants through the real HTTP interface: 30 participants x 10 pairs over
the 8 games of ``experiments/preference/study.toml``, preferring games by a hidden utility
(the Bradley-Terry model); ``ludi study analyze`` recovers the utilities' order."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ludi.web import Store

STUDY = Path(__file__).resolve().parents[1] / "experiments" / "preference" / "study.toml"


def ludi(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "ludi", *args], capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
def test_simulated_participants_recover_the_hidden_order(tmp_path):
    out = tmp_path / "sim"
    said = ludi("study", "simulate", str(STUDY), "--participants", "30", "--pairs", "10",
                "--opponent", "random", "--out", str(out), "--no-measures", "--boot", "100")
    assert "30 participants, 300 answers" in said and "failed requests: 0" in said
    store = Store(out / "study.sqlite")
    counts = store.counts()
    assert counts["answers"] == 300 and counts["finished"] == 30
    assert counts["matches"] == 600 and store.table("matches")["finished"].notna().all()
    # every move of every game is stored, numbered in order
    moves = store.table("moves")
    assert (moves.groupby("match")["ply"].apply(lambda p: list(p) == list(range(len(p))))).all()
    said = ludi("study", "analyze", str(out / "study.sqlite"), "--no-measures", "--boot", "200",
                "--out", str(tmp_path / "analysis"))
    rho = float(re.search(r"hidden utilities recovered: Spearman (-?[\d.]+)", said).group(1))
    assert rho >= 0.9, said
    report = (tmp_path / "analysis" / "report.md").read_text()
    assert "300 answers from 30 participants" in report and "| 8 |" in report
    assert (tmp_path / "analysis" / "scores.png").stat().st_size > 10_000
