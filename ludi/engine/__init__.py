"""The engine: compiled kernels over the game tables, and Game/State views for Python."""

from ludi.engine.game import Game, Move, State, as_game, from_description, load, parse
from ludi.engine.playouts import random_playouts, run_playouts

__all__ = ["Game", "Move", "State", "as_game", "from_description", "load", "parse",
           "random_playouts", "run_playouts"]
