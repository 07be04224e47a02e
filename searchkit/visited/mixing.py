"""Hash mixing for :class:`~searchkit.visited.hashtable.HashTable`: when to mix, and how.

Linear probing needs hashes whose low bits look random. Python's hash of an int is the int, and
the keys of real puzzles share their low bits, so the table counts the probes of the keys it
re-inserts at each growth and, past :data:`MAX_AVERAGE_PROBES` per key, switches for good to
:func:`mix` of its hash function.

>>> mixed = mix(hash)
>>> mixed(12345) == hash((12345,)) and mixed(1) != mixed(2)
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

__all__ = ["MAX_AVERAGE_PROBES", "mix"]

#: Extra probes per key, over a re-insertion at a growth, beyond which the hash is mixed
#: (random keys need about 0.3 at the load of 1/3 that follows a growth).
MAX_AVERAGE_PROBES = 2


def mix(hash_function: Callable[[Any], int]) -> Callable[[Any], int]:
    """``hash_function`` followed by a round of xxHash (the hash of a 1-tuple of its value);
    picklable when ``hash_function`` is."""
    if hash_function is hash:
        return _mixed_hash
    return partial(_mixed_hash_of, hash_function)


def _mixed_hash(key: Any) -> int:
    return hash((key,))  # the tuple hashes key itself: hash(key) mixed


def _mixed_hash_of(hash_function: Callable[[Any], int], key: Any) -> int:
    return hash((hash_function(key),))
