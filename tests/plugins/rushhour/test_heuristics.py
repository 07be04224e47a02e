"""Property tests against an independent, naive Rush Hour model.

The naive model below shares no code with the plugin: states are tuples of positions, moves are
found by scanning a grid cell by cell, and exact distances to the goal come from a Dijkstra
search over the whole connected component (moves are reversible at the same cost, so the
distance *to* the goal set is the distance *from* it). On random small boards this checks

* the plugin's successors (order, states, costs) for every reachable state;
* that every heuristic is admissible (never above the exact distance) and consistent, for every
  cost model;
* that unsolvable_reason is sound and goal_states covers the reachable goals;
* that the optimal strategies agree with the exact distance of the start.
"""

from __future__ import annotations

import heapq
import math
import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from searchkit import get_puzzle, search

PUZZLE = get_puzzle("rushhour")
COSTS = ("moves", "cells", "length-cells")
HEURISTICS = ("zero", "blockers", "blocked-blockers")
MAX_STATES = 3000


def naive_moves(board, state: tuple[int, ...], cost: str):
    """``(vehicle, delta, next_state, cost)`` in the TD's order, by scanning a grid."""
    m = board.size
    grid = [[False] * m for _ in range(m)]
    for r, c in board.walls:
        grid[r][c] = True
    for v, p in zip(board.vehicles, state):
        for r, c in v.cells(p):
            grid[r][c] = True

    def free(v, q):  # cell number q along the vehicle's line
        return not (grid[v.row][q] if v.horizontal else grid[q][v.col])

    out = []
    for i, (v, p) in enumerate(zip(board.vehicles, state)):
        targets = []
        q = p - 1
        while q >= 0 and free(v, q):
            targets.append(q)
            q -= 1
        q = p + v.length
        while q < m and free(v, q):
            targets.append(q - v.length + 1)
            q += 1
        for t in targets:
            d = t - p
            price = {"moves": 1, "cells": abs(d), "length-cells": v.length * abs(d)}[cost]
            out.append((i, d, state[:i] + (t,) + state[i + 1:], price))
    return out


def component(board, start: tuple[int, ...]) -> list[tuple[int, ...]] | None:
    """All states reachable from ``start`` (``None`` beyond MAX_STATES)."""
    seen, todo = {start}, [start]
    while todo:
        state = todo.pop()
        for _, _, nxt, _ in naive_moves(board, state, "moves"):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
                if len(seen) > MAX_STATES:
                    return None
    return sorted(seen)


def exact_distances(board, states, cost: str) -> dict[tuple[int, ...], float]:
    """Cost from every state to the nearest goal (multi-source Dijkstra from the goals)."""
    goal = board.size - board.target.length
    dist = {s: math.inf for s in states}
    heap = [(0, s) for s in states if s[0] == goal]
    for _, s in heap:
        dist[s] = 0
    heapq.heapify(heap)
    while heap:
        d, s = heapq.heappop(heap)
        if d > dist[s]:
            continue
        for _, _, nxt, price in naive_moves(board, s, cost):
            if d + price < dist[nxt]:
                dist[nxt] = d + price
                heapq.heappush(heap, (d + price, nxt))
    return dist


boards = st.builds(
    lambda seed, size, vehicles, walls: PUZZLE.random_instance(
        random.Random(seed), size=size, vehicles=vehicles, walls=walls),
    st.integers(0, 2**32), st.sampled_from([4, 5, 6, 6]), st.integers(1, 10), st.integers(0, 2))

SETTINGS = settings(max_examples=40, deadline=None,
                    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])


@given(boards)
@SETTINGS
def test_successors_match_the_naive_model(text: str) -> None:
    for cost in COSTS:
        p = PUZZLE.parse(text, cost=cost)
        start = p.positions(p.initial())
        states = component(p.board, start)
        assume(states is not None)
        for s in states:
            mine = [(a[0], a[1], p.positions(child), c)
                    for a, child, c in p.successors(p.encode(s))]
            assert mine == naive_moves(p.board, s, cost)
            assert p.is_goal(p.encode(s)) == (s[0] == p.size - p.board.target.length)


@given(boards)
@SETTINGS
def test_heuristics_are_admissible_and_consistent(text: str) -> None:
    board = PUZZLE.parse(text).board
    start = tuple(v.position for v in board.vehicles)
    states = component(board, start)
    assume(states is not None)
    for cost in COSTS:
        exact = exact_distances(board, states, cost)
        for name in HEURISTICS:
            p = PUZZLE.parse(text, cost=cost, heuristic=name)
            h = {s: p.heuristic(p.encode(s)) for s in states}
            for s in states:
                assert h[s] <= exact[s], (name, cost, s, h[s], exact[s])
                for _, _, nxt, price in naive_moves(board, s, cost):
                    assert h[s] <= price + h[nxt], (name, cost, s, nxt)


@given(boards)
@SETTINGS
def test_unsolvable_reason_is_sound_and_goal_states_cover_the_goals(text: str) -> None:
    p = PUZZLE.parse(text)
    states = component(p.board, p.positions(p.initial()))
    assume(states is not None)
    goal = p.size - p.board.target.length
    reachable_goals = {p.encode(s) for s in states if s[0] == goal}
    if p.unsolvable_reason() is not None:
        assert not reachable_goals
    assert reachable_goals <= set(p.goal_states())
    assert all(p.is_goal(g) for g in p.goal_states())


@given(boards)
@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
def test_optimal_strategies_reach_the_exact_distance(text: str) -> None:
    board = PUZZLE.parse(text).board
    states = component(board, tuple(v.position for v in board.vehicles))
    assume(states is not None)
    start = tuple(v.position for v in board.vehicles)
    for cost in COSTS:
        expected = exact_distances(board, states, cost)[start]
        p = PUZZLE.parse(text, cost=cost)
        strategies = ["dijkstra", "astar"] + (["bfs", "bibfs"] if cost == "moves" else [])
        for strategy in strategies:
            for visited in ("dict", "hashtable"):
                r = search(p, strategy, visited=visited)
                if expected == math.inf:
                    assert r.status == "no_solution"
                else:
                    assert r.cost == expected, (strategy, visited, cost)


@given(boards)
@SETTINGS
def test_incremental_blockers_agree_with_the_heuristic(text: str) -> None:
    for cost in COSTS:
        p = PUZZLE.parse(text, cost=cost, heuristic="blockers")
        states = component(p.board, p.positions(p.initial()))
        assume(states is not None)
        for s in states:
            state = p.encode(s)
            plain = p.successors(state)
            informed = p.successors_with_heuristic(state, p.heuristic(state))
            assert [t[:3] for t in informed] == plain
            assert [t[3] for t in informed] == [p.heuristic(child) for _, child, _ in plain]



def test_heuristics_do_not_import_the_problem_module():
    """The import goes one way, problem -> heuristics: the heuristics read a ``Layout``."""
    import ast

    import searchkit_rushhour.heuristics as module

    with open(module.__file__, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    imported = {node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.level == 1}
    assert imported == {"board"}
