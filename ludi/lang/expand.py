"""Ludii's text mechanisms, applied before the grammar: options, rulesets and defines.

- ``(option "Cat" <Key> args:{<a> <b>} { (item "Name" <va> <vb> "doc")** … })``: the game text
  refers to ``<Key:a>`` (or ``<Key>`` when there is one argument); the chosen item's values replace
  them. The default item is the one with the most trailing ``*`` (the first when none has any).
- ``(rulesets { (ruleset "Ruleset/Name" {"Cat/Item" …})* … })``: a named set of items; the starred
  ruleset is the default.
- ``(define "Name" body)`` with ``#1``, ``#2`` parameters, used as ``("Name" arg1 arg2)``; a missing
  argument expands to nothing, as in Ludii.

Everything works on the reader's token lists, so each token keeps its original position.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path

from ludi.errors import DefineError, LudiSyntaxError, OptionError
from ludi.lang.reader import SList, Tok, read, read_text, tokenize

MAX_EXPANSION_DEPTH = 50


@dataclass
class OptionItem:
    name: str
    values: list[list]  # one list of items (Tok | SList) per option argument
    doc: str
    stars: int


@dataclass
class Option:
    """One ``(option …)`` block: a category, its placeholder key, argument names and items."""

    category: str
    key: str
    args: list[str]
    items: list[OptionItem]
    tok: Tok = field(repr=False)

    @property
    def default(self) -> OptionItem:
        best = max(item.stars for item in self.items)
        return next(item for item in self.items if item.stars == best)

    def item(self, name: str) -> OptionItem:
        """The item called ``name``; also found by a unique case-insensitive prefix ("3" for
        "3 Players")."""
        for item in self.items:
            if item.name == name:
                return item
        low = name.strip().lower()
        loose = [i for i in self.items if i.name.lower() == low] or [
            i for i in self.items if i.name.lower().startswith(low + " ")
            or i.name.lower().startswith(low + "x")]
        if len(loose) == 1:
            return loose[0]
        names = [item.name for item in self.items]
        raise OptionError(
            f'option "{self.category}" has no item "{name}"; items: '
            + ", ".join(f'"{n}"' for n in names) + _did_you_mean(name, names),
            expected=names, suggestions=_nearest(name, names),
        )


@dataclass
class Ruleset:
    name: str  # without the "Ruleset/" prefix
    items: dict[str, str]  # category -> item
    stars: int
    where: dict[str, Tok] = field(default_factory=dict, repr=False)  # category -> its text


@dataclass
class Expanded:
    """The result of expansion: the game list, and what was chosen to get it."""

    game: SList
    options: list[Option]
    rulesets: list[Ruleset]
    chosen: dict[str, str]  # category -> item, for every option of the file
    ruleset: str | None
    metadata: SList | None


def _nearest(word: str, candidates, n: int = 3) -> list[str]:
    """The candidates closest to ``word``; failing that, those it starts ("Tiny" for
    "Tiny (Suggested)")."""
    candidates = list(candidates)
    near = difflib.get_close_matches(word, candidates, n=n, cutoff=0.5)
    low = word.strip().lower()
    return near or [c for c in candidates if low and c.lower().startswith(low)][:n]


def _did_you_mean(word: str, candidates) -> str:
    near = _nearest(word, candidates)
    return f"; did you mean {' or '.join(repr(x) for x in near)}?" if near else ""


def _string(tok) -> str:
    return tok.text[1:-1]


def _expect(items: list, index: int, kinds: tuple[str, ...], owner: Tok, what: str):
    """items[index] if it is a token of one of ``kinds`` (or a list when 'list' is given)."""
    item = items[index] if index < len(items) else None
    ok = (isinstance(item, Tok) and item.kind in kinds) or (
        isinstance(item, SList) and ("list" in kinds or ("brace" in kinds and item.brace))
    )
    if not ok:
        at = item.open if isinstance(item, SList) else (item or owner)
        raise at.error(OptionError, f"expected {what}", expected=[what])
    return item


# ------------------------------------------------------------------ options and rulesets

def _retokenize(tok: Tok) -> list:
    """The content of a one-token placeholder group such as ``<8>`` or ``<exact:True>``."""
    inner = tokenize(tok.text[1:-1], tok.source.name)
    moved = [Tok(t.kind, t.text, tok.line, tok.col + t.col, tok.source) for t in inner]
    return read(moved)


def _item_groups(items: list, owner: Tok) -> tuple[list[list], str]:
    """Split an item's contents after its name into value groups ``<…>`` and the doc string."""
    groups: list[list] = []
    doc = ""
    i = 0
    while i < len(items):
        it = items[i]
        if isinstance(it, Tok) and it.kind == "placeholder":
            groups.append(_retokenize(it))
        elif isinstance(it, Tok) and it.kind == "word" and it.text == "<>":
            groups.append([])
        elif isinstance(it, Tok) and it.kind == "word" and it.text == "<":
            j = i + 1
            while j < len(items) and not (
                isinstance(items[j], Tok) and items[j].kind == "word" and items[j].text == ">"
            ):
                j += 1
            if j == len(items):
                raise it.error(OptionError, "option value '<' is never closed by '>'",
                               expected=[">"])
            groups.append(items[i + 1:j])
            i = j
        elif isinstance(it, Tok) and it.kind == "string" and i == len(items) - 1:
            doc = _string(it)
        else:
            at = it.open if isinstance(it, SList) else it
            raise at.error(OptionError, "expected an option value <…> or the item's description "
                           "string", expected=["<…>", "string"])
        i += 1
    return groups, doc


