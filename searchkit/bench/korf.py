"""Korf's 100 random 15-puzzle instances from ``../shared/data/taquin`` (skipped when absent)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["KorfInstance", "load_korf100", "data_dir"]


def data_dir(puzzle: str) -> Path:
    """``<repo>/../shared/data/<puzzle>`` (the benchmark data beside the repository)."""
    return Path(__file__).resolve().parents[2].parent / "shared" / "data" / puzzle


@dataclass(frozen=True)
class KorfInstance:
    """One instance: id, optimal length, tiles (cell by cell, 0 = blank) and the published node
    counts of IDA* with Manhattan (Korf 1985) and with Manhattan + linear conflict."""

    id: int
    optimum: int
    tiles: tuple[int, ...]
    nodes_md: int | None
    nodes_lc: int | None


def load_korf100() -> list[KorfInstance] | None:
    """The 100 instances in the paper's order, or ``None`` when the data files are absent."""
    folder = data_dir("taquin")
    path, nodes_path = folder / "korf100.txt", folder / "korf100_nodes.txt"
    if not path.exists():
        return None
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
