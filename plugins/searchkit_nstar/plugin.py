"""The ``nstar`` puzzle, its benchmark suite, and their registration hooks."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

from searchkit import Puzzle, PuzzleFormatError, PuzzleInstance, PuzzleOption, hookimpl, to_bool
from searchkit.bench import BenchSuite
from searchkit.errors import excerpt

from . import collection
from .problem import NStar

__all__ = ["MAX_DIGITS", "NStarPuzzle", "searchkit_puzzles", "searchkit_bench_suites"]

#: The longest number accepted: beyond it every heuristic call and every plan is huge.
MAX_DIGITS = 1000
# ASCII digits only: int() would also take '1_000' and the digits of other scripts
_NUMBER = re.compile(r"[+-]?[0-9]+")


class NStarPuzzle(Puzzle):
    """Text format: ``"START TARGET"`` or just ``"TARGET"`` (start 1), e.g. ``"1 42"``."""

    name = "nstar"
    description = "the numbers game N*: reach a target from a start with n -> 2n and n -> n+1"
    formats = ("'START TARGET' (two positive integers of at most 1,000 digits) or 'TARGET' "
               "(start 1); '#' comments",)
    default_strategy = "astar"
    small_size = {"max_target": 100}
    options = {
        "heuristic": PuzzleOption(
            "log2", "heuristic", choices=("log2", "exact", "zero"),
            choice_help={"log2": "ceil(log2(target / n)); admissible and consistent",
                         "exact": "the true number of moves left, from the binary digits; A* "
                                  "expands optimal paths only",
                         "zero": "0 everywhere (blind search)"},
        ),
        "prune": PuzzleOption(
            True, "never generate states above the target (dead ends)", convert=to_bool
        ),
    }

    def build(self, text: str, heuristic: str = "log2", prune: bool = True) -> NStar:
        numbers: list[int] = []
        for lineno, line in enumerate(text.splitlines(), start=1):
            content = line.split("#", 1)[0].split()
            for token in content:
                if not _NUMBER.fullmatch(token):
                    raise PuzzleFormatError(f"expected an integer, got {excerpt(token)}", lineno)
                digits = len(token.lstrip("+-"))
                if digits > MAX_DIGITS:
                    raise PuzzleFormatError(f"numbers have at most {MAX_DIGITS:,} digits, this "
                                            f"one has {digits:,}", lineno)
                value = int(token)
                if value < 1:
                    raise PuzzleFormatError(f"numbers must be positive, got {excerpt(value)}",
                                            lineno)
                numbers.append(value)
                if len(numbers) > 2:
                    raise PuzzleFormatError("expected 'START TARGET': too many numbers", lineno)
        if not numbers:
            raise PuzzleFormatError("expected 'START TARGET', got no numbers")
        start, target = (1, numbers[0]) if len(numbers) == 1 else numbers
        return NStar(start, target, heuristic=heuristic, prune=prune)

    def examples(self) -> dict[str, str]:
        return {"1-42": "1 42", "1-100": "1 100", "1-1000": "1 1000", "3-1000000": "3 1000000"}

    def instances(self, text: str, **options: Any) -> Iterator[PuzzleInstance]:
        """One ``START TARGET`` per line (see :mod:`.collection`)."""
        self.resolve_options(options)
        return collection.instances(text)

    def random_instance(self, rng: random.Random, max_target: int = 2000) -> str:
        """``START TARGET`` with ``1 <= START <= min(20, TARGET)`` and ``TARGET <= max_target``
        (a whole number of at least 1 and at most :data:`MAX_DIGITS` digits, else
        :class:`ValueError`)."""
        if isinstance(max_target, bool) or not isinstance(max_target, int) \
                or not 1 <= max_target < 10**MAX_DIGITS:
            raise ValueError(f"max_target must be a whole number from 1 to 10**{MAX_DIGITS} - 1, "
                             f"not {excerpt(max_target)}")
        start = rng.randint(1, min(20, max_target))
        return f"{start} {rng.randint(start, max_target)}"

    def format_instance(self, problem: NStar) -> str:
        return f"{problem.start} {problem.target}"


@hookimpl
def searchkit_puzzles() -> list[Puzzle]:
    return [NStarPuzzle()]


@hookimpl
def searchkit_bench_suites() -> list[BenchSuite]:
    return [BenchSuite("nstar", "N* game: tree vs graph search growth with depth (BFS and A*), "
                                "engine vs hand-tuned BFS", "searchkit_nstar.bench.suite"),
            BenchSuite("batch-overhead", "batch overhead per task: 10,000 tiny N* instances, "
                                         "plain loop vs batch jobs=1, 2",
                       "searchkit_nstar.bench.batch")]
