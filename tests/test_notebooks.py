"""The notebooks in ``notebooks/``: each one runs from top to bottom against the smoke results,
and each is committed clean (no outputs, no execution counts).

The kernel is this interpreter (``sys.executable``) through a kernelspec written to a temporary
folder, so a ``python3`` kernelspec installed elsewhere (a user's, another environment's) cannot
stand in for the virtualenv under test.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
EXPECTED = {"tour", "classics", "yavalath", "strength", "heldout", "viability", "search",
            "rediscovery", "atlas", "library"}
FOUND = sorted(NOTEBOOKS.glob("*.ipynb"))
CELL_TIMEOUT = 120


def test_every_notebook_is_there():
    assert {p.stem for p in FOUND} == EXPECTED


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.stem)
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    dirty = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
             and (cell.get("outputs") or cell.get("execution_count") is not None)]
    assert not dirty, f"{path.name}: cells {dirty} hold outputs or execution counts; clear them"


@pytest.fixture(scope="session")
def kernel_manager_factory(tmp_path_factory):
    """Kernel managers whose ``python3`` kernel is this interpreter."""
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager

    kernels = tmp_path_factory.mktemp("kernels")
    (kernels / "python3").mkdir()
    (kernels / "python3" / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (ludi's environment)", "language": "python"}))
    specs = KernelSpecManager(kernel_dirs=[str(kernels)])
    return lambda: KernelManager(kernel_name="python3", kernel_spec_manager=specs)


def test_kernel_is_this_interpreter(kernel_manager_factory):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "import sys; print(sys.executable)")])
    nbclient.NotebookClient(nb, km=kernel_manager_factory(), timeout=CELL_TIMEOUT).execute()
    assert nb.cells[0].outputs[0]["text"].strip() == sys.executable


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.stem)
def test_notebook_runs(path, smoke_results, kernel_manager_factory):
    nb = nbformat.read(path, as_version=4)
    # the kernel draws with its inline backend, so each figure is an image output
    env = {**{k: v for k, v in os.environ.items() if k != "MPLBACKEND"},
           "LUDI_RESULTS": str(smoke_results)}
    client = nbclient.NotebookClient(
        nb, km=kernel_manager_factory(), kernel_name="python3", timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute(env=env)
    streams = "".join(out.get("text", "") for cell in nb.cells if cell.cell_type == "code"
                      for out in cell.outputs)
    if path.stem != "tour":  # the experiment notebooks say which results they read
        assert str(smoke_results) in streams
    # a cell that makes a figure must draw one (an error fails the run above)
    blank = [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
             and ("plt.subplots" in cell.source or "plt.figure" in cell.source)
             and not any("image/png" in out.get("data", {}) for out in cell.outputs)]
    assert not blank, f"{path.name}: cells {blank} make a figure but draw nothing"
