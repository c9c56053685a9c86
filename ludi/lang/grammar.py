"""The Lark grammar (``grammars/ludi.lark``) and everything read off it.

The grammar is loaded once into an LALR parser. Tokens come from ``reader.py`` (so they carry the
positions of the original text, even after option and define expansion) through a small custom
lexer that maps each word to the grammar's keyword terminal. The tables derived here — the head
keywords of each ludeme rule, its category, the enumerations — drive the printer, the canonical
form and the random generator, so nothing needs to be kept in sync by hand.
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import lark
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from ludi.errors import ArgumentError, LudiSyntaxError, UnknownLudeme
from ludi.lang.reader import Tok
from ludi.lang.tree import Named, Node, Sym, category_of

#: Rules whose array arguments are sets: their order does not change the game.
UNORDERED = {"cond_and", "cond_or", "region_union", "moves_or", "moves_and"}

_VALUE_TERMINALS = {"INT": "an integer", "FLOAT": "a number", "STRING": 'a string "…"'}
_TOKEN_KINDS = {"int": "INT", "float": "FLOAT", "string": "STRING"}


def grammar_path() -> Path:
    """The grammar file: inside the installed package, or in the checkout's ``grammars/``."""
    packaged = resources.files("ludi") / "grammars" / "ludi.lark"
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "grammars" / "ludi.lark"


