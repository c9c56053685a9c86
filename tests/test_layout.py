"""The compiled format is declared, not numbered by hand: every family of names in
``ludi.compile.layout`` has unique numbers, every kind reads fields of its own record type and
says so truthfully, and every code of a family is handled by exactly one branch of its kernel
dispatcher (no code forgotten, none handled twice)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from ludi.compile import layout as L
from ludi.compile.records import Records
from ludi.compile.schema import Code, Kind, Namespace, Slot, Span, codes, slots

KERNELS = Path(L.__file__).resolve().parents[1] / "engine" / "kernels"
FAMILIES = {name: ns for name, ns in vars(L).items() if isinstance(ns, Namespace)}
#: Record types and the codes of their KIND field.
RECORDS = {"O": "OP", "G": "GEN", "E": "EFF", "IN": "PR", "DR": "DYN"}


def spans(ns: Namespace) -> list[tuple[str, int, int]]:
    """Each name's numbers as [low, high), whichever way the family counts."""
    out = []
    for e in ns:
        low = e.value if e.value >= 0 else e.value - e.width + 1
        out.append((e.name, low, low + e.width))
    return out


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_numbers_its_names_uniquely(family):
    ns = FAMILIES[family]
    taken: dict[int, str] = {}
    for name, low, high in spans(ns):
        for number in range(low, high):
            assert number not in taken, f"{family}.{name}, {family}.{taken[number]}: {number}"
            taken[number] = name
    names = [e.name for e in ns]
    assert len(names) == len(set(names))
    assert all(e.doc for e in ns), f"{family}: a name without a word on what it means"


def test_blocks_of_slots_are_contiguous_and_the_header_holds_parameters_then_sections():
    for family, ns in FAMILIES.items():
        if hasattr(ns, "SIZE"):
            start = L.P.SIZE if ns is L.T else 0
            assert sorted(n for e in ns for n in range(e.value, e.value + e.width)) == \
                list(range(start, ns.SIZE)), family
    assert L.T.SIZE == len(L.P) + len(L.T)
    assert L.BOARD == L.I.SIZE and L.state_size(10, 3) == L.I.SIZE + 10 * L.S.SIZE + 3 * L.H.SIZE


@pytest.mark.parametrize("record,kinds", sorted(RECORDS.items()))
def test_each_kind_reads_fields_of_its_record_and_every_field_is_read(record, kinds):
    fields, codes_ = FAMILIES[record], FAMILIES[kinds]
    read = set()
    for kind in codes_:
        reads = kind.declared.reads
        assert set(reads) <= {e.value for e in fields}, kind.name
        assert fields.KIND not in reads
        for e in fields:  # a span's two fields go together
            if isinstance(e.declared, Span):
                assert (e.value in reads) == (e.value + 1 in reads), (kind.name, e.name)
        read |= set(reads)
    unread = [e.name for e in fields if e.value not in read and e.name != "KIND"]
    assert not unread, f"{record} fields no {kinds} kind reads: {unread}"


