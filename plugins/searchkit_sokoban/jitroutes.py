"""The packing advisor's route, compiled by Numba: :func:`box_route`, the kernel that
:mod:`.jitfeatures` calls to carry one box to the next goal of the packing order.

What :func:`.routes.box_route` does with a ``distance`` and a ``limit`` (the Python searches'
packing advisor, :mod:`.advisors`), on flat arrays: best-first over (box cell, keeper side)
pairs on the box-alone pushes to the goal, ties to the fewer pushes, the keeper walking round the
box between two pushes (a flood with the box on its cell); the box never goes onto a wall,
another box or a cell it cannot be pushed to the goal from (a dead square among them). A flood
of the box's cells alone first rules out a goal the other boxes wall off.
"""

from __future__ import annotations

from numba import njit

from .jit import BIG, STAMP, flood, heap_pop, heap_push

#: The most pairs :func:`box_route` expands for one box (as :data:`.advisors.ROUTE_LIMIT`).
ROUTE_LIMIT = 300
#: Pushes of one route are counted below this in its heap keys (more than ``ROUTE_LIMIT``).
_DEPTHS = 4096


@njit(cache=True)
def box_route(box, goal, distance, region, stamp, floor, occ, off, walk, seen, prev, heap,
              queue, out, ctx):
    """The pushes that carry the box on ``box`` to ``goal``, the other boxes (``occ``, which
    marks ``box`` too) staying put: their number (0: no route within :data:`ROUTE_LIMIT`
    pairs), their directions written into ``out`` in order.

    ``distance``: the box-alone pushes from each cell to ``goal`` (``BIG``: never, as on a dead
    square; the box never goes there); ``region`` marks with ``stamp`` the cells the keeper
    reaches before the first push. Scratch: ``walk`` (a flood mark per cell), ``seen`` and
    ``prev`` (per pair ``4 * cell + direction``: the box on ``cell`` after a push in
    ``direction``), ``heap`` (``4 * ROUTE_LIMIT + 4`` entries), ``queue`` (the floods');
    ``ctx[STAMP]`` gives stamps the marks never held."""
    pairs = 4 * floor.shape[0]
    occ[box] = 0
    ctx[STAMP] += 1
    if not _may_reach(box, goal, distance, floor, occ, off, walk, ctx[STAMP], queue):
        occ[box] = 1
        return 0
    ctx[STAMP] += 1
    visit = ctx[STAMP]
    size = 0
    for d in range(4):
        target = box + off[d]
        if region[box - off[d]] == stamp and floor[target] and not occ[target] and \
                distance[target] < BIG:
            pair = 4 * target + d
            seen[pair], prev[pair] = visit, -1
            size = heap_push(heap, size, (distance[target] * _DEPTHS + 1) * pairs + pair)
    found = 0
    for _ in range(ROUTE_LIMIT):
        if size == 0:
            break
        key, size = heap_pop(heap, size)
        pair = key % pairs
        depth = key // pairs % _DEPTHS
        cell, d = pair // 4, pair % 4
        if cell == goal:
            found = depth
            for i in range(depth - 1, -1, -1):
                out[i] = pair % 4
                pair = prev[pair]
            break
        occ[cell] = 1
        ctx[STAMP] += 1
        flood(cell - off[d], floor, occ, off, walk, ctx[STAMP], queue)
        occ[cell] = 0
        for e in range(4):
            target = cell + off[e]
            nxt = 4 * target + e
            if walk[cell - off[e]] != ctx[STAMP] or not floor[target] or occ[target] or \
                    distance[target] >= BIG or seen[nxt] == visit:
                continue
            seen[nxt], prev[nxt] = visit, pair
            size = heap_push(heap, size, (distance[target] * _DEPTHS + depth + 1) * pairs + nxt)
    occ[box] = 1
    return found


@njit(cache=True)
def _may_reach(box, goal, distance, floor, occ, off, mark, stamp, queue):
    """Whether the box on ``box`` could reach ``goal`` if the keeper could stand on any free
    cell (each push needs only the cell behind the box free): a flood of the box's cells."""
    head, tail = 0, 1
    queue[0] = box
    mark[box] = stamp
    while head < tail:
        c = queue[head]
        head += 1
        if c == goal:
            return True
        for d in range(4):
            target = c + off[d]
            if floor[target] and not occ[target] and distance[target] < BIG and \
                    mark[target] != stamp and floor[c - off[d]] and not occ[c - off[d]]:
                mark[target] = stamp
                queue[tail] = target
                tail += 1
    return False
