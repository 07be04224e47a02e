"""Rush Hour plugin: the three formats, their errors, options and examples (its doctests run
with every plugin's: `plugins` is in the test paths)."""

from __future__ import annotations

import random

import pytest
from searchkit_rushhour import load_fogleman

from searchkit import OptionError, PuzzleFormatError, get_puzzle, search

PUZZLE = get_puzzle("rushhour")

TD_GRID = """\
. . 2 . 1 1
. . 2 . . .
G G 2 . . .
3 3 3 . . 4
. . . . . 4
. . . . . 4
"""
TD_LINE = "oo2o11oo2oooGG2ooo333oo4ooooo4ooooo4"  # not Fogleman's letters, but its layout


def layout(problem) -> list[tuple]:
    return [(v.row, v.col, v.length, v.horizontal) for v in problem.vehicles]


def test_the_three_formats_describe_the_same_board() -> None:
    json_board = PUZZLE.parse(PUZZLE.examples()["td"])
    grid = PUZZLE.parse(TD_GRID)
    with pytest.raises(PuzzleFormatError, match="no target car"):
        PUZZLE.parse(TD_LINE)  # the one-line format's target is A
    line = PUZZLE.parse(TD_LINE.replace("G", "A"))
    assert sorted(layout(json_board)) == sorted(layout(grid)) == sorted(layout(line))
    assert layout(json_board)[0] == layout(grid)[0] == layout(line)[0] == (2, 0, 2, True)
    # grids number vehicles target first, then in order of first appearance
    assert [v.label for v in grid.vehicles] == ["G", "2", "1", "3", "4"]
    for p in (json_board, grid, line):
        assert search(p, "bfs").cost == 9


def test_fogleman_lines_with_counts_and_dots() -> None:
    line = "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332"
    p = PUZZLE.parse(line)
    assert len(p.vehicles) == 12 and p.board.walls == {(0, 3)}
    dotted = PUZZLE.parse("IBBx..I..LDDJAAL..J.KEEMFFK..MGGHHHM")
    assert layout(dotted) == layout(p)
    assert p.render(p.initial()).splitlines()[2] == "0 | I B B x . . |"


def test_a_grid_with_both_a_and_g_takes_a_as_target() -> None:
    p = PUZZLE.parse("GG....\n......\nAA....\n......\n......\n......")
    assert p.vehicles[0].label == "A" and p.vehicles[0].row == 2


def test_json_with_english_keys_size_and_walls() -> None:
    text = ('{"size": 5, "walls": [[0, 0]], "vehicles": [{"row": 2, "col": 0, "length": 2, '
            '"orientation": "horizontal"}, {"row": 1, "col": 3, "length": 2, '
            '"orientation": "V"}]}')
    p = PUZZLE.parse(text)
    assert p.size == 5 and p.board.walls == {(0, 0)}
    r = search(p, "bfs")
    assert [p.format_action(a) for a in r.actions] == ["1-1", "0+3"]


@pytest.mark.parametrize("text,message", [
    ("AA....\n......\n......", "not square: 3 rows but this row has 6 cells"),
    ("[]", "not square: 1 row but this row has 2 cells"),
    ("A...\nA...\n....\n....", "must be horizontal"),
    ("AA..\n....\n.BBB\n....\nB...", "not square"),
    ("AAB.\n..B.\n..B.\n..B.", "length 4"),
    ("AA?.\n....\n....\n....", "unknown character '?'"),
    ("....\n....\n....\n....", "no target car"),
    ("AAB.\n....\n..B.\n....", "not a straight line"),
    ("AAB.\n....\n....\n....", "single cell"),
    ("AAooooooooooooooooooooooooooooooooBo", "single cell"),
    ('{"vehicules": [{"i": 2, "j": 5, "longueur": 2, "direction": "H"}]}', "runs off"),
    (('{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "H"},'
      ' {"i": 1, "j": 1, "longueur": 2, "direction": "V"}]}'), "overlaps vehicle '0'"),
    ('{"vehicules": [{"i": 2, "j": 0, "longueur": 2, "direction": "D"}]}', "expected 'H' or 'V'"),
    ('{"vehicules": [{"i": 2, "longueur": 2, "direction": "H"}]}', "no 'col'"),
    ('{"vehicules": [\n{"i": 2, "j": 0,, }]}', "line 2: invalid JSON"),
    ('{"vehicules": []}', "no vehicle"),
])
def test_bad_boards_give_one_clear_line(text: str, message: str) -> None:
    with pytest.raises(PuzzleFormatError, match=message) as info:
        PUZZLE.parse(text)
    assert "\n" not in str(info.value)


