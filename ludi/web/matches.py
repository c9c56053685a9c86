"""The games a server offers and the matches played on them: a match is its stored list of
moves, replayed into a position whenever a request needs one (kept in a small cache, so a
move costs one apply, and a restarted server rebuilds it from the database).

>>> from ludi.web.store import Store
>>> library = Library.load(["tictactoe"])
>>> play = Play(Store(":memory:"), library)
>>> mid = play.new_match("tictactoe", "random", humans=(0,), seed=1)
>>> view = play.human_move(mid, 0, "b2"); view["turn"]
'ai'
>>> play.ai_move(mid)["turn"], len(play.view(mid)["moves"])
('human', 2)
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from ludi.agents import make_agent
from ludi.compile import GameSpec
from ludi.engine.display import status_line
from ludi.engine.game import Game, State, from_description
from ludi.errors import IllegalMove, LudiError, UsageError
from ludi.lang import load_description, shipped_games
from ludi.web.store import MatchRow, MoveRow, Store
from ludi.web.svg import board_svg

#: How the page names each player's side.
STONE_NAMES = ("white", "black", "red", "blue")
MANCALA_SIDES = ("bottom row", "top row", "third row", "fourth row")

#: Longest move text accepted from a browser (the longest capture chain is far shorter).
MAX_MOVE_TEXT = 400


class Rejected(Exception):
    """A request the engine or the store refuses; ``status`` is the HTTP status to answer."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class GameEntry:
    """One game on offer: ``key`` names it in URLs and in the database."""

    key: str
    label: str
    source: str
    spec: GameSpec


class Library:
    """The games a server offers, compiled once; each thread plays on its own copy (a
    :class:`Game` keeps move buffers that two threads must not share)."""

    def __init__(self, entries: list[GameEntry]):
        if not entries:
            raise UsageError("no games to offer")
        self.entries = {e.key: e for e in entries}
        self._local = threading.local()

    @classmethod
    def load(cls, sources: list, *, where: str = "the command line") -> Library:
        """Games from shipped names, ``.lud`` files, or run folders (their hall of fame;
        ``RUN:3`` takes the best three). An item may be a table ``{game, options, label}``."""
        entries: list[GameEntry] = []
        for item in sources:
            for label, path, options in expand_source(item, where):
                try:
                    game = from_description(load_description(path, options or None))
                except LudiError as e:
                    raise UsageError(f"{where}: cannot load the game {path}: {e}") from None
                key = base = slug(label or Path(path).stem)
                label = base_label = label or game.name
                n = 2
                while key in {e.key for e in entries} or label in {e.label for e in entries}:
                    key, label, n = f"{base}-{n}", f"{base_label} ({n})", n + 1
                entries.append(GameEntry(key, label, str(path), game.spec))
        return cls(entries)

    def __contains__(self, key: str) -> bool:
        return key in self.entries

    def label(self, key: str) -> str:
        return self.entries[key].label

    def game(self, key: str) -> Game:
        """This thread's copy of the game ``key``."""
        games = self._local.__dict__.setdefault("games", {})
        if key not in games:
            games[key] = Game(self.entries[key].spec)
        return games[key]


