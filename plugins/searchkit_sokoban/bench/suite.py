"""Suite ``sokoban``: Microban (155 levels) with a per-level time limit, and what each deadlock
rule saves.

Three tables: every level with ``cost="moves"`` and with ``cost="pushes"`` (A*, the plugin's
``matching`` heuristic, every pruning rule on), each checked against the exact optima of
``microban_optimal.csv``; then an ablation on the first 40 levels (``cost="pushes"``, the only model
that uses every rule, ``pi_corral`` included), one rule switched off at a time, whose expansions
and CPU time show what each rule saves. A level not solved within the
limit counts as unsolved. The pushes table's reference is the hand-tuned push-optimal A* of
:mod:`searchkit_sokoban.bench.baseline` (bitboards, dead squares, nearest-goal heuristic), held to
the same optima and the same per-level wall-clock limit as the engine.

Data: ``sokoban/microban.xsb`` and ``sokoban/microban_optimal.csv`` in the bench data folder.
"""

from __future__ import annotations

from typing import Any

from searchkit import Budget, search
from searchkit.bench import Contender, Instance, Options, Outcome, Table, run_search_suite

from ..plugin import SokobanPuzzle
from .baseline import read_levels
from .baseline import solve as baseline_solve

NAME = "sokoban"
PUZZLE = SokobanPuzzle()
LIMIT = 30.0
RULES = ("dead_squares", "freeze", "bipartite", "subsets", "pi_corral")
ABLATION_COST = "pushes"  # pi_corral is sound for push optima only


def _optima(options: Options) -> dict[str, tuple[int, int]]:
    """Level name -> (optimal moves, optimal pushes), from ``microban_optimal.csv``."""
    out: dict[str, tuple[int, int]] = {}
    for line in options.data_file("sokoban", "microban_optimal.csv").read_text().split("\n")[1:]:
        f = line.split(",")
        if len(f) >= 3 and f[1].isdigit() and f[2].isdigit():
            out[f[0]] = (int(f[1]), int(f[2]))
    return out


def _contender(name: str, text: str, cost: str, limit: float, **rules: bool) -> Contender:
    def prepare(number: int) -> Any:
        return PUZZLE.parse(text, level=number, cost=cost, **rules)

    def solve(problem: Any) -> Outcome:
        r = search(problem, "astar", budget=Budget(max_seconds=limit))
        return Outcome(r.cost, r.stats.expanded)
    return Contender(name, solve, prepare=prepare)


def _baseline(text: str, limit: float) -> Contender:
    boards = [board for _name, board in read_levels(text)]

    def prepare(number: int) -> str:
        return boards[number - 1]

    def solve(board: str) -> Outcome:
        pushes, expanded = baseline_solve(board, max_seconds=limit)
        return Outcome(pushes, expanded)
    return Contender("hand-tuned A* (pushes)", solve, prepare=prepare, reference=True,
                     note="bitboard states, keeper normalized by flood fill on expansion, dead "
                          "squares, sum of nearest-goal push distances, 2x2 freeze check, bucket "
                          f"queue; same {limit:g} s wall-clock limit per level as the engine")


def run(options: Options) -> list[Table]:
    text = options.data_file("sokoban", "microban.xsb").read_text()
    optima = _optima(options)
    levels = PUZZLE.levels(text)
    count = 5 if options.quick else len(levels)
    limit = 5.0 if options.quick else LIMIT
    tables = []
    for cost, column in (("moves", 0), ("pushes", 1)):
        instances = [Instance(lv, i, optima[str(i)][column] if str(i) in optima else None)
                     for i, lv in enumerate(levels[:count], start=1)]
        tables.append(run_search_suite(
            f"{NAME}-{cost}", f"{NAME}: Microban, {len(instances)} levels, cost={cost}, "
            f"A* + matching{' vs hand-tuned A*' if cost == 'pushes' else ''}, {limit:g} s per "
            "level", instances,
            ([_baseline(text, limit)] if cost == "pushes" else [])
            + [_contender(f"searchkit astar (all rules, cost={cost})", text, cost, limit)],
            log=options.log, memory=False,
            notes=["- all optimal: every solved level's cost equals microban_optimal.csv."]))
    column = 1 if ABLATION_COST == "pushes" else 0
    ablation = [Instance(lv, i, optima[str(i)][column] if str(i) in optima else None)
                for i, lv in enumerate(levels[:3 if options.quick else 40], start=1)]
    contenders = [_contender("all rules", text, ABLATION_COST, limit)]
    contenders[0].reference = True
    for rule in RULES:
        contenders.append(_contender(f"without {rule}", text, ABLATION_COST, limit,
                                     **{rule: False}))
    tables.append(run_search_suite(
        f"{NAME}-rules", f"{NAME}: what each deadlock rule saves (first {len(ablation)} levels, "
        f"cost={ABLATION_COST}, {limit:g} s per level)", ablation, contenders, log=options.log,
        memory=False,
        notes=["- CPU ratio > 1 and more expansions without a rule: what that rule saves."]))
    return tables
