"""Which taquin texts are collections: a bad line of a collection is named as such wherever it
is (the first and second lines too), and boards drawn over several rows stay one instance."""

from __future__ import annotations

from pathlib import Path

import pytest

from searchkit import PuzzleFormatError, get_puzzle
from searchkit.cli import main

PUZZLE = get_puzzle("taquin")
ONE_BOARD = "(each line of this file is one board)"
GOOD = ["87 135462", "12345678 ", " 12345678", "1 2 3 0"]
KORF = ["1 57 14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3",
        "2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11 6",
        "3 59 14 7 8 2 13 11 10 4 9 12 5 0 3 6 1 15"]
BAD = {  # a line -> the problem a collection reports for it
    "87 13546": "a one-line board must hold N*N tokens (N >= 2), got 2",       # a tile short
    "87 135468": "duplicate tile 8",                                             # 8 twice, no 2
    "1 2 3 3": "expected exactly one blank, found 0",                            # 3 twice
    "hello": "a one-line board must hold N*N tokens (N >= 2), got 1",            # a stray word
    "2 55 13 5 4 10 9 12 8 14 2 3 7 1 0 15 11": "got 17",                        # Korf, one short
}


def _with_bad_line(lines: list[str], bad: str, where: int) -> str:
    return "\n".join(lines[:where - 1] + [bad] + lines[where - 1:]) + "\n"


@pytest.mark.parametrize("where", [1, 2, 3])
@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_bad_line_of_a_collection_is_named_wherever_it_is(bad: str, where: int) -> None:
    lines = KORF if bad.startswith("2 55") else GOOD
    with pytest.raises(PuzzleFormatError) as caught:
        list(PUZZLE.instances(_with_bad_line(lines, bad, where)))
    assert caught.value.line == where
    assert BAD[bad] in caught.value.reason and caught.value.reason.endswith(ONE_BOARD)


@pytest.mark.parametrize("text, line", [("87 135462\n87 13546\n", 2), ("87 13546\n87 135462\n", 1),
                                        ("hello # a note\n\n1 2 3 0\n", 1)])
def test_a_bad_line_of_two_is_named_too(text: str, line: int) -> None:
    with pytest.raises(PuzzleFormatError) as caught:
        list(PUZZLE.instances(text))
    assert caught.value.line == line and caught.value.reason.endswith(ONE_BOARD)


@pytest.mark.parametrize("text", ["0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15",  # row 1: a 2x2
                                  "1 2 3 0\n4 5 6 7", "8 7 0\n1 3 5\n4 6 2", "87 135462"])
def test_boards_over_rows_and_single_lines_are_one_instance(text: str) -> None:
    assert [i.text for i in PUZZLE.instances(text)] == [text]
    PUZZLE.parse(text)


def test_a_bad_board_over_rows_gets_the_boards_own_error() -> None:
    """Its first row is a 2x2 board on its own, the others are not: still one board, and its
    error is the board's, not a line's of a collection."""
    text = "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 14"
    assert [i.text for i in PUZZLE.instances(text)] == [text]
    with pytest.raises(PuzzleFormatError, match="^line 4: duplicate tile 14$"):
        PUZZLE.parse(text)


@pytest.mark.parametrize("command", ["solve", "batch"])
def test_the_command_line_names_the_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture,
                                                  command: str) -> None:
    path = tmp_path / "boards.txt"
    path.write_text(_with_bad_line(GOOD, "87 135468", 2))
    args = ["--out", str(tmp_path / "r.jsonl")] if command == "batch" else []
    assert main([command, "taquin", str(path), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"searchkit: error: {path}:2: duplicate tile 8 {ONE_BOARD}\n"
    assert not (tmp_path / "r.jsonl").exists()


def test_a_file_of_one_bad_line_is_one_board_and_its_error_names_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "board.txt"
    path.write_text("# one board\n87 13546\n")
    assert [i.text for i in PUZZLE.instances(path.read_text())] == [path.read_text()]
    assert main(["solve", "taquin", str(path)]) == 2
    assert capsys.readouterr().err == (f"searchkit: error: {path}:2: a one-line board must hold "
                                       f"N*N tokens (N >= 2), got 2\n")
