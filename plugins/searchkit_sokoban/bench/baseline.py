"""Hand-tuned push-optimal Sokoban solver (A* on pushes) for one XSB level, in plain Python.

Everything is a bitboard: the level's grid cell ``r * W + c`` is bit ``r * W + c`` of an int, so
the keeper's reachable area is a flood fill of a few shifts and masks per step, its normalized
position (the lowest reachable cell) is ``reach & -reach``, and the pushable boxes in one
direction are one expression ``(reach << s) & boxes & (free_live >> s)``.

* Dead squares: a cell is *live* when a lone box on it can be pushed to some goal; a multi-source
  breadth-first search *pulling* from the goals gives the live cells and, for each one, the
  fewest pushes to the nearest goal (other boxes ignored). Boxes are never pushed onto dead cells.
* Heuristic: the sum over boxes of that nearest-goal push distance; admissible and consistent
  (one push changes one box's term by at least -1), updated incrementally per push. It is never
  0 outside the goal, which makes the goal test safe at generation.
* Freeze check: a pushed box that closes a 2x2 square of walls and boxes, one of which is off
  goal, is a deadlock (four mask tests per push).
* State: ``(box bitboard, keeper cell)``. Children are keyed by the raw keeper cell in one
  ``dict`` (best g; ``-1`` once closed); a popped state is normalized by its flood fill (which
  the expansion needs anyway) and closed under the lowest reachable cell, so each normalized
  state is expanded once and no child needs a flood fill of its own.
* Open list: a bucket queue on f (a list per f, last in first out: the deepest node of the
  lowest f first); f never decreases along a path since the heuristic is consistent.

>>> solve("####\\n#. #\\n#$ #\\n# @#\\n####")[0]
1
"""

from __future__ import annotations

import time

__all__ = ["read_levels", "solve"]

_BOARD = frozenset("#@+$*.-_ ")


def read_levels(text: str) -> list[tuple[str, str]]:
    """``(name, board text)`` for every level of an XSB collection.

    A level's name is the first word of the first line of the comment block right above its board
    (``; 12`` names level ``12``), else its 1-based number.
    """
    out: list[tuple[str, str]] = []
    comments: list[str] = []
    rows: list[str] = []
    name = ""

    def close() -> None:
        if rows:
            out.append((name or str(len(out) + 1), "\n".join(rows)))
            rows.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(";") or not stripped:
            close()
            if not stripped:
                comments = []
            else:
                comments.append(stripped.lstrip(";").strip())
            continue
        if "#" in line and set(line.rstrip()) <= _BOARD:
            if not rows:
                name = comments[0].split()[0] if comments and comments[0] else ""
                comments = []
            rows.append(line.rstrip())
        else:
            close()
    close()
    return out


