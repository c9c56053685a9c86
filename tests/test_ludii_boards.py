"""Rule tests for board shapes of Ludii's library played on their cells (or a tri board's points),
from Ludii's graph generators (read in its ``game.functions.graph``):

- ``(hex Limping N)`` (Ludii's ``CustomOnHex`` with sides {N, N+1}) and ``(tri Limping N)``
  (``CustomOnTri``, whose points lie as those cells do): a hexagon with sides of N and N+1 sites
  alternately, 3N² sites, numbered by Ludii's ``reorder``: row by row from the bottom, left to
  right;
- ``(hex Hexagon N)`` is ``(hex N)``;
- ``(remove GRID cells:{…})`` on points: the squares go, with the lines only they bounded
  (Ludii's ``trimEdges``); the points stay;
- ``(remove BOARD cells:{…})``: the cells named by Ludii's numbers go; the others keep their
  order, numbered again from 0 (Ludii's ``Remove`` does not reorder). Ludii numbers a hexagon of
  hex cells row by row from the bottom, as it does a square grid.
"""

from __future__ import annotations

import pytest
from conftest import LUDII

import ludi
from ludi.compile import board as geometry
from ludi.engine.game import from_description
from ludi.errors import CompileError
from ludi.lang import load_description
from ludi.lang.expand import NO_RULESET
from ludi.ludii import disagreements, read_reference, sample_random_play

BOARD = LUDII / "library" / "board"
CSV = LUDII / "random_play.csv"


def stepper(board: str, at: int, use: str = "") -> ludi.Game:
    """A game whose only piece, P1's on Ludii's site ``at``, steps to a neighbouring site."""
    return ludi.parse(f"""(game "S" (players 2)
      (equipment {{ (board {board}{use})
        (piece "D" Each (move Step Orthogonal (to if:(is Empty (to))))) }})
      (rules (start (place "D1" (sites {{{at}}}))) (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))))""")


def targets(game: ludi.Game) -> list[str]:
    return sorted(str(m).split("-")[1] for m in game.initial_state().legal_moves())


def test_a_limping_hexagon_has_sides_of_n_and_n_plus_one():
    for n in (2, 3, 5):
        b = geometry.hex_limping(n)
        assert b.num_cells == 3 * n * n
        assert sorted(len(side) for side in b.sides.values()) == [n] * 3 + [n + 1] * 3
    # (hex Limping 2): rows of 3, 4, 3 and 2 cells from the bottom; Ludii's site 0 is the
    # bottom row's left cell, next to sites 1 (right) and 3, 4 (the row above, of 4 cells)
    b = geometry.hex_limping(2)
    assert [int(b.row_index()[i]) for i in range(12)] == [0] * 3 + [1] * 4 + [2] * 3 + [3] * 2
    game = stepper("(hex Limping 2)", 0)
    assert len(targets(game)) == 3
    assert sorted(b.nbr[0][b.nbr[0] >= 0].tolist()) == [1, 3, 4]
    # the second size is ignored, as Ludii ignores it; a tri board's points are the same sites
    assert targets(stepper("(hex Limping 2 7)", 0)) == targets(game)
    assert targets(stepper("(tri Limping 2)", 0, " use:Vertex")) == targets(game)


def test_a_tri_limping_board_is_played_on_its_points():
    with pytest.raises(CompileError, match="use:Vertex"):
        stepper("(tri Limping 3)", 0)


def test_hex_hexagon_is_a_hexhex():
    assert geometry.hexhex(3).num_cells == ludi.parse("""(game "H" (players 2)
      (equipment { (board (hex Hexagon 3)) (piece "D" Each) })
      (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))
      """).board.num_cells == 19


