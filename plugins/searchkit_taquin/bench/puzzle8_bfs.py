"""Suite ``8puzzle-bfs``: breadth-first exploration of all 181,440 positions of the 8-puzzle.

Every contender explores the whole reachable component from the blank-last goal, remembering each
position's parent (or distance): the hand-tuned layered BFS on ints (reference), the engine's
``bfs`` strategy on the bench problem with a goal of the other parity (so the search exhausts the
space and returns ``no_solution``), :func:`searchkit.explore` on the bench problem and on the
``taquin`` plugin, and the peers' breadth-first graph searches with the same unreachable goal
(CPU-limited: their frontier membership test is a linear scan).
"""

from __future__ import annotations

from typing import Any

from searchkit import explore, search
from searchkit.bench import Contender, Instance, Options, Outcome, Table, run_search_suite

from .baselines.sliding8 import bfs_explore, parse
from .instances import BLANK_LAST, taquin_problem
from .peers import aima3_bfs, peer_unavailable, simpleai_bfs
from .problems import Sliding8

NAME = "8puzzle-bfs"
UNREACHABLE = parse("213456780")  # one transposition away from the goal: the other parity class
STATES = 181440


def _baseline(start: tuple[int, ...]) -> Outcome:
    count, expanded, _depth = bfs_explore(start)
    return Outcome(count, expanded)


def _engine_bfs(problem: Any) -> Outcome:
    r = search(problem, "bfs")
    return Outcome(r.stats.visited if r.status == "no_solution" else None, r.stats.expanded)


def _engine_explore(problem: Any) -> Outcome:
    e = explore(problem)
    return Outcome(e.count if e.complete else None, e.stats.expanded)


def _peer(fn: Any) -> Any:
    def solve(start: tuple[int, ...]) -> Outcome:
        cost, expanded = fn(start, UNREACHABLE)
        return Outcome(expanded if cost is None else None, expanded)
    return solve


def run(options: Options) -> Table:
    instances = [Instance("all 181,440 positions", BLANK_LAST, STATES)]
    contenders = [
        Contender("hand-tuned BFS", _baseline, reference=True,
                  note="layered BFS on 40-bit ints, parent dict, moves from a per-blank table"),
        Contender("searchkit bfs (bench problem)", _engine_bfs,
                  prepare=lambda s: Sliding8(s, UNREACHABLE)),
        Contender("searchkit explore (bench problem)", _engine_explore,
                  prepare=lambda s: Sliding8(s, UNREACHABLE)),
        Contender("searchkit explore (taquin plugin)", _engine_explore,
                  prepare=lambda s: taquin_problem(s, s)),
    ]
    if not options.quick:
        for name, fn in (("simpleai 0.8.3 breadth_first", simpleai_bfs),
                         ("aima3 breadth_first_search", aima3_bfs)):
            contenders.append(Contender(name, _peer(fn), time_limit=options.peer_limit,
                                        unavailable=peer_unavailable(name.split()[0])))
    return run_search_suite(
        NAME, f"{NAME}: exhaustive breadth-first search of the 8-puzzle", instances, contenders,
        repeat=options.repeat, log=options.log,
        notes=["- cost column semantics: a contender is 'optimal' here when it reached exactly "
               f"{STATES:,} states."])