def solve(level: str, max_seconds: float | None = None) -> tuple[int | None, int]:
    """The fewest pushes that solve ``level`` (XSB rows) and the number of states expanded.

    ``None`` pushes when the level has no solution or ``max_seconds`` (wall-clock, checked every
    1,024 expansions, like the engine's ``Budget(max_seconds=...)``) ran out first.
    """
    rows = [r for r in level.split("\n") if r.strip()]
    W = max(len(r) for r in rows) + 1  # one spare column: a shift never wraps onto the next row
    walls = boxes = goals = 0
    keeper = -1
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            i = r * W + c
            if ch == "#":
                walls |= 1 << i
            if ch in "$*":
                boxes |= 1 << i
            if ch in ".*+":
                goals |= 1 << i
            if ch in "@+":
                keeper = i
    if keeper < 0:
        raise ValueError("level has no keeper")
    cells = len(rows) * W
    grid = (1 << cells) - 1
    # Floor: every non-wall cell the keeper reaches through boxes (bitboard flood fill).
    open_ = grid & ~walls
    floor = 1 << keeper
    while True:
        nxt = (floor | floor << 1 | floor >> 1 | floor << W | floor >> W) & open_
        if nxt == floor:
            break
        floor = nxt
    sealed = boxes & goals & ~floor  # boxes on goals walled in out of reach: walls
    boxes &= ~sealed
    goals &= ~sealed
    if boxes & ~floor or goals & ~floor:
        return None, 0  # a box or an empty goal the keeper can never reach
    if boxes.bit_count() != goals.bit_count():
        raise ValueError("the numbers of boxes and goals differ")
    # Nearest-goal push distance by pulling from every goal at once; unreachable = dead.
    inf = 1 << 30
    md = [inf] * cells
    queue = [i for i in range(cells) if goals >> i & 1]
    for i in queue:
        md[i] = 0
    for c in queue:
        for s in (1, -1, W, -W):
            p, q = c - s, c - 2 * s
            if 0 <= q < cells and 0 <= p < cells and floor >> p & 1 and floor >> q & 1 \
                    and md[p] == inf:
                md[p] = md[c] + 1
                queue.append(p)
    live = 0
    for i in queue:
        live |= 1 << i
    if boxes & ~live:
        return None, 0
    h0 = sum(md[i] for i in range(cells) if boxes >> i & 1)
    if h0 == 0:
        return 0, 0
    # The four 2x2 squares around each cell, for the freeze check ("blocked" = wall or box).
    squares: list[tuple[int, ...]] = [()] * cells
    for i in range(cells):
        if live >> i & 1:
            around = []
            for a in (i, i - 1, i - W, i - W - 1):
                if a >= 0 and a + W + 1 < cells:
                    around.append(1 << a | 1 << (a + 1) | 1 << (a + W) | 1 << (a + W + 1))
            squares[i] = tuple(around)
    notfloor = grid & ~floor
    offgoal = ~goals
    kb = cells.bit_length()
    best: dict[int, int] = {boxes << kb | keeper: 0}
    buckets: list[list[tuple[int, int, int]]] = [[] for _ in range(h0 + 1)]
    buckets[h0].append((boxes, keeper, 0))
    f = h0
    expanded = 0
    check = 1024
    deadline = None if max_seconds is None else time.perf_counter() + max_seconds
    nbuckets = len(buckets)
    while f < nbuckets:
        bucket = buckets[f]
        if not bucket:
            f += 1
            continue
        bx, k, g = bucket.pop()
        if best[bx << kb | k] != g:
            continue  # stale: a cheaper copy was queued, or its class is closed
        free = floor & ~bx
        reach = 1 << k
        while True:
            nxt = (reach | reach << 1 | reach >> 1 | reach << W | reach >> W) & free
            if nxt == reach:
                break
            reach = nxt
        norm = bx << kb | (reach & -reach).bit_length() - 1
        if best.get(norm) == -1:
            best[bx << kb | k] = -1
            continue
        best[norm] = -1
        best[bx << kb | k] = -1
        expanded += 1
        if expanded == check:
            check += 1024
            if deadline is not None and time.perf_counter() > deadline:
                return None, expanded
        h = f - g
        g1 = g + 1
        target = live & ~bx
        blocked = notfloor | bx
        for s in (1, W):
            for pushable, fwd in (((reach << s) & bx & (target >> s), True),
                                  ((reach >> s) & bx & (target << s), False)):
                while pushable:
                    bit = pushable & -pushable
                    pushable ^= bit
                    nbit = bit << s if fwd else bit >> s
                    nb = bx ^ bit ^ nbit
                    b = bit.bit_length() - 1
                    c = nbit.bit_length() - 1
                    h1 = h - md[b] + md[c]
                    if h1 == 0:
                        return g1, expanded
                    blocked1 = blocked ^ bit ^ nbit
                    dead = False
                    for sq in squares[c]:
                        if sq & blocked1 == sq and sq & nb & offgoal:
                            dead = True
                            break
                    if dead:
                        continue
                    key = nb << kb | b
                    old = best.get(key)
                    if old is not None and old <= g1:
                        continue
                    best[key] = g1
                    f1 = g1 + h1
                    while f1 >= nbuckets:
                        buckets.append([])
                        nbuckets += 1
                    buckets[f1].append((nb, b, g1))
    return None, expanded
