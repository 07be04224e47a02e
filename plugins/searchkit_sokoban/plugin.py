"""The ``sokoban`` puzzle, its benchmark suite, and their registration hooks."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

from searchkit import Puzzle, PuzzleInstance, PuzzleOption, Solver, hookimpl, to_bool
from searchkit.bench import BenchSuite

from . import collection
from .board import Board
from .levels import MAX_COLS, MAX_ROWS, select_level, split_levels
from .problem import HEURISTICS, MODES, SokobanProblem, make_problem

__all__ = ["EXAMPLES", "SokobanPuzzle", "searchkit_bench_suites", "searchkit_puzzles"]

#: Small built-in levels (our own), each solved in well under a second.
EXAMPLES = {
    "corridor": "#######\n#@ $ .#\n#######",
    "two-boxes": "######\n#    #\n# $$ #\n# .. #\n#  @ #\n######",
    "turn": " #####\n##   #\n#  $ #\n# #. #\n#@  ##\n#####",
    "three": "#######\n#.  @ #\n# $$$ #\n#.. # #\n#     #\n#######",
}


def _to_level(value: Any) -> int | str | None:
    if value is None or isinstance(value, int):
        return value
    text = str(value).strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text


def _to_bool_or_none(value: Any) -> bool | None:
    return None if value is None else to_bool(value)


def _rule(help_text: str) -> PuzzleOption:
    return PuzzleOption(True, help_text, convert=to_bool)


class SokobanPuzzle(Puzzle):
    """Sokoban levels in XSB text (see :mod:`searchkit_sokoban.levels` for the format)."""

    name = "sokoban"
    description = "Sokoban: push every box onto a goal (fewest moves or fewest pushes)"
    formats = (
        ("XSB: '#' wall, '@' keeper, '+' keeper on goal, '$' box, '*' box on goal, '.' goal, "
         "space/'-'/'_' floor"),
        "run-length encoding ('4#', '|' as row break)",
        ("collections: levels separated by blank lines, ';' comments, 'Title:' lines "
         "(choose one with level=N or level=NAME)"),
    )
    default_strategy = "astar"
    small_size: Mapping[str, Any] = {"rows": 4, "cols": 4, "boxes": 2}
    options: Mapping[str, PuzzleOption] = {
        "level": PuzzleOption(None, "which level of a collection: 1-based number or name "
                              "(default: the first)", convert=_to_level),
        "mode": PuzzleOption(
            "optimal", "what a plan must be", choices=MODES,
            choice_help={"optimal": "proven optimal for the cost model (A* on exact bounds)",
                         "any": "any plan, found fast: macro moves and inadmissible guidance; "
                                "replayed and verified, not proven optimal"}),
        "cost": PuzzleOption(
            "moves", "what a plan costs", choices=("moves", "pushes"),
            choice_help={"moves": "every keeper step (walk + push) counts",
                         "pushes": "only pushes count (the keeper's walks are free)"}),
        "heuristic": PuzzleOption(
            "matching", "lower bound on the remaining pushes (admissible for both costs)",
            choices=HEURISTICS,
            choice_help={"matching": "minimum-cost perfect matching of boxes to goals on push "
                                     "distances (Hungarian algorithm)",
                         "simple": "sum over boxes of the push distance to the nearest goal",
                         "zero": "0 everywhere (blind search)"}),
        "keeper_aware": PuzzleOption(
            True, "push distances respect which side of a box the keeper is on",
            convert=to_bool),
        "subset_bound": PuzzleOption(
            True, "cost=moves: the bound is also the most moves any 2 to 4 boxes need alone "
                  "(exact, from a table built once per level)", convert=to_bool),
        "dead_squares": _rule("never push a box onto a square from which no goal is reachable"),
        "freeze": _rule("prune positions with a frozen box off its goal"),
        "bipartite": _rule("prune positions where the boxes cannot reach distinct goals"),
        "subsets": _rule("prune positions where a few boxes alone (2 to 5, the others removed) "
                         "could not be solved: a table built once per level (mode=any's "
                         "backward search: pairs that could not be pulled back to the start)"),
        "rooms": PuzzleOption(
            None, "prune positions where the boxes of a room without goals (the floor beyond "
                  "a doorway) could not all be pushed out of it, the others removed: tables "
                  "built once per level; by default on in mode=any, off in mode=optimal",
            convert=_to_bool_or_none),
        "pi_corral": _rule("cost=pushes: when a PI-corral exists, only push its barrier boxes "
                           "into it (ignored for cost=moves: not move-optimal)"),
        "corral": PuzzleOption(
            None, "prune positions with a corral that the boxes around it can neither open "
                  "nor put on goals (a small search per corral; off by default: on the levels "
                  "measured it cost more than it cut)", convert=_to_bool_or_none),
        "matching": PuzzleOption(None, "deprecated: the old name of the rule 'bipartite'",
                                 convert=_to_bool_or_none),
    }

    def build(self, text: str, level: int | str | None = None, cost: str = "moves",
              **options: Any) -> SokobanProblem:
        board = Board(select_level(split_levels(text), level))
        return make_problem(board, cost, **options)

    def solver(self, options: Mapping[str, Any]) -> Solver | None:
        """``mode="any"``: the fast mode's portfolio (:mod:`.portfolio_solver`), far stronger
        than one strategy; ``None`` in the exact mode (``astar``, :attr:`default_strategy`)."""
        if options["mode"] != "any":
            return None
        from .portfolio_solver import PortfolioSolver  # it imports this module

        return PortfolioSolver(options)

    def replay_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every legal push, so that any legal plan replays: the exact mode's steps (the fast
        mode's tunnel macros replace single pushes) and no PI-corral pruning (it keeps a
        push-optimal plan, not every plan). A plan costs the same in both modes."""
        return {**options, "mode": "optimal", "pi_corral": False}

    def levels(self, text: str) -> list[str]:
        return [lv.name for lv in split_levels(text)]

    def instances(self, text: str, **options: Any) -> Iterator[PuzzleInstance]:
        """Each level of a collection (see :mod:`.collection`)."""
        return collection.instances(text, **self.resolve_options(options))

    def examples(self) -> dict[str, str]:
        return dict(EXAMPLES)

    def random_instance(self, rng: random.Random, rows: int | None = None,
                        cols: int | None = None, boxes: int | None = None,
                        walls: float = 0.15, pulls: int = 60) -> str:
        """A random small level, solvable by construction.

        Boxes start on their goals and the keeper makes ``pulls`` random steps, pulling a box
        when he steps away from one that is right in front of him; replaying these steps
        backwards solves the level. Interior ``rows`` x ``cols`` (default 3 to 5 each; with the
        outer walls at most :data:`~.levels.MAX_ROWS` x :data:`~.levels.MAX_COLS`, the largest
        level ``parse`` reads), random inner walls with probability ``walls`` (from 0, below 1),
        ``boxes`` boxes (default 1 to 3; at most one fewer than the free cells, fewer if the walls
        leave less room), ``pulls`` random steps (0 or more). Other values raise
        :class:`ValueError`.
        """
        if rows is not None:
            _check_whole("rows", rows, 1, MAX_ROWS - 2)
        if cols is not None:
            _check_whole("cols", cols, 1, MAX_COLS - 2)
        if boxes is not None:
            _check_whole("boxes", boxes, 0, (MAX_ROWS - 2) * (MAX_COLS - 2))
        _check_whole("pulls", pulls, 0, 10**6)
        if isinstance(walls, bool) or not isinstance(walls, (int, float)) \
                or not 0 <= walls < 1:
            raise ValueError(f"walls must be a probability from 0 to below 1, not {walls!r}")
        rows = rows or rng.randint(3, 5)
        cols = cols or rng.randint(3, 5)
        grid = [["#"] * (cols + 2) for _ in range(rows + 2)]
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                grid[r][c] = "#" if rng.random() < walls else " "
        grid[1][1] = " "  # the keeper needs room
        free = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if grid[r][c] == " "]
        count = boxes if boxes is not None else rng.randint(1, 3)
        count = max(0, min(count, len(free) - 1))
        rng.shuffle(free)
        goals = set(free[:count])
        box_set = set(goals)
        keeper = free[count]
        for _ in range(pulls):
            dr, dc = rng.choice(((-1, 0), (1, 0), (0, -1), (0, 1)))
            step = (keeper[0] + dr, keeper[1] + dc)
            if grid[step[0]][step[1]] == "#" or step in box_set:
                continue
            front = (keeper[0] - dr, keeper[1] - dc)
            if front in box_set and rng.random() < 0.9:
                box_set.remove(front)
                box_set.add(keeper)
            keeper = step
        for r, c in goals:
            grid[r][c] = "."
        for r, c in box_set:
            grid[r][c] = "*" if (r, c) in goals else "$"
        grid[keeper[0]][keeper[1]] = "+" if keeper in goals else "@"
        return "\n".join("".join(row) for row in grid)

    def format_instance(self, problem: SokobanProblem) -> str:
        """The level in XSB, as :meth:`SokobanProblem.render` draws its start."""
        return problem.render(problem.initial())


