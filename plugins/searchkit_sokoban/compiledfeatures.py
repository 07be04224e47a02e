"""A feature-space search on pushes, compiled by Numba: ``strategy="compiled-features"``.

The idea of Shoham and Schaeffer's FESS (:mod:`.features`) on a forward search of single
pushes run by the kernels of :mod:`.jitfeatures` and :mod:`.jitrules`, some thirty times as
fast as the Python searches. Every position stored goes into the *cell* of its two features:
how many boxes stand off their goals, and how many connected parts the free floor has (the
keeper's regions: a box that walls off part of the level makes one more). The search takes the
cells in turn, in the order they appeared, and expands the best position of each: the one with
the smallest matching bound (a minimum-cost assignment of the boxes to the goals by box-alone
pushes, exact), the newest first among equals. So positions of every kind make progress at
once, where greedy search on the bound alone dives into one region of the space and stays:
with these two features the search solves Sasquatch 17, which no other search here solves
(docs/puzzles/sokoban.md), without the advisor below. Neither feature alone does, nor the
search without the ``subsets`` table.

**The packing advisor** (``advisor=True``, the default; :mod:`.jitroutes`), FESS's and
:mod:`.advisors`'s: from each position expanded, one of the two boxes off the goals nearest the
next goal of the packing order (:mod:`.packing`) carried there, by as many pushes as it takes,
the other boxes staying put: one more child, one step of the search, its pushes spelled one by
one in the plan. With it the search solves Microban 144 in 1,616 expansions instead of 110,306,
Microban IV 57 in 33,125 instead of 149,892, and Sasquatch 31, but Sasquatch 17 no longer
within 40 s.

Its rules are the forward searches' (:mod:`.pushes`), each sound, so ``no_solution`` is a
proof: ``dead_squares``, ``freeze``, ``subsets`` (the level's table, built on first use and
shared with every search on the level: pairs, and the largest size with the pushed box's six
nearest others), ``pi_corral`` (only the pushes into the PI-corral with the fewest; it keeps a
plan when one exists) and ``bipartite`` (the matching: a position whose boxes cannot all reach
distinct goals). ``freeze``, ``subsets`` and ``pi_corral`` can be switched off (the puzzle's
options of the same names). Its plans are not optimal.

>>> from .levels import split_levels
>>> board = Board(split_levels("#######\\n#@ $ .#\\n# $  .#\\n#######")[0])
>>> search = CompiledFeatures(board)
>>> result = search.run(seconds=600)
>>> result.status, result.cost, search.forward_lurd(result.actions)
('solved', 5, 'dRRRlluRR')
>>> result.stats.expanded, search.advised  # the plan's first step: the lower box, 3 pushes
(4, 3)
>>> plain = CompiledFeatures(board, advisor=False)
>>> result = plain.run(seconds=600)
>>> result.stats.expanded, plain.forward_lurd(result.actions)
(8, 'dRRluRRldR')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .board import Board
from .compiled import CompiledSearch, Positions, sigint_held
from .packing import packing_order
from .projection import Projection
from .pushes import RULES
from .subsets import level_table

__all__ = ["CompiledFeatures", "FEATURES", "check_features"]

#: The features a cell may be made of (``features=``), after :mod:`.projection`: the boxes off
#: their goals, the connected parts of the free floor, the goals filled in the packing order,
#: the links between rooms that a box off its goal obstructs, the boxes out of plan.
FEATURES = ("off_goal", "regions", "packing", "room_links", "out_of_plan")

#: Rows of a table converted to floor-index bits at once (bounds the scratch memory).
CHUNK = 8192


class CompiledFeatures(CompiledSearch):
    """The compiled feature-space search on ``board`` (the module docstring): :meth:`run`
    searches, :meth:`forward_lurd` spells the plan. ``features``: the cells' (names of
    :data:`FEATURES`); ``advisor``: the packing advisor's moves; ``freeze``, ``subsets``,
    ``pi_corral``: the rules of those names. Raises ``ImportError`` naming the extra to install
    when Numba is missing, ``ValueError`` for bad features or a non-bool ``advisor``."""

    strategy = "compiled-features"
    exhausted = "every position reachable by pushes was expanded"

    def __init__(self, board: Board, *, features: tuple[str, ...] = ("off_goal", "regions"),
                 advisor: bool = True, freeze: bool = True, subsets: bool = True,
                 pi_corral: bool = True) -> None:
        super().__init__(board, tuple(rule for rule in RULES if rule not in ("rooms", "corral")))
        check_features(features)
        if advisor not in (True, False):
            raise ValueError(f"advisor must be True or False, not {advisor!r}")
        self.features = tuple(FEATURES.index(name) for name in features)
        self.rules = {"freeze": freeze, "subsets": subsets, "pi_corral": pi_corral,
                      "advisor": advisor}
        #: the packing advisor's moves stored by the last :meth:`run` (each one step of the
        #: search, one or more pushes)
        self.advised = 0

    def _arrays(self, capacity: int, expired: Callable[[], bool]) -> _Arrays:
        with sigint_held():
            from . import jit, jitfeatures
        return _Arrays(self.board, capacity, jit, jitfeatures, self.rules, self.features,
                       expired)

    def _count(self, ctx: np.ndarray) -> None:
        from . import jit, jitfeatures

        for rule, slot in (("dead_squares", jit.DEAD), ("freeze", jitfeatures.FROZEN),
                           ("bipartite", jit.UNMATCHED), ("subsets", jitfeatures.SUBSETS),
                           ("pi_corral", jitfeatures.PI_CORRAL)):
            self.pruned[rule] = int(ctx[slot])
        self.advised = int(ctx[jitfeatures.ADVISED])


class _Arrays(Positions):
    """The level, the positions and the cells as the arrays :func:`.jitfeatures.expand`
    takes."""

    def __init__(self, board: Board, capacity: int, jit: Any, kernels: Any,
                 rules: dict[str, bool], features: tuple[int, ...],
                 expired: Callable[[], bool]) -> None:
        from . import jitcells

        super().__init__(board, capacity, board.push_distance, jit,
                         {"link": np.int32, "first": np.int64})
        self.kernels, size, k = kernels, board.size, len(board.goals)
        floor_cells = np.array(board.floor, np.int64)
        fidx = np.full(size, -1, np.int64)
        fidx[floor_cells] = np.arange(len(floor_cells))
        cells = np.arange(size)
        order = board.derived("packing_order", lambda: packing_order(board))
        projection = Projection(board, order)
        link = np.array(projection.link, np.int64)
        radix = np.array([k + 1, len(floor_cells) + 1, k + 1, int(link.max()) + 1, k + 1])
        closing = np.frombuffer(b"".join(projection.closing), np.uint8).reshape(-1, size)
        goal_row = np.full(size, -1, np.int64)
        goal_row[list(board.goals)] = np.arange(k)
        self.level = (self.floor, np.frombuffer(bytes(board.dead), np.uint8).copy(),
                      np.frombuffer(bytes(board.is_goal), np.uint8).copy(), self.off, self.dist,
                      self.zb, self.zk, floor_cells, fidx, cells // board.width,
                      cells % board.width,
                      np.array([rules["freeze"], rules["pi_corral"], rules["advisor"]]),
                      np.array(features, np.int64), radix, np.array(order, np.int64), link,
                      closing, goal_row)
        self.routes = np.empty(4 * kernels.ROUTE_LIMIT, np.int16)
        finite = self.dist[self.dist < jit.BIG]
        self.queues = jitcells.Cells(k * int(finite.max(initial=0)) + 1)
        self.subsets = _export_subsets(board, fidx, floor_cells, expired) if rules["subsets"] \
            else _no_subsets(len(floor_cells))
        near = level_table(board).neighbours if rules["subsets"] else 1
        largest = max(self.subsets[1], 1)
        # the kernel's scratch, in its order: the boxes, two flood marks, the corrals' areas and
        # barriers, the freeze test's groups, the pushes a PI-corral allows (stamps, per cell
        # or push); the flood queue; a freeze group, a barrier, a corral's pushes, the best
        # corral's; the nearest boxes and their keys, a combination of them, its cells and
        # their indices (the subsets test); the links seen; the matching's own; the advisor's
        # route: the pairs seen and their predecessors, its heap, its directions
        self.seen = np.zeros(size, np.int64)
        self.scratch = (self.occ, self.mark, self.mark2,
                        *(np.zeros(n, np.int64) for n in (size, size, size, 4 * size)),
                        self.queue,
                        *(np.zeros(n, np.int64) for n in (k, k, 4 * k, 4 * k, near, near,
                                                          largest, largest, largest)),
                        self.seen, self.work,
                        *(np.zeros(n, np.int64) for n in (4 * size, 4 * size,
                                                          4 * kernels.ROUTE_LIMIT + 4,
                                                          kernels.ROUTE_LIMIT + 1)))

    def nbytes(self) -> int:
        return super().nbytes() + self.routes.nbytes + self.queues.nbytes()

    def start(self, ctx: np.ndarray) -> str:
        """Store the level's start and put it in its cell; a reason if it is dead."""
        jit, board, kernels = self.jit, self.board, self.kernels
        boxes = np.array(board.initial_boxes, self.cells)
        h = jit.matching(boxes, self.dist, *self.work)
        if h >= jit.BIG:
            return "the start is a deadlock: the boxes cannot all reach distinct goals"
        self.occ[boxes] = 1
        ctx[jit.STAMP] += 1
        root, parts = kernels.regions(board.keeper, self.level[7], self.floor, self.occ,
                                      self.off, self.mark2, ctx[jit.STAMP], self.queue)
        is_goal, (features, radix, order, link, closing) = self.level[2], self.level[12:17]
        key = kernels.feature_key(boxes, self.occ, parts, is_goal, features, radix, order, link,
                                  closing, self.seen, ctx[jit.STAMP])
        self.occ[:] = 0
        n = self.store(ctx, boxes, root, np.bitwise_xor.reduce(self.zb[boxes]))
        kernels.enqueue(n, h, key, *self.queues.arrays, self.link, ctx)
        return ""

    def expand(self, limit: int, ctx: np.ndarray) -> None:
        self.kernels.expand(limit, self.level, (self.states, self.roots, self.hashes,
                                                self.parent, self.move, self.link, self.table,
                                                self.first, self.routes),
                            self.queues.arrays, self.subsets, self.scratch, ctx)

    def grow(self, ctx: np.ndarray) -> None:
        """Double what is full: the positions' arrays, the routes', or the cells' (a full
        status means that a position's children, or the advisor's route, might not fit in one
        of them: :func:`.jitfeatures.expand`'s test)."""
        k, kernels = self.states.shape[1], self.kernels
        if int(ctx[self.jit.N_STATES]) + 4 * k + 1 > self.states.shape[0]:
            super().grow(ctx)
        if int(ctx[kernels.ROUTES]) + kernels.ROUTE_LIMIT + 2 > self.routes.shape[0]:
            self.routes = np.concatenate([self.routes, np.empty_like(self.routes)])
        made = int(ctx[kernels.CELLS])
        if self.queues.full(made, 4 * k + 1):
            self.queues.grow(made)

    def steps(self, s: int) -> list[tuple[int, int]]:
        """The pushes ``(box cell, direction)`` that made position ``s``, in order: one, or an
        advisor's move (``move[s]`` is ``-1 - box cell``) spelled push by push from its route."""
        move = int(self.move[s])
        if move >= 0:
            return [divmod(move, 4)]
        box, at, found = -1 - move, int(self.first[s]), []
        for d in self.routes[at + 1:at + 1 + int(self.routes[at])]:
            found.append((box, int(d)))
            box += self.board.offsets[d]
        return found

    def pushes(self, solved: int) -> list[tuple[int, int]]:
        """The pushes ``(box cell, direction)`` from the start to position ``solved``."""
        return self.moves(solved)[::-1]


