"""``ludi experiment``: named studies that reproduce LUDI-style findings (DESIGN §1).

Each experiment is a file in ``experiments/`` and a study module here; :func:`run` writes its
results folder (Parquet tables, PNG figures, ``report.md``); notebooks/ read those folders.

>>> from ludi.experiments import names
>>> names()[:3]
['classics', 'yavalath', 'strength']
"""

from ludi.experiments.runner import Experiment, Unit, load, names, run

__all__ = ["Experiment", "Unit", "load", "names", "run"]
