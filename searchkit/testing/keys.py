"""Key checks: :func:`assert_keys_interchangeable`.

The engine stores only ``key(state)`` and treats two states with one key as one node, so a key
that merges states which differ silently prunes part of the space and breaks optimality. Two
states with equal keys must be interchangeable: same goal test, same heuristic, and the same
successors (the same multiset of ``(key, cost)``; actions may be spelled differently). Keys must
also be hashable and stable (equal and equally hashed when computed twice).

The checker explores the problem breadth-first (at most ``max_states`` expansions) telling
states apart by themselves when they are hashable, not by the key it checks (exploring by keys
would never generate what a merging key hides behind the first state of each key), and compares
every pair of different states met under one key (at most ``max_pairs``). Unhashable states are
explored by their keys.

>>> from searchkit import ProblemBase
>>> class Walk(ProblemBase):  # positions 0..9; the key forgets the last digit's parity
...     def initial(self): return 0
...     def successors(self, n): return [("+1", n + 1, 1)] if n < 9 else []
...     def is_goal(self, n): return n == 9
...     def key(self, n): return n // 2
>>> assert_keys_interchangeable(Walk())
Traceback (most recent call last):
...
AssertionError: two states share the key 0 but differ: the successors' keys and costs differ
...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from ..problem import has_own
from .space import explore_graph, picture
from .views import uninformed

__all__ = ["KeyReport", "assert_keys_interchangeable"]


@dataclass(frozen=True)
class KeyReport:
    """``states`` explored, ``pairs`` of different states with one key compared, ``complete``
    when the whole reachable space was explored."""

    states: int
    pairs: int
    complete: bool

    def __str__(self) -> str:
        scope = "the whole reachable space" if self.complete else "a bounded exploration"
        return f"keys: {self.pairs} pairs of states sharing a key compared, {self.states} " \
               f"states ({scope})"


def assert_keys_interchangeable(problem: Any, *, max_states: int = 2000,
                                max_pairs: int = 300) -> KeyReport:
    """Fail when two explored states share a key but are not interchangeable (see the module
    docstring). Returns a :class:`KeyReport`."""
    pairs: list[tuple[Hashable, Hashable, Any]] = []  # (key, the first state's node, other)

    def same_key(k: Hashable, _first: Any, other: Any) -> None:
        if len(pairs) < max_pairs:
            pairs.append((k, k, other))

    own_key = has_own(problem, "key")
    view = uninformed(problem, raw_states=True)
    by_states = own_key and not has_own(view, "key")
    try:
        graph = explore_graph(view, max_states, None if by_states else same_key)
        first_of: dict[Hashable, Hashable] = {}
        for i, (node, state) in enumerate(graph.states.items()):
            k = problem.key(state) if own_key else node
            if by_states and first_of.setdefault(k, node) != node and len(pairs) < max_pairs:
                pairs.append((k, first_of[k], state))
            if own_key and i < max_pairs:
                again = problem.key(state)
                if again != k or hash(again) != hash(k):
                    raise AssertionError(f"key() is not stable: {k!r} then {again!r} for the "
                                         f"state {graph.describe(node)}")
    except TypeError as exc:
        raise AssertionError(f"a key is not usable as a dict key: {exc}") from None
    for k, node, other in pairs:
        difference = _difference(problem, graph.states[node], other)
        if difference:
            raise AssertionError(
                f"two states share the key {k!r} but differ: {difference}\n"
                f"first: {graph.describe(node)}\nother:\n{picture(problem, other)}\n"
                "the engine keeps only one of them, so the other's part of the space is lost")
    return KeyReport(len(graph.states), len(pairs), graph.complete)


def _difference(problem: Any, a: Any, b: Any) -> str:
    """How states ``a`` and ``b`` differ for the search, or ``""``."""
    if bool(problem.is_goal(a)) != bool(problem.is_goal(b)):
        return "one is a goal and the other is not"
    heuristic = getattr(problem, "heuristic", None)
    if heuristic is not None and heuristic(a) != heuristic(b):
        return f"their heuristic values differ ({heuristic(a)} and {heuristic(b)})"
    key = problem.key if has_own(problem, "key") else (lambda s: s)
    if _moves(problem, key, a) != _moves(problem, key, b):
        return "the successors' keys and costs differ"
    return ""


def _moves(problem: Any, key: Any, state: Any) -> Counter[tuple[Hashable, float]]:
    return Counter((key(child), cost) for _action, child, cost in problem.successors(state))
