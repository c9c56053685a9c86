"""Files that ship with ludi beside its code: the grammar and the experiments' settings (with
the list of Ludii's games the library study draws from).

In a checkout they live at the top of the repository (``grammars/``, ``experiments/``), where
people edit them; the wheel carries copies inside the package (``ludi/_shipped/``, pyproject's
``force-include``), so an installed ludi finds them too.

>>> shipped("experiments/demo.toml").name
'demo.toml'
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

#: The checkout's top folder (where ``grammars/`` and ``experiments/`` are).
CHECKOUT = Path(__file__).resolve().parents[1]


def shipped(rel: str) -> Path:
    """The shipped file or folder ``rel`` (a path from the repository's top, e.g.
    ``"experiments/demo.toml"``): the installed package's copy, else the checkout's."""
    packaged = resources.files("ludi") / "_shipped" / rel
    if packaged.is_file() or packaged.is_dir():
        return Path(str(packaged))
    return CHECKOUT / rel
