"""The first run again (issue 33): the parser loads from shipped tables, a run folder is never
written over unasked, and the last bad inputs get one clear message before any work is done."""

from __future__ import annotations

import socket
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

import ludi
from ludi.cli import main
from ludi.evolve import evolve
from ludi.lang import tables
from ludi.lang.grammar import grammar, grammar_path

TINY = {"generations": 1, "population": 4, "offspring": 4, "workers": 1, "seed": 3,
        "seeds": ["tictactoe", "hex"], "agent": "mcts:20", "trials": 2, "min_trials": 2,
        "skill_games": 0, "screen_games": 4}


def refused(capsys, *args: str) -> str:
    """The message of a refused command: exit code 2, no traceback, nothing on stdout."""
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in err, err
    assert out == ""
    return err.strip()


# ---------------------------------------------------------------- the parser's tables


def test_the_shipped_tables_are_the_grammars():
    shipped = tables.read()
    assert shipped is not None, "ludi/lang/parser_tables.npz is missing: make parser-tables"
    text = grammar_path().read_text(encoding="utf-8")
    assert shipped["header"]["digest"] == tables.digest(text), \
        "the grammar changed since its tables were built: run `make parser-tables`"


def test_the_shipped_tables_are_numbered_canonically():
    """Lark numbers states differently from build to build; the file holds one numbering."""
    shipped = tables.read()
    again = tables.canonical(shipped)
    assert again["header"] == shipped["header"]
    for key in ("state_offsets", "action_symbol", "action_target"):
        assert np.array_equal(again[key], shipped[key]), key


def test_the_grammar_loads_without_building_an_lalr_parser(monkeypatch):
    from lark.parsers.lalr_analysis import LALR_Analyzer

    def refuse(self):
        raise AssertionError("Lark built LALR tables")

    monkeypatch.setattr(LALR_Analyzer, "compute_lalr", refuse)
    grammar.cache_clear()
    try:
        g = grammar()
        assert "game" in g.categories and g.heads["board_hex"] == ("hex",)
        assert ludi.load("yavalath").name == "Yavalath"
        with pytest.raises(ludi.UnknownLudeme, match="unknown ludeme 'hexx'"):
            ludi.parse('(game "X" (players 2) (equipment {(board (hexx 5))}) (rules (play '
                       '(move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover '
                       'Win)))))')
    finally:
        grammar.cache_clear()


@pytest.mark.slow
def test_the_tables_rebuild_to_the_shipped_ones(tmp_path):
    """What `make parser-tables` writes: Lark's own LALR tables for the grammar (minutes)."""
    out = tmp_path / "tables.npz"
    subprocess.run([sys.executable, "-c", f"from ludi.lang.tables import main; main({str(out)!r})"],
                   check=True, timeout=3600)
    built, shipped = tables.read(out), tables.read()
    assert built["header"] == shipped["header"] and built["names"] == shipped["names"]
    for key, value in built.items():
        if isinstance(value, np.ndarray):
            assert np.array_equal(value, shipped[key]), key


# ---------------------------------------------------------------- run folders


def test_a_run_folder_is_not_written_over_unasked(tmp_path, capsys):
    run = tmp_path / "run"
    first = evolve(TINY, out=run, progress=False)
    before = (run / "individuals.parquet").read_bytes()

    def table():  # the run's records, but for their durations
        return pd.read_parquet(run / "individuals.parquet").drop(columns="seconds")

    with pytest.raises(ludi.LudiError, match="already holds a finished run of 1 generations; "
                                            "add --resume to continue it, --force to replace"):
        evolve(TINY, out=run, progress=False)
    err = refused(capsys, "evolve", "--out", str(run), "--generations", "1")
    assert f"{run} already holds a finished run" in err
    assert (run / "individuals.parquet").read_bytes() == before
    # --resume under other settings is refused, naming them
    err = refused(capsys, "evolve", "--out", str(run), "--resume", "--seed", "4")
    assert "holds a run with other settings (seed)" in err
    # --force replaces it: the same seed, the same run
    kept = table()
    again = evolve(TINY, out=run, force=True, progress=False)
    pd.testing.assert_frame_equal(table(), kept)
    assert sorted(again.archive) == sorted(first.archive)


