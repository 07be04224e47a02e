"""The forward deadlock rules as Numba kernels, for the compiled feature-space search
(:mod:`.jitfeatures`, driven by :mod:`.compiledfeatures`).

Each kernel is the compiled twin of a rule of :mod:`.pushes`, with the same conditions and the
same soundness (the proofs are in :mod:`.deadlocks` and :mod:`.subsets`):

* :func:`frozen`: the freeze test (:func:`~.deadlocks.freeze_deadlock`);
* :func:`pi_corral`: the pushes into the PI-corral with the fewest of them
  (:func:`~.deadlocks.pi_corral_pushes`);
* :func:`subsets_alive`: the ``subsets`` table's test (:meth:`~.subsets.SubsetTable.alive`),
  on the table exported to arrays by :mod:`.compiledfeatures`: the pairs as a bit array
  ``pairs[a, b, word]`` over floor indices (the keeper cells from which boxes on floor cells
  ``a`` and ``b`` alone can be solved), the largest size as an open-addressing table of packed
  floor indices (:func:`pack`, :func:`slot_of`) whose rows index ``bits``;
* :func:`regions`: how many connected parts the free floor has, and the keeper's.

Only the compiled searches' modules import this module (:mod:`.jitfeatures`,
:mod:`.compiledfeatures`, and :mod:`.compiled` to load it ahead), once Numba is known to be
installed (the ``fast`` extra).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .jit import STAMP, flood

#: A multiplier for :func:`slot_of`'s Fibonacci hashing (2**64 / golden ratio).
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@njit(cache=True)
def frozen(pushed, floor, dead, is_goal, occ, width, group, member, stamp):
    """Whether the box on ``pushed`` (``occ`` marks the boxes, the push made) belongs to a frozen
    set with a box off its goal: the greatest frozen subset of the boxes 4-connected to it.
    ``group`` is scratch of one entry per box, ``member`` of one per cell, ``stamp`` a value
    ``member`` never held."""
    for o in (1, width):
        a, b = pushed - o, pushed + o
        if floor[a] and floor[b] and not occ[a] and not occ[b] and not (dead[a] and dead[b]):
            return False
    n, i = 1, 0
    group[0] = pushed
    member[pushed] = stamp
    while i < n:
        c = group[i]
        i += 1
        for o in (-1, 1, -width, width):
            x = c + o
            if occ[x] and member[x] != stamp:
                member[x] = stamp
                group[n] = x
                n += 1
    changed = True
    while changed:
        changed = False
        for j in range(n):
            c = group[j]
            if member[c] != stamp:
                continue
            for o in (1, width):
                a, b = c - o, c + o
                if floor[a] and floor[b] and member[a] != stamp and member[b] != stamp and \
                        not (dead[a] and dead[b]):
                    member[c] = 0
                    changed = True
                    break
    for j in range(n):
        if member[group[j]] == stamp and not is_goal[group[j]]:
            return True
    return False


@njit(cache=True)
def pi_corral(floor_cells, floor, is_goal, occ, mark, stamp, off, area, fence, queue, barrier,
              pushes, best, ctx):
    """The pushes ``4 * box + direction`` into the PI-corral with the fewest, written into
    ``best``; their number, or -1 when the position has no PI-corral (0: a PI-corral that no
    push can open, a dead position). The keeper reaches the cells where ``mark == stamp``;
    ``area`` and ``fence`` mark each corral's cells and barrier boxes with a stamp of their own,
    drawn from ``ctx``'s flood stamp; ``queue``, ``barrier`` and ``pushes`` are scratch."""
    first = ctx[STAMP]
    found = -1
    for start in floor_cells:
        if occ[start] or mark[start] == stamp or area[start] > first:
            continue
        ctx[STAMP] += 1
        own = ctx[STAMP]
        area[start] = own
        queue[0] = start
        head, tail, fenced, forced = 0, 1, 0, False
        while head < tail:
            c = queue[head]
            head += 1
            forced = forced or is_goal[c] == 1
            for d in range(4):
                x = c + off[d]
                if not floor[x] or area[x] == own:
                    continue
                if occ[x]:
                    if fence[x] != own:
                        fence[x] = own
                        barrier[fenced] = x
                        fenced += 1
                elif mark[x] != stamp:
                    area[x] = own
                    queue[tail] = x
                    tail += 1
        for j in range(fenced):
            forced = forced or is_goal[barrier[j]] == 0
        if not forced:
            continue  # nothing forces a push into this corral
        n, pi = 0, True
        for j in range(fenced):
            b = barrier[j]
            for d in range(4):
                target, stand = b + off[d], b - off[d]
                stand_blocked = not floor[stand] or fence[stand] == own or area[stand] == own
                if area[target] == own:
                    if mark[stand] == stamp:
                        pushes[n] = 4 * b + d
                        n += 1
                    elif not stand_blocked:
                        pi = False  # (P) fails: the push may become possible later
                elif not (stand_blocked or not floor[target] or fence[target] == own):
                    pi = False  # (I) fails: the box may leave the corral
                if not pi:
                    break
            if not pi:
                break
        if pi and (found < 0 or n < found):
            found = n
            best[:n] = pushes[:n]
    return found


