"""The compiled format, declared: every number the compiler writes and the kernels read, by name.

A compiled game is ONE flat int64 array ``t`` (the tables), a position is ONE flat int64 array
``s`` (the state), and every kernel call gets ONE scratch array ``w`` (the work array). Kernels
take these arrays and nothing else, which keeps calls cheap in numba, makes copying a state a
single ``memcpy`` (MCTS copies states all the time), and means a new description is new data for
the same machine code: the kernels are compiled once, for all games.

Each family of names below is a class of declarations that :mod:`ludi.compile.schema` numbers
in order: the header's parameters (``P``) and section offsets (``T``); each record type's fields
(``O`` condition ops, ``IN`` instructions, ``G`` generators, ``E`` effects, ``CL`` end clauses,
``SC`` scores, ``DR`` dynamic regions, ``PH``/``NX`` phases, ``MP`` maps) and the codes of its
kinds (``OP``, ``PR``, ``GEN``, ``EFF``, ``DYN``), each kind with the fields it reads; the
state's scalars (``I``) and per-site sections (``S``); the work array's scalars (``W``); region,
role, outcome, move and error codes. Kernels read ``t[P.CELLS]``, ``t[at + G.TO_REGION]``,
``s[I.MOVER]``: plain ints to numba. Nothing is numbered by hand; ``tests/test_layout.py``
proves the numbers unique and every kind handled by exactly one kernel branch, and
``docs/engine.md`` walks through the format with compiled examples and says, step by step, how
to add a ludeme (``ludi parse GAME --program`` prints any game's program).
"""

from __future__ import annotations

from ludi.compile.schema import Code, Error, Flag, Kind, Op, Slot, Span, codes, flags, slots

# ================================================================ sizes
COLOURS = 4  # the most players: per-colour blocks of the tables, state and work array
MAX_COMPONENTS = 64  # the most piece types
MAX_VARS = 4  # Ludii's variables a game may name
MAX_REMEMBERED = 8  # names of remembered values a game may use (bits of S.REMEMBERED)
MAX_SPANS = 8  # (sites Track … from: to:) regions of a game (their ends: W.TRACK_ENDS)
WORD_BITS = 64  # bits of an int64 word (bit sets in the state)
VISITED_WORDS = 6  # words of visited-site bits ...
VISITED_SITES = WORD_BITS * VISITED_WORDS  # ... for the sites 0 .. VISITED_SITES - 1
MAX_AXES = 8  # line axes of a board (the run-length cache holds one run per axis)
MAX_MOVED = 1_000_000  # the most counters one (move … count:N) may move (they may be created)
MAX_DICE = 8  # the most dice of a game's (dice …)
MAX_FACES = 16  # the most faces of a die
#: in a generator's dice (T.PRIORS): its (forEach Die replayDouble:True …) replays a double
REPLAY_DOUBLE = 1 << MAX_DICE
TRACK_END = -2  # Ludii's End: the place after a track's last site (one ending "End")


# ================================================================ the tables' header
@slots
class P:
    """The header's parameters: ``t[P.CELLS]`` is the number of sites."""

    PLAYERS = Slot("number of players (2-4)")
    CELLS = Slot("C: every site (board cells first, then stores and hands)")
    BOARD_CELLS = Slot("playable cells (the first ones)")
    DIRS = Slot("directions per cell in T.NBR")
    NUM_AXES = Slot("line axes of the board (pairs of opposite directions)")
    NUM_ADJ = Slot("directions that join groups and along which pieces move")
    NUM_CLAUSES = Slot("end clauses")
    PROG_LEN = Slot("instructions in the move program")
    PHASES = Slot("phases of play (0: one (play …) for the whole game)")
    END_PHASES = Slot("bit k: end rules are tried after a move in phase k (its own or the "
                      "game's); bit 0 alone in a game without phases")
    TRACK_LEN = Slot("sites on the sowing track (0: none)")
    TRACK_LOOP = Slot("1: the track loops")
    SWAP = Slot("1: the pie rule (2 players)")
    MOVE_LIMIT = Slot("plies before the game stops as a timeout")
    TURN_LIMIT = Slot("turns before the game stops as a timeout (Ludii: 1,250 per player)")
    FIRST_WIN_ENDS = Slot("1: with more than 2 players, a win ends the game (seed rules)")
    STATE_SIZE = Slot("length of a state array")
    HISTORY = Slot("positions the history holds (0: no repetition tests)")
    # what the kernels keep up to date, because the rules read it
    GROUPS = Slot("1: keep union-find groups (connection and ring tests)")
    LOOPS = Slot("1: note when a stone closes a loop of its group (ring tests)")
    NO_MOVES = Slot("1: end clauses test (no Moves ...) of another player: count their moves "
                    "first")
    THREATS = Slot("1: conditions test (is Threatened …): the kernels work it out before them")
    END_THREATS = Slot("the players whose (is Threatened …) the end rules test, as a mask: bit "
                       "4 + role for a role (ROLE.*, -4..-1), bit colour for a colour; only "
                       "theirs are worked out before the end clauses")
    VISITED = Slot("1: conditions test (is Visited …): the moves keep the turn's visited sites")
    TO_CLEAR = Slot("1: some removal waits for the turn's end ((remove … at:EndOfTurn)): the "
                    "pieces so marked (I.TO_CLEAR) leave when the turn passes")
    DICE = Slot("dice in the game's (dice …) (0: none)")
    RANDOM = Slot("1: the rules draw (value Random …): chance, as dice are, seeded per game")
    PRIORS = Slot("1: some moves come from a (do PRIOR next:…) and apply PRIOR first, or use "
                  "dice (T.PRIORS)")
    PASSES = Slot("PASSES.*: how passes end a game")
    LOCAL_STATES = Slot("1: the rules read or set sites' local states (S.STATE): trials save "
                        "them")
    REMEMBERS = Slot("1: the rules remember values (S.REMEMBERED): trials save them too")
    STACKS = Slot("1: pieces stack (Ludii's stacking games: (place Stack …), (size Stack …), "
                  "(forEach Piece top:True)): a board site holds S.COUNTS pieces of one "
                  "player and type, a move takes the top one, and a piece that lands on its "
                  "own kind joins the stack; a piece landing on another kind sets ERR.STACK")
    # fast paths: chosen by the compiler from the rule program; each makes exactly the moves and
    # results of the general program (tests compare them move by move; Game.without_fast_paths)
    PLAY = Slot("PLAY.ADD: the moves are one add anywhere in a region (no program run)")
    ADD_ALL = Slot("1: PLAY.ADD may place on every empty cell (random moves skip the move "
                   "list)")
    LINE_ONLY = Slot("1: every end test is a line of 2+ (a winning cell touches an own stone)")
    GROUP_WINS = Slot("1: every end test is a line of 2+, a connection or a ring, not only "
                      "lines (a winning cell touches an own stone, or its groups' goals make a "
                      "connection)")
    SOW_FAST = Slot("1: the moves are the usual mancala turn (ludi.compile.shapes): sowing "
                    "kernels")
    SOW_GEN = Slot("the Select generator whose moves the sowing kernels make")
    SOW_CAPTURE = Slot("bitmask of the counts that capture (bit k: a house holding k)")
    SOW_FLAGS = Slot("SOW bits")
    SOW_SKIP = Slot("skip houses holding at least this many (0: none)")
    SOW_OWN = Slot("region code of the mover's houses")
    SOW_OPP = Slot("region code of the opponent's houses")
    SOW_TURN = Slot("1: a sowing turn and its end tests run as one kernel "
                    "(ludi.engine.kernels.turns): the sowing fast path, no phases, pie rule, "
                    "visited sites or threats, and end clauses that are each a test or an "
                    "(and …)/(or …) of tests in FLAT_TESTS")
    PACKED_KEY = Slot("1: the houses' counts fit the fields of two words (kernels.packing): "
                      "the history keys positions by those words")
    SOW_PACKED = Slot("1: random playouts sow on the packed words (kernels.packed); with "
                      "P.SOW_TURN and P.PACKED_KEY")
    # bounds, proven by the compiler from the program (ludi.compile.bounds); every buffer is
    # sized from these and nothing else
    MAX_MOVES = Slot("the most legal moves any position can have (move buffers hold this many)")
    VM_STACK = Slot("entries of the condition VM's stack (all the ops: no program is longer)")
    DEPTH = Slot("nesting levels of trial moves and nested move lists")
    MAX_CHAINS = Slot("the most series one hop generator may record (checked at the write)")
    CHAIN_AREA = Slot("entries of the capture-series area")
    TURN_DEPTH = Slot("(max Moves …): the most moves of one turn its search follows (0: the "
                      "program has none)")
    # the work array: its length and the offsets of its sections (after the W scalars)
    WORK_SIZE = Slot("the work array's length")
    W_VM = Slot("the VM's value stack, then its reason stack (P.VM_STACK each)")
    W_SCRATCH = Slot("2C: flood-fill marks and stack, breadth-first queue, sowing scratch "
                     "counts")
    W_MOVES = Slot("(P.DEPTH - 1) move lists of P.MAX_MOVES, for other players' moves")
    W_SAVES = Slot("P.DEPTH saved states (trial moves): scalars and per-site sections each")
    W_MARKS = Slot("the move program's stack of marks (P.PROG_LEN + 1)")
    W_DIST = Slot("C: each cell's distance to the nearest enemy piece")
    W_CHAIN_STACK = Slot("CH.SIZE (C + 1): the capture-series search stack (CH rows)")
    W_CHAINS = Slot("P.CHAIN_AREA: the capture series of the last generation (CR records)")
    W_SLAM = Slot("C: counts saved before a sowing's captures (grand slam undo)")
    W_SPANS = Slot("SPAN.SIZE per (max Moves …) of the program: the spans of moves it noted in "
                   "the last generation (SPAN rows)")
    W_TURNS = Slot("P.TURN_DEPTH levels of the (max Moves …) search: each a TURN row, then a "
                   "saved state (scalars and per-site sections)")
    W_TURN_MOVES = Slot("the move lists of the (max Moves …) search's levels, one after the "
                        "other (bounds._turn_moves); the last section")


