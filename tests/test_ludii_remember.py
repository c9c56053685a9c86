"""Rule tests for the multi-round mancala constructs, from Ludii's source (RememberValue,
ForgetValue, ValuesRemembered, end ``If`` with sub-conditions, ``Do``, ``Select``, ``Track``):

- ``(set RememberValue "Name" REGION)`` in the start, ``(remember Value "Name" SITE)`` and
  ``(forget Value "Name" SITE|All)`` keep a list of values per name; ``(sites (values Remembered
  "Name"))`` reads it as sites (ludi keeps sites only, as a set).
- ``(end (if C {(if C1 R1) …} [R]))``: once C holds, the first sub-clause that holds decides,
  else R; without R the game goes on.
- ``(do A next:B)`` among effects: B reads what A changed.
- ``(no Pieces All [in:R])``; the boolean ``(if C A)`` is false when C fails.
- A track string's site number sends the track to that site; ``(move Select (from R if:C))``
  reads the site tried as ``(to)`` too.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import EngineError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

ROUNDS = """(game "Rounds" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None (track "Track" "0,E,5,W" loop:True))
             (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top))}})
 (rules (start {{(set Count 1 to:(sites Track)) {start}}})
  (play (move Select (from (sites (values Remembered "Mine")) if:(is Occupied (from)))
          (then {then})))
  (end {end})))"""


def game(start='(set RememberValue "Mine" (sites Bottom))', then="(sow)",
         end="(if (no Moves Next) (result Mover Win))"):
    return ludi.parse(ROUNDS.format(start=start, then=then, end=end))


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_the_start_remembers_sites_and_the_moves_read_them():
    assert moves(game().initial_state()) == ["a", "b", "c"]
    assert moves(game('(set RememberValue "Mine" 2)').initial_state()) == ["c"]  # Ludii's 2


def test_remembered_sites_join_and_leave_with_the_moves():
    # Ludii's site 3 is the top row's first house, C on the board
    g = game(then='(and {(sow) (forget Value "Mine" (last From)) (remember Value "Mine" 3)})')
    state = g.initial_state()
    state.apply("a")  # a sown (its seed to b) and forgotten; C remembered
    assert moves(state) == ["C", "b", "c"]  # the next player reads the same list
    state.apply("C")  # C's seed goes round to a, which stays forgotten; C, now empty, stays
    assert moves(state) == ["b", "c"]
    state = game(then='(forget Value "Mine" All)').initial_state()
    state.apply("b")
    assert state.is_terminal() and state.winner == 0  # the list is empty: Next cannot move


def test_a_value_to_remember_that_is_not_a_site_stops_with_an_engine_error():
    state = game(then='(remember Value "Mine" (+ 100 (last From)))').initial_state()
    with pytest.raises(EngineError, match="not a site"):
        state.apply("a")


def test_nested_end_clauses_try_their_subclauses_in_order_then_the_default():
    full = "(= 4 (count in:(sites Top)))"  # after c is sown: its seed goes to the top row
    state = game(end=f"(if {full} {{(if (= 1 2) (result P2 Win)) (if (is Mover P1) "
                     "(result P1 Win))})").initial_state()
    state.apply("c")
    assert state.is_terminal() and state.winner == 0
    state = game(end=f"(if {full} {{(if (= 1 2) (result P1 Win))}} (result P2 Win))"
                 ).initial_state()
    state.apply("c")
    assert state.is_terminal() and state.winner == 1  # no sub-clause held: the default
    state = game(end=f"(if {full} {{(if (= 1 2) (result P2 Win))}})").initial_state()
    state.apply("c")
    assert not state.is_terminal()  # none held and no default: the game goes on


@pytest.mark.parametrize("seeds, left", [(4, []), (3, ["a", "b"])])
def test_a_do_among_effects_reads_what_its_first_part_changed(seeds, left):
    then = (f'(do (sow) next:(if (= {seeds} (count in:(sites Top))) '
            '(forget Value "Mine" All)))')
    state = game(then=then, end="(if (= 1 2) (result Mover Win))").initial_state()
    state.apply("c")  # c's seed went to the top row: 4 seeds there once the sowing is done
    assert [str(m) for m in state.legal_moves() if str(m) != "pass (forced)"] == left


def test_no_pieces_all_and_a_boolean_if_without_else():
    end = ("(if (and (no Pieces All in:(sites {0})) (not (if (is Mover P2) True))) "
           "(result Mover Win))")
    state = game(end=end).initial_state()
    state.apply("a")  # a emptied, by P1: the if without else is false, so (not …) holds
    assert state.is_terminal() and state.winner == 0
    state = game(end=end.replace("(sites {0})", "(sites {1})")).initial_state()
    state.apply("a")
    assert not state.is_terminal()


def test_a_track_goes_to_a_site_number_and_a_select_reads_its_site_as_to():
    state = game().initial_state()
    state.apply("c")  # "0,E,5,W": after c (Ludii's 2) the track goes to Ludii's 5, A
    assert [state.count(x) for x in ("c", "A", "B")] == [0, 2, 1]
    g = ludi.parse(ROUNDS.format(start='(set RememberValue "Mine" (sites Board))', then="(sow)",
                                 end="(if (no Moves Next) (result Mover Win))").replace(
        "if:(is Occupied (from))", "if:(and (is Occupied (from)) (!= (to) 1))"))
    assert moves(g.initial_state()) == ["A", "B", "C", "a", "c"]  # b (Ludii's 1) left out


@pytest.mark.needs("ludii")
def test_a_mancala_of_rounds_from_ludiis_library_plays_as_ludii_does():
    """Ovalhu: playable houses remembered, forgotten when a round ends; nested end clauses;
    a track through site numbers: 400 seeded playouts against Ludii's own statistics."""
    rel = "sow/two_rows/Ovalhu.lud"
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    assert disagreements(sample_random_play(game, 400, seed=0), read_reference(CSV)[rel]) == []
