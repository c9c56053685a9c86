"""Agents: who chooses a move. Specified everywhere by strings such as ``"mcts:1000"``.

>>> import ludi
>>> from ludi.agents import make_agent
>>> game = ludi.load("tictactoe")
>>> agent = make_agent("mcts:200", seed=1)
>>> str(agent.choose(game.initial_state()))  # doctest: +SKIP
'b2'
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field

import numpy as np

from ludi.agents import search
from ludi.engine import Move, State
from ludi.engine import kernels as K
from ludi.errors import LudiError

SPECS = {
    "random": "uniformly random legal moves",
    "mcts:ITER[,c=C][,rave=K][,plies=P]": "UCT with ITER iterations of random rollouts that "
                                          "proves wins and losses (takes a one-move win, "
                                          "blocks a one-move threat) and, in placement games, "
                                          "learns from RAVE (c: exploration, 1.4; K: 1000, 0 "
                                          "turns RAVE off; P: stop once the search has played "
                                          "P plies)",
    "uct:ITER[,c=C]": "plain UCT with ITER iterations of random rollouts (no solver, no RAVE)",
    "flat:ITER": "flat Monte Carlo: ITER random playouts per legal move",
    "ab:DEPTH": "alpha-beta (paranoid for n players) with a generic heuristic",
    "human": "a person at the terminal",
}


@dataclass
class Analysis:
    """What a search found: the chosen move, each player's value of the position and, for
    each move the search evaluated (``codes``), its value for the mover (``values``; all values
    in [-1, 1]). ``move_values`` names them."""

    move: Move
    player_values: list[float]
    codes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    values: np.ndarray = field(default_factory=lambda: np.zeros(0))
    position: State | None = None

    @property
    def move_values(self) -> dict[str, float]:
        """Each evaluated move's text and value for the mover."""
        if self.position is None:
            return {}
        moves = self.position.moves_of(self.codes)
        return {m.text: float(v) for m, v in zip(moves, self.values, strict=True)}


def _per_player(state: State, by_colour) -> list[float]:
    n = state.game.num_players
    out = [0.0] * n
    for colour in range(n):
        out[int(K.player_of(state._s, colour))] = float(by_colour[colour])
    return out


class Agent:
    """Base class: ``choose(state)`` returns a legal move; searching agents also ``analyse``."""

    name = "agent"

    def __init__(self, seed: int | None = None):
        self.rng = np.random.default_rng(seed)
        #: plies this agent's searches have played so far (in their trees and rollouts): the
        #: work a budget counts, the same on any machine under any load
        self.work = 0

    def _seed(self) -> int:
        return int(self.rng.integers(1 << 62))

    def choose(self, state: State) -> Move:
        return self.analyse(state).move

    def analyse(self, state: State) -> Analysis:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.name


class RandomAgent(Agent):
    name = "random"

    def analyse(self, state: State) -> Analysis:
        codes = state.legal_codes()
        if not len(codes):
            raise LudiError("the game is over: no move to choose")
        code = codes[int(self.rng.integers(len(codes)))]
        return Analysis(state.game.move_from_code(int(code)), [0.0] * state.game.num_players)


class _SearchAgent(Agent):
    """Common code of the compiled searches: buffers, choosing the best move."""

    def _buffers(self, state: State):
        size = len(state.game.new_buffer())
        return (np.zeros(size, np.int64), np.zeros(size, np.float64), np.zeros(size, np.float64),
                np.zeros(4, np.float64))

    def _result(self, state: State, codes, scores, values, root_values, n) -> Analysis:
        if n == 0:
            raise LudiError("the game is over: no move to choose")
        best = int(np.argmax(scores[:n]))
        return Analysis(state.moves_of([codes[best]])[0], _per_player(state, root_values),
                        codes[:n].copy(), values[:n].copy(), State(state.game, state._s.copy()))


#: The most iterations a search may take a move: a search keeps every node it adds, about
#: 0.2 KB each plus 8 to 24 bytes per legal move of each (:func:`search_bytes`).
MAX_ITERATIONS = 1_000_000
#: The most plies alpha-beta may look ahead (its time grows as the branching to this power).
MAX_DEPTH = 12
#: The most memory one search may ask for (see :func:`search_bytes`).
MAX_SEARCH_BYTES = 2 << 30


def search_bytes(iterations: int, legal_moves: int, rave: bool = True) -> int:
    """About how many bytes ``mcts:iterations`` keeps while searching a position with
    ``legal_moves`` moves: per node 0.17 KB, and room for each node's list of moves (with its
    RAVE statistics)."""
    nodes = iterations + 2
    pool = max(1024, (legal_moves + 16) * (iterations + 1))
    return nodes * 170 + pool * 8 * (3 if rave else 1)


