"""What the command line does when something other than the user's input goes wrong.

* **An internal error** -- an exception that is not a :class:`~searchkit.SearchkitError`, raised
  by a plugin's code or by searchkit's, or a :class:`~searchkit.errors.ProblemError` (a
  plugin's problem broke the contract: a move of the wrong shape, a negative cost...) -- is a
  bug, not an answer: exit status :data:`EXIT_INTERNAL` (70, ``EX_SOFTWARE`` of
  ``sysexits.h``), distinct from 1 (no solution or budget exhausted) and 2 (usage or input
  error), and one line on stderr naming the plugin, the function searchkit called, the
  exception and where it was raised (for a ``ProblemError``: the plugin and what its problem
  did). The traceback follows only with ``--debug`` or the environment variable
  ``SEARCHKIT_DEBUG=1``.
* **A closed output pipe** (``searchkit compare ... | head -1``): nothing more is printed, no
  message, no traceback, and the status is :data:`EXIT_PIPE` (141 = 128 + SIGPIPE), what a shell
  reports for the other Unix tools, which SIGPIPE kills.

>>> def format_action(action):
...     return 1 / 0
>>> try:
...     format_action("x2")
... except ZeroDivisionError as exc:
...     print(describe(exc, plugins={}))  # doctest: +ELLIPSIS
internal error in format_action(): ZeroDivisionError: division by zero (<doctest ...>:2)
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType

import searchkit
from searchkit.errors import ProblemError

__all__ = ["DEBUG_ENV", "EXIT_INTERNAL", "EXIT_PIPE", "debug_wanted", "describe",
           "flush_stdout", "internal_error", "broken_pipe", "plugin_packages"]

EXIT_INTERNAL = 70
EXIT_PIPE = 141
DEBUG_ENV = "SEARCHKIT_DEBUG"


def debug_wanted(argv: list[str]) -> bool:
    """Whether ``--debug`` is among the arguments or ``SEARCHKIT_DEBUG`` is set (not ``0``)."""
    return "--debug" in argv or os.environ.get(DEBUG_ENV, "0") not in ("", "0")


def plugin_packages() -> dict[str, str]:
    """The top-level module (package) of each loaded plugin -> the plugin's name; searchkit's
    own built-ins are not a plugin."""
    try:
        manager = searchkit.plugins.registry().manager
    except Exception:  # noqa: BLE001 - the registry may be what failed
        return {}
    packages = {}
    for name, module in (manager.list_name_plugin() if manager is not None else []):
        module_name = getattr(module, "__name__", None) or type(module).__module__  # or an object
        top = module_name.split(".")[0]
        if top and top != "searchkit":
            packages[top] = name
    return packages


def _frames(tb: TracebackType | None) -> list[tuple[str, str, str, int]]:
    """``(module, function, file, line)`` of each frame, outermost first."""
    frames = []
    while tb is not None:
        frame = tb.tb_frame
        code = frame.f_code
        frames.append((str(frame.f_globals.get("__name__", "")),
                       getattr(code, "co_qualname", code.co_name), code.co_filename,
                       tb.tb_lineno))
        tb = tb.tb_next
    return frames


def _short_path(filename: str) -> str:
    """``package/module.py`` rather than an absolute path."""
    path = Path(filename)
    return "/".join(path.parts[-2:]) if len(path.parts) > 1 else filename


def describe(exc: BaseException, plugins: Mapping[str, str] | None = None) -> str:
    """One line about an internal error: the plugin whose code raised it (the outermost of its
    frames: the function searchkit called), the exception, and the file and line it came from;
    or, for a :class:`~searchkit.errors.ProblemError`, the plugin whose problem broke the
    contract and what it did."""
    plugins = plugin_packages() if plugins is None else plugins
    if isinstance(exc, ProblemError):  # raised by searchkit's checks, about the problem's code
        module = type(exc.problem).__module__.split(".")[0]
        whose = (f"plugin {plugins[module]!r}" if module in plugins else
                 f"the problem {type(exc.problem).__name__}")
        return f"internal error in {whose}: {exc}"
    frames = _frames(exc.__traceback__)
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    what = type(exc).__name__ + (f": {text[:150]}{'...' if len(text) > 150 else ''}"
                                 if text else "")
    mine = [f for f in frames if f[0].split(".")[0] in plugins]
    if mine:
        entry, where = mine[0], mine[-1]
        plugin = plugins[entry[0].split(".")[0]]
        return (f"internal error in plugin {plugin!r}: {entry[1]}() raised {what} "
                f"({_short_path(where[2])}:{where[3]})")
    if not frames:
        return f"internal error: {what}"
    core = [f for f in frames if f[0].split(".")[0] == "searchkit"]
    where = core[-1] if core else frames[-1]
    return f"internal error in {where[1]}(): {what} ({_short_path(where[2])}:{where[3]})"


def flush_stdout() -> None:
    """Flush what was printed before an error message; a closed pipe is let go quietly."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        broken_pipe()


def internal_error(exc: BaseException, debug: bool) -> int:
    """Report ``exc`` (see the module docstring) and return :data:`EXIT_INTERNAL`."""
    flush_stdout()
    if debug:
        traceback.print_exception(exc, file=sys.stderr)
    hint = "" if debug else f" (--debug or {DEBUG_ENV}=1 shows the traceback)"
    print(f"searchkit: {describe(exc)}{hint}", file=sys.stderr)
    return EXIT_INTERNAL


def broken_pipe() -> int:
    """Stop writing to the closed pipe (the interpreter's last flush included); return
    :data:`EXIT_PIPE`."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    return EXIT_PIPE
