"""The kernel of the compiled backward search (:mod:`.compiled`), compiled by Numba:
:func:`expand`, on the positions and table of :mod:`.jit`.

Positions wait in one of two frontiers. Without features, a binary heap keyed by
``guide << IDX_BITS | (IDX_MASK - position)``: greedy best-first on the guide, among equal
guides the newest position first. With features (:data:`.compiled.PULL_FEATURES`), the cells of
:mod:`.jitcells`, keyed by :func:`pull_key`, each a bucket queue on the matching bound: a
feature-space search.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jit import (
    BIG,
    DEAD,
    EXHAUSTED,
    EXPANDED,
    FULL,
    GENERATED,
    HEAP,
    IDX_BITS,
    IDX_MASK,
    N_STATES,
    SOLVED,
    SOLVED_AT,
    STAMP,
    STATUS,
    UNMATCHED,
    add,
    flood,
    heap_pop,
    heap_push,
    matching,
    moved,
    occupy,
)
from .jitcells import CELLS, enqueue, take
from .jitrules import regions


@njit(cache=True)
def seed(value):
    """Seed the generator of :func:`expand`'s noise."""
    np.random.seed(value)


@njit(cache=True)
def pull_key(child, is_start, parts, features, radix):
    """The key of the cell of ``child`` (``parts``: the free floor's connected parts): the
    ``features`` chosen (:data:`.compiled.PULL_FEATURES`' numbers: 0, the boxes off the starting
    cells; 1, the connected parts), a digit each in base ``radix[feature]``."""
    key = 0
    for f in features:
        value = parts
        if f == 0:
            value = 0
            for c in child:
                value += 1 - is_start[c]
        key = key * radix[f] + value
    return key


@njit(cache=True)
def expand(limit, level, store, heap, cells, scratch, ctx, noise):
    """Expand up to ``limit`` positions, counting in ``ctx`` (see :data:`.jit.N_STATES`...).

    ``level``: the floor, the ``dead`` cells, the offsets, the pull distances from each starting
    cell, the Zobrist keys, the floor cells, which cells are starting cells, the features chosen
    and their bases (none: the heap), and the keeper's region at the start (its smallest cell);
    ``store``: the positions (with ``link``, the cells' links); ``heap`` or ``cells`` the
    frontier; ``scratch``: the boxes, two flood marks, the flood queue, the matching's arrays.

    A pull moves a box from ``b`` onto the keeper's cell ``b + off[d]`` next to it, the keeper
    stepping on to ``b + 2 * off[d]``; ``move`` records ``4 * b + d`` and ``parent`` the
    position pulled from. A child on a ``dead`` cell, or whose boxes no matching sends to the
    starting cells, is cut; the search ends ``SOLVED`` at a child with the boxes on their
    starting cells and the keeper in the start's region, ``EXHAUSTED`` when no position waits
    (no plan), ``FULL`` (before a position whose children might not fit) when the arrays must
    grow. ``noise`` > 0 adds a random multiple of 1/8 in [0, noise) to every child's guide (the
    heap only)."""
    floor, dead, off, dist, zb, zk, floor_cells, is_start, features, radix, start_root = level
    states, roots, hashes, parent, move, link, table = store
    keys, cell_of, cell_key, heads, low, sizes = cells
    occ, mark, mark2, queue, work = scratch
    n, nb, in_cells = ctx[N_STATES], states.shape[1], features.shape[0] > 0
    child, parts = np.empty(nb, states.dtype), 0
    for _ in range(limit):
        if ctx[HEAP] == 0:
            ctx[STATUS] = EXHAUSTED
            break
        if n + 4 * nb > states.shape[0] or in_cells and ctx[CELLS] + 4 * nb > heads.shape[0]:
            ctx[STATUS] = FULL
            break
        if in_cells:
            s = take(keys, cell_of, cell_key, heads, low, sizes, link, ctx)
        else:
            key, ctx[HEAP] = heap_pop(heap, ctx[HEAP])
            s = IDX_MASK - (key & IDX_MASK)
        ctx[EXPANDED] += 1
        stamp = occupy(s, states, roots, floor, occ, off, mark, queue, ctx)
        box_hash = hashes[s] ^ zk[roots[s]]
        for i in range(nb):
            b = states[s, i]
            for d in range(4):
                stand = b + off[d]
                step = stand + off[d]
                if mark[stand] != stamp or not floor[step] or occ[step]:
                    continue
                ctx[GENERATED] += 1
                if dead[stand]:
                    ctx[DEAD] += 1
                    continue
                moved(states[s], b, stand, child)
                h = matching(child, dist, *work)
                if h >= BIG:
                    ctx[UNMATCHED] += 1
                    continue
                occ[b], occ[stand] = 0, 1
                ctx[STAMP] += 1
                if in_cells:
                    root, parts = regions(step, floor_cells, floor, occ, off, mark2, ctx[STAMP],
                                          queue)
                else:
                    root = flood(step, floor, occ, off, mark2, ctx[STAMP], queue)
                occ[b], occ[stand] = 1, 0
                hh = box_hash ^ zb[b] ^ zb[stand] ^ zk[root]
                if not add(table, hashes, states, roots, parent, move, n, child, root, hh, s,
                           4 * b + d, ctx):
                    continue
                n += 1
                if h == 0 and root == start_root:
                    ctx[STATUS], ctx[SOLVED_AT] = SOLVED, n - 1
                    break
                if in_cells:
                    enqueue(n - 1, h, pull_key(child, is_start, parts, features, radix), keys,
                            cell_of, cell_key, heads, low, sizes, link, ctx)
                else:
                    guide = 8 * h + (np.random.randint(0, 8 * noise) if noise else 0)
                    ctx[HEAP] = heap_push(heap, ctx[HEAP],
                                          (guide << IDX_BITS) | (IDX_MASK - (n - 1)))
            if ctx[STATUS]:
                break
        for j in range(nb):
            occ[states[s, j]] = 0
        if ctx[STATUS]:
            break
    ctx[N_STATES] = n