def _parse_option(lst: SList) -> Option:
    items = lst.items
    cat = _expect(items, 1, ("string",), lst.open, 'the option\'s category name, e.g. "Board Size"')
    key = _expect(items, 2, ("placeholder",), lst.open, "the option's key, e.g. <Board>")
    named = _expect(items, 3, ("named",), lst.open, "args:{ <name> … }")
    if named.text != "args:":
        raise named.error(OptionError, f"expected args:{{ <name> … }}, found '{named.text}'")
    arg_list = _expect(items, 4, ("brace",), lst.open, "{ <name> … } after args:")
    args = []
    for a in arg_list.items:
        if not (isinstance(a, Tok) and a.kind == "placeholder"):
            at = a.open if isinstance(a, SList) else a
            raise at.error(OptionError, "expected an argument name such as <size> in args:{…}")
        args.append(a.text[1:-1])
    body = _expect(items, 5, ("brace",), lst.open, "{ (item …) … }, the option's items")
    option_items: list[OptionItem] = []
    pending: SList | None = None
    for it in body.items + [None]:
        if isinstance(it, Tok) and it.kind == "word" and set(it.text) == {"*"}:
            if pending is None or not option_items:
                raise it.error(OptionError, "a '*' must follow an (item …)")
            option_items[-1].stars += len(it.text)
            continue
        if it is None:
            break
        if not (isinstance(it, SList) and it.head == "item"):
            at = it.open if isinstance(it, SList) else it
            raise at.error(OptionError, 'expected (item "Name" <value> … "description")')
        name = _expect(it.items, 1, ("string",), it.open, 'the item\'s name, e.g. "Standard"')
        groups, doc = _item_groups(it.items[2:], it.open)
        if len(groups) != len(args):
            raise it.open.error(
                OptionError,
                f'item "{_string(name)}" gives {len(groups)} value(s) but the option declares '
                f"{len(args)} argument(s): " + " ".join(f"<{a}>" for a in args),
            )
        option_items.append(OptionItem(_string(name), groups, doc, 0))
        pending = it
    if not option_items:
        raise body.open.error(OptionError, "an option needs at least one (item …)")
    return Option(_string(cat), key.text[1:-1].split(":")[0], args, option_items, lst.open)


def _parse_rulesets(lst: SList) -> list[Ruleset]:
    body = _expect(lst.items, 1, ("brace",), lst.open, "{ (ruleset …) … }")
    out: list[Ruleset] = []
    for it in body.items:
        if isinstance(it, Tok) and it.kind == "word" and set(it.text) == {"*"}:
            if not out:
                raise it.error(OptionError, "a '*' must follow a (ruleset …)")
            out[-1].stars += len(it.text)
            continue
        if not (isinstance(it, SList) and it.head == "ruleset"):
            at = it.open if isinstance(it, SList) else it
            raise at.error(OptionError, 'expected (ruleset "Ruleset/Name" { "Category/Item" … })')
        name = _expect(it.items, 1, ("string",), it.open, 'the ruleset\'s name')
        sel = _expect(it.items, 2, ("brace",), it.open, '{ "Category/Item" … }')
        chosen = {}
        where = {}
        for s in sel.items:
            if not (isinstance(s, Tok) and s.kind == "string" and "/" in s.text):
                at = s.open if isinstance(s, SList) else s
                raise at.error(OptionError, 'expected "Category/Item" in a ruleset')
            cat, item = _string(s).split("/", 1)
            chosen[cat] = item
            where[cat] = s
        out.append(Ruleset(_string(name).removeprefix("Ruleset/"), chosen, 0, where))
    return out