@slots(after=P)
class T:
    """The header's section offsets: ``t[T.NBR]`` is where that section starts in ``t``;
    ``T.SIZE`` is the header's length."""

    NBR = Slot("neighbour of cell c in direction d at c * P.DIRS + d (-1: off the board)")
    AXES = Slot("the line axes: P.NUM_AXES pairs of opposite directions")
    ADJ = Slot("the P.NUM_ADJ adjacent directions")
    CELLBITS = Slot("goal bits of each cell (corners, sides, player regions): C")
    RIM = Slot("1 on edge cells: C")
    XY = Slot("coordinates of each cell (q, r)")
    ADD_MASK = Slot("PLAY.ADD: 1 where the add may place: C")
    CONN = Slot("connection tests: a goal mask per colour (COLOURS) each")
    CODE = Slot("condition ops: O.SIZE integers each (O fields)")
    CLAUSES = Slot("end clauses, in order: CL.SIZE integers each (CL fields)")
    SCORES = Slot("(byScore ...) entries: SC.SIZE integers each (SC fields)")
    REGIONS = Slot("static regions: per region, per colour (COLOURS), C entries of 0/1 "
                   "(core.region_row)")
    GEN = Slot("move generators: G.SIZE integers each (G fields)")
    PROG = Slot("the move program: IN.SIZE integers an instruction (IN fields)")
    LIST = Slot("lists: effect sequences (then, apply), the parts of region unions, tables")
    EFF = Slot("effects: E.SIZE integers each (E fields)")
    DYNREG = Slot("regions computed by trial moves: DR.SIZE integers each (DR fields)")
    TRACK = Slot("the sowing track's sites in order (P.TRACK_LEN), then each site's place on "
                 "it (C, -1)")
    TRACKS = Slot("every track of the board: how many, each one's block (TR) from the "
                  "section's start, then the blocks (core.track_block): what (sow …) reads")
    SITES = Slot("per colour (COLOURS): its (map ...) entry site, -1 none")
    INIT = Slot("the start: each site's count (C), owner (C: 0 empty, colour + 1), piece (C), "
                "local state (C), then each colour's score (COLOURS)")
    COMPONENTS = Slot("the piece types: K, then each one's owner (K: colour, -1 shared), then "
                      "each colour's own piece type (COLOURS: the one an Add places, 0 none)")
    PHASES = Slot("each colour's first phase (COLOURS), then per phase a PH row "
                  "(core.phase_row)")
    NEXT_PHASE = Slot("the (nextPhase …) records: NX.SIZE integers each (NX fields)")
    THREAT = Slot("per colour (COLOURS): the type of its piece that (is Threatened …) tests "
                  "(0: none)")
    FACING = Slot("per piece type (K + 1, 0: none): eighths of a turn anticlockwise from N to "
                  "where it faces, on a square grid (what G.TURNED directions turn by)")
    MAPS = Slot("every (map …) entry: how many, then MP.SIZE integers each (MP fields)")
    DICE = Slot("per die (P.DICE): how many faces, then MAX_FACES face values")
    PRIORS = Slot("per generator, 3 entries: the first T.LIST entry of the effects a (do PRIOR "
                  "next:…) applies before each of its moves, how many (0: none), and the dice "
                  "its moves use (bit k: die k, which a (forEach Die …) gave them; "
                  "REPLAY_DOUBLE: its replayDouble:True)")
    PACK = Slot("the packed sowing tables (PK fields; empty unless P.PACKED_KEY)")


@slots
class INIT:
    """The blocks of T.INIT, the start: per-site blocks of C entries each (block k at k * C),
    then each colour's score (COLOURS entries at SCORES * C)."""

    COUNTS = Slot("each site's count")
    OWNERS = Slot("each site's owner: 0 empty, colour + 1")
    PIECES = Slot("each site's piece type")
    STATES = Slot("each site's local state")
    REMEMBERED = Slot("each site's remembered-values bits (S.REMEMBERED)")
    SCORES = Slot("then each colour's score")


@codes
class PLAY:
    """What P.PLAY says the moves are."""

    ADD = Code("add anywhere in a region (the fast path)")
    PROGRAM = Code("run the move program")


@flags
class SOW:
    """The bits of P.SOW_FLAGS."""

    INCLUDE_SELF = Flag("sowing may drop a seed back in the origin")
    BACKTRACK = Flag("capture backwards from the last house while houses qualify")
    SLAM_NO_CAPTURE = Flag("a capture that would take every opposing seed takes nothing")
    FEED = Flag("a move must leave the opponent some seeds (ifAfterwards)")


# ================================================================ blocks inside sections
@codes(first=0)
class PASSES:
    """P.PASSES: what passes mean for the end of a game."""

    FORESEEN = Code("a player who cannot move passes while another could, else the game is a "
                    "draw (Ludii's draw when all pass, seen a turn early)")
    NEVER = Code("a player who cannot move passes, and passes alone never end the game: a game "
                 "of dice, or one whose rules test (all Passed) (Ludii's NotAllPass); "
                 "I.PASSED_TURNS counts the turns in a row that were one pass")


@codes(first=0)
class WAY:
    """G.LAST_WAY: how a move's directions follow the way of the last move, from (last From) to
    (last To) (Ludii's SameDirection and OppositeDirection)."""

    NONE = Code("G.DIRS alone")
    SAME = Code("SameDirection: that way only")
    OPPOSITE = Code("OppositeDirection: the way back only")
    NOT_SAME = Code("(difference DIRS SameDirection): G.DIRS but that way")
    NOT_OPPOSITE = Code("(difference DIRS OppositeDirection): G.DIRS but the way back")


@slots
class TR:
    """A track's block in T.TRACKS: its length, whether it loops, its sites in order (LENGTH
    of them), then each board site's place on it (C entries, -1 off the track)."""

    LENGTH = Slot("sites on the track")
    LOOP = Slot("1 when it loops")
    SITES = Slot("its sites in order (LENGTH), then each site's place (C)")


@slots
class MP:
    """A (map …) entry in T.MAPS."""

    MAP = Slot("the map (in the order of the equipment)")
    KEY = Slot("the key: a player's number (P1: 1), or a site")
    VALUE = Slot("the site (or number) it maps to")


# ---------------------------------------------------------------- packed houses (T.PACK)
# The board's sites (all houses of one looping track) as FIELD_BITS-bit fields, PER_WORD to a
# word, in two words: site c is field c % PER_WORD of word c // PER_WORD.
FIELD_BITS = 6
FIELD_MAX = (1 << FIELD_BITS) - 1  # a field's largest count: the board total must not exceed it
PER_WORD = 10
PACKED_SITES = 2 * PER_WORD


@slots
class PK:
    """T.PACK begins with three numbers and the tables' offsets (from the start of the
    section); PK.SIZE is where the first table starts."""

    CELLS = Slot("the board's sites (the fields in use)")
    PER_LAP = Slot("the places a lap of sowing drops seeds in (the track, less the origin)")
    GATED = Slot("1: no end clause reads a board site's count (it is tried only when what it "
                 "reads changed: a capture, no moves, a repetition)")
    LAP = Slot("per site: the two words of one seed in every place of a lap from it")
    ADD = Slot("per site, per r < PK.PER_LAP: the two words of one seed in its next r places")
    LAST = Slot("per site, per r < PK.PER_LAP: the site of the r-th place (r = 0: a whole "
                "lap's last)")
    PREV = Slot("per site: the site before it on the track")
    OWN = Slot("per colour: how many houses it sows from, then their sites in order "
               "(PK.CELLS)")
    OPP = Slot("per colour: two words with every field of the opponent's houses full "
               "(FIELD_MAX)")
    STORE = Slot("per colour: the site its captures go to")
    INDEX = Slot("the work array's index of the history (kernels.history; 0: no history) ...")
    SLOTS = Slot("... its slots (a power of two, up to 4,096), then its generation")


# ================================================================ regions (codes)
@codes(first=-1, step=-1)
class REG:
    """Region codes read off the state. A code >= 0 is a static region (a T.REGIONS row); the
    negative ones are these, counted down from -1."""

    EMPTY = Code("empty board cells")
    OCCUPIED_MOVER = Code("cells holding a piece of the colour that looks")
    OCCUPIED_NEXT = Code("cells holding a piece of the next colour")
    OCCUPIED_PREV = Code("cells holding a piece of the previous colour")
    OCCUPIED_P1 = Code("OCCUPIED_P1 - colour: cells holding a piece of that colour",
                       width=COLOURS)
    OCCUPIED_ENEMY = Code("cells holding a piece of another colour than the one that looks")
    COMPONENT = Code("COMPONENT - (k - 1): cells holding a piece of type k (1..MAX_COMPONENTS)",
                     width=MAX_COMPONENTS)
    TO_CLEAR = Code("sites whose pieces leave when the turn ends (I.TO_CLEAR: (sites ToClear))")
    DYNAMIC = Code("DYNAMIC - k: row k of T.DYNREG (those computed by trial moves: the region "
                   "of an Add only; DYN.AROUND rows: anywhere); the lowest code")


