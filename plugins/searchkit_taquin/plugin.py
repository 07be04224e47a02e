"""The ``taquin`` puzzle (8-, 15- and N x M sliding-tile puzzles), its benchmark suites, and their
registration hooks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from searchkit import (
    OptionError,
    Puzzle,
    PuzzleFormatError,
    PuzzleInstance,
    PuzzleOption,
    hookimpl,
)
from searchkit.bench import BenchSuite
from searchkit.errors import excerpt

from . import collection
from .board import MAX_CELLS, goal_board, parse_board
from .patterns import PDB_MAX_CELLS
from .problem import HEURISTICS, Taquin

__all__ = ["TaquinPuzzle", "searchkit_puzzles", "searchkit_bench_suites", "split_goal"]

_GOAL_MARKERS = ("goal", "goal:")


def _goal_option(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected 'blank-first', 'blank-last' or a goal arrangement")
    return value


def _blank_option(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value.split()) != 1:
        raise ValueError("expected a single token")
    return value


def _check_size(name: str, value: Any, low: int, high: int) -> None:
    """Raise :class:`ValueError` unless ``value`` is a whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high:,}, not "
                         f"{excerpt(value)}")


def split_goal(text: str) -> tuple[str, str | None, int]:
    """Split ``text`` at a line reading ``goal`` (or ``goal:``): ``(board, goal or None, offset)``
    where ``offset`` is the number of lines before the goal's first line.

    >>> split_goal("87 135462\\ngoal\\n 12345678")
    ('87 135462', ' 12345678', 2)
    """
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.strip().lower() in _GOAL_MARKERS:
            # the goal's lines kept as they are, leading blank lines too: the offset counts them
            return "\n".join(lines[:i]), "\n".join(lines[i + 1:]).rstrip("\n"), i + 1
    return text, None, 0


