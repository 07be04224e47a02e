"""Move tables of the sliding-tile puzzle: what each move adds to a state and to its heuristic.

States are the packed integers of :mod:`searchkit_taquin.problem`. A move adds one precomputed
integer to the state (``delta[blank cell][direction][tile]``), and the heuristic of the child comes
from the parent's through a precomputed per-tile difference: ``zero``, ``misplaced`` and
``manhattan`` cost one table lookup per child; ``linear-conflict`` adds the Manhattan difference
and, only when the moving tile enters or leaves its goal line, the change of that one line's
conflicts (memoised per line content, shared by every problem with the same goal); ``pdb``
re-reads only the pattern database of the moving tile's group.

:class:`MoveTables` builds the tables of one problem (in full up to :data:`EAGER_CELLS` cells,
else entry by entry on first use) and the two functions its problem hands to the search:
``expand(state, h, parent=None)``, the children with their heuristic values without the move
back to ``parent``, and ``plain``, the same children with the heuristic left at ``h``.

>>> from searchkit_taquin import Taquin, goal_board, parse_board
>>> b = parse_board("87 135462")
>>> p = Taquin(b, goal_board(b, "blank-first"), heuristic="manhattan")
>>> expand = MoveTables(p).expand  # the children's h from the parent's: the same as from scratch
>>> [(action, h, p.heuristic(child)) for action, child, _cost, h in expand(p.initial(), 14)]
[('L', 15, 15), ('D', 15, 15)]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .board import Board
from .heuristics import conflict_of_line

__all__ = ["EAGER_CELLS", "Expand", "Layout", "MoveTables"]

#: Boards up to this many cells (5x5) get their move tables in full when the problem is built
#: (cells x moves x 2^bits entries: 2,304 on 4x4); larger ones fill them on first use, so
#: building stays linear in the board (a 16x16 board would need 262,144 big-int deltas).
EAGER_CELLS = 25

#: ``expand(state, h, parent=None)``: the children ``(action, child, cost, child_h)``, without
#: the move back to ``parent`` (serves as ``successors_with_heuristic`` and
#: ``successors_except_parent``).
Expand = Callable[..., list[tuple[str, int, int, float]]]


class Layout(Protocol):
    """What the move tables read of a problem: its board's shape, its goal, the heuristic, and
    how its int states are laid out (:class:`~searchkit_taquin.problem.Taquin` is one).
    Depending on this and not on the problem class keeps the import one way: problem -> moves."""

    height: int
    width: int
    cells: int
    bits: int
    mask: int
    goal: Board
    goal_cell: Sequence[int]
    groups: Sequence[Sequence[int]]
    slot: Sequence[int]
    tables: Sequence[bytes]
    heuristic_name: str
    board_at: int
    transposed_at: int


class MoveTables:
    """The move tables of ``layout`` and its expand functions :attr:`expand` (with the
    incremental heuristic of ``layout.heuristic_name``) and :attr:`plain` (heuristic unchanged)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.memos = _line_memos(layout.height, layout.width, layout.goal.cells)
        self.plain, self.expand = self._build()

    # ------------------------------------------------------------------ one move's entries
    def delta(self, blank: int, source: int, tile: int) -> int:
        """What to add to a state whose blank is on ``blank`` to slide ``tile`` from ``source``."""
        p = self.layout
        b, h, w = p.bits, p.height, p.width

        def tcell(c: int) -> int:
            return (c % w) * h + c // w

        return ((tile << (p.board_at + b * blank)) - (tile << (p.board_at + b * source))
                + (tile << (p.transposed_at + b * tcell(blank)))
                - (tile << (p.transposed_at + b * tcell(source)))
                + ((blank - source) << (b * p.slot[tile])) + (source - blank))

    def _distance(self, tile: int, cell: int) -> int:
        g, w = self.layout.goal_cell[tile], self.layout.width
        return abs(cell // w - g // w) + abs(cell % w - g % w)

    def tile_difference(self, name: str, tile: int, blank: int, source: int) -> int:
        """Change of a per-tile heuristic when ``tile`` slides from ``source`` to ``blank``."""
        if name == "misplaced":
            g = self.layout.goal_cell[tile]
            return (g != blank) - (g != source)
        if name in ("manhattan", "linear-conflict"):
            return self._distance(tile, blank) - self._distance(tile, source)
        return 0

    def line_of_change(self, tile: int, blank: int, source: int) -> Any:
        """For linear conflict: the one line whose conflicts may change when ``tile`` slides from
        ``source`` to ``blank`` (the goal line it enters or leaves), as ``(shift, mask, memo)``,
        or ``None`` (a tile moving along its line keeps the order of the line)."""
        p = self.layout
        h, w, b = p.height, p.width, p.bits
        g = p.goal_cell[tile]
        if source // w != blank // w:  # vertical move: rows change, columns keep their order
            if g // w not in (source // w, blank // w):
                return None
            kind, index, length = "row", g // w, w
            shift = p.board_at + b * w * index
        else:
            if g % w not in (source % w, blank % w):
                return None
            kind, index, length = "col", g % w, h
            shift = p.transposed_at + b * h * index
        memo = self.memos.get((kind, index))
        if memo is None:
            memo = self.memos[(kind, index)] = _Memo(self._line_computer(kind, index, length))
        return (shift, (1 << (b * length)) - 1, memo)

    def _line_computer(self, kind: str, index: int, length: int) -> Callable[[int], int]:
        p = self.layout
        b, m, goal_cell, w = p.bits, p.mask, p.goal_cell, p.width

        def compute(key: int) -> int:
            tiles = [(key >> (b * i)) & m for i in range(length)]
            return conflict_of_line(kind, index, tiles, goal_cell, w)

        return compute

    def _pdb_entry(self, delta: int, tile: int, group_of: dict[int, int]) -> tuple[Any, ...]:
        p = self.layout
        gi = group_of[tile]
        group = p.groups[gi]
        shift = p.bits * p.slot[group[0]]
        return (delta, shift, (1 << (p.bits * len(group))) - 1, p.tables[gi])

    # ------------------------------------------------------------------ the tables
    def _build(self) -> tuple[Expand, Expand]:
        """The plain and heuristic expand functions over move tables per blank cell (eager or on
        first use, see :data:`EAGER_CELLS`)."""
        p = self.layout
        name = p.heuristic_name
        m, bits, cells = p.mask, p.bits, p.cells
        table_kind = name if name in ("zero", "misplaced", "manhattan") else "zero"
        group_of = {t: gi for gi, g in enumerate(p.groups) for t in g}
        eager = cells <= EAGER_CELLS

        def entry(blank: int, source: int, t: int) -> tuple[Any, ...]:
            if not 0 < t < cells:  # filler for a label beyond the board (never read)
                return (0, 0, 0, b"\0") if name == "pdb" else (
                    (0, 0, None) if name == "linear-conflict" else (0, 0))
            delta = self.delta(blank, source, t)
            if name == "linear-conflict":
                return (delta, self.tile_difference(name, t, blank, source),
                        self.line_of_change(t, blank, source))
            if name == "pdb":
                return self._pdb_entry(delta, t, group_of)
            return (delta, self.tile_difference(table_kind, t, blank, source))

        def tables(blank: int, source: int) -> tuple[Any, Any]:
            """Tile -> ``(delta, 0)`` for plain successors, and tile -> the heuristic's entry."""
            if eager:
                full = tuple(entry(blank, source, t) for t in range(m + 1))
                return tuple((e[0], 0) for e in full), full
            return (_Memo(lambda t: (entry(blank, source, t)[0], 0)),
                    _Memo(lambda t: entry(blank, source, t)))

        plain_moves, moves = [], []
        for blank, neighbours in enumerate(_neighbour_cells(p.height, p.width)):
            plain, here = [], []
            for action, source in neighbours:
                shift = p.board_at + bits * source
                plain_table, table = tables(blank, source)
                plain.append((source, (action, shift, plain_table)))
                here.append((source, (action, shift, table)))
            plain_moves.append(_by_parent_blank(plain, cells))
            moves.append(_by_parent_blank(here, cells))
        plain_expand = _expand_by_table(tuple(plain_moves), m, cells)
        if name == "linear-conflict":
            return plain_expand, _expand_linear_conflict(tuple(moves), m, cells)
        if name == "pdb":
            return plain_expand, _expand_pdb(tuple(moves), m, cells)
        return plain_expand, _expand_by_table(tuple(moves), m, cells)


def _neighbour_cells(height: int, width: int) -> list[list[tuple[str, int]]]:
    """Per cell, the blank's moves from it, ``(action, cell the blank goes to)``, in Korf's order
    ``U``, ``L``, ``R``, ``D``."""
    result = []
    for c in range(height * width):
        r, col = divmod(c, width)
        moves = []
        if r > 0:
            moves.append(("U", c - width))
        if col > 0:
            moves.append(("L", c - 1))
        if col < width - 1:
            moves.append(("R", c + 1))
        if r < height - 1:
            moves.append(("D", c + width))
        result.append(moves)
    return result


def _by_parent_blank(moves: list[tuple[int, Any]], cells: int) -> Any:
    """The moves of one blank cell, ``(source cell, move)``, indexed by the parent's blank
    cell (a neighbour): entry ``c`` leaves out the move that slides the blank back to ``c``;
    entry ``cells``, for no parent, keeps them all. A tuple of ``cells + 1`` entries up to
    :data:`EAGER_CELLS` cells, else a dict of the few that exist (linear in the board)."""
    every = tuple(move for _, move in moves)
    by_parent = {back: tuple(move for source, move in moves if source != back)
                 for back, _ in moves}
    by_parent[cells] = every
    if cells > EAGER_CELLS:
        return by_parent
    return tuple(by_parent.get(c, every) for c in range(cells + 1))


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
