"""The first hour of a new user (issue 11): every bad input found by trying ludi as a newcomer
gets one clear message (CLI: exit code 2, no traceback; API: a ``LudiError`` subclass), names work
where games are expected, and the play bugs stay fixed."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ludi
from ludi.agents import HumanAgent, split_agents
from ludi.cli import build_parser, main
from ludi.evolve.config import DEFAULTS, resolve

ROOT = Path(__file__).resolve().parents[1]

TTT = ('(game "T" (players 2) (equipment {{ (board (square 3)) {pieces} }})\n'
       '  (rules (play (move Add (to {to})))\n'
       '    (end (if (is Line 3) (result Mover Win)))))')


def cli(capsys, *args: str) -> tuple[int, str, str]:
    """Run the command line in this process: exit code, stdout, stderr."""
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *args: str) -> str:
    """The one-line message of a refused command (exit code 2, no traceback)."""
    code, _, err = cli(capsys, *args)
    assert code == 2, err
    assert "Traceback" not in err
    return err.strip()


# ---------------------------------------------------------------- tracebacks found


def test_binary_file_is_not_a_description(capsys, tmp_path):
    path = tmp_path / "noise.lud"
    path.write_bytes(b"(g\xe2\x28\xa1 \x00\xff")
    err = refused(capsys, "show", str(path))
    assert err.startswith(f"{path}:1:3: syntax error: not a text file: byte 0xe2 is not UTF-8")


@pytest.mark.parametrize("args, message", [
    (["--seconds", "0"], "--seconds must be a positive number; got 0"),
    (["--seconds", "-1"], "--seconds must be a positive number; got -1"),
    (["--repeats", "0"], "--repeats must be a whole number of at least 1; got 0"),
])
def test_bench_refuses_empty_runs(capsys, args, message):
    assert refused(capsys, "bench", "tictactoe", *args) == f"error: {message}"


def test_picture_needs_a_picture_format_and_a_folder(capsys, tmp_path):
    err = refused(capsys, "show", "yavalath", "--png", str(tmp_path / "board.txt"))
    assert "the extension '.txt' is no picture format; expected .png, .svg, .pdf" in err
    err = refused(capsys, "show", "yavalath", "--png", str(tmp_path / "no" / "b.png"))
    assert f"the folder {tmp_path / 'no'} does not exist" in err


def test_play_without_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr("builtins.input", lambda prompt="": (_ for _ in ()).throw(EOFError))
    code, _, err = cli(capsys, "play", "tictactoe")
    assert code == 0 and "Traceback" not in err
    assert err.strip() == "the input ended before the game did: stopped at ply 0"


def test_human_cannot_sit_in_a_match(capsys):
    err = refused(capsys, "match", "yavalath", "--agents", "human,random", "--games", "1")
    assert "'human' cannot play in a match" in err and "ludi play" in err
    with pytest.raises(ludi.UsageError):
        ludi.match("tictactoe", ["human", "random"], games=1, progress=False)


def test_evolve_needs_seed_games(capsys, tmp_path):
    config = tmp_path / "c.toml"
    config.write_text("[evolve]\nseeds = []\n")
    err = refused(capsys, "evolve", str(config), "--out", str(tmp_path / "run"))
    assert "setting 'seeds' must list at least one game" in err
    empty = tmp_path / "empty"
    empty.mkdir()
    err = refused(capsys, "evolve", "--seeds", str(empty), "--generations", "0",
                  "--population", "2", "--workers", "1", "--out", str(tmp_path / "run"))
    assert f"seed folder {empty} holds no .lud files" in err


def test_deep_nesting_is_a_syntax_error_not_a_crash():
    deep = "(not " * 3000 + "(is Line 3)" + ")" * 3000
    text = TTT.format(pieces='(piece "Disc" Each)', to="(sites Empty)").replace(
        "(is Line 3)", deep)
    with pytest.raises(ludi.LudiSyntaxError, match="brackets nested more than 100 deep"):
        ludi.parse(text)
    ok = TTT.format(pieces='(piece "Disc" Each)', to="(sites Empty)").replace(
        "(is Line 3)", "(not " * 90 + "(is Line 3)" + ")" * 90)
    assert ludi.parse(ok).name == "T"  # deep but legal nesting still compiles


@pytest.mark.needs("dask")
def test_unreachable_dask_scheduler(capsys, tmp_path):
    t0 = time.monotonic()
    err = refused(capsys, "evolve", "--dask", "tcp://127.0.0.1:1", "--generations", "1",
                  "--out", str(tmp_path / "run"))
    assert "no Dask scheduler answered at tcp://127.0.0.1:1" in err
    assert time.monotonic() - t0 < 25


def test_sites_of_the_previous_player():
    """(sites Prev) is the region of the player who moved last (it used to crash the
    compiler, which read "Prev" as a player number)."""
    text = ('(game "R" (players 2) (equipment { (board (square 3)) (piece "Disc" Each)'
            ' (regions P1 (sites Bottom)) (regions P2 (sites Top)) })'
            ' (rules (play (move Add (to (sites Prev) if:(is Empty (to)))))'
            ' (end (if (is Line 3) (result Mover Win)))))')
    state = ludi.parse(text).initial_state()
    assert sorted(m.text for m in state.legal_moves()) == ["a3", "b3", "c3"]  # P2's region
    state.apply("a3")
    assert sorted(m.text for m in state.legal_moves()) == ["a1", "b1", "c1"]  # P1's region


def test_benchmark_scripts_have_help():
    scripts = sorted((ROOT / "benchmarks").glob("*.py"))
    assert {"evaluate.py", "mcts.py", "playouts.py", "stopping.py", "tactics.py"} <= \
        {s.name for s in scripts}
    for script in scripts:
        r = subprocess.run([sys.executable, str(script), "--help"],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        assert r.stdout.startswith("usage:"), script
        if script.name in ("playouts.py", "mcts.py", "evaluate.py"):
            assert "--repeats" in r.stdout


def test_make_bench_runs_scripts_that_exist():
    lines = (ROOT / "Makefile").read_text().split("\nbench:")[1].split("\n\n")[0].splitlines()
    scripts = [w for line in lines for w in line.split() if w.startswith("benchmarks/")]
    assert scripts and all((ROOT / s).is_file() for s in scripts)


def test_cells_off_the_board(yavalath):
    with pytest.raises(ludi.NoSuchCell, match=r"no cell at \(9, 9\) on this board"):
        yavalath.board.cell_at(9, 9)
    with pytest.raises(KeyError):  # still a KeyError for code that expects one
        yavalath.board.cell("z9")
    with pytest.raises(ludi.NoSuchCell, match="labels run from"):
        yavalath.state_from(board={"z9": 0})


# ---------------------------------------------------------------- silently accepted


def test_missing_define_folder(capsys, tmp_path):
    missing = tmp_path / "nope"
    err = refused(capsys, "show", "tictactoe", "--defines", str(missing))
    assert f"define folder {missing} does not exist" in err
    with pytest.raises(ludi.DefineError):
        ludi.load("tictactoe", defines=str(missing))


def test_weights_table_changes_only_the_weights_it_names():
    weights = resolve({"weights": {"balance": 2.0}})["weights"]
    assert weights == {**DEFAULTS["weights"], "balance": 2.0}
    with pytest.raises(ludi.LudiError, match="weight 'balance' must be a number"):
        resolve({"weights": {"balance": "high"}})


def test_counts_must_be_positive(capsys, tmp_path):
    assert "--top must be a whole number of at least 1; got -2" in refused(
        capsys, "report", str(tmp_path), "--top", "-2")
    for args in (["match", "tictactoe", "--agents", "random,random"],
                 ["measure", "tictactoe", "--trials", "1"]):
        assert "--workers must be a whole number of at least 1; got 0" in refused(
            capsys, *args, "--workers", "0")
    err = refused(capsys, "evolve", "--workers", "0", "--out", str(tmp_path / "r"))
    assert "'workers' must be a positive whole number" in err


def test_seat_the_game_does_not_have(capsys):
    err = refused(capsys, "play", "yavalath", "--p3", "random")
    assert err == "error: Yavalath has 2 players: --p3 names a seat it does not have"


def test_options_apply_to_every_measured_game(capsys):
    code, out, err = cli(capsys, "measure", "hex", "yavalath", "--option", "Pie Rule=Disabled",
                         "--trials", "1", "--agent", "random")
    assert code == 0, err
    assert "Hex" in out and "Yavalath" in out
    err = refused(capsys, "measure", "hex", "tictactoe", "--option", "Pie Rule=Disabled",
                  "--trials", "1", "--agent", "random")
    assert err.startswith(str(ROOT / "ludi" / "games" / "tictactoe.lud"))
    assert 'no option "Pie Rule"' in err


def test_a_game_without_pieces_is_refused():
    with pytest.raises(ludi.CompileError, match=r"P1, P2 have none \(the equipment declares "
                                                r"no \(piece …\) at all\)"):
        ludi.parse(TTT.format(pieces="", to="(sites Empty)"))
    with pytest.raises(ludi.CompileError, match="P2 has none"):
        ludi.parse(TTT.format(pieces='(piece "Disc" P1)', to="(sites Empty)"))
    assert ludi.parse(TTT.format(pieces='(piece "Disc" P1) (piece "Cross" P2)',
                                 to="(sites Empty)")).num_players == 2


# ---------------------------------------------------------------- the Python API


def test_names_work_where_games_do():
    df = ludi.match("tictactoe", ["random", "random"], games=2, seed=1, progress=False)
    assert len(df) == 2 and set(df["end_type"]) <= {"(is Line 3)", "no moves"}
    m = ludi.measure("tictactoe", trials=2, agent="random", seed=1, progress=False)
    assert m.name == "Tic-Tac-Toe" and m["completion"] == pytest.approx(
        1 - m["drawishness"] - m["timeouts"])
    assert ludi.random_playouts("tictactoe", 10)["games"] == 10
    with pytest.raises(ludi.UsageError, match="expected a game"):
        ludi.match(3.5, ["random", "random"])


def test_wrong_counts_are_usage_errors(ttt):
    with pytest.raises(ludi.UsageError, match="Tic-Tac-Toe has 2 players: give one agent a "
                                              "seat, got 3"):
        ludi.match(ttt, ["random"] * 3)
    for call, what in ((lambda: ludi.match(ttt, ["random", "random"], games=0), "games"),
                       (lambda: ludi.measure(ttt, trials=0), "trials"),
                       (lambda: ludi.random_playouts(ttt, 0), "the number of games")):
        with pytest.raises(ludi.UsageError, match=f"{what} must be a whole number of at "
                                                  "least 1; got 0"):
            call()
    assert issubclass(ludi.UsageError, ludi.LudiError) and issubclass(ludi.UsageError,
                                                                       ValueError)


def test_load_points_text_to_parse():
    with pytest.raises(ludi.GameNotFound, match=r"use ludi.parse\(text\)"):
        ludi.load('(game "X" (players 2))')


# ---------------------------------------------------------------- misleading messages


def test_compile_errors_show_the_line_and_a_caret():
    text = TTT.format(pieces="", to="(sites Empty)")
    with pytest.raises(ludi.CompileError) as info:
        ludi.parse(text)
    e = info.value
    col = text.split("\n")[1].index("(move Add") + 1
    assert (e.line, e.col) == (2, col)
    header, line, caret = str(e).split("\n")
    assert header.startswith(f"<text>:2:{col}: cannot compile:")
    assert line == "    " + text.split("\n")[1]
    assert caret == "    " + " " * (col - 1) + "^"


def test_unterminated_string_on_the_first_line():
    with pytest.raises(ludi.LudiSyntaxError) as info:
        ludi.parse('(game "Oops (players 2)\n  (equipment { (board (square 3)) })\n')
    assert (info.value.line, info.value.col) == (1, 7)
    assert "string is never closed" in info.value.message


def test_byte_order_mark_is_accepted(tmp_path):
    path = tmp_path / "bom.lud"
    text = (ROOT / "ludi" / "games" / "tictactoe.lud").read_text()
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert ludi.load(path).name == ludi.load("tictactoe").name
    assert ludi.parse("\ufeff" + text).name == "Tic-Tac-Toe"


def test_agent_options_inside_the_agents_list(capsys):
    assert split_agents("mcts:100,c=1.4,random") == ["mcts:100,c=1.4", "random"]
    assert split_agents(" random , ab:2 ") == ["random", "ab:2"]
    code, out, err = cli(capsys, "match", "tictactoe", "--agents", "mcts:8,c=0.5,random",
                         "--games", "2")
    assert code == 0, err
    assert "mcts:8,c=0.5" in out


def test_report_of_a_missing_folder(capsys, tmp_path):
    missing = tmp_path / "nope"
    err = refused(capsys, "report", str(missing))
    assert f"{missing} does not exist; expected a run folder made by ludi evolve" in err
    assert "not a run folder" in refused(capsys, "report", str(tmp_path))


# ---------------------------------------------------------------- play


def test_oware_houses_are_case_sensitive():
    state = ludi.load("oware").initial_state()
    assert state.find_move("a").text == "a" and state.find_move("A") is None
    with pytest.raises(ludi.IllegalMove):
        state.copy().apply("A")  # the opponent's house, not yours
    said = []
    typed = iter(["A", "a"])
    human = HumanAgent(prompt=lambda _: next(typed), echo=said.append)
    assert human.choose(state).text == "a"
    assert said == ["'A' is not a legal move here (type 'moves' to list them)"]


def test_oware_last_move_is_the_house_played():
    game = ludi.load("oware")
    state = game.initial_state().apply("c")
    assert state.last_move == game.board.cell("c")  # not the last house sown (D)
    assert str(state).splitlines()[-1].endswith("last move c")
    assert "(  0)" in str(state).splitlines()[2]  # the house played is marked on the board


def test_oware_picture_shows_counts_and_owners():
    from ludi.engine.picture import figure

    state = ludi.load("oware").initial_state().apply("c")
    texts = [t.get_text() for t in figure(state).axes[0].texts]
    counts = [int(t) for t in texts if t.isdigit()]
    assert sorted(counts) == sorted([state.count(c) for c in range(14)])
    assert sum(counts) == 48 and "P1" in texts and "P2" in texts


def test_picture_legend_names_the_players():
    from ludi.engine.picture import figure

    state = ludi.load("yavalath", options={"Players": "3"}).initial_state()
    legend = figure(state).axes[0].get_legend()
    assert [t.get_text() for t in legend.get_texts()] == ["P1 (X)", "P2 (O)", "P3 (S)",
                                                          "last move"]


def test_three_player_eliminations_are_told():
    from ludi.engine.display import out_notices

    game = ludi.load("yavalath", options={"Players": "3"})
    state = game.initial_state()
    # P1 plays a1 b1, then c1 makes a line of three (a loss: P1 is out, in third place)
    for move in ["a1", "e5", "i9", "b1", "e6", "h9"]:
        state.apply(move)
    before = state.copy()
    state.apply("c1")
    assert out_notices(before, state) == ["P1 (X) is out (3rd place); the others play on"]
    assert state.players_out == [0] and not state.is_terminal()
    assert str(state).splitlines()[-1].endswith("last move c1; out: P1 (X)")
    assert "x" in str(state)  # the last stone, lower case
    p3_last = game.initial_state()
    for move in ["a1", "e5", "i9"]:
        p3_last.apply(move)
    board = "".join(str(p3_last).splitlines()[:-1])
    assert board.count("s") == 1 and "-" not in board  # P3's last stone is drawn as 's'


def test_match_summary_counts_games_cut_by_the_move_limit(capsys):
    text = TTT.format(pieces='(piece "Disc" Each)', to="(sites Empty)").replace(
        "(rules", "(rules (meta (moveLimit 4))")
    path = Path(os.environ.get("TMPDIR", "/tmp")) / f"limit{os.getpid()}.lud"
    path.write_text(text)
    try:
        code, out, err = cli(capsys, "match", str(path), "--agents", "random,random",
                             "--games", "4")
    finally:
        path.unlink()
    assert code == 0, err
    assert "cut by the move limit 1.00" in out
    assert "timeouts" in out.splitlines()[1]


# ---------------------------------------------------------------- the README


def test_readme_commands_parse():
    """Every ``ludi …`` line of the README's command-line tour is a valid command."""
    readme = (ROOT / "README.md").read_text()
    blocks = readme.split("```")[1::2]  # the text inside code fences
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()
             if line.startswith("ludi ")]
    assert len(lines) >= 10
    parser = build_parser()
    for line in lines:
        words = [w for w in shlex.split(line) if not (w.startswith("[") or w.endswith("]"))]
        parser.parse_args(words[1:])
    assert "source .venv/bin/activate" in readme
