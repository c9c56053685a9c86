"""Rule tests for Ludii's ``(move Add (piece "Name") (to …))``, from Ludii's documented meaning:
the named piece goes on an empty site of the region (or on the one site given), the mover's own
type of a piece of Each, or a neutral piece ("Square0" of ``(piece "Square" Neutral)``) that
belongs to nobody: the site is occupied, and nobody's piece stands there. Also the players'
scores, ``(set Score ROLE N)`` and ``(addScore ROLE N)``, which ``(score ROLE)`` reads and
``(byScore)`` ranks by.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

BLOCKS = """(game "B" (players 2)
 (equipment {(board (square 3)) (piece "Pawn" Each (move Step (to if:(is Empty (to)))))
             (piece "Queen" Each) (piece "Square" Neutral)})
 (rules (start {(place "Pawn1" (sites {"A1"})) (place "Pawn2" (sites {"C3"}))})
  (play (if (is Even (count Moves)) (forEach Piece) (move Add (piece "NAME") (to TO))))
  (end {(if (no Moves Next) (result Mover Win))
        (if (= (what at:(last To)) (id "Queen" Mover)) (result Mover Draw))})))"""


def blocks(name: str = "Square0", to: str = "(sites Empty)") -> ludi.Game:
    return ludi.parse(BLOCKS.replace("NAME", name).replace("TO", to))


def moves_of(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_neutral_piece_blocks_a_site_and_belongs_to_nobody():
    state = blocks().initial_state()
    state.apply("a1-b2")
    assert len(moves_of(state)) == 7  # P2 adds a square on any of the 7 empty sites
    state.apply("b1")
    assert state.owner("b1") is None and state.count("b1") == 1  # occupied, nobody's
    assert "b2-a1" in moves_of(state) and "b2-b1" not in moves_of(state)  # P1 cannot step there
    state.apply("b2-c2")
    assert "a1" in moves_of(state) and "b1" not in moves_of(state)  # nor add there again


def test_the_mover_adds_its_own_piece_of_the_named_type():
    game = blocks("Queen")
    state = game.initial_state()
    state.apply("a1-a2")
    state.apply("b3")  # P2 adds its own Queen: the draw rule for a mover's Queen ends the game
    assert state.owner("b3") == 1 and state.is_terminal() and state.winner is None


def test_an_add_to_one_site_places_there_when_it_is_empty():
    state = blocks(to="(last From)").initial_state()
    state.apply("a1-b1")
    assert moves_of(state) == ["a1"]  # the square goes where the pawn came from
    state.apply("a1")
    assert state.count("a1") == 1 and state.owner("a1") is None


def test_adding_another_players_piece_is_refused():
    with pytest.raises(CompileError, match='"Queen1" is not a piece of P2'):
        blocks("Queen1")


def test_a_neutral_piece_placed_at_the_start_has_its_type():
    text = BLOCKS.replace('(place "Pawn2" (sites {"C3"}))',
                          '(place "Pawn2" (sites {"C3"})) (place "Square0" (sites {"B2"}))')
    text = text.replace("(id \"Queen\" Mover)", "(id \"Square0\")").replace(
        "(what at:(last To))", "(what at:(coord \"B2\"))")
    text = text.replace("NAME", "Square0").replace("TO", "(sites Empty)")
    state = ludi.parse(text).initial_state()
    assert state.count("b2") == 1 and state.owner("b2") is None
    assert "a1-b2" not in moves_of(state)
    state.apply("a1-a2")  # the end rule reads the square's type at b2: a draw at once
    assert state.is_terminal() and state.winner is None
    with pytest.raises(CompileError, match="shared piece"):
        ludi.parse(text.replace('(sites {"B2"}))', '(sites {"B2"}) count:2)'))


SCORES = """(game "S" (players 2) (equipment {(board (rectangle 1 3)) (piece "M" Each)})
 (rules (play (move Add (to (sites Empty)) (then (and (addScore Mover 2) (set Score Next 1)))))
  (end {(if (>= (score Mover) 5) (result Next Win)) (if (is Full) (byScore))})))"""


def test_scores_are_set_and_added_and_rank_the_players():
    state = ludi.parse(SCORES).initial_state()
    for move in ("a1", "b1", "c1"):  # P1: 2, P2 1; P2: 3, P1 1; P1: 3, P2 1
        state.apply(move)
    assert state.is_terminal() and state.winner == 0
    assert (state.score(0), state.score(1)) == (3, 1)
    reads = ludi.parse(SCORES.replace("(>= (score Mover) 5)", "(>= (score Mover) 3)"))
    state = reads.initial_state()
    state.apply("a1")
    assert (state.score(0), state.score(1)) == (2, 1)  # read in the middle of the game too
    state.apply("b1")  # P2 reaches 3: the first rule gives the game to P1
    assert state.is_terminal() and state.winner == 0
