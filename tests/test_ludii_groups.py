"""Rule tests for groups and lines of sight, from Ludii's source, and Ludii's statistics for the
library files that use them:

- ``(sites LineOfSight [Empty|Farthest|Piece] [at:SITE] [DIRECTIONS])`` (``SitesLineOfSight``):
  along each ray from the site ((last To) by default; Adjacent directions by default), the
  first site holding a piece (Piece, the default), the empty sites before it (Empty), or the
  last of them (Farthest: none on a ray whose first site is occupied; the edge site when the
  ray is empty);
- ``(count Groups [DIRECTIONS] [if:C] [min:N])`` (``CountGroups``): the groups of sites where C
  holds at (to) (the occupied sites without if:), joined along the directions (Adjacent by
  default), counting those of N sites or more (min: 0 by default).
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

SLIDER = """(game "Sight" (players 2)
  (equipment {{(board (square 5))
    (piece "Disc" Each (move (from) (to (sites LineOfSight {kind} at:(from)))))}})
  (rules
    (start {{(place "Disc1" {{"A1" "C1"}}) (place "Disc2" {{"C3"}})}})
    (play (forEach Piece))
    (end (if (no Moves Next) (result Mover Win)))))"""


def moves(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def test_farthest_is_the_last_empty_site_before_a_piece_or_the_edge():
    state = ludi.parse(SLIDER.format(kind="Farthest")).initial_state()
    # from a1: up the column to a5, b1 (c1 holds a piece), b2 (c3 holds one); from c1: c2, e1,
    # b1, e3 and a3; a ray whose first site is occupied (none here) gives nothing
    assert moves(state) == sorted(["a1-a5", "a1-b1", "a1-b2", "c1-c2", "c1-e1", "c1-b1",
                                   "c1-e3", "c1-a3"])


def test_empty_is_every_empty_site_before_the_first_piece():
    state = ludi.parse(SLIDER.format(kind="Empty")).initial_state()
    assert moves(state) == sorted(["a1-a2", "a1-a3", "a1-a4", "a1-a5", "a1-b1", "a1-b2",
                                   "c1-c2", "c1-d1", "c1-e1", "c1-b1", "c1-d2", "c1-e3",
                                   "c1-b2", "c1-a3"])


PIECES_SEEN = """(game "Seen" (players 2)
  (equipment {(board (square 5)) (piece "Disc" Each)})
  (rules
    (start {(place "Disc1" {"A3" "C1"}) (place "Disc2" {"C5"})})
    (play (move Add (to (sites Empty)
      if:(= 2 (count Sites in:(sites LineOfSight at:(to) Orthogonal))))))
    (end (if (no Moves Next) (result Mover Win)))))"""


def test_piece_is_the_first_piece_of_each_ray_whoever_owns_it():
    state = ludi.parse(PIECES_SEEN).initial_state()
    # c3 sees three pieces (c5, c1, a3); a1, a5, c2 and c4 see two; the others fewer
    assert moves(state) == ["a1", "a5", "c2", "c4"]


GROUPS = """(game "Groups" (players 2)
  (equipment {(board (square 4)) (piece "Disc" Each)})
  (rules
    (play (move Add (to (sites Empty))
      (then (and
        (set Score P1 (count Groups Orthogonal if:(= (who at:(to)) P1)))
        (set Score P2 (count Groups if:(is Mover (who at:(to))) min:2))))))
    (end (if (is Full) (result Mover Win)))))"""


def test_count_groups_joins_along_its_directions_and_keeps_those_of_min_sites():
    state = ludi.parse(GROUPS).initial_state()
    state.apply("a1")  # P1: one group
    assert state.score(0) == 1
    state.apply("d4")  # P2 moves: its groups of 2 or more: none
    assert state.score(0) == 1 and state.score(1) == 0
    state.apply("b2")  # P1: a1 and b2 touch only diagonally: two groups orthogonally
    assert state.score(0) == 2
    state.apply("c3")  # P2: c3 and d4 join diagonally (Adjacent): one group of 2
    assert state.score(1) == 1
    state.apply("b1")  # P1: b1 joins a1 and b2 orthogonally
    assert state.score(0) == 1


def test_count_groups_without_if_counts_groups_of_any_pieces():
    game = ludi.parse(GROUPS.replace("(count Groups Orthogonal if:(= (who at:(to)) P1))",
                                     "(count Groups Orthogonal)"))
    state = game.initial_state()
    for move in ("a1", "a2", "c1", "d1"):
        state.apply(move)
    assert state.score(0) == 2  # {a1 a2} and {c1 d1}, whoever owns them


@pytest.mark.parametrize("text, message", [
    ("(count Groups if:(is Empty (to)))", "read only as a test of who holds each site"),
    ("(count Groups (directions {N}) if:(= (who at:(to)) P1))", "join sites both ways"),
    ("(count Groups Vertex)", "site type"),
    ("(count Groups min:(count Moves))", "must be a number written"),
    ("(count Sites in:(sites LineOfSight at:(ahead (last To) N)))", r"supported at \(to\)"),
])
def test_forms_not_played_exactly_are_refused(text, message):
    with pytest.raises(CompileError, match=message):
        ludi.parse(GROUPS.replace("(count Groups Orthogonal if:(= (who at:(to)) P1))", text))


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", [
    "race/reach/King's Valley.lud", "space/territory/Trike.lud", "space/territory/HexTrike.lud"])
def test_library_files_play_as_ludii_does(rel):
    """Slides as far as they go ((sites LineOfSight Farthest at:(from))), placements in sight
    of the last one ((sites LineOfSight Empty at:(var)))."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
