"""Memory-budget cases run in a fresh process: ``python -m tests.core.memory_cases CASE MB``.

Prints one JSON object: the result's status and reason, the search's own estimate
(``peak_bytes``) and the process's *peak* RSS growth during the search (its high-water mark
after it, reset just before it, minus the RSS before it), all in MB. A fresh process is the
only place where RSS growth is the search's own: a process that ran searches before reuses
memory they freed.
"""

from __future__ import annotations

import json
import resource
import sys
import time
from collections.abc import Callable
from typing import Any

import searchkit
from searchkit import Budget, ProblemBase, check_budget, explore, search

KORF_1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"  # Korf's first 15-puzzle, optimum 57
OPEN_ROOM = "\n".join([  # four boxes in an open room: a large, fast-growing state space
    "##########",
    "#@       #",
    "#  $  $  #",
    "#        #",
    "#  $  $  #",
    "#        #",
    "# .. ..  #",
    "##########",
])
PLAIN_SOKOBAN = {"heuristic": "zero", "subsets": False, "matching": False, "freeze": False,
                 "pi_corral": False, "subset_bound": False}


def _rss() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def _peak_rss() -> int:
    """The process's peak RSS since :func:`_reset_peak` (``VmHWM``; not ``ru_maxrss``, which also
    remembers the size of the process that started this one)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no VmHWM in /proc/self/status")


def _reset_peak() -> None:
    """Forget the peak RSS of what ran before (building the problem): Linux 4.0+ sets the
    high-water mark back to the current RSS. Without it the peak measured errs high."""
    try:
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")
    except OSError:
        pass


class Wide(ProblemBase):
    """300 children per state, each holding its own 600 bytes: 512 expansions of a tree search
    allocate about 100 MB, so a check interval that did not adapt would overshoot a 50 MB
    budget twice over."""

    def initial(self) -> tuple[int, bytes]:
        return (0, bytes(600))

    def successors(self, state: tuple[int, bytes]) -> Any:
        n = state[0]
        for i in range(300):
            yield i, (n * 300 + i + 1, bytes(600)), 1

    def is_goal(self, state: tuple[int, bytes]) -> bool:
        return False


class GreedySetup(ProblemBase):
    """A heuristic whose first call builds a 400 MB table, one MB at a time, calling
    :func:`searchkit.check_budget` between steps (as Sokoban's table builders do)."""

    def __init__(self) -> None:
        self.table: list[bytearray] | None = None

    def initial(self) -> int:
        return 0

    def successors(self, n: int) -> Any:
        yield "+1", n + 1, 1

    def is_goal(self, n: int) -> bool:
        return False

    def heuristic(self, n: int) -> float:
        if self.table is None:
            table = []
            for _ in range(400):
                table.append(bytearray(2**20))
                check_budget()
            self.table = table
        return 0


def _puzzle(name: str, text: str, **options: Any) -> Any:
    return searchkit.get_puzzle(name).build(text, **options)


def _nstar() -> Any:
    return _puzzle("nstar", "1 1000000000", prune=False)


def _search(problem: Any, strategy: str, **options: Any) -> Callable[[Budget], Any]:
    return lambda budget: search(problem, strategy, budget=budget, **options)


# case -> what builds the problem (outside the measure) and returns the run (measured).
CASES: dict[str, Callable[[], Callable[[Budget], Any]]] = {
    "taquin-bfs": lambda: _search(_puzzle("taquin", KORF_1), "bfs"),
    "taquin-astar": lambda: _search(_puzzle("taquin", KORF_1, heuristic="manhattan"), "astar"),
    "taquin-bibfs": lambda: _search(_puzzle("taquin", KORF_1), "bibfs"),
    "taquin-explore": lambda: lambda budget: explore(_puzzle("taquin", KORF_1), budget=budget),
    "nstar-tree-bfs": lambda: _search(_nstar(), "bfs", visited="none"),
    "nstar-tree-astar": lambda: _search(_nstar(), "astar", visited="none"),
    "sokoban-bfs": lambda: _search(_puzzle("sokoban", OPEN_ROOM, **PLAIN_SOKOBAN), "bfs"),
    "sokoban-astar": lambda: _search(_puzzle("sokoban", OPEN_ROOM, **PLAIN_SOKOBAN), "astar"),
    "wide-tree": lambda: _search(Wide(), "bfs", visited="none"),
    "setup": lambda: _search(GreedySetup(), "astar"),
}


def run(case: str, megabytes: float) -> dict[str, Any]:
    """Run ``case`` under a ``megabytes`` memory budget (and a 60 s time budget, a safety net)."""
    budget = Budget(max_bytes=int(megabytes * 1e6), max_seconds=60)
    go = CASES[case]()
    searchkit.strategies()  # the plugins are loaded before the measure, as in a real session
    _reset_peak()
    before = _rss()
    start = time.perf_counter()
    result = go(budget)
    seconds = time.perf_counter() - start
    peak = _peak_rss()
    return {"case": case, "status": result.status, "reason": result.reason,
            "estimate": result.stats.peak_bytes / 1e6, "growth": (peak - before) / 1e6,
            "budget": megabytes, "seconds": round(seconds, 2)}


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], float(sys.argv[2]))))
