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

A move adds one precomputed integer to the state (``delta[blank cell][direction][tile]``), and
the heuristic of the child comes from the parent's through a precomputed per-tile difference:
``zero``, ``misplaced`` and ``manhattan`` cost one table lookup per child; ``linear-conflict``
adds the Manhattan difference and, only when the moving tile enters or leaves its goal line, the
change of that one line's conflicts (memoised per line content); ``pdb`` re-reads only the pattern
database of the moving tile's group. :meth:`Taquin.heuristic` computes the same values from scratch
(the tests check they agree).

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
from typing import Any

from searchkit import ProblemBase

from .board import Board, unsolvable_reason
from .heuristics import conflict_of_line, linear_conflicts, manhattan, misplaced
from .patterns import bits_per_cell, default_partition

__all__ = ["ACTIONS", "EAGER_CELLS", "HEURISTICS", "INVERSE", "Taquin"]

HEURISTICS = ("zero", "misplaced", "manhattan", "linear-conflict", "pdb")
ACTIONS = ("U", "L", "R", "D")
#: Boards up to this many cells (5x5) get their move tables in full when the problem is built
#: (cells x moves x 2^bits entries: 2,304 on 4x4); larger ones fill them on first use, so
#: building stays linear in the board (a 16x16 board would need 262,144 big-int deltas).
EAGER_CELLS = 25
INVERSE = {"U": "D", "D": "U", "L": "R", "R": "L"}

#: ``expand(state, h, parent=None)``: the children with their heuristic values, without the
#: move back to ``parent`` (serves as ``successors_with_heuristic`` and
#: ``successors_except_parent``).
Expand = Callable[..., list[tuple[str, int, int, float]]]


