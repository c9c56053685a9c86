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

import pandas as pd

from ludi.experiments import power
from ludi.experiments.common import markdown
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


def _pie(folder: Path) -> str:
    table = power.pie_effect(pd.read_parquet(folder / "advantage_by_strength.parquet"))
    return ("The pie rule's effect on the first player's score (wins 1, draws ½), without it "
            "minus with it, at each strength (Newcombe's 95% interval of a difference of "
            "shares; games needed: per arm, for 80% power at the difference shown):\n\n"
            + markdown(table, ["agent", "games", "no pie", "pie", "difference", "lo", "hi",
                               "separated", "games needed"]))


def _rank(folder: Path) -> str:
    from ludi.experiments.yavalath import YAVALATH

    table = pd.read_parquet(folder / "neighbours.parquet")
    sep = power.rank_separation(table, YAVALATH)
    return ("Yavalath against each neighbour: the fitness difference (the neighbour's minus "
            "Yavalath's), whether the two 95% bootstrap intervals separate it (half-widths "
            "added in quadrature), and the self-play games each would need for 80% power:\n\n"
            + markdown(sep, ["label", "difference", "separated", "games needed"]))


def _culling(folder: Path) -> str:
    runs = pd.read_parquet(folder / "funnel_runs.parquet")
    parts = []
    for stage, what in (("viable", "pass the viability screen"),
                        ("sound", "pass every gate and reach the soundness bar")):
        table = power.culling(runs, stage)
        parts.append(f"Bred rule sets that {what}, against LUDI's 19 of 1,389 (Wilson 95% "
                     "intervals; Newcombe's for the difference; bred needed: per arm, for 80% "
                     "power):\n\n" + markdown(table, ["operators", "bred", "passed", "share",
                                                        "lo", "hi", "LUDI", "difference",
                                                        "separated", "bred needed"]))
    return "\n\n".join(parts)


def _methods(folder: Path) -> str:
    curves = pd.read_parquet(folder / "curves.parquet")
    parts = []
    for measure in ("best", "qd_score"):
        table = power.method_effects(curves, measure)
        parts.append(f"`{measure}` at the end of the budget, each method against random "
                     "search (mean over runs; Welch's 95% interval of the difference; Cohen's "
                     "d; runs needed: per method, for 80% power at that d):\n\n"
                     + markdown(table, ["method", "runs", "mean", "random", "difference",
                                        "lo", "hi", "cohen_d", "separated", "runs needed"]))
    return "\n\n".join(parts)


def _arms(folder: Path) -> str:
    if not (folder / "arms.parquet").is_file():
        return "These results predate the study's two arms: rerun it for their comparison."
    table = power.arm_effect(pd.read_parquet(folder / "arms.parquet"))
    arms = [c for c in table.columns if c not in ("outcome", "difference", "lo", "hi",
                                                  "separated", "runs needed")]
    return (f"Runs in which the rule was made, and in which it reached the hall of fame: "
            f"{arms[0]} against {arms[1]} (shares of runs; Newcombe's 95% interval of the "
            "difference; runs needed: per arm, for 80% power at the difference shown):\n\n"
            + markdown(table, ["outcome", *arms, "difference", "lo", "hi", "separated",
                               "runs needed"]))


#: The questions LUDI asked, per experiment: whether its sample separates what it compares.
POWER = {"yavalath": (_rank, _pie), "viability": (_culling,), "search": (_methods,),
         "rediscovery": (_arms,)}


def section(number: int, name: str, root: Path) -> str:
    experiment = load(name)
    report = root / name / "report.md"
    head = f"## {number}. {name}: {experiment.title}"
    if not report.is_file():
        return (f"{head}\n\nNot run yet: `ludi experiment {name} --scale full`, then "
                "`ludi experiment docs`.\n")
    body, made = _sections(report.read_text(encoding="utf-8"))
    parts = [head, _demote(_relink(body, name))]
    if name in POWER:
        parts += ["### Power to decide", *(f(root / name) for f in POWER[name])]
    return "\n\n".join([*parts, "**How this was made.**", made]) + "\n"


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
