"""Conformance checks on texts and notation: round trip, options, ``format_action``, bad text.

Each ``check_*(conformance) -> summary`` raises ``AssertionError`` on the first failure (see
:mod:`.conformance`).

* **round trip** -- every example and small instance parses, twice to the same instance, and its
  start renders as text; with ``Puzzle.format_instance(problem)``, the text written back parses to
  the same instance (same key, picture, goal test, heuristic and successors) and is a fixed point;
* **options** -- every choice of every enumerated option parses, and ``build()``'s own defaults
  match the options' (``parse`` always passes the option's default, so a different one in
  ``build`` is dead and misleading);
* **format_action** -- over explored states, every action prints as a non-empty string without
  whitespace, distinct actions of a state print differently, and a plan written out reads back
  (:func:`searchkit.plans.read_plan`);
* **bad text** -- hypothesis mutates valid texts (:func:`~.generators.bad_texts`); ``parse`` must
  accept a text or raise the puzzle's :class:`~searchkit.PuzzleFormatError`, never another
  exception, within ``parse_seconds`` and ``parse_bytes`` of new memory (:mod:`.guards`); an
  accepted text must give a problem whose start can be expanded.

>>> from searchkit.testing.conformance import Conformance
>>> print(check_format_action(Conformance.of("taquin", instances=1)))
format_action: 5 instances, 250 states under every action: notation clear and plans read back
"""

from __future__ import annotations

import inspect
import warnings
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, note, settings

from ..errors import PlanError, PuzzleFormatError
from ..plans import read_plan
from ..problem import has_own
from ..puzzle import Puzzle
from .conformance import Conformance
from .generators import bad_texts
from .guards import memory_limit, time_limit
from .space import explore_graph

__all__ = ["check_round_trip", "check_options", "check_format_action", "check_bad_text",
           "ConformanceWarning"]


class ConformanceWarning(UserWarning):
    """Something the battery could not check, and why (e.g. no ``format_instance``)."""


def check_round_trip(c: Conformance) -> str:
    """Texts parse to one instance and ``format_instance`` writes them back."""
    texts = {**c.example_texts(), **c.small_texts()}
    writes = getattr(type(c.puzzle), "format_instance", Puzzle.format_instance) \
        is not Puzzle.format_instance
    for label, text in texts.items():
        first = c.parse(text)
        picture = first.render(first.initial())
        assert isinstance(picture, str) and picture.strip(), \
            f"{label}: render(initial) gave {picture!r}, not a picture"
        _same(first, c.parse(text), f"{label}: parsing the same text twice gave different "
                                    f"instances", text)
        if writes:
            written = c.puzzle.format_instance(first)
            again = c.parse(written)
            _same(first, again, f"{label}: format_instance wrote a text that parses to another "
                                f"instance\nwritten:\n{written}", text)
            rewritten = c.puzzle.format_instance(again)
            assert rewritten == written, \
                f"{label}: format_instance is not stable:\n{written}\nthen\n{rewritten}"
    if not writes:
        warnings.warn(ConformanceWarning(
            f"puzzle {c.name!r} has no format_instance(problem): only parse determinism and "
            "render were checked, not a text round trip"), stacklevel=2)
        return f"round trip: {len(texts)} texts parse the same twice and render " \
               "(no format_instance)"
    return f"round trip: {len(texts)} texts parse, render and re-parse to the same instance " \
           "(format_instance)"


def _signature(problem: Any) -> tuple[Any, ...]:
    """What identifies an instance's start for the search."""
    key = problem.key if has_own(problem, "key") else (lambda s: s)
    fmt = getattr(problem, "format_action", str)
    start = problem.initial()
    moves = Counter((fmt(action), key(child), cost)
                    for action, child, cost in problem.successors(start))
    return (key(start), problem.render(start), bool(problem.is_goal(start)),
            getattr(problem, "heuristic", lambda s: 0)(start), moves)


def _same(a: Any, b: Any, message: str, text: str) -> None:
    sig_a, sig_b = _signature(a), _signature(b)
    names = ("key", "picture", "goal test", "heuristic", "successors")
    for name, x, y in zip(names, sig_a, sig_b, strict=True):
        assert x == y, f"{message}\n{name}: {x!r} != {y!r}\ntext:\n{text}"


