"""Pictures of a position (PNG/SVG/PDF via matplotlib), for papers and notebooks."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

from ludi.errors import UsageError

if TYPE_CHECKING:  # pragma: no cover
    from ludi.engine.game import State

COLOURS = ("#f4f1e8", "#222222", "#c0392b", "#2471a3")  # White, Black, Red, Blue
EDGES = ("#555555", "#000000", "#7b241c", "#1a5276")
BOARD, LINES, LAST = "#e8c88f", "#7a5c2e", "#e67e22"


def cell_centres(board) -> list[tuple[float, float]]:
    """Drawing positions: hex cells in rows (r grows downwards), square cells on a grid."""
    if board.kind == "hex":
        return [(q + r / 2.0, -r * math.sqrt(3) / 2.0) for q, r in board.xy.tolist()]
    if board.positions is not None:  # a graph's points
        return [(float(x), float(y)) for x, y in board.positions.tolist()]
    return [(float(c), float(r)) for c, r in board.xy.tolist()]


#: The picture formats ``draw`` writes, by file extension.
FORMATS = (".png", ".svg", ".pdf")


def check_path(path: str | Path) -> Path:
    """``path`` if a picture can be written there (a known extension, an existing folder)."""
    path = Path(path)
    if path.suffix.lower() not in FORMATS:
        raise UsageError(f"cannot draw to {path}: the extension '{path.suffix}' is no picture "
                         f"format; expected {', '.join(FORMATS)}")
    if not path.parent.is_dir():
        raise UsageError(f"cannot draw to {path}: the folder {path.parent} does not exist")
    return path


def draw(state: State, path: str | Path, *, title: str | None = None,
         labels: bool = True) -> str:
    """Draw ``state`` to ``path`` (the format follows the extension); return the path."""
    path = check_path(path)
    import matplotlib.pyplot as plt

    fig = figure(state, title=title, labels=labels)
    try:
        fig.savefig(path, dpi=150, bbox_inches="tight")
    except OSError as e:
        raise UsageError(f"cannot write {path}: {e.strerror or e}") from None
    finally:
        plt.close(fig)
    return str(path)


def figure(state: State, *, title: str | None = None, labels: bool = True):
    """A matplotlib figure of ``state``: the board with stones and a legend of the players, or
    a mancala board's houses and stores with their counts. Its title is the status line."""
    from ludi.plotting import pyplot

    plt = pyplot()

    from ludi.engine.display import status_line

    board = state.game.board
    fig, ax = plt.subplots(figsize=(7, 7) if board.kind != "mancala" else (8, 3.5))
    if board.kind == "mancala":
        xs, ys = _draw_mancala(ax, state, labels)
    else:
        xs, ys = _draw_stones(ax, state, labels)
        _legend(ax, state)
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_ylim(min(ys) - 1, max(ys) + 1)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(title or status_line(state), fontsize=9)
    return fig


def _draw_stones(ax, state: State, labels: bool):
    """Cells (hexes or squares) with the players' stones; the last move ringed."""
    from matplotlib.patches import Circle, Rectangle, RegularPolygon

    board = state.game.board
    centres = cell_centres(board)
    if board.points:  # the lines between the points, once each
        for cell, (x, y) in enumerate(centres):
            for other in board.nbr[cell, board.adjacent]:
                if other > cell:
                    ox, oy = centres[other]
                    ax.plot([x, ox], [y, oy], color=LINES, lw=1.5, zorder=0)
    for cell, (x, y) in enumerate(centres):
        if board.points:
            ax.add_patch(Circle((x, y), 0.08, facecolor=LINES, edgecolor=LINES))
        elif board.kind == "hex":
            ax.add_patch(RegularPolygon((x, y), 6, radius=0.577, orientation=0,
                                        facecolor=BOARD, edgecolor=LINES, lw=1))
        else:
            ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor=BOARD, edgecolor=LINES,
                                   lw=1))
        owner = state.owner(cell)
        if owner is not None:
            ax.add_patch(Circle((x, y), 0.38, facecolor=COLOURS[owner % 4],
                                edgecolor=EDGES[owner % 4], lw=1.5))
        if cell == state.last_move:
            ax.add_patch(Circle((x, y), 0.46, fill=False, edgecolor=LAST, lw=2.5))
        if labels:
            colour = "#dddddd" if owner == 1 else "#5a4420"
            ax.text(x, y, board.label(cell), ha="center", va="center", fontsize=6, color=colour)
    return [c[0] for c in centres], [c[1] for c in centres]


def _legend(ax, state: State) -> None:
    """Which colour is which player (and which ring the last move)."""
    from matplotlib.lines import Line2D

    from ludi.engine.display import player_names

    def marker(label: str, face: str, edge: str) -> Line2D:
        return Line2D([], [], marker="o", linestyle="", markersize=11, markerfacecolor=face,
                      markeredgecolor=edge, markeredgewidth=1.5, label=label)

    handles = [marker(name, COLOURS[p % 4], EDGES[p % 4])
               for p, name in enumerate(player_names(state))]
    handles.append(marker("last move", "none", LAST))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8,
              frameon=False)


def _draw_mancala(ax, state: State, labels: bool):
    """Houses and stores as boxes holding their seed counts; the house last sown from is
    outlined; each row says whose it is."""
    from matplotlib.patches import FancyBboxPatch

    board = state.game.board
    rows, cols = board.size
    stores = set(state.game.spec.map_sites[: state.game.num_players])
    xs, ys = [], []
    for cell, (q, r) in enumerate(board.xy.tolist()):
        store = cell in stores
        height = rows - 0.2 if store else 0.8
        y = (rows - 1) / 2.0 if store else float(r)
        last = cell == state.last_move
        ax.add_patch(FancyBboxPatch((q - 0.4, y - height / 2), 0.8, height,
                                    boxstyle="round,pad=0.02,rounding_size=0.15",
                                    facecolor=BOARD, edgecolor=LAST if last else LINES,
                                    lw=2.5 if last else 1))
        ax.text(q, y, str(state.count(cell)), ha="center", va="center", fontsize=12,
                weight="bold", color="#3b2a12")
        if labels and not store:
            ax.text(q, y + (0.55 if r == rows - 1 else -0.55), board.label(cell), ha="center",
                    va="center", fontsize=8, color="#5a4420")
        xs.append(q)
        ys.append(y)
    for p, side_row in enumerate((0, rows - 1)[: state.game.num_players]):
        ax.text(max(xs) + 0.7, side_row, f"P{p + 1}", ha="left", va="center", fontsize=9)
    return xs, ys
