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
from dataclasses import dataclass, field

import numpy as np

from ludi.agents import search
from ludi.engine import Move, State
from ludi.engine import kernels as K
from ludi.errors import LudiError

SPECS = {
    "random": "uniformly random legal moves",
    "mcts:ITER[,c=C]": "UCT with ITER iterations of random rollouts (c: exploration, 1.4)",
    "flat:ITER": "flat Monte Carlo: ITER random playouts per legal move",
    "ab:DEPTH": "alpha-beta (paranoid for n players) with a generic heuristic",
    "human": "a person at the terminal",
}


@dataclass
class Analysis:
    """What a search found: the chosen move, each player's value of the position and each
    legal move's value for the mover (all in [-1, 1])."""

    move: Move
    player_values: list[float]
    move_values: dict[str, float] = field(default_factory=dict)


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
        moves = state.legal_moves()
        if not moves:
            raise LudiError("the game is over: no move to choose")
        return Analysis(moves[int(self.rng.integers(len(moves)))],
                        [0.0] * state.game.num_players)


class _SearchAgent(Agent):
    """Common code of the compiled searches: buffers, choosing the best move."""

    def _buffers(self, state: State):
        size = len(state.game.new_buffer())
        return (np.zeros(size, np.int64), np.zeros(size, np.float64), np.zeros(size, np.float64),
                np.zeros(4, np.float64))

    def _result(self, state: State, codes, scores, values, root_values, n) -> Analysis:
        if n == 0:
            raise LudiError("the game is over: no move to choose")
        legal = {m.code: m for m in state.legal_moves()}
        best = int(np.argmax(scores[:n]))
        move_values = {legal[int(c)].text: float(v) for c, v in zip(codes[:n], values[:n],
                                                                    strict=True)}
        return Analysis(legal[int(codes[best])], _per_player(state, root_values), move_values)


class MCTSAgent(_SearchAgent):
    """UCT: each node maximises the mean value of the player to move there."""

    def __init__(self, iterations: int = 1000, c: float = 1.4, seed: int | None = None):
        super().__init__(seed)
        if iterations < 1:
            raise LudiError("mcts needs at least 1 iteration")
        self.iterations = int(iterations)
        self.c = float(c)
        self.name = f"mcts:{iterations}" + (f",c={c:g}" if c != 1.4 else "")

    def analyse(self, state: State) -> Analysis:
        codes, visits, values, root_values = self._buffers(state)
        game, work = state.game, state.game.new_work()
        n = search.mcts(game.tables, state._s, work, self.iterations, self.c, self._seed(),
                        codes, visits, values, root_values)
        game.check(work)
        return self._result(state, codes, visits, values, root_values, n)


class FlatAgent(_SearchAgent):
    def __init__(self, iterations: int = 100, seed: int | None = None):
        super().__init__(seed)
        self.iterations = max(1, int(iterations))
        self.name = f"flat:{iterations}"

    def analyse(self, state: State) -> Analysis:
        codes, _, values, root_values = self._buffers(state)
        game, work = state.game, state.game.new_work()
        n = search.flat_mc(game.tables, state._s, work, self.iterations, self._seed(), codes,
                           values, root_values)
        game.check(work)
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
        result.move_values = {k: max(-1.0, min(1.0, v)) for k, v in result.move_values.items()}
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
    """An agent from its string: ``random``, ``mcts:ITER[,c=C]``, ``flat:ITER``, ``ab:DEPTH``,
    ``human``."""
    text = spec.strip().lower()
    kind, _, rest = text.partition(":")
    parts = [p for p in rest.split(",") if p]
    try:
        if kind == "random" and not parts:
            return RandomAgent(seed)
        if kind == "human" and not parts:
            return HumanAgent(seed)
        if kind == "mcts" and parts:
            c = 1.4
            for extra in parts[1:]:
                key, _, value = extra.partition("=")
                if key != "c":
                    raise ValueError(f"unknown mcts option '{key}'")
                c = float(value)
            return MCTSAgent(int(parts[0]), c, seed)
        if kind == "flat" and len(parts) == 1:
            return FlatAgent(int(parts[0]), seed)
        if kind == "ab" and len(parts) == 1:
            return AlphaBetaAgent(int(parts[0]), seed)
    except ValueError as e:
        raise LudiError(f"cannot read agent '{spec}': {e}; agents: "
                        + ", ".join(SPECS)) from None
    if kind in ("mcts", "flat", "ab") and not parts:
        example = {"mcts": "mcts:1000", "flat": "flat:100", "ab": "ab:4"}[kind]
        raise LudiError(f"agent '{spec}' needs a number, e.g. {example}", expected=list(SPECS))
    near = difflib.get_close_matches(kind, ["random", "mcts", "flat", "ab", "human"], n=1)
    hint = f"; did you mean '{near[0]}'?" if near and near[0] != kind else ""
    raise LudiError(f"unknown agent '{spec}'{hint}; agents: " + ", ".join(SPECS),
                    expected=list(SPECS))


__all__ = ["Agent", "AlphaBetaAgent", "Analysis", "FlatAgent", "HumanAgent", "MCTSAgent",
           "RandomAgent", "SPECS", "make_agent", "split_agents"]
