"""Rules that can never take effect (ludi.compile.lint): each kind of finding on a hand-written
description, none on the shipped games, and pruning that keeps the game: the pruned text parses,
compiles and plays the same moves to the same results, and descriptions that differ only by dead
rules share one pruned hash."""

from __future__ import annotations

import random
import shutil
import tempfile
from pathlib import Path

import pytest

import ludi
from ludi import cli
from ludi.compile.layout import P
from ludi.compile.lint import dead_rule_count, dead_rules, implies, pruned, pruned_hash
from ludi.engine.playouts import recorded_random_game
from ludi.errors import LudiError
from ludi.lang import load_description, parse, parse_fragment, shipped_games
from ludi.ludii import sample_random_play
from ludi.ludii.reference import Reference, disagreements


def game(rules: str, *, equipment: str = '(board (square 9)) (piece "Disc" Each)',
         players: int = 2) -> str:
    return (f'(game "Lint" (players {players}) (equipment {{{equipment}}}) '
            f"(rules {rules}))")


PLAY = "(play (move Add (to (sites Empty))))"
LINE3 = "(end (if (is Line 3) (result Mover Win)))"


def findings(text: str) -> list[str]:
    found = dead_rules(text)
    assert dead_rule_count(text) == len(found)
    return found


# ------------------------------------------------------------------ each kind of finding


@pytest.mark.parametrize("end, clause, reason", [
    ("(if False (result Mover Win)) (if (is Line 3) (result Mover Win))",
     "end clause 1 `(if False (result Mover Win))`", "its condition never holds"),
    ("(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Mover Loss))",
     "end clause 2 `(if (is Line 3) (result Mover Loss))`", "clause 1 has the same condition"),
    ("(if (is Line 3) (result Mover Win)) (if (is Line 4) (result Mover Loss))",
     "end clause 2 `(if (is Line 4) (result Mover Loss))`", "so does clause 1's `(is Line 3)`"),
    ("(if (is Line 3) (result Mover Win)) (if (and (is Loop) (is Line 3)) (result Next Win))",
     "end clause 2", "so does clause 1's `(is Line 3)`"),
    ("(if (or (is Line 3) (no Moves Mover)) (result Mover Win)) "
     "(if (no Moves Mover) (result Mover Draw))",
     "end clause 2", "so does clause 1's"),
    ("(if (not False) (result Mover Draw)) (if (is Line 3) (result Mover Win))",
     "end clause 2", "clause 1 always applies first"),
    ("(if (is Line 3) (result Mover Win)) (if (= 1 2) (result Mover Loss))",
     "end clause 2 `(if (= 1 2) (result Mover Loss))`", "its condition never holds"),
])
def test_an_end_clause_that_can_never_fire(end, clause, reason):
    found = findings(game(f"{PLAY} (end {{{end}}})"))
    assert len(found) == 1, found
    assert found[0].startswith(clause) and "can never fire" in found[0], found
    assert reason in found[0]


@pytest.mark.parametrize("end", [
    # a longer line does not imply an exact one, another player's or another direction's
    "(if (is Line 3 exact:True) (result Mover Win)) (if (is Line 4) (result Mover Loss))",
    "(if (is Line 3 Next) (result Mover Loss)) (if (is Line 4) (result Mover Win))",
    "(if (is Line 3 Orthogonal) (result Mover Win)) (if (is Line 4) (result Mover Loss))",
    # a shorter line does not imply a longer one: Yavalath's rule
    "(if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss))",
    "(if (and (is Line 3) (is Loop)) (result Mover Win)) (if (is Line 3) (result Mover Loss))",
])
def test_clauses_that_can_fire_are_not_reported(end):
    assert findings(game(f"{PLAY} (end {{{end}}})")) == []


