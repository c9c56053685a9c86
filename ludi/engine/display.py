"""Text drawings of a position: hex boards as hexes, square boards as grids, labels on the rim."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ludi.engine.game import State

#: Each player's stone, and the same stone as the last move played.
STONES = "XOST"
LAST = "xost"


def _symbol(state: State, cell: int) -> str:
    owner = state.owner(cell)
    if owner is None:
        return "."
    return (LAST if cell == state.last_move else STONES)[owner]


def _mancala_lines(state: State) -> list[str]:
    """Rows of houses (top row first) with their counts, labels above and below, the stores."""
    b = state.game.board
    rows, cols = b.size
    last = state.last_move
    lines = []
    for row in range(rows - 1, -1, -1):
        cells = [row * cols + c for c in range(cols)]
        if row == rows - 1:
            lines.append("    " + "".join(f"{b.label(c):^5}" for c in cells))
        lines.append("    " + "".join(
            f"{'(' if c == last else '['}{state.count(c):>3}{')' if c == last else ']'}"
            for c in cells))
        if row == 0:
            lines.append("    " + "".join(f"{b.label(c):^5}" for c in cells))
    stores = [c for c in range(rows * cols, b.num_cells)]
    if stores:
        owners = state.game.spec.map_sites
        parts = []
        for p, site in enumerate(owners[: state.game.num_players]):
            if site >= 0:
                parts.append(f"P{p + 1} store {state.count(site)}")
        lines.append("    " + ", ".join(parts))
    return lines


def _board_lines(state: State) -> list[str]:
    b = state.game.board
    labels = b.labels
    if b.kind == "mancala":
        return _mancala_lines(state)
    if b.kind == "hex":
        q, r = b.xy[:, 0], b.xy[:, 1]
        x = 2 * q + r
        xmin = int(x.min())
        rows = sorted(set(r.tolist()))
        width = int(x.max()) - xmin + 1
        grid = {rr: [" "] * (width + 3) for rr in rows}
        for cell in range(b.num_cells):
            grid[int(r[cell])][int(x[cell]) - xmin + 2] = _symbol(state, cell)
        # column letters: above-left of the first cell of each column
        tops = {}
        for cell in range(b.num_cells):
            col = int(q[cell])
            if col not in tops or r[cell] < r[tops[col]]:
                tops[col] = cell
        header = [" "] * (width + 4)
        lines = []
        letter_rows: dict[int, list[tuple[int, str]]] = {}
        for cell in tops.values():
            letter = "".join(ch for ch in labels[cell] if ch.isalpha())
            letter_rows.setdefault(int(r[cell]), []).append((int(x[cell]) - xmin, letter))
        for pos, letter in letter_rows.get(rows[0], []):
            header[pos + 2] = letter
        lines.append("    " + "".join(header).rstrip())
        for rr in rows:
            first = min((c for c in range(b.num_cells) if r[c] == rr), key=lambda c: x[c])
            number = "".join(ch for ch in labels[first] if ch.isdigit())
            row = grid[rr]
            for pos, letter in letter_rows.get(rr, []):
                if rr != rows[0] and row[pos] == " ":
                    row[pos] = letter
            lines.append(f"{number:>3} " + "".join(row).rstrip())
        return lines
    if b.kind == "graph":  # a graph's points, row by row from the top, by their numbers
        heights = b.row_index()
        return [f"{row:>3} " + " ".join(f"{labels[c]}:{_symbol(state, c)}" for c in sorted(
            (c for c in range(b.num_cells) if heights[c] == row), key=lambda c: b.xy[c, 0]))
            for row in range(int(heights.max()), -1, -1)]
    cols, rws = b.xy[:, 0], b.xy[:, 1]
    lines = []
    for row in range(int(rws.max()), int(rws.min()) - 1, -1):
        cells = sorted((c for c in range(b.num_cells) if rws[c] == row), key=lambda c: cols[c])
        lines.append(f"{row + 1:>3} " + " ".join(_symbol(state, c) for c in cells))
    bottom = sorted((c for c in range(b.num_cells) if rws[c] == rws.min()), key=lambda c: cols[c])
    lines.append("    " + " ".join("".join(ch for ch in labels[c] if ch.isalpha())
                                   for c in bottom))
    return lines


def player_names(state: State) -> list[str]:
    """"P1 (X)", "P2 (O)", …: each player with the symbol of its stones (mancala boards have
    none)."""
    mancala = state.game.board.kind == "mancala"
    return [f"P{p + 1}" + ("" if mancala else f" ({STONES[p]})")
            for p in range(state.game.num_players)]


def places(state: State) -> str:
    """The final places of a game of more than two, in words: "P3 1st, P2 2nd, P1 3rd"."""
    names = player_names(state)
    return ", ".join(f"{names[p]} {ordinal(r)}" for r, p in
                     sorted((r, p) for p, r in enumerate(state.ranks or [])))


def ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def out_notices(before: State, after: State) -> list[str]:
    """What a move did to the players of a game of more than two, in words: who is out of the
    game now and in which place (the others play on)."""
    if after.game.num_players <= 2 or after.is_terminal():
        return []
    names = player_names(after)
    notes = []
    for p in sorted(set(after.players_out) - set(before.players_out)):
        place = after.place_of(p)
        how = "has won" if place == 1 else f"is out ({ordinal(place)} place)"
        notes.append(f"{names[p]} {how}; the others play on")
    return notes


def status_line(state: State) -> str:
    game = state.game
    names = player_names(state)
    last_text = ""
    if state.moves:
        last_text = f", last move {state.moves[-1].text}"
    elif state.last_move is not None:
        last_text = f", last move {game.board.label(state.last_move)}"
    if state.is_terminal():
        w = state.winner
        result = f"{names[w]} wins" if w is not None else "draw"
        extra = f"; places: {places(state)}" if game.num_players > 2 else ""
        return f"{game.name}: game over after {state.ply} plies, {result} ({state.end_type})" \
               f"{extra}{last_text}"
    out = [names[p] for p in state.players_out]
    out_text = f"; out: {', '.join(out)}" if out else ""
    return f"{game.name}: ply {state.ply}, {names[state.to_move]} to move{last_text}{out_text}"


def render_text(state: State) -> str:
    return "\n".join(_board_lines(state) + [status_line(state)])
