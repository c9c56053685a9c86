"""Rule tests for the constructs of Ludii's tafl games (Tablut, Hnefatafl, Ard Ri, Alea
Evangelii) and Barca, from Ludii's documented meaning (its Slide, ActionTrigger, IsTriggered
and Id):

- A slide's ``(between if:C)`` is Ludii's go rule: the piece passes on along sites where C holds
  with ``(between)`` at each (empty sites by default), so a castle can be passed by nobody.
- ``(to (apply if:C))`` with no effect is Ludii's to-rule: the slide lands only where C holds,
  and still passes on beyond.
- ``(trigger "Event" ROLE)`` sets the player's flag for good; ``(is Triggered "Event" ROLE)``
  holds while the player is in the game and the flag is set (one flag per player, whatever the
  event's name).
- ``(id "Thrall2" Next)``: the first of Next's piece types whose name has "Thrall2" in it (-1
  when Next has none).
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

SLIDES = """(game "S" (players 2)
 (equipment {(board (square 5))
   (piece "Rook" Each (move Slide Orthogonal (between if:BETWEEN) TO
                        (then (if (is In (last To) (sites Corners)) (trigger "Corner" Mover)))))})
 (rules (start {(place "Rook1" (sites {"A1"})) (place "Rook2" (sites {"E3"}))})
  (play (forEach Piece))
  (end {(if (is Triggered "Corner" P1) (result P1 Win))
        (if (is Triggered "Whatever" P2) (result P2 Win))})))"""


def slides(between: str = "(is Empty (between))", to: str = "") -> ludi.Game:
    return ludi.parse(SLIDES.replace("BETWEEN", between).replace("TO", to))


def moves_of(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_slide_passes_only_where_its_go_rule_holds():
    castle = '(and (!= (between) (coord "C1")) (is Empty (between)))'
    state = slides(castle).initial_state()
    assert moves_of(state) == ["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1"]  # not to C1 or beyond


def test_a_to_rule_without_an_effect_keeps_landings_and_passes_on():
    state = slides(to='(to (apply if:(!= (to) (coord "A3"))))').initial_state()
    # A3 is passed but not landed on
    assert moves_of(state) == ["a1-a2", "a1-a4", "a1-a5", "a1-b1", "a1-c1", "a1-d1", "a1-e1"]


def test_a_trigger_sets_the_players_flag_for_good_whatever_the_event_name():
    state = slides().initial_state()
    state.apply("a1-a3")
    assert not state.is_terminal()
    state.apply("e3-e1")  # P2 reaches a corner: its (one) flag is set, read by "Whatever"
    assert state.is_terminal() and state.winner == 1


def test_an_effectless_apply_elsewhere_is_refused():
    step = "(move Step Orthogonal (to if:(is Empty (to)) (apply if:(is Empty (to))))"
    text = SLIDES.replace("(move Slide Orthogonal (between if:BETWEEN) TO", step)
    with pytest.raises(CompileError, match=r"read only in a \(move Slide"):
        ludi.parse(text)


def test_an_id_of_a_role_is_its_first_type_whose_name_has_the_string():
    text = """(game "I" (players 2)
     (equipment {(board (square 3)) (piece "Thrall" P1) (piece "Thrall" P2) (piece "Jarl" P2)})
     (rules (start {(place "Thrall1" (sites {"A1"})) (place "Jarl2" (sites {"C3"}))})
      (play (move Add (piece "Thrall") (to (sites Empty))))
      (end {(if (= (id "Thrall2" Next) -1) (result P2 Win))
            (if (= (what at:(coord "C3")) (id "Jarl" P1)) (result P1 Win))})))"""
    state = ludi.parse(text).initial_state()
    state.apply("b2")  # P1 moved: Next is P2, whose "Thrall2" exists; P1 has no "Jarl" (-1)
    assert not state.is_terminal()
    state.apply("b3")  # P2 moved: Next is P1, who has no "Thrall2"
    assert state.is_terminal() and state.winner == 1
