"""Suite ``nstar``: tree search against graph search as the solution depth grows.

On the N* game (1 -> target with n -> 2n, n -> n + 1) the state space has at most ``target``
states, but the search *tree* grows exponentially with the depth: the table shows expansions of
BFS and A* (log2 heuristic) with a visited set (graph search) and without (``visited="none"``,
tree search), and the CPU time of the engine's graph BFS against a hand-tuned BFS. Tree searches
get an expansion budget, shown as ``>budget`` when exhausted.
"""

from __future__ import annotations

import time
from typing import Any

from searchkit import Budget, search
from searchkit.bench import Options, Table

from ..problem import NStar
from .baseline import bfs

NAME = "nstar"
BUDGET = 2_000_000
MIN_SECONDS = 0.02  # CPU seconds of one timing: short searches are timed in batches


def _cpu(fn: Any, repeat: int) -> tuple[float, Any]:
    """The CPU seconds of one call of ``fn`` -- the least of ``repeat`` measurements, each over
    as many calls as take :data:`MIN_SECONDS` (a search of a few microseconds timed alone
    measures the clock, and the first search of a process also loads its loop) -- and its
    result."""
    best, out, calls = float("inf"), None, 1
    for _ in range(repeat):
        while True:
            t = time.process_time()
            for _ in range(calls):
                out = fn()
            spent = time.process_time() - t
            if spent >= MIN_SECONDS:
                break
            calls = max(2 * calls, int(1.2 * calls * MIN_SECONDS / max(spent, 1e-7)))
        best = min(best, spent / calls)
    return best, out


def run(options: Options) -> Table:
    columns = ["target", "moves", "bfs graph", "bfs tree", "astar graph", "astar tree",
               "hand-tuned BFS s", "engine BFS s", "CPU ratio"]
    targets = (10, 42, 100) if options.quick else (10, 42, 100, 1000, 10_000, 100_000, 1_000_000)
    budget = Budget(max_expansions=20_000 if options.quick else BUDGET)
    rows: list[list[Any]] = []
    for target in targets:
        problem = NStar(1, target)
        cells: list[Any] = []
        moves = None
        for strategy in ("bfs", "astar"):
            for visited in ("dict", "none"):
                r = search(problem, strategy, visited=visited, budget=budget)
                if r.solved:
                    moves = r.cost if moves is None else moves
                    if r.cost != moves:
                        raise AssertionError(f"nstar {target}: {strategy}/{visited} found {r.cost}")
                cells.append(r.stats.expanded if r.solved else f">{budget.max_expansions:,}")
        base_s, (base_moves, _exp) = _cpu(lambda: bfs(1, target), options.repeat)
        eng_s, r = _cpu(lambda: search(problem, "bfs"), options.repeat)
        if base_moves != r.cost:
            raise AssertionError(f"nstar {target}: hand-tuned {base_moves}, engine {r.cost}")
        rows.append([target, moves] + cells + [base_s, eng_s,
                                                round(eng_s / base_s, 2) if base_s else None])
        if options.log:
            options.log(f"  nstar: target {target} done")
    return Table(NAME, f"{NAME}: expansions from 1 to the target, graph vs tree search", columns,
                 rows, ["- Tree searches (visited='none') stop at the expansion budget "
                        f"({budget.max_expansions:,}).",
                        "- CPU ratio: engine graph BFS / hand-tuned BFS, per call (short "
                        "searches are timed in batches of at least 20 ms)."])
