"""Taquin text formats, goals, errors naming the line, rendering and plan notation."""

from __future__ import annotations

import random

import pytest
from searchkit_taquin.board import goal_board, parse_board

from searchkit import OptionError, PuzzleFormatError, get_puzzle, search, verify

PUZZLE = get_puzzle("taquin")


def test_reference_string_format_and_default_goal_blank_first() -> None:
    p = PUZZLE.parse("87 135462")
    assert p.tokens(p.initial()) == ["8", "7", "_", "1", "3", "5", "4", "6", "2"]
    assert p.tokens(p.goal_states()[0]) == ["_", "1", "2", "3", "4", "5", "6", "7", "8"]


@pytest.mark.parametrize("text", ["87 135462", "870135462", "87_135462", "87.135462",
                                  "8 7 0\n1 3 5\n4 6 2", "8 7 _\n1 3 5\n4 6 2",
                                  "8 7 0 1 3 5 4 6 2", "  8 7 0 # comment\n\n1 3 5\n4 6 2\n"])
def test_equivalent_spellings_of_one_board(text: str) -> None:
    assert parse_board(text).cells == (8, 7, 0, 1, 3, 5, 4, 6, 2)


def test_goal_options() -> None:
    first = PUZZLE.parse("1 2 3 4 5 6 7 8 0", goal="blank-first")
    last = PUZZLE.parse("1 2 3 4 5 6 7 8 0", goal="blank-last")
    explicit = PUZZLE.parse("1 2 3 4 5 6 7 8 0", goal="123456780")
    assert last.is_goal(last.initial()) and explicit.is_goal(explicit.initial())
    assert not first.is_goal(first.initial())
    in_text = PUZZLE.parse("1 2 3\n4 5 6\n7 8 0\ngoal\nblank-last")
    assert in_text.is_goal(in_text.initial())


def test_reference_4x4_with_tiles_0_to_14_and_blank_last() -> None:
    p = PUZZLE.parse("2 3 1 6\n14 5 8 4\n_ 12 7 9\n10 13 11 0", goal="blank-last")
    assert p.tokens(p.goal_states()[0]) == [str(i) for i in range(15)] + ["_"]
    assert p.tokens(p.initial())[8:10] == ["_", "12"]


def test_rectangular_boards() -> None:
    p = PUZZLE.parse("1 2 3 4\n5 6 0 7\n9 10 11 8", goal="blank-last")
    assert (p.height, p.width) == (3, 4)
    assert search(p, "astar").actions == ["R", "D"]


@pytest.mark.parametrize("text, line, words", [
    ("1 2 3\n4 5\n6 7 8", 2, "ragged"),
    ("1 2 3\n4 5 5\n6 7 0", 2, "duplicate tile 5"),
    ("1 2 3\n4 5 6\n7 9 0", 3, "out of range"),
    ("1 2 3\n4 5 6\n7 8 x", 3, "unexpected token 'x'"),
    ("1 2 3 4 5 6 7 8", 1, "N*N"),
    ("1 2 3\n4 5 6\n7 1 0", 3, "duplicate tile 1"),
    ("1 2 3\n4 _ 6\n7 8 _", 3, "exactly one blank"),
    ("87a 35462", 1, "unexpected character 'a'"),
    ("1 2 3\n4 5 6\n7 8 1", 3, "exactly one blank, found 0"),
    ("01 2 3\n4 5 6\n7 8 0", 1, "tile '01' has a leading zero: write it '1'"),
    ("1 2 3\n4 5 6\n7 8 00", 3, "tile '00' has a leading zero: write it '0'"),  # not a blank
    ("0 1 2 3 4 5 6 7 08 9 10 11 12 13 14 15", 1, "tile '08' has a leading zero"),
    ("_ 0 1\n2 3 4\n5 6 007", 3, "tile '007' has a leading zero: write it '7'"),
])
def test_bad_boards_name_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        PUZZLE.parse(text)
    assert info.value.line == line
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_goals() -> None:
    with pytest.raises(OptionError, match="^option goal: the goal is 2x2"):  # not the file's
        PUZZLE.parse("87 135462", goal="1 2\n3 0")
    with pytest.raises(OptionError, match=r"^option goal \(its line 1\): expected exactly one"):
        PUZZLE.parse("87 135462", goal="1 2 3 4")
    with pytest.raises(PuzzleFormatError) as info:
        PUZZLE.parse("1 2 3\n4 5 6\n7 8 0\ngoal\n1 2 3\n4 5 5\n7 8 0")
    assert info.value.line == 6
    with pytest.raises(PuzzleFormatError) as info:  # a blank line after 'goal' is counted
        PUZZLE.parse("87 135462\ngoal\n\n 12345679\n")
    assert info.value.line == 4


