"""What one batch task is, how a sweep makes many, and the flat record a task ends as.

A :class:`Task` holds only plain data -- the puzzle's *name*, the instance's *text*, options and
a budget -- so it travels to any worker, which rebuilds the problem itself (a problem is never
pickled). :func:`sweep` makes the cartesian product of instances, strategies and option values.
:func:`task_key` is what ``--resume`` compares: puzzle, instance, strategy, the options
(puzzle and strategy options, frontier, visited backend and budget limits) and the
:func:`text_digest` of the instance's text, so that an edited file, or another file of the same
name, is not taken for the one a stored record ran.

>>> from searchkit import Budget, PuzzleInstance
>>> tasks = sweep("nstar", [("pairs.txt:1", PuzzleInstance("1", "1 42"))], ["bfs", "astar"],
...               {"heuristic": ["log2", "zero"]}, budget=Budget(max_seconds=5))
>>> [(t.strategy, t.options["heuristic"]) for t in tasks]
[('bfs', 'log2'), ('bfs', 'zero'), ('astar', 'log2'), ('astar', 'zero')]
>>> record_options(tasks[0])
{'heuristic': 'log2', 'prune': True, 'max_seconds': 5}
"""

from __future__ import annotations

import hashlib
import itertools
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..budget import Budget
from ..errors import OptionError, excerpt
from ..puzzle import PuzzleInstance

__all__ = ["FIELDS", "Task", "TaskKey", "sweep", "record_options", "text_digest", "task_key",
           "record_key", "options_json"]

#: The fields of a record, in order (the columns of the SQLite table and the CSV file).
#: ``digest`` (the :func:`text_digest` of the instance's text) is last: it was added after the
#: others, and records stored before it have none.
FIELDS = ("puzzle", "instance", "strategy", "options", "status", "cost", "length", "known",
          "matches_known", "expanded", "generated", "cpu_seconds", "seconds", "peak_bytes",
          "worker", "error", "plan", "digest")

#: ``(puzzle, instance, strategy, options JSON, digest)``; the digest is ``None`` in the key of
#: a record stored before records carried one.
TaskKey = tuple[str, str, str, str, str | None]

_BUDGET_FIELDS = ("max_seconds", "max_cpu_seconds", "max_expansions", "max_visited", "max_bytes")


@dataclass(frozen=True)
class Task:
    """One search to run: ``puzzle`` (registered name) on ``text`` (the instance's own text,
    labelled ``instance`` in records) with ``strategy``.

    ``options`` are the puzzle's options, ``strategy_options`` the strategy's (``weight``...),
    ``frontier``/``visited`` ``None`` for the strategy's defaults, ``budget`` the per-task
    :class:`~searchkit.Budget` (or ``None``: no limit; anything else is an
    :class:`~searchkit.OptionError`), ``known`` the optimum the file states (or ``None``), ``plan``
    whether the record carries the plan. ``source`` and ``line`` say where the text comes from,
    so format errors name the file and line. ``solver``: the task runs the puzzle's own solver
    for ``options`` (:meth:`~searchkit.Puzzle.solver`, named ``strategy``), not a search.
    """

    puzzle: str
    instance: str
    text: str
    strategy: str
    options: Mapping[str, Any] = field(default_factory=dict)
    strategy_options: Mapping[str, Any] = field(default_factory=dict)
    frontier: str | None = None
    visited: str | None = None
    budget: Budget | None = None
    known: float | None = None
    plan: bool = False
    source: str | None = None
    line: int = 1
    solver: bool = False

    def __post_init__(self) -> None:
        if self.budget is not None and not isinstance(self.budget, Budget):
            raise OptionError(f"task budget must be a Budget or None, not {excerpt(self.budget)}")

    @property
    def digest(self) -> str:
        """The :func:`text_digest` of ``text``: the record's ``digest``."""
        return text_digest(self.text)


def text_digest(text: str) -> str:
    """The first 16 hex digits of the SHA-256 of ``text`` (UTF-8): which text a record ran.

    >>> text_digest("1 42")
    'aff3d8ebdb7dfe03'
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def record_options(task: Task) -> dict[str, Any]:
    """The ``options`` field of the task's record: puzzle options, strategy options, frontier and
    visited backend when chosen, and the budget's limits."""
    options: dict[str, Any] = {k: v for k, v in task.options.items() if v is not None}
    options.update(task.strategy_options)
    for name in ("frontier", "visited"):
        if getattr(task, name) is not None:
            options[name] = getattr(task, name)
    if task.budget is not None:
        options.update({k: getattr(task.budget, k) for k in _BUDGET_FIELDS
                        if getattr(task.budget, k) is not None})
    return options


