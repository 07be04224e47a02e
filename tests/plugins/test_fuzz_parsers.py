"""Fuzzing every built-in puzzle's parser (issue 16): random texts and mutations of valid
instances go through ``levels`` and ``parse``; the only exception allowed is the puzzle's
``PuzzleFormatError``, as one short line, and no input takes more than a couple of seconds.

The big campaign (10,000 inputs per puzzle) is ``tools/fuzz_parsers.py``; this test runs the
same generators, 400 inputs per puzzle, seeded by hypothesis.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import searchkit
from tests.fuzzing import check, mutate, random_text, seeds

PUZZLES = ("nstar", "rushhour", "sokoban", "taquin")


def _assert_clean(name: str, text: str) -> None:
    outcome = check(searchkit.get_puzzle(name), text, limit=2.0)
    assert outcome.kind in ("accepted", "rejected"), (
        f"{name}: {outcome.kind} after {outcome.seconds:.2f}s: {outcome.detail}\n"
        f"input ({len(text):,} characters): {text[:300]!r}")


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_mutated_instances_are_accepted_or_rejected_cleanly(name: str, seed: int) -> None:
    rng = random.Random(seed)
    valid = seeds(searchkit.get_puzzle(name), rng)
    _assert_clean(name, mutate(rng, rng.choice(valid)))


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_random_texts_are_rejected_cleanly(name: str, seed: int) -> None:
    rng = random.Random(seed)
    _assert_clean(name, random_text(rng, rng.choice((20, 200, 2000))))


@pytest.mark.parametrize("name", PUZZLES)
@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=300))
def test_any_unicode_text_is_rejected_cleanly(name: str, text: str) -> None:
    _assert_clean(name, text)
