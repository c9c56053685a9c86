"""The Lark grammar (``grammars/ludi.lark``) and everything read off it.

The grammar's LALR parser runs on tables built once and shipped with the package
(:mod:`ludi.lang.tables`: Lark takes minutes to build them). Tokens come from ``reader.py``
(so they carry the positions of the original text, even after option and define expansion)
through a small custom lexer that maps each word to the grammar's keyword terminal. The
tables derived here — the head keywords of each ludeme rule, its category, the enumerations —
drive the printer, the canonical form and the random generator, so nothing needs to be kept in
sync by hand.
"""

from __future__ import annotations

import difflib
import functools
import sys
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import lark
from lark.exceptions import UnexpectedInput, UnexpectedToken

from ludi.errors import ArgumentError, LudiSyntaxError, UnknownLudeme
from ludi.files import shipped
from ludi.lang import tables as parser_tables
from ludi.lang.reader import Tok, check_nesting
from ludi.lang.tree import Named, Node, Sym, category_of

#: Rules whose array arguments are sets: their order does not change the game.
UNORDERED = {"cond_and", "cond_or", "region_union", "moves_or", "moves_and"}

_VALUE_TERMINALS = {"INT": "an integer", "FLOAT": "a number", "STRING": 'a string "…"'}
_TOKEN_KINDS = {"int": "INT", "float": "FLOAT", "string": "STRING"}


def grammar_path() -> Path:
    """The grammar file: inside the installed package, or in the checkout's ``grammars/``."""
    return shipped("grammars/ludi.lark")


class _TokLexer:
    """Feeds reader tokens (already split, with positions) to the LALR parser."""

    def lex(self, lexer_state, parser_state):
        table = grammar().keyword_terminal
        for i, tok in enumerate(lexer_state.text):
            if tok.kind in _TOKEN_KINDS:
                ttype = _TOKEN_KINDS[tok.kind]
            else:
                ttype = table.get(tok.text, "UNKNOWN")
            yield lark.Token(ttype, tok.text, start_pos=i, line=tok.line, column=tok.col)


@dataclass
class Grammar:
    parser: parser_tables.Parser
    keyword_terminal: dict[str, str]  # keyword text -> terminal name
    terminal_keyword: dict[str, str]  # terminal name -> keyword text
    rules: dict[str, list[list]]  # rule name -> expansions (lists of lark symbols)
    heads: dict[str, tuple[str, ...]]  # ludeme rule -> its head keywords
    enums: dict[str, tuple[str, ...]]  # enumeration rule -> its values
    categories: tuple[str, ...]  # start symbols: one per category
    parse_only: frozenset[str]  # rules read but not played (the grammar's @parse-only lines)
    parse_only_values: dict[str, frozenset[str]]  # enumeration -> values read but not played

    def playable_values(self, enum: str) -> tuple[str, ...]:
        """The values of an enumeration that the engine plays (generation picks only these)."""
        banned = self.parse_only_values.get(enum, frozenset())
        return tuple(v for v in self.enums[enum] if v not in banned)

    def rules_of(self, category: str) -> list[str]:
        """The ludeme rules of a category, e.g. ``rules_of("board")``."""
        return sorted(r for r in self.heads if category_of(r) == category)


def _read_rules(grammar_rules: list, keywords: dict[str, str]):
    """The grammar's rules (name -> expansions of Lark symbols), the head keywords of each
    ludeme rule and the values of each enumeration, from the rules in Lark's order (pairs of
    origin name and expansion) and the keyword terminals."""
    terminal_keyword = {v: k for k, v in keywords.items()}
    rules: dict[str, list[list]] = {}
    for origin, expansion in grammar_rules:
        rules.setdefault(origin, []).append(expansion)
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
    return rules, heads, enums


def categories_from(grammar_rules: list, keywords: dict[str, str]) -> tuple[str, ...]:
    """The grammar's categories (the parser's start symbols): the named rules that are ludemes,
    or stand for a choice of ludemes, and are not enumerations."""
    rules, heads, enums = _read_rules(grammar_rules, keywords)
    names = sorted(n for n in rules if not n.startswith("_"))
    return tuple(str(n) for n in names if "_" not in n and n not in enums
                 and (n in heads or any(category_of(r) == n for r in heads)))


