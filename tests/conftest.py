"""Shared test data: where Ludii's own descriptions are, and games several test files load."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import ludi

#: Ludii's descriptions (test data, never copied into the project): ``shared/ludii`` beside the
#: repository, or the folder named by this variable.
LUDII_DIR_ENV = "LUDI_LUDII_DIR"
LUDII = Path(os.environ.get(LUDII_DIR_ENV)
             or Path(__file__).resolve().parents[2] / "shared" / "ludii")


@pytest.fixture(scope="module")
def ttt():
    return ludi.load("tictactoe")


@pytest.fixture(scope="module")
def yavalath():
    """Yavalath without the pie rule."""
    return ludi.load("yavalath", options={"Pie Rule": "Disabled"})
