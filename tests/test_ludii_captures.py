"""Rule tests for Ludii's capture effects, each from Ludii's documented meaning (a position, a
move, then what was taken):

- ``(custodial (from SITE) DIRECTIONS (between (max N) if:C (apply E)) (to if:F))``: along each
  direction from SITE, the sites in a row where C holds (at least one, at most N), then a site
  where F holds: E runs at each (by default an enemy flanked by a friend is removed);
- ``(surround (from SITE) DIRECTIONS (between if:C (apply E)) (to if:F) [except:K])``: a
  neighbour of SITE where C holds whose own neighbours are SITE or hold F (all but K): E runs
  there; a side off the board does not count;
- ``(or A B)`` of effects in a ``(then …)``: Ludii applies every consequence, so both run;
- ``(promote SITE (piece "King") Mover)``: the piece at SITE becomes the mover's King;
  ``(id "Pawn" Mover)``: the mover's Pawn type; ``(from)`` alone in a piece's moves: its sites.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

GAME = """(game "C" (players 2)
 (equipment {{ (board (square 5)) (piece "M" Each (move Step Orthogonal (to if:(is Empty (to)))
   (then {then}))) }})
 (rules (start {{ {start} }}) (play (forEach Piece))
  (end (if (no Pieces Next) (result Mover Win)))))"""

SHORT = ("(custodial (from (last To)) Orthogonal (between (max 1) if:(is Enemy (who at:(between)))"
         " (apply (remove (between)))) (to if:(is Friend (who at:(to)))))")
LONG = "(custodial (from (last To)) Orthogonal)"


def play(then: str, start: str, *moves: str):
    state = ludi.parse(GAME.format(then=then, start=start)).initial_state()
    for move in moves:
        state.apply(move)
    return state


def owners(state, *labels: str) -> list:
    return [state.owner(label) for label in labels]


def test_custodial_takes_one_enemy_flanked_by_a_friend():
    # P1 steps c2-c3, flanking d3 with e3 and b3 with a3
    state = play(SHORT, '(place "M1" {"C2" "E3" "A3"}) (place "M2" {"D3" "B3" "A5"})', "c2-c3")
    assert owners(state, "d3", "b3") == [None, None]  # both sides at once
    assert owners(state, "c3", "e3", "a3", "a5") == [0, 0, 0, 1]


def test_custodial_max_one_leaves_a_longer_row_and_an_unflanked_enemy():
    start = '(place "M1" {"A2" "E3"}) (place "M2" {"C3" "D3" "A5"})'
    state = play(SHORT, start, "a2-b2")  # nothing flanked from b2
    assert owners(state, "c3", "d3") == [1, 1]
    state = play(SHORT, start.replace('"A2"', '"B2"'), "b2-b3")  # two in a row: max 1
    assert owners(state, "c3", "d3") == [1, 1]
    state = play(LONG, start.replace('"A2"', '"B2"'), "b2-b3")  # no limit: both go
    assert owners(state, "c3", "d3") == [None, None]


def test_custodial_needs_the_flanking_site_on_the_board():
    state = play(LONG, '(place "M1" {"C2"}) (place "M2" {"D3" "E3" "A5"})', "c2-c3")
    assert owners(state, "d3", "e3") == [1, 1]  # the row runs off the board


SURROUND = ("(surround (from (last To)) Orthogonal (between if:(is Enemy (who at:(between))) "
            "(apply (remove (between)))) (to if:(is Friend (who at:(to)))) except:EXCEPT)")


def test_surround_takes_a_piece_whose_every_neighbour_is_a_friend():
    start = '(place "M1" {"B2" "C3" "D2" "B1"}) (place "M2" {"C2" "A5"})'
    # c2's neighbours: b2, d2, c3 (friends) and c1, where the mover steps from b1
    state = play(SURROUND.replace("EXCEPT", "0"), start, "b1-c1")
    assert state.owner("c2") is None
    state = play(SURROUND.replace("EXCEPT", "0"), start.replace('"D2" ', ""), "b1-c1")
    assert state.owner("c2") == 1  # d2 is empty
    state = play(SURROUND.replace("EXCEPT", "1"), start.replace('"D2" ', ""), "b1-c1")
    assert state.owner("c2") is None  # except:1 lets one neighbour be anything


def test_surround_ignores_sides_off_the_board():
    # a corner piece has two neighbours: the mover and one friend are enough
    state = play(SURROUND.replace("EXCEPT", "0"),
                 '(place "M1" {"B2" "C1"}) (place "M2" {"A1" "E5"})', "b2-a2")
    assert state.owner("a1") == 1  # b1 is empty
    state = play(SURROUND.replace("EXCEPT", "0"),
                 '(place "M1" {"B2" "B1"}) (place "M2" {"A1" "E5"})', "b2-a2")
    assert state.owner("a1") is None


def test_or_of_effects_in_a_then_runs_both():
    then = f"(or {SHORT} (moveAgain))"
    state = play(then, '(place "M1" {"C2" "E3"}) (place "M2" {"D3" "A5"})', "c2-c3")
    assert state.owner("d3") is None and state.to_move == 0  # captured, and moves again


def test_custodial_refusals_name_the_ludeme():
    with pytest.raises(CompileError, match="looks from one site"):
        ludi.parse(GAME.format(then="(custodial (from (sites Board)))",
                               start='(place "M1" {"A1"}) (place "M2" {"E5"})'))
    with pytest.raises(CompileError, match="takes no \\(max …\\)"):
        ludi.parse(GAME.format(then="(surround (between (max 1)))",
                               start='(place "M1" {"A1"}) (place "M2" {"E5"})'))


PROMOTE = """(game "P" (players {(player N) (player S)})
 (equipment { (board (square 4))
   (piece "Pawn" Each (move Step (from) Forward (to if:(is Empty (to)))
     (then (if (and (is In (last To) (sites Mover "Far"))
                    (= (what at:(last To)) (id "Pawn" Mover)))
               (promote (last To) (piece "King") Mover)))))
   (piece "King" Each (move Step Backward (to if:(is Empty (to)))))
   (regions "Far" P1 (sites Top)) (regions "Far" P2 (sites Bottom)) })
 (rules (start { (place "Pawn1" {"A3"}) (place "Pawn2" {"D2"}) }) (play (forEach Piece))
  (end (if (no Moves Mover) (result Mover Loss)))))"""


def test_promote_turns_the_piece_into_the_movers_new_type():
    g = ludi.parse(PROMOTE)
    state = g.initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a3-a4"]
    state.apply("a3-a4")  # reaches P1's far row: now a King, which steps back
    assert state.owner("a4") == 0
    state.apply("d2-d1")  # P2's pawn becomes P2's King
    assert [str(m) for m in state.legal_moves()] == ["a4-a3"]  # a king's move, not a pawn's
    state.apply("a4-a3")
    assert [str(m) for m in state.legal_moves()] == ["d1-d2"]
    state.apply("d1-d2")
    assert [str(m) for m in state.legal_moves()] == ["a3-a2"]  # no promotion away from it
