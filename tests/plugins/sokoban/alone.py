"""A few boxes alone, searched the plain way: what the per-level tables (:mod:`.subsets`,
:mod:`.rooms` of the plugin) are checked against."""

from __future__ import annotations

from collections.abc import Callable, Container

from searchkit_sokoban.board import Board


def pushes_reach(board: Board, boxes: frozenset[int], keeper: int,
                 done: Callable[[frozenset[int]], bool],
                 inside: Container[int] | None = None, walls: Container[int] = ()) -> bool:
    """Whether keeper steps and pushes of ``boxes`` alone (no other box; ``walls``: cells taken
    as walls, such as boxes that stay put) reach a box set that ``done`` accepts: breadth-first,
    step by step. With ``inside``, a box pushed out of it vanishes."""
    start = (boxes, keeper)
    seen = {start}
    queue = [start]
    for placed, at in queue:
        if done(placed):
            return True
        for off in board.offsets:
            step = at + off
            if not board.is_floor[step] or step in walls:
                continue
            if step in placed:
                beyond = step + off
                if not board.is_floor[beyond] or beyond in placed or beyond in walls:
                    continue
                kept = {beyond} if inside is None or beyond in inside else set()
                child = (placed - {step} | kept, step)
            else:
                child = (placed, step)
            if child not in seen:
                seen.add(child)
                queue.append(child)
    return False
