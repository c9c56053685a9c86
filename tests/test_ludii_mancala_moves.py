"""Rule tests for moves of several counters on a mancala board, from Ludii's source (FromTo,
ActionMoveN, the board's coordinates):

- ``(move (from A) (to B) count:N)``: N counters go from A to B. The origin keeps what is
  left, never below none; the destination gains N (Ludii's ActionMoveN does not cap N). The
  count is read before the destination is known, so one that reads ``(to)`` is refused.
- ``(sites {(mapEntry "Name" Mover) …})``: sites that depend only on the mover, a region.
- A mancala board without stores is a plain grid: "C2" is the third house of the second row.
"""

from __future__ import annotations

import pytest
from conftest import SMALL_MANCALA, mancala_counts

import ludi
from ludi.errors import CompileError, EngineError

BOARD = SMALL_MANCALA.replace("{players}", "2")


def test_coordinates_on_a_mancala_board_without_stores():
    state = ludi.parse(BOARD.format(play="(move Pass)")).initial_state()
    assert mancala_counts(state) == [3, 0, 3, 0, 1, 0]


def test_a_move_of_several_counters():
    play = '(move (from (sites Mover) if:(is Occupied (from))) (to (mapEntry "Right" Next)) ' \
        'count:2)'
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a-C", "c-C"]  # empty b moves nothing
    state.apply("a-C")
    assert mancala_counts(state) == [1, 0, 3, 2, 1, 0]


def test_more_counters_than_the_origin_holds_arrive_all_the_same():
    play = '(move (from (mapEntry "Right" Mover)) (to (mapEntry "Left" Next)) count:(+ 2 ' \
        '(count at:(from))))'
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    state.apply("c-A")  # c holds 3 and sends 5: c is empty, A gains 5
    assert mancala_counts(state) == [3, 0, 0, 0, 1, 5]


def test_the_count_cannot_read_the_destination():
    play = '(move (from (sites Mover)) (to (mapEntry "Right" Next)) count:(count at:(to)))'
    with pytest.raises(CompileError, match=r"cannot read \(to\)"):
        ludi.parse(BOARD.format(play=play))


def test_a_count_off_a_mancala_board_is_refused():
    text = """(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (start (place "Disc1" (sites {"A1"})))
      (play (move (from (sites Occupied by:Mover)) (to (sites Empty)) count:2))
      (end (if (no Moves Next) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="mancala board"):
        ludi.parse(text)


def test_sites_named_by_the_movers_map_entries():
    play = '(move Select (from (sites {(mapEntry "Left" Mover) (mapEntry "Right" Mover)}) ' \
        'if:(is Occupied (from))) (then (sow "T")))'
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    assert [str(m) for m in state.legal_moves()] == ["a", "c"]  # P1's Left and Right
    state.apply("a")  # a's 3 counters: b, c, then up the track to the top row's right end, A
    assert mancala_counts(state) == [0, 1, 4, 0, 1, 1]
    assert [str(m) for m in state.legal_moves()] == ["A"]  # P2's Left (5); its Right C is empty


def test_coordinates_on_a_mancala_board_with_stores_are_refused():
    text = BOARD.format(play="(move Pass)").replace("store:None ", "").replace('"0,E', '"1,E')
    with pytest.raises(CompileError, match="mancala board with stores"):
        ludi.parse(text)


def test_a_move_of_more_counters_than_the_engine_moves_at_once_stops_with_an_error():
    play = '(move (from (mapEntry "Right" Mover)) (to (mapEntry "Left" Next)) count:2000000)'
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    with pytest.raises(EngineError, match="2000000 counters"):
        state.apply("c-A")


def test_an_and_reads_the_board_before_its_counters_move():
    """Ludii works out every part of an (and …) before applying any (And.eval, then
    Move.apply): a value set from the board reads the counts as they were before an earlier
    part moved them (Pereauni sows again the seeds it just captured, counted so)."""
    play = ('(move Select (from (sites Mover) if:(is Occupied (from))) (then (and '
            '(fromTo (from (from)) (to (mapEntry "Right" Next)) count:(count at:(from))) '
            '(if (= 3 (count at:(from))) (set Score Mover (+ 10 (count at:(from)))) '
            '(set Score Mover (count at:(mapEntry "Right" Next)))))))')
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    state.apply("a")  # a's 3 counters go to C; the score reads a before: 3, so 10 + 3
    assert mancala_counts(state) == [0, 0, 3, 3, 1, 0] and state.score(0) == 13
