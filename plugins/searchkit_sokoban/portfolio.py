"""The searches that :func:`~.solve.solve_level` runs on a level in ``mode="any"``, and the
checks that refuse a bad plan before any of them runs.

A *plan* is a list of members ``(name, mode, strategy, share of the time left, tuning)``, run one
after the other until one ends the solve; :data:`PORTFOLIO` is the default plan of the fast
mode. :func:`check_plan` validates a plan member by member (errors name the member and list the
valid choices), :func:`check_strategy` a single strategy, for commands that check their
arguments before they read a level.

>>> [name for name, *_ in PORTFOLIO][-2:]
['features', 'exact astar']
>>> check_plan([("mine", "any", "greedy", 1.5, {})], members=True)
Traceback (most recent call last):
...
ValueError: portfolio member 'mine': share 1.5 must be in (0, 1] (a fraction of the time left)
"""

from __future__ import annotations

import math
from typing import Any

from searchkit import UnknownNameError, get_strategy

from .compiled import available
from .compiledfeatures import check_features
from .compiledpulls import check_pull_features
from .problem import MODES
from .routes import check_macros

__all__ = ["ANY_TUNING", "COMPILED", "COMPILED_FEATURES_TUNING", "COMPILED_TUNING",
           "FEATURE_TUNING", "LANES", "OWN_SEARCHES", "PORTFOLIO", "PULL_TUNING", "TABLE_TUNING",
           "Member", "check_plan", "check_strategy", "check_switches", "check_workers"]

#: Keyword arguments of :class:`~.anyplan.AnyPlanProblem` that :func:`~.solve.solve_level`
#: passes on in ``mode="any"`` (switches for ablations, not puzzle options); ``tunnels`` also
#: goes to the backward search (:class:`~.pulls.PullProblem`: its tunnel pulls).
ANY_TUNING = ("tunnels", "goal_macros", "packing_weight")
#: Keyword arguments of :class:`~.pulls.PullProblem` that a portfolio member whose strategy is
#: ``"pull"`` takes as its tuning (``macro_depth``, ``plateau_macros``: the backward search's
#: macros).
PULL_TUNING = ("macro_depth", "plateau_macros")
#: Keyword arguments of :class:`~.compiledpulls.CompiledPulls` that a portfolio member whose
#: strategy is ``"compiled-pull"`` takes as its tuning (``features``: a tuple of names of
#: :data:`~.compiledpulls.PULL_FEATURES`, a feature-space search; whole numbers, 0 or more,
#: without features: ``noise``, the range of the random part of its guide, and ``seed``, its
#: generator's seed).
COMPILED_TUNING = ("features", "noise", "seed")
#: Keyword arguments of :class:`~.compiledfeatures.CompiledFeatures` that a portfolio member
#: whose strategy is ``"compiled-features"`` takes as its tuning (``features``: a tuple of names
#: of :data:`~.compiledfeatures.FEATURES`; ``advisor``: the packing advisor's moves, on or off).
COMPILED_FEATURES_TUNING = ("features", "advisor")
#: Keyword arguments of :func:`~.features.feature_search` that :func:`~.solve.solve_level`
#: passes on (switches for ablations: ``box_moves``, ``opener``).
FEATURE_TUNING = ("box_moves", "opener")
#: Tuning of a forward portfolio member that acts on the level's shared tables before the member
#: runs: ``subset_sets``, the ``subsets`` tables extended to the sizes that fit that many box sets
#: (:meth:`~.subsets.SubsetTable.extend`; the first search built them to 100,000), within half
#: the member's time (a size not done by then is dropped), the rest going to its search. No
#: default member uses it since the ``rooms`` rule (docs/puzzles/sokoban.md).
TABLE_TUNING = ("subset_sets",)

#: One search of a plan: ``(name, mode, strategy, share of the time left, tuning)``.
Member = tuple[str, str, str, float, dict[str, Any]]

