"""Rule tests for the forms of war games' threat tests that Ludii's chaturanga and chess
variants write (Main Chator, Shatranj (Algeria), Lombard Chess, Long Assize), from Ludii's
source (``IsThreatened``, ``If``, ``Do``, ``CanMove``):

- ``(if (is Threatened (id "King" Next)) A B)`` in a (do …)'s ``(then …)``: after the move's
  own changes, is the next player's king attacked? (``(and R … (is Threatened …))`` too);
- ``(to if:STOP (apply if:C EFFECT))`` in a slide: C is Ludii's to-rule (``Slide``), the
  slide makes no move where it fails, and EFFECT runs on every move it makes;
- ``(move Hop (between (exact N) …))``: Ludii's range N..N, a run of N sites jumped over;
- the checkmate's ``(can Move (do (forEach Piece Next) ifAfterwards:C))`` where the play is
  ``(do (forEach Piece) ifAfterwards:C (then …))``: Ludii adds a do's (then …) to the moves C
  kept (``Do.eval``), so the (then …) changes nothing about whether Next can move.

And Ludii's own statistics of random play for the library files these forms complete.
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

CHECKS = """
(define "NextKing" (where "King" Next))
(game "Checks" (players {(player N) (player S)})
 (equipment {(board (square 5))
   (piece "King" Each (move Step (to if:(not (is Friend (who at:(to))))
      (apply (if (is Enemy (who at:(to))) (remove (to)))))))
   (piece "Rook" Each (move Slide Orthogonal (to if:(is Enemy (who at:(to)))
      (apply (remove (to))))))})
 (rules (start {(place "King1" coord:"A1") (place "Rook1" coord:"B2") (place "King2" coord:"E5")})
  (play (do (forEach Piece) ifAfterwards:(not (is Threatened (id "King" Mover)))
     (then THEN)))
  (end (if (and (is Threatened (id "King" Next)) (not (can Move (do (forEach Piece Next)
        ifAfterwards:(not (is Threatened (id "King" Next))))))) (result Mover Win)))))"""
MARK = ('(if (is Threatened (id "King" Next)) (set State at:("NextKing") 1) '
        '(set State at:("NextKing") 2))')
FIRST = ('(if (and (= 0 (state at:("NextKing"))) (is Threatened (id "King" Next))) '
         '(set State at:("NextKing") 3))')


def game(then: str = MARK) -> ludi.Game:
    return ludi.parse(CHECKS.replace("THEN", then))


def king_state(state, at: str = "e5") -> int:
    """The local state of the second player's king, on ``at``."""
    cell = state.game.board.cell(at)
    assert state.owner(cell) == 1
    return state.local_state(cell)


def test_a_move_that_checks_the_next_king_runs_the_then_branch():
    state = game().initial_state()
    state.apply("b2-b5")  # along row 5 to e5
    assert king_state(state) == 1 and not state.is_terminal()
    state = game().initial_state()
    state.apply("b2-b3")  # no check: the else branch
    assert king_state(state) == 2


def test_the_threat_is_read_after_the_move_s_own_changes_and_with_other_tests():
    state = game(FIRST).initial_state()
    state.apply("b2-b5")
    assert king_state(state) == 3
    state.apply("e5-d4")  # out of check; the mark stays
    state.apply("b5-b4")  # check again, the state is no longer 0: nothing changes
    assert king_state(state, "d4") == 3
    state = game(FIRST).initial_state()
    state.apply("b2-c2")
    assert king_state(state) == 0


def test_the_checkmate_reads_next_s_moves_when_the_play_has_a_then():
    g = ludi.parse(CHECKS.replace("THEN", MARK).replace(
        '(place "King2" coord:"E5")', '(place "King2" coord:"E5") (place "Rook1" coord:"D1")'))
    state = g.initial_state()
    state.apply("b2-b5")  # e5 in check; d1's rook holds column d: no escape but e4
    assert not state.is_terminal()
    assert sorted(str(m) for m in state.legal_moves()) == ["e5-e4"]
    state.apply("e5-e4")
    state.apply("b5-b4")  # row 4 and column d: e3? e5 is row 5, free now
    assert sorted(str(m) for m in state.legal_moves()) == ["e4-e3", "e4-e5"]


