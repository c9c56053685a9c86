"""Compile a description into a GameSpec: board tables plus the rule program (numpy arrays)."""

from ludi.compile.board import Board
from ludi.compile.program import GameSpec, compile_description

__all__ = ["Board", "GameSpec", "compile_description"]