def options_json(options: Mapping[str, Any]) -> str:
    """The canonical JSON text of an options dict (sorted keys), as stores keep it."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"), default=str)


def task_key(task: Task) -> TaskKey:
    """``(puzzle, instance, strategy, options JSON, digest)``: equal keys mean the same task."""
    return (task.puzzle, task.instance, task.strategy, options_json(record_options(task)),
            task.digest)


def record_key(record: Mapping[str, Any]) -> TaskKey:
    """The :func:`task_key` of the task a record came from (its digest ``None`` for a record
    stored without one)."""
    options = record["options"]
    if isinstance(options, str):
        options = json.loads(options)
    return (record["puzzle"], record["instance"], record["strategy"], options_json(options),
            record.get("digest"))


def sweep(puzzle: str, instances: Iterable[tuple[str, PuzzleInstance]],
          strategies: Sequence[str], grid: Mapping[str, Sequence[Any]] | None = None, *,
          options: Mapping[str, Any] | None = None,
          strategy_options: Mapping[str, Any] | None = None,
          frontier: str | None = None, visited: str | None = None,
          budget: Budget | None = None, plan: bool = False, source: str | None = None,
          own_solver: bool = False) -> list[Task]:
    """Every combination of the labelled ``instances``, ``strategies`` and the values in
    ``grid`` (instance-major: the runs of one instance are next to each other).

    A ``grid`` key is a puzzle option, or an option of some of the strategies, which then varies
    only for them; ``options`` are fixed puzzle options and ``strategy_options`` fixed strategy
    options, each given to the strategies that take it; a key or strategy option that neither
    the puzzle nor any of the strategies takes is an :class:`~searchkit.OptionError`. Puzzle
    options are resolved (checked, converted, defaults filled in), so a task is the same
    whether a default was spelled out.
    With ``own_solver``, the puzzle options for which the puzzle has a solver of its own
    (:meth:`~searchkit.Puzzle.solver`) get one task that runs it instead of the strategies (as
    ``searchkit batch`` does when no strategy is named).
    """
    from ..plugins import get_puzzle, get_strategy

    grid = dict(grid or {})
    resolve = get_puzzle(puzzle).resolve_options
    puzzle_keys = set(get_puzzle(puzzle).options)
    strategy_keys = {k for s in strategies for k in get_strategy(s).options}
    for what, keys, valid, owners in (
            ("grid key", grid, puzzle_keys | strategy_keys, f"puzzle {puzzle!r} or of "),
            ("strategy option", strategy_options or {}, strategy_keys, "")):
        unknown = sorted(k for k in keys if k not in valid)
        if unknown:  # else silently dropped: a typo would sweep nothing
            raise OptionError(f"{what} {unknown[0]!r} is no option of {owners}strategies "
                              f"{', '.join(strategies)} (valid: "
                              f"{', '.join(sorted(valid)) or 'none'})")
    tasks = []
    for label, inst in instances:
        solved_by_own: set[str] = set()  # the options whose task runs the puzzle's solver
        for strategy in strategies:
            taken = get_strategy(strategy).options
            own = {k: v for k, v in (strategy_options or {}).items() if k in taken}
            names = [n for n in grid if n in puzzle_keys or n in taken]
            for values in itertools.product(*(grid[name] for name in names)):
                chosen = dict(zip(names, values))
                fixed = resolve({**dict(options or {}), **{k: v for k, v in chosen.items()
                                                           if k in puzzle_keys}})
                mine = {**own, **{k: v for k, v in chosen.items() if k not in puzzle_keys}}
                solver = get_puzzle(puzzle).solver(fixed) if own_solver else None
                if solver is not None:
                    if options_json(fixed) not in solved_by_own:
                        solved_by_own.add(options_json(fixed))
                        tasks.append(Task(puzzle, label, inst.text, solver.name, fixed,
                                          budget=budget, known=inst.known, plan=plan,
                                          source=source or label, line=inst.line, solver=True))
                    continue
                tasks.append(Task(puzzle, label, inst.text, strategy, fixed, mine, frontier,
                                  visited, budget, inst.known, plan, source or label, inst.line))
    return tasks