# ---------------------------------------------------------------- dynamic regions (T.DYNREG)
@slots
class DR:
    """A region read off the position (T.DYNREG)."""

    KIND = Slot("a DYN code")
    ROLE = Slot("whose win, whose hand, whose pieces (a role code)")
    REGION = Slot("WINNING: the region of the add that is tried")
    CENTRES = Slot("AROUND, DIRECTION: the region whose sites are its centres (with "
                   "CENTRE.REGION)")
    PARTS = Slot("UNION, DIFFERENCE, INTERSECTION: first T.LIST entry of the parts' codes")
    PART_COUNT = Slot("UNION, DIFFERENCE, INTERSECTION: how many")
    TRIALS = Slot("UNION: 1 when a part is a WINNING row (an Add's region, tried by "
                  "placements); else its parts are read off the position")
    TYPES = Slot("OCCUPIED_TYPE: first of COLOURS T.LIST entries, each colour's bitmask of "
                 "types (bit k: type k; 0: none)")
    CENTRE = Slot("AROUND, EXPAND, DIRECTION: the site around which (a CENTRE code)")
    SITE = Slot("AROUND, EXPAND, DIRECTION: the fixed centre site (CENTRE.FIXED)")
    DIRS = Slot("AROUND, DIRECTION: bitmask of the directions (T.NBR indices) to the "
                "neighbours or along the rays")
    FILTER = Slot("AROUND: which neighbours (a FILTER code)")
    WITH_CENTRE = Slot("AROUND, DIRECTION: 1 when the centre is in the region too")
    FIRST_SITE = Slot("IN_HAND: the first hand's first site")
    HAND_SIZE = Slot("IN_HAND: sites in a hand")
    WITHIN = Slot("EXPAND: first T.LIST entry of a board-cells x board-cells table, 1 where a "
                  "site is within the expansion's steps of a centre")
    BIT = Slot("REMEMBERED: the name's bit in S.REMEMBERED")
    DISTANCE = Slot("DIRECTION: the most sites each ray goes")
    STOP = Slot("DIRECTION: the sites that end a ray (a FILTER code, or NEVER for none)")
    STOP_INCLUDED = Slot("DIRECTION: 1 when the site that ends a ray is in the region")
    APART = Slot("DIRECTION: 1 when no two of its rays from one centre share a site and none "
                 "comes back to a site it passed (then (count Sites …) counts them ray by "
                 "ray)")
    PIECE = Slot("DIRECTION: with CENTRE.WHERE or the STOP FILTER.PIECE, the piece type")
    OWNER = Slot("DIRECTION: with CENTRE.WHERE or the STOP FILTER.PIECE, its colour")
    STOP_PIECE = Slot("DIRECTION: with the STOP FILTER.PIECE, the piece type")
    STOP_OWNER = Slot("DIRECTION: with the STOP FILTER.PIECE, its colour")
    KEEP = Slot("DIRECTION: which sites of each ray it holds (a KEEP code)")
    TRACKS = Slot("TRACK_SPAN: the first of COLOURS T.LIST entries, each colour's track (-1: "
                  "none)")
    FROM = Span("TRACK_SPAN: the site it starts at (a (forEach Site …) evaluates it; a loop "
                "of the condition VM has it on its stack)")
    TO = Span("TRACK_SPAN: the site it ends at (likewise)")
    SPAN = Slot("TRACK_SPAN: where its two ends, once evaluated, are kept (W.TRACK_ENDS + "
                "2 SPAN)")


@codes(fields=DR)
class DYN:
    """The kinds of dynamic region."""

    WINNING = Kind("(sites Winning ROLE (add (to REGION))): where that add would win for the "
                   "role", name="winning", reads=(DR.ROLE, DR.REGION))
    UNION = Kind("a union of region codes, some of them WINNING rows", name="union",
                 reads=(DR.PARTS, DR.PART_COUNT, DR.TRIALS))
    AROUND = Kind("(sites Around SITE …): the neighbours of a site, read off the position",
                  name="around", reads=(DR.CENTRE, DR.SITE, DR.CENTRES, DR.DIRS, DR.FILTER,
                                        DR.WITH_CENTRE))
    IN_HAND = Kind("(sites Occupied by:ROLE container:\"Hand\"): the role's hand sites holding "
                   "some", name="in-hand", reads=(DR.ROLE, DR.FIRST_SITE, DR.HAND_SIZE))
    DIFFERENCE = Kind("(difference A B …) of regions some read off the position: A, none of "
                      "the rest (parts: static, REG or single-kind rows)", name="difference",
                      reads=(DR.PARTS, DR.PART_COUNT))
    INTERSECTION = Kind("(intersection A B …): all of them (parts: static, REG or single-kind "
                        "rows)", name="intersection", reads=(DR.PARTS, DR.PART_COUNT))
    OCCUPIED_TYPE = Kind("(sites Occupied by:ROLE component:\"Name\") or components:{…}: the "
                         "board sites holding the role's pieces of those types",
                         name="occupied-type",
                         reads=(DR.ROLE, DR.TYPES))
    EXPAND = Kind("(expand origin:SITE steps:N): the sites within N steps of a context site",
                  name="expand", reads=(DR.CENTRE, DR.SITE, DR.WITHIN))
    REMEMBERED = Kind("(sites (values Remembered \"Name\")): the sites remembered under a "
                      "name", name="remembered", reads=(DR.BIT,))
    DIRECTION = Kind("(sites Direction from:SITE …): the sites along rays from a site (or from "
                     "each site of a region), each up to a site that stops it",
                     name="direction", reads=(DR.CENTRE, DR.SITE, DR.CENTRES, DR.DIRS,
                                              DR.WITH_CENTRE, DR.DISTANCE, DR.STOP,
                                              DR.STOP_INCLUDED, DR.PIECE, DR.OWNER,
                                              DR.STOP_PIECE, DR.STOP_OWNER, DR.APART,
                                              DR.KEEP))
    TRACK_SPAN = Kind("(sites Track … from:A to:B): the sites of a track from A on to B "
                      "(round past its end; all of it when B is not on it, none when A is not)",
                      name="track-span", reads=(DR.TRACKS, DR.FROM, DR.TO, DR.SPAN))


@codes(first=0)
class CENTRE:
    """DR.CENTRE: where the neighbours of an AROUND (or the steps of an EXPAND) are counted
    from."""

    FIXED = Code("the site DR.SITE")
    TO = Code("(to)")
    FROM = Code("(from)")
    LAST_TO = Code("(last To)")
    LAST_FROM = Code("(last From)")
    SITE = Code("(site)")
    REGION = Code("AROUND, DIRECTION: any site of the region DR.CENTRES (a REG code or an "
                  "OCCUPIED_TYPE row)")
    WHERE = Code("DIRECTION only: the site of the piece of type DR.PIECE and colour DR.OWNER "
                 "((where \"Name\" P1): one such piece at most; -1: none)")
    VAR = Code("the value of the variable DR.SITE (an I.VARS slot), as (sites LineOfSight "
               "at:(var)) reads it")


@codes(first=0)
class KEEP:
    """DR.KEEP: which sites of each ray a DYN.DIRECTION row holds."""

    ALL = Code("every site before the one that stops the ray (that one too with "
               "DR.STOP_INCLUDED): (sites Direction …), (sites LineOfSight Empty …)")
    STOP = Code("only the site that stops the ray: (sites LineOfSight Piece …)")
    LAST = Code("only the last site before the one that stops the ray or the board's edge "
                "(none when the first site stops it): (sites LineOfSight Farthest …)")


@codes(first=0)
class FILTER:
    """DR.FILTER: which neighbours an AROUND keeps."""

    ANY = Code("every neighbour")
    EMPTY = Code("the empty ones")
    NOT_EMPTY = Code("those holding a piece or counters")
    OWN = Code("the mover's pieces")
    ENEMY = Code("another player's pieces")
    NEUTRAL = Code("a piece that belongs to nobody: a counter, a neutral piece")
    NEVER = Code("DIRECTION's DR.STOP only: no site (the rays go on to the board's edge)")
    PIECE = Code("DIRECTION's DR.STOP only: the site of the piece of type DR.STOP_PIECE and "
                 "colour DR.STOP_OWNER")


# ================================================================ condition ops (T.CODE)
# A condition or integer expression is a postfix program: a range [start, end) of ops. Each op
# pops the values it needs (OP's declarations say how many) and pushes one. Booleans are 0/1.
@slots
class O:  # noqa: E742 - the op fields, as the kernels read them: t[at + O.ROLE]
    """A condition op's fields (T.CODE)."""

    KIND = Slot("an OP code")
    VALUE = Slot("CONST, COUNT_CMP, FACE, COUNT_GROUPS: the op's constant operand (pushed, "
                 "compared with the count, the die whose face it reads, or the fewest sites of a "
                 "group counted)")
    ROLE = Slot("whose line, group, ring, moves, pieces, track, value (a role code)")
    REGION = Slot("a region code")
    LENGTH = Slot("LINE, LINE_THROUGH: the line's length")
    AXES = Slot("LINE, LINE_THROUGH: bitmask of the board's axes to look along")
    EXACT = Slot("LINE, LINE_THROUGH: 1 when longer lines do not count")
    CONTIGUOUS = Slot("LINE_THROUGH: 1 for a contiguous line (0: gaps are stepped over)")
    TYPES = Slot("LINE_THROUGH: the T.LIST entry of its types [n, type…] (n = 0: the type at "
                 "the site)")
    TEST = Slot("CONN: the connection test (a T.CONN row)")
    NEED = Slot("CONN: how many goals of the mask (-1: all)")
    OPERANDS = Slot("AND, OR: how many values they pop")
    PROPOSAL = Slot("PROPOSED, DECIDED: the proposal's id")
    SITE = Slot("COUNT_CMP: the site whose count is compared")
    COMPARE = Slot("COUNT_CMP: the comparison (an OP code, EQ ... GE)")
    NOT_FARTHER = Slot("APPROACH: 1 when ending as far as before also counts")
    TIMES = Slot("REPEATED: how many times the position must have occurred")
    NUMBERS = Slot("IN_NUMBERS: the first of the numbers (T.LIST entries)")
    NUMBER_COUNT = Slot("IN_NUMBERS: how many")
    TRACKS = Slot("TRACK_SITE, SITES_LOOP (LOOP.FIRST): the first of COLOURS T.LIST entries, "
                  "each colour's track (-1: none)")
    TABLE = Slot("IS_START, COUNT_STEPS, CELL_NUMBER: the T.LIST entry where its lookup table "
                 "starts")
    MAP = Slot("MAP_ENTRY: 1 + the map (0: the first map that has the key)")
    TYPE = Slot("WHERE: the first of COLOURS T.LIST entries, each colour's piece type")
    VAR = Slot("VAR: the variable (an I.VARS slot)")
    STEPS = Slot("AHEAD: how many steps")
    DIRS = Slot("COUNT_GROUPS: bitmask of the directions (T.NBR indices) that join sites")
    FILTER = Slot("COUNT_GROUPS: which sites join groups (a FILTER code, seen by O.ROLE)")
    DIRECTION = Slot("AHEAD: the board direction (a column of T.NBR)")
    TURNED = Slot("AHEAD: 1 when DIRECTION, a relative direction for a piece facing N, turns to "
                  "the facing of the piece on the site (T.FACING; no piece there: no step)")
    JUMP = Slot("SITES_LOOP, SITES_NEXT: how many ops apart the loop's two ends are")
    MODE = Slot("SITES_LOOP: a LOOP code")
    SPAN = Slot("SITES_LOOP: 1 + the T.DYNREG row of a TRACK_SPAN in its region, whose two "
                "ends it pops at its start (0: none)")