@functools.lru_cache(maxsize=1)
def grammar() -> Grammar:
    """The grammar and its parser, read once per process from the shipped tables
    (:mod:`ludi.lang.tables`)."""
    text = grammar_path().read_text(encoding="utf-8")
    tables = parser_tables.read()
    if tables is None or tables["header"]["digest"] != parser_tables.digest(text):
        print("ludi: the grammar differs from the one its shipped parser tables were built "
              "for; building the parser with Lark (a few minutes, in this process only; "
              "`make parser-tables` ships new tables)", file=sys.stderr, flush=True)
        tables = parser_tables.build(text, categories_from)
    keyword_terminal = dict(tables["header"]["keywords"])
    terminal_keyword = {v: k for k, v in keyword_terminal.items()}
    every_rule = parser_tables.grammar_rules(tables)
    rules, heads, enums = _read_rules(every_rule, keyword_terminal)
    parser = parser_tables.Parser(tables, every_rule, _TokLexer())
    parse_only, parse_only_values = _parse_only(text, rules, enums)
    return Grammar(parser, keyword_terminal, terminal_keyword, rules, heads, enums,
                   parser.starts, parse_only, parse_only_values)


def _parse_only(text: str, rules, enums) -> tuple[frozenset[str], dict[str, frozenset[str]]]:
    """The grammar's ``// @parse-only`` lines: rule names, or ``enum: value value``."""
    names: set[str] = set()
    values: dict[str, frozenset[str]] = {}
    for line in text.splitlines():
        if not line.startswith("// @parse-only "):
            continue
        words = line.split()[2:]
        if words and words[0].endswith(":"):
            enum = words[0][:-1]
            unknown = [v for v in words[1:] if v not in enums.get(enum, ())]
            if unknown:
                raise ValueError(f"@parse-only: {enum} has no value {unknown[0]}")
            values[enum] = frozenset(words[1:])
            continue
        unknown = [w for w in words if w not in rules]
        if unknown:
            raise ValueError(f"@parse-only: no rule {unknown[0]} in the grammar")
        names.update(words)
    return frozenset(names), values


# ------------------------------------------------------------------ parsing

def parse_tokens(tokens: list[Tok], start: str = "game") -> Node:
    """Parse expanded reader tokens into a typed tree, or raise a located :class:`LudiError`."""
    g = grammar()
    if start not in g.categories:
        raise ValueError(f"unknown category {start!r}; categories: {', '.join(g.categories)}")
    if not tokens:
        raise LudiSyntaxError(f"empty text; expected {describe_category(start)}")
    check_nesting(tokens)  # also after defines were expanded
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
        pos = (src.source.name, src.line, src.col, src.source.line_text(src.line))
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

#: How messages name each category of ludemes ("expected a board such as (hex …)").
_CATEGORY_WORDS = {
    "board": "a board", "region": "a region", "site": "a site", "int": "an integer",
    "cond": "a condition", "moves": "moves", "effect": "an effect", "outcome": "an outcome",
    "clause": "an end clause", "metarule": "a meta rule", "init": "a start rule",
    "equip": "an item of equipment", "number": "a number",
}
_MAX_EXAMPLES = 5
#: How messages name enumerations that are listed by name ("a role (Mover, Next, …)").
_ENUM_WORDS = {"role": "a role", "directions": "directions", "compass": "a compass direction"}


def describe_terminal(name: str) -> str:
    g = grammar()
    if name in _VALUE_TERMINALS:
        return _VALUE_TERMINALS[name]
    if name == "LBRACE":
        return "an array { … }"
    if name in g.terminal_keyword:
        return f"'{g.terminal_keyword[name]}'"
    return name


