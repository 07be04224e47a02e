"""A puzzle whose instances misbehave on purpose, registered in-process for the fault tests.

Instance texts: ``ok N`` (reach N by +1 steps), ``boom`` (its successors raise), ``hog``
(allocates memory until stopped), ``die`` (kills its own worker process), ``slow FILE`` (writes
its pid to FILE and sleeps 30 s the first time, then behaves like ``ok 3``).
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import searchkit
from searchkit import ProblemBase
from searchkit.puzzle import Puzzle


class Crashy(ProblemBase):
    def __init__(self, text: str) -> None:
        self.words = text.split()

    def initial(self) -> int:
        return 0

    def is_goal(self, n: int) -> bool:
        return self.words[0] in ("ok", "slow") and n == self.target

    @property
    def target(self) -> int:
        return int(self.words[1]) if self.words[0] == "ok" else 3

    def successors(self, n: int) -> Any:
        kind = self.words[0]
        if kind == "boom":
            raise ZeroDivisionError("the plugin divided by zero")
        if kind == "hog":
            hoard = []
            while True:
                hoard.append(bytearray(50 * 2**20))
        if kind == "die":
            os.kill(os.getpid(), signal.SIGKILL)
        if kind == "slow":
            marker = Path(self.words[1])
            if not marker.exists():
                marker.write_text(str(os.getpid()))
                time.sleep(30)
        yield "+1", n + 1, 1


class CrashyPuzzle(Puzzle):
    name = "crashy"
    description = "instances that fail on purpose (tests only)"
    default_strategy = "bfs"

    def build(self, text: str, **options: Any) -> Crashy:
        return Crashy(text)


def register() -> None:
    """Add the puzzle to this process's registry (pool workers forked later inherit it)."""
    searchkit.plugins.registry().tables["puzzle"]["crashy"] = CrashyPuzzle()


def unregister() -> None:
    searchkit.plugins.registry().tables["puzzle"].pop("crashy", None)