#: ``mode="any"`` without a strategy: ``(name, mode, strategy, share of the time left, tuning)``,
#: in order. The backward search (:mod:`.pulls`) solves most levels at once and takes tightly
#: packed goals apart, and the forward searches after it meet the positions it reached; greedy
#: search is fast but brittle: it dives into a dead region (greedy without goal macros and
#: packing guidance dives elsewhere); the feature-space search (:mod:`.features`) is slower but
#: gives every kind of position its turn; the exact A* solves a few small levels that the
#: guidance misleads. A second, short backward search offers macros on plateaus only
#: (``{"macro_depth": 8, "plateau_macros": True}``, see :mod:`.pulls`): it solves a level whose
#: guide stalls where a box must be walked round (Sasquatch 23 at 60 s); with macros
#: everywhere, a longer member traded levels without a net gain (docs/puzzles/sokoban.md). The
#: first forward member builds the ``rooms`` rule's tables (:mod:`.rooms`) for every later one.
#: When Numba is installed (the ``fast`` extra), the compiled backward search (:mod:`.compiled`)
#: comes first: 10 to 23 times as fast as the Python one, with its ties newest first, it solves
#: in a fraction of a second levels the Python one needs many seconds for or misses (Sasquatch
#: 10, 23), and Sasquatch 18 and 44, which no other member solves; with seeded noise in its
#: guide (``noise=3``) it needs fewer expansions on most of the hard levels measured, and 44
#: only with it (docs/puzzles/sokoban.md). It meets no other search, so the Python one still
#: runs after it. It has 25 % of the time: 44 needs 12.2 s of CPU, all of 20 % at 60 s, and
#: with two workers the second lane's compiled search runs beside it on the other core. After
#: the Python one, the compiled one again as a feature-space search (``features``, see
#: :mod:`.compiledpulls`), 30 % of what is left: it solves Sasquatch 12, which no other member
#: solves, in 5.2 s of CPU (8.8 s at 60 s); placed after the Python search, it leaves the
#: members before it their time at 10 s.
PORTFOLIO: tuple[Member, ...] = (
    *((("compiled pull", "any", "compiled-pull", 0.25, {"noise": 3}),) if available() else ()),
    ("pull", "any", "pull", 0.35, {}),
    *((("compiled pull, features", "any", "compiled-pull", 0.3,
        {"features": ("off_start", "regions")}),) if available() else ()),
    ("pull, plateau macros", "any", "pull", 0.05,
     {"macro_depth": 8, "plateau_macros": True}),
    ("greedy", "any", "greedy", 0.15, {}),
    ("greedy, plain", "any", "greedy", 0.3, {"goal_macros": False, "packing_weight": 0}),
    ("features", "any", "features", 0.8, {}),
    ("exact astar", "optimal", "astar", 1.0, {}))

#: The fast mode on several cores (``solve_level(..., workers=2)``, :mod:`.parallel`): lanes run
#: at once, each a portfolio with the whole time limit. The first is :data:`PORTFOLIO`; the
#: second gives the forward searches that it starts late the time from the start. With Numba
#: installed it starts with the compiled feature-space search (:mod:`.compiledfeatures`), 30 %
#: of the time, without its packing advisor: so it solves Sasquatch 17, which no other search
#: solves (13 s of CPU; with the advisor, not in 40 s), and 19 in 14 s (greedy search, which it
#: replaces here: 17 s; with the advisor, 20 s); what the advisor gains alone at 10 s a level,
#: Sasquatch 16, 31, 49 and 50, the other searches solve within the minute. Then the
#: feature-space search (Microban 153 at 10 s, after the compiled search built the ``subsets``
#: table it shares; Sasquatch 31 and 32 at 60 s), then the exact A*. Without Numba its greedy
#: search comes first, 35 % of the time (Sasquatch 13 and 19; 30 %, 18 s at 60 s, lost 19 on a
#: loaded machine).
LANES: tuple[tuple[Member, ...], ...] = (
    PORTFOLIO,
    (("compiled features", "any", "compiled-features", 0.3, {"advisor": False}),
     ("features", "any", "features", 0.7, {}),
     ("exact astar", "optimal", "astar", 1.0, {})) if available() else
    (("greedy", "any", "greedy", 0.35, {}),
     ("features", "any", "features", 0.8, {}),
     ("exact astar", "optimal", "astar", 1.0, {})))

#: The searches of this plugin that ``strategy`` and a portfolio member may name beside
#: searchkit's strategies; all find plans not proven optimal.
OWN_SEARCHES = ("features", "pull", "compiled-pull", "compiled-features")
#: The searches that need Numba (the ``fast`` extra).
COMPILED = ("compiled-pull", "compiled-features")


