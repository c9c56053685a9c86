"""Rule tests for Ludii's ``(is Threatened (id "King" ROLE))`` and the checkmate built on it,
from Ludii's documented meaning (``IsThreatened``, ``Do``, ``ForEachPiece``):

- a piece is threatened when another player has a move, as the play gives them, that ends on
  its site; inside that test the other player's own ``ifAfterwards:`` threat test fails, so
  every move of theirs counts;
- ``(do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover))))`` keeps the moves
  after which the mover's king is safe (no moving into check, pinned pieces stay on the line);
- Ludii's ``"Checkmate"`` end: the next player's king is threatened and ``(can Move (do (forEach
  Piece Next) ifAfterwards:…))`` finds no move that makes it safe.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

CHESS = """(game "Kings and Rooks" (players {{(player N) (player S)}})
 (equipment {{ (board (square 5))
   (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to)))))))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply (remove (to)))))) }})
 (rules (start {{ {start} }})
  (play {play})
  (end {{ (if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
             ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win))
        (if (no Moves Mover) (result Mover Loss)) }})))"""
SAFE_PLAY = '(do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover))))'


def game(start: str, play: str = SAFE_PLAY):
    return ludi.parse(CHESS.format(start=start, play=play))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_a_king_does_not_move_into_check():
    # the rook on b5 holds the b file: a2 is the king's only safe square
    g = game('(place "King1" coord:"A1") (place "Rook2" coord:"B5") (place "King2" coord:"E5")')
    assert moves(g.initial_state()) == ["a1-a2"]
    # a rook next to the king holds a2 and b1, but the king may take it
    g = game('(place "King1" coord:"A1") (place "Rook2" coord:"B2") (place "King2" coord:"E5")')
    assert moves(g.initial_state()) == ["a1-b2"]


def test_a_pinned_piece_stays_on_its_line():
    g = game('(place "King1" coord:"A1") (place "Rook1" coord:"A2") (place "Rook2" coord:"A5") '
             '(place "King2" coord:"E5")')
    assert moves(g.initial_state()) == ["a1-b1", "a1-b2", "a2-a3", "a2-a4", "a2-a5"]


def test_checkmate_ends_the_game_and_a_check_does_not():
    g = game('(place "King1" coord:"C4") (place "Rook1" coord:"E1") (place "King2" coord:"A5")')
    state = g.initial_state()
    state.apply("e1-a1")  # check on the a file; b4, b5 are the white king's, a4 the rook's
    assert state.is_terminal() and state.winner == 0
    state = g.initial_state()
    state.apply("e1-e5")  # check along row 5, but a4 is free
    assert not state.is_terminal()
    assert moves(state) == ["a5-a4"]


def test_a_check_with_one_escape_late_in_the_list_is_not_a_mate():
    # the end check asks only whether the next player has a safe move: it tries their moves
    # in order until one passes, so an escape after many failing moves must still be found
    g = game('(place "King1" coord:"C4") (place "Rook1" coord:"E1") (place "King2" coord:"A5") '
             '(place "Rook2" coord:"E3")')
    state = g.initial_state()
    state.apply("e1-a1")  # check on the a file: only the rook's block on a3 saves the king
    assert not state.is_terminal()
    assert moves(state) == ["e3-a3"]


@pytest.mark.parametrize("change, message", [
    (("(to if:(not (is Friend (who at:(to))))", "(to if:(and (not (is Threatened (id \"King\" "
      "Mover))) (not (is Friend (who at:(to)))))"), "read only in"),
    (("(forEach Piece Next)", "(forEach Piece Mover)"), "(can Move …) in the end rules"),
    (('ifAfterwards:(not (is Threatened (id "King" Mover)))',
      'ifAfterwards:(not (is Threatened (id "King" Next)))'), "mover's piece only"),
])
def test_threat_tests_ludi_cannot_play_are_refused(change, message):
    text = CHESS.format(start='(place "King1" coord:"A1") (place "King2" coord:"E5")',
                        play=SAFE_PLAY)
    old, new = change
    assert old in text
    with pytest.raises((CompileError, ludi.LudiError), match=message.replace("(", r"\(")
                       .replace(")", r"\)")):
        ludi.parse(text.replace(old, new, 1))


def test_a_program_the_threat_test_would_misread_is_refused():
    text = CHESS.format(start='(place "King1" coord:"A1") (place "King2" coord:"E5")',
                        play=f"(priority {{{SAFE_PLAY} (move Pass)}})")
    checkmate = text[text.index("(if (and"):text.index("(if (no Moves")]
    with pytest.raises(CompileError, match="priority"):
        ludi.parse(text.replace(checkmate, ""))


def test_a_pass_threatens_nothing():
    # the other player's pass lands nowhere, not on the first site where the king stands
    text = CHESS.format(start='(place "King1" coord:"A1") (place "King2" coord:"E5")',
                        play='(do (or (forEach Piece) (move Pass)) ifAfterwards:(not (is '
                             'Threatened (id "King" Mover))))')
    checkmate = text[text.index("(if (and"):text.index("(if (no Moves")]
    state = ludi.parse(text.replace(checkmate, "")).initial_state()
    assert [m.kind for m in state.legal_moves()].count("pass") == 1
    assert moves(state) == sorted(["a1-a2", "a1-b1", "a1-b2", str(state.legal_moves()[-1])])


PROMOTING_PLAY = f'(if (is Prev Mover) (move Promote (last To) (piece "Rook") Mover) {SAFE_PLAY})'
PAWN = ('(piece "Pawn" Each (move Step Forward (to if:(is Empty (to))) (then (if (is In '
        '(last To) (sites Top)) (moveAgain)))))')


def test_a_promotion_is_a_move_of_its_own_and_the_play_around_it_keeps_the_threats():
    # Ludii's chaturanga play: (if "SameTurn" (move Promote (last To) …) (do (forEach Piece) …))
    text = CHESS.replace('   (piece "Rook" Each', f'   {PAWN}\n   (piece "Rook" Each')
    g = ludi.parse(text.format(start='(place "King1" coord:"C1") (place "Pawn1" coord:"A4") '
                               '(place "King2" coord:"E3")', play=PROMOTING_PLAY))
    state = g.initial_state()
    state.apply("a4-a5")  # the pawn reaches the top row: the same player moves again
    assert state.to_move == 0 and len(state.legal_moves()) == 1
    state.apply(state.legal_moves()[0])  # the promotion, a move of its own
    assert state.to_move == 1 and state.ply == 2
    assert "a5-a4" in moves(state.copy().apply("e3-e2"))  # a rook now, sliding down the a file
    # the other player's threats are their moves after a move of the mover's, not a promotion:
    # the king still may not step into the b file
    g = ludi.parse(CHESS.format(start='(place "King1" coord:"A1") (place "Rook2" coord:"B5") '
                                '(place "King2" coord:"E5")', play=PROMOTING_PLAY))
    assert moves(g.initial_state()) == ["a1-a2"]
    g = ludi.parse(CHESS.format(start='(place "King1" coord:"C4") (place "Rook1" coord:"E1") '
                                '(place "King2" coord:"A5")', play=PROMOTING_PLAY))
    state = g.initial_state()
    state.apply("e1-a1")
    assert state.is_terminal() and state.winner == 0


def test_a_random_move_is_drawn_from_the_safe_moves_alone_and_uniformly():
    """Random play tests the do-filter on the move it draws only (Ludii's filter playouts):
    what it draws must be exactly the legal moves, each as often as a draw from the filtered
    list would give."""
    import numpy as np
    from scipy.stats import chisquare

    from ludi.engine import kernels as K

    start = ('(place "King1" coord:"C1") (place "Rook1" {"A1" "E1"}) '
             '(place "King2" coord:"C3") (place "Rook2" coord:"B5")')
    g = game(start)
    state = g.initial_state()
    # 15 moves, of which the king's b1 (the b5 rook's file), b2, c2 and d2 (next to the
    # other king) are unsafe: the draw must pass over those
    assert len(state.legal_codes()) == 11
    rng = np.empty(1, np.uint64)
    for ply in range(4):
        legal = [int(c) for c in state.legal_codes()]
        draws = []
        for seed in range(40 * len(legal)):
            K.rng_seed(rng, seed * 7 + ply)
            draws.append(int(K.random_move(g.tables, state._s.copy(), g.new_work(),
                                           g.new_buffer(), rng)))
        counts = [draws.count(m) for m in legal]
        assert set(draws) == set(legal), f"ply {ply}: drew {set(draws) - set(legal)}"
        assert chisquare(counts).pvalue > 1e-4
        state.apply(state.legal_moves()[ply % len(legal)])
    # where every move fails the filter (the king's three squares are held), there is none
    stuck = game('(place "King1" coord:"A1") (place "Rook2" {"B5" "E2"}) '
                 '(place "King2" coord:"E5")')
    K.rng_seed(rng, 1)
    assert K.random_move(stuck.tables, stuck.initial_state()._s.copy(), stuck.new_work(),
                         stuck.new_buffer(), rng) == -1
