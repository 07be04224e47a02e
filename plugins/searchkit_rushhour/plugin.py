"""The ``rushhour`` puzzle, its benchmark suite, and their registration hooks."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from searchkit import Puzzle, PuzzleInstance, PuzzleOption, hookimpl
from searchkit.bench import BenchSuite

from . import collection
from .board import MAX_SIZE, STANDARD_LENGTHS, Board, Vehicle
from .formats import parse_board, to_fogleman
from .heuristics import HEURISTICS
from .problem import RushHour

__all__ = ["REFERENCE_EXAMPLE", "RushHourPuzzle", "searchkit_puzzles", "searchkit_bench_suites"]

#: The reference TD's example (vehicle 0 is the grey target car): 9 moves, 21 cells.
REFERENCE_EXAMPLE = """{"vehicules": [
  {"i": 2, "j": 0, "longueur": 2, "direction": "H"},
  {"i": 0, "j": 4, "longueur": 2, "direction": "H"},
  {"i": 0, "j": 2, "longueur": 3, "direction": "V"},
  {"i": 3, "j": 0, "longueur": 3, "direction": "H"},
  {"i": 3, "j": 5, "longueur": 3, "direction": "V"}]}"""

_EXAMPLES = {
    "td": REFERENCE_EXAMPLE,
    # the TD's BFS-versus-Dijkstra boards (grids, target G): 3 moves / 19 length-cells,
    # and 5 moves / 21 length-cells
    "td-truck": "...1..\n...1..\nGG.1..\n...22.\n......\n......",
    "td-detour": "..33..\n.....2\nGG4..2\n..4..2\n...111\n......",
    # original challenge cards (Fogleman format; optimal moves from cards.txt)
    "card-01": "BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo",  # 8 moves
    "card-10": "BBCoDDEECooFGAAooFGHHHoFGooIJJKKoILL",  # 17 moves
    "card-21": "BBCDooEoCDooEAADooEFFFoooooooooooGGG",  # 21 moves
    "card-40": "BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo",  # 51 moves
    # the hardest database position: 60 moves, with a wall
    "hardest": "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
}


class RushHourPuzzle(Puzzle):
    """Rush Hour: slide cars and trucks until the target car reaches the exit on the right."""

    name = "rushhour"
    description = "Rush Hour: slide the vehicles until the target car reaches the right edge"
    formats = (
        ("Fogleman's one line: M*M cells row by row ('o' or '.' empty, 'x' wall, 'A' target, "
         "other letters vehicles); a leading move count and trailing fields are ignored"),
        ("grid: M lines of M cells ('.' empty, 'x' wall, target 'A' or 'G', other letters or "
         "digits vehicles; spaces between cells allowed)"),
        ("the TD's JSON: {\"vehicules\": [{\"i\": 2, \"j\": 0, \"longueur\": 2, \"direction\": "
         "\"H\"}, ...]} (or row/col/length/orientation; optional size, walls); vehicle 0 is the "
         "target"),
    )
    default_strategy = "bfs"
    small_size = {"size": 5, "vehicles": 3}
    options = {
        "cost": PuzzleOption(
            "moves", "cost model", choices=("moves", "cells", "length-cells"),
            choice_help={"moves": "1 per slide, whatever its length (the database's measure)",
                         "cells": "number of cells slid",
                         "length-cells": "vehicle length x number of cells slid"},
        ),
        "heuristic": PuzzleOption(
            "blocked-blockers", "heuristic (all are admissible for every cost model)",
            choices=tuple(HEURISTICS), choice_help=HEURISTICS,
        ),
        "lengths": PuzzleOption(
            "standard", "allowed vehicle lengths", choices=("standard", "any"),
            choice_help={"standard": "cars (2) and trucks (3) only",
                         "any": "any length from 1 to the board size"},
        ),
    }

    def build(self, text: str, cost: str = "moves", heuristic: str = "blocked-blockers",
              lengths: str = "standard") -> RushHour:
        board = parse_board(text, STANDARD_LENGTHS if lengths == "standard" else None)
        return RushHour(board, cost=cost, heuristic=heuristic)

    def examples(self) -> dict[str, str]:
        return dict(_EXAMPLES)

    def instances(self, text: str, **options: Any) -> Iterator[PuzzleInstance]:
        """Fogleman's database lines and ``cards.txt`` (see :mod:`.collection`)."""
        return collection.instances(text, **self.resolve_options(options))

    def random_instance(self, rng: random.Random, size: int = 6, vehicles: int = 8,
                        walls: int = 0) -> str:
        """A random board in Fogleman's format: the target ``A`` on row ``(size - 1) // 2``, up
        to ``vehicles`` other cars and trucks and ``walls`` walls, placed at random without
        overlap (solvable or not). ``size`` is 3 to :data:`~.board.MAX_SIZE` (a truck must fit),
        ``vehicles`` 0 to 24 (one letter each), ``walls`` 0 to the cells the target leaves free;
        else :class:`ValueError`."""
        labels = "BCDEFGHIJKLMNOPQRSTUVWYZ"
        for name, value, low, high in (("size", size, 3, MAX_SIZE),
                                       ("vehicles", vehicles, 0, len(labels)),
                                       ("walls", walls, 0, None)):
            if isinstance(value, bool) or not isinstance(value, int) or value < low or \
                    high is not None and value > high:
                wanted = f"from {low} to {high}" if high is not None else f"{low} or more"
                raise ValueError(f"{name} must be a whole number {wanted}, not {value!r}")
        if walls > size * size - 2:
            raise ValueError(f"walls must be at most {size * size - 2} on a {size}x{size} board "
                             f"(the target takes 2 cells), not {walls}")
        row = (size - 1) // 2
        placed = [Vehicle(row, rng.randrange(size - 1), 2, True, "A")]
        taken = set(placed[0].cells())
        wall_cells: list[tuple[int, int]] = []
        for _attempt in range(20 * (vehicles + walls)):
            if len(placed) - 1 >= vehicles and len(wall_cells) >= walls:
                break
            if len(wall_cells) < walls and rng.random() < 0.3:
                cell = (rng.randrange(size), rng.randrange(size))
                if cell not in taken:
                    wall_cells.append(cell)
                    taken.add(cell)
                continue
            if len(placed) - 1 >= min(vehicles, len(labels)):
                continue
            length = rng.choice((2, 2, 3))
            horizontal = rng.random() < 0.5
            fixed, pos = rng.randrange(size), rng.randrange(size - length + 1)
            v = Vehicle(fixed if horizontal else pos, pos if horizontal else fixed, length,
                        horizontal, labels[len(placed) - 1])
            if not taken.intersection(v.cells()):
                placed.append(v)
                taken.update(v.cells())
        return to_fogleman(Board(size, placed, wall_cells))

    def format_instance(self, problem: RushHour) -> str:
        """The board as the TD's JSON if it was read from JSON (vehicles named by index), else in
        Fogleman's format (target ``A``) or as a grid (target ``G``)."""
        board = problem.board
        if all(v.label == str(i) for i, v in enumerate(board.vehicles)):
            return json.dumps({
                "size": board.size, "walls": sorted([r, c] for r, c in board.walls),
                "vehicles": [{"row": v.row, "col": v.col, "length": v.length,
                              "orientation": "H" if v.horizontal else "V"}
                             for v in board.vehicles]})
        if board.target.label == "A":
            return to_fogleman(board)
        grid = [["x" if (r, c) in board.walls else "." for c in range(board.size)]
                for r in range(board.size)]
        for v in board.vehicles:
            for r, c in v.cells():
                grid[r][c] = v.label
        return "\n".join("".join(row) for row in grid)


@hookimpl
def searchkit_puzzles() -> list[Puzzle]:
    return [RushHourPuzzle()]


@hookimpl
def searchkit_bench_suites() -> list[BenchSuite]:
    return [BenchSuite("rushhour", "40 cards + 2,000 Fogleman positions: engine BFS/A* (plugin) "
                                   "vs hand-tuned BFS", "searchkit_rushhour.bench.suite"),
            BenchSuite("batch-rushhour", "batch throughput: Fogleman's 2,000 positions, BFS, 1 vs "
                                         "2 processes vs a Dask LocalCluster of 2",
                       "searchkit_rushhour.bench.batch")]
