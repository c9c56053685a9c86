"""docs/results.md and the committed results folders: the page is what `ludi experiment docs`
writes from results/, every experiment's full-scale results are there, small, and current (no
commit since the one each ran on changed what it measures with)."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

from ludi.evolve.config import DEFAULTS, judging_settings
from ludi.experiments import load, names
from ludi.experiments.docs import PAGE, _demote, _relink, results_page

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"

#: What every experiment's numbers depend on besides its own study module and settings file.
MEASURING = ["ludi/evolve/fitness.py", "ludi/evolve/config.py", "ludi/evolve/patterns.py",
             "ludi/compile/lint.py", "ludi/measure", "ludi/agents", "ludi/experiments/common.py"]
# (the fitness reads the linter's dead rules and the goal pattern too)
#: What some depend on besides.
EXTRA = {"heldout": ["experiments/benchmark.toml", "experiments/demo.toml",
                     "ludi/evolve/benchmark.py"],
         **{name: ["ludi/evolve", "ludi/experiments/evolution.py"]
            for name in ("viability", "search", "rediscovery")},
         "library": ["ludi/evolve", "ludi/experiments/evolution.py", "ludi/ludii/report.py",
                     "experiments/library-files.txt"]}
CONFIG, PATTERNS = "ludi/evolve/config.py", "ludi/evolve/patterns.py"
#: The studies that evolve: every setting of a run counts for them, not only the judging ones.
EVOLVING = ("viability", "search", "rediscovery", "library", "atlas")
#: What the fitness reads from the patterns module (the rest serves the studies and tests).
FITNESS_READS = ("has_goal", "_clauses", "_desc", "_FOR_MOVER")


def watched(name: str) -> list[str]:
    """The files whose change makes ``name``'s committed results stale."""
    if name == "atlas":  # it reads every other experiment's tables
        return sorted({p for other in names() if other != "atlas" for p in watched(other)}
                      | {"ludi/experiments/atlas.py", "experiments/atlas.toml"})
    study = load(name).study
    return [*MEASURING, f"ludi/experiments/{study}.py", f"experiments/{name}.toml",
            *EXTRA.get(name, [])]


def test_committed_page_is_what_the_command_writes():
    assert (ROOT / PAGE).read_text(encoding="utf-8") == results_page(RESULTS), \
        "docs/results.md differs from the results folders: run `ludi experiment docs`"


@pytest.mark.parametrize("name", names())
def test_full_results_are_committed_small_and_current(name):
    folder = RESULTS / name
    report = (folder / "report.md").read_text(encoding="utf-8")
    assert "Scale: full" in report
    sha = re.search(r"^commit: ([0-9a-f]{40})$", report, re.M)
    assert sha, f"{name}: report.md names no clean commit (run it on a committed checkout)"
    git = ["git", "-C", str(ROOT)]
    files = [ROOT / f for f in subprocess.run([*git, "ls-files", "--", f"results/{name}"],
                                             capture_output=True, text=True,
                                             check=True).stdout.split("\n") if f]
    assert files, f"{name}: no results committed"
    assert not [p for p in files if p.suffix == ".pkl"]  # summaries, not raw units
    assert sum(p.stat().st_size for p in files) < 2_000_000
    if subprocess.run([*git, "cat-file", "-e", f"{sha[1]}^{{commit}}"]).returncode:
        pytest.fail(f"{name}: its commit {sha[1]} is not in this repository's history")
    changed = subprocess.run([*git, "diff", "--name-only", sha[1], "HEAD", "--",
                              *watched(name)], capture_output=True, text=True,
                             check=True).stdout.split()
    # two shared modules count by what the study reads from them, not by their text
    for path in (CONFIG, PATTERNS):
        if path in changed and not (path == PATTERNS and name in ("rediscovery", "atlas")) \
                and _reads(path, _source(path, sha[1]), name) == \
                _reads(path, _source(path, "HEAD"), name):
            changed.remove(path)
    assert not changed, (f"{name}'s results were made on {sha[1][:10]}, and these changed "
                         f"since: {changed}; rerun `ludi experiment {name} --scale full`")


def _source(path: str, commit: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{path}"],
                          capture_output=True, text=True, check=True).stdout


def _reads(path: str, source: str, name: str):
    """What study ``name`` reads from the shared module ``path`` as ``source`` declares it:
    the evolution settings (all of them for a study that evolves, the judging ones for the
    others, defaults filled in as ``resolve`` fills them), or the definitions the fitness
    calls in the patterns module (rediscovery and the atlas read the whole module)."""
    if path == PATTERNS:
        tree = ast.parse(source)
        return {target: ast.get_source_segment(source, node) for node in tree.body
                for target in _names(node) if target in FITNESS_READS}
    namespace: dict = {"__name__": "config_at_commit"}
    exec(compile(source, path, "exec"), namespace)  # noqa: S102 - our own file, at a commit
    settings = namespace["resolve"]({})
    return settings if name in EVOLVING else judging_settings(settings)


def _names(node: ast.stmt) -> list[str]:
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return [node.name]
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return [t.id for t in targets if isinstance(t, ast.Name)]
    return []


def test_what_a_study_reads_decides_whether_its_results_are_current():
    """merge_ends (added after the results of 4c0fa5e) is a setting of how runs vary: a study
    that evolves nothing stays current through it, one that evolves does not; the rule
    patterns the fitness reads are the goal test alone."""
    before = _source(CONFIG, "4c0fa5e34b87ff32164aae26ef8929dc31b5bde6")
    now = (ROOT / CONFIG).read_text(encoding="utf-8")
    assert _reads(CONFIG, before, "classics") == _reads(CONFIG, now, "classics")
    assert _reads(CONFIG, before, "search") != _reads(CONFIG, now, "search")
    assert "merge_ends" not in _reads(CONFIG, before, "search")
    assert judging_settings({**DEFAULTS, "merge_ends": 0.0, "crossover": 0.1}) == \
        judging_settings(DEFAULTS)
    assert judging_settings({**DEFAULTS, "trials": 3}) != judging_settings(DEFAULTS)
    assert judging_settings({**DEFAULTS, "seed": 3}) != judging_settings(DEFAULTS)
    patterns = (ROOT / PATTERNS).read_text(encoding="utf-8")
    reads = _reads(PATTERNS, patterns, "classics")
    assert set(reads) == set(FITNESS_READS)
    edited = patterns.replace('"Next", "Loss"): "Win"', '"Next", "Loss"): "Draw"')
    assert edited != patterns and _reads(PATTERNS, edited, "classics") != reads
    assert _reads(PATTERNS, patterns + "\n\ndef other():\n    pass\n", "classics") == reads


def test_page_links_reports_figures_and_demotes_headings():
    assert _relink("![a](fig.png) [b](https://x.org) ![c](../y.png)", "classics") == \
        "![a](../results/classics/fig.png) [b](https://x.org) ![c](../y.png)"
    assert _demote("## Results\n### Part\ntext # not a heading") == \
        "### Results\n#### Part\ntext # not a heading"


def test_an_experiment_not_run_yet_is_named(tmp_path):
    page = results_page(tmp_path)
    for name in names():
        assert f"Not run yet: `ludi experiment {name} --scale full`" in page
