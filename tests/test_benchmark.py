"""The fitness benchmark (experiments/benchmark.toml): what it holds, and that scoring it is the
evaluation evolution uses, reproducibly. That the default fitness separates it at the demo's budget
is tested in tests/test_fitness.py."""

from __future__ import annotations

import pandas as pd
import pytest

import ludi
from ludi.engine.playouts import random_playouts
from ludi.errors import LudiError
from ludi.evolve.benchmark import HALVES, draw_halves, entries, margin, score, split_seed, summary

SMALL = """
[[good]]
name = "yavalath"
why = "LUDI's find"

[[degenerate]]
why = "two in a row wins"
board = "(hex 5)"
end = "(if (is Line 2) (result Mover Win))"

[[degenerate]]
why = "any stone draws"
board = "(hex 5)"
end = "(if (is Line 1) (result Mover Draw))"
"""

TINY = {"agent": "mcts:20", "trials": 4, "screen_games": 10, "seed": 3}


def test_benchmark_holds_a_dozen_of_each_kind_with_reasons():
    games = entries()
    good = [e for e in games if e.kind == "good"]
    bad = [e for e in games if e.kind == "degenerate"]
    assert len(good) >= 12 and len(bad) >= 12
    assert all(len(e.why) > 20 for e in games)
    hashes = [ludi.lang.parse(e.text).hash for e in games]
    assert len(set(hashes)) == len(games)  # no entry twice
    for e in games:
        assert ludi.parse(e.text).num_players >= 2  # every entry compiles and can be played


def test_benchmark_spans_ludii_categories_and_degenerate_families():
    games = entries()
    assert len(games) >= 40
    library = [e for e in games if e.label.endswith("(Ludii)")]
    assert all(e.kind == "good" and not e.tuned for e in library)
    assert len({e.family for e in library} & {"hunt", "race", "sow", "space", "war"}) >= 4
    assert {"race", "hunt", "sow", "war"} <= {e.family for e in games if e.kind == "degenerate"}
    assert sum(not e.tuned for e in games) >= 20  # the entries the fitness was not shaped on


def test_halves_are_the_recorded_seeded_draw():
    games = entries()
    recorded = {e.label: e.half for e in games}
    assert set(recorded.values()) == set(HALVES)
    assert draw_halves(games, split_seed()) == recorded  # the file holds the draw, untouched
    assert draw_halves(games, split_seed() + 1) != recorded  # and the draw is the seed's
    for kind in ("good", "degenerate"):
        for tuned in (True, False):
            group = [e.half for e in games if (e.kind, e.tuned) == (kind, tuned)]
            assert abs(group.count("dev") - group.count("held-out")) <= 1


def test_a_missing_ludii_library_is_named(tmp_path, monkeypatch):
    monkeypatch.setenv("LUDI_LUDII_DIR", str(tmp_path))
    with pytest.raises(LudiError, match="Ludii's library"):
        entries()


# what each new degenerate rule set's reason says, checked by 400 random games
CLAIMS = {
    "Short Break": dict(mean_length=1.0, p1_win=1.0),  # the first move reaches the goal
    "Two Lanes": dict(p1_win=1.0, sd_length=0.0),  # no choice, the first player arrives first
    "Tied Lanes": dict(draw=1.0),  # nobody can lose
    "Side Steps": dict(timeout=1.0),  # nobody can reach the goal
    "Endless Round": dict(timeout=1.0),  # the seeds go round for ever
    "Frozen Geese": dict(p1_win=1.0),  # the hunted cannot move: the fox takes them all
}


@pytest.mark.parametrize("label", sorted(CLAIMS))
def test_degenerate_rule_sets_do_what_their_reasons_say(label):
    entry = next(e for e in entries() if e.label == label)
    stats = random_playouts(ludi.parse(entry.text), 400, seed=1)
    for key, value in CLAIMS[label].items():
        assert stats[key] == pytest.approx(value), (label, key, stats[key])


def test_one_shot_first_move_captures_everything():
    game = ludi.parse(next(e for e in entries() if e.label == "One Shot").text)
    wins = []
    for move in game.initial_state().legal_moves():
        state = game.initial_state()
        state.apply(move)
        wins.append(state.is_terminal() and state.winner == 0)
    assert any(wins) and not all(wins)  # one first move takes the only enemy piece and wins


def test_scoring_is_the_evaluation_and_reproducible(tmp_path):
    path = tmp_path / "small.toml"
    path.write_text(SMALL)
    first = score(TINY, path, progress=False)
    again = score(TINY, path, progress=False)
    pd.testing.assert_frame_equal(first, again)
    assert list(first["kind"]).count("good") == 1 and len(first) == 3
    draw = first[first["why"] == "any stone draws"].iloc[0]
    assert draw["gate"] == "viability" and draw["fitness"] == 0.0  # one-move draws fail the screen
    assert margin(first) == pytest.approx(
        first.loc[first["kind"] == "good", "fitness"].min()
        - first.loc[first["kind"] == "degenerate", "fitness"].max())


def test_margin_is_worst_good_minus_best_degenerate():
    table = pd.DataFrame({"label": list("abcd"), "kind": ["good", "good", "degenerate",
                                                         "degenerate"],
                          "fitness": [0.7, 0.5, 0.45, 0.1], "half": ["dev", "held-out"] * 2,
                          "tuned": [True, False, True, False]})
    assert margin(table) == pytest.approx(0.05)
    assert margin(table, "dev") == pytest.approx(0.7 - 0.45)
    assert margin(table, "held-out") == pytest.approx(0.5 - 0.1)
    parts = summary(table).set_index("part")
    assert parts.loc["all", "ordered"] == pytest.approx(1.0)  # all four pairs in order
    assert parts.loc["not tuned on", "margin"] == pytest.approx(0.4)
    table.loc[3, "fitness"] = 0.6  # one degenerate above one good game: 3 of 4 pairs
    assert summary(table).set_index("part").loc["all", "ordered"] == pytest.approx(0.75)
