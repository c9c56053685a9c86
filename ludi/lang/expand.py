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
import functools
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

#: ``ruleset=NO_RULESET``: apply no ruleset, not even the starred one.
NO_RULESET = ""

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
        if isinstance(a, Tok) and a.kind == "word" and set(a.text) == {">"}:
            continue  # Ludii reads past a stray '>' there (args:{<size>>} in its library)
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
    """Resolve the chosen item of every option: defaults, then the ruleset, then ``requested``.
    ``ruleset`` None takes the starred ruleset; :data:`NO_RULESET` takes none (the options'
    starred items alone, as Ludii loads a game when no ruleset is chosen)."""
    by_cat = {o.category: o for o in options}
    chosen = {o.category: o.default.name for o in options}
    active: Ruleset | None = None
    if ruleset == NO_RULESET:
        pass
    elif ruleset is not None:
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


def _option_for(options: list[Option], key: str, arg: str) -> Option | None:
    """The option a placeholder ``<key:arg>`` refers to: the first with that key (and that
    argument), as Ludii expands the categories in order and several may share a key."""
    same = [o for o in options if o.key == key]
    return next((o for o in same if not arg or arg in o.args), same[0] if same else None)


def _substitute_options(items: list, options: list[Option], chosen: dict[str, str],
                        depth: int = 0) -> list:
    keys = list(dict.fromkeys(o.key for o in options))
    out: list = []
    for it in items:
        if isinstance(it, SList):
            out.append(SList(it.open, _substitute_options(it.items, options, chosen, depth),
                             it.brace, it.close))
        elif it.kind == "placeholder":
            key, _, arg = it.text[1:-1].partition(":")
            option = _option_for(options, key, arg)
            if option is None:
                raise it.error(
                    OptionError,
                    f"no option defines <{key}>"
                    + (f"; keys: {', '.join('<' + k + '>' for k in keys)}" if keys
                       else "; this description has no (option …)")
                    + _did_you_mean(key, keys),
                    suggestions=_nearest(key, keys),
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

#: Ludii's mark for an argument left out in the middle of a define call: ``("Jump" ~ (from))``.
ABSENT_ARGUMENT = "~"
_PARAM_IN_TEXT = re.compile(r"#([0-9]+)")


def _parse_define(lst: SList) -> tuple[str, list]:
    """The name and body of ``(define "Name" body…)``; an empty body expands to nothing."""
    name = _expect(lst.items, 1, ("string",), lst.open, 'the define\'s name, e.g. "Line3Win"')
    return _string(name), lst.items[2:]


def load_define_library(paths) -> dict[str, tuple[list, Tok]]:
    """Every ``(define …)`` in the ``*.def`` files under the folders ``paths``, subfolders
    included (Ludii's ``def/`` tree keeps its defines in folders by theme)."""
    defines: dict[str, tuple[list, Tok]] = {}
    for folder in paths or []:
        files = sorted(Path(folder).rglob("*.def"))
        stamp = tuple((str(f), f.stat().st_mtime_ns) for f in files)
        defines.update(_read_define_files(stamp))
    return defines


@functools.lru_cache(maxsize=8)
def _read_define_files(stamp: tuple[tuple[str, int], ...]) -> dict[str, tuple[list, Tok]]:
    """The defines of the files in ``stamp`` (paths with their modification times, so an
    edited file is read again); cached, as a library sweep reads the same tree for every game."""
    defines: dict[str, tuple[list, Tok]] = {}
    for f, _ in stamp:
        for top in read(tokenize(read_text(Path(f)), f)):
            if isinstance(top, SList) and top.head == "define":
                name, body = _parse_define(top)
                defines[name] = (body, top.open)
    return defines


def _is_absent(arg) -> bool:
    return isinstance(arg, Tok) and arg.text == ABSENT_ARGUMENT


def _bind(body: list, args: list, call: SList) -> list:
    """The define's body with ``#n`` replaced by the n-th argument; a missing or ``~`` argument
    expands to nothing. A ``#n`` inside a word or string (``P#1``, ``"#1"``) takes the
    argument's text, as Ludii's textual expansion does."""
    out: list = []
    for it in body:
        if isinstance(it, SList):
            out.append(SList(it.open, _bind(it.items, args, call), it.brace, it.close))
        elif it.kind == "param":
            n = int(it.text[1:])
            if n < 1:
                raise it.error(DefineError, "define parameters are numbered from #1")
            if n <= len(args) and not _is_absent(args[n - 1]):
                arg = args[n - 1]
                if isinstance(arg, tuple):  # a named argument and its value
                    out.extend(arg)
                else:
                    out.append(arg)
        elif "#" in it.text and it.kind in ("word", "string"):
            out.append(_bind_text(it, args))
        else:
            out.append(it)
    return out


def _bind_text(tok: Tok, args: list) -> Tok:
    def text_of(m: re.Match) -> str:
        n = int(m.group(1))
        arg = args[n - 1] if 0 < n <= len(args) else None
        if arg is None or _is_absent(arg):
            return ""
        if isinstance(arg, (SList, tuple)):
            raise tok.error(DefineError, f"#{n} inside '{tok.text}' needs a single word or "
                            "number as its argument, not a bracketed ludeme")
        return _string(arg) if arg.kind == "string" and tok.kind == "string" else arg.text

    return _retyped(Tok(tok.kind, _PARAM_IN_TEXT.sub(text_of, tok.text), tok.line, tok.col,
                        tok.source))


def _retyped(tok: Tok) -> Tok:
    """A word that became a number after binding (``#1`` inside ``#1``-free text) is a number."""
    if tok.kind == "word" and re.fullmatch(r"-?[0-9]+", tok.text):
        return Tok("int", tok.text, tok.line, tok.col, tok.source)
    return tok


def _call(name: str, at: Tok, args: list, defines: dict, depth: int) -> list:
    if depth > MAX_EXPANSION_DEPTH:
        raise at.error(DefineError, f'define "{name}" expands without end')
    args = _grouped(_substitute_defines(args, defines, depth))
    body = _bind(defines[name][0], args, at)
    return _substitute_defines(body, defines, depth + 1)


def _grouped(args: list) -> list:
    """A define call's arguments: a named argument and its value (``exact:True``) are one, as in
    Ludii, where an argument is what stands between spaces at the call's top level."""
    out: list = []
    for it in args:
        if out and isinstance(out[-1], Tok) and out[-1].kind == "named":
            out[-1] = (out[-1], it)
        else:
            out.append(it)
    return out


def _substitute_defines(items: list, defines: dict, depth: int = 0) -> list:
    """Expand every define call ``("Name" args…)`` and every bare ``"Name"`` that names a
    define, as Ludii does. A bracketed list that starts with a string naming no define is an
    error; a brace array of strings (``{"A1" "B2"}``) and other strings are left as they are."""
    out: list = []
    for index, it in enumerate(items):
        if isinstance(it, SList) and not it.brace and it.items and isinstance(it.items[0], Tok) \
                and it.items[0].kind == "string":
            name = _string(it.items[0])
            if name not in defines:
                raise it.items[0].error(
                    DefineError,
                    f'unknown define "{name}"' + _did_you_mean(name, defines)
                    + " (defines come from (define …) in the file or from a define library)",
                    suggestions=_nearest(name, defines),
                )
            out.extend(_call(name, it.open, it.items[1:], defines, depth))
        elif isinstance(it, SList):
            inner = _substitute_defines(it.items, defines, depth)
            out.append(SList(it.open, inner, it.brace, it.close))
        elif it.kind == "string" and _string(it) in defines and not _names_game(items, index):
            out.extend(_call(_string(it), it, [], defines, depth))
        elif it.kind == "param":
            raise it.error(DefineError, f"parameter {it.text} outside a (define …)")
        else:
            out.append(it)
    return out


def _names_game(items: list, index: int) -> bool:
    """True for the name in ``(game "Name" …)``, which Ludii never expands as a define."""
    return index == 1 and isinstance(items[0], Tok) and items[0].text in ("game", "match")


def _collapse_double_brackets(items: list) -> list:
    """``((ludeme …))`` becomes ``(ludeme …)``, as Ludii's clean-up does after expansion (a
    bracketed define call whose body is itself bracketed)."""
    out = []
    for it in items:
        if isinstance(it, SList):
            inner = _collapse_double_brackets(it.items)
            while (not it.brace and len(inner) == 1 and isinstance(inner[0], SList)
                   and not inner[0].brace):
                it, inner = inner[0], inner[0].items
            out.append(SList(it.open, inner, it.brace, it.close))
        else:
            out.append(it)
    return out


_RANGE = re.compile(r"(-?[0-9]+)\.\.(-?[0-9]+)")
_SITE = re.compile(r"([A-Za-z])([0-9]+)")
MAX_RANGE = 1000


def _expand_ranges(items: list) -> list:
    """Ludii's ranges: ``1..5`` is ``1 2 3 4 5`` and ``"A1" .. "B2"`` the sites A1 A2 B1 B2
    (columns, then rows within a column)."""
    out: list = []
    i = 0
    while i < len(items):
        it = items[i]
        if isinstance(it, SList):
            out.append(SList(it.open, _expand_ranges(it.items), it.brace, it.close))
        elif it.kind == "word" and _RANGE.fullmatch(it.text):
            lo, hi = (int(x) for x in _RANGE.fullmatch(it.text).groups())
            if abs(hi - lo) > MAX_RANGE:
                raise it.error(DefineError, f"the range {it.text} is longer than {MAX_RANGE}")
            step = 1 if hi >= lo else -1
            out.extend(Tok("int", str(v), it.line, it.col, it.source)
                       for v in range(lo, hi + step, step))
        elif (it.kind == "word" and it.text == ".." and out and isinstance(out[-1], Tok)
              and out[-1].kind == "string" and i + 1 < len(items)
              and isinstance(items[i + 1], Tok) and items[i + 1].kind == "string"):
            first, last = _SITE.fullmatch(_string(out[-1])), _SITE.fullmatch(_string(items[i + 1]))
            if not (first and last):
                raise it.error(DefineError, "a site range is written \"A1\"..\"C3\"")
            out.pop()
            c0, c1 = ord(first.group(1).upper()), ord(last.group(1).upper())
            r0, r1 = int(first.group(2)), int(last.group(2))
            out.extend(Tok("string", f'"{chr(c)}{r}"', it.line, it.col, it.source)
                       for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
            i += 1
        else:
            out.append(it)
        i += 1
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
        key, item = m.group(1), m.group(2)
        if key in out and out[key] != item:
            raise OptionError(f'option "{key}" is given twice, as "{out[key]}" and "{item}"; '
                              'choose one item for each category', expected=[out[key], item])
        out[key] = item
    return out


def expand(text: str, name: str = "<text>", options=None, ruleset: str | None = None,
           define_paths=None) -> Expanded:
    """Read a description and expand it in Ludii's order: options and rulesets, then defines
    (the file's own before the library's, so a file may redefine a library define), then
    number and site ranges."""
    top = read(tokenize(text, name))
    if not top:
        raise LudiSyntaxError('the description is empty: expected (game "Name" …)', file=name,
                              expected=['(game "Name" …)'])
    opts: list[Option] = []
    rulesets: list[Ruleset] = []
    rest: list = []
    for item in top:
        if isinstance(item, Tok) and item.kind == "placeholder":  # an option's top-level value
            rest.append(item)
            continue
        _check_top_level(item)
        if item.head == "option":
            opts.append(_parse_option(item))
        elif item.head == "rulesets":
            rulesets.extend(_parse_rulesets(item))
        else:
            rest.append(item)
    chosen, active = _choose(opts, rulesets, normalise_options(options), ruleset)
    # as in Ludii, option placeholders may appear anywhere: in the game, in the file's defines,
    # and an item's value may itself hold defines
    rest = _substitute_options(rest, opts, chosen)
    game = metadata = None
    defines: dict = {}
    rest = _extract_defines(rest, defines)
    for item in rest:
        if not isinstance(item, SList):
            _check_top_level(item)
        elif item.head == "game":
            if game is not None:
                raise item.open.error(LudiSyntaxError, "a description holds one (game …)")
            game = item
        elif item.head == "metadata":
            metadata = item
        else:
            _check_top_level(item)
    if game is None:
        found = ", ".join(dict.fromkeys(f"({it.head} …)" for it in top))
        raise LudiSyntaxError(f'no (game "Name" …) in the description, only {found}',
                              file=name, expected=['(game "Name" …)'])
    library = load_define_library(define_paths)
    library.update(defines)
    items = _substitute_defines([game], library)
    items = _expand_ranges(_collapse_double_brackets(items))
    return Expanded(items[0], opts, rulesets, chosen, active, metadata)


def _extract_defines(items: list, defines: dict) -> list:
    """Take every ``(define …)`` out of ``items``, wherever an option's value put it (Ludii
    extracts them from the whole text); they go into ``defines``."""
    out = []
    for it in items:
        if isinstance(it, SList) and not it.brace and it.head == "define":
            name, body = _parse_define(it)
            defines[name] = (body, it.open)
        elif isinstance(it, SList):
            out.append(SList(it.open, _extract_defines(it.items, defines), it.brace, it.close))
        else:
            out.append(it)
    return out


def _check_top_level(item) -> None:
    """Refuse anything but the five top-level forms, with the nearest one as a hint; a
    ``(match …)`` of several games is named as such."""
    if isinstance(item, SList) and not item.brace and item.head in _TOP_LEVEL:
        return
    at = item.open if isinstance(item, SList) else item
    if isinstance(item, SList) and item.head == "match":
        raise at.error(LudiSyntaxError, "(match …) plays several games in a row; ludi plays one "
                       '(game "Name" …) per description', expected=['(game "Name" …)'])
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