def test_removed_cells_go_and_the_rest_keep_ludiis_order():
    # (rectangle 2 3): cells 0 1 2 along the bottom, 3 4 5 above; without 1, Ludii's site 0 is
    # still the bottom-left cell, its right-hand neighbour gone: it steps up only (to 2, which
    # was 3), and 1 (which was 2) is the bottom-right cell
    game = stepper("(remove (rectangle 2 3) cells:{1})", 0)
    assert game.board.num_cells == 5
    assert targets(game) == [game.board.label(2)]
    assert game.board.coords(1) == (2, 0)
    # (hex 2): Ludii's sites 0 1 along the bottom row, 2 3 4 across the middle, 5 6 at the top;
    # without 0, the bottom row's other cell (now 0) touches the middle's centre and right cell
    hexes = stepper("(remove (hex 2) cells:{0})", 0)
    assert hexes.board.num_cells == 6
    assert sorted(hexes.board.nbr[0][hexes.board.nbr[0] >= 0].tolist()) == [2, 3]
    assert len(targets(stepper("(remove (hex 2) cells:{0})", 2))) == 5  # the centre
    # (hex Rectangle 2 3) as Ludii lays it out: 3 cells along the bottom (0 1 2), 2 above them
    # (3 4), shifted half a cell right; without site 0, the bottom row's middle cell (now 0)
    # touches its right-hand neighbour and both cells above it
    rect = stepper("(remove (hex Rectangle 2 3) cells:{0})", 0)
    assert rect.board.num_cells == 4
    assert sorted(rect.board.nbr[0][rect.board.nbr[0] >= 0].tolist()) == [1, 2, 3]
    # a rotation turns the drawing only: Ludii keeps the numbers
    assert targets(stepper("(rotate 90 (remove (hex 2) cells:{0}))", 0)) == targets(hexes)


def test_removals_ludi_cannot_number_are_refused():
    with pytest.raises(CompileError, match="numbering"):
        stepper("(remove (hex Triangle 4) cells:{0})", 0)
    with pytest.raises(CompileError, match="corners of a board with cells removed"):
        ludi.parse("""(game "C" (players 2)
          (equipment { (board (remove (hex 3) cells:{0})) (piece "D" Each) })
          (rules (play (move Add (to (sites Corners))))
            (end (if (is Full) (result Mover Draw)))))""")
    with pytest.raises(CompileError, match="no side"):
        ludi.parse("""(game "C" (players 2)
          (equipment { (board (remove (hex 3) cells:{0})) (piece "D" Each) })
          (rules (play (move Add (to (sites Side N))))
            (end (if (is Full) (result Mover Draw)))))""")
    with pytest.raises(CompileError, match="no cell 9"):
        stepper("(remove (hex 2) cells:{9})", 0)
    with pytest.raises(CompileError, match="plain"):
        stepper("(remove (square 4 diagonals:Alternating) cells:{0})", 0, " use:Vertex")


def test_removed_squares_of_a_grid_of_points_take_their_lines_with_them():
    # (rectangle 3 2) on points: 3 rows of 2 points, 2 squares; without square 0 (the bottom
    # one) its lines go, those of square 1 stay: point 0 has no lines, point 2 two
    assert targets(stepper("(remove (rectangle 3 2) cells:{0})", 0, " use:Vertex")) == []
    assert targets(stepper("(remove (rectangle 3 2) cells:{0})", 2, " use:Vertex")) == ["3", "4"]
    assert len(targets(stepper("(rectangle 3 2)", 0, " use:Vertex"))) == 2


@pytest.mark.needs("ludii")
@pytest.mark.parametrize("rel", [
    "space/connection/Atoll.lud",  # (remove (rotate 90 (hex Rectangle 13 12)) cells:{…})
])
def test_library_games_on_these_boards_play_as_ludii_does(rel):
    """Limping hexagons and boards with cells removed, by Ludii's statistics (the number of
    moves at the start exactly: the sites are Ludii's)."""
    game = from_description(load_description(BOARD / rel, ruleset=NO_RULESET))
    ours = sample_random_play(game, 400, seed=0)
    assert disagreements(ours, read_reference(CSV)[rel]) == []
