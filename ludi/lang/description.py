"""A parsed game description and the functions that make one from text or a file."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ludi.errors import DefineError, GameNotFound, OptionError
from ludi.lang.expand import Option, expand
from ludi.lang.grammar import parse_tokens
from ludi.lang.reader import SList, Tok, read_text
from ludi.lang.tree import Node

#: Extra folders of ``*.def`` define files, separated by os.pathsep (like PATH).
DEFINE_PATH_ENV = "LUDI_DEFINE_PATH"


@dataclass(frozen=True)
class Description:
    """A game description after options and defines are expanded.

    ``tree`` is the typed ludeme tree of the ``(game …)``; ``options`` maps every option category
    of the file to the chosen item; ``metadata`` holds the ``(info …)`` entries, kept but not
    interpreted.
    """

    tree: Node
    name: str
    options: dict[str, str] = field(default_factory=dict)
    ruleset: str | None = None
    metadata: dict[str, str] = field(default_factory=dict, compare=False)
    available: tuple[Option, ...] = field(default=(), compare=False, repr=False)
    rulesets: tuple[str, ...] = field(default=(), compare=False, repr=False)
    source: str = field(default="<text>", compare=False)

    def to_text(self, width: int = 88) -> str:
        """The expanded description as text; parsing it gives the same tree."""
        return self.tree.to_text(width)

    def canonical(self) -> str:
        """The canonical text: unordered arrays sorted, one line."""
        return self.tree.canonical().to_text(width=10**9)

    @property
    def hash(self) -> str:
        """A stable hash of the canonical form: equal for descriptions of the same game."""
        return self.tree.hash


def _metadata(lst: SList | None) -> dict[str, str]:
    """The simple ``(key "value")`` entries of ``(metadata (info {…}))``."""
    out: dict[str, str] = {}

    def visit(items):
        for it in items:
            if isinstance(it, SList):
                if (len(it.items) == 2 and isinstance(it.items[0], Tok)
                        and isinstance(it.items[1], Tok) and it.items[1].kind == "string"):
                    out.setdefault(it.items[0].text, it.items[1].text[1:-1])
                else:
                    visit(it.items)

    if lst is not None:
        visit(lst.items)
    return out


def define_paths(extra=None) -> list[str]:
    """The define folders: those of ``LUDI_DEFINE_PATH`` and ``extra``; each must exist."""
    paths = [p for p in os.environ.get(DEFINE_PATH_ENV, "").split(os.pathsep) if p]
    if extra:
        paths.extend([extra] if isinstance(extra, (str, Path)) else list(extra))
    for p in paths:
        if not Path(p).is_dir():
            where = f" (from {DEFINE_PATH_ENV})" if p not in (extra or []) and p != extra else ""
            raise DefineError(f"define folder {p}{where} "
                              f"{'is not a folder' if Path(p).exists() else 'does not exist'}; "
                              "expected a folder of .def files", file=str(p))
    return paths


def parse(text: str, options=None, *, ruleset: str | None = None, defines=None,
          source: str = "<text>") -> Description:
    """Parse a description: expand options/rulesets/defines, then parse with the grammar.

    ``options``: ``{"Category": "Item"}`` or strings ``"Category=Item"``; ``ruleset``: a ruleset
    name (with or without the ``Ruleset/`` prefix); ``defines``: folders of ``.def`` files.

    >>> d = parse('(game "T" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)})'
    ...           ' (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3)'
    ...           ' (result Mover Win)))))')
    >>> d.name, d.tree.rule
    ('T', 'game')
    """
    try:
        ex = expand(text, source, options, ruleset, define_paths(defines))
    except OptionError as e:  # an option asked for by the caller: name the game it was for
        if e.file is None:
            e.file = source
        raise
    tree = parse_tokens(ex.game.tokens(), "game")
    return Description(
        tree=tree,
        name=tree.args[0],
        options=dict(ex.chosen),
        ruleset=ex.ruleset,
        metadata=_metadata(ex.metadata),
        available=tuple(ex.options),
        rulesets=tuple(r.name for r in ex.rulesets),
        source=source,
    )


def parse_fragment(text: str, category: str) -> Node:
    """Parse a piece of text as one ludeme of ``category`` (e.g. ``"region"``)."""
    from ludi.lang.reader import tokenize

    return parse_tokens(tokenize(text), category)


def games_dir() -> Path:
    return Path(__file__).resolve().parent.parent / "games"


def shipped_games() -> dict[str, Path]:
    """Shipped game names (file stems of ``ludi/games/*.lud``) and their files."""
    return {p.stem: p for p in sorted(games_dir().glob("*.lud"))}


def resolve(name_or_path: str | os.PathLike) -> Path:
    """The file of a shipped game name or of a path; raises :class:`GameNotFound`."""
    if not isinstance(name_or_path, (str, os.PathLike)):
        raise GameNotFound(f"expected a shipped game's name (such as 'yavalath') or a .lud "
                           f"path; got {type(name_or_path).__name__} {name_or_path!r}")
    if isinstance(name_or_path, str) and "(" in name_or_path and not Path(name_or_path).is_file():
        raise GameNotFound("this looks like a description's text, not a game name or a file: "
                           "use ludi.parse(text) (or ludi.lang.parse for the description alone)")
    p = Path(name_or_path)
    if p.suffix == ".lud" or p.exists():
        if p.is_file():
            return p
        raise GameNotFound(f"no such file: {p}", file=str(p))
    games = shipped_games()
    key = str(name_or_path).lower()
    if key in games:
        return games[key]
    import difflib

    near = difflib.get_close_matches(key, list(games), n=3, cutoff=0.5)
    hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
    raise GameNotFound(f"no shipped game or file '{name_or_path}'; shipped games: "
                       f"{', '.join(games)}{hint}", suggestions=near, expected=list(games))


def load_description(name_or_path, options=None, *, ruleset: str | None = None,
                     defines=None) -> Description:
    """Parse a shipped game (by name, e.g. ``"yavalath"``) or a ``.lud`` file."""
    path = resolve(name_or_path)
    found = ludii_def_folder(path)
    if found is not None:  # the tree's own defines first, so the caller's can override them
        defines = [found] + ([defines] if isinstance(defines, (str, Path)) else list(defines or []))
    return parse(read_text(path), options, ruleset=ruleset, defines=defines, source=str(path))


def ludii_library(setting: str | None = None) -> Path:
    """Ludii's board-game library: ``setting``, else $LUDI_LUDII_DIR/library, else the shared
    folder beside the repository (Ludii's files are read there, never copied into ludi)."""
    import os

    if setting:
        return Path(setting)
    env = os.environ.get("LUDI_LUDII_DIR")
    if env:
        return Path(env) / "library"
    return Path(__file__).resolve().parents[3] / "shared" / "ludii" / "library"


def ludii_def_folder(path: Path) -> Path | None:
    """The ``def/`` folder of the Ludii-style tree a description lives in: the nearest folder
    called ``def`` beside the file or beside one of its parent folders (Ludii's library keeps
    games under ``board/…`` and their defines under ``def/…``)."""
    for folder in Path(path).resolve().parents:
        candidate = folder / "def"
        if candidate.is_dir() and next(candidate.rglob("*.def"), None) is not None:
            return candidate
    return None

