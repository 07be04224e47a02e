"""Which tiles go into which pattern database: the disjoint partitions of the ``pdb`` heuristic.

A partition is a list of tile groups (internal labels). For the 4x4 board with the blank's goal in
a corner it is the classic 6-6-3 split (Korf & Felner 2002), mirrored to that corner; for 3x3 a
4-4 split; otherwise the tiles in goal order cut into chunks of at most :func:`max_group` tiles.

>>> goal = tuple(range(16))                         # blank top-left, tile k on cell k
>>> default_partition(4, 4, goal)
[[1, 4, 5, 8, 9, 12], [2, 3, 6, 7, 10, 11], [13, 14, 15]]
>>> default_partition(4, 4, tuple(range(1, 16)) + (0,))   # blank bottom-right: mirrored
[[15, 12, 11, 8, 7, 4], [14, 13, 10, 9, 6, 5], [3, 2, 1]]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["PDB_MAX_CELLS", "bits_per_cell", "default_partition", "max_group"]

# Templates: goal cells of each group with the blank's goal on cell (0, 0), as (row, col).
_TEMPLATES: dict[tuple[int, int], list[list[tuple[int, int]]]] = {
    (4, 4): [
        [(0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0)],
        [(0, 2), (0, 3), (1, 2), (1, 3), (2, 2), (2, 3)],
        [(3, 1), (3, 2), (3, 3)],
    ],
    (3, 3): [
        [(0, 1), (0, 2), (1, 1), (1, 2)],
        [(1, 0), (2, 0), (2, 1), (2, 2)],
    ],
}

#: The vectorised builder indexes (blank, group) positions in at most this many bits.
INDEX_BITS = 28
#: the largest board the pattern databases are built for (the builder packs an abstract state
#: in 3 * (cells + 1) <= 63 bits)
PDB_MAX_CELLS = 20


def bits_per_cell(cells: int) -> int:
    """Bits needed to store a cell number ``0 .. cells-1``."""
    return max(1, (cells - 1).bit_length())


def max_group(cells: int) -> int:
    """The largest group the builder handles: ``(group + 1) * bits <= INDEX_BITS``, at most 6."""
    return max(1, min(6, INDEX_BITS // bits_per_cell(cells) - 1))


def default_partition(height: int, width: int, goal_cells: Sequence[int]) -> list[list[int]]:
    """Disjoint tile groups covering every tile; ``goal_cells[c]`` is the tile on cell ``c`` in the
    goal (0 = blank). Groups list tiles in a fixed order (the order of their slots in the state)."""
    n = height * width
    blank = list(goal_cells).index(0)
    br, bc = divmod(blank, width)
    template = _TEMPLATES.get((height, width))
    if template is not None and br in (0, height - 1) and bc in (0, width - 1):
        groups = []
        for cells in template:
            group = []
            for r, c in cells:
                rr = r if br == 0 else height - 1 - r
                cc = c if bc == 0 else width - 1 - c
                group.append(goal_cells[rr * width + cc])
            groups.append(group)
        return groups
    tiles = [t for t in goal_cells if t]
    size = max_group(n)
    count = -(-len(tiles) // size)
    base, extra = divmod(len(tiles), count)
    groups, i = [], 0
    for g in range(count):
        k = base + (1 if g < extra else 0)
        groups.append(tiles[i:i + k])
        i += k
    return groups