def check_plan(plan: list[tuple[Any, ...]], members: bool) -> None:
    """Refuse a bad ``strategy`` or portfolio member before any search runs: a typo in the
    last member must not cost the minutes the ones before it would take. ``members``: the
    plan is a portfolio (errors name the member)."""
    for member in plan:
        if len(member) != 5:
            raise ValueError(f"portfolio member {member!r}: expected (name, mode, strategy, "
                             "share, tuning)")
        name, mode, strategy, share, tuning = member
        where = f"portfolio member {name!r}: " if members else ""
        if mode not in MODES:
            raise ValueError(f"{where}unknown mode {mode!r} (valid: {', '.join(MODES)})")
        if strategy in OWN_SEARCHES:
            if mode != "any":
                raise ValueError(f"{where}strategy {strategy!r} finds plans not proven optimal: "
                                 "use mode 'any'")
        else:
            try:
                get_strategy(strategy)
            except UnknownNameError as error:
                raise UnknownNameError("strategy", strategy,
                                       [*error.valid, *OWN_SEARCHES]) from None
        if not _real(share) or not 0 < share <= 1:
            raise ValueError(f"{where}share {share!r} must be in (0, 1] (a fraction of the "
                             "time left)")
        if not isinstance(tuning, dict):
            raise ValueError(f"{where}tuning {tuning!r} must be a dict of switches")  # noqa: TRY004
        if tuning and mode != "any":
            raise ValueError(f"{where}tuning {sorted(tuning)} applies only to mode 'any'")
        valid = PULL_TUNING if strategy == "pull" else COMPILED_TUNING \
            if strategy == "compiled-pull" else COMPILED_FEATURES_TUNING \
            if strategy == "compiled-features" else (*ANY_TUNING, *TABLE_TUNING)
        for switch in tuning:
            if switch not in valid:
                raise ValueError(f"{where}unknown tuning {switch!r} (valid: "
                                 f"{', '.join(valid)})")
        _check_values(tuning, where)
        for switch, least, what in (("subset_sets", 1, "a positive whole number (box sets)"),
                                     ("noise", 0, "a whole number, 0 or more"),
                                     ("seed", 0, "a whole number, 0 or more")):
            value = tuning.get(switch)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or
                                      value < least):
                raise ValueError(f"{where}{switch} {value!r} must be {what}")
        if "features" in tuning:
            try:
                (check_pull_features if strategy == "compiled-pull" else
                 check_features)(tuning["features"])
                if tuning.get("noise") and strategy == "compiled-pull":
                    raise ValueError("noise applies to the greedy search only, not with "
                                     "features")
            except ValueError as error:
                raise ValueError(f"{where}{error}") from None
        if strategy in COMPILED and not available():
            raise ValueError(f"{where}strategy {strategy!r} needs Numba: pip install "
                             "'searchkit[fast]'")
        if strategy == "pull":
            try:
                check_macros(**tuning)
            except ValueError as error:
                raise ValueError(f"{where}{error}") from None


def check_switches(switches: dict[str, Any], mode: str, strategy: str | None) -> None:
    """Refuse :func:`~.solve.solve_level`'s switches of :data:`ANY_TUNING` and
    :data:`FEATURE_TUNING` (``ValueError``) where they would be ignored, or with a bad value.

    >>> check_switches({"opener": True}, "any", "greedy")
    Traceback (most recent call last):
    ...
    ValueError: switch 'opener' applies only to strategy 'features' and the portfolio
    """
    for name in switches:
        if mode != "any":
            raise ValueError(f"switch {name!r} applies only to mode 'any'")
        if name in FEATURE_TUNING and strategy not in (None, "features"):
            raise ValueError(f"switch {name!r} applies only to strategy 'features' and the "
                             "portfolio")
    _check_values(switches, "")


def _real(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and \
        math.isfinite(value)


def _check_values(switches: dict[str, Any], where: str) -> None:
    """Refuse a switch of :data:`ANY_TUNING`, :data:`FEATURE_TUNING` or ``advisor`` with a bad
    value: the on/off ones take ``True`` or ``False``, ``packing_weight`` a finite number >= 0."""
    for name, value in switches.items():
        if name == "packing_weight":
            if not _real(value) or value < 0:
                raise ValueError(f"{where}packing_weight {value!r} must be a finite number, "
                                 "0 or more")
        elif name in (*ANY_TUNING, *FEATURE_TUNING, "advisor") and not isinstance(value, bool):
            raise ValueError(f"{where}switch {name!r} takes True or False, not {value!r}")


def check_strategy(strategy: str | None, mode: str) -> None:
    """Raise what :func:`solve_level` would for ``strategy`` in ``mode`` (``None``: the
    default, always valid), without a level: for commands that check their arguments first.

    >>> check_strategy("pull", "optimal")
    Traceback (most recent call last):
    ...
    ValueError: strategy 'pull' finds plans not proven optimal: use mode 'any'
    """
    if strategy is not None:
        check_plan([(strategy, mode, strategy, 1.0, {})], members=False)


def check_workers(workers: Any, mode: str, strategy: str | None) -> None:
    """Refuse a bad ``workers`` for :func:`~.solve.solve_level` (``ValueError``): a whole number
    from 1 to ``len(LANES)``, more than 1 only for the fast mode's portfolio.

    >>> check_workers(3, "any", None)
    Traceback (most recent call last):
    ...
    ValueError: workers=3: expected a whole number from 1 to 2 (the fast mode's lanes)
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or \
            not 1 <= workers <= len(LANES):
        raise ValueError(f"workers={workers!r}: expected a whole number from 1 to {len(LANES)} "
                         "(the fast mode's lanes)")
    if workers > 1 and (mode != "any" or strategy is not None):
        raise ValueError(f"workers={workers}: several workers run the fast mode's portfolio "
                         "(mode 'any', no strategy)")
