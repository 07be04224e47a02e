"""The backward search compiled to machine code by Numba: ``strategy="compiled-pull"``.

It searches what :mod:`.pulls` searches, *pulls* from the solved position (the keeper in any
region of the free floor) back to the level's start, but without that search's extras (tunnel
pulls, macros, the ``pull_subsets`` rule, meeting the forward searches) and some thirty times
faster: the kernel of :mod:`.jitpulls` runs on flat arrays (:mod:`.compiled`). Its rules are
two of the backward search's, both sound, so ``no_solution`` is a proof:

* ``pull_dead_squares``: a box pulled onto a cell from which no starting cell can be reached by
  pulls (:meth:`.Board.unreached`);
* ``pull_bipartite``: a position whose boxes cannot all be matched onto distinct starting cells.

The guide is the cost of a minimum-cost matching of the boxes onto the starting cells by
box-alone pulls (the Hungarian algorithm, exact). By default the search is greedy best-first
on it; among equal guides the newest position comes first, which measured worth ten times
fewer expansions than oldest-first on Microban IV 85 (docs/puzzles/sokoban-unsolved.md).
``noise`` adds a random multiple of 1/8 in [0, ``noise``) to every guide, from a generator
seeded by ``seed``: restarts that each dive elsewhere.

**With features** (``features=("off_start", "regions")``, names of :data:`PULL_FEATURES`) it is
a feature-space search instead, FESS's idea backwards (as :mod:`.compiledfeatures` forwards):
each position waits in the cell of its features, how many boxes stand off the starting cells
and how many connected parts the free floor has, the cells taken in turn (:mod:`.jitcells`),
the best position of a cell by the guide. So it solves Sasquatch 12 in 5 s, which no other
search here solves in minutes; neither feature alone does (docs/puzzles/sokoban.md).

>>> from .levels import split_levels
>>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
>>> search = CompiledPulls(board)
>>> result = search.run(seconds=600)
>>> result.status, result.cost, search.forward_lurd(result.actions)
('solved', 2, 'rRR')
>>> CompiledPulls(board, features=("off_start", "regions")).run(seconds=600).cost
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from .board import Board
from .compiled import CompiledSearch, Positions, sigint_held
from .pulls import PULL_RULES

__all__ = ["PULL_FEATURES", "CompiledPulls", "check_pull_features"]

#: The features a cell of the backward search may be made of (``features=``): the boxes off
#: the starting cells, the connected parts of the free floor.
PULL_FEATURES = ("off_start", "regions")


class CompiledPulls(CompiledSearch):
    """The compiled backward search on ``board`` (see the module docstring): :meth:`run`
    searches, :meth:`forward_lurd` spells the plan it found. ``features``: the cells' (names of
    :data:`PULL_FEATURES`; none, the default: greedy on the guide); ``noise`` and ``seed``: the
    guide's random part (without features only). Raises ``ImportError`` naming the extra to
    install when Numba is missing, ``ValueError`` for bad features or noise."""

    strategy = "compiled-pull"
    exhausted = "every position reachable by pulls was expanded"

    def __init__(self, board: Board, *, features: tuple[str, ...] = (), noise: int = 0,
                 seed: int = 0) -> None:
        super().__init__(board, PULL_RULES)  # under the backward search's names
        if isinstance(noise, bool) or not isinstance(noise, int) or noise < 0:
            raise ValueError(f"noise {noise!r} must be a whole number, 0 or more")
        if features != ():
            check_pull_features(features)
            if noise:
                raise ValueError("noise applies to the greedy search only, not with features")
        self.features = tuple(PULL_FEATURES.index(name) for name in features)
        self.noise, self.seed = noise, seed

    def _arrays(self, capacity: int, expired: Callable[[], bool]) -> _Arrays:
        with sigint_held():
            from . import jit, jitpulls
        return _Arrays(self.board, capacity, jit, jitpulls, self.features, self.noise,
                       self.seed)

    def _count(self, ctx: np.ndarray) -> None:
        from . import jit

        self.pruned["pull_dead_squares"] = int(ctx[jit.DEAD])
        self.pruned["pull_bipartite"] = int(ctx[jit.UNMATCHED])


def check_pull_features(features: Any) -> None:
    """Refuse a bad ``features`` of the backward search (``ValueError`` listing the valid
    names): a tuple of one or more distinct names of :data:`PULL_FEATURES`.

    >>> check_pull_features(("regions", "off_goal"))
    Traceback (most recent call last):
    ...
    ValueError: unknown feature 'off_goal' (valid: off_start, regions)
    """
    if not isinstance(features, tuple) or not features or len(set(features)) < len(features):
        raise ValueError(f"features {features!r} must be a tuple of distinct names "
                         f"({', '.join(PULL_FEATURES)})")
    for name in features:
        if name not in PULL_FEATURES:
            raise ValueError(f"unknown feature {name!r} (valid: {', '.join(PULL_FEATURES)})")


class _Arrays(Positions):
    """The level, the positions and the frontier (a heap, or cells) as the arrays that
    :func:`.jitpulls.expand` takes."""

    def __init__(self, board: Board, capacity: int, jit: Any, kernels: Any,
                 features: tuple[int, ...], noise: int, seed: int) -> None:
        from . import jitcells

        distances = [board.box_distances(cell, to_cell=False) for cell in board.initial_boxes]
        frontier = {"link": np.int32} if features else {"heap": np.int64}
        super().__init__(board, capacity, distances, jit, frontier)
        self.heap, self.link = (getattr(self, name, np.zeros(1, dtype))
                                for name, dtype in (("heap", np.int64), ("link", np.int32)))
        self.kernels, self.noise, self.seed = kernels, noise, seed
        starts = np.zeros(board.size, np.uint8)
        starts[list(board.initial_boxes)] = 1
        floor_cells = np.array(board.floor, np.int64)
        self.occ[list(board.initial_boxes)] = 1
        start_root = jit.flood(board.keeper, self.floor, self.occ, self.off, self.mark2, 1,
                               self.queue)
        self.occ[:], self.mark2[:] = 0, 0
        dead = np.frombuffer(bytes(board.unreached(distances)), np.uint8).copy()
        self.level = (self.floor, dead, self.off, self.dist, self.zb, self.zk, floor_cells, starts,
                      np.array(features, np.int64),
                      np.array([len(board.goals) + 1, len(floor_cells) + 1], np.int64),
                      start_root)
        finite = self.dist[self.dist < jit.BIG]
        self.queues = jitcells.Cells(len(board.goals) * int(finite.max(initial=0)) + 1
                                     if features else 1)
        self.scratch = (self.occ, self.mark, self.mark2, self.queue, self.work)

    def nbytes(self) -> int:
        return super().nbytes() + self.queues.nbytes()

    def start(self, ctx: np.ndarray) -> str:
        """Store the solved position with the keeper in each region of the free floor."""
        jit, kernels, (features, radix) = self.jit, self.kernels, self.level[8:10]
        kernels.seed(self.seed)
        goals = np.array(self.board.goals, self.states.dtype)
        occ = self.occ
        occ[goals] = 1
        h = jit.matching(goals, self.dist, *self.work)
        box_hash = np.bitwise_xor.reduce(self.zb[goals])
        roots = []
        for cell in self.board.floor:
            if occ[cell] or self.mark[cell]:
                continue
            ctx[jit.STAMP] += 1
            root = jit.flood(cell, self.floor, occ, self.off, self.mark, ctx[jit.STAMP],
                             self.queue)
            roots.append(self.store(ctx, goals, root, box_hash))
        occ[:] = 0
        if features.shape[0]:  # one cell: the same boxes, one region a root
            key = kernels.pull_key(goals, self.level[7], len(roots), features, radix)
            for n in roots:
                kernels.enqueue(n, h, key, *self.queues.arrays, self.link, ctx)
        else:
            for n in roots:
                ctx[jit.HEAP] = jit.heap_push(self.heap, ctx[jit.HEAP],
                                              ((8 * h) << jit.IDX_BITS) | (jit.IDX_MASK - n))
        return ""

    def expand(self, limit: int, ctx: np.ndarray) -> None:
        self.kernels.expand(limit, self.level, (self.states, self.roots, self.hashes,
                                                self.parent, self.move, self.link, self.table),
                            self.heap, self.queues.arrays, self.scratch, ctx, self.noise)

    def grow(self, ctx: np.ndarray) -> None:
        """Double what is full: the positions' arrays, or the cells'."""
        from . import jitcells

        k = self.states.shape[1]
        if int(ctx[self.jit.N_STATES]) + 4 * k > self.states.shape[0]:
            super().grow(ctx)
        made = int(ctx[jitcells.CELLS])
        if self.level[8].shape[0] and self.queues.full(made, 4 * k):
            self.queues.grow(made)

    def pushes(self, solved: int) -> list[tuple[int, int]]:
        """The pulls from the roots to position ``solved`` undone: pushes from the start (the
        parent links run from the start back to a root: in order)."""
        offsets = self.board.offsets
        return [(b + offsets[d], d ^ 1) for b, d in self.moves(solved)]
