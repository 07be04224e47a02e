"""Recovering a plan from what a graph-search loop remembers.

Graph-search loops store only ``parent[key] = parent_key`` (no actions, no states), which keeps
them lean. The plan is recovered afterwards by walking the keys back from the goal
(:func:`key_chain`) and replaying them forward from the initial state (:func:`replay_keys`): at
each step the cheapest successor with the next key is taken. This costs O(length x branching)
once per search.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from ..capabilities import Capabilities

__all__ = ["ROOT", "key_chain", "replay_keys"]


class _Root:
    __slots__ = ()

    def __repr__(self) -> str:
        return "ROOT"

    def __reduce__(self) -> str:
        return "ROOT"  # pickled by reference: a mapping that pickles its values keeps ``is ROOT``


ROOT: Any = _Root()  # the parent of the initial state's key


def key_chain(parent: Mapping[Any, Any], goal_key: Hashable) -> list[Hashable]:
    """The keys from the root to ``goal_key`` following ``parent`` links.

    >>> key_chain({"a": ROOT, "b": "a", "c": "b"}, "c")
    ['a', 'b', 'c']
    """
    chain = [goal_key]
    k = parent[goal_key]
    while k is not ROOT:
        chain.append(k)
        k = parent[k]
    chain.reverse()
    return chain


def replay_keys(caps: Capabilities, keys: list[Hashable]) -> tuple[list[Any], list[Any], float]:
    """Replay a key sequence from the initial state: ``(actions, states, cost)``."""
    key = caps.key
    state = caps.initial()
    states, actions, total = [state], [], 0
    for target in keys[1:]:
        best = None
        for action, child, cost in caps.successors(state):
            if (key(child) if key else child) == target and (best is None or cost < best[2]):
                best = (action, child, cost)
        if best is None:  # pragma: no cover - would mean successors() is not deterministic
            raise RuntimeError("plan reconstruction failed: successors() changed between calls")
        actions.append(best[0])
        states.append(best[1])
        total += best[2]
        state = best[1]
    return actions, states, total