@codes(fields=O)
class OP:
    """The condition ops. ``pops``: the values each pops off the VM's stack (-1: O.OPERANDS).
    The kernels' VM (ludi.engine.kernels.conditions) handles each op in one branch."""

    # tests through the last placed stone (what end clauses ask after every move)
    LINE = Op("a line through the last stone", name="line",
              reads=(O.LENGTH, O.AXES, O.EXACT, O.ROLE))
    CONN = Op("the last stone's group touches the test's goals", name="connected",
              reads=(O.TEST, O.NEED, O.ROLE))
    LOOP = Op("the last stone completes a ring", name="loop", reads=(O.ROLE,))
    # logic
    TRUE = Op("true", name="true")
    FALSE = Op("false", name="false")
    NOT = Op("a value -> 1 when it is 0", name="not", pops=1)
    AND = Op("O.OPERANDS values -> 1 when none is 0", name="and", reads=(O.OPERANDS,), pops=-1)
    OR = Op("O.OPERANDS values -> 1 when one is not 0", name="or", reads=(O.OPERANDS,),
            pops=-1)
    IF = Op("condition, then-value, else-value -> one of them", name="if", pops=3)
    # arithmetic and comparisons: two values -> one; declared in one run, ADD ... GE, which
    # the VM hands to its compare() as one range
    ADD = Op("a + b", name="+", pops=2)
    SUB = Op("a - b", name="-", pops=2)
    MUL = Op("a * b", name="*", pops=2)
    DIV = Op("a / b, rounded toward 0 (by 0: ERR.DIVISION)", name="/", pops=2)
    MOD = Op("the remainder of that division", name="%", pops=2)
    MAX = Op("the larger", name="max", pops=2)
    MIN = Op("the smaller", name="min", pops=2)
    EQ = Op("a = b", name="=", pops=2)
    NE = Op("a != b", name="!=", pops=2)
    LT = Op("a < b", name="<", pops=2)
    LE = Op("a <= b", name="<=", pops=2)
    GT = Op("a > b", name=">", pops=2)
    GE = Op("a >= b", name=">=", pops=2)
    # values
    CONST = Op("O.VALUE", name="const", reads=(O.VALUE,))
    ROLE = Op("the role's player number (colour + 1)", name="role", reads=(O.ROLE,))
    TO = Op("the context site (to)", name="to")
    FROM = Op("the context site (from)", name="from")
    SITE = Op("the context site (site)", name="site")
    BETWEEN = Op("the context site (between): the site a hop jumps over", name="between")
    LAST_TO = Op("the last move's to", name="last-to")
    LAST_FROM = Op("the last move's from", name="last-from")
    LAST_AFTER = Op("(last To afterConsequence:True): I.LAST_AFTER, else the last to",
                    name="last-to-after")
    PREV_MOVER = Op("the number of the player who made the last move (0 before the first)",
                    name="prev-mover")
    PHASE = Op("the mover's phase (0 in a game without phases)", name="phase")
    COUNT_MOVES = Op("plies played", name="count-moves")
    COUNT_TURNS = Op("Ludii's turn number: 1 in the first turn", name="count-turns")
    COUNT_PLAYERS = Op("the number of players", name="count-players")
    COUNT_PIECES = Op("the role's pieces on the board", name="count-pieces", reads=(O.ROLE,))
    COUNT_IN = Op("the total count in a region", name="count-in", reads=(O.REGION,))
    COUNT_SITES = Op("the number of sites of a region", name="count-sites", reads=(O.REGION,))
    COUNT_GROUPS = Op("the groups of board sites holding what O.FILTER asks (seen by O.ROLE), "
                      "joined along O.DIRS, of O.VALUE sites or more", name="count-groups",
                      reads=(O.ROLE, O.FILTER, O.DIRS, O.VALUE))
    COUNT_CMP = Op("the count at a fixed site compared with a number, in one op",
                   name="count-compare", reads=(O.SITE, O.COMPARE, O.VALUE))
    COUNTER = Op("Ludii's counter (I.COUNTER)", name="counter")
    VAR = Op("the value of a variable (I.VARS)", name="var", reads=(O.VAR,))
    VALUE_PLAYER = Op("the role's player's value (I.VALUES; -1 until set)",
                      name="value-player", reads=(O.ROLE,))
    PENDING = Op("1 when the last move did (set Pending) (I.PENDING)", name="pending")
    PIPS = Op("the sum of the dice as last rolled (I.PIPS): Ludii's (count Pips)",
              name="count-pips")
    PIP = Op("the value of the die (forEach Die …) is at (I.PIP): Ludii's (pips)", name="pips")
    FACE = Op("the face die O.VALUE shows as rolled, used or not (I.FACES): Ludii's (face SITE)",
              name="face", reads=(O.VALUE,))
    TURN_MOVES = Op("the moves of the turn so far (I.TURN_MOVES)", name="moves-this-turn")
    ALL_PASSED = Op("1 when every player still playing passed in their last turn (I.PASSED_TURNS)",
                    name="all-passed")
    DICE_USED = Op("1 when every die was used (I.DICE all 0)", name="dice-used")
    DICE_EQUAL = Op("1 when the dice showed one value as rolled, used since or not (I.FACES: "
                    "Ludii's flag set by the roll)", name="dice-equal")
    VALUE_PENDING = Op("the one value set pending (I.PENDING_VALUE), 0 for none or several",
                       name="value-pending")
    PENDING_SITE = Op("the one site the last move set pending (I.PENDING_VALUE), -1 for none; "
                      "several different ones stop the game (ERR.PENDING): Ludii's "
                      "(sites Pending) as one computed site", name="pending-site")
    WHERE = Op("the board site of the role's piece of a type (-1: none)", name="where",
               reads=(O.TYPE, O.ROLE))
    # tests of the position
    NO_MOVES = Op("the role has no legal move", name="no-moves", reads=(O.ROLE,))
    NO_PIECES = Op("the role has no piece on the board", name="no-pieces", reads=(O.ROLE,))
    CYCLE = Op("the position after the last move occurred before", name="cycle")
    REPEATED = Op("the current position occurred at least O.TIMES times", name="repeated",
                  reads=(O.TIMES,))
    APPROACH = Op("(to) is nearer an enemy piece than (from)", name="approach",
                  reads=(O.NOT_FARTHER,))
    THREATENED = Op("the role's T.THREAT piece could be taken: W.THREAT, worked out before",
                    name="threatened", reads=(O.ROLE,))
    IS_TRIGGERED = Op("the role's player is still playing and was triggered (I.TRIGGERED)",
                      name="is-triggered", reads=(O.ROLE,))
    PROPOSED = Op("the proposal O.PROPOSAL is pending", name="proposed", reads=(O.PROPOSAL,))
    DECIDED = Op("the proposal O.PROPOSAL was decided", name="decided", reads=(O.PROPOSAL,))
    # a value -> a value
    MAP_ENTRY = Op("a key -> its entry in a map, or the key itself when none has it (Ludii's)",
                   name="map-entry", reads=(O.MAP,), pops=1)
    SCORE = Op("a player number -> its score", name="score", pops=1)
    IS_EVEN = Op("a number -> is it even", name="is-even", pops=1)
    IS_ODD = Op("a number -> is it odd", name="is-odd", pops=1)
    IN_NUMBERS = Op("a number -> is it one of a fixed list ((is In (count …) (sites {2 4 6})))",
                    name="in-numbers", reads=(O.NUMBERS, O.NUMBER_COUNT), pops=1)
    IS_ENEMY_PLAYER = Op("a player number (1..) -> is it not the mover's (0 is nobody's)",
                         name="is-enemy-player", pops=1)
    IS_FRIEND_PLAYER = Op("a player number -> is it the mover's", name="is-friend-player",
                          pops=1)
    # a site -> a value
    COUNT_AT = Op("a site -> its count", name="count-at", pops=1)
    STATE_AT = Op("a site -> its local state (Ludii's (state at:SITE); 0 off the board)",
                  name="state-at", pops=1)
    WHO = Op("a site -> the owner of its piece: colour + 1, 0 for none", name="who", pops=1)
    WHAT = Op("a site -> the type of its piece: 1..K, 0 for none", name="what", pops=1)
    IS_OCCUPIED = Op("a site -> does it hold a piece", name="is-occupied", pops=1)
    IS_EMPTY = Op("a site -> is it empty", name="is-empty", pops=1)
    IS_ENEMY = Op("a site -> does it hold another player's piece", name="is-enemy", pops=1)
    IS_FRIEND = Op("a site -> does it hold the mover's piece", name="is-friend", pops=1)
    IS_IN = Op("a site -> is it in the region", name="is-in", reads=(O.REGION,), pops=1)
    IS_VISITED = Op("a site -> a move of this turn started or ended there (I.VISITED)",
                    name="is-visited", pops=1)
    AHEAD = Op("a site -> the site O.STEPS steps on along O.DIRECTION (itself if off the "
               "board)", name="ahead", reads=(O.STEPS, O.DIRECTION, O.TURNED), pops=1)
    CELL_NUMBER = Op("a site -> its entry in the table (its row, its column); -1 for a site "
                     "off the board", name="cell-number", reads=(O.TABLE,), pops=1)
    # two values -> a value
    LINE_THROUGH = Op("a site and a type -> a line through the site of pieces of that type (< "
                      "0: of the O.TYPES types) (Ludii's IsLine)", name="line-through",
                      reads=(O.LENGTH, O.AXES, O.EXACT, O.TYPES, O.CONTIGUOUS), pops=2)
    TRACK_SITE = Op("a site and a number of steps -> the site that far on along the role's "
                    "track (-1 off the track)", name="track-site", reads=(O.TRACKS, O.ROLE),
                    pops=2)
    MOVE_LIMIT = Op("the game's move limit (P.MOVE_LIMIT): Ludii's (value MoveLimit)",
                    name="value-move-limit")
    TURN_LIMIT = Op("the game's turn limit per player (P.TURN_LIMIT / P.PLAYERS): Ludii's "
                    "(value TurnLimit)", name="value-turn-limit")
    VALUE = Op("Ludii's context value (I.VALUE): (value)", name="value")
    RANDOM = Op("two numbers A, B -> a uniform draw from A..B (-1 when A > B) from the chance "
                "generator (I.CHANCE, moved on): Ludii's (value Random (range A B))",
                name="value-random", pops=2)
    IS_START = Op("a site and a type -> the site held that type at the start (the table: a "
                  "row of board sites for each type)", name="is-start", reads=(O.TABLE,),
                  pops=2)
    COUNT_STEPS = Op("two sites -> the fewest steps between them (the table: board cells x "
                     "board cells); 0 when either is off the board", name="count-steps",
                     reads=(O.TABLE,), pops=2)
    # A loop over the sites of a region: SITES_LOOP, its body (a condition on (site)), then
    # SITES_NEXT. The loop keeps three stack entries (the saved (site), the site it is at, the
    # count) and leaves one value: whether the body held at every site (LOOP.ALL: (all Sites
    # …)) or at how many (LOOP.COUNT: (count Sites in:(forEach … if:…))). Loops only jump within
    # their own ops, so the VM still runs each program straight through once per site, never
    # re-entered.
    SITES_LOOP = Op("start a loop over the region's sites (LOOP.FIRST: over a track's, from "
                    "the site it pops, with the body at (to))", name="sites-loop",
                    reads=(O.REGION, O.JUMP, O.MODE, O.TRACKS, O.ROLE, O.SPAN))
    SITES_NEXT = Op("the body's value -> on to the next site, or the loop's value",
                    name="sites-next", reads=(O.JUMP,), pops=1)


@codes(first=0)
class LOOP:
    """O.MODE of a SITES_LOOP: what the loop's value is."""

    ALL = Code("whether the body held at every site")
    COUNT = Code("at how many sites it held")
    SUM = Code("the sum of its values at the sites")
    FIRST = Code("(trackSite FirstSite …): the first site along the track O.TRACKS (of O.ROLE's "
                 "colour) from the site the loop pops, wrapping round, where the body holds "
                 "at (to) (-1: none, or that site is not on the track)")


#: The tests a P.SOW_TURN game's end clauses are made of (alone, or under one (and …)/(or …)).
FLAT_TESTS = (OP.COUNT_CMP, OP.NO_MOVES, OP.CYCLE, OP.TRUE, OP.FALSE)


# ================================================================ end clauses (T.CLAUSES)
@slots
class CL:
    """An end clause (T.CLAUSES)."""

    COND = Span("the condition")
    ROLE = Slot("whose result (a role code)")
    OUTCOME = Slot("an OUTCOME")
    SCORES = Slot("OUTCOME.BY_SCORE: first T.SCORES row")
    SCORE_COUNT = Slot("OUTCOME.BY_SCORE: how many rows")


@slots
class SC:
    """A (byScore ...) entry (T.SCORES)."""

    COLOUR = Slot("the colour scored")
    VALUE = Span("its score")


@codes
class OUTCOME:
    """CL.OUTCOME."""

    WIN = Code("the role wins", name="Win")
    LOSS = Code("the role loses", name="Loss")
    DRAW = Code("a draw", name="Draw")
    BY_SCORE = Code("rank the players by the clause's scores", name="byScore")


# ================================================================ phases (T.PHASES, T.NEXT_PHASE)
@slots
class PH:
    """A phase's row in T.PHASES (after each colour's first phase)."""

    NEXT = Slot("the phase's first (nextPhase …) record")
    NEXT_COUNT = Slot("how many")


@slots
class NX:
    """A (nextPhase …) record (T.NEXT_PHASE)."""

    ROLE = Slot("whose phase changes (a colour, a ROLE code or ROLE.ALL)")
    COND = Span("when")
    TARGET = Slot("the phase it goes to (-1: the one after the current phase)")


@codes(first=-1, step=-1)
class ROLE:
    """Roles inside records, beside the colours 0..3 (players P1..P4)."""

    MOVER = Code("the player to move")
    NEXT = Code("the next player")
    PREV = Code("the player who moved last")
    ALL = Code("NX.ROLE: every player (Ludii's Shared)")


# ================================================================ the move program (T.PROG)
# The combinators (or, priority, if, do, max) are compiled to straight-line code with forward
# jumps, run by one loop with a stack of marks (starts of move segments): no recursion.
@slots
class IN:
    """An instruction of the move program (T.PROG)."""

    KIND = Slot("a PR code")
    GEN = Slot("LEAF, JUMP_UNLESS_MOVES: the generator whose moves it appends or looks for")
    ROLE = Slot("JUMP_IF_THREATENED: whose piece (a role code)")
    COND = Span("the condition")
    TARGET = Slot("where a jump goes (always forward)")
    EFFECTS = Slot("PRIOR: the first T.LIST entry of the prior's effects")
    EFFECT_COUNT = Slot("PRIOR: how many")
    DICE = Slot("DIE: the dice (bit k: die k)")


@codes(fields=IN)
class PR:
    """The instructions."""

    LEAF = Kind("append the generator's moves", name="leaf", reads=(IN.GEN,))
    MARK = Kind("push the current move count", name="mark")
    JUMP_UNLESS = Kind("jump when the condition does not hold", name="jump-unless",
                       reads=(IN.COND, IN.TARGET))
    JUMP = Kind("jump", name="jump", reads=(IN.TARGET,))
    PRIO_DONE = Kind("when moves were added since the mark: pop it and jump",
                     name="jump-if-moves", reads=(IN.TARGET,))
    POP = Kind("pop the mark", name="pop")
    KEEP_IF_AFTER = Kind("keep the moves since the mark after which the condition holds; pop",
                         name="keep-if-after", reads=(IN.COND,))
    KEEP_MAX_CAPTURES = Kind("keep the moves since the mark that capture the most; pop",
                             name="keep-max-captures")
    KEEP_LONGEST = Kind("(max Moves …): note the moves since the mark as a span (W.SPANS) whose "
                        "moves of the longest turns the caller keeps (kernels.legal), when it "
                        "asks (W.SPANS_ON); pop", name="keep-longest")
    PRIOR = Kind("(do PRIOR next:…): save the state one level down and apply the prior's "
                 "effects (T.LIST, the generators' T.PRIORS entry), for the moves that follow",
                 name="prior", reads=(IN.EFFECTS, IN.EFFECT_COUNT))
    PRIOR_END = Kind("put back the state PRIOR saved", name="prior-end")
    DIE = Kind("(forEach Die …): (pips) is the sum of the dice DICE (I.PIP); with two dice "
               "or more, jump when one of them is used", name="die", reads=(IN.DICE, IN.TARGET))
    JUMP_IF_THREATENED = Kind("jump when ROLE's T.THREAT piece is threatened now (Ludii's (not "
                              "(is Threatened …)) in an (if …) of the play); inside a threat "
                              "test it never is (Ludii's nested threat tests fail)",
                              name="jump-if-threatened", reads=(IN.ROLE, IN.TARGET))
    JUMP_UNLESS_MOVES = Kind("jump unless the generator GEN has a move now (Ludii's (can Move "
                             "M) in an (if …) of the play)", name="jump-unless-moves",
                             reads=(IN.GEN, IN.TARGET))
    KEEP_SAFE_PATH = Kind("keep the slides since the mark none of whose sites passed over is "
                          "threatened for the mover's T.THREAT piece put there (Ludii's "
                          "(between if:(not (is Threatened … at:(to))))); pop. Inside a threat "
                          "test it keeps every slide", name="keep-safe-path")
    END = Kind("stop", name="end")


# ---------------------------------------------------------------- move generators (T.GEN)
@slots
class G:
    """A move generator (T.GEN)."""

    KIND = Slot("a GEN code")
    FROM_REGION = Slot("where the piece comes from")
    FROM_SITE = Span("the one site a move starts from (empty: every site of FROM_REGION)")
    FROM_COND = Span("the from-condition, with (from) and (site) at the piece")
    TO_REGION = Slot("where it places or goes ...")
    TO_SITE = Span("... or the one site it goes to")
    TO_COND = Span("the to-condition, with (to) at the destination")
    DIRS = Slot("bitmask of the directions (T.NBR indices) it moves along")
    LAST_WAY = Slot("Step, HopOver: a WAY code, how DIRS follow the way of the last move "
                    "(SameDirection, OppositeDirection)")
    TURNED = Slot("Step, HopOver: 1 when DIRS are relative directions turned from N, which "
                  "the piece that moves turns to its own facing (T.FACING): relative "
                  "directions outside a piece's own moves, as Ludii turns them")
    THEN = Slot("the (then ...) effects: first T.LIST entry")
    THEN_COUNT = Slot("how many")
    APPLY = Slot("the (to … (apply …)) effects, run at the destination first: first T.LIST "
                 "entry")
    APPLY_COUNT = Slot("how many")
    MAX = Span("Slide: the distance limit (empty: no limit)")
    MIN = Slot("Slide: the fewest sites it goes ((between (exact N)): N; 0: any)")
    DISTANCES = Slot("Slide: 1 when the to-condition tests (is Approach)")
    STOP = Slot("Slide: 1 when the to-condition is Ludii's stop rule (0: (is Approach), a "
                "filter)")
    OVER_COND = Span("Slide, HopOver: the condition on a site passed over, (between) (Ludii's "
                     "go rule; empty: an empty site)")
    LAND_COND = Span("Slide: Ludii's to-rule ((to (apply if:C))): it lands only where C holds")
    BEFORE = Slot("HopOver: how many sites may lie before the one jumped over (Ludii's "
                  "before:), each where the to-condition holds")
    AFTER = Slot("HopOver: how many more sites past the first landing it may land on (Ludii's "
                 "after:), each where the to-condition holds")
    RUN = Slot("HopOver: how many more sites past the first the run it jumps over may have, "
               "each where the between-condition holds (Ludii's (range A B): B - 1)")
    RUN_MIN = Slot("HopOver: how many more sites past the first the run it jumps over must have "
                   "(Ludii's (range A B): A - 1)")
    TURNING = Slot("Hop: 1 when the landing turns 60 degrees (Play Win)")
    CHAIN = Slot("Hop: 1 for capture series")
    LONGEST = Slot("Hop: inside (max Captures ...), keep only the longest series while "
                   "searching")
    PATHS = Slot("Leap: first T.LIST entry of its paths: how many, then each one's length and "
                 "steps")
    WAYPOINTS = Slot("Leap: 1 + the first T.LIST entry of each path step's condition (start, "
                     "end; an empty span: none), tested with (to) and (between) the site "
                     "reached, before the last step; 0: no conditions")
    PIECE = Slot("Add: 1 + the first of COLOURS T.LIST entries, each colour's piece type (0: "
                 "its own; a shared type stands on its site as a counter nobody owns)")
    COPY = Slot("FromTo: 1 when the piece is copied (the origin keeps it)")
    COUNT = Span("FromTo in a mancala game: how many counters it moves (empty: one)")
    PROPOSAL = Slot("Propose, Vote: the proposal's id")
    YES = Slot("Vote: 1 for a yes vote")
    LEVELS = Slot("FromTo, Select: 1 when its moves are made for each level of the pile at the "
                  "from-site (a stacking game's (forEach Piece) without top:True, as Ludii's): "
                  "each move is listed once per piece of that pile")


@codes(fields=G)
class GEN:
    """The move generators."""

    ADD = Kind("place a piece on an empty site of a region", name="add",
               reads=(G.TO_REGION, G.TO_COND, G.THEN, G.THEN_COUNT, G.PIECE))
    SELECT = Kind("choose a site (of a region, or one site)", name="select",
                  reads=(G.FROM_REGION, G.FROM_SITE, G.FROM_COND, G.THEN, G.THEN_COUNT,
                         G.LEVELS))
    PASS = Kind("pass", name="pass", reads=(G.THEN, G.THEN_COUNT))
    SLIDE = Kind("a Slide along empty cells (and onto the site that stops it)", name="slide",
                 reads=(G.FROM_REGION, G.FROM_SITE, G.FROM_COND, G.DIRS, G.MAX, G.TO_COND,
                        G.OVER_COND, G.DISTANCES, G.STOP, G.APPLY, G.APPLY_COUNT, G.LAND_COND,
                        G.MIN, G.THEN, G.THEN_COUNT))
    HOP = Kind("capture series of hops (draughts)", name="hop",
               reads=(G.FROM_REGION, G.FROM_COND, G.DIRS, G.TURNING, G.CHAIN, G.LONGEST))
    PROPOSE = Kind("propose", name="propose", reads=(G.PROPOSAL,))
    VOTE = Kind("vote", name="vote", reads=(G.PROPOSAL, G.YES))
    STEP = Kind("Ludii's Step: to a neighbour where the to-condition holds (occupied or not)",
                name="step", reads=(G.FROM_REGION, G.FROM_COND, G.DIRS, G.TURNED, G.LAST_WAY,
                                    G.TO_COND, G.APPLY, G.APPLY_COUNT, G.THEN, G.THEN_COUNT))
    FROM_TO = Kind("Ludii's (move (from …) (to …)): any piece from a site to a site",
                   name="fromTo", reads=(G.FROM_REGION, G.FROM_SITE, G.FROM_COND, G.TO_REGION,
                                         G.TO_SITE, G.TO_COND, G.COPY, G.COUNT, G.APPLY,
                                         G.APPLY_COUNT, G.THEN, G.THEN_COUNT, G.LEVELS))
    HOP_OVER = Kind("Ludii's Hop, one jump: over the adjacent site (between) to the next one "
                    "(with BEFORE/AFTER/RUN: over the first site where the between-condition "
                    "holds and up to RUN more in a row, to any of the AFTER + 1 sites past them)",
                    name="hopOver", reads=(G.FROM_REGION, G.FROM_SITE, G.FROM_COND, G.DIRS,
                                           G.TURNED, G.LAST_WAY, G.OVER_COND, G.TO_COND, G.APPLY,
                                           G.APPLY_COUNT, G.THEN, G.THEN_COUNT, G.BEFORE,
                                           G.AFTER, G.RUN, G.RUN_MIN))
    LEAP = Kind("Ludii's Leap: along fixed paths of steps (a knight's), to where the "
                "to-condition holds", name="leap",
                reads=(G.FROM_REGION, G.FROM_COND, G.PATHS, G.WAYPOINTS, G.TO_COND, G.APPLY,
                       G.APPLY_COUNT, G.THEN, G.THEN_COUNT))


# ---------------------------------------------------------------- effects (T.EFF)
@slots
class E:
    """An effect (T.EFF)."""

    KIND = Slot("an EFF code")
    SITE = Span("the site it acts at (Sow: empty, the last move's to)")
    FROM_SITE = Span("FromTo: the site counters leave")
    TO_SITE = Span("FromTo: the site they go to")
    COUNT = Span("FromTo, Sow: how many counters (Sow: empty, all of the site's)")
    VALUE = Span("SetVar, SetValue, SetScore, AddScore, SetCounter, SetState, SetPending, "
                 "SetNext, Remember, Forget: the value it sets, adds, remembers or forgets, "
                 "or the number of the player who moves next (SetVar, SetCounter: empty, -1)")
    ROLE = Slot("whose piece, value or score (a role code)")
    TYPES = Slot("Promote, Add: the first of COLOURS T.LIST entries, each colour's piece type "
                 "(0: none, which an Add reads as the colour's own type)")
    REGION = Slot("ForEachSite: the region at whose sites it runs APPLY, (site) set to each")
    SPAN = Slot("ForEachSite: 1 + the T.DYNREG row of a TRACK_SPAN in its region, whose ends "
                "it evaluates first (0: none)")
    APPLY = Slot("Sow, Custodial, Surround, ForEachSite: the effects it runs at each site it "
                 "captures or visits, (site) or (between) set to it (first T.LIST entry)")
    APPLY_COUNT = Slot("how many")
    VAR = Slot("SetVar: the variable (an I.VARS slot)")
    NAME_BIT = Slot("Remember, Forget, ForgetAll: the bit of S.REMEMBERED of the name")
    GEN = Slot("CanMove, Slide: the generator whose moves it looks for or makes (a T.GEN "
               "index)")
    LATER = Slot("Remove: 1 for at:EndOfTurn (the piece stays, marked in I.TO_CLEAR, until the "
                 "turn ends)")
    JUMP = Slot("SkipUnless, Skip, CanMove, IfThreatened: how many of the following list "
                "entries to pass over")
    COND = Span("SkipUnless: the condition")
    DIRS = Slot("Custodial, Surround: bitmask of the directions it looks along")
    TARGET_COND = Span("Custodial, Surround: the condition on each site it would capture, "
                       "(between)")
    FLANK_COND = Span("Custodial, Surround: the condition on each site that closes the "
                      "capture in, (to)")
    LIMIT = Span("Custodial: the most sites flanked (empty: no limit)")
    EXCEPT = Span("Surround: how many neighbours may be left open")
    CAPTURE_COND = Span("Sow: the capture condition at the last site (and backwards; empty: "
                        "always)")
    BACKTRACK_COND = Span("Sow: with BACKTRACK, whether to go on backwards (before and after "
                          "each step; empty: yes)")
    SKIP_COND = Span("Sow: sites where the condition holds get no seed")
    INCLUDE_SELF = Slot("Sow: 1 when a seed may drop back in the origin")
    ORIGIN = Slot("Sow: 1 when the first counter drops back into the site sown (origin:True)")
    BACKTRACK = Slot("Sow: 1 to capture backwards while sites qualify")
    SLAM_NO_CAPTURE = Slot("Sow: 1 when a capture of every opposing seed takes nothing")
    OPPONENTS = Slot("Sow: region code of the opponents' sites (for the grand slam)")
    TRACKS = Slot("Sow: the first of COLOURS T.LIST entries, each colour's track (a T.TRACKS "
                  "block)")
    OWNER = Span("Sow: the player whose track it sows along (empty: the track of colour 0)")


@codes(fields=E)
class EFF:
    """The effects."""

    SOW = Kind("sow the counters of a site along a track, then capture", name="sow",
               reads=(E.SITE, E.COUNT, E.CAPTURE_COND, E.APPLY, E.APPLY_COUNT, E.INCLUDE_SELF,
                      E.SKIP_COND, E.BACKTRACK, E.BACKTRACK_COND, E.SLAM_NO_CAPTURE,
                      E.OPPONENTS, E.TRACKS, E.OWNER, E.ORIGIN))
    FROM_TO = Kind("move counters from a site to a site", name="fromTo",
                   reads=(E.FROM_SITE, E.TO_SITE, E.COUNT))
    REMOVE = Kind("empty a site (LATER: when the turn ends)", name="remove",
                  reads=(E.SITE, E.LATER))
    MOVE_AGAIN = Kind("the mover moves again", name="moveAgain")
    # (if c A B) in a list: skip-unless c · A · skip · B
    SKIP_UNLESS = Kind("pass over JUMP entries unless the condition holds", name="skip-unless",
                       reads=(E.COND, E.JUMP))
    SKIP = Kind("pass over JUMP entries", name="skip", reads=(E.JUMP,))
    # (if (can Move M) A B) in a move's (then …): can-move · A · skip · B. The effects kernel
    # stops there (W.CAN_MOVE) and the move's caller, which may generate moves, settles it and
    # goes on.
    CAN_MOVE = Kind("pass over JUMP entries unless the generator has moves",
                    name="if-can-move", reads=(E.GEN, E.JUMP))
    # (if (is Threatened (id "King" ROLE)) A B) in a move's (then …): stops there the same way
    IF_THREATENED = Kind("pass over JUMP entries unless ROLE's T.THREAT piece is threatened",
                         name="if-threatened", reads=(E.ROLE, E.JUMP))
    CUSTODIAL = Kind("Ludii's custodial: lines of sites flanked from SITE, captured by APPLY",
                     name="custodial", reads=(E.SITE, E.DIRS, E.LIMIT, E.TARGET_COND,
                                              E.FLANK_COND, E.APPLY, E.APPLY_COUNT))
    SURROUND = Kind("Ludii's surround: neighbours of SITE whose own neighbours close them in "
                    "(EXCEPT may not)", name="surround",
                    reads=(E.SITE, E.DIRS, E.EXCEPT, E.TARGET_COND, E.FLANK_COND, E.APPLY,
                           E.APPLY_COUNT))
    PROMOTE = Kind("the piece at SITE becomes ROLE's piece of its colour's type in TYPES",
                   name="promote", reads=(E.SITE, E.TYPES, E.ROLE))
    ADD = Kind("ROLE's piece of its colour's type in TYPES placed on SITE, if empty",
               name="add", reads=(E.SITE, E.TYPES, E.ROLE))
    FOR_EACH_SITE = Kind("the effects APPLY at each site of REGION", name="for-each-site",
                         reads=(E.REGION, E.APPLY, E.APPLY_COUNT, E.SPAN))
    SET_VAR = Kind("variable VAR takes the value VALUE", name="set-var",
                   reads=(E.VAR, E.VALUE))
    SET_VALUE = Kind("the value of ROLE's player takes the value VALUE", name="set-value",
                     reads=(E.ROLE, E.VALUE))
    SET_PENDING = Kind("Ludii's (set Pending [VALUE]): (is Pending) holds until the next move",
                       name="set-pending", reads=(E.VALUE,))
    SET_SCORE = Kind("ROLE's score (I.SCORES) takes the value VALUE", name="set-score",
                     reads=(E.ROLE, E.VALUE))
    ADD_SCORE = Kind("ROLE's score grows by VALUE", name="add-score", reads=(E.ROLE, E.VALUE))
    SET_COUNTER = Kind("the counter (I.COUNTER) takes the value VALUE (empty: -1)",
                       name="set-counter", reads=(E.VALUE,))
    SET_STATE = Kind("the site SITE's local state (S.STATE) takes the value VALUE",
                     name="set-state", reads=(E.SITE, E.VALUE))
    ROLL = Kind("roll every die: each shows a face drawn with the state's chance generator "
                "(I.CHANCE), and I.PIPS their sum", name="roll")
    TRIGGER = Kind("ROLE's player is triggered (I.TRIGGERED)", name="trigger",
                   reads=(E.ROLE,))
    REMEMBER = Kind("the site VALUE joins the values remembered under the name NAME_BIT",
                    name="remember", reads=(E.NAME_BIT, E.VALUE))
    FORGET = Kind("the site VALUE leaves the values remembered under the name NAME_BIT",
                  name="forget", reads=(E.NAME_BIT, E.VALUE))
    SLIDE = Kind("the slide generator GEN's one move, played at once (Ludii's (slide …) in a "
                 "(then …), a castling's rook): along its one direction from its site, as far "
                 "as its stop rule and range allow", name="slide", reads=(E.GEN,))
    FORGET_ALL = Kind("every value remembered under the name NAME_BIT is forgotten",
                      name="forget-all", reads=(E.NAME_BIT,))
    SET_NEXT = Kind("Ludii's (set NextPlayer (player VALUE)) of a two-player game: the mover "
                    "moves again when VALUE is the mover's number, else the turn passes as "
                    "usual (the last such effect, or (moveAgain), of the move decides)",
                    name="set-next", reads=(E.VALUE,))


# ================================================================ moves (one int64 each)
# kind | to << KIND_BITS | from << FROM_SHIFT | generator << GEN_SHIFT
@codes
class MOVE:
    """A move's kind, its lowest KIND_BITS bits. Web matches and evolution runs keep move
    texts, never these codes."""

    ADD = Code("place a piece", name="add")
    SWAP = Code("the pie rule's swap", name="swap")
    PASS = Code("pass", name="pass")
    SELECT = Code("choose a site", name="select")
    PROPOSE = Code("propose (the site bits hold the proposal id)", name="propose")
    VOTE = Code("vote (the site bits hold the proposal id)", name="vote")
    SLIDE = Code("one piece moves from -> to", name="slide")
    HOP = Code("a capture series: the site bits hold its record's offset in the chain area",
               name="hop")
    STEP = Code("a piece of any type moves from -> to, after the step's apply effects (Step, "
                "FromTo: the generator's G.APPLY, G.THEN and G.COPY say what else it does)",
                name="step")


KIND_BITS = 4
KIND_MASK = (1 << KIND_BITS) - 1
SITE_BITS = 20
SITE_MASK = (1 << SITE_BITS) - 1
FROM_SHIFT = KIND_BITS + SITE_BITS
GEN_SHIFT = FROM_SHIFT + SITE_BITS
GEN_BITS = 12
GEN_MASK = (1 << GEN_BITS) - 1
#: The one legal move of a player who has none while another player could move: a pass that
#: Ludii forces (and leaves out of its move counts).
FORCED_PASS = MOVE.PASS | (1 << KIND_BITS)


# capture series: the search stack (rows of C + 1 in the P.W_CHAIN_STACK section) ...
@slots
class CH:
    """The rows of the capture-series search stack: one row of C + 1 entries a field."""

    CELL = Slot("the piece's cell at each depth")
    OPTION = Slot("the next jump to try there")
    CAPTURED = Slot("the piece jumped over to get there")
    LANDING = Slot("where the jump landed")
    EXTENDED = Slot("1 when a longer series went on from there")
    TAKEN = Slot("the captured stone, to put back")


@slots
class SPAN:
    """A span of moves that a (max Moves …) noted (P.W_SPANS): the caller keeps, of them, those
    that begin the longest turns."""

    FIRST = Slot("the first move's place in the move list")
    END = Slot("the place after the last")
    AT = Slot("the instruction (PR.KEEP_LONGEST) that noted it")


@slots
class TURN:
    """A level of the (max Moves …) search (P.W_TURNS): a list of moves of the same turn, the
    state they were listed in saved after it."""

    START = Slot("where the level's moves are (in P.W_TURN_MOVES)")
    COUNT = Slot("how many")
    NEXT = Slot("the next one to try")
    BEST = Slot("the most moves a turn through one of those tried counts so far (0: none)")


@slots
class CR:
    """A capture series found: [length k, from, landing 1..k, captured 1..k, key]; CR.SIZE
    entries besides its 2k sites."""

    LENGTH = Slot("k: the jumps")
    FROM = Slot("where the piece started")
    PATH = Slot("the landings (k), then the captured sites (k), then the key at PATH + 2k")


# ================================================================ the state
@slots
class I:  # noqa: E742 - the state scalars: s[I.MOVER]
    """The state's scalars: ``s[I.MOVER]``."""

    MOVER = Slot("colour to move")
    PLY = Slot("plies played")
    TURNS = Slot("turns completed")
    LAST_TO = Slot("where the last move went")
    LAST_FROM = Slot("where the last move came from (-1: a placement)")
    LAST_AFTER = Slot("where the last move's consequences ended (a sowing's last site; -1: at "
                      "its to): Ludii's (last To afterConsequence:True)")
    PREV_MOVER = Slot("the colour that made the last move (-1 before the first): Ludii's prev")
    NEMPTY = Slot("empty board cells (the first I.NEMPTY entries of S.EMPTIES)")
    CELLS = Slot("C, copied here so state-only helpers can find the sections")
    OVER = Slot("1 when the game has ended")
    WINNER = Slot("colour of the winner, -1 none (draw or ongoing)")
    END_OP = Slot("the condition op that ended the game; an END code when negative")
    END_CLAUSE = Slot("the end clause that applied")
    RANKS = Slot("ranks by colour (0 = not ranked yet)", width=COLOURS)
    ACTIVE = Slot("1 if the colour is still playing", width=COLOURS)
    BEST_FREE = Slot("best rank not given yet (n players: a win takes it)")
    WORST_FREE = Slot("worst rank not given yet (n players: an elimination takes it)")
    SWAPPED = Slot("1 after a pie-rule swap: player p plays colour 1-p")
    STUCK = Slot("1 while the end clauses are tried because the player to move has no move")
    NEXT_IS_MOVER = Slot("1 while the end clauses are tried after a move whose player moves "
                         "again: Ludii's next player is the mover then")
    MOVE_AGAIN = Slot("1: the mover moves again")
    FORCED_PASSES = Slot("forced passes played (Ludii counts no move for them)")
    PASSED_TURNS = Slot("the turns in a row that were one pass each (kept where P.PASSES is "
                        "PASSES.NEVER)")
    TURN_MOVES = Slot("the moves of the turn so far (Ludii's (count MovesThisTurn))")
    FROM = Slot("the context site (from), for conditions and effects")
    TO = Slot("the context site (to)")
    SITE = Slot("the context site (site)")
    BETWEEN = Slot("the context site (between): the site a hop jumps over")
    VALUE = Slot("Ludii's context value ((value)): while a sowing tests its skipIf:, the "
                 "seeds it has left to sow (1: the last)")
    LOOP_FLAG = Slot("the last stone touched one group in two separate arcs")
    RUNS_KEY = Slot("(ply, colour) for which the run-length cache is valid, 0 none")
    RUNS = Slot("run-length cache, one per axis", width=MAX_AXES)
    SCORES = Slot("score of each colour (byScore)", width=COLOURS)
    PIECES = Slot("pieces of each colour on the board", width=COLOURS)
    DICE = Slot("each die's value as last rolled, 0 once a move used it", width=MAX_DICE)
    PIPS = Slot("the sum of the dice as last rolled")
    FACES = Slot("each die's face as last rolled (or as a double replayed shows it again), "
                 "used or not", width=MAX_DICE)
    PIP = Slot("the context value (pips): the die (or dice) (forEach Die …) is at")
    DOUBLE = Slot("Ludii's temp of a (forEach Die replayDouble:True …): the value of a double "
                  "being played a second time (0: none); a die's move then shows it on every "
                  "die again")
    CHANCE = Slot("the chance generator's state (splitmix64): a roll draws from it, so a "
                  "position and its move decide the roll, and a seed decides a game's rolls")
    PHASE = Slot("each colour's phase of play", width=COLOURS)
    VALUES = Slot("each colour's value (Ludii's (set Value ROLE v), (value Player ROLE)), -1 "
                  "unset", width=COLOURS)
    VARS = Slot("Ludii's variables ((set Var \"Name\" v), (var \"Name\")), -1 unset",
                width=MAX_VARS)
    COUNTER = Slot("Ludii's counter: 1 more after every move (after its end rules are tried); "
                   "(set Counter) sets it, to -1 by default, so it reads 0 after that move")
    PENDING = Slot("different values the last move set pending (0, 1, 2 for more): Ludii's "
                   "(is Pending) while not 0, until the next")
    PENDING_VALUE = Slot("the first value set pending this move (I.PENDING: how many different "
                         "ones, at most 2)")
    VISITED = Slot("Ludii's visited sites: a bit per site, the from- and to-sites of the moves "
                   "of the turn so far ((is Visited SITE))", width=VISITED_WORDS)
    TO_CLEAR = Slot("Ludii's sites to clear: a bit per site whose piece a (remove … "
                    "at:EndOfTurn) of this turn marked ((sites ToClear)); removed, and the bits "
                    "cleared, when the turn passes", width=VISITED_WORDS)
    TRIGGERED = Slot("bit k: a (trigger \"Event\" ROLE) happened for colour k (Ludii keeps one "
                     "flag per player, whatever the event's name)")
    PROPOSED = Slot("id + 1 of the pending proposal (0: none)")
    DECIDED = Slot("id + 1 of the decided proposal (0: none)")
    HIST_LEN = Slot("positions in the history section")
    HIST_AT = Slot("the history entry of the current position")
    CYCLE = Slot("1 when the position after the last move occurred before")
    TOTAL = Slot("total count on the board when the history was last cleared")


@slots
class S:
    """The state's per-site sections, C entries each, at I.SIZE + k * C (core.sec); the
    history follows them."""

    BOARD = Slot("0 empty, colour + 1")
    EMPTIES = Slot("the empty board cells first (I.NEMPTY of them), then the others")
    EPOS = Slot("each cell's place in S.EMPTIES")
    PARENT = Slot("union-find parent")
    GMASK = Slot("goal bits of the group rooted at the cell")
    COUNTS = Slot("pieces or counters on the site")
    WHAT = Slot("the type of the piece on the site (1..K; 0: none, or its player's own type)")
    STATE = Slot("Ludii's local state of the site: it goes with a piece that moves, and a site "
                 "emptied (a piece taken, the last counter gone) is reset to 0; trials save it "
                 "only in games that use it (P.LOCAL_STATES)")
    REMEMBERED = Slot("bit k: the site is among the values remembered under the game's k-th "
                      "name (Ludii's (remember Value \"Name\" SITE)); the last section, which "
                      "trials save only in games that remember (P.REMEMBERS)")


@slots
class H:
    """A history entry (after the per-site sections: P.HISTORY of them)."""

    HASH = Slot("a position (its hash) seen since the count last changed ...")
    COUNT = Slot("... and how many times")


BOARD = I.SIZE  # the board section starts right after the scalars: s[BOARD + cell]


@codes(first=-1, step=-1)
class END:
    """I.END_OP when the game ended for a reason that is not an op."""

    NO_MOVES = Code("the player to move had no legal move and no clause applied")
    TIMEOUT = Code("the move limit was reached")


# ================================================================ the work array
@slots
class W:
    """The work array's scalars: ``w[W.ERROR]``; its sections (P.W_*) follow them."""

    ERROR = Slot("an ERR code: the kernels met something they cannot play (0: none)")
    ERROR_AT = Slot("the record it concerns (an op, instruction, generator, effect ... index)")
    ERROR_VALUE = Slot("the value that was wrong")
    DEPTH = Slot("nesting level of trial moves and nested move lists")
    CHAIN_TOP = Slot("entries used in the chain area")
    DIST_READY = Slot("1 when the distances to the nearest enemy are computed for this "
                      "generation")
    LIMIT = Slot("> 0: generation may stop after this many moves (only whether moves exist "
                 "matters)")
    NO_MOVES = Slot("1 when that colour has no legal move (filled before end checks)",
                    width=COLOURS)
    CAN_MOVE = Slot("1 + the T.LIST place of an EFF.CAN_MOVE or IF_THREATENED the effects "
                    "stopped at (0: none) ...")
    CAN_MOVE_LEFT = Slot("... and how many list entries follow it")
    THREAT = Slot("1 when the colour's T.THREAT piece is threatened (before the conditions)",
                  width=COLOURS)
    LAZY = Slot("1: the next move program may leave its last do-filter to the caller, who "
                "draws one move at random and tests only that (random_move)")
    DEFERRED = Slot("the instruction record of the do-filter the program left to the caller "
                    "(-1: none)")
    TRACK_ENDS = Slot("the two ends of each TRACK_SPAN region (DR.SPAN), as its loop or "
                      "(forEach Site …) evaluated them", width=2 * MAX_SPANS)
    PRIORS_OPEN = Slot("(do PRIOR next:…) brackets open in the move program: moves tried "
                       "inside one are tried in the position PRIOR left, so without it")
    SPANS_ON = Slot("1: the move program notes the spans of its (max Moves …) (kernels.legal "
                    "asks, for the legal moves; not inside its own search)")
    SPANS = Slot("how many it noted (SPAN rows of P.W_SPANS)")
    TURN_SEARCH = Slot("1 while the (max Moves …) search plays moves: after a move that ends "
                       "the turn only the player to move is set (the search asks no more)")


# ================================================================ engine errors
@codes
class ERR:
    """What the kernels met (the Python side raises ludi.EngineError): the record type
    W.ERROR_AT points into, and what to say ({value}: W.ERROR_VALUE)."""

    OP = Error("an unknown condition op {value}", record="op")
    INSTRUCTION = Error("an unknown instruction {value} in the move program", record="prog")
    JUMP = Error("a jump to {value} that does not go forward in the move program",
                 record="prog")
    GENERATOR = Error("an unknown move generator {value}", record="gen")
    EFFECT = Error("an unknown effect {value}", record="eff")
    MOVE = Error("a move {value} of an unknown kind")
    REGION = Error("an unknown region code {value}")
    DYNREG = Error("an unknown kind of region {value}", record="dynreg")
    OUTCOME = Error("an unknown outcome {value}", record="clause")
    DEPTH = Error("trial moves nested deeper than the compiler allowed")
    VM_STACK = Error("a condition of {value} ops, longer than the condition stack", record="op")
    CHAINS = Error("more than {value} capture series in one position (the engine records at "
                   "most P.MAX_CHAINS)", record="gen")
    SOWING = Error("a sowing whose seeds can be dropped nowhere (every site is skipped)",
                   record="eff")
    HISTORY = Error("more than {value} distinct positions without a change of the count on the "
                    "board: more than the repetition history holds", record="op")
    DIVISION = Error("a division by zero (Ludii stops the game there too)", record="op")
    COUNT = Error("a move of {value} counters, more than the engine moves at once (MAX_MOVED)",
                  record="gen")
    REMEMBERED = Error("a value {value} to remember that is not a site (ludi remembers sites "
                       "only)", record="eff")
    PENDING = Error("(sites Pending) read after a move set different values pending: ludi "
                    "keeps one value only", record="op")
    STACK = Error("a piece landing on a stack of another player or kind at site {value}: "
                  "ludi's stacks hold pieces of one kind (Ludii would stack them)")
    TURN_DEPTH = Error("a turn of more than {value} moves under (max Moves …): more than its "
                       "search follows", record="prog")
    TURN_MOVES = Error("a turn under (max Moves …) whose moves at each step, one step after "
                       "the other, number more than its search holds ({value} at the last)",
                       record="prog")
    LEVELS = Error("more than {value} moves of the levels of stacks in one position: more "
                   "than the move buffer holds (its bound counts the pieces placed at the "
                   "start)", record="gen")


def state_size(cells: int, history: int = 0) -> int:
    """Scalars, the per-site sections, then ``history`` history entries."""
    return I.SIZE + S.SIZE * cells + H.SIZE * history


def section(cells: int, k: int) -> slice:
    """The slice of state section ``k`` (``S.BOARD`` ...) for a board of ``cells`` sites."""
    start = I.SIZE + k * cells
    return slice(start, start + cells)
