"""How the compiled format is declared: families of names for numbers, numbered for you.

:mod:`ludi.compile.layout` writes each family — the header's slots, a record type's fields, the
codes of its kinds, the state's scalars — as a class of declarations, in order, and one of the
decorators below numbers them: consecutive slots (each as wide as it says), codes counted up
(or down), bit flags. Nothing is numbered by hand, so two names cannot share a number by
mistake, and adding one is adding a line where it belongs.

>>> @slots
... class Demo:
...     '''A block of three slots.'''
...     PLAYERS = Slot("how many players")
...     RANKS = Slot("each colour's rank", width=4)
...     COND = Span("a condition: ops [COND, COND_END)")
>>> Demo.PLAYERS, Demo.RANKS, Demo.COND, Demo.COND_END, Demo.SIZE
(0, 1, 5, 6, 7)
>>> Demo.name_of(5)
'COND'

Each family becomes a :class:`Namespace`: a module object whose attributes are plain ints.
numba reads a module's int attributes as compile-time constants (it cannot read a class's), so
the kernels write ``t[at + G.TO_REGION]`` and compile to the same code as a bare constant. The
namespace keeps every declaration (:attr:`Namespace.entries`: name, number, width, what it
means, and for a kind the fields it reads), which the compiler's record checks, the program
dumps, the error messages and the tests read; ``tests/test_layout.py`` proves the numbers unique
and every kind handled by exactly one branch of its kernel dispatcher.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from dataclasses import dataclass, field

# ---------------------------------------------------------------- what a class body declares


@dataclass(frozen=True)
class Slot:
    """A slot of a block or a field of a record: ``width`` consecutive ints."""

    doc: str = ""
    width: int = 1


@dataclass(frozen=True)
class Span:
    """An expression's ops in a record, ``[X, X_END)``: two fields, ``X`` and ``X_END``
    (an empty span, X_END <= X, means none)."""

    doc: str = ""


@dataclass(frozen=True)
class Code:
    """One code of a family (a kind of record, a region, an error ...). ``width`` > 1 reserves
    a run of codes (``REG.OCCUPIED_P1 - colour``); ``name`` is what dumps print."""

    doc: str = ""
    width: int = 1
    name: str = ""


@dataclass(frozen=True)
class Kind(Code):
    """A kind of record (a generator, an effect, an instruction, a dynamic region): the fields
    of its record type that it reads. A span's start stands for both of its fields."""

    reads: tuple[int, ...] = ()


@dataclass(frozen=True)
class Op(Kind):
    """A condition op: the fields it reads and how many values it pops off the VM's stack
    (-1: as many as its OPERANDS field says)."""

    pops: int = 0


@dataclass(frozen=True)
class Error(Code):
    """An engine error: the record type the error's place points into (None: none) and what to
    say ({value}: the value that was wrong)."""

    record: str | None = None


@dataclass(frozen=True)
class Flag:
    """One bit of a bit set."""

    doc: str = ""


# ---------------------------------------------------------------- the namespace


@dataclass(frozen=True)
class Entry:
    """One declared name: its number, how many numbers it takes, and its declaration."""

    name: str
    value: int
    width: int
    declared: object = field(repr=False)

    @property
    def doc(self) -> str:
        return getattr(self.declared, "doc", "")


class Namespace(types.ModuleType):
    """A family of names for numbers. Its attributes are plain ints (``SIZE`` included, where
    the family has one); :attr:`entries` keeps the declarations in order."""

    entries: tuple[Entry, ...]

    def __init__(self, name: str, doc: str | None, entries: list[Entry],
                 extra: dict[str, int] | None = None):
        super().__init__(name, doc)
        self.entries = tuple(entries)
        for entry in entries:
            setattr(self, entry.name, entry.value)
        for key, value in (extra or {}).items():
            setattr(self, key, value)

    def __repr__(self) -> str:
        return f"<layout {self.__name__}: {len(self.entries)} names>"

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, value: object) -> bool:
        return any(e.value == value for e in self.entries)

    def entry(self, value: int) -> Entry:
        """The declaration numbered ``value`` (KeyError: none)."""
        for e in self.entries:
            if e.value == value:
                return e
        raise KeyError(f"{self.__name__} has no {value}")

    def name_of(self, value: int) -> str:
        return self.entry(value).name

    def label(self, value: int) -> str:
        """What a dump prints for code ``value``: its declared name (``OP.LINE``: "line"), or
        ``?value`` for a number the family does not have."""
        try:
            entry = self.entry(value)
        except KeyError:
            return f"?{value}"
        return getattr(entry.declared, "name", "") or entry.name.lower()

    def fields(self) -> dict[str, int]:
        """The names in lower case, as the compiler writes a record's fields
        (``G.fields()["to_region"]``)."""
        return {e.name.lower(): e.value for e in self.entries}


def _members(cls: type, kinds: tuple[type, ...]) -> list[tuple[str, object]]:
    out = [(k, v) for k, v in vars(cls).items() if isinstance(v, kinds)]
    stray = [k for k, v in vars(cls).items() if not k.startswith("_") and not isinstance(v, kinds)]
    if stray:
        raise TypeError(f"{cls.__name__}: {', '.join(stray)} declare nothing a "
                        f"{'/'.join(t.__name__ for t in kinds)} family holds")
    return out


# ---------------------------------------------------------------- the decorators


def slots(cls: type | None = None, *, after: Namespace | None = None):
    """Number ``Slot`` and ``Span`` declarations consecutively from 0 (or from the end of the
    block ``after``); ``SIZE`` is the first number after the block."""
    def number(cls: type) -> Namespace:
        at = after.SIZE if after is not None else 0
        entries = []
        for name, item in _members(cls, (Slot, Span)):
            if isinstance(item, Span):
                entries.append(Entry(name, at, 1, item))
                entries.append(Entry(f"{name}_END", at + 1, 1, Slot(f"the end of {name}")))
                at += 2
            else:
                entries.append(Entry(name, at, item.width, item))
                at += item.width
        return Namespace(cls.__name__, cls.__doc__, entries, {"SIZE": at})
    return number(cls) if cls is not None else number


def codes(cls: type | None = None, *, first: int = 1, step: int = 1,
          fields: Namespace | None = None):
    """Number ``Code`` declarations from ``first`` by ``step`` (-1: counting down; a code of
    width w takes w numbers). With ``fields``, a kind's reads must be fields of that record
    type, and a span's start stands for its end too."""
    def number(cls: type) -> Namespace:
        at = first
        entries = []
        for name, item in _members(cls, (Code,)):
            if fields is not None and isinstance(item, Kind):
                item = _with_span_ends(cls.__name__, name, item, fields)
            entries.append(Entry(name, at, item.width, item))
            at += step * item.width
        return Namespace(cls.__name__, cls.__doc__, entries)
    return number(cls) if cls is not None else number


def _with_span_ends(family: str, name: str, kind: Kind, fields: Namespace) -> Kind:
    known = {e.value: e for e in fields.entries}
    reads = []
    for value in kind.reads:
        if value not in known or value == 0:
            raise TypeError(f"{family}.{name} reads {value}, not a field of {fields.__name__}")
        reads.append(value)
        if isinstance(known[value].declared, Span):
            reads.append(value + 1)
    return type(kind)(**{**kind.__dict__, "reads": tuple(reads)})


def flags(cls: type) -> Namespace:
    """Number ``Flag`` declarations as the bits 1, 2, 4, ..."""
    entries = [Entry(name, 1 << i, 1, item)
               for i, (name, item) in enumerate(_members(cls, (Flag,)))]
    return Namespace(cls.__name__, cls.__doc__, entries)
