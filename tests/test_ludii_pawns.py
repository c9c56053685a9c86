"""Rule tests for the constructs of Ludii's pawns (The Pawn Game, the chess family), from Ludii's
source (SitesStart, ValuePending, Slide's range):

- ``(sites Start (piece TYPE))``: the sites where pieces of TYPE stood at the start;
  ``(is In (from) (sites Start (piece (what at:(from)))))`` holds for a piece still on one.
- ``(set Pending VALUE)`` / ``(value Pending)``: the value set pending by the last move; Ludii
  keeps a set, so two different values read 0, as does none; ``(set Pending)`` alone adds -1.
- ``(move Slide … (between (exact N)))``: the slide lands exactly N sites on.
"""

from __future__ import annotations

import ludi

PAWNS = """(game "P" (players 2)
 (equipment {(board (square 5))
   (piece "Pawn" Each (or (move Step N (to if:(is Empty (to))))
                          (if (is In (from) (sites Start (piece (what at:(from)))))
                              (move Slide N (between (exact 2) if:(is Empty (between)))
                                    (then (set Pending (ahead (last To) S)))))))})
 (rules (start {(place "Pawn1" (sites {"A1" "C1"})) (place "Pawn2" (sites {"E3"}))})
  (play (forEach Piece))
  (end {(if (and (is Pending) (= (value Pending) (coord "A2"))) (result P2 Win))
        (if (is In (last To) (sites Top)) (result Mover Win))})))"""


def moves_of(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_piece_on_its_start_site_may_slide_exactly_two():
    state = ludi.parse(PAWNS).initial_state()
    assert moves_of(state) == ["a1-a2", "a1-a3", "c1-c2", "c1-c3"]  # never A1-A4 or C1-C4


def test_a_piece_off_its_start_sites_steps_only():
    state = ludi.parse(PAWNS).initial_state()
    state.apply("a1-a2")
    state.apply("e3-e4")  # P2's pawn began on E3: it too could slide two, but not off the board
    assert "a2-a4" not in moves_of(state) and "a2-a3" in moves_of(state)


def test_the_pending_value_is_the_site_set_by_the_last_move():
    state = ludi.parse(PAWNS).initial_state()
    state.apply("c1-c3")  # pending C2: not A2
    assert not state.is_terminal()
    state.apply("e3-e4")
    state.apply("a1-a3")  # pending A2: the end rule reads it
    assert state.is_terminal() and state.winner == 1


def test_two_different_pending_values_read_zero():
    text = PAWNS.replace("(then (set Pending (ahead (last To) S)))",
                         "(then (and (set Pending (ahead (last To) S)) (set Pending 7)))")
    text = text.replace("(= (value Pending) (coord \"A2\"))", "(= (value Pending) 0)")
    state = ludi.parse(text).initial_state()
    state.apply("a1-a3")
    assert state.is_terminal() and state.winner == 1


def test_a_stop_rule_nearer_than_the_range_is_passed():
    """Ludii's DoubleStepForwardToEmpty (Chandaraki's pawns): with ``(to if:(is Empty (to)))``
    as the slide's stop rule, the empty site one ahead is passed on the way to the exact two,
    not a stop that ends the slide there; an occupied site one ahead still blocks it."""
    text = PAWNS.replace(
        "(move Slide N (between (exact 2) if:(is Empty (between)))",
        "(move Slide N (between (exact 2) if:(is Empty (between))) (to if:(is Empty (to)))")
    text = text.replace('(place "Pawn2" (sites {"E3"}))', '(place "Pawn2" (sites {"C2"}))')
    state = ludi.parse(text).initial_state()
    assert moves_of(state) == ["a1-a2", "a1-a3"]  # C1 is blocked by C2, and jumps nothing
