"""Packed houses: a sowing board's counts as ``FIELD_BITS``-bit fields of two words (see
``T.PACK`` in :mod:`ludi.compile.layout`), and the position key made from them.

No field can overflow while the board holds at most ``FIELD_MAX`` seeds, which the callers
check; a word's fields then add up without carries (:func:`word_sum`).
"""

from __future__ import annotations

import numpy as np

from ludi.compile.layout import FIELD_BITS, FIELD_MAX, PER_WORD
from ludi.engine.kernels.core import splitmix, tiny

#: One seed in each field of a word (the multiplier :func:`word_sum` adds the fields with).
ONES = np.uint64(sum(1 << (FIELD_BITS * k) for k in range(PER_WORD)))
#: Where that multiplication leaves the sum: the last field.
SUM_SHIFT = np.uint64(FIELD_BITS * (PER_WORD - 1))
#: An odd multiplier that spreads the low word over the key (the high one is at most 60 bits
#: and the mover sits above it).
LANE = np.uint64(0x9E3779B97F4A7C15)


@tiny
def field(lo, hi, site):
    """The count of ``site`` in the words ``lo`` (sites below PER_WORD) and ``hi``."""
    if site < PER_WORD:
        return (lo >> (FIELD_BITS * site)) & FIELD_MAX
    return (hi >> (FIELD_BITS * (site - PER_WORD))) & FIELD_MAX


@tiny
def take(lo, hi, site, k):
    """The words with ``k`` seeds taken from ``site``."""
    if site < PER_WORD:
        return lo - (k << (FIELD_BITS * site)), hi
    return lo, hi - (k << (FIELD_BITS * (site - PER_WORD)))


@tiny
def word_sum(x):
    """The sum of a word's fields (at most FIELD_MAX: no carry reaches the last field)."""
    return np.int64(((np.uint64(x) * ONES) >> SUM_SHIFT) & np.uint64(FIELD_MAX))


@tiny
def pack(counts, cells):
    """The words of ``counts[:cells]`` (each at most FIELD_MAX)."""
    lo = 0
    hi = 0
    for c in range(min(cells, PER_WORD)):
        lo |= counts[c] << (FIELD_BITS * c)
    for c in range(PER_WORD, cells):
        hi |= counts[c] << (FIELD_BITS * (c - PER_WORD))
    return lo, hi


@tiny
def unpack(counts, cells, lo, hi):
    """Write the words back into ``counts[:cells]``."""
    for c in range(cells):
        counts[c] = field(lo, hi, c)


@tiny
def key_hash(lo, hi, mover):
    """The history's key for the position of words ``lo``, ``hi`` with ``mover`` to move."""
    z = np.uint64(lo) * LANE ^ np.uint64(hi) ^ (np.uint64(mover) << np.uint64(60))
    return np.int64(splitmix(z))