def test_is_line_means_at_least_n_unless_exact():
    """What the implication relies on: (is Line 3) holds for a line of four, unless exact."""
    text = game(f"{PLAY} (end {{(if (is Line 3 exact:EXACT) (result Mover Win))}})",
                equipment='(board (square 4)) (piece "Disc" Each)')
    for exact, over in (("False", True), ("True", False)):
        state = ludi.parse(text.replace("EXACT", exact)).initial_state()
        # P1 plays a1 b1 d1, P2 elsewhere; P1's c1 then makes a line of four through it
        for move in ("a1", "a4", "b1", "b4", "d1", "d3", "c1"):
            state.apply(move)
        assert state.is_terminal() is over
    assert implies(parse_fragment("(is Line 4)", "cond"), parse_fragment("(is Line 3)", "cond"))
    assert not implies(parse_fragment("(is Line 4)", "cond"),
                       parse_fragment("(is Line 3 exact:True)", "cond"))
    # lines along other directions say nothing of each other
    assert not implies(parse_fragment("(is Line 4 Diagonal)", "cond"),
                       parse_fragment("(is Line 3 Orthogonal)", "cond"))
    assert not implies(parse_fragment("(is Line 4 N)", "cond"),
                       parse_fragment("(is Line 3 E)", "cond"))
    assert implies(parse_fragment("(is Line 4 N)", "cond"), parse_fragment("(is Line 3 N)", "cond"))


@pytest.mark.parametrize("meta, finding", [
    ("(meta {(swap) (swap)})", "meta rule `(swap)` appears twice"),
    ("(meta {(moveLimit 50) (moveLimit 80)})",
     "meta rule `(moveLimit 50)` never applies: the later `(moveLimit 80)` replaces it"),
    ("(meta (firstWinEnds))", "meta rule `(firstWinEnds)` never applies: in a 2-player game"),
])
def test_a_meta_rule_that_never_applies(meta, finding):
    found = findings(game(f"{meta} {PLAY} {LINE3}"))
    assert len(found) == 1 and found[0].startswith(finding), found


def test_the_pie_rule_of_a_three_player_game_never_applies():
    three = load_description("yavalath", options={"Players": "3 Players"})
    assert findings(three.to_text()) == [
        "meta rule `(swap)` never applies: the pie rule acts in 2-player games only (this one "
        "has 3)"]
    assert findings(game(f"(meta (swap)) {PLAY} {LINE3}")) == []


@pytest.mark.parametrize("play, finding", [
    ("(or {(move Add (to (sites Empty))) (move Pass) (move Add (to (sites Empty)))})",
     "`(move Add (to (sites Empty)))` is repeated in `(or …)`: the repeat adds no move"),
    ("(priority {(move Add (to (sites Corners))) (move Add (to (sites Empty))) "
     "(move Add (to (sites Corners)))})",
     "`(move Add (to (sites Corners)))` is repeated in `(priority …)`"),
    ("(move Add (to (union {(sites Corners) (sites Top) (sites Corners)})))",
     "`(sites Corners)` is repeated in `(union …)`: the repeat adds no site"),
    ("(move Add (to (sites Empty) if:(and (is Empty (to)) (is Empty (to)))))",
     "`(is Empty (to))` is repeated in `(and …)`: the repeat changes nothing"),
    ("(or {(move Add (to (sites Empty))) (if False (move Pass))})",
     "moves `(move Pass)` of `(if False …)` are never generated"),
    ("(if True (move Add (to (sites Empty))) (move Pass))",
     "moves `(move Pass)` (the else of `(if True …)`) are never generated"),
])
def test_a_repeated_or_never_generated_move(play, finding):
    found = findings(game(f"(play {play}) {LINE3}"))
    assert len(found) == 1 and found[0].startswith(finding), found


@pytest.mark.parametrize("equipment, finding", [
    ('(board (square 3)) (piece "Disc" Each) (piece "Disc" Each)',
     'piece `(piece "Disc" Each)` is declared twice'),
    ('(board (square 3)) (piece "Disc" Each) (piece "Marker" Enemy)',
     'piece `(piece "Marker" Enemy)` can never be placed: Enemy owns no pieces'),
    ('(board (square 3)) (piece "Disc" Each) (piece "Cross" P3)',
     'piece `(piece "Cross" P3)` can never be placed: P3 owns no pieces'),
    ('(board (square 3)) (piece "Disc" Each) (piece "Ball" Shared)',
     'piece `(piece "Ball" Shared)` can never be placed: no rule places a Shared piece'),
    ('(board (square 3)) (piece "Disc" P1) (piece "Cross" P2) (piece "Ring" Each)',
     'piece `(piece "Ring" Each)` can never be placed: (move Add …) places each player\'s '
     "first piece"),
])
def test_a_piece_no_rule_can_place(equipment, finding):
    found = findings(game(f"{PLAY} {LINE3}", equipment=equipment))
    assert len(found) == 1 and found[0].startswith(finding), found


