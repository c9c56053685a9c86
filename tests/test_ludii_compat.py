"""Ludii's own descriptions parse unchanged (Ludii 1.3.13 files, kept outside the project).

The files live in ``shared/ludii/`` beside the repository (or where ``LUDI_LUDII_DIR`` points) with
the define files they call in ``def/``. They are test data only and are never copied into ludi.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

from ludi.errors import DefineError
from ludi.lang import Node, parse, parse_fragment

pytestmark = pytest.mark.needs("ludii")


def ludii(name: str, options=None, ruleset=None):
    path = LUDII / f"{name}.lud"
    return parse(path.read_text(encoding="utf-8"), options, ruleset=ruleset,
                 defines=LUDII / "def", source=str(path))


def first(node: Node, rule: str) -> Node:
    found = node.find(rule)
    assert found, f"no {rule} in\n{node.to_text()}"
    return found[0]


def parse_cond(text):
    return parse_fragment(text, "cond")


def parse_int(text):
    return parse_fragment(text, "int")


def round_trips(d):
    again = parse(d.to_text())
    assert again.tree == d.tree
    assert again.hash == d.hash


# (file, options, ruleset): every description (and variant) that must run unchanged
CASES = [
    ("Tic-Tac-Toe", None, None),
    ("Hex", None, None),
    ("Yavalath", {"Players": "2 Players"}, None),
    ("Yavalath", {"Players": "3 Players"}, None),
    *[("Havannah", {"Board Size": f"{n}x{n}", "Swap Rules": swap}, None)
      for n in range(4, 11) for swap in ("On", "Off")],
    ("Fivalath", None, None),
    ("Gomoku", None, None),
    ("Oware", None, "Wari (Observed)"),
    ("Oware", None, "Awari (Suggested)"),
    ("Multiplayer Yavalath", None, None),
    ("Multiplayer Yavalath", {"Players": "3 Players", "Swap Rule": "No Swap"}, None),
    ("Awari", None, None),
    ("Y (Hex)", None, None),
]


def _id(case):
    name, options, ruleset = case
    extra = ",".join((options or {}).values()) + (ruleset or "")
    return f"{name}[{extra}]" if extra else name


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_ludii_description_parses_unchanged(case):
    name, options, ruleset = case
    d = ludii(name, options, ruleset)
    assert d.tree.rule == "game"
    assert d.name == name
    for cat, item in (options or {}).items():
        assert d.options[cat] == item
    if ruleset:
        assert d.ruleset == ruleset
    round_trips(d)


def test_tic_tac_toe_uses_the_line3win_define():
    d = ludii("Tic-Tac-Toe")
    assert first(d.tree, "end").args[0] == first(
        parse('(game "T" (players 2) (equipment {(board (square 3)) (piece "D" Each)}) '
              "(rules (play (move Add (to (sites Empty)))) "
              "(end (if (is Line 3) (result Mover Win)))))").tree, "end").args[0]
    pieces = [n.args[0] for n in d.tree.find("equip_piece")]
    assert pieces == ["Disc", "Cross"]


def test_hex_defaults():
    d = ludii("Hex")
    # "11x11" has two stars, beating the one-star items 10x10, 14x14 and 17x17
    assert d.options == {"Board Size": "11x11", "Swap Rules": "On", "End Rules": "Standard"}
    assert first(d.tree, "board_hex_diamond").args == (11,)
    assert d.tree.find("metarule_swap")
    assert first(d.tree, "outcome_result").args[1].name == "Win"
    misere = ludii("Hex", {"End Rules": "Misere", "Swap Rules": "Off"})
    assert first(misere.tree, "outcome_result").args[1].name == "Loss"
    assert not misere.tree.find("metarule_swap")


def test_yavalath_players():
    two = ludii("Yavalath", {"Players": "2 Players"})
    assert two == ludii("Yavalath")  # "2 Players" is the default (two stars)
    assert first(two.tree, "players").args == (2,)
    assert two.tree.find("metarule_swap")
    assert not two.tree.find("moves_priority")
    assert first(two.tree, "board_rotate").args[0] == 90
    assert first(two.tree, "board_hex").args == (5,)  # "5x5" has two stars

    three = ludii("Yavalath", {"Players": "3 Players"})
    assert first(three.tree, "players").args == (3,)
    assert not three.tree.find("metarule_swap")
    priority = first(three.tree, "moves_priority")
    assert len(priority.args[0]) == 2
    winning = three.tree.find("region_sites_winning")
    assert [w.args[0].name for w in winning] == ["Mover", "Next"]
    assert three.hash != two.hash

    big = ludii("Yavalath", {"Board Size": "8x8"})
    assert first(big.tree, "board_hex").args == (8,)


@pytest.mark.parametrize("size", range(4, 11))
def test_havannah_sizes(size):
    on = ludii("Havannah", {"Board Size": f"{size}x{size}", "Swap Rules": "On"})
    off = ludii("Havannah", {"Board Size": f"{size}x{size}", "Swap Rules": "Off"})
    assert first(on.tree, "board_hex").args == (size,)
    assert on.tree.find("metarule_swap") and not off.tree.find("metarule_swap")
    assert off.tree.find("cond_is_loop")
    assert on.hash != off.hash


def test_havannah_defaults():
    d = ludii("Havannah")
    assert d.options == {"Board Size": "8x8", "Swap Rules": "Off"}


def test_fivalath_and_gomoku_defaults():
    five = ludii("Fivalath")
    assert five.options == {"Board Size": "10"}
    assert first(five.tree, "equip_board").args[0] == Node("board_square", (10,))
    lines = [n.args[0] for n in five.tree.find("cond_is_line")]
    assert lines == [5, 4]

    gomoku = ludii("Gomoku")
    assert gomoku.options == {"Board Size": "15x15", "Opening": "Standard",
                              "End Rules": "Standard"}
    line = first(gomoku.tree, "cond_is_line")
    assert line.named("exact") is True
    free = ludii("Gomoku", {"End Rules": "Free-style", "Board Size": "19x19"})
    assert first(free.tree, "cond_is_line").named("exact") is None
    assert first(free.tree, "board_square").args == (19,)


def test_oware_rulesets():
    default = ludii("Oware")
    wari = ludii("Oware", ruleset="Wari (Observed)")
    assert default.ruleset == "Wari (Observed)"
    assert default.tree == wari.tree
    assert wari.options == {"Play Rules": "No limit by hole", "End Rules": "No Piece"}
    sow = first(wari.tree, "effect_sow")
    assert sow.named("skipIf") is None
    assert sow.named("backtracking") is True and sow.named("includeSelf") is False
    assert wari.tree.find("outcome_by_score")
    # the "PiecesOwnedBy" define is expanded inside the score
    assert wari.tree.find("int_add")

    awari = ludii("Oware", ruleset="Ruleset/Awari (Suggested)")
    assert awari.ruleset == "Awari (Suggested)"
    assert awari.options == {"Play Rules": "12 counters max by hole", "End Rules": "25 Counters"}
    skip = first(awari.tree, "effect_sow").named("skipIf")
    assert skip == parse_cond("(>= (count at:(to)) 12)")
    clauses = first(awari.tree, "end").args[0]
    assert [c.args[0] for c in clauses] == [
        parse_cond("(>= (count at:(mapEntry P1)) 25)"),
        parse_cond("(>= (count at:(mapEntry P2)) 25)"),
    ]
    assert not awari.tree.find("outcome_by_score")
    assert awari.hash != wari.hash

    # an option overrides the ruleset
    mixed = ludii("Oware", {"End Rules": "No Piece"}, ruleset="Awari (Suggested)")
    assert first(mixed.tree, "effect_sow").named("skipIf") is not None
    assert mixed.tree.find("outcome_by_score")


def test_multiplayer_yavalath_no_swap():
    d = ludii("Multiplayer Yavalath")
    assert d.options == {"Players": "4 Players", "Swap Rule": "No Swap"}
    assert first(d.tree, "players").args == (4,)
    assert first(d.tree, "moves_priority")
    assert first(d.tree, "region_union")
    three = ludii("Multiplayer Yavalath", {"Players": "3"})
    assert first(three.tree, "players").args == (3,)


def test_awari_uses_the_mancala_define_library():
    d = ludii("Awari")
    assert first(d.tree, "equip_mancala_board").named("store").name == "None"
    assert d.tree.find("cond_all_sites")
    scores = d.tree.find("score")
    assert [s.args[1] for s in scores] == [
        parse_int("(count Cell at:(handSite P1))"),
        parse_int("(count Cell at:(handSite P2))"),
    ]


def test_y_hex():
    d = ludii("Y (Hex)")
    assert first(d.tree, "board_tri_hexagon").args == (7,)
    assert first(d.tree, "equip_board").named("use").name == "Vertex"
    assert [r.args[0] for r in d.tree.find("equip_regions")] == ["SSW", "NNW", "NESE"]


def test_missing_define_library_is_reported(monkeypatch):
    monkeypatch.delenv("LUDI_DEFINE_PATH", raising=False)
    path = LUDII / "Tic-Tac-Toe.lud"
    with pytest.raises(DefineError):
        parse(path.read_text(encoding="utf-8"))
