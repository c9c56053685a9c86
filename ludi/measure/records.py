"""Game records: what one self-play game leaves behind for the measures (DESIGN §4).

A record of a game of L moves holds the states s_0..s_L (s_0 the start, s_L the final state):
per-move data (movers, moves, legal-move counts, move evaluations) has L entries, one for each
state s_0..s_{L-1} in which a move was made; per-state data (evaluations, occupancy) has L+1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

__all__ = ["GameRecord"]


@dataclass
class GameRecord:
    """One self-play game.

    Fields:
        num_players: number of players P.
        movers: (L,) index of the player to move in each state s_0..s_{L-1}.
        moves: the L moves, as texts; None for a random game played whole in compiled code
            (:func:`ludi.measure.trials.random_record`), which keeps no texts.
        legal_counts: (L,) number of legal moves in each state s_0..s_{L-1}.
        evals: (L+1, P) a fixed evaluator's value in [-1, 1] for each player in each state
            s_0..s_L (the last row is the final state; it may hold the true returns).
        move_evals: per state s_0..s_{L-1} the values (for the mover, in [-1, 1]) of every legal
            move, or None when they were not recorded.
        ranks: final rank of each player (1 = first; tied players share a rank).
        returns: final utility of each player (1st +1, last -1, linear; a draw gives 0 to all).
        end_type: how the game ended (e.g. "natural", "move_limit").
        timeout: True when the game was stopped by the move limit.
        occupancy: (L+1,) number of occupied sites in each state s_0..s_L.
        num_cells: number of sites of the board.
        coverage: share of the board's sites that were ever occupied.
    """

    num_players: int
    movers: np.ndarray
    moves: list[str] | None
    legal_counts: np.ndarray
    evals: np.ndarray
    move_evals: list[np.ndarray] | None
    ranks: list[int]
    returns: list[float]
    end_type: str
    timeout: bool
    occupancy: np.ndarray
    num_cells: int
    coverage: float

    def __post_init__(self) -> None:
        self.movers = np.asarray(self.movers, dtype=np.int64).reshape(-1)
        self.legal_counts = np.asarray(self.legal_counts, dtype=np.int64).reshape(-1)
        self.occupancy = np.asarray(self.occupancy, dtype=np.int64).reshape(-1)
        evals = np.asarray(self.evals, dtype=np.float64)
        self.evals = evals.reshape(-1, self.num_players) if evals.ndim < 2 else evals
        if self.move_evals is not None:
            self.move_evals = [np.asarray(v, dtype=np.float64).reshape(-1)
                               for v in self.move_evals]
        self._check_shapes()

    def _check_shapes(self) -> None:
        n = len(self.movers)
        sizes = {"legal_counts": len(self.legal_counts)}
        if self.moves is not None:
            sizes["moves"] = len(self.moves)
        if self.move_evals is not None:
            sizes["move_evals"] = len(self.move_evals)
        sizes.update({"evals": self.evals.shape[0] - 1, "occupancy": len(self.occupancy) - 1})
        bad = {name: size for name, size in sizes.items() if size != n}
        if bad:
            raise ValueError(f"GameRecord of {n} moves: mismatched lengths {bad} "
                             "(per-state arrays have one entry more than the moves)")
        if self.evals.shape[1] != self.num_players:
            raise ValueError(f"evals has {self.evals.shape[1]} columns for "
                             f"{self.num_players} players")

    @property
    def length(self) -> int:
        """Number of moves (plies) L."""
        return len(self.movers)

    @property
    def winner(self) -> int | None:
        """The player ranked first alone, else None."""
        firsts = [p for p, rank in enumerate(self.ranks) if rank == 1]
        return firsts[0] if len(firsts) == 1 else None

    @property
    def draw(self) -> bool:
        """A natural draw: no single winner and not stopped by the move limit."""
        return self.winner is None and not self.timeout

    def to_row(self) -> dict[str, Any]:
        """A flat summary for DataFrames (winner is -1 when there is none)."""
        winner = self.winner
        return {
            "length": self.length,
            "num_players": self.num_players,
            "winner": -1 if winner is None else winner,
            "draw": self.draw,
            "timeout": bool(self.timeout),
            "end_type": self.end_type,
            "coverage": float(self.coverage),
            "branching": float(self.legal_counts.mean()) if self.length else float("nan"),
        }
