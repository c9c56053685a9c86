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
from ludi.compile.schema import Namespace

PLAY_NAMES = {L.PLAY.ADD: "add", L.PLAY.PROGRAM: "program"}
BOUNDS = ("max_moves", "vm_stack", "depth", "max_chains", "chain_area")
#: The record types, in the order shown: title, origins key, section, fields and kinds (the
#: codes of its KIND field, each with the fields it reads; None: every field is shown).
RECORDS = [
    ("end clauses", "clause", L.T.CLAUSES, L.CL, None),
    ("scores", "score", L.T.SCORES, L.SC, None),
    ("condition ops", "op", L.T.CODE, L.O, L.OP),
    ("move program", "prog", L.T.PROG, L.IN, L.PR),
    ("generators", "gen", L.T.GEN, L.G, L.GEN),
    ("effects", "eff", L.T.EFF, L.E, L.EFF),
    ("dynamic regions", "dynreg", L.T.DYNREG, L.DR, L.DYN),
    ("next phases", "next_phase", L.T.NEXT_PHASE, L.NX, None),
]
#: Fields that start a list in T.LIST, and the field holding its length.
LIST_LENGTHS = {"then": "then_count", "apply": "apply_count", "parts": "part_count",
                "scores": "score_count"}
WIDTH = 46  # the record's column; the source goes after it


def dump(spec: GameSpec) -> str:
    """The whole compiled program of ``spec`` as text."""
    t = spec.tables
    p = {e.name.lower(): int(t[e.value]) for e in L.P}
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
    starts = [(int(t[e.value]), e.name.lower()) for e in L.T]
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


def _records(spec: GameSpec, title: str, key: str, section: int, fields: Namespace,
             kinds: Namespace | None) -> list[str]:
    origins = spec.origins[key]
    if not origins:
        return []
    names = {v: k for k, v in fields.fields().items()}
    width = fields.SIZE
    start = int(spec.tables[section])
    out = [f"{title}:"]
    for i, origin in enumerate(origins):
        row = spec.tables[start + i * width:start + (i + 1) * width]
        values = {names[f]: int(row[f]) for f in range(width)}
        if kinds is None:
            parts, shown = [], [names[f] for f in range(width)]
        else:
            kind = values["kind"]
            used = kinds.entry(kind).declared.reads if kind in kinds else ()
            parts, shown = [kinds.label(kind)], [names[f] for f in used]
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
        return L.ROLE.name_of(v).title() if v in L.ROLE else f"P{v + 1}"
    if field in ("region", "from_region", "to_region", "centres", "opponents"):
        return _region(v)
    if field in ("site", "first_site"):
        return spec.board.label(v)
    if field == "colour":
        return f"P{v + 1}"
    if field == "outcome":
        return L.OUTCOME.label(v)
    if field == "compare":
        return L.OP.label(v)
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
    """A region code in words: a static row, a code read off the position (by its name in the
    layout's REG, ``Occupied-P2`` and ``Component-3`` for the runs), or a dynamic row."""
    if code >= 0:
        return f"region{code}"
    if code <= L.REG.DYNAMIC:
        return f"dynamic{L.REG.DYNAMIC - code}"
    for e in L.REG:
        if e.value - e.width < code <= e.value:
            name = e.name.replace("_", "-").title()
            if e.width == 1:
                return name
            return f"{name.rsplit('-', 1)[0]}-{'P' if e.name == 'OCCUPIED_P1' else ''}" \
                   f"{e.value - code + 1}"
    return f"?{code}"


def _lists(t: np.ndarray) -> list[str]:
    start, end = int(t[L.T.LIST]), int(t[L.T.EFF])
    if end == start:
        return []
    return ["lists (effect sequences, union parts):",
            "  " + " ".join(f"{i}:{int(v)}" for i, v in enumerate(t[start:end]))]


def _regions(spec: GameSpec) -> list[str]:
    t = spec.tables
    C = spec.board.num_cells
    start, end = int(t[L.T.REGIONS]), int(t[L.T.GEN])
    rows = t[start:end].reshape(-1, L.COLOURS, C) if end > start else \
        np.zeros((0, L.COLOURS, C), np.int64)
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
                   + (" (loops)" if t[L.P.TRACK_LOOP] else ""))
    maps = [f"P{k + 1}={label(s)}" for k, s in enumerate(spec.map_sites) if s >= 0]
    if maps:
        out.append("map entries: " + " ".join(maps))
    C = spec.board.num_cells
    init = int(t[L.T.INIT])
    counts, owners = (t[init + k * C:init + (k + 1) * C] for k in (L.INIT.COUNTS, L.INIT.OWNERS))
    start = [f"{label(c)}={'P' + str(int(owners[c])) + ':' if owners[c] else ''}{int(counts[c])}"
             for c in range(C) if counts[c] or owners[c]]
    if start:
        out.append("start:")
        out += _wrap(start)
    return out


# ---------------------------------------------------------------- docs/engine.md


def family_table(family: Namespace) -> str:
    """A layout family as a markdown table: each name and what it means."""
    rows = [f"| `{family.__name__}.{e.name}` | {e.doc.replace('|', '/')} |" for e in family]
    return "\n".join(["| name | what it holds |", "|---|---|", *rows]) + "\n"


def engine_page(text: str) -> str:
    """``docs/engine.md`` with its generated blocks written anew: each ``<!-- dump: GAME -->``
    block is that shipped game's program dump, each ``<!-- layout: FAMILY -->`` table that
    family's declarations."""
    import re

    import ludi

    text = re.sub(r"(<!-- dump: (\w+) -->\n```\n).*?```",
                  lambda m: m.group(1) + dump(ludi.load(m.group(2)).spec) + "```", text,
                  flags=re.S)
    return re.sub(r"(<!-- layout: (\w+) -->\n)(?:\|.*\n)*",
                  lambda m: m.group(1) + family_table(getattr(L, m.group(2))), text)


def main(argv: list[str] | None = None) -> int:
    """``python -m ludi.compile.dump docs/engine.md`` (``make engine-docs``): rewrite the page's
    generated blocks."""
    import sys
    from pathlib import Path

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m ludi.compile.dump docs/engine.md", file=sys.stderr)
        return 2
    page = Path(args[0])
    page.write_text(engine_page(page.read_text()))
    print(f"wrote {page}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
