"""Evolution from Ludii's library (``ludi experiment library``): the concept space games are
filed by, the library and its held-out seeds, and the MAP-Elites archive the smoke run keeps."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from ludi.errors import LudiError
from ludi.evolve.benchmark import BENCHMARK
from ludi.evolve.concepts import ConceptSpace, distance, ludemes, nearest
from ludi.experiments import load
from ludi.experiments.library import (
    LIBRARY,
    concept_space,
    descriptors,
    grid,
    library,
    library_snapshot,
    median_interval,
    take_library,
)
from ludi.lang import load_description
from ludi.ludii.report import PAGE, agreeing_files

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ["tictactoe", "gomoku", "hex", "yavalath", "oware", "playwin", "havannah"]


def test_ludemes_say_how_a_game_moves_captures_and_ends():
    oware, hex_ = ludemes(load_description("oware")), ludemes(load_description("hex"))
    assert "effect_sow" in oware and "moves_add" in hex_ and "cond_is_connected" in hex_
    assert not {"game", "rules", "end"} & oware  # structure every game has says nothing
    assert distance(oware, oware) == 0.0 and distance(oware, frozenset()) == 1.0
    assert 0 < distance(hex_, ludemes(load_description("yavalath"))) < 1
    assert distance(hex_, oware) == distance(oware, hex_)
    games = [ludemes(load_description(n)) for n in SHIPPED]
    assert nearest(games[4], games) == (0.0, 4)
    assert nearest(games[1], games) == (0.0, 0)  # Gomoku uses what Tic-Tac-Toe uses: first tie


def test_the_concept_space_is_a_deterministic_pca():
    games = [ludemes(load_description(n)) for n in SHIPPED]
    space = ConceptSpace.fit(games)
    again = ConceptSpace.fit(list(reversed(games)))
    assert np.allclose(space.axes, again.axes) and np.allclose(space.mean, again.mean)
    assert np.allclose(np.linalg.norm(space.axes, axis=1), 1.0)
    assert abs(float(space.axes[0] @ space.axes[1])) < 1e-9
    xy = space.project(games)
    assert np.allclose(xy.mean(axis=0), 0.0)  # centred on the library
    # the first axis spreads the games most: no other unit direction in the plane does better
    assert xy[:, 0].var() >= xy[:, 1].var()
    # ludemes the library never uses move nothing
    assert np.allclose(space.project([games[0] | {"not_a_ludeme"}]), xy[:1])
    assert [name for name, _ in space.loadings(0, 2)]


def test_the_library_is_the_coverage_page_at_its_commit_and_its_seeds_are_held_out(tmp_path):
    """The study's library is a snapshot of the coverage page's agreeing files: exactly the
    page's list at the commit it names, every file still agreeing on today's page."""
    settings = load("library").settings("full")
    files = library()
    commit, listed = library_snapshot(ROOT / LIBRARY)
    assert files == listed and len(files) > 200
    then = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{PAGE}"],
                          capture_output=True, text=True, check=True).stdout
    (tmp_path / "page.md").write_text(then, encoding="utf-8")
    assert files == agreeing_files(tmp_path / "page.md")
    lost = set(files) - set(agreeing_files(ROOT / PAGE))
    assert not lost, (f"{sorted(lost)} no longer agree with Ludii: write the library anew "
                      "(python -m ludi.experiments.library) and rerun the library and atlas "
                      "studies")
    seeds = settings["seed_games"]
    assert len(seeds) == len(set(seeds)) == 14 and set(seeds) <= set(files)
    benchmark = tomllib.loads(BENCHMARK.read_text(encoding="utf-8"))
    ludii = {e.get("ludii") for kind in ("good", "degenerate") for e in benchmark.get(kind, [])}
    assert not set(seeds) & ludii  # never an entry the fitness was judged on
    with pytest.raises(LudiError, match="run `ludi ludii`"):
        agreeing_files(tmp_path / "missing.md")


def test_taking_the_library_writes_the_pages_list_with_its_commit(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # (git and the page's path are read from the checkout)
    out = tmp_path / "library.txt"
    assert take_library(out) == len(agreeing_files(ROOT / PAGE))
    commit, files = library_snapshot(out)
    assert files == agreeing_files(ROOT / PAGE)
    last = subprocess.run(["git", "log", "-1", "--format=%H", "--", PAGE],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert commit == last
    # the page as an earlier commit had it: the library list's own commit gives its list
    pinned, listed = library_snapshot(ROOT / LIBRARY)
    take_library(out, commit=pinned[:10])
    assert library_snapshot(out) == (pinned, listed)
    with pytest.raises(LudiError, match="git rev-parse"):
        take_library(out, commit="not-a-commit")
    out.write_text("# a list with no commit\nhunt/Adugo.lud\n", encoding="utf-8")
    with pytest.raises(LudiError, match="names no commit"):
        library_snapshot(out)
    with pytest.raises(LudiError, match="no library list"):
        library_snapshot(tmp_path / "missing.txt")


def test_the_grid_spans_the_library():
    settings = load("library").settings("smoke")
    space, sets, _ = concept_space(settings)
    cells = grid(settings, space, sets)
    xy = space.project(sets)
    for axis in (0, 1):
        lo, hi = cells["ranges"][axis]
        assert lo < xy[:, axis].min() and xy[:, axis].max() < hi
    text = load_description("tictactoe").to_text()
    assert descriptors(space, text, {"duration": 100.0})[2] == pytest.approx(2.0)


def test_median_interval_holds_the_median():
    median, lo, hi, coverage = median_interval(np.arange(1, 42))
    assert median == 21 and lo < 21 < hi and lo >= 13 and hi <= 29 and coverage >= 0.95
    assert median_interval([1, 2, 3])[1:] == (1, 3, 0.75)  # three values: the range, 75%


def test_the_archive_keeps_the_best_candidate_of_each_cell(smoke_results):
    folder = smoke_results / "library"
    table = pd.read_parquet(folder / "evaluated.parquet")
    runs = pd.read_parquet(folder / "runs.parquet")
    settings = load("library").settings("smoke")
    space, sets, _ = concept_space(settings)
    cells = grid(settings, space, sets)
    passed = table[table["gate"] == "ok"].copy()
    index = []
    for r in passed.itertuples():
        point = (r.rules_x, r.rules_y, r.play)
        index.append(tuple(int(np.clip((v - lo) / (hi - lo) * n, 0, n - 1))
                           for v, (lo, hi), n in zip(point, cells["ranges"], cells["dims"],
                                                     strict=True)))
    passed["cell"] = index
    for run, part in passed.groupby("run"):
        elites = part[part["elite"]]
        assert len(elites) == part["cell"].nunique()  # one elite a filled cell
        best = part.groupby("cell")["fitness"].max()
        assert np.allclose(elites.set_index("cell").loc[best.index, "fitness"], best)
        row = runs[runs["run"] == run].iloc[0]
        assert row["elites"] == len(elites)
        assert row["qd_score"] == pytest.approx(elites["fitness"].sum())
        assert row["coverage"] == pytest.approx(len(elites) / np.prod(cells["dims"]))
    assert not table["elite"][table["gate"] != "ok"].any()


def test_end_rules_of_a_game_in_phases():
    from ludi.evolve.report import end_rules
    from ludi.experiments.library import _path

    settings = load("library").settings("full")
    text = load_description(_path("space/line/Djara-Badakh.lud", settings)).to_text()
    assert "phases:" in text and end_rules(text) == "(is Line 3) -> Mover Win"
