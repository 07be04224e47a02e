"""The parser reproducers of issue 16, each a clean one-line ``PuzzleFormatError`` naming what is
wrong (and the limit, for sizes that cannot be searched), quickly; and large but sensible
boards that must parse in time linear in their size."""

from __future__ import annotations

import json
import random

import pytest

import searchkit
from tests.fuzzing import MAX_MESSAGE, check


def _level(rows: int, cols: int) -> str:
    """An open Sokoban level: ``rows x cols`` floor inside walls, one box next to its goal."""
    inner = [[" "] * cols for _ in range(rows)]
    inner[0][:3] = ["@", "$", "."]
    return "\n".join(["#" * (cols + 2)] + ["#" + "".join(r) + "#" for r in inner]
                     + ["#" * (cols + 2)])


def _taquin(side: int) -> str:
    tiles = list(range(side * side))
    random.Random(side).shuffle(tiles)
    return "\n".join(" ".join(map(str, tiles[r * side:(r + 1) * side])) for r in range(side))


CAR = {"i": 2, "j": 0, "longueur": 2, "direction": "H"}

REJECTED = [
    # (puzzle, text, words the message must contain)
    ("sokoban", "99999999999#", ["run-length count 99999999999", "at most 100"]),
    ("sokoban", "10_|+100000000000000000000_", ["run-length count", "at most 100"]),
    ("sokoban", "#####\n#@$.#\n#####\n9999999999999999999", ["line 4", "run-length count"]),
    ("sokoban", "1000000000#", ["run-length count 1000000000", "at most 100"]),
    ("sokoban", "1" * 5000 + "#...", ["5,000 digits", "at most 100"]),
    ("sokoban", _level(100, 100), ["102 cells", "at most 100 columns"]),
    ("sokoban", _level(200, 200), ["at most 100 columns"]),
    ("sokoban", _level(150, 10), ["152 rows", "at most 100 rows"]),
    ("sokoban", "#####\n" + "|" * 300_000, ["line 2", "more than 100 rows on one line"]),
    ("rushhour", '{"vehicles": [{"i": 7, "j": 1, "longueur": 2, "direction": "H"}], "walls": 5}',
     ["'walls' must be a list", "not 5"]),
    ("rushhour", '{"véhicules": [], "M": 2, "walls": 5}', ["'walls' must be a list"]),
    ("rushhour", '{"vehicles": [' + json.dumps(CAR) + '], "walls": null}',
     ["'walls' must be a list", "not None"]),
    ("rushhour", '{"size": 3000, "vehicles": [' + json.dumps(CAR) + ']}', ["3000", "16x16"]),
    ("rushhour", '{"size": 1000, "vehicles": [' + json.dumps(CAR) + ']}', ["1000", "16x16"]),
    ("rushhour", "[" * 100_000, ["not square"]),
    ("rushhour", '{"a": ' * 100_000, ["nested too deeply"]),
    ("rushhour", '{"vehicules": [{"i": ' + "7" * 5000 + "}]}", ["invalid JSON", "digits"]),
    ("rushhour", '{"vehicules": [{"i": 1, "j": 1, "longueur": 2, "direction": ' + "[" * 500
     + "]" * 500 + "}]}", ["vehicle 0 has direction", "expected 'H' or 'V'"]),
    ("rushhour", "AA" + "." * (40 * 40 - 2), ["side is 40", "16x16"]),
    ("taquin", "87 13546²", ["unexpected character '²'"]),
    ("taquin", "1 2 3 ٣", ["unexpected token '٣'"]),
    ("taquin", _taquin(40), ["1,600 cells", "at most 1,024"]),
    ("taquin", "0 1\n2 " + "3" * 5000, ["line 2", "tile number", "5,000 characters"]),
    ("nstar", "1 " + "9" * 5000, ["at most 1,000 digits", "5,000"]),
    ("nstar", "1 1_000", ["expected an integer"]),
    ("nstar", "٣ 42", ["expected an integer"]),
]