def test_errors_name_the_line() -> None:
    with pytest.raises(PuzzleFormatError, match=r"^line 3: unknown character '\*'"):
        PUZZLE.parse("AA..\n....\n..*.\n....")
    with pytest.raises(PuzzleFormatError, match=r"^line 2: vehicle 'B'"):
        PUZZLE.parse("# a comment\nAAB.\n..B.\n..B.\n..B.")


def test_lengths_any_allows_other_lengths() -> None:
    text = "AAB.\n..B.\n..B.\n..B."
    with pytest.raises(PuzzleFormatError):
        PUZZLE.parse(text)
    p = PUZZLE.parse("....\nAAB.\n..B.\n..B.", lengths="any")
    assert p.vehicles[1].length == 3
    long = PUZZLE.parse('{"size": 5, "vehicules": [{"i": 2, "j": 0, "longueur": 1, '
                        '"direction": "H"}, {"i": 0, "j": 1, "longueur": 4, "direction": "H"}, '
                        '{"i": 1, "j": 4, "longueur": 2, "direction": "V"}]}', lengths="any")
    assert [v.length for v in long.vehicles] == [1, 4, 2]
    # the car across the exit row goes down (the length-4 truck blocks the way up), then 0+4
    r = search(long, "bfs")
    assert [long.format_action(a) for a in r.actions] == ["2+2", "0+4"]


def test_options_are_validated_with_the_valid_values_listed() -> None:
    with pytest.raises(OptionError, match="valid: moves, cells, length-cells"):
        PUZZLE.parse(PUZZLE.examples()["td"], cost="steps")
    with pytest.raises(OptionError, match="valid: zero, blockers, blocked-blockers"):
        PUZZLE.parse(PUZZLE.examples()["td"], heuristic="manhattan")
    with pytest.raises(OptionError, match="unknown option 'walls'"):
        PUZZLE.parse(PUZZLE.examples()["td"], walls=True)


def test_unsolvable_boards_are_reported_without_search() -> None:
    wall = search(PUZZLE.parse("....\nAA.x\n....\n...."), "bfs")
    assert wall.status == "no_solution" and "wall at (1, 3)" in wall.reason
    truck = search(PUZZLE.parse("....\nAABB\n....\n...."), "bfs")
    assert truck.status == "no_solution" and "'B'" in truck.reason
    held = search(PUZZLE.parse("..x.\nAAB.\n..B.\n..x."), "bfs")
    assert held.status == "no_solution" and "held across" in held.reason
    # walls that leave a way out are not reported
    free = PUZZLE.parse("..x.\nAAB.\n..B.\n....")
    assert free.unsolvable_reason() is None and search(free, "bfs").cost == 2


def test_examples_solve_with_the_default_strategy() -> None:
    expected = {"td": 9, "td-truck": 3, "td-detour": 5, "card-01": 8, "card-10": 17,
                "card-21": 21, "card-40": 51, "hardest": 60}
    examples = PUZZLE.examples()
    assert next(iter(examples)) == "td"
    for name, text in examples.items():
        r = search(PUZZLE.parse(text), PUZZLE.default_strategy)
        assert r.cost == expected[name], name


def test_random_instances_parse() -> None:
    rng = random.Random(4)
    for _ in range(50):
        text = PUZZLE.random_instance(rng, size=rng.choice([4, 5, 6, 7]), vehicles=8, walls=2)
        p = PUZZLE.parse(text)
        assert p.board.target.label == "A" and len(text) == p.size ** 2


def test_load_fogleman_reads_database_lines(tmp_path) -> None:
    f = tmp_path / "db.txt"
    f.write_text("# comment\n\n08 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 1247 orig-01\n"
                 "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332\n")
    records = load_fogleman(f)
    assert records == [("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo", 8),
                       ("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM", 60)]
    f.write_text("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo\n")
    with pytest.raises(PuzzleFormatError, match="db.txt:1"):
        load_fogleman(f)


def test_bibfs_refuses_boards_with_too_many_goal_placements(monkeypatch) -> None:
    from searchkit_rushhour import problem as module

    from searchkit import IncompatibleError
    p = PUZZLE.parse(PUZZLE.examples()["card-01"])
    assert search(p, "bibfs").cost == 8
    monkeypatch.setattr(module, "MAX_GOAL_STATES", 5)
    with pytest.raises(IncompatibleError, match="more than 5 goal placements"):
        search(p, "bibfs")