def check_options(c: Conformance) -> str:
    """Every enumerated option choice parses; ``build()``'s defaults are the options'."""
    text = next(iter({**c.example_texts(), **c.small_texts()}.values()))
    tried = 0
    for name, spec in c.puzzle.options.items():
        for choice in spec.choices or ():
            c.parse(text, **{name: choice})
            tried += 1
    build = inspect.signature(c.puzzle.build).parameters
    for name, spec in c.puzzle.options.items():
        param = build.get(name)
        if param is not None and param.default is not inspect.Parameter.empty:
            assert param.default == spec.default, (
                f"option {name!r}: build() defaults to {param.default!r} but the option's default "
                f"is {spec.default!r}; parse() always passes the option's default, so make them "
                "equal (or drop the default from build())")
    return f"options: {tried} choices of {len(c.puzzle.options)} options parse; build() agrees " \
           "with the options' defaults"


def check_format_action(c: Conformance) -> str:
    """Actions print clearly and distinctly, and a plan written out reads back."""
    texts = {**c.example_texts(), **c.small_texts()}
    states = 0
    for label, text in texts.items():
        problem = c.parse(text)
        graph = explore_graph(problem, max_states=50)
        fmt = problem.format_action
        for k, out in graph.edges.items():
            states += 1
            shown = [fmt(action) for action, _child, _cost in out]
            for notation in shown:
                assert isinstance(notation, str) and notation and not any(
                    ch.isspace() for ch in notation), \
                    f"{label}: format_action gave {notation!r}: it must be a non-empty string " \
                    f"without whitespace\nat the state {graph.describe(k)}"
            for notation, count in Counter(shown).items():
                same = [action for (action, _child, _cost), n in zip(out, shown, strict=True)
                        if n == notation]
                assert count == 1 or all(a == same[0] for a in same), \
                    f"{label}: different actions print as {notation!r}: a written plan would " \
                    f"be ambiguous\nat the state {graph.describe(k)}"
        far = next(reversed(graph.states))
        plan = graph.plan_to(far)
        written = " ".join(fmt(a) for a in plan)
        try:
            back = read_plan(problem, written)
        except PlanError as exc:
            raise AssertionError(f"{label}: the plan {written!r} does not read back: {exc}") \
                from None
        assert back == plan, f"{label}: the plan {written!r} reads back as other actions"
    return f"format_action: {len(texts)} instances, {states} states under every action: " \
           "notation clear and plans read back"


def check_bad_text(c: Conformance) -> str:
    """Mutated texts parse or raise ``PuzzleFormatError``, in bounded time and memory."""
    seeds = list({**c.example_texts(), **c.small_texts()}.values())
    counts = Counter[str]()

    @given(bad_texts(seeds))
    @settings(max_examples=c.bad_texts, deadline=None, derandomize=True, database=None,
              report_multiple_bugs=False, suppress_health_check=list(HealthCheck))
    def parse_or_reject(text: str) -> None:
        note(f"text: {text!r}")
        with time_limit(c.parse_seconds, f"parsing {text[:200]!r}"), \
                memory_limit(c.parse_bytes):
            try:
                problem = c.parse(text)
            except PuzzleFormatError:
                counts["rejected"] += 1
                return
            except Exception as exc:
                raise AssertionError(
                    f"parse raised {type(exc).__name__}: {exc} -- expected "
                    f"PuzzleFormatError\ntext: {text[:500]!r}") from None
            counts["accepted"] += 1
            try:
                _use(problem)
            except Exception as exc:
                raise AssertionError(
                    f"the text was accepted, but the problem then raised "
                    f"{type(exc).__name__}: {exc}\ntext: {text[:500]!r}") from None

    parse_or_reject()
    return f"bad text: {sum(counts.values())} mutated texts, {counts['rejected']} rejected with " \
           f"PuzzleFormatError, {counts['accepted']} accepted and usable"


def _use(problem: Any) -> None:
    """Exercise an accepted problem's start the way every tool will."""
    start = problem.initial()
    for method in ("key", "is_goal", "heuristic", "render"):
        if callable(getattr(problem, method, None)):
            getattr(problem, method)(start)
    if callable(getattr(problem, "unsolvable_reason", None)):
        problem.unsolvable_reason()
    for action, child, _cost in problem.successors(start):
        problem.format_action(action)
        problem.is_goal(child)