@pytest.mark.parametrize("name, text, words", REJECTED,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(REJECTED)])
def test_reproducer_is_a_clean_one_line_error(name: str, text: str, words: list[str]) -> None:
    outcome = check(searchkit.get_puzzle(name), text, limit=2.0)
    assert outcome.kind == "rejected", (outcome.kind, outcome.detail)
    message = outcome.detail
    assert "\n" not in message and len(message) <= MAX_MESSAGE, message
    for word in words:
        assert word in message, message


@pytest.mark.parametrize("name, text", [
    ("sokoban", _level(50, 50)),   # 7.8 s to parse before the tables were built on first use
    ("sokoban", _level(98, 98)),   # the largest board: 100 x 100 with its walls
    ("taquin", _taquin(16)),       # 8 s and 239 MB before the move tables were built lazily
    ("taquin", _taquin(24)),       # 62 s and 2.7 GB
    ("taquin", _taquin(32)),       # the largest board
    ("rushhour", "AA" + "." * (16 * 16 - 2)),
])
def test_large_boards_parse_within_the_time_limit(name: str, text: str) -> None:
    outcome = check(searchkit.get_puzzle(name), text, limit=2.0)
    assert outcome.kind == "accepted", (outcome.kind, outcome.detail)


def test_a_large_sokoban_board_still_solves() -> None:
    problem = searchkit.get_puzzle("sokoban").parse(_level(30, 30))
    result = searchkit.search(problem, "astar")
    assert result.solved and result.cost == 1


@pytest.mark.parametrize("heuristic", ["zero", "misplaced", "manhattan", "linear-conflict"])
def test_taquin_tables_built_on_first_use_agree_with_the_full_computation(heuristic: str) -> None:
    """Boards above 25 cells fill their move tables lazily: a random walk on 6 x 6 checks every
    child's incremental heuristic against the one computed from scratch, and its board."""
    from searchkit_taquin.moves import EAGER_CELLS

    problem = searchkit.get_puzzle("taquin").parse(_taquin(6), heuristic=heuristic)
    assert problem.cells > EAGER_CELLS
    rng = random.Random(heuristic)
    state, h, parent = problem.initial(), problem.heuristic(problem.initial()), None
    for _ in range(300):
        children = problem.successors_except_parent(state, h, parent)
        assert 1 <= len(children) <= 4 - (parent is not None)
        for _action, child, cost, child_h in children:
            assert cost == 1 and child_h == problem.heuristic(child)
            assert sorted(problem.decode(child)) == list(range(36))
        parent = state
        _action, state, _cost, h = rng.choice(children)


def test_taquin_lazy_and_eager_tables_give_the_same_children() -> None:
    """The same 5 x 5 board with eager tables (25 cells) and forced lazy ones."""
    from searchkit_taquin import moves as module

    text = _taquin(5)
    eager = searchkit.get_puzzle("taquin").parse(text)
    saved = module.EAGER_CELLS
    module.EAGER_CELLS = 0
    try:
        lazy = searchkit.get_puzzle("taquin").parse(text)
    finally:
        module.EAGER_CELLS = saved
    state, rng = eager.initial(), random.Random(3)
    for _ in range(200):
        h = eager.heuristic(state)
        children = eager.successors_with_heuristic(state, h)
        assert children == lazy.successors_with_heuristic(state, h)
        state = rng.choice(children)[1]


def test_a_broken_sokoban_level_does_not_hide_the_others():
    sokoban = searchkit.get_puzzle("sokoban")
    text = "; fine\n#####\n#@$.#\n#####\n\n; too wide\n" + "#" * 150 + "\n\n; bad count\n9999#\n"
    assert sokoban.levels(text) == ["fine", "too wide", "bad count"]
    assert searchkit.search(sokoban.parse(text, level="fine"), "astar").cost == 1
    with pytest.raises(searchkit.PuzzleFormatError, match="line 7: a row of 150 cells"):
        sokoban.parse(text, level=2)
    with pytest.raises(searchkit.PuzzleFormatError, match="line 10: run-length count 9999 is too"):
        sokoban.parse(text, level="bad")
