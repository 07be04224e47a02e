"""Korf's 100 random 15-puzzle instances: ``taquin/korf100.txt`` (and the published node counts,
``taquin/korf100_nodes.txt``) in the bench data folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from searchkit.bench import Options

__all__ = ["KorfInstance", "load_korf100"]


@dataclass(frozen=True)
class KorfInstance:
    """One instance: id, optimal length, tiles (cell by cell, 0 = blank) and the published node
    counts of IDA* with Manhattan (Korf 1985) and with Manhattan + linear conflict."""

    id: int
    optimum: int
    tiles: tuple[int, ...]
    nodes_md: int | None
    nodes_lc: int | None


def load_korf100(data: Path | Options) -> list[KorfInstance]:
    """The 100 instances in the paper's order, from the data folder ``data`` (or the options'
    folder); :class:`~searchkit.bench.MissingData` if ``korf100.txt`` is absent. The node
    counts are ``None`` when ``korf100_nodes.txt`` is absent."""
    options = data if isinstance(data, Options) else Options(data=Path(data))
    path = options.data_file("taquin", "korf100.txt")
    nodes_path = path.with_name("korf100_nodes.txt")
    nodes: dict[int, tuple[int, int]] = {}
    if nodes_path.exists():
        for line in nodes_path.read_text().split("\n"):
            if line.strip():
                f = line.split()
                nodes[int(f[0])] = (int(f[2]), int(f[3]))
    out = []
    for line in path.read_text().split("\n"):
        if line.strip():
            f = [int(x) for x in line.split()]
            md, lc = nodes.get(f[0], (None, None))
            out.append(KorfInstance(f[0], f[1], tuple(f[2:]), md, lc))
    return out
