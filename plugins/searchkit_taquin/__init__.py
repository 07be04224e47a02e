"""searchkit plugin: the sliding-tile puzzle (taquin): 8-, 15- and N x M puzzles.

See ``docs/puzzles/taquin.md``. :class:`Taquin` is the problem; :mod:`.board` parses the text
formats and decides solvability; :mod:`.moves` holds the move tables and the incremental
heuristics; :mod:`.heuristics` holds the lower bounds; :mod:`.pdb` builds the pattern
databases and :mod:`.pdbcache` keeps them (in memory and on disk); :mod:`.stats` gives
state-space statistics.
"""

from .board import Board, goal_board, parse_board
from .problem import HEURISTICS, Taquin

__all__ = ["HEURISTICS", "Board", "Taquin", "goal_board", "parse_board"]