def check_features(features: Any) -> None:
    """Refuse a bad ``features`` (``ValueError`` listing the valid names): a tuple of one or
    more distinct names of :data:`FEATURES`.

    >>> check_features(("regions", "packng"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown feature 'packng' (valid: off_goal, regions, packing, room_links, ...)
    """
    if not isinstance(features, tuple) or not features or len(set(features)) < len(features):
        raise ValueError(f"features {features!r} must be a tuple of distinct feature names "
                         f"({', '.join(FEATURES)})")
    for name in features:
        if name not in FEATURES:
            raise ValueError(f"unknown feature {name!r} (valid: {', '.join(FEATURES)})")


def _no_subsets(floor: int) -> tuple[Any, ...]:
    """The arrays of an empty ``subsets`` table (the rule switched off)."""
    words = max(1, (floor + 63) // 64)
    return (np.zeros((0, 0, words), np.uint64), 0, np.full(1, -1, np.int64),
            np.zeros(1, np.int32), np.zeros((1, words), np.uint64), 1)


def _export_subsets(board: Board, fidx: np.ndarray, floor_cells: np.ndarray,
                    expired: Callable[[], bool]) -> tuple[Any, ...]:
    """The level's ``subsets`` table (built on first use, within ``expired``) as the arrays of
    :func:`.jitrules.subsets_alive`: ``(pairs, largest size, keys, rows, bits, shift)``."""
    from . import jitrules

    tables = level_table(board, expired).tables
    floor = len(floor_cells)
    empty = _no_subsets(floor)
    if 2 not in tables:
        return empty
    pair_cells = np.array([_cells(mask) for mask in tables[2]], np.int64).reshape(-1, 2)
    pair_bits = _floor_bits(list(tables[2].values()), board.size, floor_cells)
    a, b = fidx[pair_cells[:, 0]], fidx[pair_cells[:, 1]]
    pairs = np.zeros((floor, floor, pair_bits.shape[1]), np.uint64)
    pairs[a, b] = pairs[b, a] = pair_bits
    size = max(tables)
    shift = max(1, (floor - 1).bit_length())
    if size < 3 or size * shift > 62:  # no larger size, or its keys would not fit 63 bits
        return (pairs, 2, *empty[2:5], shift)
    largest = tables[size]
    packed = np.zeros(len(largest), np.int64)
    for row, mask in enumerate(largest):
        key = 0
        for index in sorted(int(fidx[cell]) for cell in _cells(mask)):
            key = key << shift | index
        packed[row] = key
    keys = np.full(1 << (2 * len(largest)).bit_length(), -1, np.int64)
    rows = np.zeros(keys.shape[0], np.int32)
    with sigint_held():
        jitrules.insert_all(keys, rows, packed)
    bits = _floor_bits(list(largest.values()), board.size, floor_cells)
    return pairs, size, keys, rows, bits, shift


def _cells(mask: int) -> list[int]:
    """The cells of a bit mask, smallest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _floor_bits(masks: list[int], size: int, floor_cells: np.ndarray) -> np.ndarray:
    """Masks of cells (Python integers, bit ``c`` for cell ``c``) as rows of 64-bit words over
    floor indices (bit ``i`` for ``floor_cells[i]``)."""
    width = (size + 7) // 8
    words = max(1, (len(floor_cells) + 63) // 64)
    out = np.zeros((len(masks), words), np.uint64)
    for first in range(0, len(masks), CHUNK):
        chunk = masks[first:first + CHUNK]
        raw = np.frombuffer(b"".join(mask.to_bytes(width, "little") for mask in chunk),
                            np.uint8).reshape(len(chunk), width)
        on = np.unpackbits(raw, axis=1, bitorder="little")[:, floor_cells]
        padded = np.zeros((len(chunk), 64 * words), np.uint8)
        padded[:, :on.shape[1]] = on
        out[first:first + len(chunk)] = np.packbits(padded, axis=1, bitorder="little") \
            .view("<u8")
    return out
