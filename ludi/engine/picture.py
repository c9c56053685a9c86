"""Pictures of a position (PNG/SVG/PDF via matplotlib), for papers and notebooks."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ludi.engine.game import State

COLOURS = ("#f4f1e8", "#222222", "#c0392b", "#2471a3")  # White, Black, Red, Blue
EDGES = ("#555555", "#000000", "#7b241c", "#1a5276")


def cell_centres(board) -> list[tuple[float, float]]:
    """Drawing positions: hex cells in rows (r grows downwards), square cells on a grid."""
    if board.kind == "hex":
        return [(q + r / 2.0, -r * math.sqrt(3) / 2.0) for q, r in board.xy.tolist()]
    return [(float(c), float(r)) for c, r in board.xy.tolist()]


def draw(state: State, path: str, *, title: str | None = None, labels: bool = True) -> str:
    """Draw ``state`` to ``path`` (the format follows the extension); return the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, RegularPolygon

    board = state.game.board
    centres = cell_centres(board)
    hexes = board.kind == "hex"
    fig, ax = plt.subplots(figsize=(7, 7))
    for cell, (x, y) in enumerate(centres):
        if hexes:
            ax.add_patch(RegularPolygon((x, y), 6, radius=0.577, orientation=0,
                                        facecolor="#e8c88f", edgecolor="#7a5c2e", lw=1))
        else:
            ax.add_patch(plt.Rectangle((x - 0.5, y - 0.5), 1, 1, facecolor="#e8c88f",
                                       edgecolor="#7a5c2e", lw=1))
        owner = state.owner(cell)
        if owner is not None:
            ax.add_patch(Circle((x, y), 0.38, facecolor=COLOURS[owner % 4],
                                edgecolor=EDGES[owner % 4], lw=1.5))
        if cell == state.last_move:
            ax.add_patch(Circle((x, y), 0.46, fill=False, edgecolor="#e67e22", lw=2.5))
        if labels:
            colour = "#dddddd" if owner == 1 else "#5a4420"
            ax.text(x, y, board.label(cell), ha="center", va="center", fontsize=6, color=colour)
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    ax.set_xlim(min(xs) - 1, max(xs) + 1)
    ax.set_ylim(min(ys) - 1, max(ys) + 1)
    ax.set_aspect("equal")
    ax.axis("off")
    from ludi.engine.display import status_line

    ax.set_title(title or status_line(state), fontsize=9)
    fig.savefig(path, dpi=150, bbox_inches="tight")
    plt.close(fig)
    return path
