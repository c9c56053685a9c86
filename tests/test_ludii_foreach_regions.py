"""Rule tests for Ludii's ``(forEach REGION if:COND)`` region, from Ludii's documented meaning:
the sites of REGION where COND holds with ``(site)`` at each. As a move's to (Dala: ``(to
(forEach (sites Centre) if:(is Empty (site))))``) it is read off the position as the move is
generated; in the start rules (Gale: ``(forEach (sites Board) if:(and (is Even (column
of:(site))) (is Odd (row of:(site)))))``) it is worked out when compiling.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.errors import CompileError

CENTRE = """(game "G" (players 2)
 (equipment {(board (square 4)) (hand Each) (piece "Disc" Each)})
 (rules (start (place "Disc" "Hand" count:6))
  (play (move (from (handSite Mover)) (to (forEach (sites Centre) if:(is Empty (site))))))
  (end (if (no Moves Next) (result Mover Win)))))"""


def moves_of(state) -> list[str]:
    return sorted(str(m).split("-")[-1] for m in state.legal_moves())


def test_a_to_of_the_empty_centre_sites_is_read_as_the_move_is_generated():
    state = ludi.parse(CENTRE).initial_state()
    assert moves_of(state) == ["b2", "b3", "c2", "c3"]
    state.apply(state.legal_moves()[0])
    assert len(state.legal_moves()) == 3  # the site just filled is no longer offered


def test_an_add_to_a_filtered_region_places_only_where_the_filter_holds():
    text = """(game "G" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})
     (rules (play (move Add (to (forEach (sites Board) if:(is Even (site))))))
      (end (if (is Full) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    assert moves_of(state) == ["a1", "a3", "b2", "c1", "c3"]  # sites 0, 2, 4, 6, 8


def test_a_start_region_may_test_rows_and_columns_of_each_site():
    text = """(game "G" (players 2) (equipment {(board (square 4)) (piece "Square" Each)})
     (rules (start (place "Square1" (forEach (sites Board) if:(and (is Even (column of:(site)))
                                                                  (is Odd (row of:(site)))))))
      (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))"""
    state = ludi.parse(text).initial_state()
    placed = sorted(x for x in ("a2", "a4", "c2", "c4", "b2", "a1") if state.owner(x) == 0)
    assert placed == ["a2", "a4", "c2", "c4"]  # columns A and C (0, 2), rows 2 and 4 (1, 3)


def test_a_filtered_region_elsewhere_is_refused_with_where_it_is_read():
    text = CENTRE.replace("(no Moves Next)",
                          "(= 2 (count Sites in:(sites Around (forEach (sites Centre) "
                          "if:(is Empty (site))))))")
    with pytest.raises(CompileError, match="from or to of a move"):
        ludi.parse(text)


AROUND_IF = """(game "S" (players 2)
 (equipment {(board (square 3)) (piece "Marker" Neutral) (piece "Disc" Each)})
 (rules (start {(place "Marker0" (sites {"B2"})) (place "Disc1" (sites {"A3"}))})
  (play (move Add (to (sites Empty)
                      if:(= 0 (count Sites in:(sites Around (to) Orthogonal {test}))))))
  (end (if (no Moves Next) (result Mover Win)))))"""


@pytest.mark.parametrize("test, expected", [
    # a neighbour holding the neutral marker (B2) keeps a site out: A2, B1, B3, C2
    ("if:(is In (to) (sites Occupied by:Neutral))", ["a1", "c1", "c3"]),
    # any piece: the marker, or P1's disc at A3 (which rules out A2 and B3 too)
    ("if:(is Occupied (to))", ["a1", "c1", "c3"]),
    # the mover's own pieces only: A3 rules out A2 and B3
    ("if:(is Friend (who at:(to)))", ["a1", "b1", "c1", "c2", "c3"]),
])
def test_sites_around_keep_the_neighbours_an_if_asks_for(test, expected):
    # Ludii's SitesAround tests if: with (to) set to each neighbour
    state = ludi.parse(AROUND_IF.replace("{test}", test)).initial_state()
    assert sorted(str(m) for m in state.legal_moves()) == expected


def test_sites_around_with_another_if_is_refused():
    text = AROUND_IF.replace("{test}", "if:(= 1 (count at:(to)))")
    with pytest.raises(CompileError, match="who holds each neighbour"):
        ludi.parse(text)
