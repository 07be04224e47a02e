"""Instances and contenders shared by the ``8puzzle-astar`` and ``8puzzle-bfs`` suites."""

from __future__ import annotations

import random

from ..plugin import TaquinPuzzle
from ..problem import Taquin
from .baselines.sliding8 import parse, solvable

__all__ = ["astar_instances", "BLANK_LAST", "BLANK_FIRST", "PUZZLE", "taquin_problem"]

PUZZLE = TaquinPuzzle()

BLANK_LAST = parse("123456780")
BLANK_FIRST = parse(" 12345678")
SEED = 8


def astar_instances(quick: bool) -> list[tuple[str, tuple[int, ...], tuple[int, ...], int | None]]:
    """``(name, start, goal, known optimum)``: ``87 135462`` (24 moves to blank-first), the two
    31-move positions, then random solvable positions for the blank-last goal (seed 8; 20 of
    them, 3 with ``quick``)."""
    out: list[tuple[str, tuple[int, ...], tuple[int, ...], int | None]] = [
        ("87 135462", parse("87 135462"), BLANK_FIRST, 24),
    ]
    if not quick:
        out += [("867254301", parse("867254301"), BLANK_LAST, 31),
                ("647850321", parse("647850321"), BLANK_LAST, 31)]
    rng = random.Random(SEED)
    count = 0
    while count < (3 if quick else 20):
        tiles = list(range(9))
        rng.shuffle(tiles)
        start = tuple(tiles)
        if start != BLANK_LAST and solvable(start, BLANK_LAST):
            count += 1
            out.append((f"random-{count}", start, BLANK_LAST, None))
    return out


def taquin_problem(start: tuple[int, ...], goal: tuple[int, ...],
                   heuristic: str = "manhattan") -> Taquin:
    """The taquin plugin's problem for ``start`` -> ``goal``."""
    text = " ".join(str(t) for t in start)
    goal_text = " ".join(str(t) for t in goal)
    return PUZZLE.parse(text, goal=goal_text, heuristic=heuristic)
