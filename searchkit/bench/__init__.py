"""``searchkit bench``: benchmark suites comparing the engine with hand-tuned baselines and peers.

The core holds only what every suite shares -- the harness that times contenders and the tables
it prints (:mod:`.harness`, :mod:`.table`), what a suite is and is given (:mod:`.suite`), the
command (:mod:`.command`) -- and one suite of its own, ``visited`` (:mod:`.visited`). Every other
suite comes from a plugin, through the ``searchkit_bench_suites`` hook, next to the puzzle it
measures; a third-party plugin adds its own suites the same way::

    @hookimpl
    def searchkit_bench_suites():
        return [BenchSuite("jugs", "water jugs: engine BFS vs hand-tuned", "searchkit_jugs.bench")]

``python -m searchkit.bench ...`` is the same as ``searchkit bench ...``. See
``docs/benchmarks.md`` for the suites, their columns and current numbers.
"""

from __future__ import annotations

from .command import main
from .harness import Contender, Instance, Outcome, TimeLimit, cpu_limit, run_search_suite
from .suite import BenchSuite, MissingData, Options, default_data_dir
from .table import Table, format_table, unavailable

__all__ = [
    "BenchSuite", "Options", "MissingData", "default_data_dir", "Table", "format_table",
    "unavailable", "Instance", "Outcome", "Contender", "TimeLimit", "cpu_limit",
    "run_search_suite", "main",
]