def test_the_result_of_evolve_prints_as_one_line(tmp_path):
    state = evolve(TINY, out=tmp_path / "run", progress=False)
    text = repr(state)
    assert "\n" not in text and len(text) < 200
    assert text.startswith("<RunState: generation 1, ") and "evaluated" in text


# ---------------------------------------------------------------- bad inputs, before any work


def test_an_output_that_cannot_be_written_is_refused_first(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    err = refused(capsys, "match", "tictactoe", "--agents", "mcts:5,random", "--games", "1",
                  "--out", str(blocker / "games.csv"))
    assert err.startswith(f"error: --out {blocker / 'games.csv'}: cannot write there")
    err = refused(capsys, "measure", "tictactoe", "--trials", "1", "--out", str(blocker))
    assert "that is a file; expected a folder to write" in err
    err = refused(capsys, "evolve", "--out", str(blocker / "run"))
    assert "cannot write there" in err


@pytest.mark.parametrize("agent, message", [
    ("mcts:100000000", "at most 1,000,000 iterations a move"),
    ("uct:0", "at least 1 iteration a move"),
    ("flat:0", "at least 1 iteration a move"),
    ("mcts:10,c=-1", "c (the exploration constant) must be 0 or more; got -1"),
    ("mcts:10,c=1,c=2", "option 'c' is given twice"),
    ("uct:10,rave=5", "unknown uct option 'rave'; uct takes c="),
    ("ab:30", "the depth must be 1 to 12; got 30"),
])
def test_agent_budgets_have_bounds(capsys, agent, message):
    err = refused(capsys, "match", "tictactoe", "--agents", f"{agent},random", "--games", "1")
    assert message in err


def test_a_search_that_would_not_fit_in_memory_is_refused():
    from ludi.agents.players import MAX_SEARCH_BYTES, search_bytes

    state = ludi.load("hex", options={"Board Size": "11x11"}).initial_state()
    assert search_bytes(1_000_000, 121) > MAX_SEARCH_BYTES
    with pytest.raises(ludi.LudiError, match=r"mcts:1000000 would keep about \d+\.\d GB"):
        ludi.agents.make_agent("mcts:1000000", 1).choose(state)


def test_measure_names_the_option_it_refuses(capsys):
    err = refused(capsys, "measure", "tictactoe", "--trials", "2", "--vs-random", "-1")
    assert err == "error: --vs-random must be a whole number of at least 0; got -1"


def test_one_option_category_takes_one_item(capsys):
    err = refused(capsys, "show", "hex", "-o", "Board Size=5x5", "-o", "Board Size=7x7")
    assert 'option "Board Size" is given twice, as "5x5" and "7x7"' in err


def test_play_with_standard_input_closed():
    done = subprocess.run(["bash", "-c", f"'{sys.executable}' -m ludi play tictactoe 0<&-"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "P1 is a person, who types moves, but standard input is closed" in done.stderr


def test_serve_refuses_a_bad_or_busy_port_before_saying_it_serves(capsys, tmp_path):
    db = str(tmp_path / "games.sqlite")
    err = refused(capsys, "serve", "tictactoe", "--port", "99999", "--db", db)
    assert err == "error: --port must be 1 to 65535; got 99999"
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        err = refused(capsys, "serve", "tictactoe", "--port", str(port), "--db", db)
    assert err == (f"error: cannot serve on 127.0.0.1:{port}: another program uses that "
                   "port: choose another --port")


@pytest.mark.parametrize("call, message", [
    (lambda: ludi.random_playouts("tictactoe", 10, seed="x"),
     "seed must be a whole number of at least 0; got 'x'"),
    (lambda: ludi.random_playouts("tictactoe", 10, seed=None),
     "seed must be a whole number of at least 0; got None"),
    (lambda: ludi.match("tictactoe", ["random", "random"], games=1, seed=-1, progress=False),
     "seed must be a whole number of at least 0; got -1"),
    (lambda: ludi.load(123), "expected a shipped game's name (such as 'yavalath') or a .lud "
                             "path; got int 123"),
])
def test_python_calls_with_bad_values(call, message):
    with pytest.raises(ludi.LudiError) as caught:
        call()
    assert message in str(caught.value)
