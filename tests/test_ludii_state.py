"""Rule tests for Ludii's variables, track sites, per-player end clauses and filtered regions,
each from Ludii's documented meaning (a position, a move, then what changed):

- ``(set Var "Name" v)`` and ``(var "Name")``: a value kept from move to move, -1 (Ludii's
  ``Undefined``) until set; ``(set Var v)`` and ``(var)``: the unnamed one;
- ``(trackSite Move from:SITE ["Track"|ROLE] steps:N)``: the site N places on along the player's
  track (the mover's own, else the board's), round a track that loops;
- ``(end (forEach Player|NonMover if:C (result Player R)))``: one clause per player, Player
  standing for it;
- ``(forEach REGION if:C)`` as a Select's from-region and in ``(all Sites … if:D)``;
- ``(remove SITE)`` on a site of counters nobody owns empties it.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

SOW = """(game "S" (players 2)
 (equipment { (mancalaBoard 2 4 store:None (track "Track" "0,E,N,W" loop:True))
   (piece "Seed" Shared) (regions P1 (sites Bottom)) (regions P2 (sites Top)) })
 (rules (start (set Count 2 to:(sites Track)))
  (play (move Select (from FROM if:(> (count at:(from)) 0)) (then THEN)))
  (end END)))"""

END = "(if (no Moves Mover) (result Mover Loss))"


def game(frm: str = "(sites Mover)", then: str = "(sow)", end: str = END) -> ludi.Game:
    return ludi.parse(SOW.replace("FROM", frm).replace("THEN", then).replace("END", end))


def test_a_variable_keeps_its_value_from_move_to_move():
    # "N" counts the moves from -1 (Undefined); "M" is never set
    g = game(then='(and (sow) (set Var "N" (+ (var "N") 1)))',
             end='(if (and (= (var "N") 1) (= (var "M") Undefined)) (result Mover Win))')
    state = g.initial_state()
    state.apply("a")  # N = 0
    assert not state.is_terminal()
    state.apply("A")  # N = 1: the mover, P2, wins
    assert state.is_terminal() and state.winner == 1


def test_the_unnamed_variable_and_a_refusal_with_repeated_positions():
    g = game(then="(and (sow) (set Var (+ (var) 2)))", end="(if (= (var) 3) (result Mover Win))")
    state = g.initial_state()
    state.apply("a")  # -1 + 2 = 1
    assert not state.is_terminal()
    state.apply("A")  # 1 + 2 = 3
    assert state.is_terminal() and state.winner == 1
    with pytest.raises(CompileError, match="tests repeated positions"):
        game(then="(and (sow) (set Var 1))", end="(if (is Repeated 2) (result Mover Draw))")


@pytest.mark.parametrize("steps,site", [(5, "B"), (10, "c"), (0, "a")])
def test_track_site_is_the_site_n_places_on_along_the_track(steps, site):
    # the track: a b c d, then the top row right to left: A B C D (eight places, a loop);
    # after P1 sows a, P2 must choose the site `steps` places on from there
    g = game(frm=f"(if (= (count Moves) 0) (sites Mover) "
                 f"(sites {{(trackSite Move from:(last From) steps:{steps})}}))")
    state = g.initial_state()
    state.apply("a")
    legal = [str(m) for m in state.legal_moves()]
    assert legal == ([site] if site != "a" else [])  # a is empty after the sowing


def test_for_each_player_end_clauses_stand_for_each_player():
    full = "(all Sites (sites Player) if:(> (count at:(site)) 1))"
    state = game(end=f"(forEach NonMover if:{full} (result Player Loss))").initial_state()
    state.apply("a")  # P2's row is untouched: P2, the non-mover, loses
    assert state.is_terminal() and state.winner == 0
    state = game(end=f"(forEach Player if:{full} (result Player Win))").initial_state()
    state.apply("a")  # P1's row lost a's seeds; P2's is full: P2 wins
    assert state.is_terminal() and state.winner == 1


def test_remove_empties_a_site_of_seeds_and_for_each_filters_a_from_region():
    g = game(frm="(forEach (sites Mover) if:(is Even (site)))", then="(remove (from))")
    state = g.initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["a", "c"]  # sites 0 and 2
    state.apply("a")
    assert state.count("a") == 0
    g = game(end="(if (all Sites (forEach (sites P1) if:(is Even (site))) "
                 "if:(= 0 (count at:(site)))) (result P1 Win))", then="(remove (from))")
    state = g.initial_state()
    state.apply("a")
    state.apply("A")
    assert not state.is_terminal()
    state.apply("c")  # a and c (P1's even sites) are empty now; b and d do not count
    assert state.is_terminal() and state.winner == 0


def test_for_each_site_runs_its_effect_at_every_site_of_the_region():
    # after a sowing, every occupied site of the mover's row is emptied into nothing: the
    # effect runs at each (site); in a sowing's capture too
    g = game(then="(and (sow) (forEach Site (sites Mover) (if (> (count at:(site)) 2) "
                  "(remove (site)))))")
    state = g.initial_state()
    state.apply("a")  # a: 0, b: 3, c: 3, d: 2 -> b and c emptied
    assert [state.count(x) for x in "abcd"] == [0, 0, 0, 2]
    g = game(then="(sow apply:(forEach Site (sites Next) (remove (site))))")
    state = g.initial_state()
    state.apply("d")  # the last seed lands in P2's row: P2's row is emptied
    assert [state.count(x) for x in "ABCD"] == [0, 0, 0, 0]
    assert state.count("d") == 0 and state.count("c") == 2


def test_select_from_the_pieces_own_sites():
    text = """(game "P" (players 2)
     (equipment { (board (square 3)) (piece "Bomb" Each (move Select (from (from))
       (then (forEach Site (sites Around (last To) includeSelf:True)
         (if (is Occupied (site)) (remove (site))))))) })
     (rules (start { (place "Bomb1" {"A1" "C3"}) (place "Bomb2" {"B2"}) })
      (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == ["a1", "c3"]
    state.apply("a1")  # a1 and its neighbour b2 go up; c3 stays
    assert state.is_terminal() and state.winner == 0 and state.owner("c3") == 0


def test_sow_a_site_a_number_of_counters_with_the_first_back_in_the_origin():
    # (sow SITE count:N origin:True): N counters of SITE, the first dropped back into it
    state = game(then="(sow (last To) count:1)").initial_state()
    state.apply("a")  # one of a's two seeds goes to b
    assert [state.count(x) for x in "ab"] == [1, 3]
    state = game(then="(sow origin:True)").initial_state()
    state.apply("a")  # a keeps one, b gets the other
    assert [state.count(x) for x in "abc"] == [1, 3, 2]


def test_next_is_the_mover_in_the_end_rules_after_a_move_again():
    # Ludii tries the end rules with the mover as next when the mover moves again
    g = game(then="(and (sow) (if (is In (last To) (sites P1)) (moveAgain)))",
             end="(if (= (next) (mover)) (result Mover Win))")
    state = g.initial_state()
    state.apply("a")  # the first move: P1 moves again, so next is P1 in the end rules
    assert state.is_terminal() and state.winner == 0
