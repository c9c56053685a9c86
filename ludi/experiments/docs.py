"""``ludi experiment docs``: docs/results.md, written from the results folders.

Every number on the results page comes from ``results/NAME/report.md``, which the experiment
wrote from its own tables; this module only gathers the reports, in the order of
:func:`ludi.experiments.names`, and says for each the commit, command and time it was made with.
A test checks that the committed page is what this writes, so the page cannot drift from the
results or be edited by hand.

>>> from ludi.experiments.docs import results_page  # doctest: +SKIP
>>> print(results_page("results")[:9])
# Results
"""

from __future__ import annotations

import re
from pathlib import Path

from ludi.experiments.runner import load, names

#: Where the page goes, relative to the repository.
PAGE = Path("docs") / "results.md"
HEADER = """# Results

This page is written by `ludi experiment docs` from the committed results folders
(`results/NAME/`: each experiment's tables as Parquet, its figures and `report.md`); do not edit
it by hand. Each section is one experiment's report: its question, where the question comes
from, the kind of its intervals, its numbers, and the commit, command and time that made them.
Rerun an experiment with the command in its section, then `ludi experiment docs`.
"""


def _sections(report: str) -> tuple[str, str]:
    """The report's body (from the hypothesis to its results) and its "How this was made"."""
    body, _, made = report.partition("## How this was made")
    body = body.split("\n", 1)[1] if body.startswith("# ") else body  # the title line
    return body.strip(), made.strip()


def _relink(text: str, folder: str) -> str:
    """Image and file links of a report, made relative to docs/."""
    return re.sub(r"\]\((?!https?:|/|\.\./)([^)]+)\)", rf"](../results/{folder}/\1)", text)


def _demote(text: str) -> str:
    return re.sub(r"(?m)^(#+) ", r"#\1 ", text)


def section(number: int, name: str, root: Path) -> str:
    experiment = load(name)
    report = root / name / "report.md"
    head = f"## {number}. {name}: {experiment.title}"
    if not report.is_file():
        return (f"{head}\n\nNot run yet: `ludi experiment {name} --scale full`, then "
                "`ludi experiment docs`.\n")
    body, made = _sections(report.read_text(encoding="utf-8"))
    return "\n\n".join([head, _demote(_relink(body, name)), "**How this was made.**",
                        made]) + "\n"


def results_page(root: str | Path = "results") -> str:
    """The results page for the folders under ``root``."""
    root = Path(root)
    parts = [HEADER]
    for number, name in enumerate(names(), 1):
        parts.append(section(number, name, root))
    return "\n".join(parts)


def write_results_page(root: str | Path = "results", out: str | Path = PAGE) -> Path:
    out = Path(out)
    out.write_text(results_page(root), encoding="utf-8")
    return out
