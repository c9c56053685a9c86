"""Board geometry: cells, coordinates, labels, neighbours by direction, corners, sides, rows.

Coordinates (DESIGN §3):
- hex boards use axial coordinates (q, r); neighbours are the six offsets
  D0..D5 = (1,0) (1,-1) (0,-1) (-1,0) (-1,1) (0,1), in cyclic order, so turning by 60 degrees
  is an index step of ±1 and the opposite direction is d+3. A hexhex board of side N is centred on
  (0, 0) and holds all cells with |q|, |r|, |q+r| <= N-1. Rows are r = const; r grows downwards
  (row -(N-1) is the top edge, "North").
- square boards use (column, row) from the bottom-left corner (0, 0); directions
  E NE N NW W SW S SE in cyclic order (orthogonal ones at even indices).
Labels: a letter for the column (q or column, leftmost "a") and a number for the row, counted
from the bottom row (1).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple

import numpy as np

from ludi.compile import graphs
from ludi.errors import NoSuchCell

HEX_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
SQUARE_DIRS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


@dataclass(frozen=True, eq=False)
class Board:
    """The cells of a board and the tables the engine reads.

    ``nbr[c, d]`` is the neighbour of cell ``c`` in direction ``d`` (-1 off the board);
    ``axes`` maps a direction set name ("All", "Adjacent", "Orthogonal", "Diagonal") to the
    pairs of opposite directions that make lines.
    """

    kind: str  # "hex" or "square"
    shape: str  # "hexhex", "diamond", "rectangle", "triangle", "square"
    size: tuple[int, ...]
    xy: np.ndarray  # (C, 2) int64 coordinates of each cell
    nbr: np.ndarray  # (C, D) int64
    axes: dict[str, np.ndarray]
    adjacent: np.ndarray  # the directions that connect groups
    sides: dict[str, np.ndarray]  # compass -> cells of that side (corners included)
    corners: np.ndarray  # the corner cells, in order
    labels: tuple[str, ...]
    points: bool = False  # played on points joined by lines (drawn so), not on cells
    #: some of the grid's diagonals are not drawn: its nbr follows the lines drawn, while
    #: Ludii's All and Diagonal directions also reach the points across undrawn diagonals
    partial_diagonals: bool = False
    positions: np.ndarray | None = None  # a graph board's points (x, y) as floats (drawing)
    #: a graph board's points: 1 on its outer boundary (graphs.perimeter), as a point of a
    #: graph may lack neighbours in many of the board's directions and still be inside
    outer: np.ndarray | None = None
    #: the cells are numbered as Ludii numbers them (a limping hexagon, a board with cells
    #: removed), so Ludii's site numbers may name them
    ludii_numbered: bool = False
    _index: dict = field(default_factory=dict, repr=False)

    @property
    def num_cells(self) -> int:
        return int(self.xy.shape[0])

    @property
    def num_dirs(self) -> int:
        return int(self.nbr.shape[1])

    def coords(self, cell: int) -> tuple[int, int]:
        """Axial (q, r) on hex boards, (column, row) on square ones."""
        q, r = self.xy[cell]
        return int(q), int(r)

    def cell_at(self, q: int, r: int) -> int:
        """The cell at coordinates (q, r); :class:`ludi.NoSuchCell` when off the board."""
        found = self._index.get(("xy", int(q), int(r)))
        if found is None:
            raise NoSuchCell(f"no cell at ({q}, {r}) on this board ({self.describe()}); "
                             f"{self.coordinates_hint()}")
        return found

    def label(self, cell: int) -> str:
        return self.labels[cell]

    @property
    def case_sensitive(self) -> bool:
        """Whether two labels differ only by case (mancala boards: a-f and A-F)."""
        return len({label.lower() for label in self.labels}) < len(self.labels)

    def cell(self, label: str) -> int:
        """The cell with this label (e.g. "e5"; case matters only where the board has labels
        differing by case, as mancala boards do); :class:`ludi.NoSuchCell` when there is
        none."""
        label = label.strip()
        found = self._index.get(("label", label))
        if found is None and not self.case_sensitive:
            found = self._index.get(("label", label.lower()))
        if found is None:
            raise NoSuchCell(f"no cell '{label}' on this board ({self.describe()}); labels run "
                             f"from {self.labels[0]} to {self.labels[-1]}")
        return found

    def has_label(self, label: str) -> bool:
        try:
            self.cell(label)
        except NoSuchCell:
            return False
        return True

    def describe(self) -> str:
        """The board in words, e.g. ``hexhex 5, 61 cells``."""
        return f"{self.shape} {'x'.join(map(str, self.size))}, {self.num_cells} cells"

    def coordinates_hint(self) -> str:
        q, r = self.xy[:, 0], self.xy[:, 1]
        axes = "axial (q, r)" if self.kind == "hex" else "(column, row)"
        return (f"coordinates are {axes}, q from {q.min()} to {q.max()}, "
                f"r from {r.min()} to {r.max()}")

    @property
    def rim(self) -> np.ndarray:
        """1 for cells on the edge: with fewer neighbours than the board's directions, or on a
        graph's outer boundary (the sites after a graph's points, its hands, count as edge)."""
        rim = (np.asarray(self.nbr[:, self.adjacent] < 0).any(axis=1)).astype(np.int64)
        if self.outer is not None:
            rim[:len(self.outer)] = self.outer
        return rim

    def row_cells(self, k: int) -> np.ndarray:
        """Cells of row k counted from the bottom row (0)."""
        rows = self.row_index()
        return np.flatnonzero(rows == k)

    def column_cells(self, k: int) -> np.ndarray:
        cols = self.column_index()
        return np.flatnonzero(cols == k)

    def row_index(self) -> np.ndarray:
        if self.kind == "graph":  # the distinct heights of the points, from the bottom
            return np.unique(np.round(self.xy[:, 1], -1), return_inverse=True)[1]
        if self.kind == "hex":
            r = self.xy[:, 1]
            return r.max() - r
        return self.xy[:, 1] - self.xy[:, 1].min()

    def column_index(self) -> np.ndarray:
        if self.kind == "graph":
            return np.unique(np.round(self.xy[:, 0], -1), return_inverse=True)[1]
        q = self.xy[:, 0]
        return q - q.min()

    def __repr__(self) -> str:
        return f"Board({self.shape} {'x'.join(map(str, self.size))}, {self.num_cells} cells)"


def _label(col: int, row: int) -> str:
    """Column 0 -> "a" … 25 -> "z", 26 -> "aa"; row 0 -> "1"."""
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return f"{letters}{row + 1}"


def _build(kind, shape, size, cells, dirs, axes, adjacent, sides, corners) -> Board:
    index = {(q, r): i for i, (q, r) in enumerate(cells)}
    nbr = -np.ones((len(cells), len(dirs)), np.int64)
    for i, (q, r) in enumerate(cells):
        for d, (dq, dr) in enumerate(dirs):
            nbr[i, d] = index.get((q + dq, r + dr), -1)
    coords = np.array(cells, np.int64).reshape(-1, 2)
    lookup: dict = {("xy", q, r): i for (q, r), i in index.items()}
    board = Board(kind, shape, size, coords, nbr,
                  {k: np.array(v, np.int64).reshape(-1, 2) for k, v in axes.items()},
                  np.array(adjacent, np.int64),
                  {k: np.array(sorted(index[c] for c in v), np.int64) for k, v in sides.items()},
                  np.array([index[c] for c in corners], np.int64), (), _index=lookup)
    cols = board.column_index()
    rows = board.row_index()
    labels = tuple(_label(int(c), int(r)) for c, r in zip(cols, rows, strict=True))
    object.__setattr__(board, "labels", labels)
    for i, lab in enumerate(labels):
        lookup[("label", lab)] = i
    return board


def _hex_board(shape, size, cells, sides, corners) -> Board:
    axes = {name: [(0, 3), (1, 4), (2, 5)] for name in ("All", "Adjacent", "Orthogonal")}
    axes["Diagonal"] = []
    return _build("hex", shape, size, cells, HEX_DIRS, axes, list(range(6)), sides, corners)


def hexhex(n: int) -> Board:
    """A hexagon of side n (3n(n-1)+1 cells), centred on (0, 0)."""
    m = n - 1
    cells = [(q, r) for r in range(-m, m + 1) for q in range(-m, m + 1) if abs(q + r) <= m]
    corners = [(0, -m), (m, -m), (m, 0), (0, m), (-m, m), (-m, 0)]
    edge = {
        "N": lambda q, r: r == -m,
        "NE": lambda q, r: q == m,
        "SE": lambda q, r: q + r == m,
        "S": lambda q, r: r == m,
        "SW": lambda q, r: q == -m,
        "NW": lambda q, r: q + r == -m,
    }
    sides = {k: [c for c in cells if f(*c)] for k, f in edge.items()}
    return _hex_board("hexhex", (n,), cells, sides, corners)


def hex_diamond(n: int) -> Board:
    """A rhombus of n x n hex cells (Hex): q, r in 0..n-1. Sides NE (r=0) and SW (r=n-1) face
    each other, as do NW (q=0) and SE (q=n-1)."""
    cells = [(q, r) for r in range(n) for q in range(n)]
    sides = {
        "NE": [c for c in cells if c[1] == 0],
        "SW": [c for c in cells if c[1] == n - 1],
        "NW": [c for c in cells if c[0] == 0],
        "SE": [c for c in cells if c[0] == n - 1],
    }
    corners = [(0, 0), (n - 1, 0), (n - 1, n - 1), (0, n - 1)]
    return _hex_board("diamond", (n,), cells, sides, corners)


def hex_rectangle(rows: int, cols: int) -> Board:
    """A rectangle of hex cells, rows offset alternately (odd rows shifted right)."""
    cells = [(c - (r // 2), r) for r in range(rows) for c in range(cols)]
    sides = {
        "N": [x for x in cells if x[1] == 0],
        "S": [x for x in cells if x[1] == rows - 1],
        "W": [x for x in cells if x[0] + x[1] // 2 == 0],
        "E": [x for x in cells if x[0] + x[1] // 2 == cols - 1],
    }
    corners = [cells[0], cells[cols - 1], cells[-1], cells[-cols]]
    return _hex_board("rectangle", (rows, cols), cells, sides, corners)


def hex_triangle(n: int) -> Board:
    """A triangle of hex cells with n cells a side, pointing up: rows r = 0..n-1 from the top,
    row r holding the cells -r <= q <= 0. Sides: S is the bottom row (r = n-1), NW the left edge
    (q = -r) and NE the right edge (q = 0); each corner belongs to two sides."""
    cells = [(q, r) for r in range(n) for q in range(-r, 1)]
    sides = {
        "S": [c for c in cells if c[1] == n - 1],
        "NW": [c for c in cells if c[0] == -c[1]],
        "NE": [c for c in cells if c[0] == 0],
    }
    corners = [(0, 0), (-(n - 1), n - 1), (0, n - 1)]
    return _hex_board("triangle", (n,), cells, sides, corners)


#: Ludii's six turns of a hex lattice in (row, column) steps (its ``CustomOnHex``/``CustomOnTri``)
_LUDII_HEX_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))


def _ludii_xy(row: float, col: float) -> tuple[float, float]:
    """Where Ludii draws hex cell (row, column) (or tri point), in units of the cell spacing:
    rows go up, each row shifted half a cell left of the one below."""
    return col - 0.5 * row, row * np.sqrt(3) / 2


def _on_or_inside(p: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Is ``p`` inside the convex polygon (anticlockwise or clockwise) or on its boundary?"""
    signs = set()
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[(i + 1) % len(polygon)]
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) <= 1


