"""The exceptions searchkit raises.

Every error a user can cause derives from :class:`SearchkitError`, so a command-line tool can
catch one type and print one line. Messages are complete sentences without a trailing period that
name the offending thing and, where there is a fixed set of valid choices, list them. They are
one line, and quote the user's input through :func:`excerpt`, so that a 5,000-digit number or a
megabyte-long line cannot flood a terminal. :func:`read_text`, :func:`open_text` and
:func:`reading` turn the errors of reading a text file into such a line.
"""

from __future__ import annotations

import contextlib
import os
import reprlib
import sys
from collections.abc import Iterable, Iterator
from typing import TextIO

__all__ = [
    "excerpt",
    "listed",
    "SearchkitError",
    "UnknownNameError",
    "IncompatibleError",
    "OptionError",
    "PuzzleFormatError",
    "PlanError",
    "reading",
    "open_text",
    "read_text",
    "read_stdin",
]


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxtuple, _SHORT.maxlist, _SHORT.maxdict = 2, 4, 4, 3
_SHORT.maxstring = _SHORT.maxother = 30


def excerpt(value: object, limit: int = 30) -> str:
    """``repr(value)`` cut short for an error message: strings and integers to ``limit``
    characters (then ``...`` and their length), containers to a few items, nesting to two levels.

    >>> excerpt("abc")
    "'abc'"
    >>> excerpt("9" * 5000, 10)
    "'9999999999'... (5,000 characters)"
    >>> excerpt(7 ** 100, 12)
    '323447650962... (85 digits)'
    >>> excerpt([[[[1]]], 2, 3, 4, 5, 6])
    '[[[...]], 2, 3, 4, ...]'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    if type(value) is int and value.bit_length() > 3 * limit:
        try:
            digits = str(value)
        except ValueError:  # beyond Python's limit on int-to-text conversion
            return f"<an integer of about {value.bit_length() * 0.30103:,.0f} digits>"
        if len(digits) > limit:
            return f"{digits[:limit]}... ({len(digits):,} digits)"
    return _SHORT.repr(value)


class SearchkitError(Exception):
    """Base class of every error caused by bad input or a bad request."""


class ProblemError(SearchkitError):
    """A problem broke the :class:`~searchkit.Problem` contract: a move that is not ``(action,
    next_state, cost)``, a cost or a heuristic value that is not a number of at least 0, a key
    that cannot be hashed where keys are stored. A bug in the problem's code rather than bad
    input: the command line reports it as an internal error of the plugin (exit status 70).
    ``problem`` is the problem that broke it, once the search it broke has set it."""

    problem: object = None


class UnknownNameError(SearchkitError, LookupError):
    """A strategy, frontier, visited backend or puzzle name that is not registered.

    >>> str(UnknownNameError("strategy", "bsf", ["astar", "bfs"]))
    "unknown strategy 'bsf' (valid: astar, bfs)"
    """

    def __init__(self, kind: str, name: object, valid: Iterable[str]) -> None:
        self.kind = kind
        self.name = name
        self.valid = sorted(valid)
        listed = ", ".join(self.valid) or "none installed"
        super().__init__(f"unknown {kind} {name!r} (valid: {listed})")


class IncompatibleError(SearchkitError, ValueError):
    """Two parts that cannot work together, e.g. a LIFO frontier for Dijkstra's algorithm."""


class OptionError(SearchkitError, ValueError):
    """An unknown option, or an option value outside its valid set.

    >>> str(OptionError.bad_value("cost", "steps", ["moves", "cells"]))
    "invalid value 'steps' for option 'cost' (valid: moves, cells)"
    """

    @classmethod
    def bad_value(cls, option: str, value: object, valid: Iterable[object]) -> OptionError:
        """The error for ``value`` given to ``option``, listing the ``valid`` ones."""
        listed = ", ".join(str(v) for v in valid)
        return cls(f"invalid value {value!r} for option {option!r} (valid: {listed})")

    @classmethod
    def unknown(cls, option: str, valid: Iterable[str], where: str = "") -> OptionError:
        """The error for an ``option`` that ``where`` (a puzzle, a strategy) lacks."""
        listed = ", ".join(sorted(valid)) or "none"
        place = f" for {where}" if where else ""
        return cls(f"unknown option {option!r}{place} (valid: {listed})")


