"""Frontiers pop in their documented order, deterministically; priority entries are
``(priority, tie, seq, item, h, key)``."""

from __future__ import annotations

import gc

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchkit import IncompatibleError, ProblemBase, get_frontier, search
from searchkit.frontiers import (
    BucketFrontier,
    FifoFrontier,
    HeapFrontier,
    IndexedHeapFrontier,
    LifoFrontier,
)


def entry(priority, tie, seq, item):
    """A priority entry whose key is the item itself and whose h is 0."""
    return (priority, tie, seq, item, 0, item)


def test_fifo_and_lifo():
    q, s = FifoFrontier(), LifoFrontier()
    for x in "abc":
        q.push(x)
        s.push(x)
    assert [q.pop() for _ in range(3)] == list("abc")
    assert [s.pop() for _ in range(3)] == list("cba")


@pytest.mark.parametrize("cls", [HeapFrontier, IndexedHeapFrontier, BucketFrontier])
def test_priority_then_tie_then_insertion_order(cls):
    f = cls()
    entries = [entry(5, 0, 0, "late"), entry(3, -1, 1, "shallow"), entry(3, -4, 2, "deep"),
               entry(3, -4, 3, "deep2"), entry(1, 0, 4, "first")]
    for e in entries:
        f.push(e)
    assert [f.pop()[3] for _ in range(5)] == ["first", "deep", "deep2", "shallow", "late"]
    assert len(f) == 0


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(-20, 0)), max_size=60))
def test_priority_frontiers_agree_with_sorting(pairs):
    entries = [entry(f, t, i, f"s{i}") for i, (f, t) in enumerate(pairs)]
    for cls in (HeapFrontier, BucketFrontier):
        fr = cls()
        for e in entries:
            fr.push(e)
        assert [fr.pop() for _ in entries] == sorted(entries)


def test_indexed_heap_decrease_key_keeps_one_entry_per_key():
    h = IndexedHeapFrontier()
    h.push(entry(9, 0, 0, "x"))
    h.push(entry(4, 0, 1, "y"))
    h.push(entry(2, 0, 2, "x"))  # decrease-key
    h.push(entry(7, 0, 3, "y"))  # worse: ignored
    assert len(h) == 2
    assert h.pop() == entry(2, 0, 2, "x")
    assert h.pop() == entry(4, 0, 1, "y")


def test_indexed_heap_deduplicates_on_keys_not_states():
    # states are unhashable lists; two different states share the key "k"
    h = IndexedHeapFrontier()
    h.push((5, 0, 0, ["a"], 0, "k"))
    h.push((3, 0, 1, ["b"], 0, "k"))  # the same key, better: replaces ["a"]
    h.push((4, 0, 2, ["c"], 0, "other"))
    assert [h.pop()[3] for _ in range(len(h))] == [["b"], ["c"]]


def test_buckets_reject_fractional_priorities():
    b = BucketFrontier()
    b.push(entry(2.0, 0, 0, "ok"))  # integral floats are fine
    with pytest.raises(IncompatibleError, match="integer priorities"):
        b.push(entry(2.5, 0, 1, "x"))


def test_registered_under_their_names():
    for name in ("fifo", "lifo", "heap", "indexed-heap", "buckets"):
        assert get_frontier(name).name == name


class _Line(ProblemBase):
    """0, 1, 2, ... 40, the goal, each number one step from its neighbours."""

    def initial(self):
        return 0

    def successors(self, n):
        yield "-1", n - 1, 1
        yield "+1", n + 1, 1

    def is_goal(self, n):
        return n == 40

    def heuristic(self, n):
        return abs(40 - n)


@pytest.mark.parametrize("strategy", ["greedy", "astar", "ucs"])
def test_a_finished_search_leaves_no_reference_cycle_behind(strategy):
    """A best-first search's frontier (the heap's list, which can hold millions of entries) is
    freed by reference counting once the search returns, not kept until the cyclic collector's
    next full pass: a portfolio's next search, and its memory budget, must not pay for it."""
    search(_Line(), strategy)  # the first run compiles and caches its loop
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        result = search(_Line(), strategy)
        assert result.solved and result.cost == 40
        del result
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()
