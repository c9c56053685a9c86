"""Ludii's whole board-game library (``shared/ludii/library``) run through ludi, and the tools that
do it: the agreement test against Ludii's own random-play statistics, the construct count and
the coverage page.

The sweep plays every file that loads and compares it with ``random_play.csv``: a game that
plays differently from Ludii, or any Python exception instead of a clear message, fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import LUDII

from ludi.cli import main
from ludi.lang.expand import expand
from ludi.ludii import Sample, disagreements, markdown, read_reference, sweep
from ludi.ludii.constructs import construct_keys, greedy_order, rank_missing
from ludi.ludii.reference import Reference

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"
COVERAGE = Path(__file__).resolve().parents[1] / "docs" / "ludii-coverage.md"
#: Files that played and agreed when this floor was last raised; it only goes up.
AGREEING_FLOOR = 350


def ref(**kw) -> Reference:
    base = dict(playouts=300, moves_mean=20.0, moves_sd=5.0,
                shares={"p1_win": 0.5, "p2_win": 0.5, "draw": 0.0, "limit": 0.0},
                legal_moves_initial=9, rel_path="x.lud", players=2)
    base.update(kw)
    return Reference(**base)


def sample(**kw) -> Sample:
    base = dict(playouts=300, moves_mean=20.0, moves_sd=5.0,
                shares={"p1_win": 0.5, "p2_win": 0.5, "draw": 0.0, "limit": 0.0},
                legal_moves_initial=9)
    base.update(kw)
    return Sample(**base)


def test_agreement_within_sampling_error_and_not_beyond():
    assert disagreements(sample(), ref()) == []
    # 4 combined standard errors (5 * sqrt(2/300) = 0.41) plus half a move: 2.13 moves
    assert disagreements(sample(moves_mean=22.0), ref()) == []
    assert disagreements(sample(moves_mean=22.3), ref())[0].startswith(
        "mean length 22.30 moves, Ludii 20.00")
    # a share 0.5 on 300 games: se 0.041 combined, allowed 0.183
    assert disagreements(sample(shares={"p1_win": 0.66, "p2_win": 0.34, "draw": 0.0,
                                        "limit": 0.0}), ref()) == []
    wrong = disagreements(sample(shares={"p1_win": 0.75, "p2_win": 0.25, "draw": 0.0,
                                         "limit": 0.0}), ref())
    assert [w.split()[0] for w in wrong] == ["p1_win", "p2_win"]
    # a small sample of Ludii's is judged by the pooled share: none of 8 games won by P2 is what
    # a game P2 wins 22% of the time gives one time in eight; none of 300 is not
    barca = dict(shares={"p1_win": 0.18, "p2_win": 0.22, "draw": 0.6, "limit": 0.6},
                 playouts=400)
    assert disagreements(sample(**barca), ref(playouts=8, shares={
        "p1_win": 0.125, "p2_win": 0.0, "draw": 0.875, "limit": 0.875})) == []
    assert disagreements(sample(**barca), ref(shares={
        "p1_win": 0.18, "p2_win": 0.0, "draw": 0.82, "limit": 0.82}))[0].startswith("p2_win")
    # the legal moves at the start must be equal
    assert disagreements(sample(legal_moves_initial=10), ref()) == [
        "10 legal moves at the start, Ludii 9"]
    # a share Ludii has and ludi lacks counts as 0
    assert disagreements(sample(shares={"p1_win": 0.5, "p2_win": 0.5}),
                         ref(shares={"p1_win": 0.3, "p2_win": 0.3, "draw": 0.4})) != []


@pytest.mark.needs("ludii")
def test_reference_rows_are_read_as_documented():
    rows = read_reference(CSV)
    ttt = rows["space/line/Tic-Tac-Toe.lud"]
    assert ttt.name == "Tic-Tac-Toe" and ttt.players == 2 and ttt.legal_moves_initial == 9
    assert ttt.moves_mean == pytest.approx(7.7, abs=0.2)
    assert sum(ttt.shares[k] for k in ("p1_win", "p2_win", "draw")) == pytest.approx(1, abs=1e-6)
    assert all(r.playouts > 0 and r.status == "ok" for r in rows.values())


def test_construct_keys_and_ranking():
    tree = expand('(game "G" (players {(player N) (player S)}) (equipment {(board (square 3 '
                  'diagonals:Solid)) (piece "Disc" Each (move Step (to (sites Empty))))}) '
                  '(rules (play (forEach Piece)) (end (if (is Line 3) (result Mover Win)))))').game
    keys = construct_keys(tree)
    assert {"players {}", "player N", "square diagonals:", "piece +moves", "move Step",
            "forEach Piece", "is Line", "result ROLE", "sites Empty"} <= keys
    playing = [{"a", "b"}]
    refused = {"g1": {"a", "x"}, "g2": {"x", "y"}, "g3": {"y", "z", "w"}, "g4": {"a"}}
    ranked = rank_missing(playing, refused)
    assert ranked[0] == ("x", 2, 1) and ("y", 2, 0) in ranked
    assert all(k != "a" for k, *_ in ranked)  # supported: a playing game uses it
    assert greedy_order(playing, refused, steps=2) == [("x", 1), ("y", 2)]


def test_the_page_lists_the_slowest_games_with_what_their_moves_pay_for():
    from ludi.ludii.report import slowest
    from ludi.ludii.sweep import FileResult

    def result(name: str, per_s: float, constructs: list[str]) -> FileResult:
        return FileResult(f"war/{name}.lud", "war", "agrees", name=name, constructs=constructs,
                          sample=sample(playouts_per_s=per_s), reference=ref(playouts_per_s=100.0))

    results = [result(f"G{k}", 100.0 * (k + 1), ["move Step"]) for k in range(12)]
    results.append(result("Chess", 50.0, ["do ifAfterwards:", "is Threatened"]))
    results.append(FileResult("war/Off.lud", "war", "refused"))
    lines = slowest(results)
    rows = [x for x in lines if x.startswith("| war/")]
    assert [x.split(" | ")[0] for x in rows] == ["| war/Chess.lud"] + [
        f"| war/G{k}.lud" for k in range(9)]  # ten, slowest first; the refused file is not one
    chess = rows[0].split(" | ")
    assert chess[1] == "0.50" and chess[2] == "1,000 / 2,000"  # 20 moves a playout each
    assert "is Threatened" in chess[3] and "ifAfterwards:" in chess[3]
    assert "no costly rule known" in rows[1]
    page = markdown(results)
    assert "1 slower than Ludii" in page and "slowest against Ludii" in page


@pytest.mark.needs("ludii")
def test_cli_sweeps_a_folder_and_writes_the_page(tmp_path, capsys):
    page, table = tmp_path / "cov.md", tmp_path / "cov.csv"
    code = main(["ludii", str(BOARD), "--only", "space/line/Tic-Tac-T", "--playouts", "100",
                 "--report", str(page), "--csv", str(table)])
    assert code == 0
    text = page.read_text()
    assert "| space/line/Tic-Tac-Toe.lud | agrees |" in text
    assert "| space/line/Tic-Tac-Toe Misere.lud | unchecked |" in text  # no row in Ludii's file
    assert "Tic-Tac-Toe.lud" in table.read_text()
    assert main(["ludii", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.needs("ludii")
def test_whole_library_plays_as_ludii_or_is_refused():
    """Every one of Ludii's 1,056 board games: each that loads must agree with Ludii's random
    play, and nothing may raise a Python exception. The coverage page states today's count."""
    results = sweep(BOARD, CSV, workers=2, progress=False)  # the page's sample: same seeds
    assert len(results) == 1056
    bad = [f"{r.path}: {r.status}: {r.reason}" for r in results
           if r.status in ("disagrees", "error")]
    assert not bad, "\n".join(bad)
    refused = [r for r in results if r.status == "refused"]
    assert all(r.reason and "Traceback" not in r.reason for r in refused)
    agree = sum(r.status == "agrees" for r in results)
    assert agree >= AGREEING_FLOOR
    stated = re.search(r"\*\*(\d+) of 1056 files play and agree", COVERAGE.read_text())
    assert stated and int(stated.group(1)) == agree, (
        "docs/ludii-coverage.md is out of date: run "
        "ludi ludii ../shared/ludii/library/board --workers 2 --report docs/ludii-coverage.md")
    assert markdown(results).count("\n") > 50


