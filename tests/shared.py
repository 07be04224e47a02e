"""Where the benchmark data beside the repository lives (``../shared/data``).

Tests that read it take :data:`DATA` (or the ``shared_data`` fixture) and mark themselves with
:data:`needs_data`, which skips them on a machine without the data. CI sets
``SEARCHKIT_REQUIRE_SHARED=1``: a missing folder is then an error, never a silent skip.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

if not DATA.is_dir() and os.environ.get("SEARCHKIT_REQUIRE_SHARED"):
    raise RuntimeError(f"SEARCHKIT_REQUIRE_SHARED is set but {DATA} does not exist")

needs_data = pytest.mark.skipif(not DATA.is_dir(), reason=f"{DATA} is not available")
