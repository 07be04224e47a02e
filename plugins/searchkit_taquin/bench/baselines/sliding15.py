"""Hand-tuned IDA* for the 15-puzzle with Manhattan distance + linear conflict.

Korf's conventions: goal ``0 1 2 ... 15`` (blank top-left), the blank moves up, left, right, down
in that order, never straight back, and every generated child counts as a node, over all
iterations, until the goal is generated (so ``nodes + 1`` is comparable with
``korf100_nodes.txt``).

The state is one int holding the board (cell ``c`` in bits ``4c``) and its transpose (column-major,
from bit 64), so every row and column is a 16-bit field. A move adds a precomputed integer; the
heuristic changes by the moving tile's Manhattan difference and, only when the tile enters or
leaves its goal line, by the change of that line's conflict, read from a per-line memo keyed by
the line's 16 bits. Linear conflict of a line is ``2 * (k - LIS)`` over the ``k`` tiles of the
line that belong to it in the goal (the longest increasing subsequence of their goal positions).

>>> idastar([1, 2, 3, 0, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])[:1]
(3,)
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from math import inf

__all__ = ["idastar", "line_conflict", "moves_table", "encode", "heuristic", "line_value"]

W = 4
N = 16


def line_conflict(goal_positions: Sequence[int]) -> int:
    """``2 * (len - LIS)`` of the goal positions, in line order, of the tiles in their goal line.

    >>> line_conflict([2, 0, 1]), line_conflict([3, 2, 1, 0])
    (2, 6)
    """
    tails: list[int] = []
    for p in goal_positions:
        i = bisect_left(tails, p)
        if i == len(tails):
            tails.append(p)
        else:
            tails[i] = p
    return 2 * (len(goal_positions) - len(tails))


def _tcell(c: int) -> int:
    return (c % W) * W + c // W


def encode(tiles: Sequence[int]) -> int:
    s = 0
    for c, t in enumerate(tiles):
        s |= t << (4 * c) | t << (64 + 4 * _tcell(c))
    return s


def line_value(kind: str, index: int, field: int) -> int:
    """Conflict of row/column ``index`` whose tiles (line order, 4 bits each) are ``field``."""
    positions = []
    for i in range(W):
        t = field >> (4 * i) & 15
        if t and (t // W if kind == "row" else t % W) == index:
            positions.append(t % W if kind == "row" else t // W)
    return line_conflict(positions)


def heuristic(tiles: Sequence[int]) -> int:
    s = encode(tiles)
    md = sum(abs(c // W - t // W) + abs(c % W - t % W) for c, t in enumerate(tiles) if t)
    lc = sum(line_value("row", r, s >> (16 * r) & 0xFFFF) for r in range(W))
    lc += sum(line_value("col", c, s >> (64 + 16 * c) & 0xFFFF) for c in range(W))
    return md + lc


def moves_table() -> list[tuple[tuple[int, int, list[int], list[int], list[object]], ...]]:
    """Per blank cell, per move (U, L, R, D): ``(source, shift, delta[t], dmd[t], line[t])``."""
    memos = {(k, i): {} for k in ("row", "col") for i in range(W)}
    table = []
    for b in range(N):
        here = []
        for src in (b - W if b >= W else -1, b - 1 if b % W else -1,
                    b + 1 if b % W < W - 1 else -1, b + W if b < N - W else -1):
            if src < 0:
                continue
            delta, dmd, line = [0] * N, [0] * N, [None] * N
            for t in range(1, N):
                delta[t] = ((t << 4 * b) - (t << 4 * src) + (t << 64 + 4 * _tcell(b))
                            - (t << 64 + 4 * _tcell(src)))
                dmd[t] = (abs(b // W - t // W) + abs(b % W - t % W)
                          - abs(src // W - t // W) - abs(src % W - t % W))
                if src // W != b // W and t // W in (src // W, b // W):
                    line[t] = (16 * (t // W), memos[("row", t // W)], "row", t // W)
                elif src // W == b // W and t % W in (src % W, b % W):
                    line[t] = (64 + 16 * (t % W), memos[("col", t % W)], "col", t % W)
            here.append((src, 4 * src, delta, dmd, line))
        table.append(tuple(here))
    return table


def idastar(tiles: Sequence[int]) -> tuple[int, int, int, int]:
    """Solve ``tiles`` (cell by cell, 0 = blank) to ``0 1 ... 15``: ``(length, nodes generated,
    nodes expanded, iterations)``. The instance must be solvable."""
    moves = moves_table()
    s0 = encode(tiles)
    h0 = heuristic(tiles)
    nodes = expanded = 0

    def dfs(s: int, blank: int, g: int, h: int, prev: int, bound: int) -> int:
        """-1 when the goal was generated below, else the smallest f above ``bound``."""
        nonlocal nodes, expanded
        expanded += 1
        low = inf
        g1 = g + 1
        for src, shift, delta, dmd, line in moves[blank]:
            if src == prev:
                continue
            nodes += 1
            t = s >> shift & 15
            c = s + delta[t]
            h1 = h + dmd[t]
            ln = line[t]
            if ln is not None:
                sh, memo, kind, index = ln
                before, after = s >> sh & 0xFFFF, c >> sh & 0xFFFF
                vb = memo.get(before)
                if vb is None:
                    vb = memo[before] = line_value(kind, index, before)
                va = memo.get(after)
                if va is None:
                    va = memo[after] = line_value(kind, index, after)
                h1 += va - vb
            f = g1 + h1
            if f > bound:
                if f < low:
                    low = f
                continue
            if h1 == 0:
                return -1
            found = dfs(c, src, g1, h1, blank, bound)
            if found < 0:
                return -1
            if found < low:
                low = found
        return low  # type: ignore[return-value]

    if h0 == 0:
        return 0, 0, 0, 0
    bound, iterations = h0, 0
    while True:
        iterations += 1
        found = dfs(s0, list(tiles).index(0), 0, h0, -1, bound)
        if found < 0:
            return bound, nodes, expanded, iterations
        bound = found