@pytest.mark.parametrize("size", [5, 7, 11, 12])
def test_other_board_sizes(size: int) -> None:
    # target on row 1, a truck across its way with room to go down, a car closing the way up
    rows = [["."] * size for _ in range(size)]
    rows[1][0] = rows[1][1] = "A"
    for r in range(1, 4):
        rows[r][size - 2] = "B"
    rows[0][size - 3] = rows[0][size - 2] = "C"
    p = PUZZLE.parse("\n".join("".join(row) for row in rows))
    r = search(p, "bfs")
    assert [p.format_action(a) for a in r.actions] == ["B+1", f"A+{size - 2}"]
    assert search(PUZZLE.parse("\n".join("".join(row) for row in rows), cost="cells"),
                  "astar").cost == 1 + size - 2


@pytest.mark.parametrize("size", [4, 9, 16])
def test_a_grid_whose_rows_have_the_length_of_a_one_line_board_is_one_board(size: int) -> None:
    """4, 9 and 16 cells are also one-line 2x2, 3x3 and 4x4 boards: the file is still one grid,
    and its answer is the grid's (the car two cells from the exit: 1 move)."""
    rows = ["." * size for _ in range(size)]
    rows[1] = "." * (size - 3) + "AA."
    text = "\n".join(rows) + "\n"
    puzzle = get_puzzle("rushhour")
    found = list(puzzle.instances(text))
    assert len(found) == 1 and found[0].text == text
    assert search(puzzle.parse(found[0].text), "bfs").cost == 1
    assert len(list(puzzle.instances("AA..\n" * 3))) == 3  # three lines of four: three boards


def test_random_sizes_beyond_what_a_board_holds_are_refused_at_once() -> None:
    """A huge vehicle or wall count ran 20 attempts per unit: minutes, for nothing."""
    puzzle = get_puzzle("rushhour")
    with pytest.raises(ValueError, match="^vehicles must be a whole number from 0 to 24, not "):
        puzzle.random_instance(random.Random(1), vehicles=10**9)
    with pytest.raises(ValueError, match="^walls must be at most 7 on a 3x3 board"):
        puzzle.random_instance(random.Random(1), size=3, walls=10**9)
    full = puzzle.random_instance(random.Random(1), vehicles=24, walls=34)
    assert len(full) == 36


FOGLEMAN = ["08 BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo 1247 orig-01",
            "60 IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM 2332",
            "1 oooAAoooo"]


@pytest.mark.parametrize("bad, problem", [
    ("5 BBoooCDooEoCDAAEoCDooEooFoooGGFoHH", "expected a board of M*M characters (e.g. 36 for "
                                           "6x6), got 34"),                   # 2 cells short
    ("9 BBoooCDooEoCDAAE!CDooEooFoooGGFoHHHo", "unknown character '!' at position 17"),
])
@pytest.mark.parametrize("where", [1, 2, 4])  # the first too
def test_a_bad_line_of_a_collection_is_an_instance_whose_parse_names_it(
        bad: str, problem: str, where: int) -> None:
    """The other lines are instances as before; the bad one too, so that a batch records its
    error and runs the others (docs/batch.md, "Faults")."""
    lines = FOGLEMAN[:where - 1] + [bad] + FOGLEMAN[where - 1:]
    found = list(PUZZLE.instances("# a comment\n" + "\n".join(lines) + "\n"))
    assert [(i.name, i.line) for i in found] == [
        ("orig-01" if text.endswith("orig-01") else str(n), n + 1) for n, text in
        enumerate(lines, 1)]
    for inst in found:
        if inst.line != where + 1:
            PUZZLE.parse(inst.text)
    bad_instance = found[where - 1]
    assert (bad_instance.text, bad_instance.known) == (bad, int(bad.split()[0]))
    with pytest.raises(PuzzleFormatError) as caught:
        PUZZLE.parse(bad_instance.text)
    assert str(caught.value) == f"line 1: {problem}"


def test_a_text_of_comments_alone_holds_no_instance() -> None:
    assert list(PUZZLE.instances("")) == list(PUZZLE.instances("# nothing\n\n")) == []


@pytest.mark.parametrize("count", ["²", "3²"])  # digits to str.isdigit(), not to int()
def test_a_move_count_that_only_looks_like_digits_is_a_format_error(count: str) -> None:
    line = f"{count} IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
    found = list(PUZZLE.instances(line + "\n" + line.replace(count, "60") + "\n"))
    assert [i.known for i in found] == [None, 60]
    with pytest.raises(PuzzleFormatError, match="^line 1: "):
        PUZZLE.parse(found[0].text)
    with pytest.raises(ValueError, match="not a move of this board"):
        PUZZLE.parse(found[1].text).parse_action(f"A+{count}")
