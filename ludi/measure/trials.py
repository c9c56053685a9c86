"""Self-play trials and matches: games between agents, recorded, run across processes.

A game is sent to a worker as its expanded description text plus agent strings and a seed, so a
run is reproducible (same seed, same games) whatever the number of workers.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed
from functools import lru_cache

import numpy as np
import pandas as pd
from tqdm.auto import tqdm

from ludi.agents import make_agent, split_agents
from ludi.agents.compiled import ensure_compiled
from ludi.compile import layout as L
from ludi.engine import Game, as_game, parse
from ludi.engine.playouts import recorded_random_game
from ludi.errors import positive_int, require
from ludi.measure.measures import wilson
from ludi.measure.records import GameRecord
from ludi.progress import ticking

#: The evaluator of random self-play: a small UCT search gives each state's values.
DEFAULT_EVALUATOR = "mcts:32"


@lru_cache(maxsize=8)
def _game(text: str, move_limit: int | None = None) -> Game:
    """The compiled game of ``text``; with ``move_limit``, its own ply cap lowered to that."""
    game = parse(text)
    if move_limit is not None and move_limit < int(game.tables[L.P.MOVE_LIMIT]):
        game = game.with_move_limit(move_limit)
    return game


def _text(game: Game) -> str:
    if game.description is None:
        raise ValueError("this game was compiled from a tree without a description")
    return game.description.to_text()


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``."""
    return (int(seed) * 1_000_003 + index * 7919) % (1 << 62)


def playing_agent(spec: str):
    """Check an agent string for games played without a person: any agent but ``human``
    (people play with ``ludi play``)."""
    agent = make_agent(spec)  # bad agent strings fail here, with a clear message
    require(agent.name != "human", "'human' cannot play in a match or self-play (they run "
            "without a terminal, possibly on other processes); play a person with `ludi play`")
    return agent


class BudgetExceeded(Exception):
    """A game went past its work budget (plies played by the game and its agents' searches)."""

    def __init__(self, work: int, budget: int):
        super().__init__(f"the game went past its work budget: {work:,} plies played, "
                         f"{budget:,} allowed")
        self.work = work
        self.budget = budget


def play_one(text: str, agent_specs: list[str], seed: int, record: bool = False,
             evaluator: str | None = None, budget: int | None = None,
             move_limit: int | None = None, work: list[int] | None = None):
    """Play one game; return a match row (a dict) or, with ``record``, a :class:`GameRecord`
    (evaluations from ``evaluator``, or from the agents themselves when they search;
    ``evaluator="none"`` records no evaluations). Past ``move_limit`` plies (when lower than
    the game's own limit) it ends as a timeout.

    Work is counted in plies: the game's own and those its agents' searches play. ``work``, a
    one-item list, adds this game's to a running total; past ``budget`` plies (that total,
    when given) the game stops with :class:`BudgetExceeded`, after the same move on every
    machine."""
    game = _game(text, move_limit)
    rng = np.random.default_rng(seed)
    agents = [make_agent(spec, int(rng.integers(1 << 62))) for spec in agent_specs]
    blind = evaluator == "none"
    judge = make_agent(evaluator, int(rng.integers(1 << 62))) \
        if evaluator and not blind else None
    state = game.initial_state()
    n = game.num_players
    movers, moves, legal_counts, evals, move_evals, occupancy = [], [], [], [], [], []
    cells = game.board.num_cells
    board = state._s[L.section(cells, L.S.BOARD)]  # views: they follow the state's changes
    counts = state._s[L.section(cells, L.S.COUNTS)]
    ever = np.zeros(cells, bool)

    def note_occupancy() -> None:
        occupied = (board != 0) | (counts > 0)
        ever[:] |= occupied
        occupancy.append(int(np.count_nonzero(occupied)))

    total = work if work is not None else [0]
    done = total[0]

    def spent() -> int:
        return done + state.ply + sum(a.work for a in agents) + (judge.work if judge else 0)

    while not state.is_terminal():
        if budget is not None and spent() > budget:
            total[0] = spent()
            raise BudgetExceeded(total[0], budget)
        player = state.to_move
        agent = agents[player]
        if record:
            note_occupancy()
            movers.append(player)
            legal_counts.append(len(state.legal_codes()))
        if record and not blind:
            looker = judge or agent
            analysis = looker.analyse(state)
            move = analysis.move if looker is agent else agent.choose(state)
            evals.append(analysis.player_values)
            move_evals.append(analysis.values if len(analysis.values) else None)
        else:
            move = agent.choose(state)
            if record:
                evals.append([0.0] * n)
                move_evals.append(None)
        moves.append(move.text)
        state.play_legal(move)
    total[0] = spent()
    ranks = state.ranks
    returns = state.returns()
    timeout = state.end_type == "move limit"
    if not record:
        winner = state.winner
        return {
            "seed": seed,
            "agents": list(agent_specs),
            "winner": winner,
            "winner_agent": agent_specs[winner] if winner is not None else None,
            "draw": winner is None and not timeout,
            "timeout": timeout,
            "length": state.ply,
            "ranks": ranks,
            "returns": returns,
            "end_type": state.end_type,
        }
    note_occupancy()
    evals.append(returns)
    has_move_evals = any(m is not None for m in move_evals)
    return GameRecord(
        num_players=n,
        movers=np.array(movers, np.int64),
        moves=moves,
        legal_counts=np.array(legal_counts, np.int64),
        evals=np.array(evals, float).reshape(-1, n),
        move_evals=[m if m is not None else np.zeros(0) for m in move_evals]
        if has_move_evals else None,
        ranks=list(ranks),
        returns=list(returns),
        end_type=state.end_type or "",
        timeout=timeout,
        occupancy=np.array(occupancy, np.int64),
        num_cells=game.board.num_cells,
        coverage=float(ever.mean()),
    )