class _TokLexer(lark.lexer.Lexer):
    """Feeds reader tokens (already split, with positions) to the LALR parser."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        table = grammar().keyword_terminal
        for i, tok in enumerate(data):
            if tok.kind in _TOKEN_KINDS:
                ttype = _TOKEN_KINDS[tok.kind]
            else:
                ttype = table.get(tok.text, "UNKNOWN")
            yield lark.Token(ttype, tok.text, start_pos=i, line=tok.line, column=tok.col)


@dataclass
class Grammar:
    parser: lark.Lark
    keyword_terminal: dict[str, str]  # keyword text -> terminal name
    terminal_keyword: dict[str, str]  # terminal name -> keyword text
    rules: dict[str, list[list]]  # rule name -> expansions (lists of lark symbols)
    heads: dict[str, tuple[str, ...]]  # ludeme rule -> its head keywords
    enums: dict[str, tuple[str, ...]]  # enumeration rule -> its values
    categories: tuple[str, ...]  # start symbols: one per category

    def rules_of(self, category: str) -> list[str]:
        """The ludeme rules of a category, e.g. ``rules_of("board")``."""
        return sorted(r for r in self.heads if category_of(r) == category)


@functools.lru_cache(maxsize=1)
def grammar() -> Grammar:
    text = grammar_path().read_text(encoding="utf-8")
    probe = lark.Lark(text, parser="lalr", start="game", keep_all_tokens=True,
                      maybe_placeholders=False, cache=True)
    names = sorted({r.origin.name for r in probe.rules if not r.origin.name.startswith("_")})
    keyword_terminal = {t.pattern.value: t.name for t in probe.terminals
                        if isinstance(t.pattern, PatternStr)}
    terminal_keyword = {v: k for k, v in keyword_terminal.items()}
    rules: dict[str, list[list]] = {}
    for r in probe.rules:
        rules.setdefault(r.origin.name, []).append(list(r.expansion))
    enums = {}
    heads = {}
    for name, exps in rules.items():
        if name.startswith("_"):
            continue
        if all(len(e) == 1 and e[0].is_term and e[0].name in terminal_keyword for e in exps):
            enums[name] = tuple(terminal_keyword[e[0].name] for e in exps)
            continue
        first = exps[0]
        if first and first[0].is_term and first[0].name == "LPAR":
            head = []
            for sym in first[1:]:
                if not (sym.is_term and sym.name in terminal_keyword):
                    break
                kw = terminal_keyword[sym.name]
                if kw.endswith(":") or kw in "{}()":
                    break
                head.append(kw)
            heads[name] = tuple(head)
    categories = tuple(str(n) for n in names if "_" not in n and n not in enums)
    parser = lark.Lark(text, parser="lalr", start=list(categories), keep_all_tokens=True,
                       maybe_placeholders=False, lexer=_TokLexer, cache=True)
    return Grammar(parser, keyword_terminal, terminal_keyword, rules, heads, enums, categories)


# ------------------------------------------------------------------ parsing

def parse_tokens(tokens: list[Tok], start: str = "game") -> Node:
    """Parse expanded reader tokens into a typed tree, or raise a located :class:`LudiError`."""
    g = grammar()
    if start not in g.categories:
        raise ValueError(f"unknown category {start!r}; categories: {', '.join(g.categories)}")
    if not tokens:
        raise LudiSyntaxError(f"empty text; expected {describe_category(start)}")
    try:
        tree = g.parser.parse(tokens, start=start)
    except UnexpectedInput as e:
        raise _syntax_error(e, tokens, start) from None
    return _to_node(tree, tokens)


def _value(tok: lark.Token):
    if tok.type == "INT":
        return int(tok)
    if tok.type == "FLOAT":
        return float(tok)
    if tok.type == "STRING":
        return str(tok)[1:-1]
    raise AssertionError(tok)


def _to_node(tree, tokens: list[Tok]):
    g = grammar()
    if isinstance(tree, lark.Token):
        return _value(tree)
    rule = tree.data
    if rule in g.enums:
        word = str(tree.children[0])
        return {"True": True, "true": True, "False": False, "false": False}[word] \
            if rule == "bool" else Sym(rule, word)
    children = tree.children
    head = g.heads[rule]
    first = children[0]
    pos = None
    if isinstance(first, lark.Token):
        src = tokens[first.start_pos]
        pos = (src.source.name, src.line, src.col)
    i = 1 + len(head)
    args: list = []
    stack: list[list] = [args]
    pending: list[str | None] = [None]
    for child in children[i:-1]:
        if isinstance(child, lark.Token) and child.type in g.terminal_keyword:
            kw = g.terminal_keyword[child.type]
            if kw == "{":
                stack.append([])
                pending.append(None)
                continue
            if kw == "}":
                arr = tuple(stack.pop())
                pending.pop()
                _push(stack, pending, arr)
                continue
            if kw.endswith(":"):
                pending[-1] = kw[:-1]
                continue
            raise AssertionError(f"keyword {kw!r} inside {rule}: grammar convention broken")
        _push(stack, pending, _to_node(child, tokens))
    return Node(rule, tuple(args), pos)


def _push(stack, pending, value):
    if pending[-1] is not None:
        value = Named(pending[-1], value)
        pending[-1] = None
    stack[-1].append(value)


# ------------------------------------------------------------------ error messages

def describe_terminal(name: str) -> str:
    g = grammar()
    if name in _VALUE_TERMINALS:
        return _VALUE_TERMINALS[name]
    if name in g.terminal_keyword:
        return f"'{g.terminal_keyword[name]}'"
    return name


def describe_category(category: str) -> str:
    """Words for what a category accepts, e.g. "a region such as (sites Empty), (union …)"."""
    g = grammar()
    examples = [f"({' '.join(g.heads[r])} …)" for r in g.rules_of(category)][:4]
    more = ", …" if len(g.rules_of(category)) > 4 else ""
    if not examples:
        return f"({' '.join(g.heads.get(category, (category,)))} …)"
    return f"a {category} such as {', '.join(examples)}{more}"


def _enclosing(tokens: list[Tok], index: int) -> tuple[str | None, int]:
    """The head words of the innermost unclosed '(' before ``index`` and how many arguments it
    has before ``index``."""
    depth = 0
    for j in range(index - 1, -1, -1):
        t = tokens[j]
        if t.kind in ("close", "rbrace"):
            depth += 1
        elif t.kind in ("open", "lbrace"):
            if depth == 0 and t.kind == "open":
                head = []
                k = j + 1
                g = grammar()
                while k < index and tokens[k].kind == "word" and tokens[k].text in \
                        g.keyword_terminal and not tokens[k].text.endswith(":"):
                    head.append(tokens[k].text)
                    k += 1
                # count complete arguments between the head and the error
                nargs, d = 0, 0
                for t2 in tokens[k:index]:
                    if t2.kind in ("open", "lbrace"):
                        if d == 0:
                            nargs += 1
                        d += 1
                    elif t2.kind in ("close", "rbrace"):
                        d -= 1
                    elif d == 0 and t2.kind != "named":
                        nargs += 1
                return (" ".join(head) or None), nargs
            if depth > 0:
                depth -= 1
    return None, 0


def _what(tok: Tok) -> str:
    return {"int": "an integer", "float": "a number", "string": "a string",
            "open": "a ludeme", "lbrace": "an array { … }"}.get(tok.kind, f"'{tok.text}'")


def _syntax_error(e: UnexpectedInput, tokens: list[Tok], start: str) -> LudiSyntaxError:
    g = grammar()
    if not isinstance(e, UnexpectedToken):  # pragma: no cover - the custom lexer never fails
        return LudiSyntaxError(str(e))
    if e.token.type == "$END":
        last = tokens[-1]
        return last.error(LudiSyntaxError, "the description ends too early")
    index = e.token.start_pos
    tok = tokens[index]
    expected = sorted(e.expected)
    prev = tokens[index - 1] if index > 0 else None
    after_paren = prev is not None and prev.kind == "open"
    head, nargs = _enclosing(tokens, index)
    where = f"in ({head} …)" if head else "here"
    # words the grammar could take at this point
    ok_words = [g.terminal_keyword[t] for t in expected if t in g.terminal_keyword]
    accept = _accepted(e, expected)
    if tok.kind == "word" and tok.text not in g.keyword_terminal:
        candidates = ok_words or list(g.keyword_terminal)
        near = difflib.get_close_matches(tok.text, candidates, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        what = "ludeme" if after_paren else "word"
        return tok.error(UnknownLudeme, f"unknown {what} '{tok.text}' {where}; expected "
                         f"{accept}{hint}", expected=ok_words, suggestions=near)
    if tok.kind == "close":
        return tok.error(ArgumentError, f"({head} …) is missing an argument: expected {accept}"
                         if head else f"missing an argument: expected {accept}",
                         expected=ok_words)
    if after_paren and tok.kind == "word":
        near = difflib.get_close_matches(tok.text, ok_words, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
        return tok.error(ArgumentError, f"({tok.text} …) cannot be used {where}; expected "
                         f"{accept}{hint}", expected=ok_words, suggestions=near)
    if expected == ["RPAR"]:
        return tok.error(ArgumentError, f"too many arguments {where}: {_what(tok)} "
                         f"after argument {nargs}; expected ')'", expected=[")"])
    near = difflib.get_close_matches(tok.text, ok_words, n=3, cutoff=0.5) \
        if tok.kind in ("word", "named") else []
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    return tok.error(ArgumentError, f"argument {nargs + 1} {where} is {_what(tok)}; "
                     f"it accepts {accept}{hint}", expected=ok_words, suggestions=near)


def _accepted(e: UnexpectedToken, expected: list[str]) -> str:
    """Readable list of what the parser would accept, naming categories after a '('."""
    g = grammar()
    values = [t for t in expected if t in _VALUE_TERMINALS]
    words = [t for t in expected if t not in _VALUE_TERMINALS and t not in ("LPAR", "RPAR")]
    parts = [describe_terminal(t) for t in values + words]
    if "LPAR" in expected and e.interactive_parser is not None:
        ip = e.interactive_parser.copy()
        try:
            ip.feed_token(lark.Token("LPAR", "("))
            after = ip.accepts()
        except Exception:  # noqa: BLE001 - best effort only, for the message
            after = set()
        cats = []
        for t in sorted(after):
            kw = g.terminal_keyword.get(t)
            for rule, head in g.heads.items():
                if head and head[0] == kw and "_" in rule:
                    cat = category_of(rule)
                    if cat not in cats:
                        cats.append(cat)
                elif head and head[0] == kw and rule not in cats:
                    cats.append(rule)
        parts = [describe_category(c) for c in cats] + parts
    if "RPAR" in expected:
        parts.append("')'")
    if not parts:
        return "nothing more here"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


# ------------------------------------------------------------------ printing

def _arg_text(arg, width: int, indent: int) -> str:
    if isinstance(arg, Node):
        return print_node(arg, width, indent)
    if isinstance(arg, Named):
        return f"{arg.name}:{_arg_text(arg.value, width, indent)}"
    if isinstance(arg, bool):
        return "True" if arg else "False"
    if isinstance(arg, str):
        return f'"{arg}"'
    if isinstance(arg, Sym):
        return arg.name
    if isinstance(arg, tuple):
        inner = [_arg_text(a, width, indent + 2) for a in arg]
        flat = "{" + " ".join(inner) + "}"
        if len(flat) + indent <= width and "\n" not in flat:
            return flat
        pad = " " * (indent + 2)
        return "{\n" + "\n".join(pad + t for t in inner) + "\n" + " " * indent + "}"
    return repr(arg)


def print_node(node: Node, width: int = 88, indent: int = 0) -> str:
    """The ludeme as text: on one line when it fits in ``width``, else one argument a line."""
    head = " ".join(grammar().heads[node.rule])
    parts = [_arg_text(a, width, indent + 2) for a in node.args]
    flat = "(" + " ".join([head, *parts]) + ")"
    if len(flat) + indent <= width and "\n" not in flat:
        return flat
    # leading literals (names, numbers) stay on the head line; the rest go one a line
    k = 0
    while k < len(node.args) and not isinstance(node.args[k], (Node, Named, tuple)):
        k += 1
    pad = " " * (indent + 2)
    first = " ".join([head, *parts[:k]])
    return "(" + first + "\n" + "\n".join(pad + p for p in parts[k:]) + ")"


def canonical_node(node: Node) -> Node:
    """The same game with unordered arrays sorted, so each distinct game has one form."""

    def canon(arg):
        if isinstance(arg, Node):
            return canonical_node(arg)
        if isinstance(arg, Named):
            return Named(arg.name, canon(arg.value))
        if isinstance(arg, tuple):
            items = tuple(canon(a) for a in arg)
            if node.rule in UNORDERED:
                items = tuple(sorted(items, key=lambda a: _arg_text(a, 10**9, 0)))
            return items
        return arg

    args = tuple(canon(a) for a in node.args)
    if node.rule in UNORDERED and len(args) == 2 and not any(
            isinstance(a, (tuple, Named)) for a in args):
        args = (tuple(sorted(args, key=lambda a: _arg_text(a, 10**9, 0))),)
    return Node(node.rule, args, node.pos)
