"""Rule tests for the levels of stacks, from Ludii's source, and Ludii's statistics for race
games whose pieces move from a level of their pile:

- ``(forEach Piece)`` without ``top:True`` (``ForEachPiece``) walks every piece the mover owns,
  each at its (site, level), and makes the piece's moves there: a pile of three gives its moves
  three times (with ``top:True``, once: the top piece only);
- ``(level)`` (``game.functions.ints.context.Level``) is the level of that piece;
- ``(from SITE level:L)`` (``FromTo``: ``ActionMove`` from level L) moves the piece at level L,
  ``(move Remove SITE level:L)`` (``Remove``: ``ActionRemove`` at level L) takes it off; a
  ``level:`` makes the game stacking (their ``gameFlags``). ludi's piles hold one kind, so the
  piece at any level moves as the top one would.

Ludii's files that move a level of a pile (Panchi, Gavalata, Main Pacheh, …) meet other
refusals after these (a merged board without use:Vertex, a start site by (mapEntry …),
(can Move (forEach Piece))), so none is compared with Ludii's statistics here yet.
"""

from __future__ import annotations

from collections import Counter

import pytest

import ludi
from ludi.errors import CompileError

PILES = """(game "Levels" (players 2)
  (equipment {{(board (rectangle 1 6)) (hand Each)
    (piece "Disc" Each
      (if (= (from) 3) (move Remove (from) {level})
        (move (from (from) {level})
              (to (sites Board) if:(and (!= (from) (to)) (not (is Enemy (who at:(to)))))))))}})
  (rules
    (start {{ {start} }})
    (play ({play}))
    (end (if (no Pieces Next) (result Mover Win)))))"""

START = '(place Stack "Disc1" 0 count:3) (place Stack "Disc2" 4 count:2) (place "Disc1" 3)'
LEVEL = "level:(level)"


def piles(start: str = START, level: str = LEVEL, play: str = "forEach Piece") -> ludi.Game:
    return ludi.parse(PILES.format(start=start, level=level, play=play))


def moves(state) -> Counter:
    return Counter(str(m) for m in state.legal_moves())


def test_each_level_of_a_pile_gives_the_moves_of_its_piece():
    state = piles().initial_state()
    # a1 holds three of P1's pieces: each goes to b1, c1, f1 (empty) or d1 (its own), not to
    # e1 (P2's); d1's one piece is taken off (the (if …) of (from) = d1)
    assert moves(state) == Counter({"a1-b1": 3, "a1-c1": 3, "a1-d1": 3, "a1-f1": 3, "d1": 1})


def test_top_true_gives_the_moves_of_the_top_piece_once():
    state = piles(play="forEach Piece top:True").initial_state()
    assert moves(state) == Counter({"a1-b1": 1, "a1-c1": 1, "a1-d1": 1, "a1-f1": 1, "d1": 1})


def test_the_piece_at_a_level_moves_and_the_pile_loses_one():
    state = piles().initial_state()
    state.apply("a1-d1")
    assert [state.count(c) for c in range(6)] == [2, 0, 0, 2, 2, 0]
    assert moves(state) == Counter({"e1-f1": 2, "e1-b1": 2, "e1-c1": 2})


def test_a_removal_at_a_level_takes_one_piece_of_the_pile():
    state = piles(start='(place Stack "Disc1" 3 count:3) (place "Disc2" 5)').initial_state()
    assert moves(state) == Counter({"d1": 3})
    state.apply("d1")
    assert state.count(3) == 2 and state.owner(3) == 0


def test_moves_from_the_hand_are_made_for_each_piece_there():
    g = piles(start='(place Stack "Disc1" (handSite P1) count:2) (place "Disc2" 5)',
              play="forEach Piece container:(mover)")
    hand = g.board.label(g.board.num_cells - 2)  # P1's hand
    state = g.initial_state()
    assert moves(state) == Counter({f"{hand}-{to}": 2 for to in ("a1", "b1", "c1", "d1", "e1")})


def test_a_level_makes_the_game_stacking():
    """No (place Stack …): the (from … level:(level)) alone makes Ludii's game stacking, so a
    piece that lands on its own kind joins the pile."""
    state = piles(start='(place "Disc1" 0) (place "Disc1" 1) (place "Disc2" 5)').initial_state()
    state.apply("a1-b1")
    assert state.count(1) == 2 and state.count(0) == 0
    assert moves(state)["a1-b1"] == 0


@pytest.mark.parametrize("level, play, wrong", [
    ("level:0", "forEach Piece", "a level: other than (level)"),
    ("level:(level)", "move (from (sites Occupied by:Mover) level:(level)) (to 2)",
     "level:(level) is read only"),
    ("", "forEach Piece (move Select (from (from)) (then (set Score Mover (level))))",
     "(level) is read only"),
    ("", "forEach Piece (move (from (handSite Mover)) (to 1))", "must start from the piece's own"),
    ("", "forEach Piece (move Select (from (from) level:(level)))",
     "a (from … level:…) is read only in (move"),
])
def test_levels_a_pile_of_one_kind_cannot_say_are_refused(level, play, wrong):
    with pytest.raises(CompileError) as err:
        piles(level=level, play=play)
    assert wrong in str(err.value)
