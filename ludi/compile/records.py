"""Records: the rows the compiler writes into one section of the tables, by field name.

Every record type has its fields declared once, in :mod:`ludi.compile.layout` (``O`` for condition
ops, ``G`` for generators, ...), and each kind of record the fields it reads (``OP``, ``GEN``, ...).
The compiler fills a row by those names, so no numeric offset appears in it, and keeps beside
each row where in the description it came from: an engine error or a program dump names the
ludeme and its file, line and column.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ludi.compile.schema import Namespace
from ludi.lang import Node


@dataclass(frozen=True)
class Origin:
    """Where a record came from: the ludeme's text (one line) and its place in the source."""

    text: str
    file: str | None = None
    line: int | None = None
    col: int | None = None
    source_line: str | None = None

    @classmethod
    def of(cls, node, parent: Node | None = None) -> Origin:
        """The origin of a node, or of a literal (a number, a boolean) written inside
        ``parent`` (it has the parent's place)."""
        if isinstance(node, Origin):
            return node
        if not isinstance(node, Node):
            within = cls.of(parent) if parent is not None else cls("")
            return cls(str(node), within.file, within.line, within.col, within.source_line)
        file, line, col, source_line = node.pos if node.pos else (None, None, None, None)
        return cls(node.to_text(width=10**9), file, line, col, source_line)

    @property
    def place(self) -> str:
        """``file:line:col`` (the file's name only), or "" when unknown."""
        if self.line is None:
            return ""
        name = (self.file or "<text>").replace("\\", "/").rsplit("/", 1)[-1]
        return f"{name}:{self.line}:{self.col}"

    def __str__(self) -> str:
        return f"{self.text} ({self.place})" if self.place else self.text


class Records:
    """The rows of one section: ``add(node, kind=..., field=value, ...)`` -> the row's index.

    ``fields`` is the record type's declaration in the layout (``layout.O``: fields ``kind``,
    ``role`` ...); ``kinds`` (e.g. ``layout.OP``) says which fields each kind reads; a row may
    set only those, which catches a compiler that writes a field the kernels never read for
    that kind.
    """

    def __init__(self, fields: Namespace, kinds: Namespace | None = None):
        self.fields = fields.fields()
        self.width = fields.SIZE
        self.kinds = kinds
        self.rows: list[list[int]] = []
        self.origins: list[Origin] = []

    def add(self, node: Node | Origin, **values: int) -> int:
        row = [0] * self.width
        if self.kinds is not None:
            used = {self.fields[name] for name in values if name != "kind"}
            wanted = set(self.kinds.entry(values["kind"]).declared.reads)
            if used - wanted:
                raise AssertionError(f"fields {sorted(used - wanted)} are not read by "
                                     f"{self.kinds.name_of(values['kind'])}")
        for name, value in values.items():
            row[self.fields[name]] = int(value)
        self.rows.append(row)
        self.origins.append(Origin.of(node))
        return len(self.rows) - 1

    def set(self, index: int, **values: int) -> None:
        """Fill fields of a row written before (jump targets known only later)."""
        for name, value in values.items():
            self.rows[index][self.fields[name]] = int(value)

    def truncate(self, length: int) -> None:
        """Drop the rows from ``length`` on (a part compiled to be used elsewhere)."""
        del self.rows[length:], self.origins[length:]

    def get(self, index: int, name: str) -> int:
        return self.rows[index][self.fields[name]]

    def __len__(self) -> int:
        return len(self.rows)

    def array(self) -> np.ndarray:
        return np.array(self.rows, np.int64).reshape(len(self.rows), self.width)
