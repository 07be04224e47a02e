"""The :class:`Puzzle` base class: what a plugin contributes for each puzzle it adds.

A puzzle turns text into a :class:`~searchkit.Problem` and tells the tools what it offers:

``name``, ``description``
    The registered name (``searchkit solve NAME``) and a one-line description.
``formats``
    One line per accepted text format.
``options``
    The keyword options of :meth:`Puzzle.parse` (cost models, heuristics, goals, levels...) as
    :class:`PuzzleOption` values; unknown options and values outside ``choices`` are errors that
    list the valid ones.
``parse(text, **options)``
    The problem; bad text raises :class:`~searchkit.errors.PuzzleFormatError` naming the line.
``examples()``
    Built-in named instances (text), so the puzzle works without any file.
``levels(text)``
    The names of the instances in a multi-instance text (a Sokoban collection); default one.
``instances(text, **options)``
    The instances a file holds, as :class:`PuzzleInstance` values (name, the text that rebuilds
    it, the file's known optimum under ``options``); default: the whole text is one instance.
    ``searchkit batch`` and ``searchkit solve --level N`` use it (see docs/batch.md).
``random_instance(rng, **size)``
    The text of a random instance, for property tests and ``searchkit random``; ``rng`` is a
    :class:`random.Random`.
``small_size``
    ``random_instance`` keyword arguments giving instances small enough for every optimal
    strategy to solve in a blink (the conformance suite of :mod:`searchkit.testing` uses them).
``format_instance(problem)``
    Optional: the text of ``problem``'s instance in the puzzle's format, the inverse of ``parse``
    (options aside); the conformance suite checks the round trip.
``default_strategy``
    What ``searchkit solve`` runs when not told otherwise.
``solver(options)``
    Optional: the puzzle's own way of solving an instance parsed with ``options`` (a
    :class:`Solver`: a portfolio of searches, say), which ``searchkit solve``, ``view`` and
    ``batch`` run instead of ``default_strategy`` when no strategy, frontier, visited backend or
    strategy option is named; ``None`` (the default) keeps ``default_strategy``.
``replay_options(options)``
    Optional: the options under which ``searchkit verify`` and ``searchkit view --plan`` replay a
    given plan on an instance parsed with ``options``; by default ``options`` themselves. A
    puzzle whose options make ``successors`` leave out legal moves that a plan may take (pruning
    that keeps *a* solution, not every one) turns that off here: a plan is legal or not whatever
    a search would have cut.

The problems a puzzle returns draw their states with ``render(state)`` and print actions in the
puzzle's notation with ``format_action(action)`` (see :mod:`searchkit.problem`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import OptionError, UnknownNameError

if TYPE_CHECKING:
    from .budget import Budget, Progress
    from .result import Result

__all__ = ["Named", "Puzzle", "PuzzleInstance", "PuzzleOption", "Solver", "select_instance",
           "to_bool"]


def to_bool(value: Any) -> bool:
    """A converter for yes/no options given as booleans or command-line strings.

    >>> to_bool("yes"), to_bool("0"), to_bool(True)
    (True, False, True)
    """
    if isinstance(value, bool):
        return value
    text = str(value).lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected true or false")


@dataclass(frozen=True)
class PuzzleOption:
    """One keyword option of :meth:`Puzzle.parse`.

    ``choices`` lists the valid values of an enumerated option (with a one-line help per value in
    ``choice_help``); ``convert`` checks and converts other values (from strings too, as the
    command line passes them) and raises ``ValueError`` with a message on bad input.
    """

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    convert: Callable[[Any], Any] | None = None
    choice_help: Mapping[Any, str] | None = None

    def validate(self, name: str, value: Any) -> Any:
        """The value to use for option ``name``, or :class:`OptionError`."""
        if self.convert is not None:
            try:
                value = self.convert(value)
            except (TypeError, ValueError) as exc:
                raise OptionError(f"invalid value {value!r} for option {name!r}: {exc}") from None
        if self.choices is not None and value not in self.choices:
            raise OptionError.bad_value(name, value, self.choices)
        return value


@dataclass(frozen=True)
class PuzzleInstance:
    """One instance of a collection file, as :meth:`Puzzle.instances` yields it.

    ``name``
        What the file calls it (an id column, a level title) or its 1-based number in the file.
    ``text``
        Text that :meth:`Puzzle.parse` turns into this instance alone (a line of the file, one
        level's rows), so a worker can rebuild the problem from it.
    ``known``
        The optimal cost the file states for it under the options asked for, else ``None``.
    ``line``
        The 1-based line of the file where ``text`` starts (line 1 of ``text`` is this line).

    >>> PuzzleInstance("17", "0 1 2 3", known=66, line=17)
    PuzzleInstance(name='17', text='0 1 2 3', known=66, line=17)
    """

    name: str
    text: str
    known: float | None = None
    line: int = 1


class Named(Protocol):
    """Anything with a ``name``: a :class:`PuzzleInstance`, a plugin's own level record."""

    @property
    def name(self) -> str: ...


NamedT = TypeVar("NamedT", bound=Named)


def select_instance(instances: Sequence[NamedT], wanted: int | str,
                    kind: str = "instance") -> NamedT:
    """The instance ``wanted`` of a collection, the way ``searchkit solve --level`` picks it: a
    1-based number, a name, the first word of a name, or the rest of a name after its first word
    (a title after a number: ``44 Duh!`` is also ``Duh!``; a number is always a position).

    Raises :class:`~searchkit.errors.UnknownNameError` (``kind`` names what is missing) listing
    the numbers and the names that are more than their number (the first 20, each cut at 40
    characters).

    >>> levels = [PuzzleInstance("1", "a"), PuzzleInstance("44 Duh!", "b")]
    >>> select_instance(levels, 2).text, select_instance(levels, "Duh!").text
    ('b', 'b')
    >>> select_instance(levels, "3", kind="level")
    Traceback (most recent call last):
    ...
    searchkit.errors.UnknownNameError: unknown level '3' (valid: 1..2)
    >>> select_instance(levels, "Hah")
    Traceback (most recent call last):
    ...
    searchkit.errors.UnknownNameError: unknown instance 'Hah' (valid: 1..2, 44 Duh!)
    """
    text = str(wanted).strip()
    if text.isascii() and text.isdigit():  # not '²', which isdigit() but int() rejects
        number = int(text)
        if 1 <= number <= len(instances):
            return instances[number - 1]
        raise UnknownNameError(kind, wanted, [f"1..{len(instances)}"])
    for instance in instances:
        if instance.name == text:
            return instance
    for instance in instances:
        words = instance.name.split()
        if words[:1] == [text] or (len(words) > 1 and " ".join(words[1:]) == text):
            return instance
    named = [inst.name for n, inst in enumerate(instances, 1) if inst.name != str(n)]
    shown = [name if len(name) <= 40 else name[:40] + "..." for name in named[:20]]
    raise UnknownNameError(kind, wanted, [f"1..{len(instances)}", *shown])


class Solver(Protocol):
    """A puzzle's own way of solving an instance, which ``searchkit solve``, ``view`` and
    ``batch`` run when no strategy is named (:meth:`Puzzle.solver`): several searches one after
    the other, say.

    ``name`` is what the command shows as the strategy. Calling it solves ``problem`` (as the
    puzzle's :meth:`~Puzzle.parse` built it) within ``budget`` (``None``: the solver's own
    default, which its docs state; a limit it cannot honour is a
    :class:`~searchkit.errors.SearchkitError` naming it) and calls ``progress``, when given,
    about twice a second as :func:`searchkit.search` does. It returns a
    :class:`~searchkit.Result` like a search's: ``actions`` and ``states`` are ``problem``'s
    (the command prints them with ``problem.format_action`` and ``problem.render``), ``cost``
    is their cost, ``strategy`` says which of its searches found the plan, and Ctrl-C ends it
    with ``interrupted`` and the statistics so far.
    """

    name: str

    def __call__(self, problem: Any, budget: Budget | None,
                 progress: Callable[[Progress], None] | None) -> Result: ...


class Puzzle:
    """Base class of puzzles; subclasses set the class attributes and implement :meth:`build`."""

    name: str = ""
    description: str = ""
    formats: tuple[str, ...] = ()
    options: Mapping[str, PuzzleOption] = {}
    default_strategy: str = "astar"
    small_size: Mapping[str, Any] = {}

    def parse(self, text: str, **options: Any) -> Any:
        """Validate ``options``, then build the problem described by ``text``."""
        return self.build(text, **self.resolve_options(options))

    def resolve_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` checked against :attr:`options`, with defaults filled in."""
        for name in options:
            if name not in self.options:
                raise OptionError.unknown(name, self.options, f"puzzle {self.name!r}")
        resolved = {}
        for name, spec in self.options.items():
            value = options.get(name, spec.default)
            resolved[name] = value if name not in options else spec.validate(name, value)
        return resolved

    def build(self, text: str, **options: Any) -> Any:
        """Build the problem from ``text`` with validated ``options``."""
        raise NotImplementedError

    def solver(self, options: Mapping[str, Any]) -> Solver | None:
        """The puzzle's own :class:`Solver` for instances parsed with ``options`` (resolved:
        every option present), or ``None`` to run :attr:`default_strategy` (the default)."""
        return None

    def replay_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options (resolved) under which a given plan is replayed on an instance parsed with
        ``options`` (resolved); see the module docstring. Default: ``options`` themselves."""
        return dict(options)

    def examples(self) -> dict[str, str]:
        """Built-in instances by name (the first one is the default example)."""
        return {}

    def levels(self, text: str) -> list[str]:
        """Names of the instances held by ``text`` (one unless the format holds several)."""
        return ["1"]

    def instances(self, text: str, **options: Any) -> Iterator[PuzzleInstance]:
        """The instances ``text`` holds (see :class:`PuzzleInstance`); by default one, the whole
        text. Puzzles whose files hold collections override it; bad lines raise
        :class:`~searchkit.errors.PuzzleFormatError` naming the line."""
        self.resolve_options(options)
        yield PuzzleInstance("1", text)

    def random_instance(self, rng: random.Random, **size: Any) -> str:
        """The text of a random instance (solvable or not; the tests decide)."""
        raise NotImplementedError(f"puzzle {self.name!r} has no random instances")

    def format_instance(self, problem: Any) -> str:
        """The text of ``problem``'s instance, which :meth:`parse` reads back (optional)."""
        raise NotImplementedError(f"puzzle {self.name!r} cannot write its instances as text")

    def __repr__(self) -> str:
        return f"<puzzle {self.name}: {self.description}>"
