"""Matplotlib for every stage's figures, without a display where there is none.

Files are drawn with the non-interactive Agg backend, unless pyplot is already in use (a
notebook's inline backend, a user's window): then the figures show there as well.
"""

from __future__ import annotations

import sys


def pyplot():
    """``matplotlib.pyplot``, on Agg unless a backend was already chosen by importing it."""
    import matplotlib

    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def save_figure(fig, path, dpi: int = 120):
    """Lay out ``fig``, write it to ``path`` and close it (figures left open pile up in a long
    run); return the path."""
    fig.tight_layout()
    fig.savefig(path, dpi=dpi)
    pyplot().close(fig)
    return path