def test_pieces_that_rules_place_are_not_reported():
    # a second piece named by (place …), and a Shared piece standing for counters
    placed = game('(start (place "Ring1" (sites Corners))) ' + f"{PLAY} {LINE3}",
                  equipment='(board (square 3)) (piece "Disc" Each) (piece "Ring" Each)')
    counted = game(f"(start (set Count 2 to:(sites Corners))) {PLAY} {LINE3}",
                   equipment='(board (square 3)) (piece "Disc" Each) (piece "Seed" Shared)')
    assert findings(placed) == findings(counted) == []


def test_a_repeated_start_rule():
    text = game("(start {(set Count 2 to:(sites Corners)) (set Count 2 to:(sites Corners))}) "
                f"{PLAY} {LINE3}")
    assert findings(text) == ["start rule `(set Count 2 to:(sites Corners))` appears twice: the "
                              "repeat sets the same values"]


HEX5 = '(board (hex 5)) (piece "Marker" Each)'


def test_a_line_longer_than_the_board_never_holds(capsys):
    """(is Line 50) on hexhex 5 (longest line 9): nobody can ever win, and the linter says so,
    in Python and on the command line (exit 1 when it finds something)."""
    text = game(f"{PLAY} (end (if (is Line 50) (result Mover Win)))", equipment=HEX5)
    found = findings(text)
    assert len(found) == 1 and found[0].startswith(
        "end clause 1 `(if (is Line 50) (result Mover Win))` can never fire: no line of 50 "
        "fits on this board (hexhex 5, 61 cells): its longest along Adjacent directions has 9 "
        "sites"), found
    assert findings(game(f"{PLAY} (end (if (is Line 9) (result Mover Win)))",
                         equipment=HEX5)) == []
    # inside (and …) one impossible part is enough; inside (or …) every part must be
    assert findings(game(f"{PLAY} (end {{(if (is Line 3) (result Mover Loss)) (if (and (is "
                         "Line 4) (is Line 10)) (result Mover Win))})", equipment=HEX5))
    assert findings(game(f"{PLAY} (end (if (or (is Line 4) (is Line 10)) (result Mover Win)))",
                         equipment=HEX5)) == []
    # a 9x9 square board's diagonals are 9 long, its rows too: 10 fits along none
    assert findings(game(f"{PLAY} (end (if (is Line 10 Diagonal) (result Mover Win)))"))
    path = Path(capsys_dir := tempfile.mkdtemp()) / "long.lud"
    path.write_text(text)
    assert cli.main(["lint", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("warning: end clause 1") and "1 rule that can never take effect" in err
    assert cli.main(["lint", "yavalath"]) == 0
    assert "no rule that can never take effect" in capsys.readouterr().err
    shutil.rmtree(capsys_dir)


@pytest.mark.parametrize("rules, dead", [
    (f"(meta (moveLimit 399)) {PLAY} {LINE3}", True),   # 61 sites: over within 61 plies
    (f"(meta (moveLimit 61)) {PLAY} {LINE3}", False),
    (f"(meta (moveLimit 62)) {PLAY} {LINE3}", True),
    (f"(meta {{(swap) (moveLimit 62)}}) {PLAY} {LINE3}", False),  # the swap is a ply of its own
    (f"(meta {{(swap) (moveLimit 63)}}) {PLAY} {LINE3}", True),
    # an end rule that never fires still ends the game in a draw once nobody can move
    (f"(meta (moveLimit 399)) {PLAY} (end (if False (result Mover Win)))", True),
    # moves that are not all adds may go on past the board's size
    (f"(meta (moveLimit 399)) (play (or (move Add (to (sites Empty))) (move Pass))) {LINE3}",
     False),
])
def test_a_move_limit_an_add_only_game_cannot_reach(rules, dead):
    found = [f for f in findings(game(rules, equipment=HEX5)) if "moveLimit" in f]
    assert bool(found) is dead, found
    if dead:
        assert "is over within" in found[0]


def test_one_game_whatever_its_name_or_the_spelling_of_its_lines():
    """On a square board (is Line 5) runs along diagonals too, so (is Line 5 All) is the same
    rule; Orthogonal is not. A game's name is not part of the game."""
    five = game(f"{PLAY} (end (if (is Line 5) (result Mover Win)))")
    spelled = five.replace("(is Line 5)", "(is Line 5 All)").replace('"Lint"', '"Four Line"')
    assert parse(five).hash != parse(spelled).hash
    assert pruned_hash(five) == pruned_hash(spelled)
    assert findings(spelled) == []  # a spelling, not a dead rule
    assert pruned_hash(five.replace("(is Line 5)", "(is Line 5 Orthogonal)")) != \
        pruned_hash(five)
    hexes = game(f"{PLAY} (end (if (is Line 4) (result Mover Win)))", equipment=HEX5)
    assert pruned_hash(hexes.replace("(is Line 4)", "(is Line 4 Orthogonal)")) == \
        pruned_hash(hexes)  # on a hex board every direction is orthogonal


def test_shipped_games_have_no_dead_rules():
    for name in shipped_games():
        assert dead_rules(load_description(name)) == [], name


def test_bad_input_is_a_clear_error():
    with pytest.raises(LudiError, match="is never closed"):
        dead_rules('(game "Broken" (players 2)')
    with pytest.raises(LudiError, match="expected a game description"):
        dead_rules(42)
    with pytest.raises(LudiError, match="expected a game description"):
        pruned(parse_fragment("(is Line 3)", "cond"))


# ------------------------------------------------------------------ pruning keeps the game


def _in_play(name: str, old: str, new: str, **options) -> str:
    text = load_description(name, options=options or None).to_text(width=10**9)
    assert old in text, (name, old)
    return text.replace(old, new, 1)


def _examples() -> dict[str, tuple[str, bool]]:
    """name -> (description with dead rules, whether random play sees the same move lists;
    a repeat in (or …) lists its moves twice)."""
    ttt = game("(meta {(swap) (swap) (moveLimit 30) (moveLimit 9) (firstWinEnds)}) "
               "(play (move Add (to (sites Board)))) (end {(if (is Line 3) (result Mover Win)) "
               "(if False (result Mover Loss)) (if (is Line 4) (result Next Win)) "
               "(if (and (is Line 3) (is Line 3)) (result Mover Draw))})",
               equipment='(board (square 3)) (piece "Disc" P1) (piece "Cross" P2) '
                         '(piece "Disc" P1) (piece "Ball" Shared) (piece "Ring" Each)')
    winning = "(move Add (to (sites Winning Next (add (to (sites Empty))))))"
    yavalath3 = _in_play("yavalath", f"{winning} (move Add (to (sites Empty)))",
                         f"{winning} (move Add (to (sites Empty))) {winning}",
                         Players="3 Players")
    oware = _in_play("oware", "(is In (to) (sites Next))",
                     "(and {(is In (to) (sites Next)) (is In (to) (sites Next))})")
    oware = oware.replace("(end {", "(end {(if (= 1 2) (result P2 Win)) "
                          "(if (>= (count at:(mapEntry P1)) 25) (result P1 Win)) ", 1)
    playwin = _in_play("playwin", "(union (sites Row 0) (sites Row 1))",
                       "(union {(sites Row 0) (sites Row 1) (sites Row 0)})")
    playwin = playwin.replace("(if (is Repeated 3) (result Mover Draw))",
                              "(if (is Repeated 3) (result Mover Draw)) (if (and (no Moves "
                              "Mover) (> (count Pieces Mover) 0)) (result Next Win))")
    hexes = game("(play (or {(move Add (to (sites Empty))) (if False (move Pass)) "
                 "(if True (move Add (to (sites Empty))) (move Pass))})) "
                 "(end {(if (is Line 3) (result Mover Win)) (if (is Line 3) (result Next Win))})",
                 equipment='(board (hex 3)) (piece "Marker" Each)')
    five = game("(meta (moveLimit 399)) (play (move Add (to (sites Empty)))) "
                "(end {(if (is Line 12) (result Next Win)) "
                "(if (is Line 5 All) (result Mover Win))})",
                equipment='(board (square 7)) (piece "Disc" Each)')
    return {"tictactoe": (ttt, True), "yavalath3": (yavalath3, True), "oware": (oware, True),
            "playwin": (playwin, True), "hex-or": (hexes, False), "five-all": (five, True)}


def _play_both(original: ludi.Game, cut: ludi.Game, seed: int, same_lists: bool) -> None:
    """One random game played move for move on both: the same legal moves at every ply, the
    same end and result."""
    rng = random.Random(seed)
    a, b = original.initial_state(), cut.initial_state()
    while not a.is_terminal():
        moves = [m.text for m in a.legal_moves()]
        others = [m.text for m in b.legal_moves()]
        assert (moves == others) if same_lists else (set(moves) == set(others))
        move = rng.choice(sorted(set(moves)))
        a.apply(move)
        b.apply(move)
    assert b.is_terminal()
    assert (a.returns(), a.end_type) == (b.returns(), b.end_type)


@pytest.mark.parametrize("name", sorted(_examples()))
def test_pruning_changes_nothing_in_play(name):
    text, same_lists = _examples()[name]
    assert dead_rules(text), "the example carries dead rules"
    cut = pruned(text)
    assert dead_rules(cut) == []
    assert pruned(cut) == cut  # pruning twice is pruning once
    original, shorter = ludi.parse(text), ludi.parse(cut)  # both parse and compile
    for seed in range(4):
        _play_both(original, shorter, seed, same_lists)
    if same_lists:
        _kernels_play_both_alike(original, shorter)


def _kernels_play_both_alike(original: ludi.Game, cut: ludi.Game) -> None:
    """The kernels' own random games: the recording playout (which draws from the whole move
    list on every game) plays the same games move for move; the fast playouts draw the same
    games where both take the same path, and games alike within sampling error where pruning
    opened a faster one (Oware's sowing path filters every move before its draw, the general
    path tests the drawn move alone: the same distribution from a different stream)."""
    for seed in range(25):
        (a, *rec_a), (b, *rec_b) = (recorded_random_game(g, seed) for g in (original, cut))
        assert all((x == y).all() for x, y in zip(rec_a, rec_b, strict=True)), seed
        assert (a.returns(), a.end_type) == (b.returns(), b.end_type), seed
    if original.tables[P.SOW_TURN] == cut.tables[P.SOW_TURN]:
        timing = ("games_per_s", "plies_per_s")
        a, b = ({k: v for k, v in ludi.random_playouts(g, 400, seed=5).items()
                 if k not in timing} for g in (original, cut))
        assert a == b
    else:
        ours = sample_random_play(cut, 400, seed=5)
        theirs = Reference(**vars(sample_random_play(original, 400, seed=5)))
        assert disagreements(ours, theirs) == []


def test_descriptions_that_differ_by_dead_rules_share_one_pruned_hash():
    base = load_description("yavalath").to_text()
    variants = [
        base.replace("(meta {(swap)})", "(meta {(swap) (swap)})"),
        base.replace("(if (is Line 3) (result Mover Loss))",
                     "(if (is Line 3) (result Mover Loss)) (if (is Line 5) (result Next Win)) "
                     "(if False (result Mover Draw))"),
        base.replace('(piece "Marker" Each)', '(piece "Marker" Each) (piece "Ball" Shared)'),
        base.replace("(move Add (to (sites Empty)))",
                     "(or (move Add (to (sites Empty))) (move Add (to (sites Empty))))"),
    ]
    assert all(v != base for v in variants)
    assert len({parse(v).hash for v in [base, *variants]}) == len(variants) + 1
    assert {pruned_hash(v) for v in variants} == {pruned_hash(base)}
    assert parse(pruned(variants[1])).hash == parse(pruned(base)).hash
    # a real difference stays a difference
    assert pruned_hash(base.replace("(is Line 3)", "(is Line 2)")) != pruned_hash(base)
