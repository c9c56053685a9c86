"""Rule tests for the constructs added for Ludii's library, each from Ludii's documented meaning:
a position, a move, and what must follow (or the legal moves).

- ``(if c A [B])`` as an effect: A when c holds, else B (Ludii's ``If`` effect);
- ``(if c a b)`` as a site or number;
- ``(sites {…})``: sites by Ludii's numbers (a mancala board's FirstSite store is site 0, its
  houses follow from the bottom left, the LastSite store is last) or coordinates ("A1");
- ``(is In (count …) (sites {2 4 6}))``: a number tested against the list's numbers;
- ``(sow apply:…)`` without ``if:``: the apply runs at the last site sown.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.compile.dump import dump
from ludi.errors import CompileError

MANCALA = """(game "T" (players 2)
 (equipment {{ (mancalaBoard 2 6 (track "Track" "1,E,N,W" loop:True))
   (regions P1 (sites Bottom)) (regions P2 (sites Top))
   (map {{(pair P1 FirstSite) (pair P2 LastSite)}}) (piece "Seed" Shared) }})
 (rules (start (set Count 4 to:(sites Track)))
  (play (move Select (from (sites Mover) if:(< 0 (count at:(from)))) (then (sow {sow}))))
  (end (if (no Moves Mover) (byScore)))))"""


def mancala(sow: str) -> ludi.Game:
    return ludi.parse(MANCALA.format(sow=sow))


def after(game: ludi.Game, counts: dict, move: str) -> dict:
    state = game.state_from(counts=counts)
    state.apply(move)
    return {game.board.label(c): state.count(c) for c in range(game.board.num_cells)
            if state.count(c)}


EMPTY = {k: 0 for k in "abcdefABCDEF"}


def test_effect_if_takes_one_branch():
    # the track runs a..f along the bottom, then A..F along the top from the right; a sowing
    # that ends on the opponent's side takes the seeds to the mover's store, one that ends on
    # the mover's side gives them to the opponent's store
    game = mancala("apply:(if (is In (to) (sites Next)) "
                   "(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to))) "
                   "(fromTo (from (to)) (to (mapEntry Next)) count:(count at:(to))))")
    assert after(game, {**EMPTY, "f": 2, "B": 1, "a": 1}, "f") == {"A": 1, "store1": 2, "a": 1}
    assert after(game, {**EMPTY, "a": 1, "b": 3, "A": 1}, "a") == {"store2": 4, "A": 1}


def test_effect_if_without_else_and_sow_without_if_applies_at_the_last_site():
    game = mancala("apply:(if (= (count at:(to)) 2) "
                   "(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to))))")
    assert after(game, {**EMPTY, "e": 1, "f": 1, "A": 1}, "e") == {"store1": 2, "A": 1}
    assert after(game, {**EMPTY, "e": 1, "f": 2, "A": 1}, "e") == {"f": 3, "A": 1}


def test_site_if_chooses_a_site():
    game = mancala("apply:(fromTo (from (to)) (to (if (is In (to) (sites Top)) (mapEntry P1) "
                   "(mapEntry P2))) count:(count at:(to)))")
    assert after(game, {**EMPTY, "f": 1, "A": 1}, "f") == {"store1": 2}
    assert after(game, {**EMPTY, "a": 1, "A": 1}, "a") == {"store2": 1, "A": 1}


def test_is_in_compares_a_count_with_a_list_of_numbers():
    game = mancala("if:(is In (count at:(to)) (sites {2 4 6})) "
                   "apply:(fromTo (from (to)) (to (mapEntry Mover)) count:(count at:(to)))")
    for before, taken in ((1, True), (3, True), (5, True), (2, False), (4, False)):
        got = after(game, {**EMPTY, "f": 1, "A": before, "B": 1}, "f")
        assert (got.get("store1", 0) == before + 1) is taken, before


def test_sites_by_ludii_number_and_coordinate():
    game = mancala("if:(is In (to) (sites {0 1 12 13})) apply:(remove (to))")
    regions = dump(game.spec).split("static regions")[1]
    assert "  a A store1 store2\n" in regions  # Ludii's sites 0, 1, 12 and 13
    square = ('(game "S" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) '
              '(rules (play (move Add (to (sites {SITES})))) '
              '(end (if (is Line 3) (result Mover Win)))))')
    for sites in ('"A1" "C3" "B2"', "0 8 4"):
        g = ludi.parse(square.replace("SITES", sites))
        assert sorted(str(m) for m in g.initial_state().legal_moves()) == ["a1", "b2", "c3"]
    with pytest.raises(CompileError, match="no site 9 on this board"):
        ludi.parse(square.replace("SITES", "0 9"))
    hexed = square.replace("(square 3)", "(hex 3)").replace("SITES", "0 1")
    with pytest.raises(CompileError, match="not supported on a hexhex board yet"):
        ludi.parse(hexed)
