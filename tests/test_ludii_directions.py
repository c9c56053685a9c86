"""Rule tests for Ludii's direction ludemes, from Ludii's source (``SitesDirection``,
``ForEachDirection``):

- ``(sites Direction from:SITE DIRS [included:] [stop:C] [stopIncluded:] [distance:N])``: the
  sites along a straight ray from the site in each direction, each ray ending at the board's
  edge, after N sites, or at the first site where C holds (``(to)``: that site), which is in
  the region only with ``stopIncluded:True``; the site itself only with ``included:True``;
- ``(forEach Direction DIRS (to if:C (apply (forEach Direction (from (to)) DIRS2 …))))``: the
  bent step of a xiangqi horse or a shogi knight: one step to a site where C holds, then DIRS2
  turned from that step's direction.

And Ludii's own statistics of random play for the library files these unblock.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import numpy as np
import pytest
from conftest import LUDII

import ludi
from ludi.compile import layout as L
from ludi.compile.neighbours import rays_apart
from ludi.engine.game import Game, from_description
from ludi.engine.playouts import run_playouts
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"

ROOK = """
(game "Rays" (players 2)
  (equipment {(board (square 4))
    (piece "R" Each (move (from) (to (sites Direction from:(from) DIRS STOP)
      if:(not (is Friend (who at:(to)))) (apply (if (is Enemy (who at:(to))) (remove (to)))))))
    (piece "Stone" Each)})
  (rules (start {(place "R1" coord:"A1") (place "Stone1" coord:"A3") (place "Stone2" coord:"C1")
                 (place "R2" coord:"D4")})
    (play (forEach Piece "R")) (end (if (no Moves Next) (result Mover Win)))))"""


def moves(text: str) -> list[str]:
    return sorted(str(m) for m in ludi.parse(text).initial_state().legal_moves())


def rook(dirs: str = "Orthogonal", stop: str = "stop:(is Occupied (to)) stopIncluded:True"
         ) -> list[str]:
    return moves(ROOK.replace("DIRS", dirs).replace("STOP", stop))


def test_rays_stop_at_the_first_occupied_site_which_is_in_with_stop_included():
    # north: a2, then a3 (a friend: in the region, but not a legal landing); east: b1, c1
    assert rook() == ["a1-a2", "a1-b1", "a1-c1"]


def test_without_stop_included_the_site_that_stops_a_ray_is_out():
    assert rook(stop="stop:(is Occupied (to))") == ["a1-a2", "a1-b1"]


def test_without_stop_rays_go_to_the_edge_through_every_piece():
    assert rook(stop="") == ["a1-a2", "a1-a4", "a1-b1", "a1-c1", "a1-d1"]


def test_distance_and_a_single_direction():
    assert rook(dirs="E", stop="distance:1") == ["a1-b1"]
    assert rook(dirs="(directions {N NE})", stop="distance:2") == ["a1-a2", "a1-b2", "a1-c3"]


def test_a_stop_on_who_holds_the_site():
    # stop at the mover's own piece (a3), left out: a2 only north; east through the enemy
    assert rook(stop="stop:(= (mover) (who at:(to)))") == ["a1-a2", "a1-b1", "a1-c1", "a1-d1"]


COUNT = """
(game "Count" (players 2)
  (equipment {(board (square 5)) (piece "D" Each)})
  (rules (start {(place "D1" (sites {"A1" "C3" "E5" "B2"})) (place "D2" (sites {"A5"}))})
    (play (move Add (to (sites Empty)
      if:(= COUNT (count Sites in:(difference (sites Direction from:(to) (directions {NE SW})
                                                  included:True) (sites Empty)))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_counting_the_pieces_on_a_diagonal_through_a_site():
    # Lines of Action's "DistInNESW": the diagonal a1-e5 holds four discs, and d4 is on it
    # (included:True: the site's own piece would count too; d4 is empty)
    assert "d4" in moves(COUNT.replace("COUNT", "4"))
    assert "d4" not in moves(COUNT.replace("COUNT", "3"))
    # b1's diagonal (b1-a2 and b1-c2-d3-e4) holds no disc
    assert "b1" in moves(COUNT.replace("COUNT", "0"))


def test_a_fixed_region_of_rays():
    g = ludi.parse("""
(game "Fixed" (players 2)
  (equipment {(board (square 5)) (piece "D" Each)})
  (rules (start (place "D1" (sites Direction from:(sites Centre) S included:True distance:1)))
    (play (move Add (to (sites Direction from:12 (directions {N E}) distance:1))))
    (end (if (no Moves Next) (result Mover Win)))))""")
    state = g.initial_state()
    board = g.board
    assert {c for c in range(25) if state.owner(c) == 0} == {board.cell("c3"), board.cell("c2")}
    assert sorted(str(m) for m in state.legal_moves()) == ["c4", "d3"]


def test_a_stop_ludi_cannot_read_is_refused():
    with pytest.raises((CompileError, ludi.LudiError), match="stop: of \\(sites Direction"):
        rook(stop="stop:(is In (to) (sites Top))")


HORSE = """
(game "Horse" (players 2)
  (equipment {(board (square 5))
    (piece "Ma" Each (forEach Direction Orthogonal
      (to if:(is Empty (to)) (apply (forEach Direction (from (to)) (directions {FR FL} of:All)
        BETWEEN (if (not (is Friend (who at:(to))))
          (move (from) (to (apply if:(is Enemy (who at:(to))) (remove (to)))))))))))
    (piece "Stone" Each)})
  (rules (start {(place "Ma1" coord:"C1") (place "Stone1" coord:"C2") (place "Stone2" coord:"E2")
                 (place "Ma2" coord:"E5")})
    (play (forEach Piece "Ma")) (end (if (no Moves Next) (result Mover Win)))))"""


def test_a_horse_is_blocked_by_the_site_next_to_it():
    # north is blocked at c2; east via d1 to e2 (an enemy: taken), west via b1 to a2
    assert moves(HORSE.replace("BETWEEN", "")) == ["c1-a2", "c1-e2"]


def test_an_elephant_goes_on_along_the_diagonal_past_empty_sites():
    # Janggi's elephant: one orthogonal step, then two diagonal, the first of them empty:
    # east: d1, e2 (occupied: blocked); west: b1, a2, then off the board
    blocked = moves(HORSE.replace("BETWEEN", "(between (exact 2) if:(is Empty (between)))"))
    assert blocked == ["pass (forced)"]  # no move: the mover must pass
    text = HORSE.replace("BETWEEN", "(between (exact 2) if:(is Empty (between)))")
    text = text.replace('coord:"C1"', 'coord:"B1"').replace('(place "Stone1" coord:"C2")', "")
    # from b1: north b2 then a3.. off / c3, d4; east c1 then d2, e3; west a1 then off
    assert moves(text) == ["b1-d4", "b1-e3"]


def test_a_forEach_Direction_ludi_cannot_read_is_refused():
    outer = "(forEach Direction Orthogonal"
    text = HORSE.replace("BETWEEN", "").replace(outer, outer + " (between (range 1 2))")
    with pytest.raises((CompileError, ludi.LudiError), match="bent step"):
        ludi.parse(text)


def _direction_rows(game) -> list[int]:
    t = game.tables
    first = int(t[L.T.DYNREG])
    rows = (first + r * L.DR.SIZE for r in range(len(game.spec.origins["dynreg"])))
    return [at for at in rows if t[at + L.DR.KIND] == L.DYN.DIRECTION]


def test_counting_a_direction_region_ray_by_ray_plays_as_testing_every_site():
    # Zola counts (sites Direction from:(from) …) for every move it tries; the compiler marks
    # its rays apart (DR.APART) on the square board, so the count walks them; with the mark
    # taken off, every site is tested against every ray: the games must be the same
    game = from_description(load_description(BOARD / "war/replacement/eliminate/all/Zola.lud",
                                             ruleset=NO_RULESET))
    rows = _direction_rows(game)
    assert rows and all(game.tables[at + L.DR.APART] == 1 for at in rows)
    tables = game.tables.copy()
    for at in rows:
        tables[at + L.DR.APART] = 0
    slow = Game(replace(game.spec, tables=tables))
    assert run_playouts(slow, 30, 5)[0].tolist() == run_playouts(game, 30, 5)[0].tolist()


def test_rays_that_meet_again_are_not_counted_ray_by_ray():
    # a ring of four sites, one direction going round it: its ray comes back to its centre,
    # so a count must test sites (a region holds each site once)
    ring = SimpleNamespace(nbr=np.array([[1], [2], [3], [0]]), num_dirs=1, num_cells=4)
    assert rays_apart(SimpleNamespace(board=ring), mask=1, steps=4) == 0
    assert rays_apart(SimpleNamespace(board=ring), mask=1, steps=3) == 1
    line = SimpleNamespace(nbr=np.array([[1, -1], [2, 0], [-1, 1]]), num_dirs=2, num_cells=3)
    assert rays_apart(SimpleNamespace(board=line), mask=3, steps=3) == 1


AGREEING = ["war/replacement/eliminate/all/Zola.lud", "race/score/Diagonals.lud",
            "hunt/Nuktagaq.lud"]


@pytest.mark.slow
@pytest.mark.parametrize("rel", AGREEING)
def test_direction_games_play_as_ludii_does(rel):
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
