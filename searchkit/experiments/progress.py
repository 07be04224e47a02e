"""The progress bar of a batch on a terminal: done / total, solved, failures, rate, ETA.

:class:`BatchProgress` counts every record; it draws on its stream only when that stream is a
terminal (never when piped) and at most five times a second, and :meth:`BatchProgress.clear`
erases the bar before the summary is printed.

>>> import io
>>> p = BatchProgress(total=4, stream=io.StringIO())
>>> for status in ("solved", "solved", "error"):
...     p.add({"status": status})
>>> p.done, p.solved, p.failed, p.describe(elapsed=3.0)
(3, 2, 1, '[##################......] 3/4 · 2 solved · 1 failed · 1.0/s · ETA 1 s')
"""

from __future__ import annotations

import sys
import time
from collections.abc import Mapping
from typing import Any, TextIO

__all__ = ["BatchProgress"]

_ERASE = "\r\033[K"


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class BatchProgress:
    """Counts records and redraws one line of ``stream`` (default stderr) on a terminal."""

    width = 24  # characters of the bar itself

    def __init__(self, total: int, stream: TextIO | None = None, every: float = 0.2) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.live = bool(getattr(self.stream, "isatty", lambda: False)())
        self.every = every
        self.start = time.perf_counter()
        self.last = 0.0
        self.done = self.solved = self.failed = 0
        self.shown = False

    def add(self, record: Mapping[str, Any]) -> None:
        """Count one record and redraw if it is time."""
        self.done += 1
        if record.get("status") == "solved":
            self.solved += 1
        elif record.get("status") == "error":
            self.failed += 1
        now = time.perf_counter()
        if self.live and (now - self.last >= self.every or self.done == self.total):
            self.last = now
            self.stream.write(_ERASE + self.describe(now - self.start))
            self.stream.flush()
            self.shown = True

    def describe(self, elapsed: float) -> str:
        """The text of the line after ``elapsed`` seconds."""
        filled = self.width * self.done // max(self.total, 1)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = _duration(left / rate) if rate > 0 else "?"
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} · "
                f"{self.solved} solved · {self.failed} failed · {rate:.1f}/s · ETA {eta}")

    def clear(self) -> None:
        """Erase the line if it was drawn."""
        if self.shown:
            self.stream.write(_ERASE)
            self.stream.flush()
            self.shown = False