def _choose(
    options: list[Option],
    rulesets: list[Ruleset],
    requested: dict[str, str],
    ruleset: str | None,
) -> tuple[dict[str, str], str | None]:
    """Resolve the chosen item of every option: defaults, then the ruleset, then ``requested``."""
    by_cat = {o.category: o for o in options}
    chosen = {o.category: o.default.name for o in options}
    active: Ruleset | None = None
    if ruleset is not None:
        wanted = ruleset.removeprefix("Ruleset/")
        names = [r.name for r in rulesets]
        active = next((r for r in rulesets if r.name == wanted), None)
        if active is None:
            raise OptionError(
                f'no ruleset "{wanted}"'
                + (f"; rulesets: {', '.join(repr(n) for n in names)}" if names
                   else "; this game defines no rulesets")
                + _did_you_mean(wanted, names),
                expected=names, suggestions=_nearest(wanted, names),
            )
    elif rulesets:
        best = max(r.stars for r in rulesets)
        if best > 0:
            active = next(r for r in rulesets if r.stars == best)
    if active is not None:
        for cat, item in active.items.items():
            at = active.where.get(cat)
            try:
                if cat not in by_cat:
                    raise OptionError(
                        f'no option "{cat}"; options: {", ".join(repr(c) for c in by_cat)}'
                        + _did_you_mean(cat, by_cat), expected=list(by_cat),
                        suggestions=_nearest(cat, by_cat))
                chosen[cat] = by_cat[cat].item(item).name
            except OptionError as e:
                if at is None:
                    raise
                raise at.error(OptionError, f'ruleset "{active.name}": {e.message}',
                               expected=e.expected, suggestions=e.suggestions) from None
    for cat, item in requested.items():
        if cat not in by_cat:
            cats = list(by_cat)
            raise OptionError(
                f'no option "{cat}"'
                + (f"; options: {', '.join(repr(c) for c in cats)}" if cats
                   else "; this game has no options")
                + _did_you_mean(cat, cats),
                expected=cats, suggestions=_nearest(cat, cats),
            )
        chosen[cat] = by_cat[cat].item(item).name
    return chosen, active.name if active else None


def _substitute_options(items: list, options: list[Option], chosen: dict[str, str],
                        depth: int = 0) -> list:
    by_key = {o.key: o for o in options}
    out: list = []
    for it in items:
        if isinstance(it, SList):
            out.append(SList(it.open, _substitute_options(it.items, options, chosen, depth),
                             it.brace, it.close))
        elif it.kind == "placeholder":
            key, _, arg = it.text[1:-1].partition(":")
            option = by_key.get(key)
            if option is None:
                raise it.error(
                    OptionError,
                    f"no option defines <{key}>"
                    + (f"; keys: {', '.join('<' + k + '>' for k in by_key)}" if by_key
                       else "; this description has no (option …)")
                    + _did_you_mean(key, by_key),
                    suggestions=_nearest(key, by_key),
                )
            if arg and arg not in option.args:
                raise it.error(OptionError, f"option <{key}> has no argument '{arg}'; "
                               f"arguments: {', '.join(option.args)}")
            index = option.args.index(arg) if arg else 0
            if depth > MAX_EXPANSION_DEPTH:
                raise it.error(OptionError, "options refer to each other without end")
            value = option.item(chosen[option.category]).values[index]
            out.extend(_substitute_options(value, options, chosen, depth + 1))
        else:
            out.append(it)
    return out


# ------------------------------------------------------------------ defines

def _parse_define(lst: SList) -> tuple[str, list]:
    name = _expect(lst.items, 1, ("string",), lst.open, 'the define\'s name, e.g. "Line3Win"')
    if len(lst.items) < 3:
        raise lst.open.error(DefineError, f'(define "{_string(name)}") has no body')
    return _string(name), lst.items[2:]


def load_define_library(paths) -> dict[str, tuple[list, Tok]]:
    """Every ``(define …)`` in the ``*.def`` files of the folders ``paths``."""
    defines: dict[str, tuple[list, Tok]] = {}
    for folder in paths or []:
        for f in sorted(Path(folder).glob("*.def")):
            for top in read(tokenize(read_text(f), str(f))):
                if isinstance(top, SList) and top.head == "define":
                    name, body = _parse_define(top)
                    defines[name] = (body, top.open)
    return defines


def _bind(body: list, args: list, call: SList) -> list:
    out: list = []
    for it in body:
        if isinstance(it, SList):
            out.append(SList(it.open, _bind(it.items, args, call), it.brace, it.close))
        elif it.kind == "param":
            n = int(it.text[1:])
            if n < 1:
                raise it.error(DefineError, "define parameters are numbered from #1")
            if n <= len(args):
                out.append(args[n - 1])
        else:
            out.append(it)
    return out


