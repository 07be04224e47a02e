"""``random``: a plain frontier that pops a random item, seeded so that every run is the same.

It serves every strategy that takes a plain frontier (``bfs``, ``dfs``): a randomised graph
search. O(1) push and pop (the chosen item is swapped with the last one).
"""

import random
import sys
from typing import Any

from searchkit import FrontierKind


class RandomFrontier(list):
    name = "random"
    kind = FrontierKind.PLAIN
    description = "pops a uniformly random item (seeded), O(1) operations"

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self._random = random.Random(seed)

    push = list.append

    def pop(self) -> Any:  # type: ignore[override]
        i = self._random.randrange(len(self))
        self[i], self[-1] = self[-1], self[i]
        return super().pop()

    def nbytes(self) -> int:
        return sys.getsizeof(self)
