"""The sliding-tile puzzle as a :class:`~searchkit.Problem`, with incremental heuristics.

**Actions** are the blank's moves ``"U"``, ``"L"``, ``"R"``, ``"D"`` (the blank goes up = the tile
above it slides down), generated in that order (Korf's order). Every move costs 1.

**States** are single integers packing three views of the board, ``B`` bits per field
(``B = bit_length(n - 1)``, 4 for the 15-puzzle):

* bits ``[0, B*n)``: the *inverse* board, the cell of each tile, one field per slot; slot 0 is the
  blank, then the tiles group by group of the pattern-database partition (so a group's positions
  are one contiguous bit field: its database index is a shift and a mask);
* bits ``[B*n, 2*B*n)``: the board, the tile on each cell in row-major order (a row is a contiguous
  field);
* bits ``[2*B*n, 3*B*n)``: the transposed board (a column is a contiguous field).

A move adds one precomputed integer to the state, and the heuristic of the child comes from the
parent's through a precomputed difference: the move tables of :mod:`searchkit_taquin.moves`.
:meth:`Taquin.heuristic` computes the same values from scratch (the tests check they agree).

>>> from searchkit import search
>>> from searchkit_taquin.board import parse_board, goal_board
>>> b = parse_board("87 135462")
>>> p = Taquin(b, goal_board(b, "blank-first"), heuristic="manhattan")
>>> p.heuristic(p.initial())
14
>>> r = search(p, "astar")
>>> r.cost, "".join(r.actions)[:10]
(24, 'LLDRRDLUUR')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from searchkit import ProblemBase

from .board import Board, unsolvable_reason
from .heuristics import linear_conflicts, manhattan, misplaced
from .moves import EAGER_CELLS, Expand, MoveTables
from .patterns import bits_per_cell, default_partition

__all__ = ["ACTIONS", "EAGER_CELLS", "HEURISTICS", "INVERSE", "Taquin"]

HEURISTICS = ("zero", "misplaced", "manhattan", "linear-conflict", "pdb")
ACTIONS = ("U", "L", "R", "D")
INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}


class Taquin(ProblemBase):
    """Slide the tiles of ``board`` into the arrangement ``goal`` (same size and tiles).

    ``heuristic`` is one of :data:`HEURISTICS`; ``partition`` (tile groups) and ``pdb_loader``
    (``loader(height, width, goal_cells, groups) -> list of tables``) configure ``pdb``; by
    default the partition of :func:`~searchkit_taquin.patterns.default_partition` and the cached
    builder of :mod:`searchkit_taquin.pdbcache` are used.
    """

    def __init__(self, board: Board, goal: Board, heuristic: str = "linear-conflict",
                 partition: Sequence[Sequence[int]] | None = None,
                 pdb_loader: Callable[..., list[bytes]] | None = None) -> None:
        if heuristic not in HEURISTICS:
            raise ValueError(f"unknown heuristic {heuristic!r} (valid: {', '.join(HEURISTICS)})")
        self.board, self.goal = board, goal
        self.heuristic_name = heuristic
        h, w = self.height, self.width = board.height, board.width
        n = self.cells = h * w
        bits = self.bits = bits_per_cell(n)
        self.mask = (1 << bits) - 1
        self.goal_cell = [0] * n
        for c, t in enumerate(goal.cells):
            self.goal_cell[t] = c
        self.groups = [list(g) for g in (partition or default_partition(h, w, goal.cells))]
        order = [0] + [t for g in self.groups for t in g]
        if sorted(order) != list(range(n)):
            raise ValueError("the partition must hold every tile exactly once")
        self.slot = [0] * n
        for i, t in enumerate(order):
            self.slot[t] = i
        self.board_at = bits * n          # first bit of the board view
        self.transposed_at = 2 * bits * n  # first bit of the transposed view
        self._start = self.encode(board.cells)
        self._goal = self.encode(goal.cells)
        self._reason = unsolvable_reason(board, goal)
        self.tables: list[bytes] = []
        if heuristic == "pdb" and self._reason is not None:
            # unsolvable, answered at once: no tables to build (minutes on a fresh cache), and
            # Manhattan distance stands in for what heuristic() may still be asked
            self.heuristic_name = "manhattan"
        elif heuristic == "pdb":
            if pdb_loader is None:
                from .pdbcache import load_tables
                pdb_loader = load_tables
            self.tables = pdb_loader(h, w, goal.cells, self.groups)
        moves = MoveTables(self)
        self._plain: Expand = moves.plain
        self.successors_with_heuristic: Expand = moves.expand
        self.successors_except_parent: Expand = moves.expand

    # ------------------------------------------------------------------ encoding
    def encode(self, cells: Sequence[int]) -> int:
        """The state of the board ``cells`` (internal labels, 0 = blank)."""
        b, w, h = self.bits, self.width, self.height
        s = 0
        for c, t in enumerate(cells):
            r, col = divmod(c, w)
            s |= c << (b * self.slot[t])
            s |= t << (self.board_at + b * c)
            s |= t << (self.transposed_at + b * (col * h + r))
        return s

    def decode(self, state: int) -> tuple[int, ...]:
        """The board of ``state`` as a tuple of internal labels by cell."""
        b, m, at = self.bits, self.mask, self.board_at
        return tuple((state >> (at + b * c)) & m for c in range(self.cells))

    def tokens(self, state: int) -> list[str]:
        """The user's tokens by cell, ``_`` for the blank."""
        labels = self.board.labels
        return [labels[t] if t else "_" for t in self.decode(state)]

    # ------------------------------------------------------------------ protocol
    def initial(self) -> int:
        return self._start

    def is_goal(self, state: int) -> bool:
        return state == self._goal

    def goal_states(self) -> list[int]:
        return [self._goal]

    def unsolvable_reason(self) -> str | None:
        return self._reason

    def successors(self, state: int) -> Iterator[tuple[str, int, int]]:
        for action, child, cost, _h in self._plain(state, 0):
            yield action, child, cost

    def predecessors(self, state: int) -> Iterator[tuple[str, int, int]]:
        """Moves are reversible: the state before ``U`` is the state after ``D``."""
        for action, child, cost, _h in self._plain(state, 0):
            yield INVERSE[action], child, cost

    def heuristic(self, state: int) -> float:
        """The selected heuristic, computed from scratch."""
        name = self.heuristic_name
        if name == "zero":
            return 0
        cells = self.decode(state)
        if name == "misplaced":
            return misplaced(cells, self.goal_cell)
        if name == "manhattan":
            return manhattan(cells, self.goal_cell, self.width)
        if name == "linear-conflict":
            return (manhattan(cells, self.goal_cell, self.width)
                    + linear_conflicts(cells, self.goal_cell, self.height, self.width))
        total, b = 0, self.bits
        for group, table in zip(self.groups, self.tables):
            total += table[(state >> (b * self.slot[group[0]])) & ((1 << (b * len(group))) - 1)]
        return total

    def render(self, state: int) -> str:
        """The board as a grid of boxes, e.g. for ``'87 135462'``::

            +---+---+---+
            | 8 | 7 |   |
            +---+---+---+
            | 1 | 3 | 5 |
            +---+---+---+
            | 4 | 6 | 2 |
            +---+---+---+
        """
        tokens = [t if t != "_" else "" for t in self.tokens(state)]
        size = max(len(t) for t in tokens)
        rule = "+" + "+".join("-" * (size + 2) for _ in range(self.width)) + "+"
        lines = [rule]
        for r in range(self.height):
            row = tokens[r * self.width:(r + 1) * self.width]
            lines.append("|" + "|".join(f" {t:>{size}} " for t in row) + "|")
            lines.append(rule)
        return "\n".join(lines)

    def render_svg(self, state: int) -> str:
        """The board as SVG tiles (see :mod:`searchkit_taquin.svg`)."""
        from .svg import render
        return render(self, state)

    def format_action(self, action: str) -> str:
        return action

    def __repr__(self) -> str:
        return f"Taquin({self.height}x{self.width}, heuristic={self.heuristic_name!r})"
