"""Registers the ``jugs`` puzzle with searchkit."""

from searchkit import Puzzle, PuzzleFormatError, PuzzleOption, hookimpl

from .problem import Jugs


class JugsPuzzle(Puzzle):
    name = "jugs"
    description = "water jugs: measure an exact amount with fill, empty and pour"
    formats = ("'CAP CAP ... -> TARGET', e.g. '3 5 -> 4'",)
    default_strategy = "bfs"
    small_size = {"jugs": 2, "max_capacity": 5}
    options = {
        "max_jugs": PuzzleOption(4, "refuse instances with more jugs", convert=int),
        "heuristic": PuzzleOption(
            "one-more", "lower bound used by A* and IDA*", choices=("one-more", "zero"),
            choice_help={"one-more": "1 until a jug holds the target (admissible, consistent)",
                         "zero": "0 everywhere (blind search)"}),
    }

    def build(self, text, max_jugs=4, heuristic="one-more"):
        lines = [line for line in text.splitlines() if line.strip()]
        left, arrow, right = lines[0].partition("->") if len(lines) == 1 else ("", "", "")
        if not arrow:
            raise PuzzleFormatError("expected one line 'CAP CAP ... -> TARGET'", line=1)
        try:
            capacities = [int(c) for c in left.split()]
            target = int(right)
        except ValueError:
            raise PuzzleFormatError("capacities and target must be integers", line=1) from None
        if not capacities or len(capacities) > max_jugs or min(capacities) < 1 or target < 0:
            raise PuzzleFormatError(f"need 1 to {max_jugs} positive capacities", line=1)
        return Jugs(capacities, target, heuristic)

    def examples(self):
        return {"die-hard": "3 5 -> 4", "three-jugs": "8 5 3 -> 4"}

    def random_instance(self, rng, jugs=2, max_capacity=9):
        capacities = [rng.randint(1, max_capacity) for _ in range(jugs)]
        return " ".join(map(str, capacities)) + f" -> {rng.randint(0, max(capacities))}"

    def format_instance(self, problem):
        return " ".join(map(str, problem.capacities)) + f" -> {problem.target}"


@hookimpl
def searchkit_puzzles():
    return [JugsPuzzle()]
