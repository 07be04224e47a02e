"""``fifo``: a first-in first-out queue (breadth-first order). O(1) push and pop."""

from __future__ import annotations

import sys
from collections import deque

from .protocol import FrontierKind

__all__ = ["FifoFrontier"]


class FifoFrontier(deque):
    """A FIFO queue of states: ``push`` appends, ``pop`` removes the oldest.

    >>> q = FifoFrontier(); q.push("a"); q.push("b"); q.pop()
    'a'
    """

    name = "fifo"
    kind = FrontierKind.PLAIN
    description = "first-in first-out queue (breadth-first order), O(1) operations"

    layered = True  # pops states in non-decreasing depth order (lets loops report the depth)

    push = deque.append
    pop = deque.popleft  # type: ignore[assignment]

    def nbytes(self) -> int:
        """Bytes of the queue's blocks."""
        return sys.getsizeof(self)