def hex_limping(n: int) -> Board:
    """Ludii's ``(hex Limping N)`` (and ``(tri Limping N)``, whose points sit as these cells do):
    a hexagon whose sides hold N and N+1 cells alternately (3N² cells). As Ludii's
    ``CustomOnHex`` traces it: from cell (row 0, column 0), five sides of N-1, N, N-1, N, N-1
    steps, turning 60 degrees before each; the cells on or inside the hexagon, numbered as Ludii
    numbers them (row by row from the bottom, left to right). Axial (q, r) = (column, -row).
    Sides are named by the compass direction they face (N, NE, SE, S, SW, NW)."""
    row = col = 0
    turn = 1
    corners_rc = [(0, 0)]
    for k in range(5):
        length = (n, n + 1)[k % 2] - 1
        turn = (turn + 1) % 6
        row += length * _LUDII_HEX_STEPS[turn][0]
        col += length * _LUDII_HEX_STEPS[turn][1]
        corners_rc.append((row, col))
    polygon = [_ludii_xy(r, c) for r, c in corners_rc]
    rows = [r for r, _ in corners_rc]
    cols = [c for _, c in corners_rc]
    found = [(r, c) for r in range(min(rows), max(rows) + 1)
             for c in range(min(cols) - 1, max(cols) + 2)
             if _on_or_inside(_ludii_xy(r, c), polygon)]
    found.sort()  # Ludii's reorder: by row from the bottom, then from the left
    cells = [(c, -r) for r, c in found]
    cx = sum(p[0] for p in polygon) / 6
    cy = sum(p[1] for p in polygon) / 6
    sides: dict[str, list] = {}
    for i in range(6):
        (ar, ac), (br, bc) = corners_rc[i], corners_rc[(i + 1) % 6]
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % 6]
        facing = np.degrees(np.arctan2((ay + by) / 2 - cy, (ax + bx) / 2 - cx))
        name = {90: "N", 30: "NE", -30: "SE", -90: "S", -150: "SW", 150: "NW",
                -210: "NW", 210: "SW"}[int(round(facing / 30) * 30)]
        steps = max(abs(br - ar), abs(bc - ac))
        sides[name] = [(ac + (bc - ac) * t // steps, -(ar + (br - ar) * t // steps))
                       for t in range(steps + 1)]
    corners = [(c, -r) for r, c in corners_rc]
    board = _hex_board("limping", (n, n + 1), cells, sides, corners)
    return replace(board, ludii_numbered=True)


def hex_rectangle_ludii(rows: int, cols: int) -> Board:
    """``(hex Rectangle R C)`` laid out and numbered as Ludii's ``RectangleOnHex`` does: row b
    from the bottom holds columns (b+1)//2 .. C-1+b//2, so its odd rows hold C-1 cells, shifted
    half a cell right, numbered row by row from the bottom, left to right. (ludi's own
    :func:`hex_rectangle`, C cells in every row, is not Ludii's board.)"""
    cells = [(c, -b) for b in range(rows) for c in range((b + 1) // 2, cols + b // 2)]
    sides = {
        "S": [x for x in cells if x[1] == 0],
        "N": [x for x in cells if x[1] == -(rows - 1)],
        "W": [x for x in cells if x[0] == (-x[1] + 1) // 2],
        "E": [x for x in cells if x[0] == cols - 1 + (-x[1]) // 2],
    }
    corners = [cells[0], cells[cols - 1], cells[-1], cells[-cols]]
    return replace(_hex_board("rectangle", (rows, cols), cells, sides, corners),
                   ludii_numbered=True)


def ludii_order(board: Board) -> list[int] | None:
    """The board's cells in Ludii's numbering (Ludii's site k is ``ludii_order(board)[k]``), or
    None where ludi does not know it. Ludii numbers the cells of its grids by their centres,
    row by row from the bottom, left to right: ludi's square grids already are; a hexagon of hex
    cells is ludi's rows taken from the bottom (ludi numbers it from the top)."""
    if board.ludii_numbered or (board.kind == "square" and not board.points):
        return list(range(board.num_cells))
    if board.kind == "hex" and board.shape == "hexhex":
        return sorted(range(board.num_cells), key=lambda i: (-board.xy[i, 1], board.xy[i, 0]))
    return None


def remove_cells(board: Board, removed: list[int]) -> Board:
    """Ludii's ``(remove BOARD cells:{…})`` on a board played on its cells (and ``vertices:{…}``
    on a tri board played on its points, which ludi holds as hex cells): the cells named by
    Ludii's numbers go, with their lines; the others keep Ludii's order, numbered again from 0
    (Ludii does not reorder after a removal). The board has no sides or corners (Ludii measures
    them afresh on what is left; ludi does not yet). ValueError where ludi does not know Ludii's
    numbering of the board, or a number is not a cell."""
    order = ludii_order(board)
    if order is None:
        raise ValueError(f"Ludii's numbering of a {board.shape} board of {board.kind} cells is not "
                         "known to ludi yet")
    bad = [k for k in removed if not 0 <= k < board.num_cells]
    if bad:
        raise ValueError(f"no cell {bad[0]} to remove (the board has {board.num_cells})")
    gone = {order[k] for k in removed}
    keep = [i for i in order if i not in gone]
    cells = [(int(board.xy[i, 0]), int(board.xy[i, 1])) for i in keep]
    # Ludii measures the sides and corners of what is left afresh (its perimeter's turns),
    # which ludi does not: the board has none, and (sites Side …), (sites Corners) refuse
    sides: dict[str, list] = {}
    corners: list = []
    dirs = HEX_DIRS if board.kind == "hex" else SQUARE_DIRS
    axes = {k: [tuple(p) for p in v.tolist()] for k, v in board.axes.items()}
    out = _build(board.kind, board.shape, board.size, cells, dirs, axes,
                 board.adjacent.tolist(), sides, corners)
    return replace(out, ludii_numbered=True, points=board.points)


def _grid(cols: int, rows: int):
    """Cells of a cols x rows grid from the bottom-left, its sides N S W E and its corners."""
    cells = [(c, r) for r in range(rows) for c in range(cols)]
    sides = {
        "N": [x for x in cells if x[1] == rows - 1],
        "S": [x for x in cells if x[1] == 0],
        "W": [x for x in cells if x[0] == 0],
        "E": [x for x in cells if x[0] == cols - 1],
    }
    corners = [(0, 0), (cols - 1, 0), (cols - 1, rows - 1), (0, rows - 1)]
    return cells, sides, corners


def square_grid(cols: int, rows: int) -> Board:
    """A grid of cols x rows cells, (column, row) from the bottom-left corner."""
    cells, sides, corners = _grid(cols, rows)
    orth = [(0, 4), (2, 6)]
    diag = [(1, 5), (3, 7)]
    axes = {"All": orth + diag, "Adjacent": orth + diag, "Orthogonal": orth, "Diagonal": diag}
    shape = "square" if cols == rows else "rectangle"
    return _build("square", shape, (cols, rows) if cols != rows else (cols,), cells,
                  SQUARE_DIRS, axes, list(range(8)), sides, corners)


def vertex_grid(board: Board) -> Board:
    """A square grid played on its points (Ludii's ``use:Vertex``): the points are joined
    orthogonally, so pieces step, groups connect and lines run (``(is Line 3)``, whose default
    is Adjacent) along the four orthogonal directions; ``(is Line 5 All)`` still takes the
    diagonals too, as in Ludii."""
    axes = dict(board.axes, Adjacent=board.axes["Orthogonal"])
    return replace(board, adjacent=np.array([0, 2, 4, 6], np.int64), axes=axes, points=True)


def grid_diagonals(board: Board, pattern: str) -> Board:
    """The points of a square grid joined along Ludii's diagonal ``pattern``: a diagonal link
    (NE, NW, SW, SE) is kept only where the pattern draws that diagonal across a square of
    the grid. Alternating: the square with lower-left point (c, r) has its rising diagonal when
    c + r is even, else its falling one (Alquerque); SolidNoSplit: both in every square;
    Concentric: falling diagonals in the lower-left and upper-right quarters, rising ones
    elsewhere; Radiating: only the diagonals on the four rays from the centre point."""
    cols, rows = int(board.xy[:, 0].max()) + 1, int(board.xy[:, 1].max()) + 1
    edges: set[frozenset] = set()
    if pattern == "Radiating":
        mid_c, mid_r = cols // 2, rows // 2
        for dc, dr in ((1, 1), (-1, 1), (-1, -1), (1, -1)):
            for n in range(max(rows // 2, cols // 2) + 1):
                edges.add(frozenset({(mid_c + n * dc, mid_r + n * dr),
                                     (mid_c + (n + 1) * dc, mid_r + (n + 1) * dr)}))
    else:
        for r in range(rows - 1):
            for c in range(cols - 1):
                rising = frozenset({(c, r), (c + 1, r + 1)})
                falling = frozenset({(c, r + 1), (c + 1, r)})
                if pattern == "SolidNoSplit":
                    edges |= {rising, falling}
                elif pattern == "Alternating":
                    edges.add(rising if (r + c) % 2 == 0 else falling)
                elif pattern == "Concentric":
                    lower_left = r < rows // 2 and c < cols // 2
                    upper_right = r >= rows // 2 and c >= cols // 2
                    edges.add(falling if lower_left or upper_right else rising)
                else:
                    raise ValueError(f"no diagonal pattern {pattern}")
    nbr = board.nbr.copy()
    for cell, (c, r) in enumerate(board.xy):
        for d in (1, 3, 5, 7):  # NE NW SW SE
            dc, dr = SQUARE_DIRS[d]
            if frozenset({(int(c), int(r)), (int(c) + dc, int(r) + dr)}) not in edges:
                nbr[cell, d] = -1
    object.__setattr__(board, "nbr", nbr)
    object.__setattr__(board, "points", True)
    object.__setattr__(board, "partial_diagonals", pattern != "SolidNoSplit")
    return board


def mancala(rows: int, cols: int, stores: bool) -> Board:
    """A mancala board: ``rows`` x ``cols`` houses, (column, row) from the bottom-left, numbered
    row by row from the bottom; then, with ``stores``, two stores (Ludii's FirstSite and
    LastSite) as extra sites off the grid.

    Labels: the bottom row is a, b, c, … from the left (South's houses, left to right as South
    sees them); the top row is A, B, C, … from the right (North's houses, left to right as North
    sees them); stores are "store1" (FirstSite) and "store2" (LastSite).
    """
    cells, sides, corners = _grid(cols, rows)
    orth = [(0, 4), (2, 6)]
    axes = {"All": orth, "Adjacent": orth, "Orthogonal": orth, "Diagonal": []}
    board = _build("mancala", "mancala", (rows, cols), cells, SQUARE_DIRS, axes, [0, 2, 4, 6],
                   sides, corners)
    labels = []
    for c, r in cells:
        if r == 0:
            labels.append(_label(c, 0)[:-1])
        elif r == rows - 1:
            labels.append(_label(cols - 1 - c, 0)[:-1].upper())
        else:
            labels.append(f"{_label(c, 0)[:-1]}{r + 1}")
    if stores:
        extra = [(-1, 0), (cols, rows - 1)]
        xy = np.vstack([board.xy, np.array(extra, np.int64)])
        nbr = np.vstack([board.nbr, -np.ones((2, board.num_dirs), np.int64)])
        labels += ["store1", "store2"]
        object.__setattr__(board, "xy", xy)
        object.__setattr__(board, "nbr", nbr)
    object.__setattr__(board, "labels", tuple(labels))
    index = {k: v for k, v in board._index.items() if k[0] == "xy"}
    for i, lab in enumerate(labels):
        index[("label", lab)] = i
    board._index.clear()
    board._index.update(index)
    return board


def graph_board(g: graphs.Graph) -> Board:
    """The board of a Ludii graph played on its points: the points keep Ludii's numbers (and are
    labelled by them), each point's neighbours by direction are Ludii's steps
    (:func:`ludi.compile.graphs.steps`: 16 compass directions for lines, 16 more across faces),
    lines run along the lines' directions, sides are the points highest, lowest, leftmost and
    rightmost."""
    nbr, _ = graphs.steps(g)
    positions = np.array(g.points, float).reshape(-1, 2)
    xy = np.round(positions * 1000).astype(np.int64)  # whole numbers for the tables
    axes = np.array([(d, d + 8) for d in range(8)], np.int64)
    sides = {}
    for name, column, pick in (("N", 1, max), ("S", 1, min), ("E", 0, max), ("W", 0, min)):
        extreme = pick(positions[:, column])
        sides[name] = np.flatnonzero(np.abs(positions[:, column] - extreme) < 1e-6)
    labels = tuple(str(i) for i in range(len(g.points)))
    return Board("graph", "graph", (len(g.points),), xy, nbr,
                 {"All": axes, "Adjacent": axes, "Orthogonal": axes,
                  "Diagonal": np.zeros((0, 2), np.int64)},
                 np.arange(16, dtype=np.int64), sides, np.zeros(0, np.int64), labels,
                 points=True, positions=positions,
                 outer=np.isin(np.arange(len(g.points)), sorted(graphs.perimeter(g))).astype(
                     np.int64),
                 _index={("label", lab): i for i, lab in enumerate(labels)})


def with_hands(board: Board, players: int, size: int) -> Board:
    """The board with each player's hand after its sites: ``size`` sites a player, player by
    player (Ludii's hands are containers of their own; here they are sites no line, step or
    neighbour reaches). Labels: "hand1" for P1's hand of one site, "hand1-2" for its second
    site when hands hold several."""
    right = int(board.xy[:, 0].max()) + 2
    extra = np.array([(right + p, i) for p in range(players) for i in range(size)],
                     np.int64).reshape(-1, 2)
    if board.kind == "graph":  # off the graph, but in no new row or column of its points
        extra = np.tile([board.xy[:, 0].max(), board.xy[:, 1].min()], (len(extra), 1))
    xy = np.vstack([board.xy, extra])
    nbr = np.vstack([board.nbr, -np.ones((len(extra), board.num_dirs), np.int64)])
    labels = list(board.labels) + [f"hand{p + 1}" if size == 1 else f"hand{p + 1}-{i + 1}"
                                   for p in range(players) for i in range(size)]
    index = dict(board._index)
    for i, lab in enumerate(labels[board.num_cells:], start=board.num_cells):
        index[("label", lab)] = i
    positions = None if board.positions is None else np.vstack([board.positions, xy[
        board.num_cells:] / 1000])
    return replace(board, xy=xy, nbr=nbr, labels=tuple(labels), _index=index,
                   positions=positions)


class Track(NamedTuple):
    """A mancala board's track: its sites in sowing order; ``owner`` the colour whose own track
    it is (-1: the board's)."""

    name: str
    cells: list[int]
    loop: int
    owner: int


def parse_track(board: Board, spec: str, stores: bool) -> list[int]:
    """Cells of a Ludii track string such as "1,E,N,W": a start site in Ludii's numbering of the
    mancala board (FirstSite store first when there are stores, then the houses row by row from
    the bottom-left), then compass steps or site numbers (the track goes to that site); a bare
    direction walks to the edge, "E3" walks 3. On a
    two-row board with stores, WNW and WSW from the first column step into the left store,
    ENE and ESE from the last into the right one, and back out: ENE or ESE from the left store
    to the top or bottom row's first house, WNW or WSW from the right store to its last."""
    rows, cols = board.size
    houses = rows * cols
    parts = [p.strip() for p in spec.split(",") if p.strip()]
    if not parts or not parts[0].lstrip("-").isdigit():
        raise ValueError(f'a track starts with a site number, e.g. "1,E,N,W"; got "{spec}"')
    here, first = _track_site(parts[0], houses, cols, stores)
    out = [first]
    steps = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
    for p in parts[1:]:
        d = p.rstrip("0123456789").upper()
        count = p[len(d):]
        if d in steps and here[0] == "house":
            dc, dr = steps[d]
            _, c, r = here
            n = int(count) if count else max(rows, cols)
            for _ in range(n):
                if not (0 <= c + dc < cols and 0 <= r + dr < rows):
                    break
                c, r = c + dc, r + dr
                out.append(r * cols + c)
            here = ("house", c, r)
        elif not d:  # a site number: the track goes there
            here, cell = _track_site(p, houses, cols, stores)
            out.append(cell)
        elif d in ("WNW", "WSW", "ENE", "ESE") and stores and rows == 2 and count in ("", "1"):
            here = _store_step(here, d, cols)
            out.append(houses + here[1] if here[0] == "store" else here[2] * cols + here[1])
        else:
            raise ValueError(f"track step '{p}' is not a site number, N, S, E or W (optionally "
                             "with a count), or a step into or out of a store of a two-row board")
    if len(set(out)) != len(out):
        raise ValueError(f'track "{spec}" visits a site twice')
    return out


def _track_site(number: str, houses: int, cols: int, stores: bool) -> tuple[tuple, int]:
    """Where a track's site number (Ludii's numbering of a mancala board) is, and its cell."""
    site = int(number) - (1 if stores else 0)
    if stores and site in (-1, houses):  # FirstSite / LastSite: the left / right store
        return ("store", 0 if site < 0 else 1), houses if site < 0 else houses + 1
    if 0 <= site < houses:
        return ("house", site % cols, site // cols), site
    raise ValueError(f"track site {number} is not a site of this board")


def _store_step(here: tuple, d: str, cols: int) -> tuple:
    """One step between a two-row mancala board's end houses and its stores (see parse_track)."""
    east = d[0] == "E"
    if here[0] == "house":
        _, c, _ = here
        if (east and c == cols - 1) or (not east and c == 0):
            return ("store", 1 if east else 0)
    elif here[1] == (0 if east else 1):  # out of the left store eastwards, or the right westwards
        return ("house", 0 if east else cols - 1, 1 if d[1:] == "NE" or d[1:] == "NW" else 0)
    raise ValueError(f"track step '{d}' leads nowhere from here")