def _substitute_defines(items: list, defines: dict, depth: int = 0) -> list:
    out: list = []
    for it in items:
        if isinstance(it, SList) and it.items and isinstance(it.items[0], Tok) \
                and it.items[0].kind == "string":
            name = _string(it.items[0])
            if name not in defines:
                raise it.items[0].error(
                    DefineError,
                    f'unknown define "{name}"' + _did_you_mean(name, defines)
                    + " (defines come from (define …) in the file or from a define library)",
                    suggestions=_nearest(name, defines),
                )
            if depth > MAX_EXPANSION_DEPTH:
                raise it.open.error(DefineError, f'define "{name}" expands without end')
            args = _substitute_defines(it.items[1:], defines, depth)
            body = _bind(defines[name][0], args, it)
            out.extend(_substitute_defines(body, defines, depth + 1))
        elif isinstance(it, SList):
            out.append(SList(it.open, _substitute_defines(it.items, defines, depth),
                             it.brace, it.close))
        elif it.kind == "param":
            raise it.error(DefineError, f"parameter {it.text} outside a (define …)")
        else:
            out.append(it)
    return out


# ------------------------------------------------------------------ the whole file

_TOP_LEVEL = ("game", "define", "option", "rulesets", "metadata")


def normalise_options(options) -> dict[str, str]:
    """Accept ``{"Cat": "Item"}``, or strings ``"Cat=Item"`` / ``"Cat/Item"`` (one or a list)."""
    if options is None:
        return {}
    if isinstance(options, dict):
        return {str(k): str(v) for k, v in options.items()}
    if isinstance(options, str):
        options = [options]
    out = {}
    for entry in options:
        m = re.match(r"\s*([^=/]+?)\s*[=/]\s*(.+?)\s*$", entry)
        if not m:
            raise OptionError(f'cannot read option "{entry}"; write "Category=Item", e.g. '
                              '"Board Size=8x8"', expected=["Category=Item"])
        out[m.group(1)] = m.group(2)
    return out


def expand(text: str, name: str = "<text>", options=None, ruleset: str | None = None,
           define_paths=None) -> Expanded:
    """Read a description and expand its options, rulesets and defines."""
    top = read(tokenize(text, name))
    if not top:
        raise LudiSyntaxError('the description is empty: expected (game "Name" …)', file=name,
                              expected=['(game "Name" …)'])
    game = None
    metadata = None
    opts: list[Option] = []
    rulesets: list[Ruleset] = []
    defines: dict = {}
    for item in top:
        if not isinstance(item, SList) or item.brace or item.head not in _TOP_LEVEL:
            at = item.open if isinstance(item, SList) else item
            if isinstance(item, Tok):  # a bare word, number or string: not in brackets
                found = f"'{item.text}' outside any brackets"
                near = [item.text] if item.text in _TOP_LEVEL else _nearest(item.text, _TOP_LEVEL)
            elif item.brace:
                found, near = "an array { … }", []
            else:
                found = f"({item.head} …)" if item.head is not None else "()"
                near = _nearest(str(item.head), _TOP_LEVEL) if item.head else []
            hint = f"; did you mean {' or '.join(f'({n} …)' for n in near)}?" if near else ""
            raise at.error(
                LudiSyntaxError,
                f"expected (game …), (define …), (option …), (rulesets …) or (metadata …) at the "
                f"top level, found {found}{hint}",
                expected=[f"({k} …)" for k in _TOP_LEVEL], suggestions=near,
            )
        if item.head == "game":
            if game is not None:
                raise item.open.error(LudiSyntaxError, "a description holds one (game …)")
            game = item
        elif item.head == "define":
            dname, body = _parse_define(item)
            defines[dname] = (body, item.open)
        elif item.head == "option":
            opts.append(_parse_option(item))
        elif item.head == "rulesets":
            rulesets.extend(_parse_rulesets(item))
        else:
            metadata = item
    if game is None:
        found = ", ".join(dict.fromkeys(f"({it.head} …)" for it in top))
        raise LudiSyntaxError(f'no (game "Name" …) in the description, only {found}',
                              file=name, expected=['(game "Name" …)'])
    chosen, active = _choose(opts, rulesets, normalise_options(options), ruleset)
    # as in Ludii, option placeholders may also appear in the file's own defines
    defines = {k: (_substitute_options(body, opts, chosen), tok)
               for k, (body, tok) in defines.items()}
    library = load_define_library(define_paths)
    library.update(defines)
    items = _substitute_options([game], opts, chosen)
    items = _substitute_defines(items, library)
    return Expanded(items[0], opts, rulesets, chosen, active, metadata)
