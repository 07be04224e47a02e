"""Which taquin texts are collections: a bad line of a collection is an instance of its own,
whose parse names its line wherever it is (the first and second lines too), so a batch records
its error and runs the others; boards drawn over several rows stay one instance."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchkit import PuzzleFormatError, get_puzzle
from searchkit.cli import main
from tests.shared import needs_data

PUZZLE = get_puzzle("taquin")
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


def _bad_instance(text: str, line: int, count: int) -> PuzzleFormatError:
    """The error of the instance at file line ``line`` of ``text``, a collection of ``count``
    instances whose others parse; the error's line is the file's."""
    found = list(PUZZLE.instances(text))
    assert len(found) == count and [i.line for i in found].count(line) == 1
    for inst in found:
        if inst.line != line:
            PUZZLE.parse(inst.text)
    bad = next(inst for inst in found if inst.line == line)
    with pytest.raises(PuzzleFormatError) as caught:
        PUZZLE.parse(bad.text)
    assert caught.value.line == 1 and bad.name == str(line)  # named by its number
    return PuzzleFormatError(caught.value.reason, caught.value.line + bad.line - 1)


@pytest.mark.parametrize("where", [1, 2, 3])
@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_bad_line_of_a_collection_is_named_wherever_it_is(bad: str, where: int) -> None:
    lines = KORF if bad.startswith("2 55") else GOOD
    error = _bad_instance(_with_bad_line(lines, bad, where), where, len(lines) + 1)
    assert error.line == where and BAD[bad] in error.reason


@pytest.mark.parametrize("text, line", [("87 135462\n87 13546\n", 2), ("87 13546\n87 135462\n", 1),
                                        ("hello # a note\n\n1 2 3 0\n", 1)])
def test_a_bad_line_of_two_is_named_too(text: str, line: int) -> None:
    assert _bad_instance(text, line, 2).line == line


def test_a_korf_line_with_a_tile_twice_is_its_own_instance() -> None:
    """The audit's case: Korf's lines 1-3 then one with 9 twice; its id and optimum are kept."""
    text = "\n".join(KORF + ["4 56 5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 9"]) + "\n"
    found = list(PUZZLE.instances(text))
    assert [(i.name, i.known, i.line) for i in found] == [
        ("1", 57, 1), ("2", 55, 2), ("3", 59, 3), ("4", 56, 4)]
    assert found[3].text == "5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 9"
    with pytest.raises(PuzzleFormatError, match="^line 1: duplicate tile 9$"):
        PUZZLE.parse(found[3].text)


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


def test_the_command_line_names_the_file_and_line(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "boards.txt"
    path.write_text(_with_bad_line(GOOD, "87 135468", 2))
    out = tmp_path / "r.jsonl"
    assert main(["batch", "taquin", str(path), "-j", "1", "--json", "--out", str(out)]) == 1
    capsys.readouterr()
    records = [json.loads(row) for row in out.read_text().splitlines()]
    assert [(r["instance"], r["status"], r["error"]) for r in records] == [
        ("boards.txt:1", "solved", None), ("boards.txt:2", "error", f"{path}:2: duplicate tile 8"),
        ("boards.txt:3", "solved", None), ("boards.txt:4", "solved", None),
        ("boards.txt:5", "no_solution", None)]  # 1 2 3 0: the other half of the 2x2 boards
    assert main(["solve", "taquin", str(path), "--level", "3"]) == 0
    capsys.readouterr()
    assert main(["solve", "taquin", str(path), "--level", "2"]) == 2
    out_text, err = capsys.readouterr()
    assert out_text == "" and err == f"searchkit: error: {path}:2: duplicate tile 8\n"


@needs_data
def test_the_audits_korf_file_runs_its_good_lines(shared_data: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture) -> None:
    """Korf's first three lines and a fourth with 9 twice: the bad line is one error record,
    and the others are still instances of the file (their optima known)."""
    path = tmp_path / "k.txt"
    korf = (shared_data / "taquin/korf100.txt").read_text().splitlines()[:3]
    path.write_text("\n".join(korf + ["4 56 5 12 10 7 15 11 14 0 8 2 1 13 3 4 9 9"]) + "\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", "taquin", str(path), "--instances", "4", "-j", "1", "--json",
                 "--out", str(out)]) == 1
    capsys.readouterr()
    [record] = [json.loads(row) for row in out.read_text().splitlines()]
    assert (record["instance"], record["status"], record["known"], record["error"]) == (
        "k.txt:4", "error", 56, f"{path}:4: duplicate tile 9")
    assert main(["solve", "taquin", str(path), "--level", "4"]) == 2
    assert capsys.readouterr().err == f"searchkit: error: {path}:4: duplicate tile 9\n"


def test_a_file_of_one_bad_line_is_one_board_and_its_error_names_the_line(
        tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    path = tmp_path / "board.txt"
    path.write_text("# one board\n87 13546\n")
    assert [i.text for i in PUZZLE.instances(path.read_text())] == [path.read_text()]
    assert main(["solve", "taquin", str(path)]) == 2
    assert capsys.readouterr().err == (f"searchkit: error: {path}:2: a one-line board must hold "
                                       f"N*N tokens (N >= 2), got 2\n")
