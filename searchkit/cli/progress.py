"""The live progress line a long search shows on stderr.

:class:`ProgressLine` is handed to :func:`searchkit.search` (or :func:`searchkit.explore`) as the
``progress`` callback, which the engine calls about twice a second, so nothing appears for
searches shorter than half a second. Each call rewrites one line in place (carriage return, then
erase to the end of the line); :meth:`ProgressLine.clear` erases it before the results are
printed. Progress is for people watching a terminal: a line is only ever drawn on a stream that
is one (:func:`on_terminal`; not when redirected to a file or a pipe, nor with ``TERM=dumb``,
which cannot erase), so a log never holds ``\r`` and escape codes, whoever made the line. Use
:func:`progress_for` to get a callback only when stderr is a terminal.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO

from searchkit import Progress
from searchkit.loops import Deepening

from . import output

__all__ = ["ProgressLine", "progress_for", "on_terminal", "describe", "bound_name"]

_ERASE = "\r\033[K"


def describe(progress: Progress, bound: str = "depth") -> str:
    """The text of the progress line for one snapshot.

    >>> from searchkit import Stats
    >>> s = Stats(expanded=1_234_567, bound=42, peak_bytes=45_000_000)
    >>> describe(Progress(s, frontier=98_765, elapsed=2.5), bound="f")
    'expanded 1,234,567 · frontier 98,765 · f 42 · 494k states/s · 2.50 s · 42.9 MiB'
    """
    stats = progress.stats
    return " · ".join([
        f"expanded {output.count(stats.expanded)}",
        f"frontier {output.count(progress.frontier)}",
        f"{bound} {output.number(stats.bound)}",
        f"{output.rate(progress.rate)} states/s",
        output.seconds(progress.elapsed),
        output.size(stats.peak_bytes),
    ])


def on_terminal(stream: Any) -> bool:
    """Whether a live line may be drawn on ``stream``: a terminal that can erase a line.

    >>> import io
    >>> on_terminal(io.StringIO())
    False
    """
    isatty = getattr(stream, "isatty", None)
    return bool(isatty is not None and isatty()) and os.environ.get("TERM") != "dumb"


class ProgressLine:
    """A progress callback rewriting one line of ``stream`` (see the module docstring); it draws
    nothing unless ``stream`` is a terminal."""

    def __init__(self, stream: TextIO, bound: str = "depth", prefix: str = "") -> None:
        self.stream = stream
        self.bound = bound
        self.prefix = prefix
        self.shown = False
        self.live = on_terminal(stream)

    def __call__(self, progress: Progress) -> None:
        if not self.live:
            return
        width = output.terminal_width()
        text = self.prefix + describe(progress, self.bound)
        self.stream.write(_ERASE + text[: max(width - 1, 10)])
        self.stream.flush()
        self.shown = True

    def clear(self) -> None:
        """Erase the line if anything was written."""
        if self.shown:
            self.stream.write(_ERASE)
            self.stream.flush()
            self.shown = False


def bound_name(strategy: Any) -> str:
    """What ``Stats.bound`` means for ``strategy``: the f-value (``f``), the cost (``g``) or the
    depth of the last expanded state, or for iterative-deepening loops the current bound.

    >>> from searchkit import get_strategy
    >>> [bound_name(get_strategy(s)) for s in ("astar", "dijkstra", "bfs", "idastar", "iddfs")]
    ['f', 'g', 'depth', 'f-bound', 'depth-bound']
    """
    if strategy.uses_heuristic:
        name = "f"
    elif strategy.optimal:
        name = "g"
    else:
        name = "depth"
    return f"{name}-bound" if isinstance(strategy.loop, Deepening) else name


def progress_for(enabled: bool, bound: str = "depth", prefix: str = "") -> ProgressLine | None:
    """A :class:`ProgressLine` on stderr when ``enabled`` and stderr is a terminal, else
    ``None``."""
    if enabled and on_terminal(sys.stderr):
        return ProgressLine(sys.stderr, bound, prefix)
    return None
