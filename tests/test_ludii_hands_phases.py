"""Rule tests for hands, Ludii's generic move, phases and the constructs that come with them, each
from Ludii's documented meaning (a position, then the legal moves or what a move changes):

- ``(hand Each [size:N])``, ``(handSite P1 [n])``, ``(sites Hand P1)``: each player's hand is
  sites off the board; ``(place "Disc" "Hand" count:3)`` puts three of each player's own discs
  in their hand; ``(count Pieces P1)`` counts the pieces in hand too (Ludii's CountPieces);
- ``(move (from …) (to …))``: any piece from a from-site to a to-site, one piece of a hand at a
  time (Ludii's FromTo and ActionMove); ``copy:True`` leaves the origin as it was;
- ``phases:{(phase …)}`` with ``(nextPhase [ROLE] COND "Name")``: each player plays their
  phase's moves; after a move, each player whose phase has a rule for them that holds moves on
  (Ludii's Game.applyInternal);
- ``(all Sites REGION if:C)``, ``(is Even n)``, ``(is Odd n)``;
- a grid played on its points (``use:Vertex``): steps and the default lines are orthogonal,
  ``All`` also takes the diagonals;
- a player with no legal move while another can move passes (Ludii's forced pass), and Ludii's
  move counts leave that pass out.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

MORRIS = """(game "M" (players 2)
 (equipment {{ (board (square 3) use:Vertex) (hand Each)
   (piece "Marker" Each (move Step (to if:(is Empty (to))))) }})
 (rules (start (place "Marker" "Hand" count:{count}))
  phases:{{
   (phase "Placement" (play (move (from (handSite Mover)) (to (sites Empty))))
     (nextPhase {who} (all Sites (sites Hand {whose}) if:(= 0 (count Cell at:(site))))
       "Movement"))
   (phase "Movement" (play (forEach Piece)))
  }}
  (end (if (is Line 3) (result Mover Win)))))"""


def morris(count: int = 2, who: str = "", whose: str = "P2") -> ludi.Game:
    return ludi.parse(MORRIS.format(count=count, who=who, whose=whose))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def play(game: ludi.Game, *texts: str):
    state = game.initial_state()
    for text in texts:
        state.apply(text)
    return state


def test_hands_hold_each_players_pieces_off_the_board():
    game = morris(count=2)
    state = game.initial_state()
    hand1, hand2 = game.board.cell("hand1"), game.board.cell("hand2")
    assert game.board.num_cells == 9 + 2
    assert (state.count(hand1), state.count(hand2)) == (2, 2)
    assert (state.owner(hand1), state.owner(hand2)) == (0, 1)
    # placing from the hand: one move per empty point, and the hand gives one piece
    assert moves(state) == sorted(f"hand1-{c}" for c in ("a1 a2 a3 b1 b2 b3 c1 c2 c3".split()))
    state.apply("hand1-b2")
    assert state.count(hand1) == 1 and state.owner("b2") == 0 and state.count("b2") == 1
    assert moves(state)[0] == "hand2-a1" and "hand2-b2" not in moves(state)


def test_count_pieces_counts_the_pieces_in_hand():
    text = MORRIS.format(count=3, who="", whose="P2").replace(
        "(end (if (is Line 3) (result Mover Win)))",
        "(end (if (= (count Pieces P1) 2) (result P2 Win)))")
    game = ludi.parse(text)
    state = game.initial_state()
    state.apply("hand1-a1")  # P1 still has three pieces: two in hand, one on the board
    assert not state.is_terminal()


def test_handsite_of_a_role_and_sites_hand_by_number():
    text = """(game "H" (players 2)
     (equipment { (board (square 2)) (hand Each size:2) (piece "D" Each) })
     (rules (start { (place "D1" (handSite P1 1) count:2) (place "D2" (handSite P2)) })
      (play (move (from (sites Hand Mover) if:(< 0 (count at:(from)))) (to (sites Empty))))
      (end (if (no Moves Next) (result Mover Win)))))"""
    game = ludi.parse(text)
    state = game.initial_state()
    assert [game.board.label(c) for c in range(4, 8)] == ["hand1-1", "hand1-2", "hand2-1",
                                                        "hand2-2"]
    assert state.count("hand1-2") == 2 and state.count("hand2-1") == 1
    assert moves(state) == ["hand1-2-a1", "hand1-2-a2", "hand1-2-b1", "hand1-2-b2"]
    state.apply("hand1-2-a1")
    assert moves(state) == ["hand2-1-a2", "hand2-1-b1", "hand2-1-b2"]


def test_copy_leaves_the_origin_as_it_was():
    text = """(game "C" (players 2)
     (equipment { (board (square 3)) (hand Shared) (piece "X" Each) })
     (rules (start (place "X1" (handSite P1)))
      (play (move (from (handSite P1)) (to (sites Empty)) copy:True))
      (end (if (is Line 3) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="Each player or to one of P1..P4"):
        ludi.parse(text)
    game = ludi.parse(text.replace("(hand Shared)", "(hand P1)"))
    state = play(game, "hand1-a1", "hand1-b1")
    assert state.count("hand1") == 1 and state.owner("a1") == 0 and state.owner("b1") == 0


def test_a_phase_ends_for_everyone_when_its_condition_holds():
    # (nextPhase COND "Movement"): everyone's rule, tested after each move: both players
    # place until P2's hand is empty, then both move their pieces
    game = morris(count=2)
    state = play(game, "hand1-a1", "hand2-c3", "hand1-a2")
    assert moves(state)[0].startswith("hand2-")
    state.apply("hand2-c2")
    assert moves(state) == ["a1-b1", "a2-a3", "a2-b2"]  # Movement: steps to empty points
    assert state.count("hand1") == 0


def test_a_players_own_next_phase_rule_moves_only_that_player():
    # (nextPhase Mover COND "Movement"): a player who emptied their own hand moves on alone
    three = MORRIS.format(count=1, who="Mover", whose="Mover").replace(
        '(place "Marker" "Hand" count:1)',
        '{(place "Marker1" (handSite P1)) (place "Marker2" (handSite P2) count:2)}')
    game = ludi.parse(three)
    state = play(game, "hand1-b2", "hand2-a1")
    assert moves(state) == ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]  # P1 in Movement already
    state.apply("b2-b3")
    assert moves(state)[0].startswith("hand2-")  # P2 still places its last marker


def test_is_empty_reads_a_hands_site():
    # (is Empty (handSite Mover)): a hand is empty once its last piece left (Tides' rule);
    # phases without a game-wide (end …) end only by their own
    text = MORRIS.format(count=1, who="Mover", whose="Mover").replace(
        "(all Sites (sites Hand Mover) if:(= 0 (count Cell at:(site))))",
        "(is Empty (handSite Mover))").replace(
        '(phase "Movement" (play (forEach Piece)))',
        '(phase "Movement" (play (forEach Piece)) (end (if (is Line 3) (result Mover Win))))'
    ).replace("(end (if (is Line 3) (result Mover Win)))))", "))")
    game = ludi.parse(text)
    state = play(game, "hand1-b2", "hand2-a1")
    assert moves(state) == ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]
    # (is Occupied (handSite Mover)) and (who at:…) read a hand's site too
    occupied = ludi.parse(text.replace("(is Empty (handSite Mover))",
                                       "(not (is Occupied (handSite Mover)))"))
    assert moves(play(occupied, "hand1-b2", "hand2-a1")) == moves(state)
    owner = ludi.parse(text.replace("(is Empty (handSite Mover))",
                                    "(= 0 (who at:(handSite Mover)))"))
    assert moves(play(owner, "hand1-b2", "hand2-a1")) == moves(state)


def test_next_phase_without_a_name_goes_to_the_next_phase():
    text = MORRIS.format(count=1, who="", whose="P2").replace(' "Movement"))', "))")
    game = ludi.parse(text)
    state = play(game, "hand1-a1", "hand2-c3")
    assert moves(state) == ["a1-a2", "a1-b1"]


def test_phases_are_refused_with_a_clear_message_when_a_name_is_wrong():
    with pytest.raises(CompileError, match='no phase "Moving"; phases: "Placement", "Movement"'):
        ludi.parse(MORRIS.format(count=1, who="", whose="P2").replace('"Movement"))',
                                                                        '"Moving"))'))


def test_all_sites_tests_the_condition_at_every_site_of_the_region():
    text = """(game "A" (players 2) (equipment { (board (square 3)) (piece "D" Each) })
     (rules (play (move Add (to (sites Empty))))
      (end (if (all Sites (sites Row 0) if:(is Occupied (site))) (result Mover Win)))))"""
    game = ludi.parse(text)
    state = play(game, "a1", "b1")
    assert not state.is_terminal()
    state.apply("c1")
    assert state.is_terminal() and state.winner == 0
    empty = ludi.parse(text.replace("(sites Row 0)", "(sites Hand P1)").replace(
        "(piece \"D\" Each)", "(piece \"D\" Each) (hand Each)"))
    state = empty.initial_state()
    state.apply("a1")  # an empty hand holds no piece at any of its sites: every site is empty
    assert not state.is_terminal()


def test_is_even_and_is_odd():
    text = """(game "E" (players 2) (equipment { (board (square 3)) (piece "D" Each) })
     (rules (play (move Add (to (sites Empty) if:(is Even (to)))))
      (end (if (no Moves Mover) (result Mover Loss)))))"""
    assert moves(ludi.parse(text).initial_state()) == ["a1", "a3", "b2", "c1", "c3"]
    odd = ludi.parse(text.replace("is Even", "is Odd"))
    assert moves(odd.initial_state()) == ["a2", "b1", "b3", "c2"]


def test_points_of_a_plain_grid_are_joined_orthogonally():
    # Ludii's vertices of (square 3): Adjacent (steps, the default lines) is orthogonal, All
    # also takes the diagonals
    state = play(morris(count=2), "hand1-a1", "hand2-c1", "hand1-b2", "hand2-a3")
    assert moves(state) == ["a1-a2", "a1-b1", "b2-a2", "b2-b1", "b2-b3", "b2-c2"]
    diagonal = ("hand1-a1", "hand2-a2", "hand1-b2", "hand2-a3", "hand1-c3")
    assert not play(morris(count=3), *diagonal).is_terminal()
    text = MORRIS.format(count=3, who="", whose="P2").replace("(is Line 3)", "(is Line 3 All)")
    state = play(ludi.parse(text), *diagonal)
    assert state.is_terminal() and state.winner == 0


def test_all_directions_across_undrawn_diagonals_are_refused():
    text = MORRIS.format(count=3, who="", whose="P2").replace(
        "(square 3)", "(square 3 diagonals:Alternating)")
    ludi.parse(text)  # Adjacent steps follow the drawn lines
    with pytest.raises(CompileError, match="drawn only in places"):
        ludi.parse(text.replace("(move Step (to", "(move Step All (to"))
    with pytest.raises(CompileError, match="drawn only in places"):
        ludi.parse(text.replace("(is Line 3)", "(is Line 3 All)"))


def test_a_player_stuck_while_another_can_move_passes():
    # P1's pawn is blocked, P2 can move: P1's one move is a forced pass (Ludii's), which
    # Ludii's move counts leave out
    from ludi.ludii import sample_random_play

    text = """(game "P" (players {(player N) (player S)})
     (equipment { (board (square 5))
       (piece "P" Each (move Step Forward (to if:(is Empty (to))))) })
     (rules (start { (place "P1" (sites {"A4"})) (place "P2" (sites {"A5" "E5"})) })
      (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"""
    game = ludi.parse(text)
    state = game.initial_state()
    assert moves(state) == ["pass (forced)"] and not state.is_terminal()
    state.apply("pass (forced)")
    assert moves(state) == ["e5-e4"]
    sample = sample_random_play(game, 20)
    # P2 steps E5 to E1 (4 moves) while P1 passes; then both are stuck: a draw
    assert sample.moves_mean == 4 and sample.shares["draw"] == 1.0


def test_the_others_moves_of_a_stuck_player_are_those_after_its_pass():
    # P2 is stuck; P1 moves again after P2's forced pass, so (is Prev Mover) is false for P1
    # (were P1 read as moving right after its own move, it would have no move: a draw)
    text = """(game "P" (players 2)
     (equipment { (board (square 3)) (piece "M" Each)
       (regions "Mine" P1 (sites Bottom)) (regions "Mine" P2 (sites Top)) })
     (rules (start (place "M2" (sites Top)))
      (play (if (is Prev Mover) (move Add (to (intersection (sites Empty) (sites Top))))
                (move Add (to (intersection (sites Empty) (sites Mover "Mine"))))))
      (end (if (is Line 3) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    state.apply("a1")
    assert moves(state) == ["pass (forced)"] and not state.is_terminal()
    for move in ("pass (forced)", "b1", "pass (forced)", "c1"):
        state.apply(move)
    assert state.is_terminal() and state.winner == 0
