"""Hand-tuned A* and BFS for the 3x3 sliding-tile puzzle.

State encoding: tile ``t`` in cell ``p`` (row-major, 0 = blank) contributes ``t << 4 * (p + 1)``
and the blank's cell is kept in the low 4 bits, so a state is one 40-bit int and a move is three
shifts and additions: sliding the tile in cell ``p`` into the blank at ``b`` turns ``s`` into
``s + (t << 4*(b+1)) - (t << 4*(p+1)) + p - b``. Manhattan distance (blank excluded) is updated
by a per-move table lookup.

>>> start, goal = parse("87 135462"), parse(" 12345678")
>>> astar_heapq(start, goal)[:1], astar_buckets(start, goal)[:1]
((24,), (24,))
>>> bfs_explore(goal)[0]
181440
"""

from __future__ import annotations

from heapq import heappop, heappush

__all__ = ["parse", "encode", "manhattan_tables", "astar_heapq", "astar_buckets", "bfs_explore",
           "solvable", "NEIGHBOURS"]

NEIGHBOURS = tuple(
    tuple(q for q in (p - 3 if p >= 3 else -1, p - 1 if p % 3 else -1,
                      p + 1 if p % 3 < 2 else -1, p + 3 if p < 6 else -1) if q >= 0)
    for p in range(9)
)  # cells next to each cell, in the order up, left, right, down
_MASK40 = (1 << 40) - 1


def parse(text: str) -> tuple[int, ...]:
    """``"87 135462"`` or ``"867254301"`` (space or 0 = blank) as a tuple of 9 tiles."""
    return tuple(0 if c in " 0" else int(c) for c in text)


def encode(tiles: tuple[int, ...]) -> int:
    """The 40-bit integer of a position (see the module docstring)."""
    s = tiles.index(0)
    for p, t in enumerate(tiles):
        s |= t << (4 * (p + 1))
    return s


def solvable(tiles: tuple[int, ...], goal: tuple[int, ...]) -> bool:
    """Whether ``goal`` is reachable: equal inversion parities (odd width)."""
    def parity(seq: tuple[int, ...]) -> int:
        order = [goal.index(t) for t in seq if t]
        return sum(a > b for i, a in enumerate(order) for b in order[i + 1:]) & 1
    return parity(tiles) == parity(goal)


Move = tuple[int, int, int, list[int]]


def manhattan_tables(goal: tuple[int, ...]) -> tuple[list[list[int]], list[tuple[Move, ...]]]:
    """``md[t][p]`` (distance of tile ``t`` in cell ``p`` to its goal cell, 0 for the blank) and,
    per blank cell ``b``, the moves ``(shift_p, shift_b, p - b, dh)`` with ``dh[t]`` the change of
    Manhattan distance when tile ``t`` slides from ``p`` to ``b``."""
    home = {t: goal.index(t) for t in range(9)}
    md = [[0 if t == 0 else abs(p // 3 - home[t] // 3) + abs(p % 3 - home[t] % 3)
           for p in range(9)] for t in range(9)]
    moves = [tuple((4 * (p + 1), 4 * (b + 1), p - b, [md[t][b] - md[t][p] for t in range(9)])
                   for p in NEIGHBOURS[b]) for b in range(9)]
    return md, moves


def astar_heapq(start: tuple[int, ...], goal: tuple[int, ...]) -> tuple[int | None, int, int]:
    """A* with Manhattan distance on a binary heap of packed ints.

    A heap entry is the single int ``f << 46 | (63 - g) << 40 | state``: ints compare faster than
    tuples, and the packing orders by ``f`` then larger ``g``. Returns ``(cost, expanded,
    expanded with f < f*)``.
    """
    md, moves = manhattan_tables(goal)
    s0, goal_s = encode(start), encode(goal)
    h0 = sum(md[t][p] for p, t in enumerate(start))
    best = {s0: 0}
    parent = {s0: s0}
    heap = [h0 << 46 | 63 << 40 | s0]
    expanded = below = 0
    last_f = -1
    while heap:
        e = heappop(heap)
        s = e & _MASK40
        g = 63 - (e >> 40 & 63)
        if best[s] < g:
            continue
        f = e >> 46
        if f != last_f:
            last_f, below = f, expanded
        if s == goal_s:
            return g, expanded, below
        expanded += 1
        h = f - g
        g1 = g + 1
        tie = (62 - g) << 40
        for shp, shb, d, dh in moves[s & 15]:
            t = s >> shp & 15
            c = s + (t << shb) - (t << shp) + d
            old = best.get(c)
            if old is not None and old <= g1:
                continue
            best[c] = g1
            parent[c] = s
            heappush(heap, (g1 + h + dh[t]) << 46 | tie | c)
    return None, expanded, below


def astar_buckets(start: tuple[int, ...], goal: tuple[int, ...]) -> tuple[int | None, int, int]:
    """A* with Manhattan distance on a bucket queue: one list per f, LIFO inside a bucket (which
    prefers deeper states, like the heap's larger-g tie-break). Returns like :func:`astar_heapq`."""
    md, moves = manhattan_tables(goal)
    s0, goal_s = encode(start), encode(goal)
    h0 = sum(md[t][p] for p, t in enumerate(start))
    best = {s0: 0}
    parent = {s0: s0}
    buckets: list[list[int]] = [[] for _ in range(128)]
    buckets[h0].append(s0 << 6)
    f = h0
    expanded = 0
    while f < 128:
        bucket = buckets[f]
        if not bucket:
            f += 1
            continue
        below = expanded
        pop = bucket.pop
        while bucket:
            e = pop()
            s, g = e >> 6, e & 63
            if best[s] < g:
                continue
            if s == goal_s:
                return g, expanded, below
            expanded += 1
            h = f - g
            g1 = g + 1
            for shp, shb, d, dh in moves[s & 15]:
                t = s >> shp & 15
                c = s + (t << shb) - (t << shp) + d
                old = best.get(c)
                if old is not None and old <= g1:
                    continue
                best[c] = g1
                parent[c] = s
                buckets[g1 + h + dh[t]].append(c << 6 | g1)
        f += 1
    return None, expanded, expanded


def bfs_explore(start: tuple[int, ...]) -> tuple[int, int, int]:
    """Breadth-first exploration of every position reachable from ``start``, remembering each
    position's parent (what a BFS solver needs to return plans). Returns ``(states, expanded,
    depth of the last layer)``."""
    _md, moves = manhattan_tables(start)
    s0 = encode(start)
    parent = {s0: s0}
    layer = [s0]
    depth = expanded = 0
    while layer:
        nxt: list[int] = []
        append = nxt.append
        for s in layer:
            for shp, shb, d, _dh in moves[s & 15]:
                t = s >> shp & 15
                c = s + (t << shb) - (t << shp) + d
                if c not in parent:
                    parent[c] = s
                    append(c)
        expanded += len(layer)
        if nxt:
            depth += 1
        layer = nxt
    return len(parent), expanded, depth