def slug(text: str) -> str:
    """A URL- and database-safe key: "Play Win (3p)" -> "play-win-3p"."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "game"


def expand_source(item, where: str) -> list[tuple[str | None, str, list[str]]]:
    """(label, path or name, options) for one configured game."""
    if isinstance(item, dict):
        unknown = set(item) - {"game", "options", "label"}
        if unknown or "game" not in item:
            raise UsageError(f"{where}: a game table has the keys game (required), options, "
                             f"label; got {', '.join(sorted(item))}")
        options = item.get("options", [])
        if isinstance(options, str):
            options = [options]
        return [(item.get("label"), str(item["game"]), list(options))]
    text = str(item)
    folder, _, top = text.rpartition(":") if re.search(r":\d+$", text) else (text, "", "")
    fame = Path(folder) / "hall_of_fame"
    if fame.is_dir():
        files = sorted(fame.glob("*.lud"))
        if not files:
            raise UsageError(f"{where}: the run folder {folder} has no games in hall_of_fame/")
        files = files[: int(top)] if top else files
        return [(f"{Path(folder).name} {f.stem}", str(f), []) for f in files]
    if text in shipped_games() or Path(text).is_file():
        return [(None, text, [])]
    raise UsageError(f"{where}: no game '{text}': expected a shipped game "
                     f"({', '.join(sorted(shipped_games()))}), a .lud file or a run folder")


class Play:
    """Matches on the stored moves: a person's moves, the AI's, undo, and the view a page
    draws. Every method takes a match id and raises :class:`Rejected` on a bad request."""

    CACHE = 512  # positions kept in memory (a miss replays the stored moves)

    def __init__(self, store: Store, library: Library):
        self.store = store
        self.library = library
        self._cache: OrderedDict[str, tuple[tuple[str, ...], object, list]] = OrderedDict()
        self._lock = threading.Lock()

    def new_match(self, game: str, opponent: str, humans: tuple[int, ...], seed: int,
                  participant: str | None = None) -> str:
        if game not in self.library:
            raise Rejected(404, f"no game '{game}' here")
        g = self.library.game(game)
        if not humans or any(not 0 <= h < g.num_players for h in humans):
            raise Rejected(400, f"{g.name} has players 1..{g.num_players}")
        if len(humans) < g.num_players:
            make_agent(opponent)  # a bad agent string is refused before anything is stored
        return self.store.create_match(game, opponent, humans, seed, participant)

    # ------------------------------------------------------------ positions
    def row(self, match: str | MatchRow) -> MatchRow:
        """The stored match (given by id, or already read)."""
        if isinstance(match, MatchRow):
            return match
        row = self.store.match(match) if isinstance(match, str) else None
        if row is None:
            raise Rejected(404, "no such match (the link may be mistyped or from another "
                                "server)")
        if row.game not in self.library:
            raise Rejected(410, f"the game '{row.game}' of this match is not offered by this "
                                "server any more")
        return row

    def position(self, row: MatchRow) -> tuple[State, list[MoveRow]]:
        """The match's position (its stored moves replayed, from the cache where it can) and
        the stored moves."""
        game = self.library.game(row.game)
        stored = self.store.moves(row.id)
        texts = tuple(m.text for m in stored)
        with self._lock:
            cached = self._cache.get(row.id)
        state = game.initial_state()
        done = 0
        if cached is not None and cached[0] == texts[: len(cached[0])]:
            state = State(game, cached[1].copy(), cached[2])
            done = len(cached[0])
        try:
            for text in texts[done:]:
                state.apply(text)
        except LudiError as e:
            raise Rejected(409, f"the stored moves of this match no longer fit the game: "
                                f"{e}") from None
        if done < len(texts) or cached is None:
            self._remember(row.id, texts, state)
        return state, stored

    def _remember(self, mid: str, texts: tuple[str, ...], state: State) -> None:
        with self._lock:
            self._cache[mid] = (texts, state._s.copy(), list(state.moves))
            self._cache.move_to_end(mid)
            while len(self._cache) > self.CACHE:
                self._cache.popitem(last=False)

    # ------------------------------------------------------------ moves
    def human_move(self, match: str | MatchRow, ply: int, text: str) -> dict:
        """Play a person's move: ``ply`` is the number of moves the page saw (a stale page
        or a second click is refused, nothing changes)."""
        row = self.row(match)
        if not isinstance(text, str) or not 0 < len(text) <= MAX_MOVE_TEXT:
            raise Rejected(400, f"a move is a text of 1 to {MAX_MOVE_TEXT} characters")
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise Rejected(400, "'ply' must be the number of moves played so far")
        state, stored = self.position(row)
        if state.is_terminal():
            raise Rejected(409, "the game is over")
        if ply != len(state.moves):
            raise Rejected(409, f"the game has moved on (move {len(state.moves) + 1} now); "
                                "reload the page")
        if state.to_move not in row.humans:
            raise Rejected(409, "it is the AI's turn, not yours")
        self._play(row, state, stored, text, "human")
        return self.view(row, state, stored)

    def ai_move(self, match: str | MatchRow) -> dict:
        """Let the AI play if it is its turn (else change nothing); the seed of each of its
        moves follows from the match's seed and the ply, so a replay is the same game."""
        row = self.row(match)
        state, stored = self.position(row)
        if not state.is_terminal() and state.to_move not in row.humans:
            ply = len(state.moves)
            agent = make_agent(row.opponent, seed=(row.seed * 1_000_003 + ply) % (1 << 62))
            move = agent.choose(state.copy())
            self._play(row, state, stored, move.text, "ai")
        return self.view(row, state, stored)

    def _play(self, row: MatchRow, state: State, stored: list[MoveRow], text: str,
              by: str) -> None:
        """Apply and store a move; ``state`` and ``stored`` are brought up to date."""
        player, ply = state.to_move, len(state.moves)
        try:
            state.apply(text)
        except IllegalMove as e:
            raise Rejected(400, str(e.message)) from None
        except LudiError as e:
            raise Rejected(422, f"the engine stopped on this move: {e}") from None
        played = state.moves[-1].text
        result = status_line(state) if state.is_terminal() else None
        if not self.store.add_move(row.id, ply, played, by, player, result):
            raise Rejected(409, "the game has moved on meanwhile; reload the page")
        stored.append(MoveRow(ply, played, by, player))
        self._remember(row.id, tuple(m.text for m in stored), state)

    def undo(self, match: str | MatchRow) -> dict:
        """Take back the last moves down to the person's previous turn (matches outside a
        study, against the AI)."""
        row = self.row(match)
        if row.participant is not None:
            raise Rejected(403, "moves cannot be taken back in a study")
        humans = [m.ply for m in self.store.moves(row.id) if m.by == "human"]
        if humans:
            self.store.undo(row.id, humans[-1])
        return self.view(row)

    # ------------------------------------------------------------ what a page shows
    def view(self, match: str | MatchRow, state: State | None = None,
             stored: list[MoveRow] | None = None) -> dict:
        """What the play page draws: the board as SVG, whose turn, the legal moves (on a
        person's turn), the moves so far, the result."""
        row = self.row(match)
        if state is None or stored is None:
            state, stored = self.position(row)
        over = state.is_terminal()
        names = player_names(state)
        ai_plays = len(row.humans) < state.game.num_players
        who = [f"{name} — {'you' if p in row.humans else 'AI'}"
               if ai_plays else name for p, name in enumerate(names)]
        turn = "over" if over else ("human" if state.to_move in row.humans else "ai")
        legal = [] if turn != "human" else [
            {"text": m.text, "kind": m.kind, "frm": m.frm, "to": m.to, "path": list(m.path)}
            for m in state.legal_moves()]
        return {
            "match": row.id, "game": self.library.label(row.game), "n": len(state.moves),
            "svg": board_svg(state), "turn": turn, "to_move": state.to_move,
            "players": who, "status": _status(state, row, turn), "legal": legal,
            "moves": [{"ply": m.ply + 1, "text": m.text, "by": m.by, "player": m.player + 1}
                      for m in stored],
            "result": status_line(state) if over else None,
            "undo": row.participant is None and ai_plays and any(m.by == "human"
                                                                  for m in stored),
            "study": row.participant is not None,
        }


def player_names(state: State) -> list[str]:
    """"P1 (white)", "P2 (black)" — or, on a mancala board, "P1 (bottom row)"."""
    sides = MANCALA_SIDES if state.game.board.kind == "mancala" else STONE_NAMES
    return [f"P{p + 1} ({sides[p % 4]})" for p in range(state.game.num_players)]


def _status(state: State, row: MatchRow, turn: str) -> str:
    """What the page says above the board, in plain words."""
    names = player_names(state)
    if turn == "over":
        w = state.winner
        if w is None:
            return "Game over: a draw."
        if len(row.humans) == state.game.num_players:
            return f"Game over: {names[w]} wins."
        return "Game over: you win!" if w in row.humans else "Game over: the AI wins."
    if turn == "ai":
        return f"The AI ({names[state.to_move]}) is thinking…"
    if len(row.humans) == state.game.num_players:
        return f"{names[state.to_move]} to move."
    return f"Your move — {names[state.to_move]}."
