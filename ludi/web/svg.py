"""Boards as SVG, drawn from the board's geometry, for the browser.

Every site is a ``<g class="site" data-cell="N">`` so the page's script can highlight legal
moves and turn clicks into moves; the drawing itself carries no game logic.

>>> import ludi
>>> svg = board_svg(ludi.load("tictactoe").initial_state())
>>> svg.startswith("<svg") and svg.count('class="site"')
9
"""

from __future__ import annotations

import math
from html import escape
from typing import TYPE_CHECKING

from ludi.compile import layout as L
from ludi.engine.picture import BOARD, COLOURS, EDGES, LAST, LINES, cell_centres

if TYPE_CHECKING:  # pragma: no cover
    from ludi.engine.game import State

UNIT = 44  # pixels per board unit
HEX_RADIUS = 0.577  # a hex cell's circumradius, in units (cells are one unit apart)


def board_svg(state: State) -> str:
    """The position as an SVG element sized to fit its container."""
    if state.game.board.kind == "mancala":
        parts, box = _mancala(state)
    else:
        parts, box = _stones(state)
    x0, y0, x1, y1 = box
    pad = 0.8
    view = f"{(x0 - pad) * UNIT:.1f} {(y0 - pad) * UNIT:.1f} " \
           f"{(x1 - x0 + 2 * pad) * UNIT:.1f} {(y1 - y0 + 2 * pad) * UNIT:.1f}"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="{view}" '
            f'role="img" aria-label="{escape(state.game.name)} board">' + "".join(parts)
            + "</svg>")


def _px(value: float) -> str:
    return f"{value * UNIT:.1f}"


def _piece_letters(state: State) -> dict[int, str]:
    """A letter for each piece type when a game has several (K for King, …)."""
    names = [name for name, _ in state.game.spec.pieces]
    if len(set(names)) < 2:
        return {}
    return {i + 1: name[:1].upper() for i, name in enumerate(names)}


def _stones(state: State) -> tuple[list[str], tuple[float, float, float, float]]:
    board = state.game.board
    centres = [(x, -y) for x, y in cell_centres(board)]  # SVG's y grows downwards
    parts: list[str] = []
    if board.points:  # the lines between the points, once each
        for cell, (x, y) in enumerate(centres):
            for other in board.nbr[cell, board.adjacent]:
                if other > cell:
                    ox, oy = centres[other]
                    parts.append(f'<line x1="{_px(x)}" y1="{_px(y)}" x2="{_px(ox)}" '
                                 f'y2="{_px(oy)}" stroke="{LINES}" stroke-width="3"/>')
    C = board.num_cells
    whats = state._s[L.section(C, L.S.WHAT)]
    letters = _piece_letters(state)
    last = state.last_move
    board_cells = int(state.game.tables[L.P.BOARD_CELLS]) or C
    for cell, (x, y) in enumerate(centres):
        label = escape(board.label(cell))
        shape = _cell_shape(board, x, y)
        owner = state.owner(cell)
        inner = [shape]
        if owner is not None:
            inner.append(f'<circle class="stone p{owner + 1}" cx="{_px(x)}" cy="{_px(y)}" '
                         f'r="{_px(0.38)}" fill="{COLOURS[owner % 4]}" '
                         f'stroke="{EDGES[owner % 4]}" stroke-width="2"/>')
            letter = letters.get(int(whats[cell]), "")
            count = state.count(cell)
            text = letter + (str(count) if count > 1 or cell >= board_cells else "")
            if text:
                ink = "#f4f1e8" if owner % 4 in (1, 3) else "#222"
                inner.append(_text(x, y, text, ink, 0.36, bold=True))
        if cell == last:
            inner.append(f'<circle class="last" cx="{_px(x)}" cy="{_px(y)}" r="{_px(0.46)}" '
                         f'fill="none" stroke="{LAST}" stroke-width="3"/>')
        if owner is None:
            inner.append(_text(x, y + 0.02, board.label(cell), "#8a6d3b", 0.22))
        state_text = state.local_state(cell)
        if state_text:
            inner.append(_text(x + 0.3, y - 0.3, str(state_text), "#1a5276", 0.2))
        parts.append(f'<g class="site" data-cell="{cell}" data-label="{label}">'
                     f'<title>{label}</title>{"".join(inner)}</g>')
    xs = [x for x, _ in centres]
    ys = [y for _, y in centres]
    return parts, (min(xs), min(ys), max(xs), max(ys))


def _cell_shape(board, x: float, y: float) -> str:
    """The clickable area of a site: a hex, a square, or a disc on a point of a graph."""
    if board.points:
        return (f'<circle class="cell" cx="{_px(x)}" cy="{_px(y)}" r="{_px(0.42)}" '
                f'fill="{BOARD}" fill-opacity="0.35" stroke="{LINES}" stroke-width="1"/>')
    if board.kind == "hex":
        corners = " ".join(f"{_px(x + HEX_RADIUS * math.cos(math.radians(a)))},"
                           f"{_px(y + HEX_RADIUS * math.sin(math.radians(a)))}"
                           for a in range(30, 390, 60))
        return f'<polygon class="cell" points="{corners}" fill="{BOARD}" stroke="{LINES}"/>'
    return (f'<rect class="cell" x="{_px(x - 0.5)}" y="{_px(y - 0.5)}" width="{_px(1)}" '
            f'height="{_px(1)}" fill="{BOARD}" stroke="{LINES}"/>')


def _text(x: float, y: float, text: str, colour: str, size: float, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_px(x)}" y="{_px(y)}" font-size="{_px(size)}" fill="{colour}"'
            f'{weight} text-anchor="middle" dominant-baseline="central" '
            f'pointer-events="none">{escape(text)}</text>')


def _mancala(state: State) -> tuple[list[str], tuple[float, float, float, float]]:
    """Houses as pits holding their seed counts, the stores as long pits at the ends; the
    house last sown from is outlined. Row 0 (the first player's) is at the bottom."""
    board = state.game.board
    rows, _ = board.size
    stores = set(state.game.spec.map_sites[: state.game.num_players])
    parts, xs, ys = [], [], []
    for cell, (q, r) in enumerate(board.xy.tolist()):
        store = cell in stores
        height = rows - 0.2 if store else 0.84
        y = (rows - 1) / 2.0 if store else float(rows - 1 - r)
        last = cell == state.last_move
        label = escape(board.label(cell))
        parts.append(
            f'<g class="site{" store" if store else ""}" data-cell="{cell}" '
            f'data-label="{label}"><title>{label}</title>'
            f'<rect class="cell" x="{_px(q - 0.42)}" y="{_px(y - height / 2)}" '
            f'width="{_px(0.84)}" height="{_px(height)}" rx="{_px(0.3)}" fill="{BOARD}" '
            f'stroke="{LAST if last else LINES}" stroke-width="{3 if last else 1.5}"/>'
            + _text(q, y, str(state.count(cell)), "#3b2a12", 0.4, bold=True)
            + ("" if store else _text(q, y + (0.6 if r == 0 else -0.6), board.label(cell),
                                      "#5a4420", 0.22))
            + "</g>")
        xs.append(q)
        ys.append(y)
    for p in range(min(state.game.num_players, rows)):
        y = float(rows - 1) if p == 0 else 0.0  # P1's row at the bottom, P2's at the top
        parts.append(_text(max(xs) + 0.8, y, f"P{p + 1}", "#333", 0.3))
    return parts, (min(xs), min(ys) - 0.6, max(xs) + 0.6, max(ys) + 0.6)
