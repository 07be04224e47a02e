"""``lifo``: a last-in first-out stack (depth-first order). O(1) amortised push and pop."""

from __future__ import annotations

import sys

from .protocol import FrontierKind

__all__ = ["LifoFrontier"]


class LifoFrontier(list):
    """A LIFO stack of states: ``push`` appends, ``pop`` removes the newest.

    >>> s = LifoFrontier(); s.push("a"); s.push("b"); s.pop()
    'b'
    """

    name = "lifo"
    kind = FrontierKind.PLAIN
    description = "last-in first-out stack (depth-first order), O(1) operations"

    push = list.append

    def nbytes(self) -> int:
        """Bytes of the stack's pointer array."""
        return sys.getsizeof(self)
