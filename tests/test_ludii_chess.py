"""Rule tests for castling as Ludii's Chess writes it, from Ludii's source (``IsThreatened``,
``Slide``, ``If``, ``CanMove``) and the rules of chess:

- ``(if (and … (not (is Threatened (id "King" Mover))) (can Move M)) MOVES)`` in the play: the
  king may not castle out of check, and the rook must be able to slide to its square (the
  sites it passes empty);
- ``(not (is Threatened (id "King" Mover) at:(to)))`` in the king's ``(between if:…)``: no site
  the king passes may be attacked (were the king there); the square it lands on is checked by
  the play's ``ifAfterwards:`` (not into check); the rook's passage may be attacked;
- ``(slide …)`` in the castle's ``(then …)``: the rook jumps over the king to its square.

And Ludii's own statistics of random play for Chess.
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

CASTLING = """
(define "Never" (= (state at:(mapEntry #1 (mover))) 1))
(define "RookSlide" (slide (from (mapEntry #1 (mover))) #2 (between (exact #3) if:#4)
  (to if:True (apply (set State at:(from) 0)))))
(define "Castle" (move Slide (from (mapEntry "King" (mover))) #1
  (between (exact 2) if:(and (is Empty (to)) (not (is Threatened (id "King" Mover) at:(to)))))
  (to if:True (apply (set State at:(from) 0)))
  (then ("RookSlide" #2 #3 #4 True))))
(define "Castling" (if (and ("Never" "King") (not (is Threatened (id "King" Mover))))
  (or (if (and ("Never" "RookLeft") (can Move ("RookSlide" "RookLeft" E 3 (is Empty (to)))))
          ("Castle" W "RookLeft" E 3))
      (if (and ("Never" "RookRight") (can Move ("RookSlide" "RookRight" W 2 (is Empty (to)))))
          ("Castle" E "RookRight" W 2)))))
(define "Moved" (then (if (= (state at:(last To)) 1) (set State at:(last To) 0))))
(game "Castling" (players {(player N) (player S)})
 (equipment { (board (square 8))
   (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to))))) "Moved"))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply (remove (to)))) "Moved"))
   (piece "Stone" Each)
   (map "King" {(pair 1 "E1") (pair 2 "E8")})
   (map "RookLeft" {(pair 1 "A1") (pair 2 "A8")})
   (map "RookRight" {(pair 1 "H1") (pair 2 "H8")}) })
 (rules (start { START })
  (play (do (or (forEach Piece) "Castling") ifAfterwards:(not (is Threatened (id "King" Mover)))))
  (end (if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
        ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win)))))"""
HOME = ('(place "King1" coord:"E1" state:1) (place "Rook1" {"A1" "H1"} state:1) '
        '(place "King2" coord:"E8" state:1)')


def game(start: str = HOME) -> ludi.Game:
    return ludi.parse(CASTLING.replace("START", start))


def castles(start: str = HOME) -> list[str]:
    """The king's two-site moves from e1: the castles."""
    return sorted(str(m) for m in game(start).initial_state().legal_moves()
                  if str(m) in ("e1-c1", "e1-g1"))


def test_the_king_castles_either_way_when_the_squares_between_are_empty():
    assert castles() == ["e1-c1", "e1-g1"]
    state = game().initial_state()
    state.apply("e1-g1")  # the rook jumps over the king
    board = state.game.board
    assert state.owner(board.cell("g1")) == 0 and state.owner(board.cell("f1")) == 0
    assert state.owner(board.cell("h1")) is None and state.owner(board.cell("e1")) is None
    state = game().initial_state()
    state.apply("e1-c1")
    assert state.owner(board.cell("d1")) == 0 and state.owner(board.cell("a1")) is None


def test_no_castling_out_of_check_through_an_attacked_square_or_into_check():
    assert castles(HOME + ' (place "Rook2" coord:"E5")') == []  # in check
    assert castles(HOME + ' (place "Rook2" coord:"F5")') == ["e1-c1"]  # f1 attacked
    assert castles(HOME + ' (place "Rook2" coord:"D5")') == ["e1-g1"]  # d1 attacked
    assert castles(HOME + ' (place "Rook2" coord:"G5")') == ["e1-c1"]  # g1: into check
    # the rook's passage may be attacked: b1 is the rook's only
    assert castles(HOME + ' (place "Rook2" coord:"B5")') == ["e1-c1", "e1-g1"]