@njit(cache=True)
def pack(cells, k, fidx, bits, scratch):
    """The key of the box set ``cells[:k]``: their floor indices sorted, ``bits`` bits each."""
    for j in range(k):
        v, i = fidx[cells[j]], j
        while i > 0 and scratch[i - 1] > v:
            scratch[i] = scratch[i - 1]
            i -= 1
        scratch[i] = v
    key = 0
    for j in range(k):
        key = (key << bits) | scratch[j]
    return key


@njit(cache=True)
def slot_of(keys, key):
    """The slot of ``key`` in the open-addressing table ``keys`` (``-1``: free), or of the free
    slot where it would go."""
    mask = keys.shape[0] - 1
    i = np.int64((np.uint64(key) * GOLDEN) >> np.uint64(40)) & mask
    while keys[i] != -1 and keys[i] != key:
        i = (i + 1) & mask
    return i


@njit(cache=True)
def insert_all(keys, rows, packed):
    """Fill the table: ``packed[r]`` -> row ``r``."""
    for r in range(packed.shape[0]):
        i = slot_of(keys, packed[r])
        keys[i], rows[i] = packed[r], r


@njit(cache=True)
def subsets_alive(child, pushed, keeper, fidx, row, col, pairs, size, keys, rows, bits,
                  shift, nearest, chosen, combo, cells, scratch):
    """False when the box on ``pushed`` with another box (``pairs``), or with ``size - 1`` of
    its ``nearest.shape[0]`` nearest others (Manhattan distance, ties by cell), cannot be solved
    alone, the keeper on ``keeper``: :meth:`.subsets.SubsetTable.alive` on arrays.
    ``size`` < 3 tests the pairs only; ``shift``: :func:`pack`'s bits per index."""
    k = child.shape[0]
    fk = fidx[keeper]
    word, bit = fk >> 6, np.uint64(1) << np.uint64(fk & 63)
    fp = fidx[pushed]
    if pairs.shape[0]:
        for j in range(k):
            c = child[j]
            if c != pushed and pairs[fp, fidx[c], word] & bit == 0:
                return False
    if size < 3:
        return True
    m = 0  # the nearest others, by (distance, cell), kept sorted in ``nearest``
    for j in range(k):
        c = child[j]
        if c == pushed:
            continue
        dist = abs(row[c] - row[pushed]) + abs(col[c] - col[pushed])
        key = dist * 1_000_000 + c
        if m == nearest.shape[0] and key >= chosen[m - 1]:
            continue
        i = m if m < nearest.shape[0] else m - 1
        while i > 0 and chosen[i - 1] > key:
            chosen[i], nearest[i] = chosen[i - 1], nearest[i - 1]
            i -= 1
        chosen[i], nearest[i] = key, c
        m = min(m + 1, nearest.shape[0])
    r = size - 1
    if m < r:
        return True
    for j in range(r):
        combo[j] = j
    while True:
        cells[0] = pushed
        for j in range(r):
            cells[j + 1] = nearest[combo[j]]
        slot = slot_of(keys, pack(cells, size, fidx, shift, scratch))
        if keys[slot] == -1 or bits[rows[slot], word] & bit == 0:
            return False
        j = r - 1  # the next combination of r of the m nearest
        while j >= 0 and combo[j] == m - r + j:
            j -= 1
        if j < 0:
            return True
        combo[j] += 1
        for i in range(j + 1, r):
            combo[i] = combo[i - 1] + 1


@njit(cache=True)
def regions(keeper, floor_cells, floor, occ, off, mark, stamp, queue):
    """``(the keeper's region's smallest cell, how many connected parts the free floor has)``,
    the boxes in ``occ``; marks every free cell with ``stamp``."""
    root = flood(keeper, floor, occ, off, mark, stamp, queue)
    count = 1
    for c in floor_cells:
        if not occ[c] and mark[c] != stamp:
            flood(c, floor, occ, off, mark, stamp, queue)
            count += 1
    return root, count
