"""Fuzzing the puzzles' parsers: random texts and mutations of valid instances.

Shared by the fuzz tests (``tests/plugins/test_fuzz_parsers.py``, bounded by hypothesis) and the
big campaign (``tools/fuzz_parsers.py``). Every input goes through the puzzle's ``parse`` (and
``levels``); the only exception allowed is :class:`~searchkit.PuzzleFormatError`, whose message
must be one short line, and every answer must come quickly.

>>> import random
>>> rng = random.Random(1)
>>> text = mutate(rng, "1 42")
>>> isinstance(text, str)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from searchkit import PuzzleFormatError
from searchkit.testing.guards import TimeUp, deadline

__all__ = ["Outcome", "MAX_MESSAGE", "check", "fuzz_inputs", "mutate", "random_text", "seeds"]

#: The longest error message accepted (a message quotes at most a short excerpt of the input).
MAX_MESSAGE = 200
#: Inputs are cut to this many characters (repeating spans could otherwise grow without bound).
MAX_INPUT = 300_000

# Characters that mean something to one puzzle or another, and some that break naive parsers:
# Unicode digits and superscripts (str.isdigit() accepts them, int() not all), line separators
# that str.splitlines() honours, NUL, tabs, a BOM.
_MEANINGFUL = "#@+$*.-_ |;:0123456789xoABGHVhv{}[]\",:\n\n\n "
_ODD = "²³¹٣७\u2028\u2029\x85\x0b\x0c\x1c\x00\t\r\ufeffé"
_WORDS = ("null", "true", "false", "goal", "goal:", "blank-first", "blank-last", "Title: x",
          "; comment", '"vehicules"', '"walls"', '"murs"', '"size"', '"taille"', '"M"', '"i"',
          '"j"', '"longueur"', '"direction"', '"H"', '"V"', "1e400", "-0", "+7", "1_000", "nan",
          "inf", "0x10", "-1", "99999999999999999999")


def random_text(rng: random.Random, size: int = 200) -> str:
    """A random text from the puzzles' characters, odd characters and keywords."""
    parts = []
    for _ in range(rng.randint(0, size)):
        roll = rng.random()
        if roll < 0.75:
            parts.append(rng.choice(_MEANINGFUL))
        elif roll < 0.85:
            parts.append(rng.choice(_ODD))
        elif roll < 0.95:
            parts.append(rng.choice(_WORDS))
        else:
            parts.append(chr(rng.randint(0, 0x2FFF)))
    return "".join(parts)


def _number(rng: random.Random) -> str:
    """A number as text: small, large, huge (beyond Python's 4,300-digit limit) or odd."""
    roll = rng.random()
    if roll < 0.4:
        return str(rng.randint(0, 40))
    if roll < 0.7:
        return str(10 ** rng.randint(2, 25) + rng.randint(0, 9))
    if roll < 0.85:
        return rng.choice("123456789") * rng.randint(50, 6000)
    return rng.choice(_WORDS)


def mutate(rng: random.Random, text: str, edits: int | None = None) -> str:
    """``text`` after ``edits`` random edits (default 1 to 5): characters, numbers, keywords,
    spans deleted or repeated, lines shuffled, deep nesting, truncation."""
    for _ in range(edits if edits is not None else rng.randint(1, 5)):
        n = len(text)
        i, j = sorted((rng.randint(0, n), rng.randint(0, n)))
        op = rng.randrange(11)
        if op == 0 and n:  # replace one character
            k = rng.randrange(n)
            text = text[:k] + rng.choice(_MEANINGFUL + _ODD) + text[k + 1:]
        elif op == 1:  # insert characters
            text = text[:i] + random_text(rng, 8) + text[i:]
        elif op == 2:  # delete a span
            text = text[:i] + text[j:]
        elif op == 3:  # repeat a span
            text = text[:j] + text[i:j] * rng.randint(1, 30) + text[j:]
        elif op == 4:  # insert a number (before a character: a run-length count)
            text = text[:i] + _number(rng) + text[i:]
        elif op == 5:  # replace a number-like token by another number
            tokens = text.split(" ")
            k = rng.randrange(len(tokens))
            tokens[k] = _number(rng)
            text = " ".join(tokens)
        elif op == 6:  # shuffle, drop or duplicate lines
            lines = text.split("\n")
            action = rng.randrange(3)
            if action == 0:
                rng.shuffle(lines)
            elif action == 1 and len(lines) > 1:
                del lines[rng.randrange(len(lines))]
            else:
                k = rng.randrange(len(lines))
                lines[k:k] = [lines[k]] * rng.randint(1, 60)
            text = "\n".join(lines)
        elif op == 7:  # deep nesting (JSON) or many separators
            text = text[:i] + rng.choice("[{|\n") * rng.choice((10, 1000, 100_000)) + text[i:]
        elif op == 8:  # truncate
            text = text[:i]
        elif op == 9:  # a keyword
            text = text[:i] + rng.choice(_WORDS) + text[i:]
        else:  # whole-text changes
            text = rng.choice((text.upper(), text.lower(), text * 2, text.replace(" ", ""),
                               text.replace("\n", rng.choice(("\r\n", "\r", "\u2028", "|")))))
        text = text[:MAX_INPUT]
    return text


def seeds(puzzle: Any, rng: random.Random) -> list[str]:
    """Valid texts to mutate: the puzzle's examples and a few random instances."""
    texts = list(puzzle.examples().values())
    for _ in range(3):
        try:
            texts.append(puzzle.random_instance(rng))
        except NotImplementedError:
            break
    return texts


def fuzz_inputs(puzzle: Any, rng: random.Random, count: int) -> Iterator[str]:
    """``count`` inputs for ``puzzle``: one in five random text, the others mutations of its
    valid texts (examples, random instances)."""
    valid = seeds(puzzle, rng)
    for _ in range(count):
        if rng.random() < 0.2:
            yield random_text(rng, rng.choice((20, 200, 2000)))
        else:
            yield mutate(rng, rng.choice(valid))


@dataclass
class Outcome:
    """What parsing one input did: ``accepted``, ``rejected`` (a clean :class:`PuzzleFormatError`),
    ``bad message`` (a parse error of several lines or too long), ``crashed`` (another
    exception) or ``hang`` (over the time limit); with the seconds taken and a detail."""

    kind: str
    seconds: float
    detail: str = ""


def check(puzzle: Any, text: str, limit: float = 2.0) -> Outcome:
    """List the levels of ``text`` then parse it with ``puzzle``, within ``limit`` seconds."""
    start = time.perf_counter()
    accepted = True
    try:
        with deadline(limit):
            for step in (puzzle.levels, puzzle.parse):
                try:
                    step(text)
                except PuzzleFormatError as exc:
                    accepted, message = False, str(exc)
                    if "\n" in message or len(message) > MAX_MESSAGE or not message.strip():
                        return Outcome("bad message", time.perf_counter() - start, message[:300])
    except TimeUp:
        return Outcome("hang", time.perf_counter() - start)
    except Exception as exc:  # noqa: BLE001 - what the fuzzing is looking for
        return Outcome("crashed", time.perf_counter() - start, f"{type(exc).__name__}: {exc}"[:300])
    return Outcome("accepted" if accepted else "rejected", time.perf_counter() - start,
                   "" if accepted else message)
