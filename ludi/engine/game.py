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

import os
from dataclasses import dataclass, replace

import numpy as np

from ludi.compile import GameSpec, compile_description
from ludi.compile import layout as L
from ludi.compile.board import Board
from ludi.engine import kernels as K
from ludi.errors import EngineError, IllegalMove, LudiError, UsageError
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
    """A compiled game. Create with :func:`ludi.load` or :func:`ludi.parse`.

    Its tables are read-only: a different move limit or fast-path choice is a new game
    (:meth:`with_move_limit`, :meth:`without_fast_paths`)."""

    #: The fast paths the compiler may choose (header flags) and what each skips.
    FAST_PATHS = {
        "add": "one add anywhere in a region: moves listed without running the program",
        "add_all": "adds anywhere: random moves drawn from the empty cells, no move list",
        "line_only": "only line ends: winning cells searched next to own stones only",
        "group_wins": "only line, connection and ring ends: winning cells searched where the "
                      "groups a stone would join reach the goals",
        "sow": "the usual mancala turn: sowing kernels instead of the program and the VM",
        "sow_turn": "with sow: the whole turn and its end tests in one kernel, the next "
                    "player's moves kept for the next random move",
        "sow_packed": "with sow_turn: random playouts keep the houses' counts packed in two "
                      "words (a sowing is two additions) and try the end clauses only when "
                      "what they read changed",
    }

    def __init__(self, spec: GameSpec):
        if spec.tables.flags.writeable:  # a spec built by hand: its own read-only tables
            tables = spec.tables.copy()
            tables.setflags(write=False)
            spec = replace(spec, tables=tables)
        self.spec = spec
        self.tables = spec.tables
        self.name = spec.name
        self.num_players = spec.num_players
        self.board: Board = spec.board
        self.description: Description | None = spec.description
        self._buf = self.new_buffer()
        self._work = self.new_work()
        self._initial = self._fresh_state()
        effects = int(self.tables[L.T.EFF])
        #: the rules set or add to the players' scores ((set Score …), (addScore …)), or the
        #: start gives them one
        self.keeps_scores = any(
            int(self.tables[effects + i * L.E.SIZE + L.E.KIND]) in (L.EFF.SET_SCORE,
                                                                      L.EFF.ADD_SCORE)
            for i in range(len(spec.origins.get("eff", ())))) or bool(
            self._initial[L.I.SCORES:L.I.SCORES + L.COLOURS].any())

    # ------------------------------------------------------------ buffers and errors
    def new_buffer(self) -> np.ndarray:
        """A move buffer: room for every legal move of any position (the compiler's bound)."""
        return np.zeros(int(self.tables[L.P.MAX_MOVES]), np.int64)

    def new_work(self) -> np.ndarray:
        """A work array for the kernels, laid out by the compiler (``P_W_*`` in the header)."""
        return np.zeros(int(self.tables[L.P.WORK_SIZE]), np.int64)

    def check(self, work: np.ndarray) -> None:
        """Raise :class:`ludi.EngineError` when a kernel call recorded an error in ``work``
        (and clear it, so the work array can be used again)."""
        code = int(work[L.W.ERROR])
        if code == 0:
            return
        at, value = int(work[L.W.ERROR_AT]), int(work[L.W.ERROR_VALUE])
        work[L.W.ERROR:L.W.ERROR_VALUE + 1] = 0
        raise engine_error(self.spec, code, at, value)

    # ------------------------------------------------------------ variants of the same rules
    def with_move_limit(self, plies: int) -> Game:
        """The same game stopped as a timeout after ``plies`` plies (and no turn limit), as
        ``(meta (moveLimit N))`` does."""
        from ludi.compile.meta import NO_TURN_LIMIT

        if int(plies) < 1:
            raise LudiError(f"the move limit must be at least 1 ply; got {plies}")
        return Game(self.spec.with_parameters(MOVE_LIMIT=int(plies),
                                              TURN_LIMIT=NO_TURN_LIMIT))

    @property
    def fast_paths(self) -> tuple[str, ...]:
        """The fast paths this game takes (see ``FAST_PATHS``)."""
        t = self.tables
        flags = {"add": t[L.P.PLAY] == L.PLAY.ADD, "add_all": t[L.P.ADD_ALL] == 1,
                 "line_only": t[L.P.LINE_ONLY] == 1,
                 "group_wins": t[L.P.GROUP_WINS] == 1 and t[L.P.GROUPS] == 1,
                 "sow": t[L.P.SOW_FAST] == 1,
                 "sow_turn": t[L.P.SOW_TURN] == 1, "sow_packed": t[L.P.SOW_PACKED] == 1}
        return tuple(name for name in self.FAST_PATHS if flags[name])

    def without_fast_paths(self, *names: str) -> Game:
        """The same game with these fast paths off (all of them when none is named): it plays
        the general program, which every fast path must match move by move."""
        unknown = [n for n in names if n not in self.FAST_PATHS]
        if unknown:
            raise LudiError(f"no fast path {unknown[0]!r}; fast paths: "
                            f"{', '.join(self.FAST_PATHS)}")
        off = set(names or self.FAST_PATHS)
        changes = {}
        if "add" in off:
            changes.update(PLAY=L.PLAY.PROGRAM, ADD_ALL=0)
        if "add_all" in off:
            changes["ADD_ALL"] = 0
        if "line_only" in off:
            changes["LINE_ONLY"] = 0
        if "group_wins" in off:
            changes["GROUP_WINS"] = 0
        if "sow" in off:
            changes.update(SOW_FAST=0, SOW_TURN=0, SOW_PACKED=0)
        if "sow_turn" in off:
            changes.update(SOW_TURN=0, SOW_PACKED=0)
        if "sow_packed" in off:
            changes["SOW_PACKED"] = 0
        return Game(self.spec.with_parameters(**changes))

    # ------------------------------------------------------------ states
    def _fresh_state(self) -> np.ndarray:
        t = self.tables
        C = self.board.num_cells
        s = np.zeros(int(t[L.P.STATE_SIZE]), np.int64)
        s[L.I.CELLS] = C
        s[L.I.NEMPTY] = C
        s[L.I.WINNER] = -1
        s[L.I.LAST_TO] = -1
        s[L.I.LAST_FROM] = -1
        s[L.I.PREV_MOVER] = -1
        s[L.I.VARS:L.I.VARS + L.MAX_VARS] = -1
        s[L.I.VALUES:L.I.VALUES + L.COLOURS] = -1
        s[L.I.ACTIVE:L.I.ACTIVE + self.num_players] = 1
        for k in (L.S.EMPTIES, L.S.EPOS, L.S.PARENT):
            s[L.section(C, k)] = np.arange(C)
        init = int(t[L.T.INIT])
        counts, owners, whats, states = (t[init + k * C:init + (k + 1) * C] for k in (
            L.INIT.COUNTS, L.INIT.OWNERS, L.INIT.PIECES, L.INIT.STATES))
        for cell in np.flatnonzero(owners):
            K.place_piece(t, s, int(cell), int(owners[cell]) - 1, int(whats[cell]))
            # a hand, or a stack (P.STACKS), holds several: each is a piece
            if cell >= int(t[L.P.BOARD_CELLS]) or t[L.P.STACKS]:
                s[L.I.PIECES + int(owners[cell]) - 1] += max(int(counts[cell]) - 1, 0)
        s[L.section(C, L.S.COUNTS)] = np.maximum(counts, s[L.section(C, L.S.COUNTS)])
        neutral = (owners == 0) & (whats > 0)  # a neutral piece: a counter of its type
        s[L.section(C, L.S.WHAT)][neutral] = whats[neutral]
        s[L.section(C, L.S.STATE)] = states
        s[L.section(C, L.S.REMEMBERED)] = t[init + L.INIT.REMEMBERED * C:
                                            init + (L.INIT.REMEMBERED + 1) * C]
        scores = init + L.INIT.SCORES * C
        s[L.I.SCORES:L.I.SCORES + L.COLOURS] = t[scores:scores + L.COLOURS]
        phases = int(t[L.T.PHASES])  # each colour's first phase
        s[L.I.PHASE:L.I.PHASE + L.COLOURS] = t[phases:phases + L.COLOURS]
        return s

    @property
    def stochastic(self) -> bool:
        """Does chance play a part (the game rolls dice or draws (value Random …))?"""
        return int(self.tables[L.P.DICE]) > 0 or int(self.tables[L.P.RANDOM]) == 1

    def initial_state(self, seed: int | None = None) -> State:
        """The start. In a game of dice, ``seed`` decides the rolls (the same seed, the same
        rolls for the same moves); without one they are the same every time.

        >>> import ludi
        >>> game = ludi.parse('''(game "Roll" (players 2)
        ...   (equipment {(board (rectangle 1 9) (track "T" "0,E")) (dice d:4 num:1)
        ...              (piece "Disc" Each)})
        ...   (rules (start (place "Disc1" 0))
        ...     (play (do (roll) next:(forEach Piece (move (from)
        ...                 (to (trackSite Move steps:(count Pips))))))) (end (if (is Full)
        ...     (result Mover Win)))))''')
        >>> first = [m.text for m in game.initial_state(seed=1).legal_moves()]
        >>> first == [m.text for m in game.initial_state(seed=1).legal_moves()]
        True
        """
        s = self._initial.copy()
        if seed is not None and self.stochastic:
            rng = np.empty(1, np.uint64)
            K.rng_seed(rng, seed)
            K.seed_chance(self.tables, s, rng)
        return State(self, s)

    def state_from(self, board: dict | None = None, counts=None, stores=None,
                   to_move: int = 0) -> State:
        """A position built from pieces, counts and stores, with player ``to_move`` to play.

        ``board``: {label or cell: player} for stones (no last move is set, so lines and
        connections through "the last stone" appear only once a move is played).
        ``counts``: counters per site — a list in track order (a mancala board's houses in
        sowing order, e.g. Oware's houses 0..11) or a dict {label or cell: count}.
        ``stores``: a list, the count in each player's store ((map …) site).
        """
        state = self.initial_state()
        S = state._s
        C = self.board.num_cells
        t = self.tables
        if board:
            S[:] = self._empty_state()
        for where, player in (board or {}).items():
            cell = self._cell(where)
            if not 0 <= int(player) < self.num_players:
                raise LudiError(f"player {player} does not exist in a {self.num_players}-player "
                                "game")
            if S[L.I.SIZE + cell]:
                raise LudiError(f"cell {self.board.label(cell)} is given twice")
            K.place(t, S, cell, int(player))
        cnt = L.section(C, L.S.COUNTS)
        if counts is not None:
            if isinstance(counts, dict):
                items = [(self._cell(k), v) for k, v in counts.items()]
            else:
                order = self.spec.track or list(range(C))
                if len(counts) != len(order):
                    raise LudiError(f"counts has {len(counts)} entries; the track has "
                                    f"{len(order)} sites")
                items = list(zip(order, counts, strict=True))
            for cell, value in items:
                if int(value) < 0:
                    raise LudiError("counts cannot be negative")
                S[cnt][cell] = int(value)
        if stores is not None:
            sites = self.spec.map_sites
            for player, value in enumerate(stores):
                if player >= len(sites) or sites[player] < 0:
                    raise LudiError(f"player {player} has no store in this game")
                S[cnt][sites[player]] = int(value)
        if not 0 <= to_move < self.num_players:
            raise LudiError(f"to_move must be a player 0..{self.num_players - 1}")
        S[L.I.MOVER] = to_move
        if board and int(t[L.P.PLAY]) == L.PLAY.ADD:  # placement: one stone a ply so far
            S[L.I.PLY] = int(np.count_nonzero(S[L.section(C, L.S.BOARD)]))
        return state

    def _empty_state(self) -> np.ndarray:
        """The initial state without its starting pieces (positions given piece by piece)."""
        s = self._initial.copy()
        C = self.board.num_cells
        for cell in np.flatnonzero(s[L.section(C, L.S.BOARD)]):
            K.remove(self.tables, s, int(cell))
        return s

    def _cell(self, where) -> int:
        if isinstance(where, (int, np.integer)):
            if not 0 <= where < self.board.num_cells:
                raise LudiError(f"cell {where} is off the board (0..{self.board.num_cells - 1})")
            return int(where)
        if isinstance(where, tuple):
            return self.board.cell_at(*where)
        return self.board.cell(str(where))

    # ------------------------------------------------------------ moves
    def move_from_code(self, code: int) -> Move:
        """The :class:`Move` of a kernel move code, with its text."""
        kind = code & L.KIND_MASK
        to = (code >> L.KIND_BITS) & L.SITE_MASK
        frm = (code >> L.FROM_SHIFT) & L.SITE_MASK
        label = self.board.label
        if kind == L.MOVE.ADD:
            return Move(code, label(to), "add", None, to, (to,))
        if kind == L.MOVE.SELECT:
            return Move(code, label(frm), "select", frm, frm, (frm,))
        if kind == L.MOVE.SLIDE:
            return Move(code, f"{label(frm)}-{label(to)}", "slide", frm, to, (to,))
        if kind == L.MOVE.STEP:
            return Move(code, f"{label(frm)}-{label(to)}", "step", frm, to, (to,))
        if kind == L.MOVE.HOP:
            rec = int(self.tables[L.P.W_CHAINS]) + to
            w = self._work
            k, start = int(w[rec + L.CR.LENGTH]), int(w[rec + L.CR.FROM])
            path = tuple(int(x) for x in w[rec + L.CR.PATH:rec + L.CR.PATH + k])
            taken = tuple(int(x) for x in w[rec + L.CR.PATH + k:rec + L.CR.PATH + 2 * k])
            text = label(start) + "".join(f"x{label(j)}>{label(x)}"
                                          for j, x in zip(taken, path, strict=True))
            return Move(code, text, "hop", start, path[-1], path, taken)
        if kind == L.MOVE.SWAP:
            return Move(code, "swap", "swap")
        if kind == L.MOVE.PASS:
            return Move(code, "pass (forced)" if code == L.FORCED_PASS else "pass", "pass")
        if kind in (L.MOVE.PROPOSE, L.MOVE.VOTE):
            name = self.spec.proposals[to]
            if kind == L.MOVE.PROPOSE:
                return Move(code, f"propose {name}", "propose")
            gen = int(self.tables[L.T.GEN]) + ((code >> L.GEN_SHIFT) & L.GEN_MASK) * L.G.SIZE
            yes = int(self.tables[gen + L.G.YES]) == 1
            return Move(code, f"vote {name if yes else 'No'}", "vote")
        raise engine_error(self.spec, L.ERR.MOVE, 0, code)

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.num_players} players, {self.board!r}>"


