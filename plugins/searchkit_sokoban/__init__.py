"""searchkit plugin: Sokoban, searched push by push with deadlock pruning.

Modules: :mod:`.levels` (XSB and collections), :mod:`.board` (static data, push distances, dead
squares), :mod:`.pushes` (push generation and the deadlock rules), :mod:`.deadlocks` (freeze,
bipartite and PI-corral tests), :mod:`.subsets` (deadlocks among a few boxes, by retrograde
analysis; :mod:`.subsetmoves` the moves they need), :mod:`.bounds` (push and move lower bounds),
:mod:`.assignment` (Hungarian algorithm), :mod:`.problem` (the exact problems), :mod:`.anyplan`
and :mod:`.packing` (the fast ``mode="any"``: macro moves, packing order), :mod:`.lurd` (plans
as LURD text and an independent replay), :mod:`.solve` (one-call solving with a time limit, for
benchmarks; :mod:`.portfolio` the fast mode's searches, in order, :mod:`.parallel` its lanes
on several cores), :mod:`.plugin` (the ``sokoban`` puzzle), :mod:`.bench` (its benchmark suites).
"""

from .anyplan import AnyPlanProblem
from .board import Board
from .levels import select_level, split_levels
from .lurd import plan_to_lurd, replay_lurd
from .problem import PushSokobanProblem, SokobanProblem, make_problem
from .solve import SolveReport, solve_level

__all__ = [
    "AnyPlanProblem",
    "Board",
    "PushSokobanProblem",
    "SokobanProblem",
    "SolveReport",
    "make_problem",
    "plan_to_lurd",
    "replay_lurd",
    "select_level",
    "solve_level",
    "split_levels",
]
