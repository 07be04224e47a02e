"""The 8-puzzle written for the peer libraries ``simpleai`` (0.8.3) and ``aima3``.

Both peers get the same problem: states are tuples of 9 tiles (0 = blank), actions are the cells
whose tile slides into the blank, and the heuristic is the Manhattan distance of the tiles
*without the blank*, which is admissible. (simpleai's own 8-puzzle sample counts the blank, which
overestimates and can return suboptimal plans.)

Each ``*_astar``/``*_bfs`` function returns ``(cost or None, expanded)`` where ``expanded`` counts
the goal tests of popped nodes, i.e. the nodes the peer took off its frontier; the optional
``watch(state)`` is called at each goal test (the benchmark counts states with ``f < f*`` there).
"""

from __future__ import annotations

from typing import Any

from .baselines.sliding8 import NEIGHBOURS

__all__ = ["peer_unavailable", "simpleai_astar", "simpleai_bfs", "aima3_astar", "aima3_bfs",
           "manhattan"]


def peer_unavailable(module: str) -> str | None:
    """``None`` if ``module`` imports, else a one-line reason (install the ``bench`` extra)."""
    try:
        __import__(module)
    except Exception as exc:  # noqa: BLE001 - any import failure makes the peer unavailable
        return f"{module} not installed ({type(exc).__name__}); pip install 'searchkit[bench]'"
    return None


def _homes(goal: tuple[int, ...]) -> list[int]:
    return [goal.index(t) for t in range(9)]


def manhattan(state: tuple[int, ...], homes: list[int]) -> int:
    """Sum over tiles (blank excluded) of the row and column distances to their goal cells.

    >>> manhattan((1, 2, 3, 4, 5, 6, 7, 0, 8), _homes((1, 2, 3, 4, 5, 6, 7, 8, 0)))
    1
    """
    total = 0
    for p, t in enumerate(state):
        if t:
            q = homes[t]
            total += abs(p // 3 - q // 3) + abs(p % 3 - q % 3)
    return total


def _slide(state: tuple[int, ...], cell: int) -> tuple[int, ...]:
    b = state.index(0)
    board = list(state)
    board[b], board[cell] = board[cell], 0
    return tuple(board)


def _simpleai_problem(start: tuple[int, ...], goal: tuple[int, ...], counter: list[int],
                      watch: Any) -> Any:
    from simpleai.search import SearchProblem

    homes = _homes(goal)

    class EightPuzzle(SearchProblem):  # type: ignore[misc]
        def actions(self, state: tuple[int, ...]) -> tuple[int, ...]:
            return NEIGHBOURS[state.index(0)]

        def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
            return _slide(state, action)

        def is_goal(self, state: tuple[int, ...]) -> bool:
            counter[0] += 1
            if watch is not None:
                watch(state)
            return state == goal

        def cost(self, state: Any, action: Any, state2: Any) -> int:
            return 1

        def heuristic(self, state: tuple[int, ...]) -> int:
            return manhattan(state, homes)

    return EightPuzzle(start)


def _simpleai_run(algorithm: str, start: tuple[int, ...], goal: tuple[int, ...],
               watch: Any = None) -> tuple[int | None, int]:
    from simpleai import search as simpleai_search

    counter = [0]
    problem = _simpleai_problem(start, goal, counter, watch)
    if algorithm == "astar":
        node = simpleai_search.astar(problem, graph_search=True)
    else:
        node = simpleai_search.breadth_first(problem, graph_search=True)
    return (None if node is None else node.cost), counter[0]


def simpleai_astar(start: tuple[int, ...], goal: tuple[int, ...],
           watch: Any = None) -> tuple[int | None, int]:
    """``simpleai.search.astar(problem, graph_search=True)``."""
    return _simpleai_run("astar", start, goal, watch)


def simpleai_bfs(start: tuple[int, ...], goal: tuple[int, ...],
           watch: Any = None) -> tuple[int | None, int]:
    """``simpleai.search.breadth_first(problem, graph_search=True)``."""
    return _simpleai_run("bfs", start, goal, watch)


def _aima3_problem(start: tuple[int, ...], goal: tuple[int, ...], counter: list[int],
                   watch: Any) -> Any:
    from aima3.search import Problem

    homes = _homes(goal)
    first = [True]  # aima3 goal-tests the root once before its loop and again when popping it

    class EightPuzzle(Problem):  # type: ignore[misc]
        def actions(self, state: tuple[int, ...]) -> tuple[int, ...]:
            return NEIGHBOURS[state.index(0)]

        def result(self, state: tuple[int, ...], action: int) -> tuple[int, ...]:
            return _slide(state, action)

        def goal_test(self, state: tuple[int, ...]) -> bool:
            if first[0]:
                first[0] = False
            else:
                counter[0] += 1
                if watch is not None:
                    watch(state)
            return state == goal

        def h(self, node: Any) -> int:
            return manhattan(node.state, homes)

    return EightPuzzle(start, goal)


def _aima3_run(algorithm: str, start: tuple[int, ...], goal: tuple[int, ...],
               watch: Any = None) -> tuple[int | None, int]:
    from aima3 import search as aima_search

    counter = [0]
    problem = _aima3_problem(start, goal, counter, watch)
    if algorithm == "astar":
        node = aima_search.astar_search(problem)
    else:
        node = aima_search.breadth_first_search(problem)
    return (None if node is None else node.path_cost), counter[0]


def aima3_astar(start: tuple[int, ...], goal: tuple[int, ...],
           watch: Any = None) -> tuple[int | None, int]:
    """``aima3.search.astar_search(problem)`` (a graph search)."""
    return _aima3_run("astar", start, goal, watch)


def aima3_bfs(start: tuple[int, ...], goal: tuple[int, ...],
           watch: Any = None) -> tuple[int | None, int]:
    """``aima3.search.breadth_first_search(problem)`` (a graph search)."""
    return _aima3_run("bfs", start, goal, watch)
