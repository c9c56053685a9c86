"""Compile a description into a GameSpec: board tables plus the rule program (numpy arrays).

One module per ludeme family (``equipment``, ``regions``, ``conditions``, ``moves``, ``effects``,
``ends``, ``meta``) registers a compile function per grammar rule (``registry``); ``compiler``
walks the tree and lays the tables out (``layout``); ``bounds`` proves every buffer size;
``dump`` prints a compiled program.
"""

from ludi.compile.board import Board
from ludi.compile.compiler import GameSpec, compile_description
from ludi.compile.records import Origin

__all__ = ["Board", "GameSpec", "Origin", "compile_description"]
