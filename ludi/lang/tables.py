"""The grammar's LALR parser, built once and shipped as tables.

Lark builds an LALR parser for ``grammars/ludi.lark`` in minutes, not seconds: every optional
argument doubles a rule's expansions (7,400 rules, 18,000 states). So the tables are built once,
by ``make parser-tables``, and shipped beside this module (``parser_tables.npz``, with the
grammar's digest); :class:`Parser` reads them in a fraction of a second and puts Lark's own LALR
driver, tree builder and interactive parser (for error messages) on top of them. A state's
actions and a rule's tree builder are made the first time a parse needs them.

When the grammar file no longer matches the shipped tables (it was edited), the grammar is built
with Lark the slow way, once per process, and a test fails until the tables are rebuilt.

Format (arrays of one ``.npz``): the symbols (``names``, a JSON list, and ``is_terminal``); the
rules (``rule_origin``, the symbols of each rule's expansion from ``rule_offsets``, ``rule_order``
and ``rule_expand1``, Lark's own fields); the parse table (from ``state_offsets``, each action's
``action_symbol`` and ``action_target``: a state to shift or go to when >= 0, else
``-1 - rule``); and ``header``, a JSON object with the grammar's digest, the start and end state
of each start symbol, the keyword terminals and the start symbols in order.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections import deque
from pathlib import Path

import lark
import numpy as np
from lark.grammar import NonTerminal, Rule, RuleOptions, Terminal
from lark.lexer import LexerThread, PatternStr
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parsers.lalr_analysis import IntParseTable, Reduce, Shift
from lark.parsers.lalr_parser import _Parser

#: The shipped tables, beside this module.
TABLES = Path(__file__).with_name("parser_tables.npz")


def digest(text: str) -> str:
    """The grammar text's digest: the tables belong to this text."""
    return hashlib.sha256(text.encode()).hexdigest()


# ------------------------------------------------------------------ building (once)

def build(text: str, categories_of) -> dict:
    """Build the parser with Lark (minutes) and return its tables; ``categories_of(rules,
    keywords)`` names the start symbols from the grammar's rules (as :func:`grammar_rules`
    gives them) and keyword terminals."""
    options = {"parser": "lalr", "keep_all_tokens": True, "maybe_placeholders": False}
    probe = lark.Lark(text, start="game", **options)
    keywords = {t.pattern.value: t.name for t in probe.terminals
                if isinstance(t.pattern, PatternStr)}
    starts = list(categories_of([(r.origin.name, list(r.expansion)) for r in probe.rules],
                                keywords))
    full = lark.Lark(text, start=starts, **options)
    table = full.parser.parser.parser.parse_table
    rules = list(full.rules)
    assert all(r.alias is None and r.options.keep_all_tokens and r.options.priority is None
               and r.options.template_source is None for r in rules), "a rule this format lacks"
    names = sorted({s.name for r in rules for s in (r.origin, *r.expansion)}
                   | {s for row in table.states.values() for s in row})
    index = {name: i for i, name in enumerate(names)}
    terminal = {s.name for r in rules for s in r.expansion if s.is_term} | \
               {s for row in table.states.values() for s in row if s.isupper() or s == "$END"}
    rule_index = {id(r): i for i, r in enumerate(rules)}
    state_offsets, action_symbol, action_target = [0], [], []
    for state in range(len(table.states)):
        for sym, (action, arg) in sorted(table.states[state].items()):
            action_symbol.append(index[sym])
            action_target.append(arg if action is Shift else -1 - rule_index[id(arg)])
        state_offsets.append(len(action_symbol))
    header = {"digest": digest(text), "start_states": table.start_states,
              "end_states": table.end_states, "keywords": keywords, "starts": starts}
    return canonical({
        "header": header, "names": names,
        "is_terminal": np.array([n in terminal for n in names], np.uint8),
        "rule_origin": np.array([index[r.origin.name] for r in rules], np.int16),
        "rule_offsets": np.cumsum([0] + [len(r.expansion) for r in rules]).astype(np.int32),
        "rule_symbols": np.array([index[s.name] for r in rules for s in r.expansion], np.int16),
        "rule_order": np.array([r.order for r in rules], np.int32),
        "rule_expand1": np.array([r.options.expand1 for r in rules], np.uint8),
        "state_offsets": np.array(state_offsets, np.int32),
        "action_symbol": np.array(action_symbol, np.int16),
        "action_target": np.array(action_target, np.int32),
    })


def canonical(tables: dict) -> dict:
    """The same tables with the states numbered in a fixed order: breadth first from each
    start symbol's start and end states (by name), each state's actions by symbol. Lark numbers
    its states in the order of sets that hash by identity, so two builds of one grammar number
    them differently; this makes the file a function of the grammar alone."""
    offsets = tables["state_offsets"].tolist()
    symbol, target = tables["action_symbol"].tolist(), tables["action_target"].tolist()
    header = tables["header"]
    order: dict[int, int] = {}
    roots = [header[kind][start] for start in sorted(header["starts"])
             for kind in ("start_states", "end_states")]
    queue = deque()
    for root in roots:
        if root not in order:
            order[root] = len(order)
            queue.append(root)
    while queue:  # the actions are stored sorted by symbol name
        state = queue.popleft()
        for k in range(offsets[state], offsets[state + 1]):
            if target[k] >= 0 and target[k] not in order:
                order[target[k]] = len(order)
                queue.append(target[k])
    assert len(order) == len(offsets) - 1, "a state no start symbol reaches"
    old_of = sorted(order, key=order.get)
    new_offsets, new_symbol, new_target = [0], [], []
    for state in old_of:
        for k in range(offsets[state], offsets[state + 1]):
            new_symbol.append(symbol[k])
            new_target.append(order[target[k]] if target[k] >= 0 else target[k])
        new_offsets.append(len(new_symbol))
    renumbered = {kind: {start: order[state] for start, state in header[kind].items()}
                  for kind in ("start_states", "end_states")}
    return {**tables, "header": {**header, **renumbered},
            "state_offsets": np.array(new_offsets, np.int32),
            "action_symbol": np.array(new_symbol, np.int16),
            "action_target": np.array(new_target, np.int32)}