def _iterations(value: str, spec: str) -> int:
    n = int(value)
    if n < 1:
        raise LudiError(f"agent '{spec}': at least 1 iteration a move; got {n}")
    if n > MAX_ITERATIONS:
        raise LudiError(f"agent '{spec}': at most {MAX_ITERATIONS:,} iterations a move; a "
                        f"search keeps what it learns, about {search_bytes(n, 60) / 2**30:,.0f}"
                        f" GB for {n:,} iterations on a 60-move position")
    return n


#: RAVE's equivalence parameter of ``mcts:N`` (``uct:N`` has none): the visits after which a
#: move's own mean and its all-moves-as-first value weigh the same, about rave / 3. Against
#: ``mcts:400,rave=0`` at 400 iterations, 40 games a game: Hex 7x7 won 1.00, Havannah 5 0.90,
#: Gomoku 9x9 0.90, Y 0.95, Yavalath 0.45 (docs/measures.md, "The measuring agent").
RAVE = 1000.0


class MCTSAgent(_SearchAgent):
    """UCT: each node maximises the mean value of the player to move there. With ``solver``
    (``mcts:N``, the default) the tree proves wins and losses and checks each new position for
    a decisive move (:func:`ludi.agents.search.mcts`); without it (``uct:N``) it is plain UCT."""

    def __init__(self, iterations: int = 1000, c: float = 1.4, seed: int | None = None,
                 solver: bool = True, rave: float | None = None, plies: int = 0):
        super().__init__(seed)
        if iterations < 1:
            raise LudiError("mcts needs at least 1 iteration")
        self.iterations = int(iterations)
        self.c = float(c)
        self.solver = bool(solver)
        default = RAVE if solver else 0.0
        self.rave = default if rave is None else float(rave)
        if self.rave < 0:
            raise LudiError(f"rave must be 0 (off) or more; got {rave:g}")
        if plies < 0:
            raise LudiError(f"plies must be 0 (no limit) or more; got {plies}")
        self.plies = int(plies)
        self.name = f"{'mcts' if solver else 'uct'}:{iterations}" + \
            (f",c={c:g}" if c != 1.4 else "") + \
            (f",rave={self.rave:g}" if self.rave != default else "") + \
            (f",plies={self.plies}" if self.plies else "")

    def analyse(self, state: State) -> Analysis:
        rave = self.rave > 0
        # the game's most moves bound the position's: list them only when that bound is too big
        if search_bytes(self.iterations, len(state.game.new_buffer()), rave) <= MAX_SEARCH_BYTES:
            need = 0
        else:
            need = search_bytes(self.iterations, len(state.legal_codes()), rave)
        if need > MAX_SEARCH_BYTES:
            raise LudiError(f"{self.name} would keep about {need / 2**30:.1f} GB to search this "
                            f"position of {state.game.name} (at most "
                            f"{MAX_SEARCH_BYTES / 2**30:.0f} GB); use fewer iterations")
        codes, visits, values, root_values = self._buffers(state)
        scores = np.zeros_like(visits)
        game, work, plies = state.game, state.game.new_work(), np.zeros(1, np.int64)
        n = search.mcts(game.tables, state._s, work, self.iterations, self.plies, self.c,
                        self.solver, self.rave, self._seed(), codes, visits, values, scores,
                        root_values, plies)
        game.check(work)
        self.work += int(plies[0])
        return self._result(state, codes, scores, values, root_values, n)


class FlatAgent(_SearchAgent):
    def __init__(self, iterations: int = 100, seed: int | None = None):
        super().__init__(seed)
        if iterations < 1:
            raise LudiError("flat needs at least 1 iteration")
        self.iterations = int(iterations)
        self.name = f"flat:{iterations}"

    def analyse(self, state: State) -> Analysis:
        codes, _, values, root_values = self._buffers(state)
        game, work, plies = state.game, state.game.new_work(), np.zeros(1, np.int64)
        n = search.flat_mc(game.tables, state._s, work, self.iterations, self._seed(), codes,
                           values, root_values, plies)
        game.check(work)
        self.work += int(plies[0])
        return self._result(state, codes, values, values, root_values, n)


class AlphaBetaAgent(_SearchAgent):
    def __init__(self, depth: int = 3, seed: int | None = None):
        super().__init__(seed)
        if depth < 1:
            raise LudiError("ab needs a depth of at least 1")
        self.depth = int(depth)
        self.name = f"ab:{depth}"

    def analyse(self, state: State) -> Analysis:
        codes, _, values, root_values = self._buffers(state)
        game, work = state.game, state.game.new_work()
        n = search.alphabeta(game.tables, state._s, work, self.depth, codes, values)
        game.check(work)
        # ties between equally good moves are broken at random (seeded)
        jitter = self.rng.random(n) * 1e-9
        scores = values.copy()
        scores[:n] += jitter
        best = float(values[:n].max()) if n else 0.0
        mover = state.to_move
        player_values = [0.0] * state.game.num_players
        player_values[mover] = max(-1.0, min(1.0, best))
        result = self._result(state, codes, scores, values, root_values, n)
        result.player_values = player_values
        # the search scores wins by their depth (up to 1 + 0.01 * depth); report them in [-1, 1]
        result.values = np.clip(result.values, -1.0, 1.0)
        return result


