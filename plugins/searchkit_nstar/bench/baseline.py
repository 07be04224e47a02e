"""Hand-tuned BFS for the N* game (n -> 2n or n + 1, never above the target).

>>> bfs(1, 42)
(7, 26)
"""

from __future__ import annotations

__all__ = ["bfs"]


def bfs(start: int, target: int) -> tuple[int | None, int]:
    """Fewest moves from ``start`` to ``target`` and the number of states expanded."""
    if start == target:
        return 0, 0
    parent = {start: 0}
    layer = [start]
    depth = expanded = 0
    while layer:
        depth += 1
        nxt = []
        for n in layer:
            expanded += 1
            for c in (2 * n, n + 1):
                if c <= target and c not in parent:
                    if c == target:
                        return depth, expanded
                    parent[c] = n
                    nxt.append(c)
        layer = nxt
    return None, expanded