def random_record(text: str, seed: int, move_limit: int | None = None,
                  budget: int | None = None, work: list[int] | None = None) -> GameRecord:
    """One uniformly random game, recorded without evaluations, played whole in compiled code
    (:func:`ludi.engine.playouts.recorded_random_game`): what ``play_one`` records for random
    agents with ``evaluator="none"`` but the move texts (``moves`` is None), at a fraction of
    the cost. ``move_limit``, ``budget`` and ``work`` are as for :func:`play_one`; the budget is
    checked once the game is over."""
    game = _game(text, move_limit)
    state, movers, legal, occupancy, ever = recorded_random_game(game, seed)
    total = work if work is not None else [0]
    total[0] += state.ply
    if budget is not None and total[0] > budget:
        raise BudgetExceeded(total[0], budget)
    n = game.num_players
    returns = state.returns()
    evals = np.zeros((len(movers) + 1, n))
    evals[-1] = returns
    return GameRecord(num_players=n, movers=movers, moves=None, legal_counts=legal,
                      evals=evals, move_evals=None, ranks=list(state.ranks), returns=returns,
                      end_type=state.end_type or "", timeout=state.end_type == "move limit",
                      occupancy=occupancy, num_cells=game.board.num_cells,
                      coverage=float(ever[:game.board.num_cells].mean()))


def run_games(game: Game, tasks: list[tuple], *, workers: int = 1, progress: bool = True,
              desc: str = "games") -> list:
    """Run ``play_one`` for each task (agent specs, seed, record, evaluator), in order."""
    workers = positive_int(workers, "workers")
    text = _text(game)
    ensure_compiled(progress=progress)  # once, here, before any worker starts
    results: list = [None] * len(tasks)
    bar = tqdm(total=len(tasks), desc=desc, disable=not progress, unit="game", leave=False)
    with ticking(bar):
        if workers <= 1:
            for i, task in enumerate(tasks):
                results[i] = play_one(text, *task)
                bar.update()
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play_one, text, *task): i
                           for i, task in enumerate(tasks)}
                for future in as_completed(futures):
                    results[futures[future]] = future.result()
                    bar.update()
    return results


def match(game: Game, agents: list[str], games: int = 20, seed: int = 0, workers: int = 1,
          swap_seats: bool = True, progress: bool = True) -> pd.DataFrame:
    """Games between ``agents`` (strings, one per seat). With ``swap_seats`` the seating rotates
    from game to game so every agent plays every seat. One row a game: seed, agents (by seat),
    winner (seat), winner_agent (None on a draw), draw, timeout, length, ranks, returns,
    end_type."""
    game = as_game(game)
    games = positive_int(games, "games")
    seed = positive_int(seed, "seed", least=0)
    n = game.num_players
    if isinstance(agents, str):
        agents = split_agents(agents)
    require(len(agents) == n, f"{game.name} has {n} players: give one agent a seat, got "
            f"{len(agents)} ({', '.join(map(str, agents))})")
    for spec in agents:
        playing_agent(spec)
    tasks = []
    for i in range(games):
        k = i % n if swap_seats else 0
        seating = agents[k:] + agents[:k]
        tasks.append((seating, game_seed(seed, i)))
    rows = run_games(game, tasks, workers=workers, progress=progress, desc="match")
    return pd.DataFrame(rows)


def self_play(game: Game, trials: int, agent: str, seed: int = 0, workers: int = 1,
              evaluator: str | None = None, progress: bool = True) -> list[GameRecord]:
    """``trials`` recorded self-play games of ``agent`` against itself."""
    game = as_game(game)
    trials = positive_int(trials, "trials")
    seed = positive_int(seed, "seed", least=0)
    playing_agent(agent)
    if evaluator is None and agent.strip().lower() == "random":
        evaluator = DEFAULT_EVALUATOR  # random play has no values of its own to record
    tasks = [([agent] * game.num_players, game_seed(seed, i), True, evaluator)
             for i in range(trials)]
    return run_games(game, tasks, workers=workers, progress=progress, desc="trials")


def summarise(df: pd.DataFrame) -> pd.DataFrame:
    """Win rates per agent and per (agent, seat), with 95% confidence intervals; draws and
    games cut by the move limit (timeouts) are counted apart."""
    rows = []
    for spec in sorted({a for agents in df["agents"] for a in agents}):
        for seat in [None] + list(range(len(df["agents"].iloc[0]))):
            games = [(row, i) for _, row in df.iterrows() for i, a in enumerate(row["agents"])
                     if a == spec and (seat is None or i == seat)]
            if not games:
                continue
            wins = sum(1 for row, i in games if row["winner"] == i)
            draws = sum(1 for row, _ in games if row["draw"])
            timeouts = sum(1 for row, _ in games if row["timeout"])
            lo, hi = wilson(wins, len(games))
            rows.append({"agent": spec, "seat": "all" if seat is None else seat + 1,
                         "games": len(games), "wins": wins, "draws": draws,
                         "timeouts": timeouts,
                         "win_rate": wins / len(games), "ci_low": lo, "ci_high": hi})
    return pd.DataFrame(rows)
