"""The argument parser class of the command line and the error it raises.

:class:`Parser` is an :class:`argparse.ArgumentParser` whose errors raise :class:`UsageError`
instead of printing usage and exiting, so :func:`searchkit.cli.main` reports every usage or input
error the same way: one line ``searchkit: error: ...`` on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import textwrap
from collections.abc import Callable
from typing import Any, NoReturn

__all__ = [
    "UsageError", "Parser", "Formatter", "comma_list", "key_value", "scalar", "positive",
    "byte_size",
]


class UsageError(Exception):
    """A bad command line or unusable input; the message is printed as one line, exit 2."""


class Formatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the epilog's examples as written and shows defaults where they are given."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


class Parser(argparse.ArgumentParser):
    """An argument parser that raises :class:`UsageError` on bad arguments."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        if kwargs.get("description"):  # the formatter keeps text as written: wrap it here
            kwargs["description"] = textwrap.fill(kwargs["description"], 90)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see '{self.prog} --help')")

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        """Parse a command's arguments in any order: ``solve nstar -s bfs FILE`` as ``solve
        nstar FILE -s bfs`` (plain argparse takes an optional positional, ``FILE``, as left out
        when an option follows the one before it, then refuses it as unrecognized). The parser
        of the commands (with subparsers, which argparse cannot intermix) parses as argparse
        does."""
        if self._subparsers is not None or self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False

    _intermixing = False


def comma_list(text: str) -> list[str]:
    """``"a,b, c"`` -> ``["a", "b", "c"]`` (argparse ``type=``).

    >>> comma_list("bfs, astar,,dijkstra")
    ['bfs', 'astar', 'dijkstra']
    """
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise argparse.ArgumentTypeError("expected a comma-separated list")
    return items


def key_value(text: str) -> tuple[str, str]:
    """``"KEY=VALUE"`` -> ``(KEY, VALUE)`` (argparse ``type=``): the key without the spaces
    around it, the value exactly as given (after the first ``=``), since spaces can be part of
    it -- the taquin goal ``' 12345678'`` starts with its blank.

    >>> key_value("prune=false"), key_value("goal= 12345678")
    (('prune', 'false'), ('goal', ' 12345678'))
    """
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"expected KEY=VALUE, got {text!r}")
    return key.strip(), value


def scalar(text: str) -> int | float | str:
    """A command-line value as an int, a float or else the string itself.

    >>> scalar("3"), scalar("1.5"), scalar("path")
    (3, 1.5, 'path')
    """
    for convert in (int, float):
        try:
            return convert(text)  # type: ignore[no-any-return]
        except ValueError:
            pass
    return text


def positive(kind: Callable[[str], Any], least: int = 0) -> Callable[[str], Any]:
    """An argparse ``type=`` accepting values of ``kind`` (int or float) of at least ``least``
    (default: non-negative values).

    >>> positive(int, 1)("0")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: expected a number >= 1, got '0'
    """

    def check(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if value < least:
            wanted = f"a number >= {least}" if least else "a non-negative number"
            raise argparse.ArgumentTypeError(f"expected {wanted}, got {text!r}")
        return value

    check.__name__ = kind.__name__
    return check


_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


def byte_size(text: str) -> int:
    """``"512M"``, ``"2G"``, ``"1.5GiB"`` or a plain number of bytes (argparse ``type=``).

    >>> byte_size("512M"), byte_size("1.5GiB"), byte_size("1000")
    (536870912, 1610612736, 1000)
    """
    raw = text.strip().upper().removesuffix("IB").removesuffix("B")
    unit = raw[-1:] if raw[-1:] in _UNITS else ""
    try:
        value = float(raw[: len(raw) - len(unit)])
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size like 512M or 2G, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a non-negative size, got {text!r}")
    return int(value * _UNITS[unit])


#: The formats ``--plot`` writes (``stats``, ``report``), named by the file's suffix.
PLOT_FORMATS = ("png", "svg", "pdf")


def check_plot(path: str | os.PathLike[str]) -> None:
    """Raise :class:`UsageError` before any work for a ``--plot`` file of an unknown format (by
    its suffix: matplotlib would add ``.png`` to a name without one) or without matplotlib."""
    suffix = os.path.splitext(os.fspath(path))[1].lower().lstrip(".")
    if suffix not in PLOT_FORMATS:
        raise UsageError(f"cannot plot to {os.fspath(path)!r}: unknown format "
                         f"{suffix or '(none)'!r} (valid: {', '.join(PLOT_FORMATS)})")
    if importlib.util.find_spec("matplotlib") is None:
        raise UsageError("--plot needs matplotlib, which is not installed "
                         "(pip install 'searchkit[plot]')")
