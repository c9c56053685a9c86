"""Tokens and s-expressions with their source positions.

The reader is the first step for every description: it splits the text into tokens that remember
their file, line and column, and groups them into lists by their brackets. Option and define
expansion (``expand.py``) works on these lists, so a token keeps the place it was written even after
it has been copied into the expanded game, and every later error can point at the original text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ludi.errors import LudiSyntaxError


@dataclass(frozen=True)
class Source:
    """A text and the name it is reported under (a file path or ``<text>``)."""

    name: str
    text: str
    lines: tuple[str, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "lines", tuple(self.text.split("\n")))

    def line_text(self, line: int) -> str:
        return self.lines[line - 1] if 0 < line <= len(self.lines) else ""


@dataclass(frozen=True)
class Tok:
    """One token: ``kind`` is open, close, lbrace, rbrace, string, int, float, word, named
    (``exact:``), placeholder (``<Key:arg>``; also a negative option value such as ``<-1>``) or
    param (``#1``)."""

    kind: str
    text: str
    line: int
    col: int
    source: Source = field(repr=False, compare=False)

    def error(self, cls: type[LudiSyntaxError], message: str, **fields) -> LudiSyntaxError:
        """An error of class ``cls`` located at this token."""
        return cls(
            message,
            file=self.source.name,
            line=self.line,
            col=self.col,
            source_line=self.source.line_text(self.line),
            **fields,
        )


_TOKEN = re.compile(
    r"""
    (?P<ws>\s+|//[^\n]*)
  | (?P<string>"(?:\\"|[^"])*")
  | (?P<placeholder><[A-Za-z0-9_]+(?::[A-Za-z0-9_]+)?[ \t]*>|<-[0-9]+(?:\.[0-9]+)?>)
  | (?P<open>\() | (?P<close>\)) | (?P<lbrace>\{) | (?P<rbrace>\})
  | (?P<param>\#[0-9]+)
  | (?P<named>[A-Za-z_][A-Za-z0-9_]*:)
  | (?P<float>-?[0-9]+\.[0-9]+(?![A-Za-z0-9_]))
  | (?P<int>-?[0-9]+(?![A-Za-z0-9_.]))
  | (?P<word>[A-Za-z_][A-Za-z0-9_\-'#]*|[<>=!+\-*/%^]+|[^\s(){}"<>=!]+)
    """,
    re.VERBOSE,
)


def tokenize(text: str, name: str = "<text>") -> list[Tok]:
    """Split ``text`` into tokens. An unterminated string is the only lexical error. A leading
    byte-order mark (which some editors write) is skipped."""
    text = text.removeprefix("\ufeff")
    source = Source(name, text)
    tokens: list[Tok] = []
    pos, line, line_start = 0, 1, 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        col = pos - line_start + 1
        if m is None:  # only an unterminated string can fail to match
            tok = Tok("word", text[pos], line, col, source)
            raise tok.error(LudiSyntaxError, 'string is never closed: a \'"\' is missing')
        kind = m.lastgroup
        if kind == "placeholder":  # Ludii allows <size > in an option's argument names
            tokens.append(Tok(kind, re.sub(r"\s+", "", m.group()), line, col, source))
        elif kind != "ws":
            tokens.append(Tok(kind, m.group(), line, col, source))
        newlines = m.group().count("\n")
        if newlines:
            line += newlines
            line_start = m.start() + m.group().rindex("\n") + 1
        pos = m.end()
    return tokens


@dataclass
class SList:
    """A bracketed list: ``( … )`` or, when ``brace``, ``{ … }``."""

    open: Tok
    items: list = field(default_factory=list)
    brace: bool = False
    close: Tok | None = None

    @property
    def head(self) -> str | None:
        """The first token's text when it is a word or a string (the ludeme or define name)."""
        if self.items and isinstance(self.items[0], Tok):
            return self.items[0].text
        return None

    def tokens(self) -> list[Tok]:
        """The list flattened back into tokens (brackets included)."""
        out = [self.open]
        for item in self.items:
            out.extend(item.tokens() if isinstance(item, SList) else [item])
        out.append(self.close or Tok("rbrace" if self.brace else "close",
                                     "}" if self.brace else ")", self.open.line, self.open.col,
                                     self.open.source))
        return out


#: The deepest nesting of brackets a description may have. Ludii's whole library nests at most
#: 25 deep; the limit keeps every later (recursive) step far from Python's recursion limit.
MAX_NESTING = 100


def check_nesting(tokens: list[Tok]) -> None:
    """Refuse brackets nested deeper than :data:`MAX_NESTING`, at the first that is."""
    depth = 0
    for tok in tokens:
        if tok.kind in ("open", "lbrace"):
            depth += 1
            if depth > MAX_NESTING:
                raise tok.error(LudiSyntaxError, f"brackets nested more than {MAX_NESTING} "
                                "deep here; no game needs that many (Ludii's library: 25)")
        elif tok.kind in ("close", "rbrace"):
            depth -= 1


def read(tokens: list[Tok]) -> list:
    """Group tokens into nested :class:`SList` by their brackets; return the top-level items."""
    check_nesting(tokens)
    stack: list[SList] = []
    top: list = []
    for tok in tokens:
        if tok.kind in ("open", "lbrace"):
            stack.append(SList(tok, brace=tok.kind == "lbrace"))
        elif tok.kind in ("close", "rbrace"):
            want_brace = tok.kind == "rbrace"
            if not stack:
                raise tok.error(LudiSyntaxError, f"unexpected '{tok.text}': nothing to close here")
            lst = stack.pop()
            lst.close = tok
            if lst.brace != want_brace:
                opener = "{" if lst.brace else "("
                closer = "}" if lst.brace else ")"
                raise tok.error(
                    LudiSyntaxError,
                    f"'{tok.text}' closes the '{opener}' opened at line {lst.open.line}, "
                    f"column {lst.open.col}; expected '{closer}'",
                    expected=[closer],
                )
            (stack[-1].items if stack else top).append(lst)
        else:
            (stack[-1].items if stack else top).append(tok)
    if stack:
        lst = stack[-1]
        closer = "}" if lst.brace else ")"
        raise lst.open.error(
            LudiSyntaxError, f"'{lst.open.text}' is never closed: a '{closer}' is missing",
            expected=[closer],
        )
    return top


def read_text(path: Path) -> str:
    """The text of a description or define file, which must be UTF-8 (a leading byte-order mark
    is allowed); anything else is reported at the first byte that is not."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise LudiSyntaxError(f"not a text file: byte 0x{data[e.start]:02x} is not UTF-8; "
                              "expected a .lud description in UTF-8 text", file=str(path),
                              line=line, col=col) from None
