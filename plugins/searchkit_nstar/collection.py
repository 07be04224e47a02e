"""Files of many N* instances: one ``START TARGET`` per line.

A text with two or more content lines (``#`` starts a comment) is a collection, one instance per
line named by its number in the file -- except the older two-line form, a line ``START`` then a
line ``TARGET``, which stays one instance. No file states an optimum.

>>> [(i.name, i.text, i.line) for i in instances("# pairs\\n1 42\\n3 1000\\n")]
[('1', '1 42', 2), ('2', '3 1000', 3)]
>>> [i.text for i in instances("1\\n42")]
['1\\n42']
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from searchkit import PuzzleFormatError, PuzzleInstance

__all__ = ["instances"]


def instances(text: str, **_options: Any) -> Iterator[PuzzleInstance]:
    """The instances of ``text`` (see the module docstring). Each line of a collection is checked
    for its shape only: one of more than two tokens raises
    :class:`~searchkit.PuzzleFormatError` naming its line. Whether its tokens are the numbers
    ``START TARGET`` (or ``TARGET``) is checked when the instance is parsed, whose error names
    the line too (:attr:`~searchkit.PuzzleInstance.line`).

    >>> [(i.text, i.line) for i in instances("1 42\\n3 x\\n")]  # 'x': for the parser to name
    [('1 42', 1), ('3 x', 2)]
    >>> list(instances("1 42\\n3 4 5\\n"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    searchkit.errors.PuzzleFormatError: line 2: expected 'START TARGET': too many numbers ...
    """
    lines = [(n, line.split("#", 1)[0].split()) for n, line in enumerate(text.splitlines(), 1)]
    lines = [(n, tokens) for n, tokens in lines if tokens]
    if len(lines) < 2 or (len(lines) == 2 and all(len(t) == 1 for _, t in lines)):
        yield PuzzleInstance("1", text)
        return
    for number, (lineno, tokens) in enumerate(lines, 1):
        if len(tokens) > 2:
            raise PuzzleFormatError("expected 'START TARGET': too many numbers "
                                    "(each line of this file is one instance)", lineno)
        yield PuzzleInstance(str(number), " ".join(tokens), None, lineno)
