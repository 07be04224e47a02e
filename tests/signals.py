"""Children that a test interrupts with Ctrl-C must be able to hear it.

A shell script that starts a command in the background (``pytest ... &``) starts it with SIGINT
ignored, and every child inherits that: Python then installs no ``KeyboardInterrupt`` handler,
and a test that sends SIGINT waits for nothing. Tests that interrupt a child start it with
``preexec_fn=default_ctrl_c``, as a user at a terminal would have it; :func:`ctrl_c_after`
runs a command and interrupts it so.
"""

from __future__ import annotations

import signal
import subprocess
import time
from typing import Any


def default_ctrl_c() -> None:
    """Give the child (after fork, before exec) SIGINT's default disposition."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def ctrl_c_after(args: list[str], seconds: float, timeout: float = 30,
                 **popen: Any) -> subprocess.CompletedProcess[str]:
    """Run ``args``, send it Ctrl-C (SIGINT) after ``seconds``, and wait at most ``timeout``
    seconds for it to end (killed then: a child that ignores Ctrl-C fails the test with
    :class:`subprocess.TimeoutExpired`)."""
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             preexec_fn=default_ctrl_c, **popen)
    try:
        time.sleep(seconds)
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=timeout)
    finally:
        child.kill()
    return subprocess.CompletedProcess(args, child.returncode, stdout, stderr)