def _shape(rule: str) -> str:
    """A ludeme rule as a short example: ``(sites Empty)``, ``(hex …)``."""
    g = grammar()
    head = " ".join(g.heads[rule])
    takes_args = any(len(exp) > 2 + len(g.heads[rule]) for exp in g.rules[rule])
    return f"({head} …)" if takes_args else f"({head})"


def _examples(category: str) -> list[str]:
    """A few ludemes of ``category`` in the grammar's order: one per head word first."""
    g = grammar()
    order = []
    for exp in g.rules.get(category, []):
        if len(exp) != 1:
            continue
        sym = exp[0]
        if sym.is_term and sym.name == "INT":
            order.append("3")
        elif not sym.is_term and sym.name in g.heads and g.heads[sym.name]:
            order.append(sym.name)
    picked, seen = [], set()
    for r in order:
        key = r if r == "3" else g.heads[r][0]
        if key not in seen:
            seen.add(key)
            picked.append(r)
    for r in order:  # few head words (region: all "sites"): add longer heads of the same words
        if len(picked) >= 4:
            break
        if r not in picked and r != "3" and len(g.heads[r]) > 1:
            picked.append(r)
    picked.sort(key=order.index)
    return [r if r == "3" else _shape(r) for r in picked]


def describe_category(category: str, limit: int = _MAX_EXAMPLES) -> str:
    """Words for what a category accepts, e.g. "a region such as (sites Empty), (union …)"."""
    g = grammar()
    word = _CATEGORY_WORDS.get(category)
    if word is None:
        if category in g.heads:  # a single ludeme such as (to …) or (players …)
            return _shape(category)
        word = f"a {category}"
    examples = _examples(category)
    if not examples:
        return word
    more = ", …" if len(examples) > limit else ""
    return f"{word} such as {', '.join(examples[:limit])}{more}"


def _head_at(tokens: list[Tok], k: int, stop: int | None = None) -> tuple[str, ...]:
    """The ludeme head written from ``tokens[k]`` on (before ``stop``): the longest run of
    keywords that is a rule's head, else that starts one (``is`` of ``is Line``)."""
    g = grammar()
    stop = len(tokens) if stop is None else stop
    words: list[str] = []
    while k + len(words) < stop:
        t = tokens[k + len(words)]
        if t.kind != "word" or t.text not in g.keyword_terminal:
            break
        words.append(t.text)
    heads = set(g.heads.values())
    for n in range(len(words), 0, -1):
        if tuple(words[:n]) in heads:
            return tuple(words[:n])
    for n in range(len(words), 0, -1):
        if any(h[:n] == tuple(words[:n]) for h in heads):
            return tuple(words[:n])
    return ()


def _enclosing(tokens: list[Tok], index: int) -> tuple[str | None, int, bool]:
    """The head of the innermost unclosed '(' before ``index``, how many arguments come before
    ``index`` in it (in its innermost unclosed ``{ … }`` when there is one), and whether
    ``index`` is inside such an array."""
    depth = 0
    inner = None  # index of the innermost unclosed bracket of either kind
    for j in range(index - 1, -1, -1):
        t = tokens[j]
        if t.kind in ("close", "rbrace"):
            depth += 1
        elif t.kind in ("open", "lbrace"):
            if depth > 0:
                depth -= 1
                continue
            if inner is None:
                inner = j
            if t.kind == "open":
                head = _head_at(tokens, j + 1, index)
                first = j + 1 + len(head) if inner == j else inner + 1
                nargs, d = 0, 0
                for t2 in tokens[first:index]:
                    if t2.kind in ("open", "lbrace"):
                        if d == 0:
                            nargs += 1
                        d += 1
                    elif t2.kind in ("close", "rbrace"):
                        d -= 1
                    elif d == 0 and t2.kind != "named":
                        nargs += 1
                return (" ".join(head) or None), nargs, inner != j
    return None, 0, False


