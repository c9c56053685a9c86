"""Description -> GameSpec: the board tables plus the rule program, as one flat int64 array.

The compiler walks the typed ludeme tree once. Each ludeme it supports becomes numbers in the
sections described in :mod:`ludi.compile.layout`: conditions and integer expressions become
postfix programs (``T_CODE``), moves a small tree of generators (``T_GEN``), effects records
(``T_EFF``), regions cell masks (``T_REGIONS``). A ludeme the engine cannot play yet, or a
description that makes no sense (a line of 0, a board of size 0, a player who does not exist), is
rejected with a :class:`ludi.CompileError` that names the ludeme and where it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ludi.compile import board as geometry
from ludi.compile import layout as L
from ludi.compile.shapes import sowing
from ludi.errors import CompileError
from ludi.lang import Description, Node, parse_fragment
from ludi.lang.tree import Sym

DEFAULT_MOVE_LIMIT = 10_000
HISTORY = 1024  # positions kept for repetition tests (since the count on the board changed)
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
    ops_text: list[str] = field(default_factory=list)  # readable text of each code op
    clauses_text: list[str] = field(default_factory=list)
    pieces: list[tuple[str, str]] = field(default_factory=list)  # (name, owner role)
    proposals: list[str] = field(default_factory=list)  # names used by Propose/Vote
    track: list[int] = field(default_factory=list)  # sowing order of the track (mancala)
    map_sites: list[int] = field(default_factory=list)  # per player: its (map …) site or -1


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


def _ludeme(node: Node) -> str:
    return "(" + " ".join(node.to_text(width=10**9)[1:].split()[:2]).rstrip(")") + " …)"


def _items(arg) -> tuple:
    """A single argument or the items of an array argument."""
    return arg if isinstance(arg, tuple) else (arg,)


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
    raise _fail(node, f"the engine cannot play on {_ludeme(node)} yet")


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
        self.region_rows: list[np.ndarray] = []  # static regions, (4, C) masks
        self.gens: list[list[int]] = []
        self.prog: list[list[int]] = []
        self.dynregs: list[list[int]] = []
        self.effs: list[list[int]] = []
        self.lists: list[int] = []
        self.pieces: list[tuple[str, str]] = []
        self.proposals: list[str] = []
        self.map_sites = [-1, -1, -1, -1]
        self.track: list[int] = []
        self.track_loop = 0
        self.stores = False
        self.board: geometry.Board | None = None
        self.uses_history = False
        self.in_end = False

    # ------------------------------------------------------------ structure
    def compile(self) -> GameSpec:
        name, players, equipment, rules = self.tree.args
        n = _int(players, players.args[0], "the number of players", 1, 4)
        self.num_players = n
        self.params[L.P_PLAYERS] = n
        for item in equipment.args[0]:
            self.equipment(item)
        if self.board is None:
            raise _fail(equipment, "the equipment has no (board …) or (mancalaBoard …)")
        C = self.board.num_cells
        if C > MAX_CELLS:
            raise _fail(equipment, f"the board has {C} cells; at most {MAX_CELLS} are supported")
        self.params[L.P_CELLS] = C
        self.params[L.P_NUM_AXES] = self.board.axes["All"].shape[0]
        self.params[L.P_MOVE_LIMIT] = DEFAULT_MOVE_LIMIT
        self.add_mask = np.zeros(C, np.int8)
        self.init_counts = np.zeros(C, np.int64)
        self.init_owner = np.zeros(C, np.int64)
        parts = {p.rule: p for p in rules.args}
        for key in ("meta", "setup", "play", "end"):
            if key in parts:
                getattr(self, "rules_" + key)(parts[key])
        if not self.clauses:
            raise _fail(rules, "the rules have no (end …)")
        return self.finish(name)

    def equipment(self, item: Node) -> None:
        rule = item.rule
        if rule in ("equip_board", "equip_mancala_board") and self.board is not None:
            raise _fail(item, "only one board is allowed")
        if rule == "equip_board":
            self.board = build_board(item.args[0])
            self.params[L.P_BOARD_CELLS] = self.board.num_cells
        elif rule == "equip_mancala_board":
            self.mancala(item)
        elif rule == "equip_piece":
            name, owner = item.positional[0], item.positional[1]
            if len(item.positional) > 2:
                raise _fail(item, "pieces with their own moves are not supported by the engine "
                            "yet")
            self.pieces.append((name, owner.name))
        elif rule == "equip_regions":
            self.regions_item(item)
        elif rule == "equip_map":
            self.map_item(item)
        else:
            raise _fail(item, f"the engine does not support {_ludeme(item)} yet")

    def mancala(self, item: Node) -> None:
        rows = _int(item, item.args[0], "the rows of a mancala board", 1, 8)
        cols = _int(item, item.args[1], "the columns of a mancala board", 1, 40)
        store = item.named("store")
        self.stores = store is None or store.name != "None"
        self.board = geometry.mancala(rows, cols, self.stores)
        self.params[L.P_BOARD_CELLS] = rows * cols
        track = next((a for a in item.positional if isinstance(a, Node)), None)
        if track is None:
            raise _fail(item, "a mancala board needs a (track …) to sow along")
        _, spec = track.positional[:2]
        try:
            self.track = geometry.parse_track(self.board, spec, self.stores)
        except ValueError as e:
            raise _fail(track, str(e)) from None
        self.track_loop = 1 if track.named("loop", False) else 0

    def map_item(self, item: Node) -> None:
        for pair in item.positional[-1]:
            role, where = pair.args
            colour = self.colour(pair, role)
            if isinstance(where, Sym):
                if not self.stores:
                    raise _fail(pair, f"{where.name} is a store, and this board has none")
                base = int(self.params[L.P_BOARD_CELLS])
                site = base if where.name == "FirstSite" else base + 1
            else:
                site = _int(pair, where, "a map site", 0, self.board.num_cells - 1)
            self.map_sites[colour] = site

    def regions_item(self, item: Node) -> None:
        if self.board is None:
            raise _fail(item, "(regions …) must come after the board")
        name = next((a for a in item.positional if isinstance(a, str)), None)
        role = next((a for a in item.positional if isinstance(a, Sym)), None)
        cells = [self.static_cells(p) for p in _items(item.positional[-1])]
        if role is not None:
            self.regions.setdefault(self.colour(item, role), []).extend(cells)
        if name is not None:
            self.named_regions[name] = np.unique(np.concatenate(cells))

    def colour(self, node: Node, role: Sym) -> int:
        if role.name not in ("P1", "P2", "P3", "P4"):
            raise _fail(node, f"expected a player P1..P{self.num_players}; got {role.name}")
        c = int(role.name[1]) - 1
        if c >= self.num_players:
            raise _fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return c

    def rules_meta(self, part: Node) -> None:
        for m in _items(part.args[0]):
            if m.rule == "metarule_swap":
                self.params[L.P_SWAP] = 1
            elif m.rule == "metarule_first_win_ends":
                self.params[L.P_FIRST_WIN_ENDS] = 1
            elif m.rule == "metarule_move_limit":
                self.params[L.P_MOVE_LIMIT] = _int(m, m.args[0], "the move limit", 1, 10**7)

    def rules_setup(self, part: Node) -> None:
        for init in _items(part.args[0]):
            if init.rule == "init_set_count":
                count = _int(init, init.args[0], "a starting count", 0, 10**6)
                self.init_counts[self.static_cells(init.named("to"))] = count
            else:  # init_place
                name, where = init.positional[:2]
                colour = self.piece_colour(init, name)
                cells = self.static_cells(where)
                self.init_owner[cells] = colour + 1
                self.init_counts[cells] = _int(init, init.named("count", 1), "a count", 1, 10**6)

    def piece_colour(self, node: Node, name: str) -> int:
        """The colour of a piece named as Ludii does: "Marker1" is P1's "Marker" (Each)."""
        for piece, owner in self.pieces:
            if owner == "Each" and name[len(piece):].isdigit() and name.startswith(piece):
                colour = int(name[len(piece):]) - 1
                if 0 <= colour < self.num_players:
                    return colour
            if name == piece and owner.startswith("P"):
                return int(owner[1]) - 1
        known = [f"{p}1" if o == "Each" else p for p, o in self.pieces]
        raise _fail(node, f'no piece "{name}"; pieces: {", ".join(known)}')

    # ------------------------------------------------------------ regions
    def static_cells(self, node: Node) -> np.ndarray:
        """Cells of a region that does not change during play and does not depend on the
        player (used for equipment, setups and goals)."""
        code = self.region(node)
        if code < 0:
            raise _fail(node, "this region changes during play; a fixed region is needed here")
        rows = self.region_rows[code]
        if not all(np.array_equal(rows[0], rows[k]) for k in range(1, 4)):
            raise _fail(node, "this region depends on the player; a fixed region is needed here")
        return np.flatnonzero(rows[0])

    def _static(self, per_colour) -> int:
        """Register a static region given as a function colour -> cells; return its code."""
        C = self.board.num_cells
        rows = np.zeros((4, C), np.int64)
        for colour in range(4):
            rows[colour, per_colour(colour)] = 1
        for i, existing in enumerate(self.region_rows):
            if np.array_equal(existing, rows):
                return i
        self.region_rows.append(rows)
        return len(self.region_rows) - 1

    def player_cells(self, node: Node, role: Sym, colour: int) -> np.ndarray:
        n = self.num_players
        target = {"Mover": colour, "Next": (colour + 1) % n, "Prev": (colour - 1) % n}.get(
            role.name, int(role.name[1]) - 1 if role.name[:1] == "P" else None)
        if target is None:
            raise _fail(node, f"(sites {role.name}) is not supported; use Mover, Next, Prev or "
                        "P1..P4")
        cells = self.regions.get(target % n, [])
        return np.unique(np.concatenate(cells)) if cells else np.zeros(0, np.int64)

    def region(self, node: Node) -> int:
        """The code of a region: a static region index (>= 0) or a REG_* code."""
        b = self.board
        rule = node.rule
        playable = np.arange(int(self.params[L.P_BOARD_CELLS]))
        fixed = {
            "region_sites_board": lambda: playable,
            "region_sites_corners": lambda: b.corners,
            "region_sites_outer": lambda: playable[b.rim[playable] == 1],
            "region_sites_track": lambda: np.array(self.track, np.int64),
        }
        if rule == "region_sites_empty":
            return L.REG_EMPTY
        if rule == "region_sites_occupied":
            role = node.named("by")
            codes = {"Mover": L.REG_OCCUPIED_MOVER, "Next": L.REG_OCCUPIED_NEXT,
                     "Prev": L.REG_OCCUPIED_PREV}
            if role.name in codes:
                return codes[role.name]
            return L.REG_OCCUPIED_P1 - self.colour(node, role)
        if rule in fixed:
            cells = fixed[rule]()
            return self._static(lambda c: cells)
        if rule == "region_sites_role":
            role = node.args[0]
            return self._static(lambda c: self.player_cells(node, role, c))
        if rule == "region_sites_side":
            side = node.args[0].name
            if side not in b.sides:
                raise _fail(node, f"this {b.shape} board has no side {side}; sides: "
                            f"{', '.join(b.sides)}")
            return self._static(lambda c: b.sides[side])
        if rule in ("region_sites_row", "region_sites_column"):
            k = _int(node, node.args[0], "the row or column", 0, 10**4)
            cells = b.row_cells(k) if rule.endswith("row") else b.column_cells(k)
            cells = cells[cells < len(playable)]
            return self._static(lambda c: cells)
        if rule in ("region_sites_top", "region_sites_bottom"):
            rows = b.row_index()[playable]
            want = rows.max() if rule.endswith("top") else 0
            return self._static(lambda c: playable[rows == want])
        if rule in ("region_sites_left", "region_sites_right"):
            cols = b.column_index()[playable]
            want = cols.min() if rule.endswith("left") else cols.max()
            return self._static(lambda c: playable[cols == want])
        if rule == "region_sites_named":
            if node.args[0] not in self.named_regions:
                raise _fail(node, f'no region named "{node.args[0]}"; regions: '
                            + (", ".join(self.named_regions) or "none"))
            cells = self.named_regions[node.args[0]]
            return self._static(lambda c: cells)
        if rule == "region_sites_winning":
            role, moves = node.args
            if moves.rule not in ("moves_add", "moves_add_short") or len(moves.args) != 1 \
                    or len(moves.args[0].args) != 1:
                raise _fail(node, "(sites Winning ROLE (add (to REGION))) is the supported form")
            inner = self.region(moves.args[0].args[0])
            if inner <= L.REG_DYNAMIC:
                raise _fail(node, "the add of (sites Winning …) needs a plain region")
            self.dynregs.append([L.DR_WINNING, self.role(node, role), inner, 0])
            return L.REG_DYNAMIC - (len(self.dynregs) - 1)
        if rule == "region_union":
            codes = [self.region(p) for p in (_items(node.args[0]) if len(node.args) == 1
                                              else node.args)]
            if any(code <= L.REG_DYNAMIC for code in codes):
                start, count = self.add_list(codes)
                self.dynregs.append([L.DR_UNION, start, count, 0])
                return L.REG_DYNAMIC - (len(self.dynregs) - 1)
            if any(code < 0 for code in codes):
                raise _fail(node, "a union of regions that change during play is not "
                            "supported yet")
            rows = [self.region_rows[code] for code in codes]
            return self._static(lambda c: np.flatnonzero(sum(r[c] for r in rows)))
        raise _fail(node, f"the engine does not support the region {_ludeme(node)} yet")

    # ------------------------------------------------------------ expressions
    def emit(self, node, *row: int) -> None:
        self.code.append(list(row) + [0] * (L.OP_WIDTH - len(row)))
        self.ops_text.append(node.to_text(width=10**9) if isinstance(node, Node) else str(node))

    def code_range(self, node) -> tuple[int, int]:
        """Compile an expression (condition, integer or site); return its [start, end)."""
        start = len(self.code)
        self.expr(node)
        return start, len(self.code)

    def role(self, node: Node, role: Sym) -> int:
        if role.name not in ROLES:
            raise _fail(node, f"the role {role.name} cannot be used here; use Mover, Next, Prev "
                        "or P1..P4")
        value = ROLES[role.name]
        if value >= self.num_players:
            raise _fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return value

    def proposal(self, name: str) -> int:
        if name not in self.proposals:
            self.proposals.append(name)
        return self.proposals.index(name)

    def expr(self, node) -> None:
        if isinstance(node, bool):
            self.emit(node, L.OP_TRUE if node else L.OP_FALSE)
            return
        if isinstance(node, int):
            self.emit(node, L.OP_CONST, node)
            return
        if isinstance(node, Sym) and node.kind == "role":
            self.emit(node.name, L.OP_ROLE, self.role(Node("int_mover"), node))
            return
        if not isinstance(node, Node):
            raise CompileError(f"cannot use {node!r} as a value")
        rule = node.rule
        simple = {
            "site_to": L.OP_TO, "site_from": L.OP_FROM, "site_site": L.OP_SITE,
            "site_last_to": L.OP_LAST_TO, "site_last_from": L.OP_LAST_FROM,
            "int_count_moves": L.OP_COUNT_MOVES, "int_count_turns": L.OP_COUNT_TURNS,
            "int_count_players": L.OP_COUNT_PLAYERS, "cond_is_cycle": L.OP_CYCLE,
        }
        binary = {
            "int_add": L.OP_ADD, "int_sub": L.OP_SUB, "int_mul": L.OP_MUL, "int_max": L.OP_MAX,
            "int_min": L.OP_MIN, "cond_eq": L.OP_EQ, "cond_ne": L.OP_NE, "cond_lt": L.OP_LT,
            "cond_le": L.OP_LE, "cond_gt": L.OP_GT, "cond_ge": L.OP_GE,
        }
        roles = {"int_mover": L.ROLE_MOVER, "int_next": L.ROLE_NEXT, "int_prev": L.ROLE_PREV}
        if rule in simple:
            if rule == "cond_is_cycle":
                self.uses_history = True
            self.emit(node, simple[rule])
        elif rule in binary:
            a, b = node.args
            site = self.constant_site(a.named("at")) if isinstance(a, Node) \
                and a.rule == "int_count_at" else None
            if site is not None and isinstance(b, int) and rule.startswith("cond_"):
                # (>= (count at:(mapEntry P1)) 25) in one op: end clauses test it every move
                self.emit(node, L.OP_COUNT_CMP, site, binary[rule], b)
                return
            self.expr(a)
            self.expr(b)
            self.emit(node, binary[rule])
        elif rule in roles:
            self.emit(node, L.OP_ROLE, roles[rule])
        elif rule == "site_map_entry":
            site = self.constant_site(node)
            if site is not None:
                self.emit(node, L.OP_CONST, site)
            else:
                self.expr(node.positional[-1])
                self.emit(node, L.OP_MAP_ENTRY)
        elif rule == "site_hand_site":
            raise _fail(node, "hands are not supported by the engine yet")
        elif rule == "int_count_at":
            self.expr(node.named("at"))
            self.emit(node, L.OP_COUNT_AT)
        elif rule in ("int_count_in", "int_count_sites"):
            op = L.OP_COUNT_IN if rule == "int_count_in" else L.OP_COUNT_SITES
            self.emit(node, op, self.region(node.named("in")))
        elif rule == "int_count_pieces":
            self.emit(node, L.OP_COUNT_PIECES, self.role(node, node.args[0]))
        elif rule == "int_score":
            self.expr(node.args[0])
            self.emit(node, L.OP_SCORE)
        elif rule in ("cond_and", "cond_or"):
            parts = _items(node.args[0]) if len(node.args) == 1 else node.args
            for p in parts:
                self.expr(p)
            self.emit(node, L.OP_AND if rule == "cond_and" else L.OP_OR, len(parts))
        elif rule == "cond_not":
            self.expr(node.args[0])
            self.emit(node, L.OP_NOT)
        elif rule == "cond_if":
            for a in node.args:
                self.expr(a)
            self.emit(node, L.OP_IF)
        elif rule == "cond_is_in":
            self.expr(node.args[0])
            self.emit(node, L.OP_IS_IN, self.region(node.args[1]))
        elif rule in ("cond_is_empty", "cond_is_enemy", "cond_is_friend"):
            self.expr(node.args[0])
            self.emit(node, {"cond_is_empty": L.OP_IS_EMPTY, "cond_is_enemy": L.OP_IS_ENEMY,
                             "cond_is_friend": L.OP_IS_FRIEND}[rule])
        elif rule in ("cond_is_proposed", "cond_is_decided"):
            op = L.OP_PROPOSED if rule == "cond_is_proposed" else L.OP_DECIDED
            self.emit(node, op, self.proposal(node.args[0]))
        elif rule == "cond_is_line":
            self.is_line(node)
        elif rule == "cond_is_loop":
            if self.board.kind != "hex":
                raise _fail(node, "(is Loop) is supported on hex boards only")
            self.params[L.P_GROUPS] = 1
            self.params[L.P_LOOPS] = 1
            self.emit(node, L.OP_LOOP, L.ROLE_MOVER)
        elif rule == "cond_is_connected":
            self.is_connected(node)
        elif rule == "cond_is_connected_n":
            self.is_connected_n(node)
        elif rule == "cond_is_approach":
            kind = node.args[0].name if node.args else "Closer"
            self.emit(node, L.OP_APPROACH, 0 if kind == "Closer" else 1)
        elif rule == "cond_is_repeated":
            self.uses_history = True
            self.emit(node, L.OP_REPEATED, _int(node, node.args[0], "the repetitions", 1, 100))
        elif rule == "cond_no_moves":
            if not self.in_end:
                raise _fail(node, "(no Moves …) can only be tested in the (end …) rules")
            role = self.role(node, node.args[0])
            if role != L.ROLE_MOVER:  # the mover's own case needs no counting (see kernels)
                self.params[L.P_NO_MOVES] = 1
            self.emit(node, L.OP_NO_MOVES, role)
        else:
            raise _fail(node, f"the engine cannot evaluate {_ludeme(node)} yet")

    def constant_site(self, node) -> int | None:
        """The site of ``(mapEntry P1)`` and the like, known when compiling; else None."""
        if isinstance(node, Node) and node.rule == "site_map_entry":
            who = node.positional[-1]
            if isinstance(who, Sym) and who.name in ("P1", "P2", "P3", "P4"):
                site = self.map_sites[self.colour(node, who)]
                return site if site >= 0 else None
        return None

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
            mask = sum(1 << self.goal_bit(self.static_cells(r)) for r in target)
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

    # ------------------------------------------------------------ moves
    def rules_play(self, part: Node) -> None:
        moves = part.args[0]
        self.gen(moves)
        self.instr(L.PR_END)
        first = self.prog[0]
        leaf = self.gens[first[1]] if first[0] == L.PR_LEAF else None
        if len(self.prog) == 2 and leaf and leaf[0] == L.GEN_ADD and leaf[3] == 0 \
                and leaf[4] == leaf[5]:
            # the common shape, add anywhere in a region: a fast path in the kernels
            self.params[L.P_PLAY] = L.PLAY_ADD
            if leaf[1] == L.REG_EMPTY:
                self.add_mask[: int(self.params[L.P_BOARD_CELLS])] = 1
            else:
                self.add_mask[np.flatnonzero(self.region_rows[leaf[1]][0])] = 1
            self.params[L.P_ADD_ALL] = int(self.add_mask.all())
        else:
            self.params[L.P_PLAY] = L.PLAY_GEN
        self.params[L.P_PROG_LEN] = len(self.prog)
        self.sowing_fast_path(moves)

    def sowing_fast_path(self, moves: Node) -> None:
        """Parameters for the sowing kernels when the moves are the usual mancala turn."""
        shape = sowing(moves) if self.track and self.num_players == 2 else None
        if shape is None or not all(self.map_sites[c] >= 0 for c in range(2)):
            return
        p = self.params
        p[L.P_SOW_FAST] = 1
        p[L.P_SOW_GEN] = next(i for i, g in enumerate(self.gens) if g[0] == L.GEN_SELECT)
        p[L.P_SOW_CAPTURE] = sum(1 << k for k in shape.capture_counts)
        p[L.P_SOW_FLAGS] = (L.SOW_INCLUDE_SELF * shape.include_self
                            + L.SOW_BACKTRACK * shape.backtracking
                            + L.SOW_SLAM_NO_CAPTURE * shape.grand_slam_no_capture
                            + L.SOW_FEED * shape.feed)
        p[L.P_SOW_SKIP] = shape.skip_at
        p[L.P_SOW_OWN] = self.region(Node("region_sites_role", (Sym("role", "Mover"),)))
        p[L.P_SOW_OPP] = self.region(Node("region_sites_role", (Sym("role", "Next"),)))

    def add_gen(self, row: list[int]) -> int:
        self.gens.append(row + [0] * (L.GEN_WIDTH - len(row)))
        return len(self.gens) - 1

    def add_list(self, items: list[int]) -> tuple[int, int]:
        start = len(self.lists)
        self.lists.extend(items)
        return start, len(items)

    def instr(self, *row: int) -> int:
        """Append a move-program instruction; return its index (for patching jumps)."""
        self.prog.append(list(row) + [0] * (L.PROG_WIDTH - len(row)))
        return len(self.prog) - 1

    def leaf(self, row: list[int]) -> None:
        self.instr(L.PR_LEAF, self.add_gen(row))

    def gen(self, node: Node) -> None:
        """Compile moves into the move program (leaves become generator records)."""
        rule = node.rule
        if rule in ("moves_add", "moves_add_short"):
            to = node.args[0]
            target = next((a for a in to.positional), None)
            if target is None or target.category != "region":
                raise _fail(node, "(move Add (to REGION)) needs a region to place on")
            if any(isinstance(a, Node) and a.rule == "apply" for a in to.args):
                raise _fail(node, "(to … (apply …)) is not supported for Add yet")
            code = self.region(target)
            cond = to.named("if")
            if_start, if_end = self.code_range(cond) if cond is not None else (0, 0)
            then = self.then_list(node)
            self.leaf([L.GEN_ADD, code, then[0], then[1], if_start, if_end])
        elif rule == "moves_select":
            frm = node.args[0]
            where = frm.positional[0] if frm.positional else None
            if where is None or where.category != "region":
                raise _fail(node, "(move Select (from REGION …)) needs a region to choose from")
            code = self.region(where)
            cond = frm.named("if")
            if_start, if_end = self.code_range(cond) if cond is not None else (0, 0)
            then = self.then_list(node)
            self.leaf([L.GEN_SELECT, code, if_start, if_end, then[0], then[1]])
        elif rule in ("moves_slide", "moves_step"):
            self.slide(node)
        elif rule == "moves_hop":
            self.hop(node)
        elif rule == "moves_max_captures":
            self.instr(L.PR_MARK)
            first = len(self.gens)
            self.gen(node.args[0])
            for row in self.gens[first:]:
                if row[0] == L.GEN_HOP:
                    row[7] = 1  # g: the hop keeps only its longest series (see hop_moves)
            self.instr(L.PR_MAX_FILTER)
        elif rule == "moves_pass":
            self.leaf([L.GEN_PASS])
        elif rule == "moves_propose":
            self.leaf([L.GEN_PROPOSE, self.proposal(node.args[0])])
        elif rule == "moves_vote":
            name = node.args[0]
            pending = self.proposals[0] if self.proposals else name
            self.leaf([L.GEN_VOTE, self.proposal(pending), int(name == pending)])
        elif rule in ("moves_or", "moves_and"):
            for p in _items(node.args[0]) if len(node.args) == 1 else node.args:
                self.gen(p)
        elif rule == "moves_priority":
            parts = _items(node.args[0])
            self.instr(L.PR_MARK)
            done = []
            for p in parts[:-1]:
                self.gen(p)
                done.append(self.instr(L.PR_PRIO_DONE, -1))
            self.gen(parts[-1])
            self.instr(L.PR_POP)
            for i in done:
                self.prog[i][1] = len(self.prog)
        elif rule == "moves_if":
            c_start, c_end = self.code_range(node.args[0])
            branch = self.instr(L.PR_JUMP_IF_NOT, c_start, c_end, -1)
            self.gen(node.args[1])
            if len(node.args) > 2:
                skip = self.instr(L.PR_JUMP, -1)
                self.prog[branch][3] = len(self.prog)
                self.gen(node.args[2])
                self.prog[skip][1] = len(self.prog)
            else:
                self.prog[branch][3] = len(self.prog)
        elif rule == "moves_do":
            self.instr(L.PR_MARK)
            start = len(self.prog)
            self.gen(node.positional[0])
            if any(row[0] == L.PR_DO_FILTER for row in self.prog[start:]):
                raise _fail(node, "a (do …) inside another (do …) is not supported")
            c_start, c_end = self.code_range(node.named("ifAfterwards"))
            self.instr(L.PR_DO_FILTER, c_start, c_end)
        else:
            raise _fail(node, f"the engine cannot play {_ludeme(node)} moves yet")

    def from_region(self, node: Node) -> int:
        frm = next((a for a in node.args if isinstance(a, Node) and a.rule == "from"), None)
        where = frm.positional[0] if frm is not None and frm.positional else None
        if where is None or where.category != "region":
            raise _fail(node, f"{_ludeme(node)} needs (from REGION), e.g. "
                        "(from (sites Occupied by:Mover))")
        if frm.named("if") is not None:
            raise _fail(frm, "(from … if:…) is not supported for this move yet")
        return self.region(where)

    def part(self, node: Node, rule: str) -> Node | None:
        return next((a for a in node.args if isinstance(a, Node) and a.rule == rule), None)

    def check_directions(self, node: Node) -> None:
        dirs = next((a for a in node.positional if isinstance(a, Sym)), None)
        if dirs is not None and dirs.name not in ("All", "Adjacent"):
            raise _fail(node, f"{dirs.name} directions are not supported for this move yet; "
                        "pieces move along all adjacent directions")

    def slide(self, node: Node) -> None:
        """(move Slide …) and (move Step …): along a line of empty cells (one cell for Step)."""
        self.check_directions(node)
        if self.part(node, "then") is not None:
            raise _fail(node, "(then …) after a Slide or Step is not supported yet")
        code = self.from_region(node)
        if node.rule == "moves_step":
            max_range = self.code_range(1)
        else:
            between = self.part(node, "between")
            limit = between.named("max") if between is not None else None
            max_range = self.code_range(limit) if limit is not None else (0, 0)
            if between is not None and between.named("if") is not None and not (
                    between.named("if") == parse_fragment("(is Empty (between))", "cond")):
                raise _fail(between, "a slide passes over empty cells only: its between "
                            "condition can only be (is Empty (between))")
        to = self.part(node, "to")
        cond = to.named("if") if to is not None else None
        start = len(self.code)
        to_range = self.code_range(cond) if cond is not None else (0, 0)
        approach = int(any(row[0] == L.OP_APPROACH for row in self.code[start:]))
        self.leaf([L.GEN_SLIDE, code, *max_range, *to_range, approach])

    def hop(self, node: Node) -> None:
        """(move Hop …) over an enemy piece, capturing it; landing:Turning and chain:True are
        Play Win's turning jumps and capture series."""
        self.check_directions(node)
        code = self.from_region(node)
        between = self.part(node, "between")
        enemy = parse_fragment("(is Enemy (between))", "cond")
        if between is None or between.named("if") != enemy:
            raise _fail(node, "a hop jumps over an enemy piece: (between if:(is Enemy "
                        "(between)) (apply (remove (between))))")
        apply = self.part(between, "apply")
        if apply is None or apply.args[0] != parse_fragment("(remove (between))", "effect"):
            raise _fail(between, "the jumped piece is captured: (apply (remove (between)))")
        to = self.part(node, "to")
        if to is not None and to.named("if") not in (None, parse_fragment("(is Empty (to))",
                                                                            "cond")):
            raise _fail(to, "a hop lands on an empty cell: its to condition can only be "
                        "(is Empty (to))")
        landing = node.named("landing")
        turning = int(landing is not None and landing.name == "Turning")
        if turning and self.board.kind != "hex":
            raise _fail(node, "turning jumps are defined on hex boards only")
        chain = int(bool(node.named("chain", False)))
        self.leaf([L.GEN_HOP, code, turning, chain, 0, 0, 1])

    # ------------------------------------------------------------ effects
    def then_list(self, node: Node) -> tuple[int, int]:
        then = next((a for a in node.args if isinstance(a, Node) and a.rule == "then"), None)
        if then is None:
            return 0, 0
        return self.effect_list(then.args[0])

    def effect_list(self, node: Node) -> tuple[int, int]:
        parts = node.args[0] if node.rule == "effect_and" else (node,)
        return self.add_list([self.effect(p) for p in parts])

    def add_eff(self, row: list[int]) -> int:
        self.effs.append(row + [0] * (L.EFF_WIDTH - len(row)))
        return len(self.effs) - 1

    def effect(self, node: Node) -> int:
        rule = node.rule
        if rule == "effect_sow":
            if not self.track:
                raise _fail(node, "(sow …) needs a board with a (track …)")
            cond = node.named("if")
            if_range = self.code_range(cond) if cond is not None else (0, 0)
            apply = node.named("apply")
            apply_list = self.effect_list(apply) if apply is not None else (0, 0)
            skip = node.named("skipIf")
            skip_range = self.code_range(skip) if skip is not None else (0, 0)
            slam = node.named("grandSlam")
            opponents = self.region(Node("region_sites_role", (Sym("role", "Next"),)))
            return self.add_eff([
                L.EFF_SOW, *if_range, *apply_list, int(node.named("includeSelf", True)),
                *skip_range, int(node.named("backtracking", False)),
                int(slam is not None and slam.name == "NoCapture"), opponents])
        if rule == "effect_from_to":
            frm, to = node.positional[:2]
            f_range = self.code_range(frm.positional[0])
            t_range = self.code_range(to.positional[0])
            count = node.named("count")
            c_range = self.code_range(count) if count is not None else self.code_range(1)
            return self.add_eff([L.EFF_FROM_TO, *f_range, *t_range, *c_range])
        if rule == "effect_remove":
            return self.add_eff([L.EFF_REMOVE, *self.code_range(node.args[0])])
        if rule == "effect_move_again":
            return self.add_eff([L.EFF_MOVE_AGAIN])
        raise _fail(node, f"the engine cannot apply {_ludeme(node)} yet")

    # ------------------------------------------------------------ ending
    def code_rows_of_clauses(self) -> list[list[int]]:
        """The leaf ops of all end clauses (combinators left out)."""
        combinators = (L.OP_AND, L.OP_OR, L.OP_NOT)
        return [self.code[i] for c in self.clauses for i in range(c[0], c[1])
                if self.code[i][0] not in combinators]

    def rules_end(self, part: Node) -> None:
        self.in_end = True
        for clause in _items(part.args[0]):
            self.clause(clause)
        self.in_end = False

    def clause(self, clause: Node) -> None:
        cond, outcome = clause.args
        start, end = self.code_range(cond)
        if outcome.rule == "outcome_result":
            role, verdict = outcome.args
            row = [start, end, self.role(outcome, role), OUTCOMES[verdict.name], 0, 0]
        else:
            triples = []
            for score in _items(outcome.args[0]) if outcome.args else ():
                colour = self.colour(score, score.args[0])
                s_start, s_end = self.code_range(score.args[1])
                triples += [colour, s_start, s_end]
            list_start, _ = self.add_list(triples)
            row = [start, end, L.ROLE_MOVER, L.BY_SCORE, list_start, len(triples) // 3]
        self.clauses.append(row)
        self.clauses_text.append(clause.to_text(width=10**9))

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
        p[L.P_TRACK_LEN] = len(self.track)
        p[L.P_TRACK_LOOP] = self.track_loop
        p[L.P_HISTORY] = HISTORY if self.uses_history else 0
        leaves = [row for row in self.code_rows_of_clauses()]
        p[L.P_LINE_ONLY] = int(bool(leaves) and all(
            row[0] == L.OP_LINE and row[1] >= 2 for row in leaves))
        p[L.P_STATE_SIZE] = L.state_size(C, int(p[L.P_HISTORY]))
        track_pos = -np.ones(C, np.int64)
        track_pos[self.track] = np.arange(len(self.track))
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
            (L.T_REGIONS, np.array(self.region_rows, np.int64)),
            (L.T_GEN, np.array(self.gens, np.int64)),
            (L.T_LIST, np.array(self.lists, np.int64)),
            (L.T_EFF, np.array(self.effs, np.int64)),
            (L.T_PROG, np.array(self.prog, np.int64)),
            (L.T_DYNREG, np.array(self.dynregs, np.int64)),
            (L.T_XY, b.xy),
            (L.T_TRACK, np.concatenate([np.array(self.track, np.int64), track_pos])),
            (L.T_SITES, np.array(self.map_sites + [-1, -1, -1, -1], np.int64)),
            (L.T_INIT, np.concatenate([self.init_counts, self.init_owner])),
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
                        self.clauses_text, self.pieces, self.proposals, self.track,
                        self.map_sites)


def compile_description(desc: Description | Node) -> GameSpec:
    """Compile a parsed description (or its game tree) into a :class:`GameSpec`."""
    tree = desc.tree if isinstance(desc, Description) else desc
    if tree.rule != "game":
        raise CompileError(f"expected a (game …), got a {tree.category}")
    return _Compiler(desc if isinstance(desc, Description) else None, tree).compile()
