"""The backward search's plans turned forwards: its pulls undone, last first, are pushes.

A :class:`Pull` moved a box from ``b`` onto ``stand`` and the keeper onto ``stand + offset``;
forwards the keeper walks to ``stand + offset`` and pushes the box from ``stand`` back to ``b``,
ending on ``stand``. :func:`forward_plan` gives those pushes as :class:`~.pushes.Action`
records, which the forward problems spell (``format_action``) and which replay square by square
like any other plan; :func:`forward_lurd` spells them in LURD. Steps may be single pulls or
:class:`~.routes.PullMacro` records (several pulls of one box), which :func:`single_pulls`
unfolds.

>>> from .levels import split_levels
>>> from .board import Board
>>> board = Board(split_levels("#######\\n#@ $ .#\\n#######")[0])
>>> goal, left = board.goals[0], 2  # the box pulled left twice, from the goal to its start
>>> pulls = [Pull((goal,), goal - 1, goal - 1, left), Pull((goal - 1,), goal - 2, goal - 2, left)]
>>> forward_lurd(board, pulls)  # undone: walk right, push twice
'rRR'
"""

from __future__ import annotations

from functools import partial
from typing import Any, NamedTuple

from .board import PUSH_CHARS, Board
from .pushes import Action, spell_walk
from .routes import PullMacro

__all__ = ["Pull", "forward_lurd", "forward_plan", "single_pulls"]


class Pull(NamedTuple):
    """One pull: the position before it (``boxes``, ``keeper``), the cell beside the box where
    the keeper walks to (``stand``) and the direction he then steps in, dragging the box from
    ``stand - offsets[direction]`` onto ``stand``."""

    boxes: tuple[int, ...]
    keeper: int
    stand: int
    direction: int


_pull = partial(tuple.__new__, Pull)
_action = partial(tuple.__new__, Action)
#: the opposite of each direction of :attr:`Board.offsets` (up, down, left, right)
_OPPOSITE = (1, 0, 3, 2)


def single_pulls(steps: list[Any], offsets: tuple[int, ...]) -> list[Pull]:
    """``steps`` (pulls, macros, ``None`` for the backward search's root) as single pulls
    (``offsets``: the board's)."""
    pulls: list[Pull] = []
    for step in steps:
        if isinstance(step, PullMacro):
            pulls.extend(_pull(pull) for pull in step.pulls(offsets))
        elif step is not None:
            pulls.append(step)
    return pulls


def forward_plan(board: Board, steps: list[Any], keeper: int | None = None) -> list[Action]:
    """The pushes that undo ``steps`` (pulls and macros from the solved position), last pull
    first: forward actions from the position the pulls reached, the keeper on ``keeper``
    (default: the level's start, the backward search's goal), to the goals."""
    offsets = board.offsets
    plan: list[Action] = []
    keeper = board.keeper if keeper is None else keeper
    for pull in reversed(single_pulls(steps, offsets)):
        boxes, _keeper, stand, direction = pull
        off = offsets[direction]
        box = stand - off
        before = tuple(sorted([c for c in boxes if c != box] + [stand]))
        plan.append(_action((before, keeper, stand + off, _OPPOSITE[direction])))
        keeper = stand
    return plan


def forward_lurd(board: Board, steps: list[Any], keeper: int | None = None) -> str:
    """:func:`forward_plan` in LURD: for each push the keeper's shortest walk to it, then the
    push."""
    return "".join(spell_walk(board, a.boxes, a.keeper, a.stand) + PUSH_CHARS[a.direction]
                   for a in forward_plan(board, steps, keeper))