class State:
    """A position of a game. ``apply`` mutates it; ``copy`` makes an independent one.
    ``moves`` lists the moves played on it through :meth:`apply`."""

    def __init__(self, game: Game, arrays: np.ndarray, moves: list[Move] | None = None):
        self.game = game
        self._s = arrays
        self.moves: list[Move] = list(moves or [])

    # ------------------------------------------------------------ reading
    @property
    def to_move(self) -> int:
        """The player (0..n-1) to move."""
        return int(K.player_of(self._s, self._s[L.I.MOVER]))

    @property
    def ply(self) -> int:
        return int(self._s[L.I.PLY])

    def legal_moves(self) -> list[Move]:
        g = self.game
        return [g.move_from_code(int(c)) for c in self.legal_codes()]

    def legal_codes(self) -> np.ndarray:
        """The kernel codes of the legal moves, sorted as :meth:`legal_moves` lists them: the
        cheap way to count or draw moves (no :class:`Move` is made)."""
        g = self.game
        n = K.end_if_stuck(g.tables, self._s, g._work, g._buf)
        g.check(g._work)
        return np.sort(g._buf[:n])

    def moves_of(self, codes) -> list[Move]:
        """The :class:`Move` of each code, codes of moves legal here (a capture series' text
        reads the series this position generates)."""
        self.legal_codes()
        return [self.game.move_from_code(int(c)) for c in codes]

    def is_terminal(self) -> bool:
        if self._s[L.I.OVER] == 0:
            g = self.game
            K.end_if_stuck(g.tables, self._s, g._work, g._buf)
            g.check(g._work)
        return bool(self._s[L.I.OVER])

    @property
    def winner(self) -> int | None:
        """The winning player, or None (game going on, or a draw)."""
        w = int(self._s[L.I.WINNER])
        return None if w < 0 or not self.is_terminal() else int(K.player_of(self._s, w))

    @property
    def ranks(self) -> list[int] | None:
        """Rank of each player (1 = first; equal ranks for a draw); None while the game goes on."""
        if not self.is_terminal():
            return None
        by_colour = [int(r) for r in self._s[L.I.RANKS:L.I.RANKS + self.game.num_players]]
        out = [0] * self.game.num_players
        for colour, rank in enumerate(by_colour):
            out[int(K.player_of(self._s, colour))] = rank
        return out

    def returns(self) -> list[float]:
        """Per player: +1 first, -1 last, linear in between (1 - 2(rank-1)/(n-1)); players who
        tie share the average of the places they hold (so a draw gives everyone 0). All 0 while
        the game goes on."""
        ranks = self.ranks
        n = self.game.num_players
        if ranks is None or n < 2:
            return [0.0] * n
        out = []
        for r in ranks:
            tied = ranks.count(r)
            place = r + (tied - 1) / 2.0
            out.append(1.0 - 2.0 * (place - 1) / (n - 1))
        return out

    @property
    def end_type(self) -> str | None:
        """What ended the game: the condition's text, "no moves" (no player could move) or
        "move limit"."""
        if not self.is_terminal():
            return None
        op = int(self._s[L.I.END_OP])
        if op == L.END.NO_MOVES:
            return "no moves"
        if op == L.END.TIMEOUT:
            return "move limit"
        return self.game.spec.condition_text(op)

    def owner(self, cell) -> int | None:
        stone = int(self._s[L.I.SIZE + self.game._cell(cell)])
        return None if stone == 0 else int(K.player_of(self._s, stone - 1))

    def count(self, cell) -> int:
        """Pieces or counters on a site (stores included)."""
        C = self.game.board.num_cells
        return int(self._s[L.section(C, L.S.COUNTS)][self.game._cell(cell)])

    @property
    def dice(self) -> tuple[int, ...]:
        """The dice as last rolled, each 0 once a move used it (a game without dice: ())."""
        return tuple(int(v) for v in self._s[L.I.DICE:L.I.DICE + int(self.game.tables[L.P.DICE])])

    def local_state(self, cell) -> int:
        """A site's local state (Ludii's ``(state at:SITE)``; 0 unless a rule set it)."""
        C = self.game.board.num_cells
        return int(self._s[L.section(C, L.S.STATE)][self.game._cell(cell)])

    def score(self, player: int) -> int:
        """The player's score: in a game whose rules keep scores, or after a (byScore …) ending,
        the score; otherwise the count in the player's store (its (map …) site) where the game
        has stores, else 0."""
        colour = player
        if self._s[L.I.SWAPPED] == 1 and player < 2:
            colour = 1 - player
        if self.game.keeps_scores or (self.is_terminal() and self._ended_by_score()):
            return int(self._s[L.I.SCORES + colour])
        sites = self.game.spec.map_sites
        if sites and sites[colour] >= 0:
            return self.count(sites[colour])
        return 0

    def _ended_by_score(self) -> bool:
        if self._s[L.I.END_OP] < 0:
            return False
        t = self.game.tables
        row = int(t[L.T.CLAUSES]) + L.CL.SIZE * int(self._s[L.I.END_CLAUSE])
        return int(t[row + L.CL.OUTCOME]) == L.OUTCOME.BY_SCORE

    @property
    def last_move(self) -> int | None:
        """The cell of the last move: the stone placed or moved there, the house sown from
        (not the last house sown); None before the first move and after a swap or a pass."""
        if self.moves:
            m = self.moves[-1]
            return m.frm if m.kind == "select" else m.to
        c = int(self._s[L.I.LAST_TO])
        return None if c < 0 else c

    @property
    def players_out(self) -> list[int]:
        """The players already out of a game of more than two (eliminated by a losing rule,
        or ranked by winning while the others play on), in player order."""
        active = self._s[L.I.ACTIVE:L.I.ACTIVE + self.game.num_players]
        return sorted(int(K.player_of(self._s, c)) for c in range(self.game.num_players)
                      if active[c] == 0)

    def place_of(self, player: int) -> int | None:
        """The place (1 = first) ``player`` has been given, or None while it is undecided."""
        colour = next(c for c in range(self.game.num_players)
                      if int(K.player_of(self._s, c)) == player)
        rank = int(self._s[L.I.RANKS + colour])
        return rank or None

    # ------------------------------------------------------------ changing
    def find_move(self, move, legal: list[Move] | None = None) -> Move | None:
        """The legal move meant by ``move`` (a :class:`Move`, its text or its code), or None.
        Text is matched ignoring case, except on boards whose labels differ only by case
        (mancala boards: ``a`` is your house, ``A`` your opponent's).

        >>> import ludi
        >>> s = ludi.load("oware").initial_state()
        >>> s.find_move("a").text, s.find_move("A")
        ('a', None)
        """
        legal = self.legal_moves() if legal is None else legal
        if isinstance(move, Move):
            return next((m for m in legal if m.code == move.code), None)
        if isinstance(move, (int, np.integer)):
            return next((m for m in legal if m.code == int(move)), None)
        text = str(move).strip()
        if self.game.board.case_sensitive:
            return next((m for m in legal if m.text == text), None)
        return next((m for m in legal if m.text.lower() == text.lower()), None)

    def apply(self, move) -> State:
        """Play a move (a :class:`Move`, its text, or its code). Raises
        :class:`ludi.IllegalMove` and leaves the state unchanged when it is not legal."""
        legal = self.legal_moves()
        if not legal:
            raise IllegalMove("the game is over: no move can be played")
        chosen = self.find_move(move, legal)
        if chosen is None:
            shown = ", ".join(m.text for m in legal[:12]) + (", …" if len(legal) > 12 else "")
            raise IllegalMove(f"'{move}' is not a legal move here; legal: {shown}",
                              expected=[m.text for m in legal])
        return self.play_legal(chosen)

    def play_legal(self, move: Move) -> State:
        """Play ``move``, a move of :meth:`legal_moves` (or an agent's choice) in this very
        position, without looking it up among the legal moves again: the fast way for a loop
        that plays an agent's moves. Use :meth:`apply` for moves that may not be legal."""
        g = self.game
        if move.kind == "hop":
            self.legal_codes()  # a capture series reads the series this position generates
        after = self._s.copy()  # an engine error leaves the state as it was
        K.apply_move(g.tables, after, g._work, move.code)
        g.check(g._work)
        self._s[:] = after
        self.moves.append(move)
        return self

    def copy(self) -> State:
        return State(self.game, self._s.copy(), self.moves)

    def __str__(self) -> str:
        from ludi.engine.display import render_text

        return render_text(self)

    def __repr__(self) -> str:
        return f"<State of {self.game.name} at ply {self.ply}>"


