"""The interactive examples of the Markdown pages (``>>>`` in a fenced block) run and print what
the pages say: each page's examples are one doctest session, in the order the page shows them.

A checker that never fails proves nothing, so it is first run on a page with a wrong output.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
#: Pages whose examples read files that commands shown before them wrote (a batch store).
NEEDS_EARLIER_COMMANDS = {"docs/batch.md"}
_FENCE = re.compile(r"^```[^\n]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def examples(text: str) -> str:
    """The fenced blocks of ``text`` that start with ``>>>``, joined."""
    return "\n".join(block for block in _FENCE.findall(text) if block.lstrip().startswith(">>>"))


def run_examples(text: str, name: str) -> doctest.TestResults:
    """Run the page's examples as one doctest session; the failures are printed."""
    test = doctest.DocTestParser().get_doctest(examples(text), {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    return runner.summarize(verbose=False)


def test_the_checker_finds_a_wrong_output_and_reads_only_fenced_examples(capsys):
    page = ("Text.\n\n```python\n>>> x = 6 * 7\n```\n\n>>> x  # not fenced: not run\n\n"
            "```console\n$ echo 1\n```\n\n```python\n>>> x\n41\n```\n")
    assert run_examples(page, "wrong.md") == doctest.TestResults(failed=1, attempted=2)
    assert "Expected:\n    41\nGot:\n    42" in capsys.readouterr().out


@pytest.mark.parametrize("page", [p for p in PAGES if examples(p.read_text())
                                  and p.relative_to(ROOT).as_posix() not in NEEDS_EARLIER_COMMANDS],
                         ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_examples_of_each_page_run_as_shown(page, capsys):
    result = run_examples(page.read_text(), str(page.relative_to(ROOT)))
    assert result.failed == 0, capsys.readouterr().out
    assert result.attempted > 0