class HumanAgent(Agent):
    """A person: reads moves from ``input`` until a legal one is given."""

    name = "human"

    def __init__(self, seed: int | None = None, prompt=None, echo=print):
        super().__init__(seed)
        self.prompt = prompt or (lambda text: input(text))  # looked up when asked
        self.echo = echo

    def analyse(self, state: State) -> Analysis:
        legal = state.legal_moves()
        while True:
            text = self.prompt(f"P{state.to_move + 1}> ").strip()
            if text in ("moves", "help", "?"):
                self.echo("legal moves: " + " ".join(m.text for m in legal))
                continue
            if text in ("quit", "exit", "q"):
                raise KeyboardInterrupt
            move = state.find_move(text, legal)
            if move is not None:
                return Analysis(move, [0.0] * state.game.num_players)
            fold = (lambda x: x) if state.game.board.case_sensitive else str.lower
            by_text = {fold(m.text): m.text for m in legal}
            near = [by_text[k] for k in difflib.get_close_matches(fold(text), list(by_text), n=3)]
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            self.echo(f"'{text}' is not a legal move here{hint} (type 'moves' to list them)")


def split_agents(text: str) -> list[str]:
    """A comma-separated list of agent strings, one a seat. An agent's own options stay with it,
    as ``c=1.4`` does here:

    >>> split_agents("mcts:100,c=1.4, random")
    ['mcts:100,c=1.4', 'random']
    """
    agents: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "=" in part and ":" not in part and agents:
            agents[-1] += "," + part
        elif part:
            agents.append(part)
    return agents


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """An agent from its string (:data:`SPECS` says what each is): ``random``,
    ``mcts:ITER[,c=C][,rave=K][,plies=P]``, ``uct:ITER[,c=C]``, ``flat:ITER``, ``ab:DEPTH``,
    ``human``.

    >>> make_agent("mcts:400,plies=4000", seed=1).name
    'mcts:400,plies=4000'
    """
    text = spec.strip().lower()
    kind, _, rest = text.partition(":")
    parts = [p for p in rest.split(",") if p]
    try:
        if kind == "random" and not parts:
            return RandomAgent(seed)
        if kind == "human" and not parts:
            return HumanAgent(seed)
        if kind in ("mcts", "uct") and parts:
            options = {"c": 1.4, "rave": None, "plies": 0}
            allowed = ("c", "rave", "plies") if kind == "mcts" else ("c",)
            given: set[str] = set()
            for extra in parts[1:]:
                key, _, value = extra.partition("=")
                if key not in allowed:
                    raise ValueError(f"unknown {kind} option '{key}'; {kind} takes "
                                     + ", ".join(f"{k}=" for k in allowed))
                if key in given:
                    raise ValueError(f"option '{key}' is given twice")
                given.add(key)
                options[key] = int(value) if key == "plies" else float(value)
            if not (options["c"] >= 0 and math.isfinite(options["c"])):
                raise ValueError(f"c (the exploration constant) must be 0 or more; got "
                                 f"{options['c']:g}")
            return MCTSAgent(_iterations(parts[0], spec), options["c"], seed,
                             solver=kind == "mcts", rave=options["rave"],
                             plies=options["plies"])
        if kind == "flat" and len(parts) == 1:
            return FlatAgent(_iterations(parts[0], spec), seed)
        if kind == "ab" and len(parts) == 1:
            depth = int(parts[0])
            if not 1 <= depth <= MAX_DEPTH:
                raise ValueError(f"the depth must be 1 to {MAX_DEPTH}; got {depth}")
            return AlphaBetaAgent(depth, seed)
    except ValueError as e:
        raise LudiError(f"cannot read agent '{spec}': {e}; agents: "
                        + ", ".join(SPECS)) from None
    if kind in ("mcts", "uct", "flat", "ab") and not parts:
        example = {"mcts": "mcts:1000", "uct": "uct:1000", "flat": "flat:100", "ab": "ab:4"}[kind]
        raise LudiError(f"agent '{spec}' needs a number, e.g. {example}", expected=list(SPECS))
    near = difflib.get_close_matches(kind, ["random", "mcts", "uct", "flat", "ab", "human"], n=1)
    hint = f"; did you mean '{near[0]}'?" if near and near[0] != kind else ""
    raise LudiError(f"unknown agent '{spec}'{hint}; agents: " + ", ".join(SPECS),
                    expected=list(SPECS))


__all__ = ["Agent", "AlphaBetaAgent", "Analysis", "FlatAgent", "HumanAgent", "MCTSAgent",
           "RandomAgent", "SPECS", "make_agent", "split_agents"]