def _words(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


@pytest.mark.parametrize("record,kinds", sorted(RECORDS.items()))
def test_no_field_has_two_meanings(record, kinds):
    """A field's doc that begins with the kinds it is for ("Custodial, Surround: …") names
    exactly the kinds that read it, and says one thing: no "A: this; B: that"."""
    fields, codes_ = FAMILIES[record], FAMILIES[kinds]
    names = {e.value: {_words(e.name), _words(getattr(e.declared, "name", ""))} for e in codes_}
    for e in fields:
        if e.name == "KIND" or e.name.endswith("_END"):
            continue
        assert not re.search(r";\s*[A-Z][\w, ]*:", e.doc), f"{record}.{e.name}: {e.doc}"
        lead = re.match(r"^([A-Z][A-Za-z_]*(?:, [A-Z][A-Za-z_]*)*): ", e.doc)
        if lead is None:
            continue
        said = {_words(w) for w in lead.group(1).split(", ")}
        readers = {v for v, n in names.items() if e.value in codes_.entry(v).declared.reads}
        named = {v for v, n in names.items() if n & said}
        assert named == readers, (f"{record}.{e.name} says it is for {sorted(said)}, but "
                                  f"{sorted(codes_.name_of(v) for v in readers)} read it")


def test_the_compiler_cannot_write_a_field_a_kind_does_not_read():
    ops = Records(L.O, L.OP)
    ops.add(_origin(), kind=L.OP.LINE, length=3, role=L.ROLE.MOVER)
    with pytest.raises(AssertionError, match="not read by LINE"):
        ops.add(_origin(), kind=L.OP.LINE, value=3)


def _origin():
    from ludi.compile.records import Origin

    return Origin("(test)")


def test_declarations_number_themselves_and_refuse_what_they_cannot_number():
    @slots
    class Block:
        """A block."""

        A = Slot("one", width=3)
        B = Span("an expression")

    assert (Block.A, Block.B, Block.B_END, Block.SIZE) == (0, 3, 4, 5)
    assert Block.name_of(4) == "B_END" and 3 in Block and 9 not in Block

    @codes(first=-1, step=-1)
    class Down:
        """Codes counted down."""

        X = Code("x", width=4)
        Y = Code("y")

    assert (Down.X, Down.Y) == (-1, -5)
    with pytest.raises(TypeError, match="WIDTH"):
        @slots
        class Stray:
            """A hand-numbered constant among declarations."""

            A = Slot("a")
            WIDTH = 7
    with pytest.raises(TypeError, match="not a field"):
        @codes(fields=Block)
        class Kinds:
            """A kind reading a field its record does not have."""

            K = Kind("k", reads=(42,))


# ---------------------------------------------------------------- dispatchers

#: Where each family's codes are handled: the kernel functions whose if/elif branches on the
#: code do the work. A branch inside another branch's body is that branch's own business (e.g.
#: the VM's WHO/WHAT/IS_OCCUPIED branch telling WHAT apart), and comparisons by range
#: (``OP.ADD <= op <= OP.GE``) only route to a dispatcher, so neither is counted.
DISPATCHERS = {
    "OP": [("conditions", ("evaluate", "leaf", "leaf_rest", "compare"))],
    "PR": [("generate", ("run_program",))],
    "GEN": [("generate", ("leaf_moves",))],
    "EFF": [("effects", ("effects", "skipped", "capture_effect", "simple_effect"))],
    "DYN": [("conditions", ("position_region_has", "part_region_has")),
            ("generate", ("dynamic_region_has",))],
    "REG": [("conditions", ("basic_in_region",))],
    "MOVE": [("effects", ("play_effects",))],
    "OUTCOME": [("ends", ("settle_clause",))],
}


def _named(test: ast.expr, family: str) -> list[str]:
    """The codes of ``family`` a branch's test compares for equality."""
    out = []
    for node in ast.walk(test):
        if isinstance(node, ast.Compare) and all(isinstance(op, ast.Eq) for op in node.ops):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Attribute) and isinstance(side.value, ast.Name) \
                        and side.value.id == family:
                    out.append(side.attr)
    return out


def _branches(statements: list[ast.stmt], family: str):
    for stmt in statements:
        if isinstance(stmt, ast.If):
            named = _named(stmt.test, family)
            if named:
                yield from named
                yield from _branches(stmt.orelse, family)  # the elif chain, not its body
                continue
        for field in ("body", "orelse", "finalbody"):
            yield from _branches(getattr(stmt, field, []) or [], family)


def handled(family: str, kernels: Path = KERNELS) -> dict[str, int]:
    """How many dispatch branches name each code of ``family``."""
    counts: dict[str, int] = {}
    for module, functions in DISPATCHERS[family]:
        tree = ast.parse((kernels / f"{module}.py").read_text())
        found = {f.name: f for f in tree.body if isinstance(f, ast.FunctionDef)}
        for name in functions:
            assert name in found, f"no dispatcher {module}.{name}"
            for code in _branches(found[name].body, family):
                counts[code] = counts.get(code, 0) + 1
    return counts


@pytest.mark.parametrize("family", sorted(DISPATCHERS))
def test_every_code_is_handled_by_exactly_one_kernel_branch(family):
    ns = FAMILIES[family]
    counts = handled(family)
    unknown = set(counts) - {e.name for e in ns}
    assert not unknown, f"branches on undeclared {family} codes: {unknown}"
    if family == "REG":  # ranges (OCCUPIED_P1 - colour, COMPONENT - k) and the row codes
        expected = {e.name for e in ns if e.width == 1 and e.name != "DYNAMIC"}
    else:
        expected = {e.name for e in ns}
    wrong = {code: counts.get(code, 0) for code in expected if counts.get(code, 0) != 1}
    assert not wrong, f"{family} codes not handled by exactly one branch: {wrong}"


def test_the_binary_ops_are_one_run_the_vm_routes_as_a_range():
    # (value Random …) takes two values too, but draws (moving the chance generator on): its
    # own branch, not compare()'s
    binary = [e.value for e in L.OP if e.declared.pops == 2 and e.declared.reads == ()
              and e.name != "RANDOM"]
    assert binary == list(range(L.OP.ADD, L.OP.GE + 1))
    assert set(L.FLAT_TESTS) <= {e.value for e in L.OP}


def test_the_kernels_name_the_colours_instead_of_writing_four():
    for path in sorted(KERNELS.glob("*.py")):
        tree = ast.parse(path.read_text())
        fours = [n.lineno for n in ast.walk(tree)
                 if isinstance(n, ast.Constant) and n.value == 4 and type(n.value) is int]
        assert not fours, f"{path.name}: a bare 4 on lines {fours} (COLOURS?)"


def test_the_kernels_import_the_layout_by_family():
    for path in sorted(KERNELS.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "ludi.compile.layout":
                assert len(node.names) <= 25, f"{path.name} imports {len(node.names)} names"
