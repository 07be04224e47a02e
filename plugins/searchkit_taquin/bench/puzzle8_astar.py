"""Suite ``8puzzle-astar``: A* with Manhattan distance on 3x3 sliding-tile puzzles.

Instances: ``87 135462`` (24 moves), the two 31-move positions and 20 random solvable positions
(fixed seed). Contenders: the hand-tuned heapq A* (reference) and bucket-queue A*, the engine on
the bench's compact problem (:class:`~searchkit_taquin.bench.problems.Sliding8`: the engine's own
overhead) with the heap and bucket frontiers, the engine on the ``taquin`` plugin, and the peers
simpleai and aima3 (per-instance CPU limit). Column ``f<f*`` counts expansions of states with
``f < f*``, which every correct A* with a consistent heuristic performs exactly once each, so it
must be equal across contenders whatever their tie-breaking.
"""

from __future__ import annotations

from typing import Any

from searchkit import search
from searchkit.bench import Contender, Instance, Options, Outcome, Table, run_search_suite

from .baselines.sliding8 import astar_buckets, astar_heapq, encode, manhattan_tables
from .instances import astar_instances, taquin_problem
from .peers import aima3_astar, peer_unavailable, simpleai_astar
from .problems import Sliding8

NAME = "8puzzle-astar"
UNTIMED = 3  # positions of the untimed memory / f<f* pass (87 135462 and the two 31-movers)


def _below_set(start: tuple[int, ...], goal: tuple[int, ...]) -> tuple[set[int], int]:
    """The encoded states with ``g* + h < f*`` (what A* must expand) and ``f*``, computed by a
    bounded breadth-first search (unit costs: g* is the BFS depth)."""
    md, moves = manhattan_tables(goal)
    cost = astar_heapq(start, goal)[0]
    assert cost is not None
    s0 = encode(start)
    h0 = sum(md[t][p] for p, t in enumerate(start))
    seen = {s0: h0}
    layer = [s0] if h0 < cost else []
    inside = set(layer)
    g = 0
    while layer:
        g += 1
        nxt = []
        for s in layer:
            h = seen[s]
            for shp, shb, d, dh in moves[s & 15]:
                t = s >> shp & 15
                c = s + (t << shb) - (t << shp) + d
                if c not in seen:
                    seen[c] = h + dh[t]
                    if g + seen[c] < cost:
                        inside.add(c)
                        nxt.append(c)
        layer = nxt
    return inside, cost


def _engine(frontier: str, plugin: bool) -> tuple[Any, Any]:
    def prepare(data: Any) -> Any:
        start, goal = data
        return taquin_problem(start, goal) if plugin else Sliding8(start, goal)

    def solve(problem: Any) -> Outcome:
        r = search(problem, "astar", frontier=frontier)
        return Outcome(r.cost, r.stats.expanded)
    return prepare, solve


def _engine_audit(plugin: bool, frontier: str) -> Any:
    def audit(data: Any) -> dict[str, int]:
        start, goal = data
        inside, _cost = _below_set(start, goal)
        problem = taquin_problem(start, goal) if plugin else Sliding8(start, goal)
        to_int = _plugin_encoder(problem) if plugin else (lambda s: s)
        is_goal = problem.is_goal
        count = [0]

        def counting(state: Any) -> bool:
            if to_int(state) in inside:
                count[0] += 1
            return is_goal(state)
        problem.is_goal = counting
        search(problem, "astar", frontier=frontier)
        return {"below": count[0]}
    return audit


def _plugin_encoder(problem: Any) -> Any:
    """Map a taquin plugin state to the baseline's int via the plugin's ``tokens(state)`` (the
    user's tokens by cell, ``_`` for the blank)."""
    return lambda state: encode(tuple(0 if t == "_" else int(t) for t in problem.tokens(state)))


def _baseline(fn: Any) -> tuple[Any, Any]:
    def solve(data: Any) -> Outcome:
        cost, expanded, _below = fn(*data)
        return Outcome(cost, expanded)

    def audit(data: Any) -> dict[str, int]:
        return {"below": fn(*data)[2]}  # counted inline by the baseline (f changes)
    return solve, audit


def _peer(fn: Any) -> tuple[Any, Any]:
    def solve(data: Any) -> Outcome:
        cost, expanded = fn(*data)
        return Outcome(cost, expanded)

    def audit(data: Any) -> dict[str, int]:
        start, goal = data
        inside, _cost = _below_set(start, goal)
        count = [0]

        def watch(state: tuple[int, ...]) -> None:
            if encode(state) in inside:
                count[0] += 1
        fn(start, goal, watch)
        return {"below": count[0]}
    return solve, audit


def run(options: Options) -> Table:
    instances = [Instance(name, (start, goal), opt)
                 for name, start, goal, opt in astar_instances(options.quick)]
    heapq_solve, heapq_audit = _baseline(astar_heapq)
    buckets_solve, buckets_audit = _baseline(astar_buckets)
    contenders = [
        Contender("hand-tuned heapq A*", heapq_solve, audit=heapq_audit, reference=True,
                  note="one int per heap entry (f, g and the state packed), dicts for g and "
                       "parent, incremental Manhattan"),
        Contender("hand-tuned bucket A*", buckets_solve, audit=buckets_audit),
    ]
    for frontier in ("heap", "buckets"):
        prepare, solve = _engine(frontier, plugin=False)
        contenders.append(Contender(f"searchkit astar {frontier} (bench problem)", solve,
                                    prepare=prepare, audit=_engine_audit(False, frontier)))
    for frontier in ("heap", "buckets"):
        prepare, solve = _engine(frontier, plugin=True)
        contenders.append(Contender(f"searchkit astar {frontier} (taquin plugin)", solve,
                                    prepare=prepare,
                                    audit=_engine_audit(True, frontier)))
    for name, fn in (("simpleai 0.8.3 astar", simpleai_astar), ("aima3 astar_search", aima3_astar)):
        solve, audit = _peer(fn)
        contenders.append(Contender(name, solve, audit=audit, time_limit=options.peer_limit,
                                    unavailable=peer_unavailable(name.split()[0])))
    return run_search_suite(
        NAME, f"{NAME}: {len(instances)} positions, A* + Manhattan (blank excluded)",
        instances, contenders, repeat=options.repeat, log=options.log,
        extra_columns=[("f<f*", "below")], memory_instances=UNTIMED,
        notes=["- f<f*: expansions of states with f < f* (identical for every correct A* with a "
               "consistent heuristic), summed over the first "
               f"{min(UNTIMED, len(instances))} positions (the untimed pass that also measures "
               "peak memory runs on those only: the peers under tracemalloc take minutes)."])
