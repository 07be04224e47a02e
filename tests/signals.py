"""Children that a test interrupts with Ctrl-C must be able to hear it.

A shell script that starts a command in the background (``pytest ... &``) starts it with SIGINT
ignored, and every child inherits that: Python then installs no ``KeyboardInterrupt`` handler,
and a test that sends SIGINT waits for nothing. Tests that interrupt a child start it with
``preexec_fn=default_ctrl_c``, as a user at a terminal would have it.
"""

from __future__ import annotations

import signal


def default_ctrl_c() -> None:
    """Give the child (after fork, before exec) SIGINT's default disposition."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
