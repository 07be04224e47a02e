"""A small, self-contained 8-puzzle plugin for the kit's own tests, and deliberately wrong
variants of it: each carries one classic bug that one conformance check exists to catch.

* :class:`EightPuzzle` -- correct (Manhattan distance, exact keys, a careful parser);
* :class:`DoubleManhattan` -- 2 x Manhattan: inadmissible;
* :class:`CornerManhattan` -- Manhattan only when the blank is in a corner, else 0: admissible
  (never above Manhattan) but inconsistent;
* :class:`MergingKey` -- a key that forgets where the blank is: merges distinct states;
* :class:`SignSlip` -- ``successors_with_heuristic`` updates Manhattan with the moved tile's
  change subtracted instead of added (``heuristic`` itself is right);
* :class:`IndexErrorParser` -- a parser that indexes a ninth character it never checked for.
"""

from __future__ import annotations

import random
from typing import Any

from searchkit import ProblemBase, Puzzle, PuzzleFormatError

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
MOVES = {"U": -3, "D": 3, "L": -1, "R": 1}
INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}
CORNERS = (0, 2, 6, 8)


def moves(state: tuple[int, ...]) -> list[tuple[str, tuple[int, ...]]]:
    """The blank's legal moves from ``state`` and the states they lead to."""
    blank = state.index(0)
    found = []
    for action, delta in MOVES.items():
        target = blank + delta
        if not 0 <= target < 9 or (delta in (-1, 1) and target // 3 != blank // 3):
            continue
        cells = list(state)
        cells[blank], cells[target] = cells[target], 0
        found.append((action, tuple(cells)))
    return found


def manhattan(state: tuple[int, ...]) -> int:
    return sum(abs(c // 3 - (t - 1) // 3) + abs(c % 3 - (t - 1) % 3)
               for c, t in enumerate(state) if t)


class Eight(ProblemBase):
    def __init__(self, start: tuple[int, ...]) -> None:
        self.start = start

    def initial(self) -> tuple[int, ...]:
        return self.start

    def successors(self, state: tuple[int, ...]) -> Any:
        return [(action, child, 1) for action, child in moves(state)]

    def predecessors(self, state: tuple[int, ...]) -> Any:
        return [(INVERSE[action], child, 1) for action, child in moves(state)]

    def goal_states(self) -> list[tuple[int, ...]]:
        return [GOAL]

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return state == GOAL

    def heuristic(self, state: tuple[int, ...]) -> float:
        return manhattan(state)

    def render(self, state: tuple[int, ...]) -> str:
        return "\n".join(" ".join(str(t or "_") for t in state[r:r + 3]) for r in (0, 3, 6))


class EightPuzzle(Puzzle):
    """The correct plugin: text is the nine cells row by row, ``_`` or ``0`` for the blank."""

    name = "eight"
    description = "the 8-puzzle (test plugin)"
    default_strategy = "astar"
    small_size = {"moves": 8}
    problem = Eight

    def build(self, text: str) -> Eight:
        cells = [ch for ch in text if not ch.isspace()]
        if len(cells) != 9:
            raise PuzzleFormatError(f"expected 9 cells, got {len(cells)}", line=1)
        return self.problem(self.cells(cells))

    def cells(self, chars: list[str]) -> tuple[int, ...]:
        if any(ch not in "012345678_" for ch in chars):
            raise PuzzleFormatError("cells are the digits 0-8 or _", line=1)
        cells = tuple(0 if ch == "_" else int(ch) for ch in chars)
        if sorted(cells) != list(range(9)):
            raise PuzzleFormatError("every tile 1-8 and one blank exactly once", line=1)
        return cells

    def examples(self) -> dict[str, str]:
        return {"two-moves": "123\n456\n_78", "walk": "1_3\n426\n758"}

    def random_instance(self, rng: random.Random, moves: int = 8) -> str:
        state, previous = GOAL, None
        for _ in range(moves):
            options = [(a, s) for a, s in globals()["moves"](state) if s != previous]
            previous, (_, state) = state, rng.choice(options)
        return self.format_instance(Eight(state))

    def format_instance(self, problem: Eight) -> str:
        return "\n".join("".join(str(t or "_") for t in problem.start[r:r + 3]) for r in (0, 3, 6))


class _Doubled(Eight):
    def heuristic(self, state: tuple[int, ...]) -> float:
        return 2 * manhattan(state)


class DoubleManhattan(EightPuzzle):
    name = "eight-double"
    problem = _Doubled


class _Corner(Eight):
    def heuristic(self, state: tuple[int, ...]) -> float:
        return manhattan(state) if state.index(0) in CORNERS else 0


class CornerManhattan(EightPuzzle):
    name = "eight-corner"
    problem = _Corner


class _Merging(Eight):
    def key(self, state: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(t for t in state if t)  # the tiles in reading order: the blank is lost


class MergingKey(EightPuzzle):
    name = "eight-merging"
    problem = _Merging


def _distance(cell: int, tile: int) -> int:
    return abs(cell // 3 - (tile - 1) // 3) + abs(cell % 3 - (tile - 1) % 3)


class _SignSlip(Eight):
    def successors_with_heuristic(self, state: tuple[int, ...], h: float) -> Any:
        blank = state.index(0)
        for action, child in moves(state):
            tile = state[child.index(0)]  # the tile that moved into the blank's cell
            change = _distance(blank, tile) - _distance(child.index(0), tile)
            yield action, child, 1, h - change  # should be h + change


class SignSlip(EightPuzzle):
    name = "eight-signslip"
    problem = _SignSlip


class IndexErrorParser(EightPuzzle):
    name = "eight-indexerror"

    def build(self, text: str) -> Eight:
        chars = [ch for ch in text if not ch.isspace()]
        return Eight(self.cells([chars[i] for i in range(9)]))  # no length check: IndexError