class Taquin(ProblemBase):
    """Slide the tiles of ``board`` into the arrangement ``goal`` (same size and tiles).

    ``heuristic`` is one of :data:`HEURISTICS`; ``partition`` (tile groups) and ``pdb_loader``
    (``loader(height, width, goal_cells, groups) -> list of tables``) configure ``pdb``; by
    default the partition of :func:`~searchkit_taquin.patterns.default_partition` and the cached
    builder of :mod:`searchkit_taquin.pdb` are used.
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
        self._board_at = bits * n          # first bit of the board view
        self._transposed_at = 2 * bits * n  # first bit of the transposed view
        self._start = self.encode(board.cells)
        self._goal = self.encode(goal.cells)
        self._reason = unsolvable_reason(board, goal)
        self.tables: list[bytes] = []
        if heuristic == "pdb":
            if pdb_loader is None:
                from .pdb import load_tables
                pdb_loader = load_tables
            self.tables = pdb_loader(h, w, goal.cells, self.groups)
        self._neighbours = self._neighbour_cells()
        self.successors_with_heuristic: Expand = self._make_expand()
        self.successors_except_parent: Expand = self.successors_with_heuristic

    # ------------------------------------------------------------------ encoding
    def encode(self, cells: Sequence[int]) -> int:
        """The state of the board ``cells`` (internal labels, 0 = blank)."""
        b, w, h = self.bits, self.width, self.height
        s = 0
        for c, t in enumerate(cells):
            r, col = divmod(c, w)
            s |= c << (b * self.slot[t])
            s |= t << (self._board_at + b * c)
            s |= t << (self._transposed_at + b * (col * h + r))
        return s

    def decode(self, state: int) -> tuple[int, ...]:
        """The board of ``state`` as a tuple of internal labels by cell."""
        b, m, at = self.bits, self.mask, self._board_at
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

    # ------------------------------------------------------------------ move tables
    def _neighbour_cells(self) -> list[list[tuple[str, int]]]:
        h, w = self.height, self.width
        result = []
        for c in range(self.cells):
            r, col = divmod(c, w)
            moves = []
            if r > 0:
                moves.append(("U", c - w))
            if col > 0:
                moves.append(("L", c - 1))
            if col < w - 1:
                moves.append(("R", c + 1))
            if r < h - 1:
                moves.append(("D", c + w))
            result.append(moves)
        return result

    def _delta(self, blank: int, source: int, tile: int) -> int:
        """What to add to a state whose blank is on ``blank`` to slide ``tile`` from ``source``."""
        b, h, w = self.bits, self.height, self.width

        def tcell(c: int) -> int:
            return (c % w) * h + c // w

        return ((tile << (self._board_at + b * blank)) - (tile << (self._board_at + b * source))
                + (tile << (self._transposed_at + b * tcell(blank)))
                - (tile << (self._transposed_at + b * tcell(source)))
                + ((blank - source) << (b * self.slot[tile])) + (source - blank))

    def _distance(self, tile: int, cell: int) -> int:
        g, w = self.goal_cell[tile], self.width
        return abs(cell // w - g // w) + abs(cell % w - g % w)

    def _tile_difference(self, name: str, tile: int, blank: int, source: int) -> int:
        """Change of a per-tile heuristic when ``tile`` slides from ``source`` to ``blank``."""
        if name == "misplaced":
            g = self.goal_cell[tile]
            return (g != blank) - (g != source)
        if name in ("manhattan", "linear-conflict"):
            return self._distance(tile, blank) - self._distance(tile, source)
        return 0

    def _line_of_change(self, tile: int, blank: int, source: int) -> Any:
        """For linear conflict: the one line whose conflicts may change when ``tile`` slides from
        ``source`` to ``blank`` (the goal line it enters or leaves), as ``(shift, mask, memo)``,
        or ``None`` (a tile moving along its line keeps the order of the line)."""
        h, w, b = self.height, self.width, self.bits
        g = self.goal_cell[tile]
        if source // w != blank // w:  # vertical move: rows change, columns keep their order
            if g // w not in (source // w, blank // w):
                return None
            kind, index, length = "row", g // w, w
            shift = self._board_at + b * w * index
        else:
            if g % w not in (source % w, blank % w):
                return None
            kind, index, length = "col", g % w, h
            shift = self._transposed_at + b * h * index
        memo = self._memos.get((kind, index))
        if memo is None:
            memo = self._memos[(kind, index)] = _Memo(
                self._line_computer(kind, index, length))
        return (shift, (1 << (b * length)) - 1, memo)

    def _line_computer(self, kind: str, index: int, length: int) -> Callable[[int], int]:
        b, m, goal_cell, w = self.bits, self.mask, self.goal_cell, self.width

        def compute(key: int) -> int:
            tiles = [(key >> (b * i)) & m for i in range(length)]
            return conflict_of_line(kind, index, tiles, goal_cell, w)

        return compute

    def _make_expand(self) -> Expand:
        """The expand function and ``self._plain`` over move tables per blank cell (eager or on
        first use, see :data:`EAGER_CELLS`)."""
        name = self.heuristic_name
        m, bits = self.mask, self.bits
        table_kind = name if name in ("zero", "misplaced", "manhattan") else "zero"
        self._memos = _line_memos(self.height, self.width, self.goal.cells)
        group_of = {t: gi for gi, g in enumerate(self.groups) for t in g}
        eager = self.cells <= EAGER_CELLS

        def entry(blank: int, source: int, t: int) -> tuple[Any, ...]:
            if not 0 < t < self.cells:  # filler for a label beyond the board (never read)
                return (0, 0, 0, b"\0") if name == "pdb" else (
                    (0, 0, None) if name == "linear-conflict" else (0, 0))
            delta = self._delta(blank, source, t)
            if name == "linear-conflict":
                return (delta, self._tile_difference(name, t, blank, source),
                        self._line_of_change(t, blank, source))
            if name == "pdb":
                return self._pdb_entry(delta, t, group_of)
            return (delta, self._tile_difference(table_kind, t, blank, source))

        def tables(blank: int, source: int) -> tuple[Any, Any]:
            """Tile -> ``(delta, 0)`` for plain successors, and tile -> the heuristic's entry."""
            if eager:
                full = tuple(entry(blank, source, t) for t in range(m + 1))
                return tuple((e[0], 0) for e in full), full
            return (_Memo(lambda t: (entry(blank, source, t)[0], 0)),
                    _Memo(lambda t: entry(blank, source, t)))

        plain_moves, moves = [], []
        for blank in range(self.cells):
            plain, here = [], []
            for action, source in self._neighbours[blank]:
                shift = self._board_at + bits * source
                plain_table, table = tables(blank, source)
                plain.append((source, (action, shift, plain_table)))
                here.append((source, (action, shift, table)))
            plain_moves.append(self._by_parent_blank(plain))
            moves.append(self._by_parent_blank(here))
        self._plain = _expand_by_table(tuple(plain_moves), m, self.cells)
        if name == "linear-conflict":
            return _expand_linear_conflict(tuple(moves), m, self.cells)
        if name == "pdb":
            return _expand_pdb(tuple(moves), m, self.cells)
        return _expand_by_table(tuple(moves), m, self.cells)

    def _by_parent_blank(self, moves: list[tuple[int, Any]]) -> Any:
        """The moves of one blank cell, ``(source cell, move)``, indexed by the parent's blank
        cell (a neighbour): entry ``c`` leaves out the move that slides the blank back to ``c``;
        entry ``cells``, for no parent, keeps them all. A tuple of ``cells + 1`` entries up to
        :data:`EAGER_CELLS` cells, else a dict of the few that exist (linear in the board)."""
        every = tuple(move for _, move in moves)
        by_parent = {back: tuple(move for source, move in moves if source != back)
                     for back, _ in moves}
        by_parent[self.cells] = every
        if self.cells > EAGER_CELLS:
            return by_parent
        return tuple(by_parent.get(c, every) for c in range(self.cells + 1))

    def _pdb_entry(self, delta: int, tile: int, group_of: dict[int, int]) -> tuple[Any, ...]:
        gi = group_of[tile]
        group = self.groups[gi]
        shift = self.bits * self.slot[group[0]]
        return (delta, shift, (1 << (self.bits * len(group))) - 1, self.tables[gi])


