"""Rule tests for boards built by Ludii's graph ludemes and played on their points, from Ludii's
documented meaning (its graph functions and topology; see ludi/compile/graphs.py):

- ``(wedge 3)``: an apex (2, 2), then rows of 3 points spreading below it, numbered from the apex;
- ``(merge A B)``: A's points, then B's, a point of B on one of A's dropped in its favour;
- ``(shift …)``, ``(scale …)`` (about the origin), ``(rotate …)`` (anticlockwise, about the
  centre of the points' bounding box);
- ``(remove G vertices:{…})``: the points left are numbered again in order; ``(add G edges:{…})``;
- ``(concentric Square rings:3)``: the Nine Men's Morris board, numbered by Ludii's reorder;
  ``(concentric {1 8})``: a centre and a ring;
- a step's direction is the nearest of 16 compass points; lines and jumps run straight on;
- ``(sites Outer)`` on points: those on the boundary Ludii's MeasureGraph walks round the graph
  (from the leftmost point, each point's lines in angle order), not every point that lacks a
  neighbour in some direction.
"""

from __future__ import annotations

import pytest

import ludi
from ludi.compile import graphs
from ludi.errors import CompileError


def test_a_wedge_is_numbered_from_its_apex_row_by_row():
    g = graphs.wedge(3)
    assert g.points == [(2, 2), (1, 1), (2, 1), (3, 1), (0, 0), (2, 0), (4, 0)]
    assert sorted(tuple(sorted(e)) for e in g.edges) == [
        (0, 1), (0, 2), (0, 3), (1, 2), (1, 4), (2, 3), (2, 5), (3, 6), (4, 5), (5, 6)]


def test_merge_keeps_the_first_of_two_points_in_one_place():
    # Ludii's "AlquerqueGraphWithBottomTriangle": the wedge's apex is the grid's point (2, 2)
    g = graphs.merge([graphs.shift(graphs.grid(5, 5, "Alternating"), 0, 2), graphs.wedge(3)])
    assert len(g.points) == 31 and g.points[2] == (2, 2)
    assert g.points[25:] == [(1, 1), (2, 1), (3, 1), (0, 0), (2, 0), (4, 0)]
    assert (2, 26) in g.edges or (26, 2) in g.edges  # the apex's line down the middle


def test_transforms_rotate_about_the_box_centre_and_scale_about_the_origin():
    turned = graphs.rotate(graphs.wedge(3), 180)
    assert [tuple(round(v, 6) for v in p) for p in turned.points[:2]] == [(2, 0), (3, 1)]
    assert graphs.scale(graphs.wedge(2), 1, 2).points == [(1, 2), (0, 0), (1, 0), (2, 0)]


def test_remove_packs_the_numbers_and_add_joins_points_by_number():
    g = graphs.remove(graphs.grid(3, 3), [7, 1], [])
    assert len(g.points) == 7 and g.points[1] == (2, 0) and g.points[6] == (2, 2)
    joined = graphs.add(g, [], [], [(0, 6)])
    assert (0, 6) in joined.edges


def test_outer_points_are_those_on_the_boundary_walked_round_the_graph():
    assert graphs.perimeter(graphs.grid(3, 3)) == {0, 1, 2, 3, 5, 6, 7, 8}
    # Nine Men's Morris: the outer ring alone, though the middle ring's points lack neighbours
    morris = graphs.concentric_square(3)
    assert graphs.perimeter(morris) == {v for v, (x, y) in enumerate(morris.points)
                                        if max(abs(x), abs(y)) > 2}
    # Ratio's board: a grid with wedges above and below, less three points: its centre (2) and
    # the point below the top wedge's apex (4) are inside
    ratio = graphs.add(graphs.remove(graphs.merge([
        graphs.grid(3, 3, "Alternating"), graphs.shift(graphs.wedge(2), 0, 2),
        graphs.shift(graphs.rotate(graphs.wedge(2), 180), 0, -1)]), [3, 5, 1], []),
        [], [], [(0, 3), (1, 5), (2, 7), (0, 1)])
    assert graphs.perimeter(ratio) == {0, 1, 3, 5, 6, 7}
    # two separate parts each have their boundary; a part inside another's has none
    apart = graphs.merge([graphs.grid(2, 2), graphs.shift(graphs.grid(2, 2), 5, 0)])
    assert graphs.perimeter(apart) == set(range(8))
    ring = graphs.merge([graphs.scale(graphs.grid(2, 2), 4, 4),
                         graphs.shift(graphs.grid(2, 2), 1.5, 1.5)])
    assert graphs.perimeter(ring) == {0, 1, 2, 3}


def test_nine_mens_morris_board():
    g = graphs.concentric_square(3)
    assert len(g.points) == 24 and len(g.edges) == 32
    assert g.points[0] == pytest.approx((-3 * 0.7071067811865476, -3 * 0.7071067811865476))
    game = ludi.parse("""(game "M" (players 2)
      (equipment { (board (concentric Square rings:3) use:Vertex) (piece "M" Each) })
      (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))""")
    assert len(game.initial_state().legal_moves()) == 24
    # the outer ring's bottom side (points 0, 1, 2) is a line; its bottom-left corner and
    # the middle ring's are not joined (no joinCorners)
    state = game.initial_state()
    for move in ("0", "3", "1", "4", "2"):
        state.apply(move)
    assert state.is_terminal() and state.winner == 0


def test_circles_have_a_centre_joined_to_the_first_ring():
    g = graphs.concentric_circles([1, 8])
    assert len(g.points) == 9 and g.points[1] == pytest.approx((-0.7071067811865476,
                                                                0.7071067811865476))
    assert sum(1 for e in g.edges if 0 in e) == 8


HUNT = """(game "H" (players 2)
 (equipment { (board (merge (shift 0 2 (square 5 diagonals:Alternating)) (wedge 3)) use:Vertex)
   (piece "T" Each (or (move Step (to if:(is Empty (to))))
                       (move Hop (between if:(is Enemy (who at:(between)))
                                  (apply (remove (between)))) (to if:(is Empty (to)))))) })
 (rules (start { (place "T1" (sites {12})) (place "T2" (sites {2 7})) })
  (play (forEach Piece)) (end (if (no Pieces Next) (result Mover Win)))))"""


def test_steps_and_jumps_on_a_merged_board_follow_the_lines():
    game = ludi.parse(HUNT)
    state = game.initial_state()
    moves = sorted(str(m) for m in state.legal_moves())
    # point 12 (2, 4) is the grid's centre: lines to its 8 neighbours, 7 (2, 3) taken; it
    # jumps over 7 onto 2 (2, 2)? 2 is taken too: no jump there
    assert "12-7" not in moves and len([m for m in moves if "x" not in m]) == 7
    state = ludi.parse(HUNT.replace("(sites {2 7})", "(sites {2 20})")).initial_state()
    state.apply("12-7")
    assert "2x7>12" in sorted(str(m) for m in state.legal_moves())
    # from the apex the line runs straight down into the wedge: 7 jumps 2 landing on 26
    state = ludi.parse(HUNT.replace("(sites {12})", "(sites {7})").replace(
        "(sites {2 7})", "(sites {2})")).initial_state()
    assert "7x2>26" in [str(m) for m in state.legal_moves()]


def test_graph_boards_are_played_on_points_only():
    with pytest.raises(CompileError, match="add use:Vertex"):
        ludi.parse(HUNT.replace(" use:Vertex", ""))
