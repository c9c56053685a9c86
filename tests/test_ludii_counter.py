"""Rule tests for Ludii's counter and promotion choices (the chess family), from Ludii's source
(Game.applyInternal, SetCounter, Promote):

- ``(counter)`` grows by one after every move, once that move's end rules were tried;
  ``(set Counter)`` sets it to -1, so it reads 0 after that move (the 50-move rule's
  ``(= (counter) 100)``).
- ``(move Promote SITE (piece {"Queen" "Rook"}) Mover)``: one promotion move for each type.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

COUNTER = """(game "C" (players 2)
 (equipment {(board (square 4)) (piece "Disc" Each)})
 (rules
  (play (move Add (to (sites Empty))
         (then (if (is In (last To) (sites Corners)) (set Counter)))))
  (end {(if (= (counter) 3) (result Mover Draw))
        (if (is Full) (result Mover Win))})))"""


def test_the_counter_counts_the_moves_before_the_end_rules_read_it():
    state = ludi.parse(COUNTER).initial_state()
    for cell in ("b2", "b3", "c2"):  # the end rules read 0, 1, 2
        state.apply(cell)
        assert not state.is_terminal()
    state.apply("c3")  # the fourth move: 3 moves were made before it
    assert state.is_terminal() and state.winner is None


def test_setting_the_counter_starts_it_again_after_that_move():
    state = ludi.parse(COUNTER).initial_state()
    for cell in ("b2", "b3", "a1", "c2", "c3", "b1"):  # read: 0, 1, -1 (A1 set it), 0, 1, 2
        state.apply(cell)
        assert not state.is_terminal()
    state.apply("c1")  # reads 3
    assert state.is_terminal() and state.winner is None


def test_the_counter_can_be_set_to_a_value():
    text = COUNTER.replace("(set Counter)", "(set Counter 1)")
    state = ludi.parse(text).initial_state()
    for cell in ("a1", "b2"):  # the end rules read 1 after A1, 2 after B2
        state.apply(cell)
        assert not state.is_terminal()
    state.apply("b3")
    assert state.is_terminal() and state.winner is None


PROMOTE = """(game "P" (players 2)
 (equipment {(board (square 3))
   (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
                        (then (if (is In (last To) (sites Top)) (moveAgain)))))
   (piece "Queen" Each) (piece "Rook" Each)})
 (rules (start {(place "Pawn1" (sites {"A2"})) (place "Pawn2" (sites {"C1"}))})
  (play (if (is Prev Mover) (move Promote (last To) (piece {"Queen" "Rook"}) Mover)
            (forEach Piece)))
  (end {(if (= (what at:(coord "A3")) (id "Rook1")) (result P2 Win))
        (if (no Moves Next) (result Mover Win))})))"""


def test_a_promotion_offers_each_type_of_the_choice():
    state = ludi.parse(PROMOTE).initial_state()
    state.apply("a2-a3")  # reaches the top and moves again: the promotion
    assert len(state.legal_moves()) == 2
    queen = state.copy().apply(state.legal_moves()[0])
    assert not queen.is_terminal() and queen.owner("a3") == 0
    state.apply(state.legal_moves()[1])  # the rook: the end rule for a rook on A3
    assert state.is_terminal() and state.winner == 1


def test_a_choice_of_pieces_elsewhere_is_refused():
    text = PROMOTE.replace('(move Promote (last To) (piece {"Queen" "Rook"}) Mover)',
                           '(move Add (piece {"Queen" "Rook"}) (to (sites Empty)))')
    with pytest.raises(CompileError, match=r"read only in \(move Promote"):
        ludi.parse(text)
