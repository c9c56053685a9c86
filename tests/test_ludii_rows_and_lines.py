"""Rule tests for Ludii's rows and columns, ``(where …)`` of a piece in hand, ``(is Line …)``
with ``what:``, ``whats:`` and ``contiguous:``, and players who cannot move in a phase without
end rules, each from Ludii's documented meaning:

- ``(row of:SITE)``, ``(column of:SITE)``: the row and column a site is in, counted as
  ``(sites Row N)`` and ``(sites Column N)`` count them (from the bottom row, the left column);
- ``(where "Name" ROLE)``: the board site of the piece, ``Off`` (-1) while it is in a hand;
  Ludii names the first it finds, so ludi reads it where the player has one such piece, or
  under an ``(and …)`` that asks first that the player has one piece (Jumping Beans);
- ``(is Line N …)``: a line through the last move's site (or ``through:``) of pieces of the
  type there, of ``what:``'s type or of ``whats:``'s types; with ``contiguous:False`` the
  sites between them may hold anything;
- ``(is Within TYPE in:REGION)``: a piece of that type stands on a site of the region;
- ``(is Visited SITE)``: a move of this turn (one move after another by ``(moveAgain)``)
  started or ended there; a new turn starts with nothing visited;
- a player with no legal move passes; Ludii's draw when every player has passed is one of the
  end rules, so where the players' phases have none, they pass on until a limit.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError


def moves_of(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


ADD = """(game "R" (players 2) (equipment {(board (square 5)) (piece "M" Each)})
 (rules (start (place "M1" (sites {"B4"})))
  (play (move Add (to (sites Empty) if:TEST)))
  (end (if (is Full) (result Mover Win)))))"""


def test_the_row_and_column_of_a_site():
    row = ludi.parse(ADD.replace("TEST", "(= (row of:(to)) 1)")).initial_state()
    assert moves_of(row) == ["a2", "b2", "c2", "d2", "e2"]
    column = ludi.parse(ADD.replace("TEST", "(= (column of:(to)) (column of:(centrePoint)))"))
    assert moves_of(column.initial_state()) == ["c1", "c2", "c3", "c4", "c5"]
    fixed = ludi.parse(ADD.replace(
        "TEST", "(is In (to) (sites Row (row of:(centrePoint))))")).initial_state()
    assert moves_of(fixed) == ["a3", "b3", "c3", "d3", "e3"]
    top = ludi.parse(ADD.replace("TEST", "(= (row of:(ahead (to) N)) (row of:(to)))"))
    assert moves_of(top.initial_state()) == ["a5", "b5", "c5", "d5", "e5"]
    # no site (no move yet: (last To) is Off) is in no row
    off = ludi.parse(ADD.replace("TEST", "(= (row of:(last To)) -1)")).initial_state()
    assert len(moves_of(off)) == 24


HAND = """(game "H" (players 2)
 (equipment {(board (square 3)) (hand Each) (piece "K" Each)})
 (rules (start {(place "K1" (handSite P1) COUNT) (place "K2" (handSite P2))})
  (play (move (from (handSite Mover)) (to (sites Empty))))
  (end {(if (= (where "K" P1) (coord "B2")) (result P1 Win))
        (if (and (= (where "K" P2) -1) (= (where "K" P1) (coord "A1"))) (result P2 Win))})))"""


def test_where_is_off_the_board_while_the_piece_is_in_a_hand():
    game = ludi.parse(HAND.replace(" COUNT", ""))
    state = game.initial_state()
    state.apply("hand1-b2")
    assert state.is_terminal() and state.winner == 0
    state = game.initial_state()
    state.apply("hand1-a1")  # P2's king is still in hand: (where …) is -1
    assert state.is_terminal() and state.winner == 1
    with pytest.raises(CompileError, match="one piece of that type"):
        ludi.parse(HAND.replace("COUNT", "count:2"))


LAST = """(game "Last" (players 2) (equipment {(board (square 3)) (piece "M" Each)})
 (rules (start {(place "M1" (sites {"A1" "C1"})) (place "M2" (sites {"A3"}))})
  (play (forEach Piece (move Step (to if:(is Empty (to))) (then (remove (coord "A1"))))))
  (end (if TEST (result Mover Win)))))"""


def test_where_of_the_mover_reads_its_one_piece_under_an_and_that_asks_for_one():
    one = "(and (= 1 (count Pieces Mover)) (= (where \"M\" Mover) (coord \"B2\")))"
    game = ludi.parse(LAST.replace("TEST", one))
    state = game.initial_state()
    state.apply("c1-b2")  # a1 leaves: P1's one piece is on b2
    assert state.is_terminal() and state.winner == 0
    state = game.initial_state()
    state.apply("c1-c2")
    assert not state.is_terminal()
    with pytest.raises(CompileError, match="one piece of that type"):
        ludi.parse(LAST.replace("TEST", "(= (where \"M\" Mover) (coord \"B2\"))"))


LINE = """(game "L" (players PLAYERS) (equipment {(board (square 5)) (piece "M" Each)})
 (rules (start {PLACES})
  (play (move Add (to (sites Empty))))
  (end (if TEST (result Mover Win)))))"""


def line_game(test: str, places: str, players: int = 2) -> ludi.Game:
    return ludi.parse(LINE.replace("TEST", test).replace("PLACES", places)
                      .replace("PLAYERS", str(players)))


def after(game: ludi.Game, move: str):
    state = game.initial_state()
    state.apply(move)
    return state


def test_a_line_with_gaps_when_not_contiguous():
    places = '(place "M1" (sites {"A1" "C1"})) (place "M2" (sites {"B1" "D1"}))'
    gaps = line_game("(is Line 3 Orthogonal contiguous:False)", places)
    assert after(gaps, "e1").winner == 0  # a1 c1 e1 along row 1, P2's pieces between
    assert not after(gaps, "e2").is_terminal()
    assert not after(gaps, "b2").is_terminal()
    contiguous = line_game("(is Line 3 Orthogonal)", places)
    assert not after(contiguous, "e1").is_terminal()


def test_a_line_of_the_listed_types():
    # P1's "M1" is type 1, P3's "M3" type 3: a line of either counts for whats:{1 3}
    mixed = line_game("(is Line 3 whats:{1 3})",
                      '(place "M1" (sites {"A1"})) (place "M3" (sites {"B1"}))', players=3)
    assert after(mixed, "c1").place_of(0) == 1  # P1 wins (and the other two play on)
    blocked = line_game("(is Line 3 whats:{1 3})",
                        '(place "M1" (sites {"A1"})) (place "M2" (sites {"B1"}))', players=3)
    assert after(blocked, "c1").players_out == []


def test_a_line_through_a_site_of_one_type():
    # through the centre, of the mover's type: P1's a1-b2-c3 diagonal once P1 adds a1
    game = line_game("(is Line 3 through:(centrePoint) what:(mover))",
                     '(place "M1" (sites {"B2" "C3"})) (place "M2" (sites {"D3" "E3"}))')
    assert after(game, "a1").winner == 0
    assert not after(game, "a5").is_terminal()
    state = after(game, "a5")
    state.apply("b3")  # P2's b3 d3 e3 are not in line with the centre's type (P1's)
    assert not state.is_terminal()
    with pytest.raises(CompileError, match="with a role and through:"):
        line_game("(is Line 3 P1 contiguous:False)", '(place "M1" (sites {"A1"}))')


STUCK = """(game "S" (players 2)
 (equipment {(board (square 2)) (hand Each) (piece "M" Each (move Step (to if:(is Empty (to)))))})
 (rules (start {(place "M1" (handSite P1) count:2) (place "M2" (handSite P2) count:3)})
  phases:{(phase "Placing" (play (move (from (handSite Mover)) (to (sites Empty)))) ENDS
            (nextPhase (and (is Empty (handSite P1)) (is Empty (handSite P2))) "Moving"))
          (phase "Moving" (play (forEach Piece))
            (end (if (no Moves Next) (result Mover Win))))}))"""


def fill(game: ludi.Game):
    state = game.initial_state()
    for move in ("hand1-a1", "hand2-b1", "hand1-a2", "hand2-b2"):
        state.apply(move)
    return state


def test_players_who_cannot_move_pass_on_where_no_end_rule_is_tried():
    # the board is full with one of P2's pieces still in hand: nobody can move in "Placing",
    # which has no end rules, so both pass (Ludii's forced pass) until the move limit
    game = ludi.parse(STUCK.replace(" ENDS", "")).with_move_limit(30)
    state = fill(game)
    while not state.is_terminal():
        assert [str(m) for m in state.legal_moves()] == ["pass (forced)"]
        state.apply(state.legal_moves()[0])
    assert state.end_type == "move limit" and state.ply == 30
    # with an end rule in the phase, Ludii's draw when all pass ends the game at once
    ended = fill(ludi.parse(STUCK.replace(
        "ENDS", "(end (if (no Pieces Mover) (result Mover Loss)))")))
    assert ended.legal_moves() == [] and ended.is_terminal() and ended.winner is None


OF_TYPE = """(game "T" (players 2)
 (equipment {(board (square 3)) (piece "K" Each) (piece "M" Each)})
 (rules (start {(place "K1" (sites {"A1"})) (place "M1" (sites {"B1"}))
                (place "K2" (sites {"C3"})) (place "M2" (sites {"B3"}))})
  (play (move Remove (sites Occupied by:ROLE component:"NAME")))
  (end (if (no Pieces Next) (result Mover Win)))))"""


def test_the_sites_of_a_players_pieces_of_one_type():
    def removable(role: str, name: str) -> list[str]:
        game = ludi.parse(OF_TYPE.replace("ROLE", role).replace("NAME", name))
        return moves_of(game.initial_state())

    assert removable("Next", "K") == ["c3"]  # P2's K, read off the position for the mover
    assert removable("Mover", "M") == ["b1"]
    assert removable("P2", "M") == ["b3"]
    game = ludi.parse(OF_TYPE.replace("ROLE", "Next").replace("NAME", "K"))
    state = game.initial_state()
    state.apply("c3")
    assert moves_of(state) == ["a1"]  # now P2 moves: P1's K
    with pytest.raises(CompileError, match='P1 has no piece "G"'):
        ludi.parse(OF_TYPE.replace("ROLE", "P1").replace("NAME", "G"))
    with pytest.raises(CompileError, match="by Mover, Next, Prev or a player"):
        ludi.parse(OF_TYPE.replace("ROLE", "Shared").replace("NAME", "K"))


WITHIN = """(game "W" (players 2)
 (equipment {(board (square 3)) (piece "K" Each (move Step Orthogonal (to if:(is Empty (to)))))})
 (rules (start {(place "K1" (sites {"B2"})) (place "K2" (sites {"C3"}))})
  (play (forEach Piece))
  (end (if (is Within (id "NAME") in:(sites Outer)) (result P1 Win)))))"""


def test_is_within_a_region_holds_when_a_piece_of_that_type_stands_there():
    # P2's K starts on the rim: the rule about K2 holds after any first move, the one about K1
    # only once P1's K steps off the centre
    state = ludi.parse(WITHIN.replace("NAME", "K2")).initial_state()
    state.apply("b2-b1")
    assert state.is_terminal() and state.winner == 0
    state = ludi.parse(WITHIN.replace("NAME", "K1").replace('"B2"', '"A1"').replace(
        "(sites Outer)", "(sites Centre)")).initial_state()
    state.apply("a1-a2")
    assert not state.is_terminal()
    state.apply("c3-c2")
    state.apply("a2-b2")
    assert state.is_terminal() and state.winner == 0


VISITS = """(game "V" (players 2)
 (equipment {(board (square 5)) (piece "K" Each (move Step Orthogonal
   (to if:(and (is Empty (to)) (not (is Visited (to))))) (then (if (is Even (count Moves))
   (moveAgain)))))})
 (rules (start {(place "K1" (sites {"A1"})) (place "K2" (sites {"E5"}))})
  (play (forEach Piece)) (end (if (no Moves Mover) (result Mover Loss)))))"""


def test_visited_sites_are_the_turns_moves_and_clear_when_the_turn_passes():
    state = ludi.parse(VISITS).initial_state()
    state.apply("a1-a2")  # P1 moves again: a1 and a2 are visited
    assert moves_of(state) == ["a2-a3", "a2-b2"]
    state.apply("a2-b2")  # the turn passes: P2's turn starts with nothing visited
    state.apply("e5-e4")
    assert moves_of(state) == ["e4-d4", "e4-e3"]  # not back to e5
    state.apply("e4-d4")
    assert moves_of(state) == ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]  # P1's new turn: a2 again