class TaquinPuzzle(Puzzle):
    """Sliding-tile puzzles; plans are the blank's moves ``U D L R``."""

    name = "taquin"
    description = "sliding-tile puzzle (8-puzzle, 15-puzzle, any N x M): slide tiles into the blank"
    formats = (
        ("one line of 9 characters, a 3x3 board as in the reference TP: '87 135462' "
         "(blank: space, 0, _ or .)"),
        "one line of N*N whitespace-separated numbers (Korf's format, 0 = blank)",
        "rows of whitespace-separated tokens, any N x M (blank: _ or . if present, else 0)",
        ("optionally followed by a line 'goal' and the goal (blank-first, blank-last or an "
         "arrangement in the same formats); the goal= option overrides it"),
    )
    default_strategy = "astar"
    small_size = {"height": 2, "width": 3}
    options = {
        "heuristic": PuzzleOption(
            "linear-conflict", "lower bound used by informed strategies", choices=HEURISTICS,
            choice_help={
                "zero": "0 everywhere (blind search)",
                "misplaced": "number of misplaced tiles",
                "manhattan": "sum of the tiles' taxicab distances to their goal cells",
                "linear-conflict": "Manhattan + 2 per tile that must leave its goal line to let "
                                   "another pass",
                "pdb": "additive disjoint pattern databases (6-6-3 on 4x4), built on first use "
                       "and cached on disk",
            }),
        "goal": PuzzleOption(
            None, "the target: 'blank-first' (blank top-left then 1, 2, ...; Korf's convention, "
                  "the default), 'blank-last' (1, 2, ..., blank bottom-right) or an explicit "
                  "arrangement", convert=_goal_option),
        "blank": PuzzleOption(
            None, "the token that stands for the blank (default: _ or . if present, else 0)",
            convert=_blank_option),
    }

    def build(self, text: str, heuristic: str = "linear-conflict", goal: str | None = None,
              blank: str | None = None) -> Taquin:
        board_text, goal_text, offset = split_goal(text)
        board = parse_board(board_text, blank)
        if goal is None and goal_text is not None:
            if not goal_text.strip():
                raise PuzzleFormatError("'goal' is followed by nothing", offset)
            words = [line.split("#", 1)[0].strip() for line in goal_text.splitlines()]
            words = [word for word in words if word]  # comments and blank lines left out
            keyword = words[0] if words in (["blank-first"], ["blank-last"]) else None
            try:
                target = goal_board(board, keyword or goal_text, blank)
            except PuzzleFormatError as exc:
                line = None if exc.line is None else exc.line + offset
                raise PuzzleFormatError(f"goal: {exc.reason}", line) from None
        else:
            try:
                target = goal_board(board, goal or "blank-first", blank)
            except PuzzleFormatError as exc:  # the option's text, not the instance file's
                where = "" if exc.line is None else f" (its line {exc.line})"
                raise OptionError(f"option goal{where}: {exc.reason}") from None
        if heuristic == "pdb" and board.size > PDB_MAX_CELLS:
            raise OptionError(f"heuristic 'pdb' builds its tables for boards of at most "
                              f"{PDB_MAX_CELLS} cells, not {board.size} (a {board.height}x"
                              f"{board.width} board): use linear-conflict")
        return Taquin(board, target, heuristic=heuristic)

    def examples(self) -> dict[str, str]:
        return {
            "tp-3x3": "87 135462",
            "hardest-3x3": "867254301\ngoal\n123456780",
            "reference-4x4": "2 3 1 6\n14 5 8 4\n_ 12 7 9\n10 13 11 0\ngoal\nblank-last",
            "korf-79": "0 1 9 7 11 13 5 3 14 12 4 2 8 6 10 15",
        }

    def instances(self, text: str, **options: Any) -> Iterator[PuzzleInstance]:
        """Korf's ``id optimum tiles...`` lines or one board per line (see :mod:`.collection`)."""
        return collection.instances(text, **self.resolve_options(options))

    def random_instance(self, rng: random.Random, height: int = 3, width: int = 3) -> str:
        """A uniformly random arrangement (solvable or not), as rows of numbers, 0 = blank.

        ``height`` is 2 or more (one line would read as an N x N board), ``width`` 1 or more, and
        the board has at most :data:`~.board.MAX_CELLS` cells; else :class:`ValueError`.
        """
        _check_size("height", height, 2, MAX_CELLS)
        _check_size("width", width, 1, MAX_CELLS // 2)
        if height * width > MAX_CELLS:
            raise ValueError(f"a {height}x{width} board has {height * width:,} cells: at most "
                             f"{MAX_CELLS:,}")
        tiles = list(range(height * width))
        rng.shuffle(tiles)
        return "\n".join(" ".join(str(t) for t in tiles[r * width:(r + 1) * width])
                         for r in range(height))

    def format_instance(self, problem: Taquin) -> str:
        """The board, a line ``goal`` and the goal, as rows of tokens (``_`` = blank)."""
        return f"{problem.board.text()}\ngoal\n{problem.goal.text()}"


@hookimpl
def searchkit_puzzles() -> list[Puzzle]:
    return [TaquinPuzzle()]


@hookimpl
def searchkit_bench_suites() -> list[BenchSuite]:
    return [
        BenchSuite("8puzzle-astar", "A* + Manhattan on 23 8-puzzles: engine vs hand-tuned "
                                    "heapq/bucket A*, simpleai, aima3",
                   "searchkit_taquin.bench.puzzle8_astar"),
        BenchSuite("8puzzle-bfs", "full BFS of the 181,440 8-puzzle positions: engine vs "
                                  "hand-tuned BFS, peers", "searchkit_taquin.bench.puzzle8_bfs"),
        BenchSuite("15puzzle-idastar", "IDA* + linear conflict on Korf's 10 easiest: engine "
                                       "(taquin plugin) vs hand-tuned",
                   "searchkit_taquin.bench.puzzle15_idastar"),
        BenchSuite("15puzzle-korf100", "long: all 100 Korf instances, engine IDA* with the "
                                       "taquin plugin's pattern databases",
                   "searchkit_taquin.bench.puzzle15_korf100"),
        BenchSuite("batch-korf100", "batch speed-up: Korf's 100 15-puzzles, IDA* + pattern "
                                    "databases, 1 vs 2 processes", "searchkit_taquin.bench.batch"),
    ]
