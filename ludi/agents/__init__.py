"""Agents: random, UCT (n players), flat Monte Carlo, alpha-beta, and a person at the terminal.
The searches run in compiled code (``search.py``); ``players.py`` wraps them for Python."""

from ludi.agents.players import (
    SPECS,
    Agent,
    AlphaBetaAgent,
    Analysis,
    FlatAgent,
    HumanAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
    split_agents,
)

__all__ = ["SPECS", "Agent", "AlphaBetaAgent", "Analysis", "FlatAgent", "HumanAgent",
           "MCTSAgent", "RandomAgent", "make_agent", "split_agents"]
