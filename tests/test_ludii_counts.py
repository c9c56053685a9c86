"""Rule tests for removals of several pieces and for the sites set pending, from Ludii's source
(Remove, ActionRemove, ContainerFlatState.remove, SitesPending), and Ludii's statistics for the
library files that use them:

- ``(remove SITE count:N)`` is N ActionRemoves of SITE (the first one even when N < 1), and no
  move at all on an empty site. Without stacks a removal empties the site (its count set to 0),
  so the first removal takes every counter and N changes nothing; with stacks each removal
  takes a top piece, which ludi refuses for now.
- ``(sites Pending)`` is the set of values the last move set pending, as sites; ludi keeps one
  value (two different ones stop the game with an engine error when the region is read), and
  reads it as a move's from-site and in ``(is In …)``; nothing pending: no site.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.engine.game import from_description
from ludi.errors import CompileError, EngineError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD_DIR = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

BOARD = """(game "M" (players 2)
 (equipment {{(mancalaBoard 2 3 store:None (track "T" "0,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top)) (piece "Seed" Shared)}})
 (rules (start {{(set Count 3 to:(sites {{"A1" "C1"}})) (set Count 1 to:(sites {{"B2"}}))}})
  (play {play})
  (end (if (no Moves Next) (result Mover Win)))))"""
# sites 0-2: the bottom row a b c; 3-5 the top row, labelled along the track C B A

SELECT = "(move Select (from (sites Mover) if:(is Occupied (from))) {then})"


def counts(state) -> list[int]:
    return [state.count(label) for label in ("a", "b", "c", "C", "B", "A")]


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


@pytest.mark.parametrize("count", ["1", "2", "(count at:(last To))", "0"])
def test_a_removal_of_n_counters_empties_the_site_without_stacks(count):
    play = SELECT.format(then=f"(then (remove (last To) count:{count}))")
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    state.apply("a")
    assert counts(state) == [0, 0, 3, 0, 1, 0]


def test_a_removal_of_n_pieces_from_a_stack_is_refused():
    text = """(game "S" (players 2)
      (equipment {(board (rectangle 1 4)) (piece "Disc" Each (move (from (from))
        (to (sites Board) if:(!= (from) (to)) (apply (remove (to) count:2)))))})
      (rules (start {(place Stack "Disc1" 0 count:2) (place Stack "Disc2" 1 count:3)})
        (play (forEach Piece top:True)) (end (if (no Moves Next) (result Mover Win)))))"""
    with pytest.raises(CompileError, match=r"count:N\) takes N pieces off a stack"):
        ludi.parse(text)


PENDING_SELECT = "(move Select (from (sites Mover) if:(is Occupied (from))) " \
    "(then (set Pending (last To))))"


def test_the_site_set_pending_is_the_next_moves_from_site():
    play = f"(or (move Select (from (sites Pending))) {PENDING_SELECT})"
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    assert moves(state) == ["a", "c"]  # nothing pending: no site
    state.apply("a")
    assert moves(state) == ["B", "a"]  # P2: its own B, and a, set pending by P1's move
    state.apply("B")  # sets B pending; a is no longer
    assert moves(state) == ["B", "a", "c"]


def test_is_in_the_sites_pending():
    play = "(move Select (from (sites Board) if:(and (is Occupied (from)) " \
        "(not (is In (from) (sites Pending))))) (then (set Pending (last To))))"
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    assert moves(state) == ["B", "a", "c"]
    state.apply("a")
    assert moves(state) == ["B", "c"]
    state.apply("c")
    assert moves(state) == ["B", "a"]


def test_a_number_is_in_the_sites_pending():
    play = "(if (is In 2 (sites Pending)) (move Pass) " + SELECT.format(
        then="(then (set Pending 2))") + ")"
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    assert moves(state) == ["a", "c"]
    state.apply("a")
    assert [m.kind for m in state.legal_moves()] == ["pass"]


def test_two_different_values_pending_stop_the_game_when_read():
    play = "(or (move Select (from (sites Pending))) " + SELECT.format(
        then="(then (and (set Pending 0) (set Pending 2)))") + ")"
    state = ludi.parse(BOARD.format(play=play)).initial_state()
    with pytest.raises(EngineError, match="different values pending"):
        state.apply("a")  # the next player's moves read them
        state.legal_moves()


def test_the_sites_pending_elsewhere_are_refused():
    play = "(if (< 0 (count Sites in:(sites Pending))) (move Pass) " + PENDING_SELECT + ")"
    with pytest.raises(CompileError, match=r"\(sites Pending\) can be used only"):
        ludi.parse(BOARD.format(play=play))


def test_a_to_region_whose_forEach_reads_to_is_refused():
    # Lisolo's setup: (to (forEach (sites Mover "Home") if:(!= (to) (site)))): Ludii reads
    # (to) there before the to-site is chosen (241 moves at its start); ludi cannot yet
    with pytest.raises(CompileError, match=r"\(to\) in the if: of a from's or to's"):
        from_description(load_description(BOARD_DIR / "sow/four_rows/Lisolo.lud",
                                          ruleset=NO_RULESET))


@pytest.mark.parametrize("rel", [
    "sow/three_rows/Abalala'e.lud",  # sows again from (sites Pending) after a capture
])
def test_library_files_play_as_ludii_does(rel):
    game = from_description(load_description(BOARD_DIR / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