def _what(tokens: list[Tok], index: int) -> str:
    tok = tokens[index]
    if tok.kind == "open":
        head = _head_at(tokens, index + 1)
        g = grammar()
        rules = [r for r, h in g.heads.items() if h == head]
        if head and rules and all("…" not in _shape(r) for r in rules):
            return f"({' '.join(head)})"
        return f"({' '.join(head)} …)" if head else "a ludeme"
    return {"int": "an integer", "float": "a number", "string": "a string",
            "lbrace": "an array { … }", "named": f"the named argument '{tok.text}'",
            }.get(tok.kind, f"'{tok.text}'")


def _category_words(tokens: list[Tok], index: int) -> str:
    """ "a region" when the ludeme written at ``tokens[index]`` (just after its '(') belongs to
    one category; "" when unknown or ambiguous."""
    g = grammar()
    head = _head_at(tokens, index)
    cats = {category_of(r) for r, h in g.heads.items() if h == head}
    if len(cats) == 1:
        cat = cats.pop()
        return "a moves ludeme" if cat == "moves" else _CATEGORY_WORDS.get(cat, "")
    return ""


def _accepts(ip) -> set[str]:
    """The terminals the parser state ``ip`` accepts (exact: it tries each one)."""
    try:
        return set(ip.accepts())
    except Exception:  # noqa: BLE001 - best effort only, for the message
        return set(ip.choices())


