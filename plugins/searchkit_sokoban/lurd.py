"""LURD plans: spelling a push-level plan out, and replaying it square by square.

:func:`replay_lurd` is an independent check of a plan: it works on the level's characters
(rows of XSB text), not on the :class:`~.board.Board` cell numbering or the search's successor
function, and moves the keeper one square per letter. Lower-case ``lurd`` letters are walks (the
target square must be free floor), upper-case ``LURD`` are pushes (a box must be there and the
square beyond it free). O(len(plan)).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from searchkit import PlanError

__all__ = ["Replay", "plan_to_lurd", "replay_lurd"]

_STEP = {"u": (-1, 0), "d": (1, 0), "l": (0, -1), "r": (0, 1)}


def plan_to_lurd(problem: Any, actions: Iterable[Any]) -> str:
    """The LURD string of a plan: each action spelled by ``problem.format_action``, joined.

    >>> class Spelled:
    ...     def format_action(self, action):
    ...         return action
    >>> plan_to_lurd(Spelled(), ["llU", "U"])
    'llUU'
    """
    return "".join(problem.format_action(action) for action in actions)


@dataclass(frozen=True)
class Replay:
    """What replaying a LURD plan found: its length, its pushes, and whether it ends solved."""

    moves: int
    pushes: int
    solved: bool


def replay_lurd(rows: list[str], lurd: str) -> Replay:
    """Replay ``lurd`` on the level given as XSB ``rows``; raise :class:`PlanError` on a bad step.

    >>> replay_lurd(["####", "#. #", "#$ #", "# @#", "####"], "lU")
    Replay(moves=2, pushes=1, solved=True)
    >>> replay_lurd(["####", "#. #", "#$ #", "# @#", "####"], "U")
    Traceback (most recent call last):
    ...
    searchkit.errors.PlanError: step 1: 'U' pushes no box
    """
    walls, goals, boxes = set(), set(), set()
    keeper = None
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch == "#":
                walls.add((r, c))
            if ch in ".+*":
                goals.add((r, c))
            if ch in "$*":
                boxes.add((r, c))
            if ch in "@+":
                keeper = (r, c)
    if keeper is None:
        raise PlanError("the level has no keeper")

    def free(cell: tuple[int, int]) -> bool:
        r, c = cell
        inside = 0 <= r < len(rows) and 0 <= c < len(rows[r])
        return inside and cell not in walls and cell not in boxes

    pushes = 0
    for step, letter in enumerate(lurd, start=1):
        if letter.lower() not in _STEP:
            raise PlanError(f"step {step}: {letter!r} is not a LURD letter", step)
        dr, dc = _STEP[letter.lower()]
        target = (keeper[0] + dr, keeper[1] + dc)
        if letter.islower():
            if not free(target):
                raise PlanError(f"step {step}: {letter!r} walks into a wall or a box", step)
        else:
            beyond = (target[0] + dr, target[1] + dc)
            if target not in boxes:
                raise PlanError(f"step {step}: {letter!r} pushes no box", step)
            if not free(beyond):
                raise PlanError(f"step {step}: {letter!r} pushes a box into a wall or a box", step)
            boxes.remove(target)
            boxes.add(beyond)
            pushes += 1
        keeper = target
    return Replay(len(lurd), pushes, boxes == goals)
