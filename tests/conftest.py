"""Shared fixtures: the location of the benchmark data beside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shared import DATA


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the repository; tests using it skip when it is absent."""
    if not DATA.is_dir():
        pytest.skip(f"{DATA} is not available")
    return DATA
