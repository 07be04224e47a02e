"""Shared fixtures: the location of the benchmark data beside the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the repository; tests using it skip when it is absent."""
    data = SHARED / "data"
    if not data.is_dir():
        pytest.skip("../shared/data is not available")
    return data