def _syntax_error(e: UnexpectedInput, tokens: list[Tok], start: str) -> LudiSyntaxError:
    g = grammar()
    if not isinstance(e, UnexpectedToken):  # pragma: no cover - the custom lexer never fails
        return LudiSyntaxError(str(e))
    # LALR merges states, so e.expected may list tokens that would fail one step later:
    # ask the parser which ones it really accepts.
    ip = e.interactive_parser
    acc = _accepts(ip) if ip is not None else set(e.expected)
    accept = _accepted(ip, acc)
    ok_words = sorted(g.terminal_keyword[t] for t in acc if t in g.terminal_keyword
                      and t not in ("LPAR", "RPAR", "LBRACE", "RBRACE"))
    if e.token.type == "$END":
        last = tokens[-1]
        head, _, _ = _enclosing(tokens, len(tokens))
        inside = f" inside ({head} …)" if head else ""
        return last.error(LudiSyntaxError, f"the text ends too early{inside}: expected "
                          f"{accept}", expected=ok_words)
    index = e.token.start_pos
    tok = tokens[index]
    after_paren = index > 0 and tokens[index - 1].kind == "open"

    def hint_for(word: str, candidates) -> tuple[list[str], str]:
        near = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.5)
        return near, (f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else "")

    if acc == {"$END"}:
        return tok.error(LudiSyntaxError, f"unexpected {_what(tokens, index)} after the end "
                         f"of the {start}", expected=[])
    if after_paren:
        # a whole ludeme in the wrong place: say what the place takes, from the state before '('
        head, _, in_array = _enclosing(tokens, index - 1)
        where = (f"in the array of ({head} …)" if in_array else f"in ({head} …)") if head \
            else "here"
        place = accept
        try:
            before = g.parser.parse_interactive(tokens[:index - 1], start=start)
            before.exhaust_lexer()
            place = _accepted(before, _accepts(before))
        except Exception:  # noqa: BLE001 - best effort only, for the message
            pass
        if tok.kind != "word":
            found = "empty brackets ()" if tok.kind == "close" else _what(tokens, index)
            return tok.error(ArgumentError, f"a '(' must be followed by a ludeme's name, found "
                             f"{found} {where}; expected {place}", expected=ok_words)
        if tok.text not in g.keyword_terminal:
            near, hint = hint_for(tok.text, ok_words or list(g.keyword_terminal))
            return tok.error(UnknownLudeme, f"unknown ludeme '{tok.text}' {where}; expected "
                             f"{place}{hint}", expected=ok_words, suggestions=near)
        # a real ludeme, so no spelling hint: (is …) is no misspelt (if …)
        kind = _category_words(tokens, index)
        is_kind = f" is {kind} and" if kind else ""
        return tok.error(ArgumentError, f"{_what(tokens, index - 1)}{is_kind} cannot be used "
                         f"{where}; expected {place}", expected=ok_words)
    head, nargs, in_array = _enclosing(tokens, index)
    where = (f"in the array of ({head} …)" if in_array else f"in ({head} …)") if head else "here"
    if tok.kind == "word" and tok.text not in g.keyword_terminal:
        near, hint = hint_for(tok.text, ok_words or list(g.keyword_terminal))
        return tok.error(UnknownLudeme, f"unknown word '{tok.text}' {where}; expected "
                         f"{accept}{hint}", expected=ok_words, suggestions=near)
    if tok.kind == "named" and tok.text not in ok_words:
        named = [w for w in ok_words if w.endswith(":")]
        near, hint = hint_for(tok.text, named or ok_words)
        return tok.error(ArgumentError, f"no named argument '{tok.text}' {where}; expected "
                         f"{accept}{hint}", expected=ok_words, suggestions=near)
    if tok.kind == "close":
        missing = "an argument" if nargs == 0 else f"argument {nargs + 1}"
        what = f"({head} …) is missing {missing}" if head else f"missing {missing}"
        return tok.error(ArgumentError, f"{what}: expected {accept}", expected=ok_words)
    if tok.kind == "rbrace":
        what = "is empty" if nargs == 0 else f"ends after {nargs} item(s)"
        return tok.error(ArgumentError, f"the array {where.removeprefix('in the array ')} "
                         f"{what}: expected {accept}", expected=ok_words)
    if acc == {"RPAR"}:
        return tok.error(ArgumentError, f"too many arguments {where}: {_what(tokens, index)} "
                         f"after argument {nargs}; expected ')'", expected=[")"])
    if head is None:  # at the top of a fragment
        return tok.error(ArgumentError, f"expected {accept}, found {_what(tokens, index)}",
                         expected=ok_words)
    prev = tokens[index - 1] if index > 0 else None
    near, hint = hint_for(tok.text, ok_words) if tok.kind in ("word", "named") else ([], "")
    if prev is not None and prev.kind == "named":
        return tok.error(ArgumentError, f"the value of '{prev.text}' {where} is "
                         f"{_what(tokens, index)}; it accepts {accept}{hint}",
                         expected=ok_words, suggestions=near)
    return tok.error(ArgumentError, f"argument {nargs + 1} {where} is {_what(tokens, index)}; "
                     f"it accepts {accept}{hint}", expected=ok_words, suggestions=near)


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _ludemes_after_lpar(ip) -> tuple[list[str], bool]:
    """What may follow a '(' in parser state ``ip``: descriptions of whole categories (a board,
    a region, …) and of single ludemes ((to …)); and whether the integer category is one."""
    g = grammar()
    after_ip = ip.copy()
    try:
        after_ip.feed_token(lark.Token("LPAR", "("))
    except Exception:  # noqa: BLE001 - best effort only, for the message
        return [], False
    after = {g.terminal_keyword[t] for t in _accepts(after_ip) if t in g.terminal_keyword}
    firsts: dict[str, set[str]] = {}
    for rule, head in g.heads.items():
        if head and "_" in rule:
            firsts.setdefault(category_of(rule), set()).add(head[0])
    # a category fits when every ludeme of it may start here; drop one whose ludemes are all
    # ludemes of another that fits (an end clause (if …) inside a condition's (if …))
    fit = [c for c, f in firsts.items() if f <= after]
    fit = [c for c in fit if not any(firsts[c] < firsts[o] for o in fit)]
    covered = set().union(*(firsts[c] for c in fit)) if fit else set()
    singles = [r for r, head in g.heads.items()
               if head and "_" not in r and head[0] in after - covered]
    fit.sort(key=lambda c: min(_rule_order(r) for r in g.rules_of(c)))
    singles.sort(key=_rule_order)
    limit = _MAX_EXAMPLES if len(fit) + len(singles) == 1 else 3
    return ([describe_category(c, limit) for c in fit] + [_shape(r) for r in singles],
            "int" in fit)


def _rule_order(rule: str) -> int:
    """Position of a rule in the grammar file, to list things in the author's order."""
    return list(grammar().rules).index(rule)


