"""Rule tests for the constructs of Ludii's conversion games (Ataxx, Crusade, Quad Wrangle),
from Ludii's documented meaning:

- ``(add [(piece …)] (to SITE))`` as an effect places a piece on SITE when it is empty and
  changes nothing on an occupied site (Ludii's ActionAdd), so ``(and (remove (site)) (add …))``
  turns a piece over; ``(piece (id "Ball" Mover))`` is the mover's "Ball".
- ``(expand origin:SITE steps:N)`` around a site of the move: SITE and every site within N steps.
- ``(sites Around REGION Empty)`` of a region read off the position: the neighbours of its sites
  that hold what the filter asks, the region's own sites left out (unless includeSelf:True).
- ``(intersection A B)`` where A is such a region.
- ``(set Score Each N)`` in the start: the score every player begins with.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

INFECTION = """(game "Infection" (players 2)
 (equipment {(board (square 5))
   (piece "Blob" Each (move (from) (to (difference (expand origin:(from) steps:2)
                                                   (expand origin:(from)))
                                       if:(is Empty (to)))
                        (then (forEach Site (intersection (sites Around (last To))
                                                          (sites Occupied by:Next))
                                (and (remove (site)) (add (piece (id "Blob" Mover))
                                                          (to (site))))))))})
 (rules (start {(set Score Each 2) (place "Blob1" (sites {"A1"})) (place "Blob2" (sites {"E5"}))})
  (play (or (forEach Piece) (move Add (to (sites Around (sites Occupied by:Mover) Empty)))))
  (end (if (is Full) (byScore)))))"""


def moves_of(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_an_expansion_around_the_moving_piece_is_read_as_it_moves():
    state = ludi.parse(INFECTION).initial_state()
    jumps = [m for m in moves_of(state) if "-" in m]
    # two steps away from A1 (Adjacent: across corners too), not one
    assert jumps == ["a1-a3", "a1-b3", "a1-c1", "a1-c2", "a1-c3"]


def test_sites_around_a_region_are_its_pieces_empty_neighbours():
    state = ludi.parse(INFECTION).initial_state()
    adds = [m for m in moves_of(state) if "-" not in m]
    assert adds == ["a2", "b1", "b2"]
    state.apply("b2")  # now P2's turn; then P1 owns A1 and B2
    state.apply("d4")
    adds = [m for m in moves_of(state) if "-" not in m]
    # the neighbours of A1 and B2 that are empty: never A1 or B2 themselves
    assert adds == ["a2", "a3", "b1", "b3", "c1", "c2", "c3"]


def test_an_added_piece_turns_the_enemy_pieces_next_to_the_landing_site_over():
    game = ludi.parse(INFECTION)
    state = game.state_from(board={"a1": 0, "c3": 1, "d3": 1, "b4": 1, "e1": 1}, to_move=0)
    state.apply("a1-b3")  # lands next to C3 and B4 (and not next to D3 or E1)
    assert [state.owner(x) for x in ("b3", "c3", "b4", "d3", "e1", "a1")] == [0, 0, 0, 1, 1, None]


def test_an_add_on_an_occupied_site_changes_nothing():
    text = INFECTION.replace("(remove (site))", "(set Var 0)")
    state = ludi.parse(text).state_from(board={"a1": 0, "c3": 1}, to_move=0)
    state.apply("a1-b3")
    assert state.owner("c3") == 1  # not removed first: Ludii's add leaves it as it is


def test_the_start_sets_every_players_score():
    state = ludi.parse(INFECTION).initial_state()
    assert [state.score(0), state.score(1)] == [2, 2]


def test_an_add_effect_needs_one_site():
    text = INFECTION.replace("(to (site))", "(to (sites Empty))")
    with pytest.raises(CompileError, match=r"\(to SITE\)"):
        ludi.parse(text)


def test_around_a_fixed_region_leaves_the_region_out():
    text = """(game "G" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (sites Around (sites {"A1" "B1"})))))
      (end (if (is Full) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert moves_of(state) == ["a2", "b2", "c1", "c2"]
    with_self = ludi.parse(text.replace('"B1"}))', '"B1"}) includeSelf:True)')).initial_state()
    assert moves_of(with_self) == ["a1", "a2", "b1", "b2", "c1", "c2"]


def test_a_move_whose_directions_are_chosen_by_a_test():
    # (move Step (if C A B) …): Ludii works the directions out as it makes the moves
    text = """(game "D" (players 2)
     (equipment {(board (square 3))
       (piece "Pawn" Each (move Step (if (is Mover P1) (directions {N NE}) S)
                            (to if:(is Empty (to)))))})
     (rules (start {(place "Pawn1" (sites {"B1"})) (place "Pawn2" (sites {"A3"}))})
      (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["b1-b2", "b1-c2"]
    state.apply("b1-b2")
    assert [str(m) for m in state.legal_moves()] == ["a3-a2"]


def test_directions_chosen_by_a_test_outside_a_move_are_refused():
    text = """(game "D" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (sites Empty))
                   (then (custodial (if (is Mover P1) N S)))))
      (end (if (is Line 3) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="directions of a move"):
        ludi.parse(text)
