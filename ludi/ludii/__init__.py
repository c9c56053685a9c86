"""Ludii's game library in ludi: run a folder of Ludii descriptions, compare each game's random
play with Ludii's own statistics, and rank what ludi lacks for the games it refuses.

>>> from ludi.ludii import sweep, markdown          # doctest: +SKIP
>>> results = sweep("../shared/ludii/library/board", "../shared/ludii/random_play.csv")
>>> print(markdown(results))
"""

from ludi.ludii.reference import Reference, Sample, disagreements, read_reference
from ludi.ludii.report import markdown, summary
from ludi.ludii.sweep import FileResult, check_file, sample_random_play, sweep

__all__ = ["FileResult", "Reference", "Sample", "check_file", "disagreements", "markdown",
           "read_reference", "sample_random_play", "summary", "sweep"]
