"""The kernel of the compiled feature-space search (:mod:`.compiledfeatures`), compiled by
Numba: :func:`expand`.

A position is a row of ``states`` (its box cells, sorted), its keeper's region (``roots``: the
region's smallest cell) and its 64-bit Zobrist hash (``hashes``), stored when first generated,
in the open-addressing ``table`` of :mod:`.jit`. Each position waits in the *cell* of its two
features, the boxes off their goals and the connected parts of the free floor (``cell_id``);
a cell is a bucket queue on the matching bound (``heads[cell, bound]``, the positions of one
bucket linked newest first through ``link``, ``low[cell]`` at or below its smallest non-empty
bucket). The cells are taken in turn, in the order they were made, and each turn expands the
best position of one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jit import (
    BIG,
    DEAD,
    DUPLICATES,
    EXHAUSTED,
    EXPANDED,
    FULL,
    GENERATED,
    HEAP,
    N_STATES,
    SOLVED,
    SOLVED_AT,
    STAMP,
    STATUS,
    UNMATCHED,
    find,
    flood,
    matching,
    moved,
)
from .jitrules import frozen, pi_corral, regions, subsets_alive

#: The slots of :func:`expand`'s counters ``ctx`` beyond :mod:`.jit`'s (there ``HEAP`` counts
#: the positions waiting in all cells, ``DEAD`` the children on dead squares): cut by the
#: freeze test, by the ``subsets`` table, by PI-corrals; the cells made; the next cell's turn.
FROZEN, SUBSETS, PI_CORRAL, CELLS, TURN, ROUND = range(10, 16)


@njit(cache=True)
def enqueue(s, h, off_goal, parts, cell_id, heads, low, sizes, link, ctx):
    """Put position ``s`` of bound ``h`` into the cell of its features, made if new."""
    cell = cell_id[off_goal, parts]
    if cell < 0:
        cell = cell_id[off_goal, parts] = ctx[CELLS]
        ctx[CELLS] += 1
        low[cell] = heads.shape[1] - 1
    bucket = min(h, heads.shape[1] - 1)
    link[s] = heads[cell, bucket]
    heads[cell, bucket] = s
    low[cell] = min(low[cell], bucket)
    sizes[cell] += 1
    ctx[HEAP] += 1


@njit(cache=True)
def expand(limit, level, store, queues, subsets, scratch, ctx):
    """Expand up to ``limit`` positions, counting in ``ctx`` (:mod:`.jit`'s slots and
    :data:`FROZEN`...).

    ``level``: the arrays of the board (floor, dead squares, goals, offsets, the push distances
    to each goal, Zobrist keys, the floor cells and their indices, rows and columns) and the
    switches of the ``freeze`` and ``pi_corral`` rules;
    ``store``: the positions; ``queues``: the cells; ``subsets``: the exported table (see
    :func:`.jitrules.subsets_alive`). A push moves a box from ``b`` to ``b + off[d]``, the
    keeper standing on ``b - off[d]``; ``move`` records ``4 * b + d`` and ``parent`` the
    position pushed from. The search ends ``SOLVED`` at a child with every box on a goal,
    ``EXHAUSTED`` when no position waits (no plan), ``FULL`` (before a position whose children
    might not fit) when the arrays must grow."""
    floor, dead, is_goal, off, dist, zb, zk, floor_cells, fidx, row, col, rules = level
    states, roots, hashes, parent, move, link, table = store
    cell_id, heads, low, sizes = queues
    pairs, size, keys, rows, bits, shift = subsets
    occ, mark, mark2, area, fence, member, allow, queue, group, barrier, pushes, best, \
        nearest, chosen, combo, cells, packed, work = scratch
    n, nb, width = ctx[N_STATES], states.shape[1], off[1]
    child = np.empty(nb, states.dtype)
    for _ in range(limit):
        if ctx[HEAP] == 0:
            ctx[STATUS] = EXHAUSTED
            break
        if n + 4 * nb > states.shape[0] or ctx[CELLS] + 4 * nb > heads.shape[0]:
            ctx[STATUS] = FULL
            break
        cell = ctx[TURN]
        while True:
            if cell >= ctx[ROUND]:  # a new round, over the cells made before it
                cell, ctx[ROUND] = 0, ctx[CELLS]
            if sizes[cell]:
                break
            cell += 1
        ctx[TURN] = cell + 1
        bucket = low[cell]
        while heads[cell, bucket] < 0:
            bucket += 1
        low[cell] = bucket
        s = heads[cell, bucket]
        heads[cell, bucket] = link[s]
        sizes[cell] -= 1
        ctx[HEAP] -= 1
        ctx[EXPANDED] += 1
        for j in range(nb):
            occ[states[s, j]] = 1
        ctx[STAMP] += 1
        stamp = ctx[STAMP]
        flood(roots[s], floor, occ, off, mark, stamp, queue)
        corral = -1
        if rules[1]:
            corral = pi_corral(floor_cells, floor, is_goal, occ, mark, stamp, off, area, fence,
                               queue, barrier, pushes, best, ctx, STAMP)
        for j in range(max(corral, 0)):
            allow[best[j]] = stamp
        box_hash = hashes[s] ^ zk[roots[s]]
        for i in range(nb):
            b = states[s, i]
            for d in range(4):
                target = b + off[d]
                if mark[b - off[d]] != stamp or not floor[target] or occ[target]:
                    continue
                ctx[GENERATED] += 1
                if corral >= 0 and allow[4 * b + d] != stamp:
                    ctx[PI_CORRAL] += 1
                    continue
                if dead[target]:
                    ctx[DEAD] += 1
                    continue
                occ[b], occ[target] = 0, 1
                ctx[STAMP] += 1
                cut = FROZEN if rules[0] and frozen(target, floor, dead, is_goal, occ, width,
                                                    group, member, ctx[STAMP]) else 0
                if not cut:
                    moved(states[s], b, target, child)
                    if not subsets_alive(child, target, b, fidx, row, col, pairs, size, keys,
                                         rows, bits, shift, nearest, chosen, combo, cells,
                                         packed):
                        cut = SUBSETS
                if not cut:
                    h = matching(child, dist, *work)
                    if h >= BIG:
                        cut = UNMATCHED
                if cut:
                    occ[b], occ[target] = 1, 0
                    ctx[cut] += 1
                    continue
                ctx[STAMP] += 1
                root, parts = regions(b, floor_cells, floor, occ, off, mark2, ctx[STAMP], queue)
                occ[b], occ[target] = 1, 0
                hh = box_hash ^ zb[b] ^ zb[target] ^ zk[root]
                slot = find(table, hashes, states, roots, hh, child, root)
                if slot >= 0:
                    ctx[DUPLICATES] += 1
                    continue
                table[-slot - 1] = n
                states[n], roots[n], hashes[n] = child, root, hh
                parent[n], move[n] = s, 4 * b + d
                n += 1
                if h == 0:
                    ctx[STATUS], ctx[SOLVED_AT] = SOLVED, n - 1
                    break
                off_goal = 0
                for j in range(nb):
                    off_goal += 1 - is_goal[child[j]]
                enqueue(n - 1, h, off_goal, parts, cell_id, heads, low, sizes, link, ctx)
            if ctx[STATUS]:
                break
        for j in range(nb):
            occ[states[s, j]] = 0
        if ctx[STATUS]:
            break
    ctx[N_STATES] = n
