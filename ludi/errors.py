"""Errors raised on bad input. Every one names the place (file:line:col) and what was expected.

The CLI prints ``str(error)`` and exits with code 2; the library raises these subclasses of
:class:`LudiError` so callers can catch one type and still read the fields.
"""

from __future__ import annotations

import numbers
import tempfile
from pathlib import Path


class LudiError(Exception):
    """Base class of every error ludi reports on bad input.

    Fields: ``file``, ``line``, ``col`` (1-based, or None when unknown), ``source_line`` (the text
    of the offending line), ``expected`` (what would have been accepted), ``suggestions``
    (nearest valid names).
    """

    kind = "error"

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        col: int | None = None,
        source_line: str | None = None,
        expected: list[str] | None = None,
        suggestions: list[str] | None = None,
    ):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.source_line = source_line
        self.expected = expected or []
        self.suggestions = suggestions or []

    def __str__(self) -> str:
        where = ""
        if self.file or self.line:
            where = f"{self.file or '<text>'}"
            if self.line:
                where += f":{self.line}:{self.col or 1}"
            where += ": "
        text = f"{where}{self.kind}: {self.message}"
        if self.source_line is not None and self.col:
            line, col = _window(self.source_line.rstrip(), self.col)
            text += f"\n    {line}\n    {' ' * (col - 1)}^"
        return text


def _window(line: str, col: int, width: int = 100) -> tuple[str, int]:
    """The part of a long source line around column ``col`` (and the column within it), so a
    caret under a generated one-line description stays readable."""
    if len(line) <= width:
        return line, col
    start = max(0, min(col - 1 - width // 2, len(line) - width))
    part = line[start:start + width]
    if start > 0:
        part, col = "…" + part[1:], col - start
    if start + width < len(line):
        part = part[:-1] + "…"
    return part, col


class LudiSyntaxError(LudiError):
    """The text is not a well-formed description (unbalanced brackets, unexpected token)."""

    kind = "syntax error"


class UnknownLudeme(LudiSyntaxError):
    """A word that is no ludeme or keyword of the grammar at that place."""

    kind = "unknown ludeme"


class ArgumentError(LudiSyntaxError):
    """A ludeme got an argument of the wrong type, or too many or too few arguments."""

    kind = "wrong argument"


class DefineError(LudiError):
    """A ``(define …)`` is malformed, unknown, or expands without end."""

    kind = "define error"


class OptionError(LudiError):
    """An unknown option category or item, a malformed ``(option …)`` or ``(rulesets …)``."""

    kind = "option error"


class GameNotFound(LudiError):
    """A game name that is neither a shipped game nor a readable file."""

    kind = "game not found"


class CompileError(LudiError):
    """A description that parses but cannot be played (a line of 0, a board of size 0, …)."""

    kind = "cannot compile"


class UsageError(LudiError, ValueError):
    """A function or command given a value it cannot use (``games=0``, three agents for a
    two-player game, ``--seconds -1``); also a ``ValueError``."""

    kind = "error"


def require(ok: bool, message: str) -> None:
    """Raise :class:`UsageError` with ``message`` unless ``ok``."""
    if not ok:
        raise UsageError(message)


def positive_int(value, name: str, least: int = 1) -> int:
    """``value`` as a whole number of at least ``least``, or a :class:`UsageError` naming
    ``name``."""
    whole = isinstance(value, numbers.Integral) and not isinstance(value, bool)
    require(whole and value >= least,
            f"{name} must be a whole number of at least {least}; got {value!r}")
    return int(value)


def writable(path, name: str, folder: bool = False) -> Path:
    """``path`` (a file, or with ``folder`` a folder) as a :class:`Path` once it is known that
    it can be written: its folder is made if missing and a file can be created in it; otherwise
    a :class:`UsageError` naming the option ``name``, before any work is done."""
    path = Path(path)
    if path.exists() and path.is_dir() != folder:
        raise UsageError(f"{name} {path}: that is {'a file' if folder else 'a folder'}; "
                         f"expected {'a folder' if folder else 'a file'} to write")
    where = path if folder else path.parent
    try:
        where.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as e:
        raise UsageError(f"{name} {path}: cannot write there ({e.strerror or e})") from None
    return path


class NoSuchCell(LudiError, KeyError):
    """A cell label or coordinates that are not on the board (also a ``KeyError``)."""

    kind = "no such cell"

    def __str__(self) -> str:  # KeyError would quote the message
        return LudiError.__str__(self)


class IllegalMove(LudiError):
    """A move that is not legal in the current state; the state is left unchanged."""

    kind = "illegal move"


class EngineError(LudiError):
    """The compiled engine met something it cannot play (a corrupted program, a capacity it
    checks at the write, a rule that cannot complete); names the game and the ludeme."""

    kind = "engine error"
    code: int | None = None  # the kernels' ERR_* code, when the error came from them
