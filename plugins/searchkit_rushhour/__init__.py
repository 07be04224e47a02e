"""searchkit plugin: Rush Hour (three text formats, three cost models, admissible heuristics).

``load_fogleman(path)`` reads database files (``<moves> <board> ...`` lines) as
``(board, optimal moves)`` pairs for tests and benchmarks.
"""

from .board import Board, Vehicle
from .formats import load_fogleman, parse_board
from .problem import COST_MODELS, RushHour

__all__ = ["COST_MODELS", "Board", "RushHour", "Vehicle", "load_fogleman", "parse_board"]
