"""The levels of a Sokoban collection (XSB/SOK, with titles) as separate instances.

Each level of :func:`~searchkit_sokoban.levels.split_levels` is one instance, named as the level
(its ``Title:``, the comment line above it, or its number), whose text is the level's own board
lines of the file, so it parses alone. With the option ``level`` only that level is yielded.
Collections state no optima: join a table with ``searchkit batch --known FILE.csv``.

>>> text = "; 1\\n#####\\n#@$.#\\n#####\\n\\n; 2 Two\\n######\\n#@$ .#\\n######\\n"
>>> [(i.name, i.line, i.text) for i in instances(text)]
[('1', 2, '#####\\n#@$.#\\n#####'), ('2 Two', 7, '######\\n#@$ .#\\n######')]
>>> [i.name for i in instances(text, level=2)]
['2 Two']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from searchkit import PuzzleInstance

from .levels import select_level, split_levels

__all__ = ["instances"]


def instances(text: str, level: int | str | None = None,
              **_options: Any) -> Iterator[PuzzleInstance]:
    """The levels of ``text`` (see the module docstring)."""
    levels = split_levels(text)
    if level is not None:
        levels = [select_level(levels, level)]
    lines = text.splitlines()
    for raw in levels:  # every line of the board, a bad one too: it parses (and fails) alone
        yield PuzzleInstance(raw.name, "\n".join(lines[raw.first_line - 1:raw.last_line]), None,
                             raw.first_line)