def test_no_castling_when_a_square_between_is_occupied_or_the_pieces_have_moved():
    assert castles(HOME + ' (place "Stone1" coord:"B1")') == ["e1-g1"]
    assert castles(HOME + ' (place "Stone1" coord:"G1")') == ["e1-c1"]
    moved_rook = ('(place "King1" coord:"E1" state:1) (place "Rook1" coord:"A1") '
                  '(place "Rook1" coord:"H1" state:1) (place "King2" coord:"E8" state:1)')
    assert castles(moved_rook) == ["e1-g1"]
    state = game().initial_state()
    for move in ("e1-e2", "e8-e7", "e2-e1", "e7-e8"):  # the king went and came back
        state.apply(move)
    assert [str(m) for m in state.legal_moves() if str(m) in ("e1-c1", "e1-g1")] == []


def test_a_king_in_check_may_not_castle_and_the_checkmate_test_reads_its_pieces_moves():
    start = ('(place "King1" coord:"G6" state:0) (place "Rook1" coord:"A2") '
             '(place "King2" coord:"E8" state:1) (place "Rook2" coord:"H8" state:1)')
    state = game(start).initial_state()
    state.apply("a2-a8")  # check along the back rank
    assert not state.is_terminal()
    # no castle; f8 is on the rook's line once the king leaves e8, f7 is the g6 king's
    assert sorted(str(m) for m in state.legal_moves()) == ["e8-d7", "e8-e7"]
    state = game(start).initial_state()
    state.apply("g6-f6")
    assert "e8-g8" in [str(m) for m in state.legal_moves()]  # out of check: it may castle


COUNTER = """(game "Counter" (players 2)
 (equipment {(board (square 4)) (piece "Rook" Each (move Slide Orthogonal
   (to if:(is Enemy (who at:(to))) (apply (remove (to) (then (set Counter)))))))})
 (rules (start {(place "Rook1" coord:"A1") (place "Rook2" {"D4" "A3"})})
  (play (forEach Piece))
  (end (if (= (counter) 1) (result Mover Draw)))))"""


def test_a_removal_on_an_empty_site_does_not_run_its_then():
    # Ludii's Remove makes no move where the site is empty: a quiet slide of a chess rook,
    # whose to's apply is (remove (to) (then (set Counter))), leaves the counter counting
    state = ludi.parse(COUNTER).initial_state()
    state.apply("a1-b1")
    state.apply("d4-c4")
    assert state.is_terminal() and state.winner is None
    state = ludi.parse(COUNTER).initial_state()
    state.apply("a1-a3")  # a capture: the counter starts again
    state.apply("d4-c4")
    assert not state.is_terminal()
    state.apply("a3-b3")
    assert state.is_terminal()


def test_a_slide_from_its_pieces_where_a_condition_holds():
    # Ludii's SlideCapture in Symmetric Chess: (move Slide (from if:C) …), C read at each piece
    g = ludi.parse("""(game "Frozen" (players 2)
     (equipment {(board (square 3))
       (piece "Rook" Each (move Slide (from if:(!= (state at:(from)) 2)) Orthogonal))})
     (rules (start {(place "Rook1" coord:"A1" state:2) (place "Rook1" coord:"C1")
                    (place "Rook2" coord:"C3")})
      (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))""")
    assert sorted(str(m) for m in g.initial_state().legal_moves()) == ["c1-b1", "c1-c2"]


@pytest.mark.parametrize("change, message", [
    (("(not (is Threatened (id \"King\" Mover) at:(to)))",
      "(not (is Threatened (id \"King\" Next) at:(to)))"), "at:SITE"),
    (("(between (exact 2) if:(and", "(between (max 2) if:(and"), None),
])
def test_threat_tests_at_a_site_ludi_cannot_play_are_refused(change, message):
    old, new = change
    text = CASTLING.replace("START", HOME)
    assert old in text
    if message is None:
        ludi.parse(text.replace(old, new))  # any range: the sites passed are each tested
        return
    with pytest.raises((CompileError, ludi.LudiError), match=message):
        ludi.parse(text.replace(old, new))


@pytest.mark.slow
@pytest.mark.parametrize("rel", ["war/replacement/checkmate/chess/Chess.lud",
                                 "war/replacement/checkmate/chess/Amazon Chess.lud"])
def test_chess_plays_as_ludii_does(rel):
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
