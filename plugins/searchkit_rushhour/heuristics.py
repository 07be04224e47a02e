"""Rush Hour heuristics and the static unsolvability test.

Every heuristic here is admissible for all three cost models, because each charges only costs
that some distinct vehicle must pay, in the currency of the model in use:

``zero``
    0 everywhere (A* becomes Dijkstra).
``blockers``
    The number of vehicles between the target car and the exit. Each must move at least once
    before the target can pass, and every move costs at least 1 in every cost model (a slide
    covers at least one cell, of a vehicle at least one cell long). A move changes the count by at
    most one, so it is also consistent.
``blocked-blockers``
    A lower bound on what distinct vehicles must pay:

    * the target: 1 move (``moves``), or its distance to the exit ``d`` (``cells``), or
      ``length x d`` (``length-cells``), unless it is at the exit;
    * each blocker ``b`` (a vertical vehicle across the target's row, in front of it): when the
      target passes ``b``'s column, ``b`` lies wholly above or wholly below the row, so it must
      slide at least ``up_b`` or ``down_b`` cells (its distance to the nearest clear position on
      that side; a side cut off by the board edge or a wall is impossible). It pays 1 move, or
      those cells (times its length);
    * every other vehicle that *now* occupies a cell ``b`` must slide through on the chosen side
      must move at least once before: 1 move, 1 cell, or its length.

    The blockers' sides are unknown, so the bound is the minimum over all side assignments of
    the target's charge + the blockers' charges + the charges of the *union* of the vehicles in
    the way (a vehicle in the way of two blockers is charged once -- counting it twice is the
    mistake the reference report describes). All charged vehicles are distinct (obstructing
    vehicles sit in blockers' columns, off the target's row), and each pays at least its charge
    in any solution, so the sum is a lower bound. A blocker with no feasible side makes the state
    a dead end (``inf``). The bound is also consistent: one move changes one vehicle's position,
    which removes at most that vehicle from the union, or lowers its own charge by at most the
    move's cost.

:func:`unsolvable_reason` spots boards that can never be solved whatever the other vehicles
do: a wall or a horizontal vehicle in front of the target, or a vertical vehicle in front of it
that walls and edges keep across the target's row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import inf
from typing import Any, Protocol

from .board import Board, Vehicle

__all__ = ["HEURISTICS", "Layout", "make_heuristic", "unsolvable_reason"]


class Layout(Protocol):
    """What the heuristics read of a problem: its board and cost model, and how its int states
    are laid out (:class:`~searchkit_rushhour.layout.BoardLayout`;
    :class:`~searchkit_rushhour.problem.RushHour` is one). Depending on this and not on the
    problem class keeps the import one way: problem -> heuristics."""

    board: Board
    cost: str
    size: int
    vehicles: Sequence[Vehicle]
    pos_mask: int
    shifts: Sequence[int]
    cells: Sequence[Sequence[int]]
    goal_position: int

    def occupancy(self, state: int) -> int:
        """The double bitboard of ``state`` (row-major and column-major bits, walls included)."""

    def cell_bits(self, r: int, c: int) -> int:
        """The two occupancy bits of cell ``(r, c)``."""

HEURISTICS = {
    "zero": "0 everywhere (blind search)",
    "blockers": "number of vehicles between the target and the exit; admissible and consistent",
    "blocked-blockers": "target's and blockers' cheapest ways out, plus every vehicle in those "
                        "ways (counted once); admissible and consistent for every cost model",
}


def make_heuristic(problem: Layout, name: str) -> Callable[[int], float]:
    """The heuristic ``name`` for ``problem``'s board and cost model, as ``h(state)``."""
    if name == "zero":
        return _zero
    if name == "blockers":
        return _blockers(problem)
    if name == "blocked-blockers":
        return _memoized(_blocked_blockers(problem))
    raise ValueError(f"unknown heuristic {name!r} (valid: {', '.join(HEURISTICS)})")


def _memoized(h: Callable[[int], float]) -> Callable[[int], float]:
    """``h`` with its values remembered per state. A search generates each state about 8 times
    on database boards (once per neighbour), so this saves ~7/8 of the evaluations of a costly
    heuristic for one dict entry per distinct state (the search's own maps hold as many)."""
    cache: dict[int, float] = {}
    get = cache.get

    def memoized(state: int) -> float:
        value = get(state)
        if value is None:
            value = cache[state] = h(state)
        return value

    return memoized


def _zero(state: int) -> int:
    return 0


def _right_of_target_masks(problem: Layout) -> list[int]:
    """For each target position, the row-major bits of the target's row in front of it."""
    m, target = problem.size, problem.board.target
    masks = []
    for p in target.positions(m):
        bits = 0
        for c in range(p + target.length, m):
            bits |= 1 << (target.row * m + c)
        masks.append(bits)
    return masks


def _blockers(problem: Layout) -> Callable[[int], int]:
    masks, pm, occupancy = _right_of_target_masks(problem), problem.pos_mask, problem.occupancy

    def blockers(state: int) -> int:
        """Vehicles in the target's row in front of it (each vertical: one cell each)."""
        return (occupancy(state) & masks[state & pm]).bit_count()

    return blockers


