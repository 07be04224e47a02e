"""Hand-tuned breadth-first Rush Hour solver for 6x6 boards in Fogleman's format.

A state is one int: vehicle ``i``'s position (column if horizontal, row if vertical) in bits
``3i .. 3i+2``; the target car ``A`` is vehicle 0. Each expansion rebuilds a 36-bit occupancy
bitboard from one table lookup per vehicle, then slides every vehicle backwards and forwards
while the next cell is free (one precomputed mask per vehicle, position and step). A move is the
addition ``s + (delta << 3i)``; the goal test (A's column is 4) runs when a state is generated.
Moves are counted as in the database: one slide of any length is one move.

>>> bfs("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")[0]
60
"""

from __future__ import annotations

__all__ = ["bfs", "parse"]

M = 6


def parse(board: str) -> tuple[int, int, list[tuple[bool, int, int]]]:
    """``(walls bitboard, start state, vehicles)`` with vehicles ``(horizontal, fixed, length)``
    in the order A, then the other letters by first appearance."""
    cells: dict[str, list[int]] = {}
    walls = 0
    for i, ch in enumerate(board[:M * M]):
        if ch == "x":
            walls |= 1 << i
        elif ch not in "o.":
            cells.setdefault(ch, []).append(i)
    names = ["A"] + [n for n in cells if n != "A"]
    vehicles, state = [], 0
    for k, name in enumerate(names):
        cs = cells[name]
        horizontal = cs[1] - cs[0] == 1
        pos = cs[0] % M if horizontal else cs[0] // M
        fixed = cs[0] // M if horizontal else cs[0] % M
        vehicles.append((horizontal, fixed, len(cs)))
        state |= pos << (3 * k)
    return walls, state, vehicles


def _cells(horizontal: bool, fixed: int, length: int, pos: int) -> int:
    if horizontal:
        return sum(1 << (fixed * M + pos + j) for j in range(length))
    return sum(1 << ((pos + j) * M + fixed) for j in range(length))


def bfs(board: str) -> tuple[int | None, int]:
    """Fewest moves to bring ``A`` to the right edge, and the number of states expanded."""
    walls, s0, vehicles = parse(board)
    n = len(vehicles)
    occupancy = [[_cells(h, f, ln, p) if p + ln <= M else 0 for p in range(8)]
                 for h, f, ln in vehicles]
    # slides[i][p]: ((delta, cell mask that must be free), ...) backwards then forwards, nearest
    # first, each mask the one new cell entered by that step.
    slides = []
    for h, f, ln in vehicles:
        per_pos = []
        for p in range(8):
            back = tuple((-d, _cells(h, f, 1, p - d)) for d in range(1, p + 1)) if p + ln <= M \
                else ()
            fwd = tuple((d, _cells(h, f, 1, p + ln - 1 + d)) for d in range(1, M - ln - p + 1)) \
                if p + ln <= M else ()
            per_pos.append((back, fwd))
        slides.append(per_pos)
    shifts = [(3 * i, occupancy[i], slides[i]) for i in range(n)]
    goal_pos = M - vehicles[0][2]
    if s0 & 7 == goal_pos:
        return 0, 0
    parent = {s0: s0}
    layer = [s0]
    depth = expanded = 0
    while layer:
        depth += 1
        nxt: list[int] = []
        append = nxt.append
        for s in layer:
            expanded += 1
            occ = walls
            for sh, occ_i, _sl in shifts:
                occ |= occ_i[s >> sh & 7]
            for sh, _occ_i, sl in shifts:
                back, fwd = sl[s >> sh & 7]
                for d, cell in back:
                    if occ & cell:
                        break
                    c = s + (d << sh)
                    if c not in parent:
                        parent[c] = s
                        append(c)
                for d, cell in fwd:
                    if occ & cell:
                        break
                    c = s + (d << sh)
                    if c not in parent:
                        if sh == 0 and c & 7 == goal_pos:
                            return depth, expanded
                        parent[c] = s
                        append(c)
        layer = nxt
    return None, expanded
