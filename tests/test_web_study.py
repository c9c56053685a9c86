"""The study's configuration (every mistake named), its analysis (Bradley-Terry scores,
bootstrap intervals, measures against the scores, the report), and the export."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from ludi.errors import UsageError
from ludi.web import Store, Study, load_study
from ludi.web.analyze import analyze, game_measures, spearman, write_report


def write(tmp_path, text: str):
    path = tmp_path / "study.toml"
    path.write_text(text)
    return path


@pytest.mark.parametrize("text, words", [
    ('[study]\ngames = ["tictactoe", "hex"]\npair = 2\n',
     "unknown key 'pair'; did you mean 'pairs'"),
    ('[study]\ntitle = "x"\n', "needs 'games'"),
    ('[study]\ngames = ["tictactoe"]\n', "at least two games"),
    ('[study]\ngames = ["tictactoe", "hex"]\nseat = "left"\n', "'seat' must be one of"),
    ('[study]\ngames = ["tictactoe", "hex"]\npairs = 0\n', "'pairs' must be a whole number"),
    ('[study]\ngames = ["tictactoe", "hex"]\nopponent = "mcst:10"\n', "did you mean 'mcts'"),
    ('[study]\ngames = ["tictactoe", "nosuchgame"]\n', "no game 'nosuchgame'"),
    ('[study]\ngames = ["tictactoe", {game = "hex", size = 5}]\n', "a game table has the keys"),
    ('[study\ngames = 1\n', "not valid TOML"),
    ('[study]\ngames = ["tictactoe", "hex"]\n[measures]\ntrails = 3\n',
     "unknown key in [measures]"),
])
def test_study_file_mistakes_are_named(tmp_path, text, words):
    path = write(tmp_path, text)
    with pytest.raises(UsageError) as info:
        Study.load(path)
    assert words in str(info.value) and str(path) in str(info.value)


def test_study_file_mistakes_on_the_command_line(tmp_path):
    path = write(tmp_path, '[study]\ngames = ["tictactoe", "hex"]\nseat = "left"\n')
    done = subprocess.run([sys.executable, "-m", "ludi", "study", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "'seat' must be one of" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "ludi", "study", "analyze",
                           str(tmp_path / "none.sqlite")], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and "no study database" in done.stderr


def test_defaults_and_database_beside_the_file(tmp_path):
    config = load_study(write(tmp_path, '[study]\ngames = ["tictactoe", "hex"]\n'))
    assert config.pairs == 2 and config.seat == "alternate" and config.opponent == "mcts:300"
    assert config.db_path == tmp_path / "study.sqlite"


def answered_store(tmp_path, utilities: dict[str, float], people: int, pairs: int, seed=0):
    """A study database whose answers follow the Bradley-Terry model of ``utilities``."""
    games = list(utilities)
    path = write(tmp_path, f"[study]\ngames = {games!r}\npairs = {pairs}\n".replace("'", '"'))
    study = Study.load(path)
    store = Store(tmp_path / "s.sqlite")
    rng = np.random.default_rng(seed)
    for _ in range(people):
        pid = store.create_participant(study.assign)
        assigned = store.assignments(pid)
        for a in assigned:
            p_a = 1 / (1 + np.exp(utilities[a.game_b] - utilities[a.game_a]))
            store.save_answer(pid, a.pair, "a" if rng.random() < p_a else "b", None, None, "",
                              a.pair == len(assigned) - 1)
    return study, store


def test_bradley_terry_recovers_known_strengths(tmp_path):
    utilities = {"tictactoe": 1.0, "hex": 0.5, "y": 0.0, "havannah": -1.5}
    study, store = answered_store(tmp_path, utilities, people=400, pairs=3)
    result = analyze(store, study.keys, boot=100)
    scores = result.scores["score"]
    truth = pd.Series(utilities) - np.mean(list(utilities.values()))
    assert np.abs(scores[truth.index] - truth).max() < 0.3
    assert list(scores.index) == ["tictactoe", "hex", "y", "havannah"]
    assert ((result.scores["low"] <= truth[scores.index])
            & (truth[scores.index] <= result.scores["high"])).all()
    assert result.comparisons == 1200 and result.participants == 400
    assert result.scores["shown"].sum() == 2400


def test_measures_against_preferences_and_the_report(tmp_path):
    utilities = {"tictactoe": 1.5, "misere3": 0.5, "hexfive": -0.5, "fourline": -1.5}
    study, store = answered_store(tmp_path, utilities, people=60, pairs=2, seed=1)
    measures = pd.DataFrame({"agrees": [4.0, 3.0, 2.0, 1.0], "disagrees": [1.0, 2.0, 3.0, 4.0],
                             "constant": [1.0] * 4}, index=study.keys)
    result = analyze(store, study.keys, measures, boot=200)
    corr = result.correlations
    assert corr.loc["agrees", "rho"] == 1.0 and corr.loc["disagrees", "rho"] == -1.0
    assert np.isnan(corr.loc["constant", "rho"])
    assert corr.loc["agrees", "low"] > 0
    out = tmp_path / "analysis"
    report = write_report(result, out, {k: k.upper() for k in study.keys}, measures).read_text()
    assert "| 1 | TICTACTOE |" in report and "| agrees | +1.00 |" in report
    assert "(the same for every game)" in report
    for name in ("scores.png", "correlations.png", "scores.csv", "correlations.csv"):
        assert (out / name).stat().st_size > 0
    assert spearman([1, 2, 3], [3, 2, 1]) == -1.0


def test_measures_of_the_games(tmp_path):
    """Self-play measures of each game, with ludi's aggregate; and the same read back from a
    `ludi measure --out` folder."""
    study = Study.load(write(tmp_path, '[study]\ngames = ["tictactoe", "misere3"]\n'
                                       '[measures]\ntrials = 6\nagent = "random"\n'))
    table = game_measures(study, progress=False)
    assert list(table.index) == study.keys
    assert {"completion", "balance", "duration", "aggregate"} <= set(table.columns)
    assert table["aggregate"].between(0, 1).all()
    folder = tmp_path / "m"
    folder.mkdir()
    table.drop(columns="aggregate").rename(index={"tictactoe": "Tic-Tac-Toe",
                                                  "misere3": "Misere Three"}).to_csv(
        folder / "measures.csv")
    again = game_measures(study, results=folder)
    assert np.allclose(again["completion"], table["completion"])
    with pytest.raises(UsageError, match="no measures at"):
        game_measures(study, results=tmp_path / "nothing")


def test_export_writes_every_table(tmp_path):
    study, store = answered_store(tmp_path, {"tictactoe": 0.0, "hex": 1.0}, people=3, pairs=1)
    done = subprocess.run([sys.executable, "-m", "ludi", "study", "export",
                           str(tmp_path / "s.sqlite"), "--out", str(tmp_path / "x")],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    answers = pd.read_parquet(tmp_path / "x" / "answers.parquet")
    assert len(answers) == 3 and len(pd.read_csv(tmp_path / "x" / "answers.csv")) == 3
    assert len(pd.read_parquet(tmp_path / "x" / "participants.parquet")) == 3


def test_games_from_an_evolution_run_folder(tmp_path):
    """A run folder offers its hall of fame, best first; ``RUN:N`` the best N."""
    from ludi.lang import shipped_games
    from ludi.web import Library

    fame = tmp_path / "run" / "hall_of_fame"
    fame.mkdir(parents=True)
    for rank, name in ((1, "tictactoe"), (2, "misere3"), (3, "hexfive")):
        (fame / f"0{rank}_{name}.lud").write_text(shipped_games()[name].read_text())
    library = Library.load([f"{tmp_path / 'run'}:2"])
    assert [e.label for e in library.entries.values()] == ["run 01_tictactoe", "run 02_misere3"]
    assert len(Library.load([str(tmp_path / "run")]).entries) == 3
    with pytest.raises(UsageError, match="no games in hall_of_fame"):
        (tmp_path / "empty" / "hall_of_fame").mkdir(parents=True)
        Library.load([str(tmp_path / "empty")])
