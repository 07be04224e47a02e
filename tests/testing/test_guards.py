"""The time guards stop a block that runs too long, even one that swallows exceptions."""

from __future__ import annotations

import signal
import time

import pytest

from searchkit.testing.guards import TimeUp, deadline, time_limit


def _spin_swallowing_exceptions(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            time.sleep(0.001)
        except Exception:  # code under test that catches everything must still be stopped
            pass


def test_deadline_raises_time_up_inside_the_block():
    start = time.monotonic()
    with pytest.raises(TimeUp), deadline(0.05):
        _spin_swallowing_exceptions(5)
    assert time.monotonic() - start < 2


def test_time_limit_names_the_block_that_took_too_long():
    with pytest.raises(AssertionError, match=r"^parsing 'x' took more than 0.05 s$"), \
            time_limit(0.05, "parsing 'x'"):
        _spin_swallowing_exceptions(5)


def test_a_quick_block_runs_to_the_end_and_the_timer_is_off_afterwards():
    with deadline(0.05):
        value = sum(range(100))
    time.sleep(0.1)  # a timer left running would raise TimeUp here
    assert value == 4950


def test_an_alarm_pending_as_the_block_ends_leaves_the_handler_as_it_was(monkeypatch):
    # Python runs a signal's handler at the next bytecode boundary: an alarm that came just
    # before the timer stopped has its handler run just after. The block has ended by then: no
    # TimeUp, and the previous handler is back. (The timer is emulated: that moment is rare.)
    from searchkit.testing import guards

    real = guards.signal.setitimer

    def setitimer(which, seconds, interval=0.0):
        real(which, 0)  # never really armed
        if seconds == 0:
            signal.getsignal(signal.SIGALRM)(signal.SIGALRM, None)

    monkeypatch.setattr(guards.signal, "setitimer", setitimer)
    with deadline(5):
        value = sum(range(100))
    assert value == 4950 and signal.getsignal(signal.SIGALRM) is signal.SIG_DFL
