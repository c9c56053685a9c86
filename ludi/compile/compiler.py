"""Description -> GameSpec: the board tables plus the rule program, as one flat int64 array.

The compiler walks the typed ludeme tree once. Each ludeme is compiled by the function its
family module registered for its grammar rule (:mod:`ludi.compile.registry`): conditions and
integer expressions become postfix programs of ops, moves a straight-line move program over
generator records, effects records, regions cell masks. The result's layout is
:mod:`ludi.compile.layout`; :mod:`ludi.compile.bounds` then proves how large every buffer of the
kernels must be. A ludeme the engine cannot play, or a description that makes no sense (a line of
0, a board of size 0, a player who does not exist), is refused with a :class:`ludi.CompileError`
that names the ludeme and where it was written.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from ludi.compile import board as geometry
from ludi.compile import (
    bounds,
    conditions,
    dice,  # noqa: F401  (registers the dice's values)
    effects,
    ends,
    equipment,
    hops,  # noqa: F401  (registers (move Hop …) and (hop …))
    leaps,  # noqa: F401  (registers (move Leap …))
    lines,  # noqa: F401  (registers the line, connection and ring tests)
    meta,
    moves,
    neighbours,  # noqa: F401  (registers (sites Around …) and (expand …))
    packing,
    program,
    regions,  # noqa: F401  (registers the region ludemes)
    site_moves,  # noqa: F401  (registers (forEach Site …) of moves)
    stacks,
    threats,
)
from ludi.compile import layout as L
from ludi.compile.board import Board, Track
from ludi.compile.directions import facing_turns
from ludi.compile.records import Origin, Records
from ludi.compile.regions import component_region
from ludi.compile.registry import COMPILERS, INTERNAL, fail, not_played, number, refuse_parse_only
from ludi.errors import CompileError
from ludi.lang import Description, Node
from ludi.lang.tree import Named, Sym

DEFAULT_MOVE_LIMIT = 10_000
#: Ludii's turn limit: a game stops as a timeout after this many turns per player.
TURNS_PER_PLAYER = 1250
#: Most entries of the position history (repetition tests): a game's positions since the count
#: on the board last changed, at most one a ply, so the move limit + 1 always suffices up to
#: this (past it the engine checks, and stops with an error when the history is full).
HISTORY = 1 << 16
MAX_CELLS = 1 << 16
ROLES = {"Mover": L.ROLE.MOVER, "Next": L.ROLE.NEXT, "Prev": L.ROLE.PREV,
         "P1": 0, "P2": 1, "P3": 2, "P4": 3}


@dataclass(frozen=True)
class GameSpec:
    """Everything the engine needs to play a description. ``tables`` is read-only."""

    name: str
    num_players: int
    board: Board
    tables: np.ndarray  # the flat int64 tables (see ludi.compile.layout)
    description: Description | None = None
    #: where each record came from, by record type: "op", "clause", "score", "prog", "gen",
    #: "eff", "dynreg" (engine errors and program dumps name the ludeme)
    origins: dict[str, tuple[Origin, ...]] = field(default_factory=dict)
    pieces: tuple[tuple[str, str], ...] = ()  # (name, owner role)
    proposals: tuple[str, ...] = ()  # names used by Propose/Vote
    track: tuple[int, ...] = ()  # sowing order of the track (mancala)
    map_sites: tuple[int, ...] = ()  # per colour: its (map …) site or -1

    def condition_text(self, op: int) -> str:
        """The text of the ludeme that condition op ``op`` tests (end types name these)."""
        return self.origins["op"][op].text

    def with_parameters(self, **values: int) -> GameSpec:
        """A copy whose header parameters (``layout.P``) are changed, e.g.
        ``with_parameters(MOVE_LIMIT=50)`` (the tables stay read-only; the original is
        untouched)."""
        tables = self.tables.copy()
        for name, value in values.items():
            tables[getattr(L.P, name)] = value
        tables.setflags(write=False)
        return replace(self, tables=tables)


class Compiler:
    """The state of one compilation; family modules write into it through its methods."""

    def __init__(self, desc: Description | None, tree: Node):
        self.desc = desc
        self.tree = tree
        self.params = np.zeros(L.T.SIZE, np.int64)
        self.code = Records(L.O, L.OP)
        self.clauses = Records(L.CL)
        self.scores = Records(L.SC)
        self.gens = Records(L.G, L.GEN)
        self.prog = Records(L.IN, L.PR)
        self.effs = Records(L.E, L.EFF)
        self.dynregs = Records(L.DR, L.DYN)
        #: (sites Track … from: to:) rows met while a user that evaluates their ends compiles
        #: its region (None: no such user); and how many spans the game has (W.TRACK_ENDS)
        self.spans_open: list[tuple[int, Node]] | None = None
        self.span_count = 0
        self.lists: list[int] = []
        self.conn_masks: list[list[int]] = []
        self.goal_bits: list[np.ndarray] = []  # cell sets, one per goal bit
        #: colour -> its (regions …); (name, colour) -> those of that name
        self.regions: dict[int | tuple[str, int], list[np.ndarray]] = {}
        self.named_regions: dict[str, np.ndarray] = {}
        #: the names of remembered values, each a bit of S.REMEMBERED (in order of first use)
        self.remembered: dict[str, int] = {}
        self.remember_origin: Node | None = None
        self.region_rows: list[np.ndarray] = []  # static regions, (COLOURS, C) masks
        self.pieces: list[tuple[str, str]] = []
        self.proposals: list[str] = []
        self.map_sites = [-1] * L.COLOURS  # each player's first (map …) entry: their store
        self.map_names: list[str] = []  # the (map …)s in order ("" unnamed)
        self.map_by_player: list[bool] = []  # per map: keyed by players (else by sites)
        self.map_rows: list[tuple[int, int, int]] = []  # (map, key, value): T.MAPS
        self.track: list[int] = []  # the board's own track (not a player's)
        self.track_loop = 0
        self.tracks: list[Track] = []  # every track, the players' own too
        self.board_tracks: list[Node] = []  # the (board …)'s (track …)s, laid out after hands
        self.stores = False
        self.initial_phases = [-1] * L.COLOURS  # each player's first phase (phases:{…})
        self.phase_rows: list[tuple[int, int]] = []  # per phase: first (nextPhase …), count
        self.next_phases = Records(L.NX)
        self.phase_ends: list[tuple[int, Node]] = []  # (phase, its (end …)), tried first
        self.where_pieces: list[tuple[Node, int, int]] = []  # (where …): node, type, colour
        #: (is Threatened (id "King" …)): each colour's piece type it tests (T.THREAT), 0 none
        self.threat_types = [0] * L.COLOURS
        self.variables: dict[str, int] = {}  # (var "Name") and (set Var "Name" …): I.VARS slots
        self.variable_origin: Node | None = None  # the first variable or player value
        self.hand_size = 0  # sites in each player's hand (0: no hands)
        self.dice: list[list[int]] = []  # (dice …): each die's faces
        self.priors: dict[int, tuple[int, int]] = {}  # generator -> its (do … next:)'s prior
        self.die_masks: dict[int, int] = {}  # generator -> the dice its moves use
        self.first_hand = -1  # the first hand site, once the hands are laid out
        self.board: Board | None = None
        self.num_players = 0
        #: the piece types, Ludii's components (k = 1..K in this order): a (piece "Pawn" Each)
        #: gives one per player, named "Pawn1", "Pawn2", …
        self.components: list[Component] = []
        self.facing: list[str | None] = [None, None, None, None]  # (player N): compass names
        #: the piece type whose own moves are being compiled ((forEach Piece)), else None
        self.piece: Component | None = None
        #: the region code of the (forEach Site REGION MOVES) whose moves are being compiled,
        #: or of the hand of a (forEach Piece container:(mover))
        self.site_loop: int | None = None
        #: the tests of the (if …)s of (from) that the piece's moves being compiled are inside:
        #: each move's from-condition (Ludii tests them for each piece)
        self.from_tests: list[Node] = []
        #: compiling a stacking game's (forEach Piece) without top:True: its moves are made
        #: for each level of a pile (G.LEVELS), as Ludii's
        self.per_level = False
        self.uses_history = False
        self.within: list[Node] = []  # the ludemes being compiled, innermost last
        #: where the expression being compiled is read: "end" (the end clauses), "slide-to"
        #: (a slide's to-condition, where distances to enemies are known), "after" (a do's
        #: ifAfterwards:), or None
        self.context: str | None = None
        self.hopping = False  # compiling a hop's between, to or apply: (between) is known
        self.filters_read: set[int] = set()  # the (to (apply if:C)) filters a slide read
        self.in_then = False  # compiling a move's (then …) list, which runs last

    def own_sites(self) -> int | None:
        """Where a (from) with no site of its own starts: the cells of the piece type whose
        moves are being compiled, or the region of the (forEach Site …) around them (None:
        neither)."""
        if self.site_loop is not None:
            return self.site_loop
        return component_region(self.piece.index) if self.piece is not None else None

    # ------------------------------------------------------------ structure
    def compile(self) -> GameSpec:
        refuse_parse_only(self.tree)
        name, players, equip, rules = self.tree.args
        self.players(players)
        # the board first, then the hands that add their sites to it, then what refers to sites
        stage = {"equip_board": 0, "equip_mancala_board": 0, "equip_hand": 1}
        for item in equip.args[0]:
            if stage.get(item.rule, 2) == 0:
                self.dispatch(item)
        if self.board is not None:  # (count Rows) and (count Columns) are the board's numbers
            self.tree = fold_board_counts(self.tree, self.board)
            name, players, equip, rules = self.tree.args
        refuse_far_between(self.tree)
        if stacks.is_stacking(self.tree):
            stacks.refuse_unstackable(self.tree)
            self.params[L.P.STACKS] = 1
        ordered = sorted((it for it in equip.args[0] if stage.get(it.rule, 2) > 0),
                         key=lambda it: stage.get(it.rule, 2))
        for item in ordered:
            if stage.get(item.rule, 2) == 2 and self.first_hand < 0:
                self.add_hands(equip)
            self.dispatch(item)
        if self.first_hand < 0:
            self.add_hands(equip)
        C = self.board.num_cells
        if C > MAX_CELLS:
            raise fail(equip, f"the board has {C} cells; at most {MAX_CELLS} are supported")
        self.params[L.P.CELLS] = C
        self.params[L.P.NUM_AXES] = self.board.axes["All"].shape[0]
        self.params[L.P.MOVE_LIMIT] = DEFAULT_MOVE_LIMIT
        self.params[L.P.TURN_LIMIT] = TURNS_PER_PLAYER * self.num_players
        self.add_mask = np.zeros(C, np.int8)
        self.init_counts = np.zeros(C, np.int64)
        self.init_scores = np.zeros(L.COLOURS, np.int64)  # (set Score ROLE N) in the start
        self.init_remembered = np.zeros(C, np.int64)  # (set RememberValue "Name" REGION)
        self.init_owner = np.zeros(C, np.int64)
        self.init_what = np.zeros(C, np.int64)
        self.init_state = np.zeros(C, np.int64)  # (place … state:N)
        parts = {p.rule: p for p in rules.positional}
        if "meta" in parts:
            meta.rules(self, parts["meta"])
        if "setup" in parts:
            equipment.start(self, parts["setup"])
        if "play" in parts:
            program.play(self, parts["play"])
        else:
            program.phases(self, rules, rules.named("phases"))
        for phase, part in self.phase_ends:
            ends.end(self, part, phase)
        ends.end(self, parts.get("end"))
        self.params[L.P.END_PHASES] = ends.phases_with_ends(self, parts.get("end"))
        return self.finish(name)

    def players(self, node: Node) -> None:
        """``(players N)`` or ``(players {(player N) (player S)})``: the count, and the
        direction each player faces (what Forward means for their pieces)."""
        arg = node.args[0]
        if isinstance(arg, tuple):
            self.num_players = len(arg)
            if not 1 <= self.num_players <= L.COLOURS:
                raise fail(node, f"{self.num_players} players; ludi plays 1 to {L.COLOURS}")
            for colour, player in enumerate(arg):
                self.facing[colour] = player.args[0].name
        else:
            self.num_players = number(node, arg, "the number of players", 1, L.COLOURS)
        self.params[L.P.PLAYERS] = self.num_players

    def add_hands(self, equip: Node) -> None:
        """Put the players' hands after the board's sites (every player gets as many sites as
        the largest (hand … size:) asks, so a role's hand site is arithmetic)."""
        if self.board is None:
            raise fail(equip, "the equipment has no (board …) or (mancalaBoard …)")
        self.first_hand = self.board.num_cells
        if self.hand_size:
            self.board = geometry.with_hands(self.board, self.num_players, self.hand_size)
        equipment.lay_out_board_tracks(self)

    def hand_site(self, colour: int, index: int = 0) -> int:
        """Site ``index`` of the hand of player ``colour``."""
        return self.first_hand + colour * self.hand_size + index

    def component(self, node: Node, name: str) -> Component:
        """The piece type called ``name`` ("Pawn1" for P1's "Pawn" of Each, as Ludii names
        them)."""
        for comp in self.components:
            if comp.name == name:
                return comp
        base, digits = name.rstrip("0123456789"), name[len(name.rstrip("0123456789")):]
        for comp in self.components:  # "Disc1" for the "Disc" of P1
            if digits and comp.name == base and comp.owner == int(digits) - 1:
                return comp
        known = ", ".join(c.name for c in self.components) or "none"
        raise fail(node, f'no piece "{name}"; pieces: {known}')

    def types_by_colour(self, node: Node, name: str, colours, shared: bool,
                        why: str) -> list[int]:
        """Each colour's type of the piece "Name" (4 entries, 0 for colours not asked): "Name1"
        for P1 of a piece of Each, "Name" itself when it ends in a number ("Square0");
        refused when it is another player's (or shared, unless ``shared``), saying ``why``."""
        types = [0, 0, 0, 0]
        for colour in colours:
            comp = self.component(node, name if name[-1:].isdigit() else f"{name}{colour + 1}")
            if comp.owner != colour and not (shared and comp.owner == -1):
                raise fail(node, f'"{comp.name}" is not a piece of P{colour + 1}: {why}')
            types[colour] = comp.index
        return types

    def new_piece(self, node: Node, piece: Node, why: str) -> tuple[list[int], int]:
        """``(piece "Name")`` or ``(piece (id "Name" [ROLE]))``: each colour's type of it (as
        :meth:`types_by_colour`, shared pieces allowed) and the role code whose entry is
        placed: Mover, unless the id names another role."""
        name, role = piece.args[0], ROLES["Mover"]
        if isinstance(name, tuple):
            raise fail(node, "a choice of pieces (piece {…}) is read only in (move Promote …) "
                       "for now")
        if isinstance(name, Node) and name.rule != "int_id" or isinstance(name, int):
            raise fail(node, '(piece …) names a type here: (piece "Name") or (piece (id "Name" '
                       "ROLE)); a computed type is read only in (sites Start (piece …))")
        if isinstance(name, Node):  # (id "Name" [ROLE])
            owner = name.args[1] if len(name.args) > 1 else None
            name = name.args[0]
            if isinstance(owner, Sym) and owner.name == "Neutral":
                name += "0"
            elif owner is not None:
                role = self.role(node, owner)
        colours = range(self.num_players) if role < 0 else [role]
        return self.types_by_colour(node, name, colours, shared=True, why=why), role

    def dispatch(self, node: Node):
        """Compile ``node`` with the function registered for its rule."""
        fn = COMPILERS.get(node.rule) or INTERNAL.get(node.rule)
        if fn is None:
            raise not_played(node)
        self.within.append(node)
        try:
            return fn(self, node)
        finally:
            self.within.pop()

    # ------------------------------------------------------------ what families ask for
    def region(self, node: Node, dynamic: bool = False) -> int:
        """The code of a region: a static region index (>= 0) or a REG_* code. Regions computed
        by trial placements (codes <= REG.DYNAMIC) only where ``dynamic`` (an Add's region)."""
        if not isinstance(node, Node) or node.category != "region":
            where = node if isinstance(node, Node) else self.tree
            raise fail(where, f"expected a region, got {_text(node)}")
        code = self.dispatch(node)
        if not dynamic and self.by_trials(code):
            raise fail(node, "this region is computed by trying placements; only (move Add "
                       "(to …)) can use it")
        return code

    def by_trials(self, code: int) -> bool:
        """Is the region of this code computed by trial placements: (sites Winning …), or a
        union with one (other unions are read off the position as they are tested)?"""
        if code > L.REG.DYNAMIC:
            return False
        row = L.REG.DYNAMIC - code
        kind = self.dynregs.get(row, "kind")
        if kind != L.DYN.UNION:
            return kind == L.DYN.WINNING
        first = self.dynregs.get(row, "parts")
        return any(self.by_trials(part) for part in
                   self.lists[first:first + self.dynregs.get(row, "part_count")])

    def expr(self, node) -> None:
        """Compile a condition, integer or site into ops (postfix)."""
        conditions.expr(self, node)

    def code_range(self, node, context: str | None = None) -> tuple[int, int]:
        """Compile an expression; return its ops' range [start, end)."""
        saved = self.context
        if context is not None:
            self.context = context
        start = len(self.code)
        self.expr(node)
        self.context = saved
        return start, len(self.code)

    def clause_code(self, k: int) -> range:
        """The condition ops of end clause ``k`` (its last op is the condition's root)."""
        return range(self.clauses.get(k, "cond"), self.clauses.get(k, "cond_end"))

    def op(self, node, kind: int, **fields: int) -> int:
        """Append a condition op (fields by name, e.g. ``role=L.ROLE.MOVER``); a literal's op
        is placed at the ludeme it is written in."""
        origin = Origin.of(node, self.within[-1] if self.within else None)
        return self.code.add(origin, kind=kind, **fields)

    def moves(self, node: Node) -> None:
        """Compile moves into the move program."""
        self.dispatch(moves.without_region_if(moves.then_pushed_down(node)))

    def effect(self, node: Node) -> int:
        return self.dispatch(node)

    def effect_list(self, node: Node) -> tuple[int, int]:
        """An effect or an (and {…}) of effects: their (start, count) in T.LIST."""
        return effects.sequence(self, node)

    def add_list(self, values: list[int]) -> tuple[int, int]:
        start = len(self.lists)
        self.lists.extend(values)
        return start, len(values)

    def role(self, node: Node, role: Sym) -> int:
        """A role in records: ROLE.MOVER/NEXT/PREV or a colour."""
        if role.name not in ROLES:
            raise fail(node, f"the role {role.name} cannot be used here; use Mover, Next, Prev "
                       "or P1..P4")
        value = ROLES[role.name]
        if value >= self.num_players:
            raise fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return value

    def colour(self, node: Node, role: Sym) -> int:
        """The colour of a player named P1..P4."""
        if role.name not in ("P1", "P2", "P3", "P4"):
            raise fail(node, f"expected a player P1..P{self.num_players}; got {role.name}")
        c = int(role.name[1]) - 1
        if c >= self.num_players:
            raise fail(node, f"{role.name} does not exist in a {self.num_players}-player game")
        return c

    def proposal(self, name: str) -> int:
        if name not in self.proposals:
            self.proposals.append(name)
        return self.proposals.index(name)

    def goal_bit(self, node: Node, cells: np.ndarray) -> int:
        """The goal bit of a set of cells (corners, sides, regions), shared by equal sets."""
        for i, existing in enumerate(self.goal_bits):
            if np.array_equal(existing, cells):
                return i
        if len(self.goal_bits) >= 62:
            raise fail(node, "too many goal regions (corners, sides, regions) for one game; "
                       "at most 62")
        self.goal_bits.append(np.asarray(cells))
        return len(self.goal_bits) - 1

    def track_blocks(self, C: int) -> np.ndarray:
        """The T.TRACKS section: how many tracks and where each block starts, then per track
        its block (TR fields: its length, whether it loops, its sites, each site's place)."""
        head = [len(self.tracks)]
        blocks: list[int] = []
        for track in self.tracks:
            head.append(1 + len(self.tracks) + len(blocks))
            block = [0] * L.TR.SITES
            block[L.TR.LENGTH], block[L.TR.LOOP] = len(track.cells), track.loop
            pos = -np.ones(C, np.int64)
            on_board = np.array(track.cells) >= 0  # (a last End, L.TRACK_END, is no site)
            pos[np.array(track.cells)[on_board]] = np.flatnonzero(on_board)
            blocks += [*block, *track.cells, *pos.tolist()]
        return np.array(head + blocks, np.int64)

    def variable(self, node: Node, name: str) -> int:
        """The slot of a variable ("": Ludii's unnamed one)."""
        if name not in self.variables:
            if len(self.variables) >= L.MAX_VARS:
                raise fail(node, f"more than {L.MAX_VARS} variables in one game")
            self.variables[name] = len(self.variables)
            self.variable_origin = self.variable_origin or node
        return self.variables[name]

    def remembered_bit(self, node: Node, name: str) -> int:
        """The bit of S.REMEMBERED that holds the values remembered under ``name``."""
        if name not in self.remembered:
            if len(self.remembered) >= L.MAX_REMEMBERED:
                raise fail(node, f"more than {L.MAX_REMEMBERED} names of remembered values in "
                           "one game")
            self.remembered[name] = len(self.remembered)
            self.remember_origin = self.remember_origin or node
        self.params[L.P.REMEMBERS] = 1
        return self.remembered[name]

    def check_where(self) -> None:
        """``(where "Wolf" P2)`` names the site of P2's one wolf: refuse a game where a player
        could have several (Ludii then names the first in an order ludi does not keep)."""
        makers = [g for g in range(len(self.gens)) if self.gens.get(g, "kind") == L.GEN.ADD
                  or self.gens.get(g, "copy")]
        changers = (L.EFF.PROMOTE, L.EFF.ADD)
        promoted = {self.lists[self.effs.get(e, "types") + colour]  # promoted to or added
                    for e in range(len(self.effs)) if self.effs.get(e, "kind") in changers
                    for colour in range(L.COLOURS)}
        for node, what, colour in self.where_pieces:
            mine = (self.init_owner == colour + 1) & (self.init_what == what)
            placed = int(np.maximum(self.init_counts, 1)[mine].sum())  # a hand's count too
            if placed > 1 or makers or what in promoted:
                raise fail(node, "(where …) is read only where a player has one piece of that "
                           "type at most (one placed at the start, never added or promoted to); "
                           "Ludii names the first it finds")

    def check_groups(self) -> None:
        """Connection and ring tests keep groups that only ever grow (union-find): refuse them
        in a game where pieces move or are removed, which the engine would play wrongly."""
        if self.params[L.P.GROUPS] == 0:
            return
        movers = [g for g in range(len(self.gens))
                  if self.gens.get(g, "kind") in (L.GEN.SLIDE, L.GEN.HOP, L.GEN.STEP,
                                                   L.GEN.FROM_TO, L.GEN.LEAP)]
        removals = [e for e in range(len(self.effs)) if self.effs.get(e, "kind") == L.EFF.REMOVE]
        if movers or removals:
            origin = self.gens.origins[movers[0]] if movers else self.effs.origins[removals[0]]
            raise fail(origin, "connection and ring tests ((is Connected …), (is Loop)) need "
                       "pieces that stay where they are placed; this game moves or removes "
                       "pieces")

    # ------------------------------------------------------------ tables
    def finish(self, name: str) -> GameSpec:
        b = self.board
        C = b.num_cells
        cellbits = np.zeros(C, np.int64)
        for bit, cells in enumerate(self.goal_bits):
            cellbits[cells] |= np.int64(1) << bit
        p = self.params
        p[L.P.NUM_CLAUSES] = len(self.clauses)
        p[L.P.DIRS] = b.num_dirs
        p[L.P.NUM_ADJ] = len(b.adjacent)
        p[L.P.PROG_LEN] = len(self.prog)
        p[L.P.TRACK_LEN] = len(self.track)
        p[L.P.TRACK_LOOP] = self.track_loop
        p[L.P.HISTORY] = min(HISTORY, int(p[L.P.MOVE_LIMIT]) + 1) if self.uses_history else 0
        p[L.P.STATE_SIZE] = L.state_size(C, int(p[L.P.HISTORY]))
        if self.init_state.any():  # (the rules that read or set states say so themselves)
            p[L.P.LOCAL_STATES] = 1
        self.check_groups()
        self.check_where()
        for landing in self.tree.walk():  # a filter no slide read: its compile function says
            if isinstance(landing, Node) and landing.rule == "apply_filter" \
                    and id(landing) not in self.filters_read:
                self.dispatch(landing)
        threats.check(self)
        program.sowing_turn_path(self)
        if self.remember_origin is not None and self.uses_history:
            raise fail(self.remember_origin, "remembered values in a game that tests repeated "
                       "positions are not supported yet (Ludii's positions include them)")
        if self.variable_origin is not None and self.uses_history:
            raise fail(self.variable_origin, "variables, player values and (set Pending) in a game "
                       "that tests repeated positions are not supported yet (Ludii's positions "
                       "include them)")
        bounds.prove(self)
        packed = packing.packed_tables(self)  # (the move bound is proved)
        track_pos = -np.ones(C, np.int64)
        track_pos[self.track] = np.arange(len(self.track))
        init = {L.INIT.COUNTS: self.init_counts, L.INIT.OWNERS: self.init_owner,
                L.INIT.PIECES: self.init_what, L.INIT.STATES: self.init_state,
                L.INIT.REMEMBERED: self.init_remembered, L.INIT.SCORES: self.init_scores}
        sections = {
            L.T.NBR: b.nbr,
            L.T.AXES: b.axes["All"],
            L.T.ADJ: b.adjacent,
            L.T.CELLBITS: cellbits,
            L.T.RIM: b.rim,
            L.T.ADD_MASK: self.add_mask,
            L.T.CONN: np.array(self.conn_masks, np.int64),
            L.T.CODE: self.code.array(),
            L.T.CLAUSES: self.clauses.array(),
            L.T.SCORES: self.scores.array(),
            L.T.REGIONS: np.array(self.region_rows, np.int64),
            L.T.GEN: self.gens.array(),
            L.T.PROG: self.prog.array(),
            L.T.LIST: np.array(self.lists, np.int64),
            L.T.EFF: self.effs.array(),
            L.T.DYNREG: self.dynregs.array(),
            L.T.TRACK: np.concatenate([np.array(self.track, np.int64), track_pos]),
            L.T.SITES: np.array(self.map_sites, np.int64),
            L.T.INIT: np.concatenate([init[e.value] for e in L.INIT]),
            L.T.XY: b.xy,
            L.T.COMPONENTS: self.component_table(),
            L.T.PHASES: np.concatenate([[max(k, 0) for k in self.initial_phases],
                                        rows(L.PH, ("next", "next_count"), self.phase_rows)]),
            L.T.NEXT_PHASE: self.next_phases.array(),
            L.T.TRACKS: self.track_blocks(C),
            L.T.THREAT: np.array(self.threat_types, np.int64),
            L.T.FACING: np.array([0] + [facing_turns(k.facing) for k in self.components],
                                 np.int64),
            L.T.MAPS: np.concatenate([[len(self.map_rows)],
                                      rows(L.MP, ("map", "key", "value"), self.map_rows)]),
            L.T.DICE: np.array([[len(f), *f, *[0] * (L.MAX_FACES - len(f))]
                                for f in self.dice], np.int64).ravel(),
            L.T.PRIORS: np.array([(*self.priors.get(g, (0, 0)), self.die_masks.get(g, 0))
                                  for g in range(len(self.gens))], np.int64).ravel(),
            L.T.PACK: packed,
        }
        parts = [p]
        offset = L.T.SIZE
        for key in (e.value for e in L.T):
            p[key] = offset
            flat = np.asarray(sections[key], np.int64).ravel()
            parts.append(flat)
            offset += flat.size
        tables = np.concatenate(parts)
        tables.setflags(write=False)
        origins = {"op": self.code.origins, "clause": self.clauses.origins,
                   "score": self.scores.origins, "prog": self.prog.origins,
                   "gen": self.gens.origins, "eff": self.effs.origins,
                   "dynreg": self.dynregs.origins, "next_phase": self.next_phases.origins}
        return GameSpec(name, self.num_players, b, tables, self.desc,
                        {k: tuple(v) for k, v in origins.items()}, tuple(self.pieces),
                        tuple(self.proposals), tuple(self.track), tuple(self.map_sites))


    def component_table(self) -> np.ndarray:
        """T.COMPONENTS: K, each type's owner, each colour's own type (the first it owns)."""
        owners = [comp.owner for comp in self.components]
        own = [next((k + 1 for k, o in enumerate(owners) if o == colour), 0)
               for colour in range(L.COLOURS)]
        return np.array([len(owners), *owners, *own], np.int64)


def rows(family, names: tuple[str, ...], values: list[tuple[int, ...]]) -> np.ndarray:
    """Plain rows of a small record type (a PH or MP row), each value in its declared field,
    flattened."""
    records = Records(family)
    for row in values:
        records.add(Origin(""), **dict(zip(names, row, strict=True)))
    return records.array().ravel()


@dataclass(frozen=True)
class Component:
    """A piece type: its Ludii name, index (1..K), owner (a colour, -1 when shared), the moves
    it makes in (forEach Piece), the (piece …) it comes from, and the direction it faces (what
    Forward means)."""

    name: str
    index: int
    owner: int
    moves: Node | None
    node: Node
    facing: str = "N"  # the player's direction, else the piece's own, else N (Ludii)


def _text(value) -> str:
    return value.to_text() if isinstance(value, Node) else repr(value)


def refuse_far_between(tree: Node) -> None:
    """``(between before:… after:…)`` is read in a hop only (Ludii's flying captures)."""
    for node in tree.walk():
        if node.rule in ("moves_hop", "moves_hop_short"):
            continue
        for part in node.children():
            if part.rule == "between" and (part.named("before") is not None
                                           or part.named("after") is not None):
                raise fail(part, "(between before:… after:…) is read only in a hop's "
                           "(between …)")


def fold_board_counts(tree: Node, board: Board) -> Node:
    """``tree`` with every ``(count Rows)`` and ``(count Columns)`` replaced by the board's
    number of rows or columns (Ludii's, counted as ``(sites Row N)`` counts them), so that they
    are written numbers wherever one is expected (``(sites Row (/ (count Rows) 2))``)."""
    counts = {}

    def count(node: Node) -> int:
        if board.kind not in ("square", "graph"):
            raise fail(node, f"(count Rows) and (count Columns) are read on square grids and "
                       f"graphs of points only, not on a {board.kind} board")
        if not counts:
            cells = board.num_cells
            counts["int_count_rows"] = int(board.row_index()[:cells].max()) + 1
            counts["int_count_columns"] = int(board.column_index()[:cells].max()) + 1
        return counts[node.rule]

    def fold(arg):
        if isinstance(arg, Node):
            if arg.rule in ("int_count_rows", "int_count_columns"):
                return count(arg)
            args = tuple(fold(a) for a in arg.args)
            return arg if args == arg.args else replace(arg, args=args)
        if isinstance(arg, Named):
            value = fold(arg.value)
            return arg if value is arg.value else Named(arg.name, value)
        if isinstance(arg, tuple):
            return tuple(fold(a) for a in arg)
        return arg

    return fold(tree)


def compile_description(desc: Description | Node) -> GameSpec:
    """Compile a parsed description (or its game tree) into a :class:`GameSpec`."""
    tree = desc.tree if isinstance(desc, Description) else desc
    if tree.rule != "game":
        raise CompileError(f"expected a (game …), got a {tree.category}")
    return Compiler(desc if isinstance(desc, Description) else None, tree).compile()


