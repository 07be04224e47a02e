"""The conformance battery for a puzzle plugin: its settings and the instances it works on.

:class:`Conformance` holds what the battery needs to know about one puzzle -- which random sizes
are small enough to search exhaustively, how many hypothesis examples to draw, the budgets -- and
supplies the instances: the puzzle's ``examples()``, a few seeded small random instances
(:meth:`Conformance.small_texts`) and the combinations of its enumerated options
(:meth:`Conformance.variants`: every heuristic under every cost model...). The checks themselves
are in :mod:`.text_checks` (texts and notation) and :mod:`.search_checks` (searches, heuristics,
keys); :func:`checks` lists them in the order the suite runs them and :func:`run_checks` runs
them all outside pytest. Each check returns a one-line summary of what it verified and raises
``AssertionError`` on the first failure.

Defaults are sized so that the battery on each built-in puzzle takes seconds: a puzzle states
the ``random_instance`` arguments of small instances in :attr:`Puzzle.small_size
<searchkit.Puzzle.small_size>`, and ``size=`` overrides them.

>>> from searchkit.testing.conformance import Conformance, checks
>>> c = Conformance.of("nstar", examples=5)
>>> c.size, [v["heuristic"] for v in c.variants()]
({'max_target': 100}, ['log2', 'exact', 'zero'])
>>> print(checks()["round trip"](c))
round trip: 7 texts parse, render and re-parse to the same instance (format_instance)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from ..budget import Budget
from ..plugins import get_puzzle

__all__ = ["Conformance", "checks", "run_checks"]


@dataclass
class Conformance:
    """Settings of the battery for ``puzzle`` (a Puzzle object; see :meth:`of` for names).

    ``size``: ``random_instance`` keyword arguments (default: the puzzle's ``small_size``);
    ``options``: puzzle options fixed for every check (the other enumerated options vary);
    ``strategies``: the strategies held against each other (default: every optimal one);
    ``examples``: hypothesis examples of random instances; ``bad_texts``: hypothesis examples of
    mutated texts; ``instances``: seeded small instances for the heuristic, key and notation
    checks; ``max_states``: exploration bound of those checks; ``budget``: per search on a small
    instance; ``example_seconds``: time allowed to solve each built-in example; ``parse_seconds``,
    ``parse_bytes``: time and new memory allowed to parse (or reject) one text; ``max_variants``:
    cap on option combinations; ``seed``: of the small instances.
    """

    puzzle: Any
    size: Mapping[str, Any] | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    strategies: Sequence[str] | None = None
    examples: int = 20
    bad_texts: int = 200
    instances: int = 3
    max_states: int = 1500
    budget: Budget = field(default_factory=lambda: Budget(max_expansions=50_000))
    example_seconds: float = 60.0
    parse_seconds: float = 2.0
    parse_bytes: int = 2**30
    max_variants: int = 24
    seed: int = 0

    def __post_init__(self) -> None:
        if self.size is None:
            self.size = dict(getattr(self.puzzle, "small_size", None) or {})

    @classmethod
    def of(cls, puzzle: str | Any, **settings: Any) -> Conformance:
        """The settings for ``puzzle`` (an installed puzzle's name or a Puzzle object)."""
        valid = [f.name for f in fields(cls) if f.name != "puzzle"]
        unknown = sorted(set(settings) - set(valid))
        if unknown:
            raise TypeError(f"unknown conformance setting {', '.join(map(repr, unknown))} "
                            f"(valid: {', '.join(valid)})")
        return cls(get_puzzle(puzzle) if isinstance(puzzle, str) else puzzle, **settings)

    @property
    def name(self) -> str:
        """The puzzle's registered name."""
        return str(self.puzzle.name)

    def variants(self) -> list[dict[str, Any]]:
        """Puzzle options to try: every combination of the choices of the enumerated options not
        fixed by :attr:`options` (at most :attr:`max_variants`, spread evenly)."""
        free = {name: spec.choices for name, spec in self.puzzle.options.items()
                if spec.choices and name not in self.options}
        combos = [dict(zip(free, values, strict=True))
                  for values in itertools.product(*free.values())]
        if len(combos) > self.max_variants:
            step = len(combos) / self.max_variants
            combos = [combos[int(i * step)] for i in range(self.max_variants)]
        return [{**self.options, **combo} for combo in combos]

    def example_texts(self) -> dict[str, str]:
        """The puzzle's built-in examples by name."""
        return dict(self.puzzle.examples())

    def small_texts(self) -> dict[str, str]:
        """:attr:`instances` random instances of :attr:`size`, the same on every run."""
        return {f"random #{i + 1} (seed {self.seed}:{i})":
                self.random_text(random.Random(f"{self.seed}:{i}"))
                for i in range(self.instances)}

    def random_text(self, rng: random.Random) -> str:
        """A random instance of :attr:`size` drawn with ``rng``; a clear failure if the puzzle
        has none."""
        try:
            return str(self.puzzle.random_instance(rng, **(self.size or {})))
        except NotImplementedError:
            raise AssertionError(f"puzzle {self.name!r} has no random_instance(rng, **size): the "
                                 "battery needs random instances (see docs/writing-a-plugin.md)") \
                from None

    def parse(self, text: str, **options: Any) -> Any:
        """``puzzle.parse(text)`` with :attr:`options` and ``options``."""
        return self.puzzle.parse(text, **{**self.options, **options})

    def instances_to_check(self) -> list[tuple[str, dict[str, Any], Any]]:
        """``(description, options, problem)`` for every small instance under every variant."""
        found = []
        for variant in self.variants():
            for label, text in self.small_texts().items():
                shown = ", ".join(f"{k}={v}" for k, v in variant.items())
                found.append((f"{label} [{shown or 'default options'}]:\n{text}", variant,
                              self.parse(text, **variant)))
        return found


def checks() -> dict[str, Callable[[Conformance], str]]:
    """The checks by name, in the order the suite runs them: ``check(conformance) -> summary``."""
    from . import search_checks, text_checks  # they import this module (and hypothesis)

    return {
        "round trip": text_checks.check_round_trip,
        "options": text_checks.check_options,
        "examples": search_checks.check_examples,
        "random agreement": search_checks.check_random_agreement,
        "admissible": search_checks.check_admissible,
        "consistent": search_checks.check_consistent,
        "incremental": search_checks.check_incremental,
        "keys": search_checks.check_keys,
        "format_action": text_checks.check_format_action,
        "bad text": text_checks.check_bad_text,
    }


def run_checks(puzzle: str | Any, **settings: Any) -> list[str]:
    """Run the whole battery on ``puzzle`` outside pytest; the summaries of the checks.

    Raises ``AssertionError`` on the first failure.
    """
    conformance = Conformance.of(puzzle, **settings)
    return [check(conformance) for check in checks().values()]
