"""Description -> GameSpec: the board tables plus the rule program, as numpy arrays.

The compiler walks the typed ludeme tree once. Each ludeme it supports becomes numbers in the
arrays of :class:`ludi.compile.layout.Tables`; a ludeme the engine cannot play yet, or a
description that makes no sense (a line of 0, a board of size 0, a player who does not exist), is
rejected with a :class:`ludi.CompileError` that names the ludeme and where it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ludi.compile import board as geometry
from ludi.compile import layout as L
from ludi.errors import CompileError
from ludi.lang import Description, Node
from ludi.lang.tree import Sym

DEFAULT_MOVE_LIMIT = 10_000
MAX_CELLS = 1 << 16
ROLES = {"Mover": L.ROLE_MOVER, "Next": L.ROLE_NEXT, "Prev": L.ROLE_PREV,
         "P1": 0, "P2": 1, "P3": 2, "P4": 3}
OUTCOMES = {"Win": L.WIN, "Loss": L.LOSS, "Draw": L.DRAW}


@dataclass
class GameSpec:
    """Everything the engine needs to play a description."""

    name: str
    num_players: int
    board: geometry.Board
    tables: np.ndarray  # the flat int64 tables (see ludi.compile.layout)
    description: Description | None = None
    ops_text: list[str] = field(default_factory=list)  # readable text of each condition op
    clauses_text: list[str] = field(default_factory=list)
    pieces: list[tuple[str, str]] = field(default_factory=list)  # (name, owner role)


def _fail(node: Node, message: str) -> CompileError:
    file, line, col = node.pos if node.pos else (None, None, None)
    return CompileError(f"{message} (in {node.to_text(width=10**9)[:80]})",
                        file=file, line=line, col=col)


def _int(node: Node, value, what: str, lo: int = 1, hi: int = 10**6) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(node, f"{what} must be a number written in the description; got "
                    f"{value.to_text() if isinstance(value, Node) else value!r}")
    if not lo <= value <= hi:
        raise _fail(node, f"{what} must be between {lo} and {hi}; got {value}")
    return value


def build_board(node: Node) -> geometry.Board:
    rule, args = node.rule, node.positional
    if rule == "board_rotate":
        return build_board(args[1])  # rotation changes the drawing, not the cells or lines
    if rule == "board_hex":
        return geometry.hexhex(_int(node, args[0], "the side of a hex board", 1, 40))
    if rule == "board_hex_diamond":
        return geometry.hex_diamond(_int(node, args[0], "the side of a diamond", 1, 60))
    if rule == "board_hex_rectangle":
        return geometry.hex_rectangle(_int(node, args[0], "rows", 1, 200),
                                      _int(node, args[1], "columns", 1, 200))
    if rule == "board_hex_triangle":
        return geometry.hex_triangle(_int(node, args[0], "the side of a triangle", 1, 80))
    if rule == "board_tri_hexagon":
        # the vertices of a hexagon of triangles form a hexagon of hex cells
        return geometry.hexhex(_int(node, args[0], "the side of a tri hexagon", 1, 40))
    if rule == "board_square":
        n = _int(node, args[0], "the side of a square board", 1, 200)
        return geometry.square_grid(n, n)
    if rule == "board_rectangle":
        return geometry.square_grid(_int(node, args[1], "columns", 1, 200),
                                    _int(node, args[0], "rows", 1, 200))
    raise _fail(node, f"the engine cannot play on ({' '.join(node.rule.split('_')[1:])} …) yet")


class _Compiler:
    def __init__(self, desc: Description | None, tree: Node):
        self.desc = desc
        self.tree = tree
        self.params = np.zeros(L.T_HEADER, np.int64)
        self.code: list[list[int]] = []
        self.ops_text: list[str] = []
        self.clauses: list[list[int]] = []
        self.clauses_text: list[str] = []
        self.conn_masks: list[list[int]] = []
        self.goal_bits: list[np.ndarray] = []  # cell sets, one per goal bit
        self.regions: dict[int, list[np.ndarray]] = {}  # colour -> its (regions …)
        self.named_regions: dict[str, np.ndarray] = {}
        self.pieces: list[tuple[str, str]] = []

    # ------------------------------------------------------------ structure
    def compile(self) -> GameSpec:
        name, players, equipment, rules = self.tree.args
        n = _int(players, players.args[0], "the number of players", 1, 4)
        self.num_players = n
        self.params[L.P_PLAYERS] = n
        self.board = None
        for item in equipment.args[0]:
            self.equipment(item)
        if self.board is None:
            raise _fail(equipment, "the equipment has no (board …)")
        C = self.board.num_cells
        if C > MAX_CELLS:
            raise _fail(equipment, f"the board has {C} cells; at most {MAX_CELLS} are supported")
        self.params[L.P_CELLS] = C
        self.params[L.P_NUM_AXES] = self.board.axes["All"].shape[0]
        self.params[L.P_MOVE_LIMIT] = DEFAULT_MOVE_LIMIT
        self.add_mask = np.zeros(C, np.int8)
        for part in rules.args:
            self.rules_part(part)
        if not self.clauses:
            raise _fail(rules, "the rules have no (end …)")
        return self.finish(name)

    def equipment(self, item: Node) -> None:
        if item.rule == "equip_board":
            if self.board is not None:
                raise _fail(item, "only one (board …) is allowed")
            self.board = build_board(item.args[0])
        elif item.rule == "equip_piece":
            name, owner = item.positional[0], item.positional[1]
            if len(item.positional) > 2:
                raise _fail(item, "pieces with their own moves are not supported by the engine "
                            "yet")
            self.pieces.append((name, owner.name))
        elif item.rule == "equip_regions":
            self.regions_item(item)
        else:
            raise _fail(item, f"the engine does not support ({item.to_text().split()[0][1:]} …) "
                        "yet")

    def regions_item(self, item: Node) -> None:
        if self.board is None:
            raise _fail(item, "(regions …) must come after the (board …)")
        name = next((a for a in item.positional if isinstance(a, str)), None)
        role = next((a for a in item.positional if isinstance(a, Sym)), None)
        body = item.positional[-1]
        parts = body if isinstance(body, tuple) else (body,)
        cells = [self.static_region(p) for p in parts]
        if role is not None:
            colour = self.colour(item, role)
            self.regions.setdefault(colour, []).extend(cells)
        if name is not None:
            self.named_regions[name] = np.unique(np.concatenate(cells))

    def colour(self, node: Node, role: Sym) -> int:
        if role.name not in ("P1", "P2", "P3", "P4"):
            raise _fail(node, f"expected a player P1..P{self.num_players}; got {role.name}")
        c = int(role.name[1]) - 1
        if c >= self.num_players:
            raise _fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return c

    def rules_part(self, part: Node) -> None:
        if part.rule == "meta":
            body = part.args[0]
            for m in body if isinstance(body, tuple) else (body,):
                self.meta(m)
        elif part.rule == "play":
            self.play(part.args[0])
        elif part.rule == "end":
            body = part.args[0]
            for clause in body if isinstance(body, tuple) else (body,):
                self.clause(clause)
        else:
            raise _fail(part, "the engine does not support (start …) setups yet")

    def meta(self, m: Node) -> None:
        if m.rule == "metarule_swap":
            self.params[L.P_SWAP] = 1
        elif m.rule == "metarule_first_win_ends":
            self.params[L.P_FIRST_WIN_ENDS] = 1
        elif m.rule == "metarule_move_limit":
            self.params[L.P_MOVE_LIMIT] = _int(m, m.args[0], "the move limit", 1, 10**7)

    # ------------------------------------------------------------ moves
    def play(self, moves: Node) -> None:
        if moves.rule in ("moves_add", "moves_add_short"):
            to = moves.args[0]
            if len(moves.args) > 1 or len(to.args) != 1:
                raise _fail(moves, "only (move Add (to REGION)) without conditions or effects "
                            "is supported by the engine yet")
            cells = self.static_region(to.args[0], allow_empty=True)
            self.add_mask[:] = 0
            self.add_mask[cells] = 1
            self.params[L.P_PLAY] = L.PLAY_ADD
            self.params[L.P_ADD_ALL] = int(self.add_mask.all())
            return
        raise _fail(moves, f"the engine cannot play ({' '.join(moves.rule.split('_')[1:])} …) "
                    "moves yet")

    def static_region(self, node: Node, allow_empty: bool = False) -> np.ndarray:
        """Cells of a region that does not change during play."""
        b = self.board
        rule = node.rule
        if rule in ("region_sites_board",) or (rule == "region_sites_empty" and allow_empty):
            return np.arange(b.num_cells)
        if rule == "region_sites_corners":
            return b.corners
        if rule == "region_sites_side":
            side = node.args[0].name
            if side not in b.sides:
                raise _fail(node, f"this {b.shape} board has no side {side}; sides: "
                            f"{', '.join(b.sides)}")
            return b.sides[side]
        if rule == "region_sites_row":
            return b.row_cells(_int(node, node.args[0], "the row", 0, 10**4))
        if rule == "region_sites_column":
            return b.column_cells(_int(node, node.args[0], "the column", 0, 10**4))
        if rule in ("region_sites_top", "region_sites_bottom"):
            rows = b.row_index()
            return np.flatnonzero(rows == (rows.max() if rule.endswith("top") else 0))
        if rule in ("region_sites_left", "region_sites_right"):
            cols = b.column_index()
            return np.flatnonzero(cols == (cols.min() if rule.endswith("left") else cols.max()))
        if rule == "region_sites_named":
            if node.args[0] not in self.named_regions:
                raise _fail(node, f'no region named "{node.args[0]}"; regions: '
                            + ", ".join(self.named_regions))
            return self.named_regions[node.args[0]]
        if rule == "region_union":
            parts = node.args[0] if isinstance(node.args[0], tuple) else node.args
            return np.unique(np.concatenate([self.static_region(p, allow_empty) for p in parts]))
        raise _fail(node, "this region is not supported here by the engine yet")

    # ------------------------------------------------------------ ending
    def clause(self, clause: Node) -> None:
        cond, outcome = clause.args
        start = len(self.code)
        self.condition(cond)
        if outcome.rule != "outcome_result":
            raise _fail(outcome, "(byScore …) is not supported by the engine yet")
        role, verdict = outcome.args
        self.clauses.append([start, len(self.code), self.role(outcome, role),
                             OUTCOMES[verdict.name]])
        self.clauses_text.append(clause.to_text(width=10**9))

    def role(self, node: Node, role: Sym) -> int:
        if role.name not in ROLES:
            raise _fail(node, f"the role {role.name} cannot be used here; use Mover, Next, Prev "
                        "or P1..P4")
        value = ROLES[role.name]
        if value >= self.num_players:
            raise _fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return value

    def emit(self, node, *row: int) -> None:
        self.code.append(list(row) + [0] * (L.OP_WIDTH - len(row)))
        self.ops_text.append(node.to_text(width=10**9) if isinstance(node, Node) else str(node))

    def condition(self, node) -> None:
        if isinstance(node, bool):
            self.emit(node, L.OP_TRUE if node else L.OP_FALSE)
            return
        rule = node.rule
        if rule == "cond_is_line":
            self.is_line(node)
        elif rule == "cond_is_loop":
            self.params[L.P_GROUPS] = 1
            self.params[L.P_LOOPS] = 1
            if self.board.kind != "hex":
                raise _fail(node, "(is Loop) is supported on hex boards only")
            self.emit(node, L.OP_LOOP, L.ROLE_MOVER)
        elif rule == "cond_is_connected":
            self.is_connected(node)
        elif rule == "cond_is_connected_n":
            self.is_connected_n(node)
        elif rule == "cond_no_moves":
            self.emit(node, L.OP_NO_MOVES, self.role(node, node.args[0]))
        elif rule in ("cond_and", "cond_or"):
            parts = node.args[0] if isinstance(node.args[0], tuple) else node.args
            for p in parts:
                self.condition(p)
            self.emit(node, L.OP_AND if rule == "cond_and" else L.OP_OR, len(parts))
        elif rule == "cond_not":
            self.condition(node.args[0])
            self.emit(node, L.OP_NOT)
        else:
            raise _fail(node, f"the engine cannot test ({' '.join(rule.split('_')[1:])} …) yet")

    def is_line(self, node: Node) -> None:
        args = node.positional
        length = _int(node, args[0], "the length of a line", 1, 10**4)
        dirs = next((a.name for a in args[1:] if isinstance(a, Sym) and a.kind == "directions"),
                    "Adjacent")
        who = next((a for a in args[1:] if isinstance(a, Sym) and a.kind == "role"), None)
        exact = 1 if node.named("exact", False) else 0
        all_axes = [tuple(x) for x in self.board.axes["All"]]
        wanted = {tuple(x) for x in self.board.axes[dirs]}
        if not wanted:
            raise _fail(node, f"a {self.board.kind} board has no {dirs} lines")
        mask = sum(1 << i for i, ax in enumerate(all_axes) if ax in wanted)
        role = self.role(node, who) if who is not None else L.ROLE_MOVER
        self.emit(node, L.OP_LINE, length, mask, exact, role)

    def goal_bit(self, cells: np.ndarray) -> int:
        for i, existing in enumerate(self.goal_bits):
            if np.array_equal(existing, cells):
                return i
        if len(self.goal_bits) >= 62:
            raise CompileError("too many goal regions (corners, sides, regions) for one game")
        self.goal_bits.append(np.asarray(cells))
        return len(self.goal_bits) - 1

    def is_connected(self, node: Node) -> None:
        self.params[L.P_GROUPS] = 1
        target = node.args[0]
        masks = [0, 0, 0, 0]
        if isinstance(target, Sym):
            if target.name != "Mover":
                raise _fail(node, "(is Connected ROLE) supports Mover: each player connects "
                            "their own (regions …)")
            for colour in range(self.num_players):
                cells = self.regions.get(colour)
                if not cells:
                    raise _fail(node, f"player P{colour + 1} has no (regions …) to connect")
                masks[colour] = sum(1 << self.goal_bit(np.unique(c)) for c in cells)
        else:
            mask = sum(1 << self.goal_bit(np.unique(self.static_region(r))) for r in target)
            masks = [mask] * 4
        self.conn_masks.append(masks)
        self.emit(node, L.OP_CONN, len(self.conn_masks) - 1, -1, L.ROLE_MOVER)

    def is_connected_n(self, node: Node) -> None:
        self.params[L.P_GROUPS] = 1
        n = _int(node, node.args[0], "the number to connect", 1, 64)
        kind = node.args[1].name
        b = self.board
        if kind == "Corners":
            groups = [np.array([c]) for c in b.corners]
        else:
            corners = set(b.corners.tolist())
            groups = [np.array([c for c in cells if kind == "Sides" or c not in corners])
                      for cells in b.sides.values()]
            groups = [g for g in groups if len(g)]
        if n > len(groups):
            raise _fail(node, f"the board has only {len(groups)} {kind}; cannot connect {n}")
        mask = sum(1 << self.goal_bit(g) for g in groups)
        self.conn_masks.append([mask] * 4)
        self.emit(node, L.OP_CONN, len(self.conn_masks) - 1, n, L.ROLE_MOVER)

    # ------------------------------------------------------------ tables
    def finish(self, name: str) -> GameSpec:
        b = self.board
        C = b.num_cells
        cellbits = np.zeros(C, np.int64)
        for bit, cells in enumerate(self.goal_bits):
            cellbits[cells] |= np.int64(1) << bit
        p = self.params
        p[L.P_NUM_CLAUSES] = len(self.clauses)
        p[L.P_DIRS] = b.num_dirs
        p[L.P_NUM_ADJ] = len(b.adjacent)
        sections = [
            (L.T_NBR, b.nbr),
            (L.T_AXES, b.axes["All"]),
            (L.T_ADJ, b.adjacent),
            (L.T_CELLBITS, cellbits),
            (L.T_RIM, b.rim),
            (L.T_ADD_MASK, self.add_mask),
            (L.T_CONN, np.array(self.conn_masks, np.int64)),
            (L.T_CODE, np.array(self.code, np.int64)),
            (L.T_CLAUSES, np.array(self.clauses, np.int64)),
        ]
        parts = [p]
        offset = L.T_HEADER
        for key, arr in sections:
            p[key] = offset
            flat = np.asarray(arr, np.int64).ravel()
            parts.append(flat)
            offset += flat.size
        tables = np.concatenate(parts)
        return GameSpec(name, self.num_players, b, tables, self.desc, self.ops_text,
                        self.clauses_text, self.pieces)


def compile_description(desc: Description | Node) -> GameSpec:
    """Compile a parsed description (or its game tree) into a :class:`GameSpec`."""
    tree = desc.tree if isinstance(desc, Description) else desc
    if tree.rule != "game":
        raise CompileError(f"expected a (game …), got a {tree.category}")
    return _Compiler(desc if isinstance(desc, Description) else None, tree).compile()

