"""The Markdown pages hold together: every relative link and anchor resolves, the README and the
docs index link every page, and the files and modules the pages name exist.

A link checker that never fails proves nothing, so the checkers are first run on a small tree
with known breakage and must report exactly it.
"""

from __future__ import annotations

import importlib
import re
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]

_FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
_CODE = re.compile(r"`[^`\n]*`")
_LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t#]*$", re.MULTILINE)
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto:, file:
#: A path into the repository, written from its root (``searchkit/loops/run.py``, ``tests/``).
_REPO_PATH = re.compile(r"(?<![\w./-])((?:searchkit|plugins|tests|tools|docs)/[\w./-]*\w/?)")
#: A dotted module or attribute of the core or a built-in plugin (``searchkit.loops.Run``).
_DOTTED = re.compile(
    r"(?<![\w./-])((?:searchkit|searchkit_(?:nstar|rushhour|sokoban|taquin))(?:\.[A-Za-z_]\w*)+)")
_FILE_SUFFIXES = {"py", "md", "toml", "txt", "json", "html", "png", "csv", "xsb", "ipynb"}


def prose(text: str) -> str:
    """``text`` without fenced code blocks and inline code (links there are not links)."""
    return _CODE.sub("", _FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("Drawing a puzzle: `render_svg`"), slug("6. Test it")
    ('drawing-a-puzzle-render_svg', '6-test-it')
    """
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link's text only
    text = re.sub(r"[^\w\- ]", "", text.lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of ``page``'s headings (a repeated heading gets ``-1``, ``-2``, ...)."""
    seen: dict[str, int] = {}
    found = set()
    for heading in _HEADING.findall(_FENCE.sub("", page.read_text(encoding="utf-8"))):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(page: Path) -> list[str]:
    """The relative links of ``page`` whose file, or heading anchor, does not exist."""
    broken = []
    for target in _LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if _EXTERNAL.match(target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {linked.name}")
    return broken


def linked_pages(page: Path) -> set[Path]:
    """The Markdown files ``page`` links to."""
    targets = _LINK.findall(prose(page.read_text(encoding="utf-8")))
    return {(page.parent / t.partition("#")[0]).resolve() for t in targets
            if not _EXTERNAL.match(t) and t.partition("#")[0].endswith(".md")}


def missing_names(page: Path, root: Path = ROOT) -> list[str]:
    """Repository paths (``searchkit/loops/run.py``) named outside ``page``'s code blocks (whose
    output may name files of other folders) that do not exist, and dotted names
    (``searchkit.loops.Run``) anywhere in it that do not import."""
    text = page.read_text(encoding="utf-8")
    missing = [path for path in sorted(set(_REPO_PATH.findall(_FENCE.sub("", text))))
               if not (root / path).exists()]
    for name in sorted(set(_DOTTED.findall(text))):
        if name.rsplit(".", 1)[-1] not in _FILE_SUFFIXES and not _resolves(name):
            missing.append(name)
    return missing


def _resolves(name: str) -> bool:
    """Whether ``name`` is an importable module, or an attribute path from one."""
    parts = name.split(".")
    for i in range(len(parts), 0, -1):
        try:
            with warnings.catch_warnings():  # a deprecated module still exists
                warnings.simplefilter("ignore", DeprecationWarning)
                obj = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attribute in parts[i:]:
            if not hasattr(obj, attribute):
                return False
            obj = getattr(obj, attribute)
        return True
    return False


# -- the checkers catch what they are for ----------------------------------------------------

def test_the_checkers_report_broken_links_anchors_paths_and_names(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.md").write_text("# B page\n\n## Two words\n", encoding="utf-8")
    page = tmp_path / "a.md"
    page.write_text(
        "# A\n\n[ok](sub/b.md) [ok](sub/b.md#two-words) [ok](#a) [web](https://example.org)\n"
        "[gone](sub/c.md) [bad anchor](sub/b.md#three) [self](#nowhere) ![img](img.png)\n"
        "`[code](not/a/link.md)`\n\n```\n[fenced](nor/this.md)\n```\n\n"
        "See `searchkit/search.py`, searchkit/no_such.py, `searchkit.search`, "
        "`searchkit.loops.Run`, searchkit.no_such_name and `searchkit.loops.NoSuch`.\n",
        encoding="utf-8")
    assert broken_links(page) == [
        "sub/c.md: no such file", "sub/b.md#three: no heading #three in b.md",
        "#nowhere: no heading #nowhere in a.md", "img.png: no such file"]
    assert linked_pages(page) == {tmp_path / "sub" / "b.md", tmp_path / "sub" / "c.md"}
    assert missing_names(page) == [
        "searchkit/no_such.py", "searchkit.loops.NoSuch", "searchkit.no_such_name"]


# -- the real pages ----------------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(page: Path) -> None:
    assert broken_links(page) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_files_and_modules_a_page_names_exist(page: Path) -> None:
    assert missing_names(page) == []


@pytest.mark.parametrize("index", [ROOT / "README.md", DOCS / "README.md"],
                         ids=["README.md", "docs/README.md"])
def test_the_readme_and_the_docs_index_link_every_page(index: Path) -> None:
    pages = {p.resolve() for p in DOCS.rglob("*.md")} - {index.resolve()}
    unlinked = sorted(str(p.relative_to(ROOT)) for p in pages - linked_pages(index))
    assert unlinked == []
