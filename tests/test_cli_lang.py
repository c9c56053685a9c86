"""The language side of the command line: ``python -m ludi games`` and ``python -m ludi parse``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ludi.lang import load_description, parse, shipped_games

ROOT = Path(__file__).resolve().parents[1]


def ludi(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("LUDI_DEFINE_PATH", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "ludi", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=120,
    )


def ok(*args: str, **kwargs) -> str:
    r = ludi(*args, **kwargs)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return r.stdout


@pytest.fixture(scope="module")
def games_listing() -> dict[str, tuple[str, dict[str, list[str]]]]:
    """``ludi games`` read back: name -> (title, {category: [items as printed]})."""
    out: dict[str, tuple[str, dict[str, list[str]]]] = {}
    current = None
    for line in ok("games").splitlines():
        if not line.strip():
            continue
        if not line[0].isspace():
            name, _, title = line.partition(" ")
            current = name
            out[name] = (title.strip(), {})
        else:
            assert current is not None, line
            cat, _, items = line.strip().partition(": ")
            out[current][1][cat] = [i.strip() for i in items.split(", ")]
    return out


def test_games_lists_every_shipped_game(games_listing):
    assert sorted(games_listing) == sorted(shipped_games())
    for name, (title, _) in games_listing.items():
        assert title == load_description(name).name


def test_games_lists_options_with_the_default_starred(games_listing):
    for name, (_, listed) in games_listing.items():
        d = load_description(name)
        options = {o.category: o for o in d.available}
        if d.rulesets:
            assert listed.pop("rulesets") == list(d.rulesets)
        assert set(listed) == set(options), name
        for cat, items in listed.items():
            option = options[cat]
            starred = [i for i in items if i.endswith("*")]
            assert starred == [option.default.name + "*"], (name, cat, items)
            assert [i.rstrip("*") for i in items] == [i.name for i in option.items]
    # spot checks against the .lud files
    assert games_listing["yavalath"][1]["Players"] == ["2 Players*", "3 Players"]
    assert games_listing["hex"][1]["Pie Rule"] == ["Enabled", "Disabled*"]
    assert games_listing["tictactoe"][1] == {}


def test_parse_with_an_option_prints_the_expanded_game():
    text = ok("parse", "yavalath", "--option", "Players=3 Players")
    want = load_description("yavalath", {"Players": "3 Players"})
    assert parse(text).tree == want.tree
    assert text.rstrip("\n") == want.to_text()
    assert "<" not in text  # no option placeholder is left
    # the short flag, the loose item name and a second option
    text = ok("parse", "yavalath", "-o", "Players=3", "-o", "Board Size & Ruleset/Compact")
    want = load_description("yavalath", {"Players": "3 Players",
                                         "Board Size & Ruleset": "Compact"})
    assert parse(text).tree == want.tree


def test_parse_default_is_the_default_options():
    text = ok("parse", "havannah")
    assert parse(text).tree == load_description("havannah").tree
    assert parse(text).tree != load_description("havannah", "Board Size=10").tree


def test_parse_canonical_prints_one_line():
    out = ok("parse", "yavalath", "--option", "Players=3 Players", "--canonical")
    d = load_description("yavalath", {"Players": "3 Players"})
    lines = out.splitlines()
    assert len(lines) == 1
    assert lines[0] == d.canonical()
    assert parse(lines[0]).hash == d.hash


def test_parse_verbose_reports_options_and_hash():
    r = ludi("parse", "yavalath", "-o", "Players=3 Players", "--verbose")
    assert r.returncode == 0, r.stderr
    d = load_description("yavalath", {"Players": "3 Players"})
    assert d.hash in r.stderr
    assert "Players=3 Players" in r.stderr
    assert parse(r.stdout).tree == d.tree


def test_parse_a_file_with_rulesets_and_defines(tmp_path):
    (tmp_path / "defs").mkdir()
    (tmp_path / "defs" / "win.def").write_text(
        '(define "LineWin" (if (is Line #1) (result Mover Win)))\n'
    )
    lud = tmp_path / "small.lud"
    lud.write_text(
        '(game "Small" (players 2) (equipment {(board (square <Size:n>)) (piece "D" Each)})\n'
        '  (rules (play (move Add (to (sites Empty)))) (end ("LineWin" <Size:n>))))\n'
        '(option "Size" <Size> args:{<n>} { (item "3" <3>)* (item "4" <4>) (item "5" <5>) })\n'
        '(rulesets { (ruleset "Ruleset/Big" {"Size/5"}) })\n'
    )
    defs = str(tmp_path / "defs")
    cases = [
        ((), None, [], 3),
        (("--ruleset", "Big"), "Big", [], 5),
        (("--ruleset", "Ruleset/Big"), "Big", [], 5),
        (("--ruleset", "Big", "-o", "Size=4"), "Big", ["Size=4"], 4),
    ]
    for args, ruleset, options, size in cases:
        text = ok("parse", str(lud), "--defines", defs, *args)
        want = load_description(lud, options, ruleset=ruleset, defines=defs)
        assert parse(text).tree == want.tree
        assert want.tree.find("board_square")[0].args == (size,)
        assert want.tree.find("cond_is_line")[0].args == (size,)


@pytest.mark.parametrize(
    "args",
    [
        ("parse", "yavalath", "--option", "Players=7 Players"),
        ("parse", "yavalath", "--option", "Player=3 Players"),
        ("parse", "no-such-game"),
        ("parse", "yavalath", "--ruleset", "Nothing"),
    ],
)
def test_bad_input_exits_with_code_2(args):
    r = ludi(*args)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert r.stderr.strip()
    assert r.stdout == ""