class _Memo(dict):  # type: ignore[type-arg]
    """Key -> ``compute(key)``, computed on first lookup (``memo[key]``): a line's content -> its
    linear conflicts, or a tile -> its move entry on boards too large for eager tables.

    A missing key costs one Python call; a present one is a plain C-level dict lookup.
    """

    __slots__ = ("compute",)

    def __init__(self, compute: Callable[[Any], Any]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.compute(key)
        return value


_LINE_MEMOS: dict[tuple[int, int, tuple[int, ...]], dict[tuple[str, int], _Memo]] = {}


def _line_memos(height: int, width: int, goal: Sequence[int]) -> dict[tuple[str, int], _Memo]:
    """The memos of line conflicts per ``(row|col, index)`` for one board size and goal.

    A line's conflicts depend only on its content and the goal, so every instance with the same
    goal shares the memos (as they share pattern databases); each memo is bounded by the number
    of distinct line contents (43,680 per line on 4x4).
    """
    return _LINE_MEMOS.setdefault((height, width, tuple(goal)), {})


def _expand_by_table(moves: tuple[Any, ...], m: int, none: int) -> Expand:
    """Children with ``h + difference[tile]`` (zero, misplaced, manhattan; ``h`` ignored by
    plain successors)."""

    def expand(s: int, h: float, parent: int | None = None) -> list[tuple[str, int, int, float]]:
        out = []
        for action, shift, table in moves[s & m][none if parent is None else parent & m]:
            d, dh = table[(s >> shift) & m]
            out.append((action, s + d, 1, h + dh))
        return out

    return expand


def _expand_linear_conflict(moves: tuple[Any, ...], m: int, none: int) -> Expand:
    """Manhattan difference plus the change of the one line the moving tile enters or leaves."""

    def expand(s: int, h: float, parent: int | None = None) -> list[tuple[str, int, int, float]]:
        out = []
        for action, shift, table in moves[s & m][none if parent is None else parent & m]:
            d, dh, line = table[(s >> shift) & m]
            c = s + d
            if line is not None:
                at, mask, memo = line
                dh += memo[(c >> at) & mask] - memo[(s >> at) & mask]
            out.append((action, c, 1, h + dh))
        return out

    return expand


def _expand_pdb(moves: tuple[Any, ...], m: int, none: int) -> Expand:
    """Re-read only the pattern database of the moving tile's group."""

    def expand(s: int, h: float, parent: int | None = None) -> list[tuple[str, int, int, float]]:
        out = []
        for action, shift, table in moves[s & m][none if parent is None else parent & m]:
            d, at, mask, pdb = table[(s >> shift) & m]
            c = s + d
            out.append((action, c, 1, h - pdb[(s >> at) & mask] + pdb[(c >> at) & mask]))
        return out

    return expand
