"""Limits on a block of code under test: :func:`time_limit` and :func:`memory_limit`.

The bad-text check feeds a parser texts such as ``"99999999999#"``; a parser that believes the
number may loop for minutes or allocate gigabytes. These guards turn both into a failure of the
check instead of a hung or killed test run. Both are POSIX-only and do nothing elsewhere (and
the time limits only work in the main thread, where pytest runs tests). :func:`deadline` is the
timer under :func:`time_limit`, for callers that report a timeout themselves (the fuzz
campaign counts hangs).

>>> with time_limit(1.0, "a quick block"), memory_limit(2**30):
...     total = sum(range(1000))
>>> total
499500
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

try:
    import resource
except ImportError:  # not POSIX
    resource = None  # type: ignore[assignment]

__all__ = ["TimeUp", "deadline", "time_limit", "memory_limit"]


class TimeUp(BaseException):
    """Raised inside a :func:`deadline` block when its time is up (a BaseException, so that the
    code under test's ``except Exception`` cannot swallow it)."""


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Raise :class:`TimeUp` inside the block once it has run ``seconds`` of wall-clock time
    (``SIGALRM``; outside the main thread or without ``setitimer`` the block runs unlimited)."""
    main = threading.current_thread() is threading.main_thread()
    if not hasattr(signal, "setitimer") or not main:
        yield
        return

    inside = True

    def expire(signum: int, frame: Any) -> None:
        if inside:  # an alarm whose handler Python runs only once the block has ended is late
            raise TimeUp()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        inside = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise ``AssertionError("<what> took more than <seconds> s")`` if the block runs longer."""
    try:
        with deadline(seconds):
            yield
    except TimeUp:
        raise AssertionError(f"{what} took more than {seconds:g} s") from None


@contextmanager
def memory_limit(extra_bytes: int) -> Iterator[None]:
    """Let the process grow by at most ``extra_bytes`` of address space during the block; beyond
    that, allocations raise ``MemoryError`` there (Linux: ``RLIMIT_AS`` over the current size)."""
    current = _address_space()
    if resource is None or current is None:
        yield
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    wanted = current + extra_bytes
    if hard != resource.RLIM_INFINITY:
        wanted = min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft <= wanted:
        yield  # already limited more tightly
        return
    resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _address_space() -> int | None:
    """The process's current virtual size in bytes (Linux), else ``None``."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
