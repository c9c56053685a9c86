"""Game and State: thin Python views over the compiled tables and the state arrays.

>>> import ludi
>>> game = ludi.load("tictactoe")
>>> state = game.initial_state()
>>> state.apply("b2"); state.to_move
1
>>> [str(m) for m in state.legal_moves()][:3]
['a1', 'b1', 'c1']
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludi.compile import GameSpec, compile_description
from ludi.compile import layout as L
from ludi.compile.board import Board
from ludi.engine import kernels as K
from ludi.errors import IllegalMove, LudiError
from ludi.lang import Description, load_description
from ludi.lang import parse as parse_description


@dataclass(frozen=True)
class Move:
    """One legal move: ``code`` is the integer the kernels use; ``text`` is for people."""

    code: int
    text: str
    kind: str
    frm: int | None = None
    to: int | None = None
    path: tuple[int, ...] = ()
    captured: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.text


class Game:
    """A compiled game. Create with :func:`ludi.load` or :func:`ludi.parse`."""

    def __init__(self, spec: GameSpec):
        self.spec = spec
        self.tables = spec.tables
        self.name = spec.name
        self.num_players = spec.num_players
        self.board: Board = spec.board
        self.description: Description | None = spec.description
        C = self.board.num_cells
        self._buf = np.zeros(move_buffer_size(C), np.int64)
        self._work = np.zeros(K.work_size(C), np.int64)
        self._initial = self._fresh_state()

    # ------------------------------------------------------------ states
    def _fresh_state(self) -> np.ndarray:
        C = self.board.num_cells
        s = np.zeros(L.state_size(C), np.int64)
        s[L.I_CELLS] = C
        s[L.I_NEMPTY] = C
        s[L.I_WINNER] = -1
        s[L.I_LAST_TO] = -1
        s[L.I_LAST_FROM] = -1
        s[L.I_ACTIVE:L.I_ACTIVE + self.num_players] = 1
        for k in (L.S_EMPTIES, L.S_EPOS, L.S_PARENT):
            s[L.section(C, k)] = np.arange(C)
        return s

    def initial_state(self) -> State:
        return State(self, self._initial.copy())

    def state_from(self, board: dict | None = None, counts=None, stores=None,
                   to_move: int = 0) -> State:
        """A position built from ``board`` ({label or cell: player}) with ``to_move`` to play.

        Stones are given by player; the rules check lines and connections through the last
        stone, so a position built here has no last move until one is played.
        """
        if counts is not None or stores is not None:
            raise LudiError("counts and stores are for mancala games, which this game is not")
        state = self.initial_state()
        S = state._s
        for where, player in (board or {}).items():
            cell = self._cell(where)
            if not 0 <= int(player) < self.num_players:
                raise LudiError(f"player {player} does not exist in a {self.num_players}-player "
                                "game")
            if S[L.INFO_SIZE + cell]:
                raise LudiError(f"cell {self.board.label(cell)} is given twice")
            K.place(self.tables, S, cell, int(player))
        if not 0 <= to_move < self.num_players:
            raise LudiError(f"to_move must be a player 0..{self.num_players - 1}")
        S[L.I_MOVER] = to_move
        S[L.I_PLY] = int(np.count_nonzero(S[L.section(self.board.num_cells, L.S_BOARD)]))
        return state

    def _cell(self, where) -> int:
        if isinstance(where, (int, np.integer)):
            if not 0 <= where < self.board.num_cells:
                raise LudiError(f"cell {where} is off the board (0..{self.board.num_cells - 1})")
            return int(where)
        if isinstance(where, tuple):
            try:
                return self.board.cell_at(*where)
            except KeyError:
                raise LudiError(f"no cell at coordinates {where}") from None
        try:
            return self.board.cell(str(where))
        except KeyError:
            raise LudiError(f"no cell labelled '{where}' on this board") from None

    # ------------------------------------------------------------ moves
    def move_from_code(self, code: int) -> Move:
        kind = code & L.KIND_MASK
        if kind == L.MOVE_ADD:
            cell = code >> L.KIND_BITS
            return Move(code, self.board.label(cell), "add", None, cell, (cell,))
        if kind == L.MOVE_SWAP:
            return Move(code, "swap", "swap")
        return Move(code, "pass", "pass")

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.num_players} players, {self.board!r}>"


def move_buffer_size(cells: int) -> int:
    """Room for every legal move of a position (placements plus swap and pass)."""
    return cells + 8


class State:
    """A position of a game. ``apply`` mutates it; ``copy`` makes an independent one."""

    def __init__(self, game: Game, arrays: np.ndarray):
        self.game = game
        self._s = arrays

    # ------------------------------------------------------------ reading
    @property
    def to_move(self) -> int:
        """The player (0..n-1) to move."""
        return int(K.player_of(self._s, self._s[L.I_MOVER]))

    @property
    def ply(self) -> int:
        return int(self._s[L.I_PLY])

    def legal_moves(self) -> list[Move]:
        g = self.game
        n = K.end_if_stuck(g.tables, self._s, g._buf)
        return [g.move_from_code(int(c)) for c in g._buf[:n]]

    def is_terminal(self) -> bool:
        if self._s[L.I_OVER] == 0:
            K.end_if_stuck(self.game.tables, self._s, self.game._buf)
        return bool(self._s[L.I_OVER])

    @property
    def winner(self) -> int | None:
        """The winning player, or None (game going on, or a draw)."""
        w = int(self._s[L.I_WINNER])
        return None if w < 0 or not self.is_terminal() else int(K.player_of(self._s, w))

    @property
    def ranks(self) -> list[int] | None:
        """Rank of each player (1 = first; equal ranks for a draw); None while the game goes on."""
        if not self.is_terminal():
            return None
        by_colour = [int(r) for r in self._s[L.I_RANKS:L.I_RANKS + self.game.num_players]]
        out = [0] * self.game.num_players
        for colour, rank in enumerate(by_colour):
            out[int(K.player_of(self._s, colour))] = rank
        return out

    def returns(self) -> list[float]:
        """Per player: +1 first, -1 last, linear in between; 0 for everyone on a draw (and
        while the game goes on)."""
        ranks = self.ranks
        if ranks is None:
            return [0.0] * self.game.num_players
        best, worst = min(ranks), max(ranks)
        if best == worst:
            return [0.0] * len(ranks)
        return [1.0 - 2.0 * (r - best) / (worst - best) for r in ranks]

    @property
    def end_type(self) -> str | None:
        """What ended the game: the condition's text, "no moves" or "move limit"."""
        if not self.is_terminal():
            return None
        op = int(self._s[L.I_END_OP])
        if op == L.END_NO_MOVES:
            return "no moves"
        if op == L.END_TIMEOUT:
            return "move limit"
        return self.game.spec.ops_text[op]

    def owner(self, cell) -> int | None:
        stone = int(self._s[L.INFO_SIZE + self.game._cell(cell)])
        return None if stone == 0 else int(K.player_of(self._s, stone - 1))

    def count(self, cell) -> int:
        return 1 if self._s[L.INFO_SIZE + self.game._cell(cell)] else 0

    def score(self, player: int) -> int:
        return 0

    @property
    def last_move(self) -> int | None:
        c = int(self._s[L.I_LAST_TO])
        return None if c < 0 else c

    # ------------------------------------------------------------ changing
    def apply(self, move) -> State:
        """Play a move (a :class:`Move`, its text, or its code). Raises
        :class:`ludi.IllegalMove` and leaves the state unchanged when it is not legal."""
        g = self.game
        legal = self.legal_moves()
        if not legal:
            raise IllegalMove("the game is over: no move can be played")
        chosen = None
        if isinstance(move, Move):
            chosen = next((m for m in legal if m.code == move.code), None)
        elif isinstance(move, (int, np.integer)):
            chosen = next((m for m in legal if m.code == int(move)), None)
        else:
            text = str(move).strip().lower()
            chosen = next((m for m in legal if m.text.lower() == text), None)
        if chosen is None:
            shown = ", ".join(m.text for m in legal[:12]) + (", …" if len(legal) > 12 else "")
            raise IllegalMove(f"'{move}' is not a legal move here; legal: {shown}",
                              expected=[m.text for m in legal])
        K.apply_move(g.tables, self._s, g._work, chosen.code)
        return self

    def copy(self) -> State:
        return State(self.game, self._s.copy())

    def __str__(self) -> str:
        from ludi.engine.display import render_text

        return render_text(self)

    def __repr__(self) -> str:
        return f"<State of {self.game.name} at ply {self.ply}>"


def from_description(desc: Description) -> Game:
    return Game(compile_description(desc))


def load(name_or_path, options=None, *, ruleset: str | None = None, defines=None) -> Game:
    """Load a shipped game by name (``"yavalath"``) or a ``.lud`` file, compiled and ready."""
    return from_description(load_description(name_or_path, options, ruleset=ruleset,
                                             defines=defines))


def parse(text: str, options=None, *, ruleset: str | None = None, defines=None) -> Game:
    """Parse and compile a description given as text."""
    return from_description(parse_description(text, options, ruleset=ruleset, defines=defines))
