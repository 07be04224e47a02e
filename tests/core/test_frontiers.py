"""Frontiers pop in their documented order, deterministically."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchkit import IncompatibleError, get_frontier
from searchkit.frontiers import (
    BucketFrontier,
    FifoFrontier,
    HeapFrontier,
    IndexedHeapFrontier,
    LifoFrontier,
)


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
    entries = [(5, 0, 0, "late"), (3, -1, 1, "shallow"), (3, -4, 2, "deep"), (3, -4, 3, "deep2"),
               (1, 0, 4, "first")]
    for e in entries:
        f.push(e)
    assert [f.pop()[3] for _ in range(5)] == ["first", "deep", "deep2", "shallow", "late"]
    assert len(f) == 0


@given(st.lists(st.tuples(st.integers(0, 20), st.integers(-20, 0)), max_size=60))
def test_priority_frontiers_agree_with_sorting(pairs):
    entries = [(f, t, i, f"s{i}") for i, (f, t) in enumerate(pairs)]
    for cls in (HeapFrontier, BucketFrontier):
        fr = cls()
        for e in entries:
            fr.push(e)
        assert [fr.pop() for _ in entries] == sorted(entries)


def test_indexed_heap_decrease_key_keeps_one_entry_per_item():
    h = IndexedHeapFrontier()
    h.push((9, 0, 0, "x"))
    h.push((4, 0, 1, "y"))
    h.push((2, 0, 2, "x"))  # decrease-key
    h.push((7, 0, 3, "y"))  # worse: ignored
    assert len(h) == 2
    assert h.pop() == (2, 0, 2, "x")
    assert h.pop() == (4, 0, 1, "y")


def test_buckets_reject_fractional_priorities():
    b = BucketFrontier()
    b.push((2.0, 0, 0, "ok"))  # integral floats are fine
    with pytest.raises(IncompatibleError, match="integer priorities"):
        b.push((2.5, 0, 1, "x"))


def test_registered_under_their_names():
    for name in ("fifo", "lifo", "heap", "indexed-heap", "buckets"):
        assert get_frontier(name).name == name
