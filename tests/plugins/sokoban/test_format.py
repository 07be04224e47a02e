"""Sokoban text formats: XSB, run-length encoding, collections, errors naming their line."""

from __future__ import annotations

import pytest

from searchkit import PuzzleFormatError, UnknownNameError, get_puzzle, search

SOKOBAN = get_puzzle("sokoban")

COLLECTION = """\
; A small collection
; with a header

; 1 first
#####
#@$.#
#####

; second level
; second comment line
######
#@$ .#
######

Title: Third
5#|#@$.#|#-$.#|5#

######
#.$ @#
######
Title: Fourth
Author: someone
"""


def test_levels_lists_names_from_comments_titles_and_numbers() -> None:
    assert SOKOBAN.levels(COLLECTION) == ["1 first", "second level", "Third", "Fourth"]


@pytest.mark.parametrize(
    "choice, pushes",
    [(None, 1), (1, 1), ("2", 2), ("second level", 2), ("second", 2), ("level", 2), ("first", 1),
     ("Third", 2), ("Fourth", 1), (4, 1)],
)
def test_level_option_picks_by_number_name_or_first_word_or_the_rest(choice, pushes) -> None:
    problem = SOKOBAN.parse(COLLECTION, level=choice, cost="pushes")
    assert search(problem, "bfs").cost == pushes


def test_run_length_encoding_equals_the_plain_level() -> None:
    plain = SOKOBAN.parse("#####\n#@$.#\n# $.#\n#####")
    rle = SOKOBAN.parse(COLLECTION, level="Third")
    assert rle.render(rle.initial()) == plain.render(plain.initial()) == \
        "#####\n#@$.#\n# $.#\n#####"


def test_unknown_level_lists_the_names() -> None:
    with pytest.raises(UnknownNameError, match="Third"):
        SOKOBAN.parse(COLLECTION, level="nope")
    with pytest.raises(UnknownNameError):
        SOKOBAN.parse(COLLECTION, level=9)
    with pytest.raises(UnknownNameError, match="'²'"):  # a digit to isdigit(), not to int()
        SOKOBAN.parse(COLLECTION, level="²")


def test_floor_aliases_and_keeper_on_goal() -> None:
    problem = SOKOBAN.parse("#####\n#+$-#\n#_-*#\n#####")
    # '+' keeper on goal, '-' and '_' floor; render draws standard XSB with spaces for floor
    assert problem.render(problem.initial()) == "#####\n#+$ #\n#  *#\n#####"


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("#####\n#$. #\n#####", 1, "no keeper"),
        ("#####\n#@$.#\n#@  #\n#####", 3, "second keeper"),
        ("#####\n#@$$#\n#.  #\n#####", 1, "2 boxes but 1 goal$"),
        ("#####\n#@$. \n#####", 2, "not closed"),
        ("#####\n#@$.#\n#  X#\n#####", 3, "unknown character 'X' in column 4"),
        ("; comment\n\n#####\n#@$.#\n#   \n#####", 4, "not closed"),
        ("3", 1, "run-length count"),
        ("; only a comment", None, "no level found"),
    ],
)
def test_bad_levels_name_their_line(text, line, message) -> None:
    with pytest.raises(PuzzleFormatError, match=message) as info:
        SOKOBAN.parse(text)
    assert info.value.line == line
    assert "\n" not in str(info.value)


def test_sealed_off_box_off_goal_is_unsolvable_at_once() -> None:
    text = "#######\n#@$. ##\n#######\n#$ .  #\n#######"
    result = search(SOKOBAN.parse(text), "astar")
    assert result.status == "no_solution"
    assert "sealed off" in result.reason


def test_box_on_dead_square_is_unsolvable_at_once() -> None:
    result = search(SOKOBAN.parse("#####\n#$ .#\n#@  #\n#####"), "astar")
    assert result.status == "no_solution" and "dead square" in result.reason


def test_render_round_trips_every_example() -> None:
    for name, text in SOKOBAN.examples().items():
        problem = SOKOBAN.parse(text)
        assert problem.render(problem.initial()) == "\n".join(
            line.rstrip() for line in text.splitlines()), name


def test_options_are_validated() -> None:
    from searchkit import OptionError

    with pytest.raises(OptionError, match="valid: moves, pushes"):
        SOKOBAN.parse("#####\n#@$.#\n#####", cost="steps")
    with pytest.raises(OptionError):
        SOKOBAN.parse("#####\n#@$.#\n#####", freeze="maybe")


@pytest.mark.parametrize("text, line", [
    ("3", 1),  # a level of one bad line
    ("; a\n99999999999#\n#####\n#@$.#\n#####", 2),  # the bad line first: it was dropped
    ("#####\n#@$.#\n3\n#####", 3),
])
def test_a_collections_instance_keeps_its_bad_lines(text, line) -> None:
    # batch runs a collection's levels as instances, each parsed alone: the error must be
    # the one the whole file gives, at the same line
    from searchkit_sokoban.collection import instances

    (instance,) = instances(text)
    with pytest.raises(PuzzleFormatError) as alone:
        SOKOBAN.parse(instance.text)
    with pytest.raises(PuzzleFormatError) as whole:
        SOKOBAN.parse(text)
    assert whole.value.line == line == alone.value.line + instance.line - 1
    assert str(alone.value).split(": ", 1)[1] == str(whole.value).split(": ", 1)[1]
