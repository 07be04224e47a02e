"""Helpers shared by the viewer tests: reading the JSON document back out of a page, and a
large open Sokoban level for long plans."""

from __future__ import annotations

import json
import random
import re
from typing import Any

DATA = re.compile(r'<script type="application/json" id="searchkit-data">(.*?)</script>', re.S)

#: An open room with six boxes: long legal push sequences exist from every position.
ROOM = "\n".join(["############",
                  "#          #",
                  "#  $  $  $ #",
                  "#          #",
                  "#   .. .   #",
                  "#   .. .   #",
                  "#  $  $  $ #",
                  "#     @    #",
                  "############"])


def page_data(page: str) -> dict[str, Any]:
    """The viewer's JSON document embedded in ``page``."""
    blocks = DATA.findall(page)
    assert len(blocks) == 1
    return json.loads(blocks[0])


def random_pushes(problem: Any, steps: int, seed: int = 1) -> list[Any]:
    """A legal plan of ``steps`` random actions, stepping back out of dead ends."""
    rng = random.Random(seed)
    states, plan = [problem.initial()], []
    for _ in range(50 * steps):
        if len(plan) == steps:
            break
        moves = list(problem.successors(states[-1]))
        if moves:
            action, state, _cost = rng.choice(moves)
            plan.append(action)
            states.append(state)
        elif plan:
            plan.pop()
            states.pop()
    return plan
