"""Shared fixtures: the location of the benchmark data beside the repository, and a Ctrl-C
that this process hears."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.shared import DATA


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data`` beside the repository; tests using it skip when it is absent."""
    if not DATA.is_dir():
        pytest.skip(f"{DATA} is not available")
    return DATA


@pytest.fixture(scope="session", autouse=True)
def ctrl_c_raises_keyboard_interrupt() -> Iterator[None]:
    """Python's Ctrl-C handler for the whole run, even when pytest started with SIGINT ignored.

    A shell script that starts pytest in the background (``pytest &``) starts it with SIGINT
    ignored (see :mod:`tests.signals`); Python then installs no handler, and a test that
    interrupts a search in this process (a real SIGINT, as a user's Ctrl-C) would wait for a
    signal that never comes while the search fills the memory.
    """
    old = signal.getsignal(signal.SIGINT)
    if old == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, old)
