"""Rule tests for Ludii's local state of a site, from Ludii's source (ContainerFlatState,
ActionMove, ActionMoveN, ActionSetState, Sow):

- ``(place "X" REGION state:N)`` starts the sites with state N; ``(state at:SITE)`` reads it
  (0 until set); ``(set State at:SITE N)`` sets it, a piece there or not.
- A piece that moves takes its state along (the destination's old state is overwritten); a site
  emptied (a piece taken or moved away, the last counter gone) is reset to 0.
- ``(promote SITE (piece (id "Name" ROLE)))`` without a role promotes to ROLE's type.
- ``(and A (if C B))``: Ludii evaluates every part before it applies any (And.eval, then
  Move.apply), so C reads the position before A; ludi tests C first.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

ROOK = """(game "R" (players 2)
 (equipment {(board (square 4))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))
     (then (if (= 1 (state at:(last To))) (set State at:(last To) 2)))))
   (piece "King" Each (move Step (to if:(not (is Friend (who at:(to)))) (apply (remove (to))))))})
 (rules (start {(place "Rook1" coord:"A1" state:1) (place "King1" coord:"D1")
                (place "Rook2" coord:"A4") (place "King2" coord:"D4" state:3)})
  (play (forEach Piece))
  (end {(if (= 2 (state at:(last To))) (result Mover Win))
        (if (no Moves Next) (result Mover Loss))})))"""


def states(state, labels) -> list[int]:
    return [state.local_state(label) for label in labels]


def test_the_start_sets_states_and_a_moved_piece_takes_its_state_along():
    state = ludi.parse(ROOK).initial_state()
    assert states(state, ["a1", "d1", "a4", "d4", "b1"]) == [1, 0, 0, 3, 0]
    state.apply("a1-b1")  # the rook carries state 1 to B1, A1 is reset; its then sets 2: a win
    assert states(state, ["a1", "b1"]) == [0, 2]
    assert state.is_terminal() and state.winner == 0


def test_a_capture_overwrites_the_state_of_the_site_taken():
    text = ROOK.replace('(place "Rook1" coord:"A1" state:1)', '(place "Rook1" coord:"A1")')
    state = ludi.parse(text).initial_state()
    state.apply("a1-a2")
    state.apply("d4-c4")  # the king (state 3) leaves D4: D4 is reset, C4 takes 3
    assert states(state, ["d4", "c4"]) == [0, 3]
    state.apply("a2-a4")  # the rook (state 0) takes A4's rook
    assert states(state, ["a4", "a2"]) == [0, 0]
    state.apply("c4-c3")
    state.apply("a4-c4")
    state.apply("c3-c4")  # the king (state 3) takes the rook at C4
    assert states(state, ["c4", "c3"]) == [3, 0]


MANCALA = """(game "M" (players 2)
 (equipment {(mancalaBoard 2 3 store:None (track "T" "0,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)})
 (rules (start (set Count 2 to:(sites Track)))
  (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
    (then (and (sow) (if (is Mover P1) (and (set State at:4 9) (set State at:3 8)))))))
  (end (if (no Moves Next) (result Mover Win)))))"""
# Ludii's sites: a b c (0-2) along the bottom, then the top row from the left: C (3), B (4), A (5)


def test_a_sown_site_keeps_its_state_and_the_emptied_origin_is_reset():
    state = ludi.parse(MANCALA).initial_state()
    state.apply("a")  # P1 sows a into b and c, then marks B (9) and C (8)
    assert states(state, ["a", "B", "C"]) == [0, 9, 8]
    state.apply("B")  # B's two counters go to C and a: B is emptied (reset), C keeps 8
    assert states(state, ["a", "B", "C"]) == [0, 0, 8]
    assert [state.count(x) for x in ("a", "B", "C")] == [1, 0, 3]


def test_set_state_reads_back_on_an_empty_site():
    text = """(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (sites Empty) if:(= 0 (state at:(to))))
                   (then (set State at:(ahead (last To) N) 1))))
      (end (if (is Line 3) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    state.apply("a1")  # A2, still empty, is marked: nobody may place there now
    assert "a2" not in [str(m) for m in state.legal_moves()]
    assert len(state.legal_moves()) == 7


def test_promote_without_a_role_takes_the_role_of_the_pieces_id():
    text = """(game "P" (players 2)
     (equipment {(board (square 3))
       (piece "Pawn" Each (move Step Forward (to if:(is Empty (to)))
         (then (if (is In (last To) (sites Top)) (promote (last To) (piece (id "Queen" Mover)))))))
       (piece "Queen" Each)})
     (rules (start {(place "Pawn1" (sites {"A2"})) (place "Pawn2" (sites {"C3"}))})
      (play (forEach Piece))
      (end {(if (= 1 (count Pieces P1 "Queen")) (result P1 Win))
            (if (no Moves Next) (result Mover Loss))})))"""
    state = ludi.parse(text).initial_state()
    state.apply("a2-a3")  # the pawn becomes P1's queen
    assert state.is_terminal() and state.winner == 0
    with pytest.raises(CompileError, match="needs the role"):
        ludi.parse(text.replace('(piece (id "Queen" Mover))', '(piece "Queen")'))


AND_READS = """(game "A" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
 (rules (start (set Score Each 2))
  (play (move Add (to (sites Empty))
         (then (and (set Score Mover (- (score Mover) 1)) (if (< 1 (score Mover)) (moveAgain))))))
  (end (if (is Full) (result Mover Draw)))))"""


def test_an_and_reads_its_values_before_any_of_its_effects_applies():
    # Ludii's And evaluates every part on the position before the consequences: the test reads
    # the score 2 (not the 1 just set), so P1 moves again once
    state = ludi.parse(AND_READS).initial_state()
    state.apply("a1")
    assert state.to_move == 0 and state.score(0) == 1
    state.apply("b1")  # the test reads 1 now: the turn passes
    assert state.to_move == 1 and state.score(0) == 0


def test_an_and_whose_value_reads_an_earlier_part_is_refused():
    text = AND_READS.replace("(if (< 1 (score Mover)) (moveAgain))",
                             "(set Score Next (score Mover))")
    with pytest.raises(CompileError, match="reads what an earlier effect"):
        ludi.parse(text)
