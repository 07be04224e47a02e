"""Collections: every built-in format splits into instances with the file's optima, tables of
known optima join by name, and `solve` on a collection asks for --level."""

from __future__ import annotations

import json
import re

import pytest

import searchkit
from searchkit.cli import main
from searchkit.experiments import load_known, read_collection
from searchkit.experiments.collection import collection, known_for
from tests.shared import needs_data


@needs_data
@pytest.mark.parametrize("puzzle, path, count, total", [
    ("taquin", "taquin/korf100.txt", 100, 5305),       # SOURCES.md: sum of lengths 5305
    ("taquin", "taquin/korf24_50.txt", 50, 5039),      # mean 100.78 over 50
    ("rushhour", "rushhour/fogleman_sample.txt", 2000, None),
    ("rushhour", "rushhour/cards.txt", 80, None),
    ("sokoban", "sokoban/microban.xsb", 155, None),
    ("sokoban", "sokoban/sasquatch.xsb", 50, None),
])
def test_real_files_split_into_their_instances(shared_data, puzzle, path, count, total):
    found = read_collection(searchkit.get_puzzle(puzzle), shared_data / path)
    assert len(found) == count
    assert len({label for label, _ in found}) == count
    if total is not None:
        assert sum(inst.known for _, inst in found) == total
    for _, inst in found[:: max(1, count // 25)]:  # each text rebuilds its instance alone
        searchkit.get_puzzle(puzzle).parse(inst.text)


@needs_data
def test_fogleman_and_cards_known_optima_and_names(shared_data):
    rushhour = searchkit.get_puzzle("rushhour")
    cards = dict(read_collection(rushhour, shared_data / "rushhour/cards.txt"))
    assert cards["cards.txt:orig-40-expert"].known == 51   # SOURCES.md: card 40 takes 51 moves
    sample = read_collection(rushhour, shared_data / "rushhour/fogleman_sample.txt")
    assert sample[0][1].known == 60 and sample[-1][1].known == 1
    cells = read_collection(rushhour, shared_data / "rushhour/cards.txt", {"cost": "cells"})
    assert all(inst.known is None for _, inst in cells)   # the file counts moves, not cells


@needs_data
def test_known_table_joins_by_level_and_cost_model(shared_data):
    sokoban = searchkit.get_puzzle("sokoban")
    table = load_known(shared_data / "sokoban/microban_optimal.csv")
    moves = dict(read_collection(sokoban, shared_data / "sokoban/microban.xsb", {}, table))
    pushes = dict(read_collection(sokoban, shared_data / "sokoban/microban.xsb",
                                  {"cost": "pushes"}, table))
    assert (moves["microban.xsb:1"].known, pushes["microban.xsb:1"].known) == (33, 8)
    assert moves["microban.xsb:44 Duh!"].known == table["44"]["moves"]
    assert moves["microban.xsb:93"].known is None          # unknown optimum: empty field
    seeds = dict(read_collection(sokoban, shared_data / "sokoban/seed_levels.xsb", {},
                                 load_known(shared_data / "sokoban/seed_levels_optimal.csv")))
    assert seeds["seed_levels.xsb:lvl_mini -- stated 30 moves"].known == 30


@pytest.mark.parametrize("rows, problem", [
    ("1,\xe9\n", "not a UTF-8 text file"),
    ("1,7\n2,nan\n", "3: moves is 'nan', not a finite number"),
    ("1,-inf\n", "2: moves is '-inf', not a finite number"),
    ("1,1e400\n", "2: moves is '1e400', not a finite number"),
    ("1,0\n2,-3\n", "3: moves is '-3': an optimum is 0 or more"),
])
def test_known_optima_are_utf8_and_finite(tmp_path, capsys, rows, problem):
    path = tmp_path / "known.csv"
    path.write_bytes(("level,moves\n" + rows).encode("latin-1"))
    separator = "" if problem[0].isdigit() else " "
    with pytest.raises(searchkit.SearchkitError) as caught:
        load_known(path)
    assert str(caught.value) == f"{path}:{separator}{problem}"
    with pytest.raises(searchkit.SearchkitError):
        load_known(path, "moves")
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n3 9\n")
    assert main(["batch", "nstar", str(pairs), "--known", str(path), "--json",
                 "--out", str(tmp_path / "r.jsonl")]) == 2
    assert capsys.readouterr() == ("", f"searchkit: error: {path}:{separator}{problem}\n")


@pytest.mark.parametrize("rows, problem", [
    ('1,33,"from a paper\n2,16,bfs\n', "2: a quote is not closed on its line (a row of the table "
                                       "is one line)"),          # row 2 was swallowed
    ('1,33,bfs\n2,"16\n', "3: a quote is not closed on its line (a row of the table is one "
                          "line)"),                              # read as 16
    ('"1"x,33,bfs\n', "2: not a CSV row: ',' expected after '\"'"),  # read as level '1x'
])
def test_a_quote_left_open_in_known_optima_is_an_error_naming_the_line(tmp_path, capsys, rows,
                                                                        problem):
    path = tmp_path / "known.csv"
    path.write_text("level,moves,source\n" + rows)
    with pytest.raises(searchkit.SearchkitError) as caught:
        load_known(path)
    assert str(caught.value) == f"{path}:{problem}"
    pairs = tmp_path / "pairs.txt"
    pairs.write_text("1 42\n3 9\n")
    assert main(["batch", "nstar", str(pairs), "--known", str(path),
                 "--out", str(tmp_path / "r.jsonl")]) == 2
    assert capsys.readouterr() == ("", f"searchkit: error: {path}:{problem}\n")


def test_a_byte_order_mark_is_no_part_of_the_first_column_name(tmp_path):
    """The mark began the first field, so its quotes were text and its comma split it in two:
    every column of optima was read under the name of the one before it."""
    path = tmp_path / "known.csv"
    path.write_bytes('"level, as numbered",moves,pushes\n1,33,8\n'.encode("utf-8-sig"))
    assert load_known(path) == {"1": {"moves": 33, "pushes": 8}}


def test_a_typo_in_a_column_of_optima_is_an_error_and_a_short_row_has_no_optimum(tmp_path):
    """One bad cell used to turn a whole column into 'text' and drop it, and then the other
    column, the only one left, was used for every cost model; a short row's missing field
    likewise gave the other column's value."""
    typo = tmp_path / "typo.csv"
    typo.write_text("level,moves,pushes\n1,33,8\n2,4l,2\n")
    with pytest.raises(searchkit.SearchkitError, match=f"^{typo}:3: moves is '4l', not a number$"):
        load_known(typo)
    short = tmp_path / "short.csv"
    short.write_text("level,moves,pushes\n1,33\n2,10,4\n")
    table = load_known(short)
    assert table == {"1": {"moves": 33, "pushes": None}, "2": {"moves": 10, "pushes": 4}}
    assert known_for(table, "1", 1, "pushes") is None and known_for(table, "1", 1, "moves") == 33


def test_a_second_row_for_one_instance_is_an_error(tmp_path):
    path = tmp_path / "dup.csv"
    path.write_text("level,moves\n1,7\n2,9\n1,8\n")
    with pytest.raises(searchkit.SearchkitError,
                       match=f"^{path}:4: a second row for '1' \\(the first at line 2\\)$"):
        load_known(path)


def test_a_text_column_of_known_optima_may_hold_inf(tmp_path):
    path = tmp_path / "known.csv"
    path.write_text("level,moves,note\n1,7,inf\n2,,looks hard\n")
    assert load_known(path) == {"1": {"moves": 7}, "2": {"moves": None}}


def test_collection_formats_and_single_instances():
    nstar, taquin = searchkit.get_puzzle("nstar"), searchkit.get_puzzle("taquin")
    assert [i.text for i in collection(nstar, "1 42\n# c\n3 100\n")] == ["1 42", "3 100"]
    assert len(collection(nstar, "42")) == 1
    assert len(collection(taquin, "1 2 3\n4 5 6\n7 8 0")) == 1       # one board over rows
    assert len(collection(taquin, "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15")) == 1
    assert [i.name for i in collection(taquin, "87 135462\n12345678 \n")] == ["1", "2"]
    # a bad line is an instance of its own, which fails when parsed: a batch records its error
    bad = collection(nstar, "1 2\n3 4\n5 6 7\n")[2]
    assert (bad.name, bad.text, bad.line) == ("3", "5 6 7", 3)
    with pytest.raises(searchkit.PuzzleFormatError, match="^line 1: expected 'START TARGET'"):
        nstar.parse(bad.text)
    korf = "1 3 1 2 3 0\n2 1 0 1 2 3\n3 2 0 1 2 2\n"            # 2x2 boards, line 3 broken
    bad = collection(taquin, korf)[2]
    assert (bad.name, bad.text, bad.known, bad.line) == ("3", "0 1 2 2", 2, 3)
    with pytest.raises(searchkit.PuzzleFormatError, match="^line 1: duplicate tile 2$"):
        taquin.parse(bad.text)
    assert collection(nstar, "") == collection(taquin, "# c\n") == []   # no instance at all
    assert searchkit.select_instance(collection(nstar, "1 2\n3 4"), "2").text == "3 4"
    with pytest.raises(searchkit.UnknownNameError):
        searchkit.select_instance(collection(nstar, "1 2\n3 4"), "5")
    with pytest.raises(searchkit.UnknownNameError, match="'²'"):  # isdigit(), yet not int()
        searchkit.select_instance(collection(nstar, "1 2\n3 4"), "²")


@needs_data
def test_solve_on_a_collection_says_how_many_and_how_to_choose(shared_data, capsys):
    korf = str(shared_data / "taquin/korf100.txt")
    assert main(["solve", "taquin", korf]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (f"searchkit: error: {korf} holds 100 instances: choose one with --level N "
                   f"(1-100 or a name), or run them all with 'searchkit batch taquin {korf}'")
    assert main(["solve", "taquin", korf, "--level", "9", "-s", "idastar", "--json"]) == 0
    assert '"cost": 46' in capsys.readouterr().out        # Korf's instance 9: 46 moves
    micro = str(shared_data / "sokoban/microban.xsb")
    assert main(["solve", "sokoban", micro]) == 2
    assert "holds 155 instances" in capsys.readouterr().err


def test_instances_sharing_a_name_are_all_run(tmp_path, capsys):
    """Four boards all named 'beginner': four tasks and four records, none taken for another's
    result by the resume check."""
    boards = ["AAo" + "o" * 6, "oooAAoooo", "ooooooAAo", "oAAoooooo"]
    cards = tmp_path / "cards.txt"
    cards.write_text("".join(f"1 {b} 1 beginner\n" for b in boards))
    out = tmp_path / "r.jsonl"
    assert main(["batch", "rushhour", str(cards), "-s", "bfs", "--json", "--out", str(out)]) == 0
    capsys.readouterr()
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["instance"] for r in records) == [
        f"cards.txt:beginner#{n}" for n in (1, 2, 3, 4)]


@needs_data
def test_a_level_picked_with_an_option_is_labelled_as_in_the_whole_file(shared_data, tmp_path,
                                                                        capsys):
    micro = str(shared_data / "sokoban/microban.xsb")
    out = tmp_path / "r.jsonl"
    for level in ("2", "3"):
        assert main(["batch", "sokoban", micro, "-o", f"level={level}", "--json", "--resume",
                     "--out", str(out)]) == 0
    capsys.readouterr()
    whole = [label for label, _ in read_collection(searchkit.get_puzzle("sokoban"), micro)]
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["instance"] for r in records] == whole[1:3]


def test_a_table_of_another_cost_model_is_not_used(tmp_path, capsys):
    """Only a 'pushes' column, runs counting moves: every result read 'not optimal'."""
    level = tmp_path / "one.xsb"
    level.write_text("#####\n#@$.#\n#####\n")
    known = tmp_path / "known.csv"
    known.write_text("level,pushes\n1,1\n")
    out = tmp_path / "r.jsonl"
    assert main(["batch", "sokoban", str(level), "--known", str(known), "--out", str(out)]) == 2
    assert capsys.readouterr().err == ("searchkit: error: the table of known optima counts "
                                       "pushes, not moves: give --cost pushes, or a table with "
                                       "a moves column\n")
    assert main(["batch", "sokoban", str(level), "--known", str(known), "--cost", "pushes",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    [record] = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["known"] == 1 and record["matches_known"] is True


@pytest.mark.parametrize("spec, message", [
    ("3-1", "instances 3-1 run backwards: write 1-3"),
    ("2-9", r"instances 2-9 out of range \(1-3\)"),
    ("0-2", r"instances 0-2 out of range \(1-3\)"),
    ("Nope", r"unknown instance 'Nope' \(valid: 1..3\)"),
])
def test_a_bad_instances_list_is_one_line_naming_the_file(tmp_path, capsys, spec, message):
    path = tmp_path / "pairs.txt"
    path.write_text("1 2\n3 4\n5 6\n")
    assert main(["batch", "nstar", str(path), "--instances", spec]) == 2
    assert re.fullmatch(rf"searchkit: error: {re.escape(str(path))}: {message}\n",
                        capsys.readouterr().err)