@pytest.mark.parametrize("then, message", [
    ('(if (and (= 0 (state at:("NextKing"))) (is Threatened (id "King" Next))) '
     '(set State at:("NextKing") 3) (set State at:("NextKing") 4))', "with an else branch"),
    ('(if (not (is Threatened (id "King" Next))) (set State at:("NextKing") 3))',
     "among a move's \\(then …\\) effects"),
])
def test_threat_tests_in_a_then_ludi_cannot_play_are_refused(then, message):
    with pytest.raises((CompileError, ludi.LudiError), match=message):
        game(then)


def test_a_threat_test_in_a_capture_s_apply_is_refused():
    text = CHECKS.replace("THEN", MARK).replace(
        "(apply (remove (to)))", "(apply (if (is Threatened (id \"King\" Next)) (remove (to))))")
    with pytest.raises((CompileError, ludi.LudiError), match="only in a move's"):
        ludi.parse(text)


FAR = """(game "Far" (players 2)
 (equipment {(board (square 4)) (piece "Rook" Each (move Slide Orthogonal
   (to if:(is Enemy (who at:(to)))
       (apply if:(not (is In (to) (sites Around (from)))) (remove (to))))))})
 (rules (start {(place "Rook1" coord:"A1") START})
  (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_slide_s_apply_if_is_its_to_rule_and_its_effect_runs_on_every_move():
    # Ludii's Slide: the apply's if: is the to-rule (no move where it fails; an empty site
    # passed), its effect that of every move made
    g = ludi.parse(FAR.replace("START", '(place "Rook2" coord:"A3")'))
    state = g.initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["a1-a3", "a1-c1", "a1-d1"]
    state.apply("a1-a3")
    assert state.owner(g.board.cell("a3")) == 0  # the enemy was taken
    g = ludi.parse(FAR.replace("START", '(place "Rook2" coord:"B1") (place "Rook2" coord:"A2")'))
    assert [str(m) for m in g.initial_state().legal_moves()] == ["pass (forced)"]  # each stops


def test_a_slide_s_apply_if_with_a_go_rule_that_passes_pieces_is_refused():
    # Annuvin slides past friends ((between if:(not enemy))) and lands where (apply if:…)
    # holds: read so, it had 13 moves at the start where Ludii has 11 (Shatranj (Iraq)'s
    # elephant, with a go rule of its own too, was out by a third in length): refused
    go = '(between if:(not (is Enemy (who at:(between)))))'
    text = FAR.replace("START", "").replace("Orthogonal\n", "Orthogonal " + go + "\n")
    with pytest.raises((CompileError, ludi.LudiError), match="lets it pass occupied sites"):
        ludi.parse(text)


LEAP = """(game "Leap" (players 2)
 (equipment {(board (square 5)) (piece "King" Each (move Hop Orthogonal
   (between (exact 2) if:True)
   (to if:(not (is Friend (who at:(to)))) (apply (if (is Enemy (who at:(to))) (remove (to)))))))})
 (rules (start {(place "King1" coord:"A1") START})
  (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_hop_over_exactly_n_sites_jumps_a_run_of_n_whatever_is_on_them():
    # Ludii's Hop with (exact 2): its range 2..2, two sites jumped over where the between-
    # condition holds (True here: empty or not), the landing just past them (Tepong's king)
    g = ludi.parse(LEAP.replace("START", '(place "King2" {"B1" "A3"})'))
    assert sorted(str(m) for m in g.initial_state().legal_moves()) == ["a1-a4", "a1-d1"]
    g = ludi.parse(LEAP.replace("START", '(place "King2" coord:"D1") (place "King1" coord:"A4")'))
    state = g.initial_state()
    assert sorted(str(m) for m in state.legal_moves() if str(m).startswith("a1")) == ["a1-d1"]
    state.apply("a1-d1")
    assert state.owner(g.board.cell("d1")) == 0


@pytest.mark.slow
@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", [
    "war/replacement/checkmate/chaturanga/Shatranj (Algeria).lud",
    "war/replacement/checkmate/chaturanga/Main Chator.lud",
    "war/replacement/checkmate/chaturanga/Tepong.lud",
    "war/replacement/checkmate/chess/Lombard Chess.lud",
    "war/replacement/checkmate/chess/Long Assize.lud",
])
def test_war_games_with_these_forms_play_as_ludii_does(rel):
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