def _accepted(ip, expected) -> str:
    """Readable list of what the parser state ``ip`` accepts (``expected``: its terminals),
    naming categories of ludemes where a '(' may come."""
    g = grammar()
    expected = set(expected) - {"$END"}
    parts: list[str] = []
    with_int = False
    if "LPAR" in expected and ip is not None:
        parts, with_int = _ludemes_after_lpar(ip)
    values = [t for t in ("INT", "FLOAT", "STRING") if t in expected
              and not (t == "INT" and with_int)]
    parts += [describe_terminal(t) for t in values]
    if "LBRACE" in expected:
        parts.append(describe_terminal("LBRACE"))
    words = {g.terminal_keyword[t] for t in expected if t in g.terminal_keyword
             and t not in ("LPAR", "RPAR", "LBRACE", "RBRACE")}
    for enum, vals in g.enums.items():  # whole enumerations by name: "a role (Mover, …)"
        if enum == "bool" and set(vals) <= words:
            parts.append("True/False")
            words -= set(vals)
        elif len(vals) >= 4 and set(vals) <= words:
            shown = ", ".join(vals[:4]) + (", …" if len(vals) > 4 else "")
            parts.append(f"{_ENUM_WORDS.get(enum, 'a ' + enum)} ({shown})")
            words -= set(vals)
    parts += [f"'{w}'" for w in sorted(words, key=lambda w: (w.endswith(":"), w))]
    if "RPAR" in expected:
        parts.append("')'")
    return _join(parts) if parts else "nothing more here"


# ------------------------------------------------------------------ printing

def _arg_text(arg, width: int, indent: int, trail: int = 0, col: int | None = None) -> str:
    """``arg`` as text. Its first line starts at column ``col`` (``indent`` by default), further
    lines are indented from ``indent``, and ``trail`` closing brackets follow its last line."""
    col = indent if col is None else col
    if isinstance(arg, Node):
        return print_node(arg, width, indent, trail, col)
    if isinstance(arg, Named):
        prefix = f"{arg.name}:"
        return prefix + _arg_text(arg.value, width, indent, trail, col + len(prefix))
    if isinstance(arg, bool):
        return "True" if arg else "False"
    if isinstance(arg, str):
        return f'"{arg}"'
    if isinstance(arg, Sym):
        return arg.name
    if isinstance(arg, float):
        return _float_text(arg)
    if isinstance(arg, tuple):
        inner = [_arg_text(a, width, indent + 2) for a in arg]
        flat = "{" + " ".join(inner) + "}"
        if col + len(flat) + trail <= width and "\n" not in flat:
            return flat
        pad = " " * (indent + 2)
        return "{\n" + "\n".join(pad + t for t in inner) + "\n" + " " * indent + "}"
    return repr(arg)


def _float_text(x: float) -> str:
    """A float as the reader reads it back: digits, a point, digits (never ``1e-05``)."""
    text = repr(x)
    if "e" in text or "E" in text:
        text = format(Decimal(text), "f")
        if "." not in text:
            text += ".0"
    return text


def print_node(node: Node, width: int = 88, indent: int = 0, trail: int = 0,
               col: int | None = None) -> str:
    """The ludeme as text: on one line when it fits in ``width`` (counting the ``trail``
    closing brackets that follow it), else one argument a line."""
    col = indent if col is None else col
    # a node the compiler builds itself (no grammar rule) prints by its rule's name
    head = " ".join(grammar().heads.get(node.rule, (node.rule,)))
    # leading literals (names, numbers) stay on the head line; the rest go one a line
    k = 0
    while k < len(node.args) and not isinstance(node.args[k], (Node, Named, tuple)):
        k += 1
    last = len(node.args) - 1
    parts = [_arg_text(a, width, indent + 2, trail + 1 if i == last else 0)
             for i, a in enumerate(node.args)]
    flat = "(" + " ".join([head, *parts]) + ")"
    if (col + len(flat) + trail <= width or k == len(parts)) and "\n" not in flat:
        return flat
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