def engine_error(spec: GameSpec, code: int, at: int, value: int) -> EngineError:
    """The :class:`EngineError` for an error the kernels recorded, naming the game and, where
    the error concerns a record, the ludeme it was compiled from and its place."""
    if code in L.ERR:
        declared = L.ERR.entry(code).declared
        table, what = declared.record, declared.doc
    else:
        table, what = None, f"an unknown engine error {code}"
    if code == L.ERR.HISTORY:  # the kernel knows no op: name the first repetition test
        at = next((i for i, o in enumerate(spec.origins["op"])
                   if int(spec.tables[int(spec.tables[L.T.CODE]) + i * L.O.SIZE + L.O.KIND])
                   in (L.OP.CYCLE, L.OP.REPEATED)), -1)
    origin = spec.origins[table][at] if table and 0 <= at < len(spec.origins[table]) else None
    message = f"{spec.name}: the engine met {what.format(value=value)}"
    if origin is None:
        error = EngineError(message)
    else:
        error = EngineError(f"{message}, in {origin.text[:80]}", file=origin.file,
                            line=origin.line, col=origin.col, source_line=origin.source_line)
    error.code = code  # the ERR code, for callers that treat some apart
    return error


def from_description(desc: Description) -> Game:
    return Game(compile_description(desc))


def load(name_or_path, options=None, *, ruleset: str | None = None, defines=None) -> Game:
    """Load a shipped game by name (``"yavalath"``) or a ``.lud`` file, compiled and ready."""
    return from_description(load_description(name_or_path, options, ruleset=ruleset,
                                             defines=defines))


def as_game(game) -> Game:
    """A compiled game from what a caller has: a :class:`Game`, a shipped name or ``.lud`` path,
    or a :class:`~ludi.lang.Description`. Lets every function that takes a game take a name.

    >>> as_game("tictactoe").name
    'Tic-Tac-Toe'
    """
    if isinstance(game, Game):
        return game
    if isinstance(game, Description):
        return from_description(game)
    if isinstance(game, (str, os.PathLike)):
        return load(game)
    raise UsageError(f"expected a game (a ludi.Game, a shipped name such as 'yavalath', a .lud "
                     f"path or a Description); got {type(game).__name__}")


def parse(text: str, options=None, *, ruleset: str | None = None, defines=None) -> Game:
    """Parse and compile a description given as text."""
    return from_description(parse_description(text, options, ruleset=ruleset, defines=defines))
