"""Files of many N* instances: one ``START TARGET`` per line.

A text with two or more content lines (``#`` starts a comment) is a collection, one instance per
line named by its number in the file -- except the older two-line form, a line ``START`` then a
line ``TARGET``, which stays one instance. No file states an optimum. A text of comments and blank
lines alone holds no instance.

>>> [(i.name, i.text, i.line) for i in instances("# pairs\\n1 42\\n3 1000\\n")]
[('1', '1 42', 2), ('2', '3 1000', 3)]
>>> [i.text for i in instances("1\\n42")]
['1\\n42']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from searchkit import PuzzleInstance

__all__ = ["instances"]


def instances(text: str, **_options: Any) -> Iterator[PuzzleInstance]:
    """The instances of ``text`` (see the module docstring). Each line of a collection is one
    instance as written, a bad one too (``3 x``, ``3 4 5``): it is checked when the instance is
    parsed, whose error names the line (:attr:`~searchkit.PuzzleInstance.line`), so a batch
    records it and runs the other lines.

    >>> [(i.text, i.line) for i in instances("1 42\\n3 x\\n3 4 5\\n")]  # for the parser to name
    [('1 42', 1), ('3 x', 2), ('3 4 5', 3)]
    """
    lines = [(n, line.split("#", 1)[0].split()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, tokens) for n, tokens in lines if tokens]
    if not lines:
        return  # nothing but comments and blank lines: no instance
    if len(lines) == 1 or (len(lines) == 2 and all(len(t) == 1 for _, t in lines)):
        yield PuzzleInstance("1", text)
        return
    for number, (lineno, tokens) in enumerate(lines, 1):
        yield PuzzleInstance(str(number), " ".join(tokens), None, lineno)
