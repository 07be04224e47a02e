"""The test module that ``pytest --searchkit-puzzle NAME`` collects (see :mod:`.pytest_plugin`).

It holds one class, :class:`TestConformance`, the whole battery; the plugin parametrizes its
``searchkit_puzzle`` fixture with the puzzles named on the command line.
"""

from __future__ import annotations

from .suite import ConformanceSuite


class TestConformance(ConformanceSuite):
    """searchkit's conformance battery on each puzzle given with ``--searchkit-puzzle``."""
