"""The kernel of the compiled feature-space search (:mod:`.compiledfeatures`), compiled by
Numba: :func:`expand`.

A position is a row of ``states`` (its box cells, sorted), its keeper's region (``roots``: the
region's smallest cell) and its 64-bit Zobrist hash (``hashes``), stored when first generated,
in the open-addressing ``table`` of :mod:`.jit`. Each position waits in the *cell* of its
features (:func:`feature_key`), the cells of :mod:`.jitcells` taken in turn, a turn expanding
the best position of one cell by the matching bound.
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
    N_STATES,
    SOLVED,
    SOLVED_AT,
    STAMP,
    STATUS,
    UNMATCHED,
    add,
    matching,
    moved,
    occupy,
)
from .jitcells import CELLS, enqueue, take
from .jitroutes import ROUTE_LIMIT, box_route
from .jitrules import frozen, pi_corral, regions, subsets_alive

#: The slots of :func:`expand`'s counters ``ctx`` beyond :mod:`.jit`'s and :mod:`.jitcells`'s
#: (there ``HEAP`` counts the positions waiting in all cells, ``DEAD`` the children on dead
#: squares): cut by the freeze test, by the ``subsets`` table, by PI-corrals; the entries of
#: ``routes`` used; the advisor's moves stored.
FROZEN, SUBSETS, PI_CORRAL, ROUTES, ADVISED = range(13, 18)


@njit(cache=True)
def feature_key(child, occ, parts, is_goal, features, radix, order, link, closing, seen,
                stamp):
    """The key of the cell of ``child`` (its boxes also marked in ``occ``; ``parts``: the free
    floor's connected parts): the ``features`` chosen (:data:`.compiledfeatures.FEATURES`'s
    numbers), a digit each in base ``radix[feature]``. ``seen`` is scratch over link numbers,
    ``stamp`` a value it never held."""
    packed = 0
    while packed < order.shape[0] and occ[order[packed]]:
        packed += 1
    key = 0
    for f in features:
        if f == 0:  # boxes off their goals
            value = 0
            for c in child:
                value += 1 - is_goal[c]
        elif f == 1:  # connected parts of the free floor
            value = parts
        elif f == 2:  # goals filled in the packing order
            value = packed
        elif f == 3:  # links between rooms that a box off its goal obstructs
            value = 0
            for c in child:
                if link[c] and not is_goal[c] and seen[link[c]] != stamp:
                    seen[link[c]] = stamp
                    value += 1
        else:  # boxes out of plan: in the area that the next goal of the order closes off
            value = 0
            if packed < order.shape[0]:
                for c in child:
                    value += closing[packed, c]
                value = max(0, value - 1)
        key = key * radix[f] + value
    return key


@njit(cache=True)
def expand(limit, level, store, queues, subsets, scratch, ctx):
    """Expand up to ``limit`` positions, counting in ``ctx`` (:mod:`.jit`'s slots and
    :data:`FROZEN`...).

    ``level``: the arrays of the board (floor, dead squares, goals, offsets, the push distances
    to each goal, Zobrist keys, the floor cells and their indices, rows and columns), the
    switches of the ``freeze`` and ``pi_corral`` rules and of the packing advisor, the features'
    (the features chosen and their bases, the packing order, the links, the areas each goal of
    the order closes off: :func:`feature_key`), and each goal's row of the distances;
    ``store``: the positions, and the advisor's routes; ``queues``: the cells; ``subsets``: the
    exported table (see :func:`.jitrules.subsets_alive`). A push moves a box from ``b`` to
    ``b + off[d]``, the keeper standing on ``b - off[d]``; ``move`` records ``4 * b + d`` and
    ``parent`` the position pushed from. With the advisor on, a position's last moves are the
    packing advisor's (:mod:`.compiledfeatures`): the nearer of the two boxes of
    :func:`advice` that :func:`.jitroutes.box_route` carries to the goal and whose child is
    stored, else the other; such a move records ``-1 - b``, ``b`` the box's cell before it, and
    ``first`` where its pushes are in ``routes``: their number, then their directions. The
    search ends ``SOLVED`` at a child with every box on a goal, ``EXHAUSTED`` when no position
    waits (no plan), ``FULL`` (before a position whose children or route might not fit) when
    the arrays must grow."""
    floor, dead, is_goal, off, dist, zb, zk, floor_cells, fidx, row, col, rules, features, \
        radix, order, links, closing, goal_row = level
    states, roots, hashes, parent, move, link, table, first, routes = store
    keys, cell_of, cell_key, heads, low, sizes = queues
    pairs, size, set_keys, set_rows, set_bits, shift = subsets
    occ, mark, mark2, area, fence, member, allow, queue, group, barrier, pushes, best, \
        nearest, chosen, combo, cells, packed, seen, work, visited, prev, heap, out = scratch
    n, nb = ctx[N_STATES], states.shape[1]
    child = np.empty(nb, states.dtype)
    for _ in range(limit):
        if ctx[HEAP] == 0:
            ctx[STATUS] = EXHAUSTED
            break
        if n + 4 * nb + 1 > states.shape[0] or ctx[CELLS] + 4 * nb + 1 > heads.shape[0] or \
                ctx[ROUTES] + ROUTE_LIMIT + 2 > routes.shape[0]:
            ctx[STATUS] = FULL
            break
        s = take(keys, cell_of, cell_key, heads, low, sizes, link, ctx)
        ctx[EXPANDED] += 1
        stamp = occupy(s, states, roots, floor, occ, off, mark, queue, ctx)
        corral = -1
        if rules[1]:
            corral = pi_corral(floor_cells, floor, is_goal, occ, mark, stamp, off, area, fence,
                               queue, barrier, pushes, best, ctx)
        for j in range(max(corral, 0)):
            allow[best[j]] = stamp
        box_hash = hashes[s] ^ zk[roots[s]]
        goal, nearer, near, steps, advised = -1, -1, -1, 0, 0
        # the moves: each box's four pushes, then the advisor's two boxes carried to the goal
        for k in range(4 * nb + 2 * rules[2]):
            if k < 4 * nb:
                b, d = states[s, k >> 2], k & 3
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
                keeper, m = b, 4 * b + d
            else:
                if k == 4 * nb:
                    goal, nearer, near = advice(states[s], occ, is_goal, order, dist, goal_row)
                b = nearer if k == 4 * nb else near
                if b < 0 or advised:
                    continue
                steps = box_route(b, goal, dist[goal_row[goal]], mark, stamp, floor, occ, off,
                                  mark2, visited, prev, heap, queue, out, ctx)
                if not steps:
                    continue
                target, keeper, m = goal, goal - off[out[steps - 1]], -1 - b
            occ[b], occ[target] = 0, 1
            ctx[STAMP] += 1
            cut = FROZEN if rules[0] and frozen(target, floor, dead, is_goal, occ, off[1], group,
                                                member, ctx[STAMP]) else 0
            if not cut:
                moved(states[s], b, target, child)
                if not subsets_alive(child, target, keeper, fidx, row, col, pairs, size, set_keys,
                                     set_rows, set_bits, shift, nearest, chosen, combo, cells,
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
            root, parts = regions(keeper, floor_cells, floor, occ, off, mark2, ctx[STAMP], queue)
            key = feature_key(child, occ, parts, is_goal, features, radix, order, links, closing,
                              seen, ctx[STAMP])
            occ[b], occ[target] = 1, 0
            hh = box_hash ^ zb[b] ^ zb[target] ^ zk[root]
            if not add(table, hashes, states, roots, parent, move, n, child, root, hh, s, m, ctx):
                continue
            if m < 0:  # the advisor's: its pushes, after their number
                advised, at = 1, ctx[ROUTES]
                first[n], routes[at] = at, steps
                routes[at + 1:at + 1 + steps] = out[:steps]
                ctx[ROUTES] += steps + 1
                ctx[ADVISED] += 1
            n += 1
            if h == 0:
                ctx[STATUS], ctx[SOLVED_AT] = SOLVED, n - 1
                break
            enqueue(n - 1, h, key, keys, cell_of, cell_key, heads, low, sizes, link, ctx)
        for j in range(nb):
            occ[states[s, j]] = 0
        if ctx[STATUS]:
            break
    ctx[N_STATES] = n


@njit(cache=True)
def advice(boxes, occ, is_goal, order, dist, goal_row):
    """The packing advisor's candidates (as :mod:`.advisors`'s) in a position of ``boxes``
    (also marked in ``occ``): ``(goal, nearer, near)``, the next goal of the packing order
    ``order`` and the two boxes off the goals nearest it by box-alone pushes (rows of
    ``dist``, ``goal_row`` a goal's row), the nearest first, ``-1`` for none."""
    packed = 0
    while packed < order.shape[0] and occ[order[packed]]:
        packed += 1
    if packed == order.shape[0]:
        return -1, -1, -1
    goal = order[packed]
    distance = dist[goal_row[goal]]
    near, nearer = -1, -1
    for c in boxes:
        if is_goal[c] or distance[c] >= BIG:
            continue
        if nearer < 0 or distance[c] < distance[nearer]:
            near, nearer = nearer, c
        elif near < 0 or distance[c] < distance[near]:
            near = c
    return goal, nearer, near
