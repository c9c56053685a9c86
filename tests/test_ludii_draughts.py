"""Rule tests for the draughts family's flying captures and board counts, from Ludii's source:

- ``(between before:N after:M …)`` in a Hop (``Hop.java``, ``eval``): along each direction, up to
  N sites where the to-condition holds (tested as destinations) may lie before the site jumped
  over, which is the first where the between-condition holds; the piece lands on the next site
  or on any of the M after it, up to the first where the to-condition fails, each landing a move
  of its own; the between's ``(apply …)`` runs at the site jumped over;
- ``(count Rows)``, ``(count Columns)``: the board's numbers, usable wherever a written number
  is (``(sites Row (/ (count Rows) 2))``);
- ``(remove SITE at:EndOfTurn)`` and ``(sites ToClear)`` (``ActionRemove``, ``Move.apply``): the
  piece stays on the board, marked, until the move after which the mover does not move again;
  then every marked piece leaves, before the end rules are tried. ``(sites ToClear)`` holds the
  marked sites, so a capture series does not jump a piece twice.

And Ludii's own statistics of random play for games of its library that use them.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

KING = """(game "Flying" (players 2)
  (equipment {{(board (square 8))
    (piece "King" Each
      (move Hop Diagonal
            (between {between} if:(is Enemy (who at:(between))) (apply (remove (between))))
            (to if:(is Empty (to)))))}})
  (rules
    (start {{ {start} }})
    (play (forEach Piece))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def king(start: str, between: str = "before:7 after:7") -> ludi.Game:
    return ludi.parse(KING.format(start=start, between=between))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_flying_king_hops_over_a_piece_after_empty_sites_and_lands_on_each_site_beyond():
    g = king('(place "King1" {"A1"}) (place "King2" {"D4" "H8"})')
    # b2 and c3 empty before d4; e5, f6, g7 beyond it, up to h8 (occupied: no landing there)
    assert moves(g.initial_state()) == ["a1-e5", "a1-f6", "a1-g7"]
    state = g.initial_state()
    state.apply("a1-f6")
    assert state.owner(g.board.cell("d4")) is None and state.owner(g.board.cell("f6")) == 0
    assert state.owner(g.board.cell("h8")) == 1


def test_before_and_after_limit_the_sites_before_the_jumped_piece_and_the_landings():
    start = '(place "King1" {"A1"}) (place "King2" {"D4"})'
    assert moves(king(start, "before:2 after:1").initial_state()) == ["a1-e5", "a1-f6"]
    assert moves(king(start, "before:2").initial_state()) == ["a1-e5"]  # after: 0, one landing
    assert moves(king(start, "before:1 after:7").initial_state()) == []  # two sites before d4
    assert moves(king(start, "after:7").initial_state()) == []  # before: 0, the adjacent only
    adjacent = '(place "King1" {"C3"}) (place "King2" {"D4"})'
    assert moves(king(adjacent, "after:2").initial_state()) == ["c3-e5", "c3-f6", "c3-g7"]


def test_the_sites_before_the_jumped_piece_must_pass_the_to_condition():
    # a friend on b2 stops the line before d4: the first site where the between-condition
    # holds must come after sites where the to-condition (is Empty) holds
    g = king('(place "King1" {"A1" "B2"}) (place "King2" {"D4"})')
    assert [m for m in moves(g.initial_state()) if m.startswith("a1")] == []
    # two enemies in a row: the first is the one jumped, and no landing on the second
    g = king('(place "King1" {"A1"}) (place "King2" {"D4" "E5"})')
    assert moves(g.initial_state()) == []


def test_board_counts_are_written_numbers():
    text = """(game "Counts" (players 2)
      (equipment {(board (rectangle 4 6)) (piece "Disc" Each)})
      (rules
        (start {(place "Disc1" (sites Row (- (count Rows) 1)))
                (place "Disc2" (sites Column (- (count Columns) 1)))})
        (play (move Add (to (sites Row (/ (count Rows) 2)) if:(is Empty (to)))))
        (end (if (>= (count Moves) (* (count Rows) (count Columns))) (result Mover Draw)))))"""
    g = ludi.parse(text)
    state = g.initial_state()
    top = [c for c in range(g.board.num_cells) if state.owner(c) == 0]
    assert sorted(g.board.label(c) for c in top) == ["a4", "b4", "c4", "d4", "e4"]  # f4: P2's
    right = [g.board.label(c) for c in range(g.board.num_cells) if state.owner(c) == 1]
    assert sorted(right) == ["f1", "f2", "f3", "f4"]
    assert moves(state) == ["a3", "b3", "c3", "d3", "e3"]  # row 2 from the bottom, f3 taken


def test_before_and_after_are_read_in_a_hop_only():
    text = """(game "S" (players 2)
      (equipment {(board (square 4)) (piece "Disc" Each (move Slide (between before:2)))})
      (rules (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""
    with pytest.raises(CompileError, match="in a hop"):
        ludi.parse(text)


AGAIN = """(then (if (can Move (hop (from (last To)) Diagonal
                        (between if:(and (not (is In (between) (sites ToClear)))
                                         (is Enemy (who at:(between)))))
                        (to if:(is Empty (to)))))
                (moveAgain)))"""

LATER = f"""(game "Later" (players 2)
  (equipment {{(board (square 8))
    (piece "Disc" Each
      (move Hop Diagonal
            (between if:(is Enemy (who at:(between))) (apply (remove (between) at:EndOfTurn)))
            (to if:(is Empty (to))) {AGAIN}))}})
  (rules
    (start {{ {{start}} }})
    (play (if (is Prev Mover)
              (move Hop (from (last To)) Diagonal
                    (between if:(and (not (is In (between) (sites ToClear)))
                                     (is Enemy (who at:(between))))
                             (apply (remove (between) at:EndOfTurn)))
                    (to if:(is Empty (to))) {AGAIN})
              (forEach Piece)))
    (end (if (no Pieces Next) (result Mover Win)))))"""


def later(start: str) -> ludi.Game:
    return ludi.parse(LATER.replace("{start}", start))


def test_a_piece_captured_at_the_end_of_the_turn_stays_and_cannot_be_hopped_twice():
    g = later('(place "Disc1" {"C1"}) (place "Disc2" {"D2" "F4"})')
    state = g.initial_state()
    assert moves(state) == ["c1-e3"]
    state.apply("c1-e3")
    assert state.owner(g.board.cell("d2")) == 1  # still on the board, in (sites ToClear)
    assert state.to_move == 0  # f4 can be taken: the same player moves again ...
    assert moves(state) == ["e3-g5"]  # ... but not back over d2, marked already
    state.apply("e3-g5")
    # the turn is over: both marked pieces leave, before the end rules (P2 has none left)
    assert state.owner(g.board.cell("d2")) is None and state.owner(g.board.cell("f4")) is None
    assert state.is_terminal() and state.winner == 0


def test_a_removal_at_the_end_of_the_turn_happens_when_the_turn_passes():
    g = later('(place "Disc1" {"C1" "F6"}) (place "Disc2" {"D2" "G7"})')
    state = g.initial_state()
    assert moves(state) == ["c1-e3", "f6-h8"]
    state.apply("c1-e3")  # no second capture: the turn passes, d2 leaves at once
    assert state.to_move == 1 and not state.is_terminal()
    assert state.owner(g.board.cell("d2")) is None and state.owner(g.board.cell("e3")) == 0
    assert moves(state) == ["g7-e5"]


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", ["war/leaping/diagonal/Shashki.lud"])
def test_flying_kings_of_ludiis_library_play_as_ludii_does(rel):
    """Russian draughts' kings capture from any distance and land anywhere beyond (``before:``
    and ``after:`` of ``(count Rows)``): 400 seeded playouts against Ludii's own statistics."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
