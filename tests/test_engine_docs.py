"""docs/engine.md's worked examples are the real program dumps (``ludi parse GAME --program``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludi
from ludi.cli import main
from ludi.compile.dump import dump, engine_page

DOC = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


@pytest.mark.parametrize("name", ["tictactoe", "oware"])
def test_the_worked_examples_are_the_program_dumps(name, capsys):
    found = re.search(rf"<!-- dump: {name} -->\n```\n(.*?)```", DOC.read_text(), re.S)
    assert found, f"docs/engine.md has no dump of {name}"
    assert found.group(1) == dump(ludi.load(name).spec)
    assert main(["parse", name, "--program"]) == 0
    assert capsys.readouterr().out == found.group(1)


def test_the_page_is_what_make_engine_docs_writes():
    page = DOC.read_text()
    assert "<!-- layout: T -->" in page
    assert engine_page(page) == page, "docs/engine.md is stale: run make engine-docs"


def test_a_dump_names_every_record_with_its_source():
    text = dump(ludi.load("playwin").spec)
    assert "hop from_region=Occupied-Mover from_cond=- dirs=63 turning=1 chain=1 longest=1" in text
    assert "keep-max-captures" in text and "jump-if-moves target=7" in text
    assert "; playwin.lud:" in text and "(move Slide (from (sites Occupied by:Mover))" in text


def test_program_of_a_description_that_does_not_compile_is_a_clear_error(tmp_path, capsys):
    bad = tmp_path / "bad.lud"
    bad.write_text('(game "B" (players 2) (equipment {(board (hex 3)) (piece "M" Each)})\n'
                   "  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 0) "
                   "(result Mover Win)))))")
    assert main(["parse", str(bad), "--program"]) == 2
    err = capsys.readouterr().err
    assert "bad.lud:2:" in err and "length of a line" in err and "Traceback" not in err
