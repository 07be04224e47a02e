"""Registers the ``jugs`` puzzle with searchkit."""

from searchkit import Puzzle, PuzzleFormatError, PuzzleOption, hookimpl

from .problem import Jugs


class JugsPuzzle(Puzzle):
    name = "jugs"
    description = "water jugs: measure an exact amount with fill, empty and pour"
    formats = ("'CAP CAP ... -> TARGET', e.g. '3 5 -> 4'",)
    default_strategy = "bfs"
    options = {"max_jugs": PuzzleOption(4, "refuse instances with more jugs", convert=int)}

    def build(self, text, max_jugs=4):
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) != 1 or "->" not in lines[0]:
            raise PuzzleFormatError("expected one line 'CAP CAP ... -> TARGET'", line=1)
        left, right = lines[0].split("->")
        try:
            capacities = [int(c) for c in left.split()]
            target = int(right)
        except ValueError:
            raise PuzzleFormatError("capacities and target must be integers", line=1) from None
        if not capacities or len(capacities) > max_jugs or min(capacities) < 1 or target < 0:
            raise PuzzleFormatError(f"need 1 to {max_jugs} positive capacities", line=1)
        return Jugs(capacities, target)

    def examples(self):
        return {"die-hard": "3 5 -> 4", "three-jugs": "8 5 3 -> 4"}

    def random_instance(self, rng, jugs=2, max_capacity=9):
        capacities = [rng.randint(1, max_capacity) for _ in range(jugs)]
        return " ".join(map(str, capacities)) + f" -> {rng.randint(0, max(capacities))}"


@hookimpl
def searchkit_puzzles():
    return [JugsPuzzle()]