def test_comments_and_trailing_spaces_after_a_one_line_board() -> None:
    plain = PUZZLE.parse("87 135462").initial()
    assert PUZZLE.parse("87 135462 # the reference's board").initial() == plain
    assert PUZZLE.parse("87 135462 \n").initial() == plain
    last = PUZZLE.parse("87 135462\ngoal\nblank-last # the usual one")
    assert last.goal == PUZZLE.parse("87 135462", goal="blank-last").goal


def test_render_draws_the_grid_and_plans_are_blank_moves() -> None:
    p = PUZZLE.parse("87 135462", heuristic="manhattan")
    assert p.render(p.initial()).splitlines() == [
        "+---+---+---+", "| 8 | 7 |   |", "+---+---+---+", "| 1 | 3 | 5 |",
        "+---+---+---+", "| 4 | 6 | 2 |", "+---+---+---+"]
    result = search(p, "astar")
    assert set(result.actions) <= {"U", "D", "L", "R"}
    assert verify(p, result.actions) == 24
    # blank on cell 2 (top right): it can go left or down only
    assert [a for a, _, _ in p.successors(p.initial())] == ["L", "D"]
    down = {a: s for a, s, _ in p.successors(p.initial())}["D"]
    assert p.tokens(down)[:6] == ["8", "7", "5", "1", "3", "_"]


def test_predecessors_invert_successors() -> None:
    p = PUZZLE.parse("1 2 3 4\n5 0 6 7\n8 9 10 11\n12 13 14 15")
    s = p.initial()
    for action, child, _ in p.successors(s):
        assert (action, s, 1) in list(p.predecessors(child))




def test_examples_solve_and_random_instances_parse() -> None:
    examples = PUZZLE.examples()
    first = PUZZLE.parse(next(iter(examples.values())))
    assert search(first, PUZZLE.default_strategy).cost == 24
    assert search(PUZZLE.parse(examples["hardest-3x3"]), "astar").cost == 31
    rng = random.Random(5)
    for _ in range(20):
        text = PUZZLE.random_instance(rng, height=3, width=4)
        board = parse_board(text)
        assert sorted(board.cells) == list(range(12))
        assert goal_board(board, "blank-last").cells[-1] == 0


@pytest.mark.parametrize(("height", "width"), [(2, 6), (3, 11), (2, 11), (3, 6)])
def test_rows_as_long_as_a_korf_line_are_one_board(height: int, width: int) -> None:
    """A row of 6 or 11 numbers looks like Korf's ``id optimum`` and a 2x2 or 3x3 board; the
    file is still one board when those numbers are not a board, as in every random one."""
    taquin = get_puzzle("taquin")
    for seed in range(5):
        text = str(taquin.random_instance(random.Random(seed), height=height, width=width))
        found = list(taquin.instances(text))
        assert [i.text for i in found] == [text]
        assert taquin.parse(found[0].text).board.width == width
    korf = ("1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
            "2 55 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n")
    assert [(i.name, i.known) for i in taquin.instances(korf)] == [("1", 57), ("2", 55)]
