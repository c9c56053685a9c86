"""docs/results.md and the committed results folders: the page is what `ludi experiment docs`
writes from results/, every experiment's full-scale results are there, small, and current (no
commit since the one each ran on changed what it measures with)."""

from __future__ import annotations

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
                     "docs/ludii-coverage.md"]}
CONFIG = "ludi/evolve/config.py"


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
    if CONFIG in changed and "ludi/evolve" not in watched(name) and \
            judging_settings(_defaults_at(sha[1])) == judging_settings(DEFAULTS):
        changed.remove(CONFIG)  # a change to how runs search, which judges no candidate
    assert not changed, (f"{name}'s results were made on {sha[1][:10]}, and these changed "
                         f"since: {changed}; rerun `ludi experiment {name} --scale full`")


def _defaults_at(sha: str) -> dict:
    """The evolution defaults as the commit ``sha`` declared them."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{sha}:{CONFIG}"],
                            capture_output=True, text=True, check=True).stdout
    namespace: dict = {"__name__": "config_at_commit"}
    exec(compile(source, f"{CONFIG}@{sha[:10]}", "exec"), namespace)  # noqa: S102
    return namespace["DEFAULTS"]


def test_a_search_setting_leaves_the_judged_results_current():
    """How a run searches (here merge_ends, added after the judged results were made) is not
    what judges a candidate: a study that evolves nothing stays current through it."""
    assert judging_settings({**DEFAULTS, "merge_ends": 0.0, "crossover": 0.1}) == \
        judging_settings(DEFAULTS)
    assert judging_settings({**DEFAULTS, "trials": 3}) != judging_settings(DEFAULTS)
    before = _defaults_at("4c0fa5e34b87ff32164aae26ef8929dc31b5bde6")  # before merge_ends
    assert "merge_ends" not in before and "trials" in judging_settings(before)


def test_page_links_reports_figures_and_demotes_headings():
    assert _relink("![a](fig.png) [b](https://x.org) ![c](../y.png)", "classics") == \
        "![a](../results/classics/fig.png) [b](https://x.org) ![c](../y.png)"
    assert _demote("## Results\n### Part\ntext # not a heading") == \
        "### Results\n#### Part\ntext # not a heading"


def test_an_experiment_not_run_yet_is_named(tmp_path):
    page = results_page(tmp_path)
    for name in names():
        assert f"Not run yet: `ludi experiment {name} --scale full`" in page