@hookimpl
def searchkit_puzzles() -> list[Puzzle]:
    return [SokobanPuzzle()]


@hookimpl
def searchkit_bench_suites() -> list[BenchSuite]:
    suites = [BenchSuite("sokoban", "Microban 155 levels, moves and pushes, per-level time "
                                    "limit; deadlock-rule ablation",
                         "searchkit_sokoban.bench.suite"),
              BenchSuite("sokoban-any", "Microban 155 levels in mode=any, 10 s of CPU a level",
                         "searchkit_sokoban.bench.anymode"),
              BenchSuite("sokoban-any-ablation", "mode=any on Microban 101-155, one technique "
                         "off at a time", "searchkit_sokoban.bench.ablation"),
              BenchSuite("sokoban-sasquatch-ablation", "mode=any on Sasquatch's 50 levels, one "
                         "technique off at a time", "searchkit_sokoban.bench.sasquatch_ablation")]
    for name, title in (("microban2", "Microban II"), ("microban3", "Microban III"),
                        ("microban4", "Microban IV"), ("sasquatch", "Sasquatch")):
        suites.append(BenchSuite(f"sokoban-{name}", f"{title}, both modes, 10 s and 60 s of "
                                 "CPU a level", f"searchkit_sokoban.bench.{name}"))
    return suites


def _check_whole(name: str, value: Any, low: int, high: int) -> None:
    """Raise :class:`ValueError` unless ``value`` is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high:,}, not {value!r}")
