"""Ludii's graph boards: points joined by lines, built by graph ludemes and played on the points.

``(merge …)``, ``(shift …)``, ``(scale …)``, ``(rotate …)``, ``(wedge …)``, ``(add …)``,
``(remove …)`` and ``(graph …)`` build a :class:`Graph` exactly as Ludii's graph functions do
(read from Ludii's ``game.functions.graph``), so its points keep Ludii's numbers: a square grid is
numbered row by row from the bottom left (Ludii's ``reorder``), a wedge from its apex, a merge
keeps each part's points in order and drops a point that coincides with an earlier one, a removal
packs the numbers that remain. :func:`board_of` then makes the engine's board: each point's
neighbours by direction, as Ludii's topology sees them (see its docstring).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

#: Ludii's 16 compass points, anticlockwise from E (a point's steps use them all: Ludii sees two
#: steps of a point in one of the 8 main directions as soon as it has an edge).
COMPASS16 = ("E", "ENE", "NE", "NNE", "N", "NNW", "NW", "WNW", "W", "WSW", "SW", "SSW", "S",
             "SSE", "SE", "ESE")
MERGE_TOLERANCE = 0.01  # points of merged graphs closer than this (Manhattan) are one point
FIND_TOLERANCE = 0.001  # a point given by coordinates is one within this (Manhattan)


@dataclass
class Graph:
    """Points (x, y), lines between two points, and faces (the polygons the lines enclose)."""

    points: list[tuple[float, float]]
    edges: list[tuple[int, int]] = field(default_factory=list)
    faces: list[tuple[int, ...]] = field(default_factory=list)

    def find(self, x: float, y: float, tolerance: float = FIND_TOLERANCE) -> int:
        for i, (px, py) in enumerate(self.points):
            if abs(px - x) + abs(py - y) < tolerance:
                return i
        return -1

    def add_edge(self, a: int, b: int) -> None:
        if a != b and (a, b) not in self.edges and (b, a) not in self.edges:
            self.edges.append((a, b))


# ---------------------------------------------------------------- generators


def grid(rows: int, cols: int, diagonals: str | None = None) -> Graph:
    """Ludii's square grid of points (``(square N)``, ``(rectangle R C)`` on vertices): points
    (column, row), lines between orthogonal neighbours and the diagonals' pattern; then faces,
    then the points sorted row by row (Ludii's ``reorder``: by y·100 + x)."""
    g = Graph([(float(c), float(r)) for r in range(rows) for c in range(cols)])
    index = {(c, r): r * cols + c for r in range(rows) for c in range(cols)}
    for r in range(rows):
        for c in range(cols):
            for dc, dr in ((1, 0), (0, 1)):
                if (c + dc, r + dr) in index:
                    g.add_edge(index[(c, r)], index[(c + dc, r + dr)])
    _diagonals(g, index, rows, cols, diagonals)
    g.faces = faces_of(g)
    return reordered(g)


def _diagonals(g: Graph, index: dict, rows: int, cols: int, pattern: str | None) -> None:
    """Ludii's ``Square.handleDiagonals`` on the grid's unit squares."""
    if pattern is None:
        return
    if pattern == "Radiating":
        mid_r, mid_c = rows // 2, cols // 2  # Ludii reads the centre as (row, column) here
        for dr, dc in ((1, 1), (1, -1), (-1, -1), (-1, 1)):
            for n in range(max(rows // 2, cols // 2) + 1):
                a = index.get((mid_r + n * dr, mid_c + n * dc))
                b = index.get((mid_r + (n + 1) * dr, mid_c + (n + 1) * dc))
                if a is not None and b is not None:
                    g.add_edge(a, b)
        return
    for r in range(rows - 1):
        for c in range(cols - 1):
            a, b = index[(c, r)], index[(c, r + 1)]
            cc, d = index[(c + 1, r + 1)], index[(c + 1, r)]
            if pattern == "Alternating":
                g.add_edge(*((a, cc) if (r + c) % 2 == 0 else (b, d)))
            elif pattern == "SolidNoSplit":
                g.add_edge(a, cc)
                g.add_edge(b, d)
            elif pattern == "Solid":
                g.points.append((c + 0.5, r + 0.5))
                x = len(g.points) - 1
                for corner in (a, b, cc, d):
                    g.add_edge(corner, x)
            elif pattern == "Concentric":
                mid_r, mid_c = rows // 2, cols // 2
                lower_left = r < mid_r and c < mid_c
                upper_right = r >= mid_r and c >= mid_c
                g.add_edge(*((b, d) if lower_left or upper_right else (a, cc)))
            else:
                raise ValueError(f"no diagonal pattern {pattern}")


def wedge(rows: int, cols: int = 3) -> Graph:
    """Ludii's ``(wedge ROWS [COLUMNS])``: an apex, then ``cols`` points a row spreading out
    below it, joined along the rows and down the columns (no faces, no reordering)."""
    mid = rows - 1
    g = Graph([(float(mid), float(mid))])
    for r in range(1, rows):
        for c in range(cols):
            g.points.append((mid - r + (2 * r) * c / (cols - 1), float(mid - r)))
    for c in range(cols):
        g.add_edge(0, c + 1)
    for r in range(1, rows):
        first = r * cols - cols + 1
        for c in range(cols - 1):
            g.add_edge(first + c, first + c + 1)
        if r < rows - 1:
            for c in range(cols):
                g.add_edge(first + c, first + cols + c)
    return g


def concentric_square(rings: int, join_corners: bool = False) -> Graph:
    """Ludii's ``(concentric Square rings:N [joinCorners:True])`` (a Morris board): N square
    rings, each of its corners and their midpoints (anticlockwise from the upper left corner),
    the rings joined at their midpoints (and corners); then the points sorted as Ludii's
    ``reorder`` sorts them. No faces on points."""
    g = Graph([])
    for ring in range(rings):
        radius = 1 + ring
        first = len(g.points)
        for side in range(4):
            t0 = math.radians(135 + 90 * side)
            t1 = math.radians(135 + 90 * (side + 1))
            corner = (radius * math.cos(t0), radius * math.sin(t0))
            nxt = (radius * math.cos(t1), radius * math.sin(t1))
            for point in (corner, ((corner[0] + nxt[0]) / 2, (corner[1] + nxt[1]) / 2)):
                if g.find(*point) < 0:
                    g.points.append(point)
        count = len(g.points) - first
        for i in range(count):
            g.add_edge(first + i, first + (i + 1) % count)
    per = 8
    for ring in range(rings - 1):
        for side in range(4):
            g.add_edge(ring * per + side * 2 + 1, ring * per + side * 2 + 1 + per)
            if join_corners:
                g.add_edge(ring * per + side * 2, ring * per + side * 2 + per)
    return reordered(g)


def concentric_circles(rings: list[int]) -> Graph:
    """Ludii's ``(concentric {1 8 8})`` on points: an optional centre (a leading 1), then rings
    of the given numbers of points (ring r of radius r), each anticlockwise from the point at
    135° (Ludii's samples, clockwise from the top, sorted by angle); lines around each ring,
    between a point and the next ring's point at its angle, and from the centre to the first
    ring. No reordering, no faces."""
    if len(rings) < 2 or any(n <= 0 for n in rings[1:]) or rings[0] not in (0, 1) and \
            rings[0] <= 1:
        raise ValueError(f"concentric rings {rings} are not supported yet")
    counts = ([0] + rings) if rings[0] > 1 else rings
    g = Graph([(0.0, 0.0)] if counts[0] == 1 else [])
    firsts = []
    for r, n in enumerate(counts[1:], start=1):
        angles = sorted(math.pi / 2 - 2 * math.pi * step / n for step in range(n))
        firsts.append(len(g.points))
        g.points.extend((r * math.cos(t), r * math.sin(t)) for t in angles)
        for i in range(n):
            g.add_edge(firsts[-1] + i, firsts[-1] + (i + 1) % n)
    for r, n in enumerate(counts[1:-1], start=1):
        for i in range(n):
            x, y = g.points[firsts[r - 1] + i]
            j = g.find(x * (r + 1) / r, y * (r + 1) / r)
            if j >= 0:
                g.add_edge(firsts[r - 1] + i, j)
    if counts[0] == 1:
        for i in range(counts[1]):
            g.add_edge(0, firsts[0] + i)
    return g


def from_lists(points: list[tuple[float, float]], edges: list[tuple[int, int]]) -> Graph:
    """``(graph vertices:{…} edges:{…})``: the points in the order given, then faces."""
    g = Graph([(float(x), float(y)) for x, y in points])
    for a, b in edges:
        if not (0 <= a < len(points) and 0 <= b < len(points)):
            raise ValueError(f"edge {{{a} {b}}} joins a point that does not exist")
        g.add_edge(a, b)
    g.faces = faces_of(g)
    return g


# ---------------------------------------------------------------- operators


def merge(parts: list[Graph]) -> Graph:
    """Ludii's ``(merge …)``: the parts' points in order, each point that coincides with an
    earlier one (Manhattan distance under 0.01) dropped in its favour, duplicate lines dropped,
    faces found again."""
    points: list[tuple[float, float]] = []
    edges: list[tuple[int, int]] = []
    for part in parts:
        base = len(points)
        points.extend(part.points)
        edges.extend((a + base, b + base) for a, b in part.edges)
    keep = list(range(len(points)))  # each point's survivor
    for v in range(len(points)):
        if keep[v] != v:
            continue
        for other in range(len(points) - 1, v, -1):
            if keep[other] == other and _manhattan(points[v], points[other]) < MERGE_TOLERANCE:
                keep[other] = v
    survivors = [v for v in range(len(points)) if keep[v] == v]
    number = {v: i for i, v in enumerate(survivors)}
    g = Graph([points[v] for v in survivors])
    for a, b in edges:
        g.add_edge(number[keep[a]], number[keep[b]])
    g.faces = faces_of(g)
    return g


def shift(g: Graph, dx: float, dy: float) -> Graph:
    return Graph([(x + dx, y + dy) for x, y in g.points], list(g.edges), list(g.faces))


def scale(g: Graph, sx: float, sy: float) -> Graph:
    """Scaled about the origin (not the graph's centre), as Ludii does."""
    return Graph([(x * sx, y * sy) for x, y in g.points], list(g.edges), list(g.faces))


def rotate(g: Graph, degrees: float) -> Graph:
    """Turned anticlockwise about the centre of the points' bounding box."""
    xs, ys = [p[0] for p in g.points], [p[1] for p in g.points]
    px, py = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    t = math.radians(degrees)
    cos, sin = math.cos(t), math.sin(t)
    return Graph([(px + (x - px) * cos - (y - py) * sin, py + (y - py) * cos + (x - px) * sin)
                  for x, y in g.points], list(g.edges), list(g.faces))


def add(g: Graph, points: list[tuple[float, float]], edges_at: list[tuple[tuple, tuple]],
        edges: list[tuple[int, int]]) -> Graph:
    """Ludii's ``(add …)``: new points (one already there is kept), lines between points given
    by coordinates, then lines between points by number (these last, so they may name the new
    points). Faces stay as they were."""
    out = Graph(list(g.points), list(g.edges), list(g.faces))
    for x, y in points:
        if out.find(x, y) < 0:
            out.points.append((float(x), float(y)))
    for ends in edges_at:
        found = []
        for x, y in ends:
            i = out.find(x, y)
            if i < 0:
                out.points.append((float(x), float(y)))
                i = len(out.points) - 1
            found.append(i)
        out.add_edge(*found)
    for a, b in edges:
        if 0 <= a < len(out.points) and 0 <= b < len(out.points):
            out.add_edge(a, b)
    return out


def remove(g: Graph, points: list[int], edges: list[tuple[int, int]]) -> Graph:
    """Ludii's ``(remove …)``: lines by the numbers of their points (and the faces they bound),
    then points (with their lines and faces); the points left keep their order, numbered
    again from 0."""
    out_edges = list(g.edges)
    faces = list(g.faces)
    for a, b in edges:
        for e in ((a, b), (b, a)):
            if e in out_edges:
                out_edges.remove(e)
                faces = [f for f in faces if not _bounds(f, a, b)]
    gone = set(points)
    keep = [v for v in range(len(g.points)) if v not in gone]
    number = {v: i for i, v in enumerate(keep)}
    return Graph([g.points[v] for v in keep],
                 [(number[a], number[b]) for a, b in out_edges if a in number and b in number],
                 [tuple(number[v] for v in f) for f in faces if all(v in number for v in f)])


def remove_faces(g: Graph, removed: list[int]) -> Graph:
    """Ludii's ``(remove G cells:{…})`` on a graph played on its points: the faces named by
    Ludii's numbers (its ``reorder`` numbers them by their centres, row by row from the bottom)
    go, and so do the lines they alone bounded (Ludii's ``trimEdges``, on by default); the points
    stay, with their numbers. ValueError for a number that is not a face."""
    def score(face: tuple[int, ...]) -> float:
        cx = sum(g.points[v][0] for v in face) / len(face)
        cy = sum(g.points[v][1] for v in face) / len(face)
        return cy * 100 + cx

    faces = sorted(g.faces, key=score)
    bad = [k for k in removed if not 0 <= k < len(faces)]
    if bad:
        raise ValueError(f"no cell {bad[0]} to remove (the graph has {len(faces)})")
    gone = [faces[k] for k in set(removed)]
    kept = [f for k, f in enumerate(faces) if k not in set(removed)]
    edges = [(a, b) for a, b in g.edges
             if not any(_bounds(f, a, b) for f in gone) or any(_bounds(f, a, b) for f in kept)]
    return Graph(list(g.points), edges, kept)


def _bounds(face: tuple[int, ...], a: int, b: int) -> bool:
    n = len(face)
    return any({face[i], face[(i + 1) % n]} == {a, b} for i in range(n))


def _manhattan(p: tuple[float, float], q: tuple[float, float]) -> float:
    return abs(p[0] - q[0]) + abs(p[1] - q[1])


def reordered(g: Graph) -> Graph:
    """The points sorted as Ludii's ``Graph.reorder`` sorts them: by y·100 + x (a stable sort)."""
    order = sorted(range(len(g.points)), key=lambda v: g.points[v][1] * 100 + g.points[v][0])
    number = {v: i for i, v in enumerate(order)}
    return Graph([g.points[v] for v in order], [(number[a], number[b]) for a, b in g.edges],
                 [tuple(number[v] for v in f) for f in g.faces])


def faces_of(g: Graph) -> list[tuple[int, ...]]:
    """The polygons the lines enclose: each face is walked keeping it on the left (at each point
    the next line clockwise from the one arrived by), and kept when it turns anticlockwise, has
    3 to 32 distinct points (the outside of the graph turns the other way)."""
    around: dict[int, list[int]] = {v: [] for v in range(len(g.points))}
    for a, b in g.edges:
        around[a].append(b)
        around[b].append(a)
    for v, others in around.items():
        x, y = g.points[v]
        others.sort(key=lambda w: math.atan2(g.points[w][1] - y, g.points[w][0] - x))
    seen: set[tuple[int, int]] = set()
    faces = []
    for a, b in g.edges:
        for start in ((a, b), (b, a)):
            if start in seen:
                continue
            cycle = []
            u, v = start
            while (u, v) not in seen and len(cycle) <= 64:
                seen.add((u, v))
                cycle.append(u)
                ring = around[v]
                w = ring[(ring.index(u) - 1) % len(ring)]
                u, v = v, w
            if 3 <= len(cycle) <= 32 and len(set(cycle)) == len(cycle) \
                    and _area(g, cycle) > 1e-9:
                faces.append(tuple(cycle))
    return faces


def _area(g: Graph, cycle: list[int]) -> float:
    pts = [g.points[v] for v in cycle]
    return sum(pts[i][0] * pts[(i + 1) % len(pts)][1] - pts[(i + 1) % len(pts)][0] * pts[i][1]
               for i in range(len(pts))) / 2


# ---------------------------------------------------------------- the engine's board


def steps(g: Graph) -> tuple[np.ndarray, bool]:
    """Each point's neighbours by direction, as Ludii's topology gives them for points: a line
    is an orthogonal (and adjacent) step; across each face of 4 points or more, the point whose
    line through this one passes nearest the face's centre is a diagonal step. A step's
    direction is the nearest of 16 compass points (anticlockwise from E). Returns the table
    ``nbr[point, d]`` with the lines' steps at d = 0..15 and the diagonal ones at 16 + d
    (-1: none), and whether there are diagonal steps. Two steps of one kind in the same
    direction from one point cannot be told apart by direction: ValueError."""
    n = len(g.points)
    nbr = -np.ones((n, 32), np.int64)

    def put(v: int, w: int, offset: int) -> None:
        (x, y), (wx, wy) = g.points[v], g.points[w]
        angle = math.atan2(wy - y, wx - x) % (2 * math.pi)
        d = int((angle + math.pi / 16) // (math.pi / 8)) % 16
        if nbr[v, offset + d] not in (-1, w):
            raise ValueError(f"point {v} has two lines to the {COMPASS16[d]}")
        nbr[v, offset + d] = w

    for a, b in g.edges:
        put(a, b, 0)
        put(b, a, 0)
    diagonal = False
    for face in g.faces:
        if len(face) < 4:
            continue
        cx = sum(g.points[v][0] for v in face) / len(face)
        cy = sum(g.points[v][1] for v in face) / len(face)
        for v in face:
            best, target = math.inf, -1
            for w in face:
                if w != v:
                    dist = _distance_to_line((cx, cy), g.points[v], g.points[w])
                    if dist < best:
                        best, target = dist, w
            put(v, target, 16)
            diagonal = True
    return nbr, diagonal


def _distance_to_line(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = math.hypot(bx - ax, by - ay)
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length if length else math.inf


# ---------------------------------------------------------------- the outer points


def perimeter(g: Graph) -> set[int]:
    """The points on the graph's outer boundary, found as Ludii's ``MeasureGraph`` finds them
    (its ``(sites Outer)`` on points): from the leftmost point not yet covered, the boundary is
    followed along the lines, each point's lines taken in order of angle; the points on it and
    inside it are covered, and the walk starts again for the next part of the graph. A walk
    that starts inside another's boundary is no boundary. Inner points, those with every
    neighbour around them (a wedge's apex on a grid's edge), are not outer, however few
    neighbours they have."""
    lines: list[list[int]] = [[] for _ in g.points]
    for a, b in g.edges:
        lines[a].append(b)
        lines[b].append(a)
    for v, around in enumerate(lines):  # by angle, a stable sort of the order the lines came
        x, y = g.points[v]
        around.sort(key=lambda w: math.atan2(g.points[w][1] - y, g.points[w][0] - x))
    covered: set[int] = set()
    walks: list[list[int]] = []
    while len(covered) < len(g.points):
        start = min((v for v in range(len(g.points)) if v not in covered),
                    key=lambda v: g.points[v][0])
        walk = _boundary_walk(g, lines, start)
        polygon = [g.points[v] for v in walk]
        covered.update(walk)
        covered.update(v for v in range(len(g.points)) if _inside(g.points[v], polygon))
        walks.append(walk)
    outer: set[int] = set()
    for i, walk in enumerate(walks):
        if not any(_inside(g.points[walk[0]], [g.points[v] for v in other])
                   for j, other in enumerate(walks) if j != i):
            outer.update(walk)
    return outer


def _boundary_walk(g: Graph, lines: list[list[int]], start: int) -> list[int]:
    """The points met going round the boundary from ``start`` (leftmost, so on it): first along
    the line nearest to straight down by Ludii's measure, then at each point along the next line
    in angle order after the one it came by (not straight back, where another line goes on)."""
    if not lines[start]:
        return [start]
    x, y = g.points[start]
    vertex = min(lines[start], key=lambda w: math.atan2(g.points[w][0] - x, y - g.points[w][1]))
    walk, prev = [start], start
    for _ in range(2 * len(g.edges) + 1):  # each line is gone along at most once each way
        if vertex == start:
            return walk
        walk.append(vertex)
        around = lines[vertex]
        i = around.index(prev)
        step = around[(i + 1) % len(around)]
        for n in range(1, len(around)):
            step = around[(i + n) % len(around)]
            if step != prev:
                break
        prev, vertex = vertex, step
    return walk


def _inside(p: tuple[float, float], polygon: list[tuple[float, float]]) -> bool:
    """Is ``p`` inside the polygon (an even number of its sides crossed to the right)?"""
    x, y = p
    inside = False
    for i, (ax, ay) in enumerate(polygon):
        bx, by = polygon[i - 1]
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside
