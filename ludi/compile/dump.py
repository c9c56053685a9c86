"""A compiled game printed in the layout's own vocabulary: ``ludi parse GAME --program``.

One line per record (end clause, condition op, instruction, generator, effect, region), its
fields by name, and beside it the ludeme it came from with its file, line and column.
``docs/engine.md`` walks through two dumps (Tic-Tac-Toe and Oware) section by section.

>>> import ludi
>>> print(dump(ludi.load("tictactoe").spec).splitlines()[0])
Tic-Tac-Toe: tables 273 integers, state 110, work 35
"""

from __future__ import annotations

import numpy as np

from ludi.compile import layout as L
from ludi.compile.compiler import GameSpec
from ludi.compile.records import Origin

ROLE_NAMES = {L.ROLE_MOVER: "Mover", L.ROLE_NEXT: "Next", L.ROLE_PREV: "Prev"}
REGION_NAMES = {L.REG_EMPTY: "Empty", L.REG_OCCUPIED_MOVER: "Occupied-Mover",
                L.REG_OCCUPIED_NEXT: "Occupied-Next", L.REG_OCCUPIED_PREV: "Occupied-Prev"}
PLAY_NAMES = {L.PLAY_ADD: "add", L.PLAY_PROGRAM: "program"}
BOUNDS = ("max_moves", "vm_stack", "depth", "max_chains", "chain_area")
#: The record types, in the order shown: title, origins key, section, width, field prefix and
#: the table of kinds (which fields each kind uses; None: every field).
RECORDS = [
    ("end clauses", "clause", L.T_CLAUSES, L.CLAUSE_WIDTH, "CL_", None),
    ("scores", "score", L.T_SCORES, L.SCORE_WIDTH, "SC_", None),
    ("condition ops", "op", L.T_CODE, L.OP_WIDTH, "O_", L.OPS),
    ("move program", "prog", L.T_PROG, L.PROG_WIDTH, "IN_", L.INSTRUCTIONS),
    ("generators", "gen", L.T_GEN, L.GEN_WIDTH, "G_", L.GENERATORS),
    ("effects", "eff", L.T_EFF, L.EFF_WIDTH, "E_", L.EFFECTS),
    ("dynamic regions", "dynreg", L.T_DYNREG, L.DYNREG_WIDTH, "DR_", L.DYNAMIC_REGIONS),
    ("next phases", "next_phase", L.T_NEXT_PHASE, L.NX_WIDTH, "NX_", None),
]
#: Fields that start a list in T_LIST, and the field holding its length.
LIST_LENGTHS = {"then": "then_count", "apply": "apply_count", "parts": "part_count",
                "scores": "score_count"}
WIDTH = 46  # the record's column; the source goes after it


def dump(spec: GameSpec) -> str:
    """The whole compiled program of ``spec`` as text."""
    t = spec.tables
    p = {name[2:].lower(): int(t[getattr(L, name)]) for name in L.PARAMETERS}
    lines = [f"{spec.name}: tables {len(t):,} integers, state {p['state_size']:,}, "
             f"work {p['work_size']:,}"]
    lines += _parameters(p)
    lines += _sections(t)
    for record_type in RECORDS:
        lines += _records(spec, *record_type)
    lines += _lists(t)
    lines += _regions(spec)
    lines += _sites(spec)
    return "\n".join(lines) + "\n"


def _parameters(p: dict[str, int]) -> list[str]:
    work = ["work_size"] + [k for k in p if k.startswith("w_")]
    sowing = [k for k in p if k.startswith("sow_")]
    groups = [
        ("parameters", [k for k in p if k not in BOUNDS + tuple(work) + tuple(sowing)]),
        ("sowing fast path", sowing if p["sow_fast"] else []),
        ("bounds", list(BOUNDS)),
        ("work array", work),
    ]
    out = []
    for title, keys in groups:
        if keys:
            out.append(f"{title}:")
            out += _wrap([f"{k}={PLAY_NAMES[p[k]] if k == 'play' else p[k]}" for k in keys])
    return out


def _sections(t: np.ndarray) -> list[str]:
    starts = [(int(t[getattr(L, name)]), name[2:].lower()) for name in L.SECTIONS]
    ends = [s for s, _ in starts[1:]] + [len(t)]
    return ["table sections (offset+length):"] + _wrap(
        [f"{name}@{start}+{end - start}" for (start, name), end in zip(starts, ends,
                                                                       strict=True)])


def _wrap(items: list[str], width: int = 92) -> list[str]:
    lines, line = [], "  "
    for item in items:
        if len(line) + len(item) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = "  "
        line += item + " "
    if line.strip():
        lines.append(line.rstrip())
    return lines


def _records(spec: GameSpec, title: str, key: str, section: int, width: int, prefix: str,
             kinds: dict | None) -> list[str]:
    origins = spec.origins[key]
    if not origins:
        return []
    names = {v: k for k, v in L.fields(prefix).items()}
    start = int(spec.tables[section])
    out = [f"{title}:"]
    for i, origin in enumerate(origins):
        row = spec.tables[start + i * width:start + (i + 1) * width]
        values = {names[f]: int(row[f]) for f in range(width)}
        if kinds is None:
            parts, shown = [], [names[f] for f in range(width)]
        else:
            name, used, *_ = kinds.get(values["kind"], (f"?{values['kind']}", ()))
            parts, shown = [name], [names[f] for f in used]
        for field in shown:
            if field.endswith(("_end", "_count")):
                continue  # shown with the field they close
            if field == "scores" and values["score_count"] == 0:
                continue  # not a (byScore …) clause
            parts.append(f"{field}={_value(spec, field, values)}")
        out.append(_line(f"  {i:>3}  {' '.join(parts)}", origin))
    return out


def _value(spec: GameSpec, field: str, values: dict[str, int]) -> str:
    """A field's value in words: ranges of ops and lists, roles, regions, sites, outcomes."""
    v = values[field]
    if f"{field}_end" in values:  # a range of ops: a condition or expression
        end = values[f"{field}_end"]
        return "-" if end <= v else (f"op{v}" if end - v == 1 else f"op{v}..{end - 1}")
    if field in LIST_LENGTHS:
        n = values[LIST_LENGTHS[field]]
        return "-" if n == 0 else (f"list{v}" if n == 1 else f"list{v}..{v + n - 1}")
    if field == "role":
        return ROLE_NAMES.get(v, f"P{v + 1}")
    if field in ("region", "opponents"):
        return _region(v)
    if field == "site":
        return spec.board.label(v)
    if field == "colour":
        return f"P{v + 1}"
    if field == "outcome":
        return L.OUTCOMES.get(v, f"?{v}")
    if field == "compare":
        return L.OPS.get(v, ("?",))[0]
    if field == "axes":
        return format(v, "b")
    return str(v)


def _line(text: str, origin: Origin | None) -> str:
    if origin is None:
        return text
    where = f"{origin.place} " if origin.place else ""
    source = origin.text if len(origin.text) <= 48 else origin.text[:47] + "…"
    return f"{text:<{WIDTH}} ; {where}{source}"


def _region(code: int) -> str:
    if code >= 0:
        return f"region{code}"
    if code in REGION_NAMES:
        return REGION_NAMES[code]
    if L.REG_OCCUPIED_LAST <= code <= L.REG_OCCUPIED_P1:
        return f"Occupied-P{L.REG_OCCUPIED_P1 - code + 1}"
    return f"dynamic{L.REG_DYNAMIC - code}"


def _lists(t: np.ndarray) -> list[str]:
    start, end = int(t[L.T_LIST]), int(t[L.T_EFF])
    if end == start:
        return []
    return ["lists (effect sequences, union parts):",
            "  " + " ".join(f"{i}:{int(v)}" for i, v in enumerate(t[start:end]))]


def _regions(spec: GameSpec) -> list[str]:
    t = spec.tables
    C = spec.board.num_cells
    start, end = int(t[L.T_REGIONS]), int(t[L.T_GEN])
    rows = t[start:end].reshape(-1, 4, C) if end > start else np.zeros((0, 4, C), np.int64)
    if len(rows) == 0:
        return []
    out = ["static regions (cells; per player where they differ):"]
    label = spec.board.label
    for i, region in enumerate(rows):
        per = [" ".join(label(int(c)) for c in np.flatnonzero(region[k])) or "none"
               for k in range(spec.num_players)]
        if all(x == per[0] for x in per):
            out.append(f"  {i:>3}  {per[0]}")
        else:
            out.append(f"  {i:>3}  " + " | ".join(f"P{k + 1}: {x}" for k, x in enumerate(per)))
    return out


def _sites(spec: GameSpec) -> list[str]:
    t = spec.tables
    label = spec.board.label
    out = []
    if spec.track:
        out.append("track: " + " ".join(label(c) for c in spec.track)
                   + (" (loops)" if t[L.P_TRACK_LOOP] else ""))
    maps = [f"P{k + 1}={label(s)}" for k, s in enumerate(spec.map_sites) if s >= 0]
    if maps:
        out.append("map entries: " + " ".join(maps))
    C = spec.board.num_cells
    init = int(t[L.T_INIT])
    counts, owners = t[init:init + C], t[init + C:init + 2 * C]
    start = [f"{label(c)}={'P' + str(int(owners[c])) + ':' if owners[c] else ''}{int(counts[c])}"
             for c in range(C) if counts[c] or owners[c]]
    if start:
        out.append("start:")
        out += _wrap(start)
    return out