class PuzzleFormatError(SearchkitError, ValueError):
    """Text that does not describe a valid instance of a puzzle.

    ``line`` is 1-based within the parsed text (``None`` when the problem is not tied to a line);
    ``source`` is a file name that callers such as the CLI fill in with :meth:`with_source`.

    >>> str(PuzzleFormatError("unknown character 'Z'", line=3))
    "line 3: unknown character 'Z'"
    >>> str(PuzzleFormatError("unknown character 'Z'", line=3).with_source("a.xsb"))
    "a.xsb:3: unknown character 'Z'"
    """

    def __init__(self, reason: str, line: int | None = None, source: str | None = None) -> None:
        self.reason = reason
        self.line = line
        self.source = source
        super().__init__(self._format())

    def _format(self) -> str:
        if self.source and self.line is not None:
            return f"{self.source}:{self.line}: {self.reason}"
        if self.source:
            return f"{self.source}: {self.reason}"
        if self.line is not None:
            return f"line {self.line}: {self.reason}"
        return self.reason

    def with_source(self, source: str) -> PuzzleFormatError:
        """Return the same error attributed to the file ``source``."""
        return PuzzleFormatError(self.reason, self.line, source)


class PlanError(SearchkitError, ValueError):
    """A plan that is not a legal path from the initial state to a goal (see :func:`verify`).

    ``step`` is the 1-based index of the failing action, or ``None`` when every action was legal
    but the final state is not a goal.
    """

    def __init__(self, message: str, step: int | None = None) -> None:
        self.step = step
        super().__init__(message)


#: The most items (legal actions, valid names) a message lists; the others are counted.
LISTED = 20


def listed(items: Iterable[str], empty: str = "none") -> str:
    """``items`` joined for a message: the first :data:`LISTED`, then how many more there are
    (``empty`` when there is none). Items are shown as given: quote and cut them first.

    >>> listed(str(n) for n in range(3)), listed([]), listed(str(n) for n in range(25))[-17:]
    ('0, 1, 2', 'none', '18, 19 and 5 more')
    """
    shown, more = [], 0
    for item in items:
        if len(shown) < LISTED:
            shown.append(item)
        else:
            more += 1
    return (", ".join(shown) or empty) + (f" and {more:,} more" if more else "")


@contextlib.contextmanager
def reading(name: object) -> Iterator[None]:
    """Turn the errors of reading the text file ``name`` inside the block into one-line
    :class:`SearchkitError`: ``NAME: not a UTF-8 text file``, else the system's reason.

    >>> try:
    ...     with reading("d.txt"):
    ...         raise IsADirectoryError(21, "Is a directory")
    ... except SearchkitError as exc:
    ...     print(exc)
    d.txt: Is a directory
    """
    try:
        yield
    except UnicodeDecodeError:
        raise SearchkitError(f"{name}: not a UTF-8 text file") from None
    except OSError as exc:
        raise SearchkitError(f"{name}: {exc.strerror or exc}") from None


@contextlib.contextmanager
def open_text(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """The UTF-8 file ``path`` open for reading inside the block, a byte-order mark that some
    editors write first left out: a file that cannot be opened, read or decoded there raises
    :class:`SearchkitError` naming it (see :func:`reading`). For a file read line by line;
    :func:`read_text` reads it whole.

    >>> try:
    ...     with open_text("no/such.txt") as handle:
    ...         handle.read()
    ... except SearchkitError as exc:
    ...     print(exc)
    no/such.txt: No such file or directory
    """
    with reading(path), open(path, encoding="utf-8-sig") as handle:
        yield handle


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of the UTF-8 file ``path`` (a byte-order mark that some editors write first is
    left out); a file that cannot be read or decoded raises :class:`SearchkitError` naming it
    (see :func:`open_text`)."""
    with open_text(path) as handle:
        return handle.read()


def read_stdin() -> str:
    """The text of standard input, decoded as :func:`read_text` decodes a file (UTF-8, a
    byte-order mark left out): bytes that are not UTF-8 raise :class:`SearchkitError`
    (``<stdin>: not a UTF-8 text file``) whatever the locale, where ``sys.stdin`` under a C
    locale would pass them on as surrogates. A ``sys.stdin`` replaced by a text stream (tests)
    is read as it is."""
    with reading("<stdin>"):
        raw = getattr(sys.stdin, "buffer", None)
        if raw is None:
            return sys.stdin.read()
        return raw.read().decode("utf-8-sig")