def save(tables: dict, path: Path = TABLES) -> None:
    arrays = {k: v for k, v in tables.items() if isinstance(v, np.ndarray)}
    for key in ("header", "names"):
        arrays[key] = np.frombuffer(json.dumps(tables[key]).encode(), np.uint8)
    np.savez_compressed(path, **arrays)


def read(path: Path = TABLES) -> dict | None:
    """The tables in ``path``, or None when there are none."""
    if not path.is_file():
        return None
    with np.load(path, allow_pickle=False) as data:
        tables = {k: data[k] for k in data.files}
    for key in ("header", "names"):
        tables[key] = json.loads(tables[key].tobytes())
    return tables


# ------------------------------------------------------------------ the grammar's rules

def _symbols(tables: dict) -> list:
    """One Lark symbol per name (shared by every rule that uses it)."""
    return [Terminal(name) if term else NonTerminal(name)
            for name, term in zip(tables["names"], tables["is_terminal"].tolist(), strict=True)]


def grammar_rules(tables: dict) -> list[tuple[str, list]]:
    """Every rule as (origin name, expansion as Lark symbols), in Lark's order."""
    symbols = _symbols(tables)
    names, offsets = tables["names"], tables["rule_offsets"].tolist()
    expansion = [symbols[i] for i in tables["rule_symbols"].tolist()]
    return [(names[origin], expansion[offsets[k]:offsets[k + 1]])
            for k, origin in enumerate(tables["rule_origin"].tolist())]


# ------------------------------------------------------------------ the parser

class _States(dict):
    """The parse table's states, each turned into Lark's ``{symbol: (action, arg)}`` the first
    time the parser enters it (a parse visits a few hundred of the 18,000)."""

    def __init__(self, tables: dict, rules: list[Rule]):
        super().__init__()
        self._offsets = tables["state_offsets"]
        self._symbol = tables["action_symbol"]
        self._target = tables["action_target"]
        self._names = tables["names"]
        self._rules = rules

    def __missing__(self, state: int) -> dict:
        lo, hi = int(self._offsets[state]), int(self._offsets[state + 1])
        row = {}
        for sym, target in zip(self._symbol[lo:hi].tolist(), self._target[lo:hi].tolist(),
                               strict=True):
            row[self._names[sym]] = (Shift, target) if target >= 0 \
                else (Reduce, self._rules[-1 - target])
        self[state] = row
        return row


class _Callbacks(dict):
    """Lark's tree builder of each rule, made the first time the rule is reduced."""

    def __bool__(self) -> bool:  # Lark skips tree building when its callbacks are empty
        return True

    def __missing__(self, rule: Rule):
        builder = ParseTreeBuilder([rule], lark.Tree, False, False, False)
        callback = builder.create_callback(None)[rule]
        self[rule] = callback
        return callback


class Parser:
    """Lark's LALR driver on the shipped tables: ``parse(tokens, start)`` and
    ``parse_interactive(tokens, start)`` as :class:`lark.Lark` has them, for a token list that
    ``lexer`` (an object with ``lex(lexer_state, parser_state)``) turns into Lark tokens."""

    def __init__(self, tables: dict, rules: list[tuple[str, list]], lexer):
        origins = {name: NonTerminal(name) for name in tables["names"]}
        made = [Rule(origins[origin], expansion, order, None,
                     RuleOptions(keep_all_tokens=True, expand1=bool(expand1)))
                for (origin, expansion), order, expand1 in
                zip(rules, tables["rule_order"].tolist(), tables["rule_expand1"].tolist(),
                    strict=True)]
        header = tables["header"]
        table = IntParseTable(_States(tables, made), header["start_states"],
                              header["end_states"])
        self._parser = _Parser(table, _Callbacks())
        self._lexer = lexer
        self.starts = tuple(header["starts"])

    def parse(self, tokens, start: str):
        return self._parser.parse(LexerThread.from_custom_input(self._lexer, tokens), start)

    def parse_interactive(self, tokens, start: str):
        return self._parser.parse(LexerThread.from_custom_input(self._lexer, tokens), start,
                                  start_interactive=True)


def main(path: str | Path = TABLES) -> None:
    """``make parser-tables``: build the tables of the grammar and ship them (to ``path``);
    the same grammar gives the same file (:func:`canonical`)."""
    from ludi.lang.grammar import categories_from, grammar_path

    path = Path(path)
    text = grammar_path().read_text(encoding="utf-8")
    print(f"building the LALR tables of {grammar_path()} with Lark (5 to 10 minutes)…",
          file=sys.stderr, flush=True)
    start = time.monotonic()
    tables = build(text, categories_from)
    save(tables, path)
    print(f"{path}: {len(tables['state_offsets']) - 1:,} states, "
          f"{len(tables['action_symbol']):,} actions, {len(tables['rule_origin']):,} rules "
          f"({time.monotonic() - start:.0f} s)", file=sys.stderr)