def test_a_sample_is_counted_in_work_and_the_same_on_any_machine():
    import ludi
    from ludi.ludii import sample_random_play

    game = ludi.load("tictactoe")
    one, two = sample_random_play(game, 100, seed=3), sample_random_play(game, 100, seed=3)
    assert one.playouts == two.playouts == 100
    assert (one.moves_mean, one.shares) == (two.moves_mean, two.shares)
    short = sample_random_play(game, 100, seed=3, max_plies=300)  # batches of 25 games
    assert 25 <= short.playouts < 100 and short.playouts % 25 == 0
    assert short.playouts == sample_random_play(game, 100, seed=3, max_plies=300).playouts


def test_a_fast_games_speed_is_timed_over_more_playouts_and_its_figures_stay(monkeypatch):
    import importlib

    import ludi
    from ludi.engine import playouts

    sweep_module = importlib.import_module("ludi.ludii.sweep")  # (ludi.ludii.sweep: a function)

    game = ludi.load("tictactoe")
    calls = []
    real = playouts.run_playouts
    monkeypatch.setattr(playouts, "run_playouts", lambda g, n, s: calls.append(n) or real(g, n, s))
    monkeypatch.setattr(sweep_module, "MIN_TIMED_S", 0.0)
    plain = sweep_module.sample_random_play(game, 100, seed=3)
    assert calls == [1, 25, 25, 25, 25]  # the warm-up, then the sample's four batches
    calls.clear()
    monkeypatch.setattr(sweep_module, "MIN_TIMED_S", 0.3)
    timed = sweep_module.sample_random_play(game, 100, seed=3)
    assert calls[:5] == [1, 25, 25, 25, 25] and calls[5:6] == [100]  # then doubling batches
    assert sum(calls[5:]) >= 100
    assert (timed.playouts, timed.moves_mean, timed.shares) == (
        plain.playouts, plain.moves_mean, plain.shares)