def _vehicle_fields(problem: Layout) -> list[int]:
    """A disjoint bit field per vehicle whose popcount is the vehicle's charge when it must
    move at least once (1, or its length under ``length-cells``): the charge of a set of
    vehicles is then the popcount of the union of their fields."""
    fields, first = [], 0
    for v in problem.vehicles:
        width = v.length if problem.cost == "length-cells" else 1
        fields.append(((1 << width) - 1) << first)
        first += width
    return fields


def _clear_options(problem: Layout, b: int, p: int, fields: list[int]) -> tuple[Any, ...] | None:
    """How vertical vehicle ``b`` at position ``p`` can leave the target's row:
    ``None`` if it is not across the row, else one ``(charge, path_bits, obstructors)`` per
    feasible side, where ``obstructors`` lists ``(shift, position_bits, field)`` for every other
    vehicle that can occupy a cell of the path (bit ``q`` of ``position_bits``: at position
    ``q`` it does; ``field`` from :func:`_vehicle_fields`)."""
    m, board, cost = problem.size, problem.board, problem.cost
    v = board.vehicles[b]
    r = board.target.row
    if not p <= r < p + v.length:
        return None
    sides = []
    for rows, distance in ((range(r - v.length, p), p - (r - v.length)),  # up: top <= r - L
                           (range(p + v.length, r + v.length + 1), r + 1 - p)):  # down
        if rows.start < 0 or rows.stop > m or any((q, v.col) in board.walls for q in rows):
            continue
        path = 0
        for q in rows:
            path |= problem.cell_bits(q, v.col)
        obstructors = []
        for j, cells in enumerate(problem.cells):
            positions = sum(1 << q for q, bits in enumerate(cells) if bits & path)
            if positions and j != b:
                obstructors.append((problem.shifts[j], positions, fields[j]))
        charge = {"moves": 1, "cells": distance, "length-cells": v.length * distance}[cost]
        sides.append((charge, path, tuple(obstructors)))
    return tuple(sides)


def _blocked_blockers(problem: Layout) -> Callable[[int], float]:
    m, board, cost, pm = problem.size, problem.board, problem.cost, problem.pos_mask
    target = board.target
    goal = problem.goal_position
    charge_target = [0 if p == goal else {"moves": 1, "cells": goal - p,
                                          "length-cells": target.length * (goal - p)}[cost]
                     for p in target.positions(m)]
    fields = _vehicle_fields(problem)
    # candidates[tpos]: (shift, sides per position) of the vertical vehicles in front of the
    # target when it is at tpos
    verticals = [(problem.shifts[b], tuple(_clear_options(problem, b, p, fields)
                                           for p in v.positions(m)), v.col)
                 for b, v in enumerate(board.vehicles) if not v.horizontal]
    candidates = [tuple((shift, options) for shift, options, col in verticals
                        if col >= tpos + target.length)
                  for tpos in target.positions(m)]
    occupancy = problem.occupancy

    def blocked_blockers(state: int) -> float:
        tpos = state & pm
        if tpos == goal:
            return 0
        occ = occupancy(state)
        combos = [(0, 0)]  # (least charges of the blockers so far, union of obstructor fields)
        for shift, options in candidates[tpos]:
            sides = options[(state >> shift) & pm]
            if sides is None:
                continue
            if not sides:
                return inf
            choices = []
            for charge, path, obstructors in sides:
                extra = 0
                if occ & path:
                    for sh, positions, field in obstructors:
                        if positions >> ((state >> sh) & pm) & 1:
                            extra |= field
                choices.append((charge, extra))
            if len(choices) == 2:  # drop a side that is no cheaper and meets a superset
                (c1, e1), (c2, e2) = choices
                if c1 <= c2 and e1 & e2 == e1:
                    del choices[1]
                elif c2 <= c1 and e1 & e2 == e2:
                    del choices[0]
            if len(choices) == 1:
                charge, extra = choices[0]
                combos = [(acc + charge, union | extra) for acc, union in combos]
            else:
                combos = [(acc + charge, union | extra)
                          for acc, union in combos for charge, extra in choices]
        if len(combos) == 1:
            acc, union = combos[0]
            return charge_target[tpos] + acc + union.bit_count()
        return charge_target[tpos] + min(acc + union.bit_count() for acc, union in combos)

    return blocked_blockers


def unsolvable_reason(problem: Layout) -> str | None:
    """Why the board can never be solved (see the module docstring), or ``None``."""
    board, m = problem.board, problem.size
    target = board.target
    r, front = target.row, target.col + target.length
    for c in range(front, m):
        if (r, c) in board.walls:
            return f"a wall at ({r}, {c}) stands between the target car and the exit"
    for v in board.vehicles[1:]:
        if v.horizontal and v.row == r and v.col >= front:
            return (f"vehicle {v.label!r} lies in the target's row in front of it and can never "
                    "leave that row")
        if not v.horizontal and v.col >= front and v.row <= r < v.row + v.length:
            top = max([q + 1 for q in range(v.row) if (q, v.col) in board.walls], default=0)
            bottom = min([q - 1 for q in range(v.row + v.length, m) if (q, v.col) in board.walls],
                         default=m - 1)
            if top > r - v.length and bottom < r + v.length:
                return (f"vehicle {v.label!r} is held across the target's row by walls or the "
                        "board's edge")
    return None
