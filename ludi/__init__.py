"""ludi: evolutionary game design with Ludii-style descriptions.

>>> import ludi
>>> ludi.load_description("yavalath").name
'Yavalath'
"""

from ludi.engine import Game, Move, State, load, parse, random_playouts
from ludi.errors import (
    ArgumentError,
    CompileError,
    DefineError,
    EngineError,
    GameNotFound,
    IllegalMove,
    LudiError,
    LudiSyntaxError,
    NoSuchCell,
    OptionError,
    UnknownLudeme,
    UsageError,
)
from ludi.lang import Description, load_description
from ludi.measure import match, measure

__version__ = "0.1.0"

__all__ = [
    "ArgumentError",
    "CompileError",
    "DefineError",
    "Description",
    "EngineError",
    "Game",
    "Move",
    "State",
    "GameNotFound",
    "IllegalMove",
    "LudiError",
    "LudiSyntaxError",
    "NoSuchCell",
    "OptionError",
    "UnknownLudeme",
    "UsageError",
    "load",
    "load_description",
    "match",
    "measure",
    "parse",
    "random_playouts",
]
