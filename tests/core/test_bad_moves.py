"""A problem whose moves go wrong deep in a search gets a ProblemError naming the state and the
move, from every strategy, from steps() and from explore(), not Python's bare TypeError or
ValueError; a problem's own exception stays as it was raised."""

import math

import pytest

from searchkit import ProblemError, explore, search, steps
from searchkit.plugins import strategies

STRATEGIES = sorted(strategies())
OPTIONS = {"dls": {"depth": 10}}


class Line:
    """0 -> 1 -> ... -> 6, the goal; from ``bad`` on, ``move(n)`` is what successors yields."""

    def __init__(self, move, bad=2, heuristic=lambda n: 6 - n):
        self.move, self.bad, self._h = move, bad, heuristic

    def initial(self):
        return 0

    def successors(self, n):
        return [self.move(n) if n >= self.bad else ("+1", n + 1, 1)]

    def predecessors(self, n):
        return [("+1", n - 1, 1)] if n > 0 else []

    def goal_states(self):
        return [6]

    def is_goal(self, n):
        return n == 6

    def heuristic(self, n):
        return self._h(n)


class Returns(Line):
    """From ``bad`` on, successors returns ``self.move(n)`` itself (not a list of moves)."""

    def successors(self, n):
        return self.move(n) if n >= self.bad else [("+1", n + 1, 1)]


class Lists(Line):
    """States from 3 on are lists: unhashable keys where the search stores them."""

    def successors(self, n):
        m = n[0] if isinstance(n, list) else n
        nxt = m + 1
        return [("+1", [nxt] if nxt >= 3 else nxt, 1)]

    def is_goal(self, n):
        return n == [6]

    def heuristic(self, n):
        return 0


def run(problem, strategy):
    return search(problem, strategy, **OPTIONS.get(strategy, {}))


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_move_without_a_cost_names_the_state_and_the_move(strategy):
    problem = Line(lambda n: ("+1", n + 1))
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded \('\+1', 3\): a move is "
                                             r"\(action, next_state, cost\)$") as caught:
        run(problem, strategy)
    assert isinstance(caught.value.__cause__, ValueError)  # the original, chained
    assert caught.value.problem is problem  # whose bug it is (the command line names its plugin)


@pytest.mark.parametrize("strategy", [s for s in STRATEGIES if s != "bibfs"])
@pytest.mark.parametrize("cost", ["1", None])
def test_a_cost_that_is_not_a_number_names_the_move(strategy, cost):
    problem = Line(lambda n: ("+1", n + 1, cost))
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded the move \('\+1', 3, "
                                             r".*\), whose cost .* is not a number of at least "
                                             r"0$"):
        run(problem, strategy)


@pytest.mark.parametrize("strategy", [s for s in STRATEGIES if s != "bibfs"])
def test_successors_that_return_none_are_named(strategy):
    with pytest.raises(ProblemError, match=r"^successors\(2\) returned None, not an iterable "
                                             r"of \(action, next_state, cost\)$"):
        run(Returns(lambda n: None), strategy)


@pytest.mark.parametrize("strategy", ["astar", "greedy", "wastar", "idastar"])
@pytest.mark.parametrize("h", [None, "3", -1.0, math.nan])
def test_a_heuristic_that_is_not_a_number_deep_in_the_search_is_named(strategy, h):
    problem = Line(lambda n: ("+1", n + 1, 1), bad=99,
                   heuristic=lambda n: h if n == 3 else 6 - n)
    if not isinstance(h, float):  # None and "3" break the arithmetic: the loop fails, explained
        with pytest.raises(ProblemError, match=r"^the heuristic of 3, a successor of 2, is .*: "
                                                 r"a heuristic is a number of at least 0"):
            run(problem, strategy)
    else:  # a number the loops can order: no failure to explain, and the plan is still right
        assert run(problem, strategy).cost == 6


@pytest.mark.parametrize("strategy", ["bfs", "dfs", "astar", "greedy"])
@pytest.mark.parametrize("visited", ["dict", "hashtable"])
def test_an_unhashable_key_deep_in_the_search_is_named(strategy, visited):
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded \[3\], whose key \[3\] "
                                             r"is not hashable: give the problem a key\(\)"):
        search(Lists(None), strategy, visited=visited)


def test_steps_and_explore_explain_the_same_failures():
    problem = Line(lambda n: ("+1", n + 1))
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded \('\+1', 3\)"):
        list(steps(problem, "astar"))
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded \('\+1', 3\)"):
        explore(problem)
    with pytest.raises(ProblemError, match=r"^successors\(2\) yielded \('\+1', 3\)"):
        search(problem, "bfs", observer=lambda event: None)


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("exc", [ValueError("my own"), TypeError("my own")])
def test_the_problems_own_error_is_left_as_raised(strategy, exc):
    def fail(n):
        raise exc

    with pytest.raises(type(exc), match="^my own$") as caught:
        run(Line(fail), strategy)
    assert caught.value is exc




class Combined(Line):
    """Sound ``successors``; from ``bad`` on, the combined method ``broken`` yields
    ``self.move(n)`` (the other one stays sound): what informed loops expand by."""

    def __init__(self, move, broken):
        super().__init__(move)
        self.broken = broken

    def successors(self, n):
        return [("+1", n + 1, 1)]

    def _moves(self, n, method):
        if n >= self.bad and method == self.broken:
            return [self.move(n)]
        return [("+1", n + 1, 1, 5 - n)]

    def successors_with_heuristic(self, n, h):
        return self._moves(n, "successors_with_heuristic")

    def successors_except_parent(self, n, h, parent):
        return self._moves(n, "successors_except_parent")


def _combined_method(strategy):
    """The combined method ``strategy``'s loop expands by."""
    return "successors_except_parent" if strategy == "idastar" else "successors_with_heuristic"


INFORMED = ["astar", "greedy", "wastar", "idastar"]


@pytest.mark.parametrize("strategy", INFORMED)
def test_a_combined_move_of_the_wrong_shape_names_its_method(strategy):
    name = _combined_method(strategy)
    with pytest.raises(ProblemError, match=rf"^{name}\(2\) yielded \('\+1', 3, 1\): a move is "
                                             r"\(action, next_state, cost, next_h\)$"):
        run(Combined(lambda n: ("+1", n + 1, 1), name), strategy)


@pytest.mark.parametrize("strategy", INFORMED)
def test_a_combined_moves_heuristic_that_is_not_a_number_is_named(strategy):
    name = _combined_method(strategy)
    with pytest.raises(ProblemError, match=rf"^{name}\(2\) yielded the move \('\+1', 3, 1, "
                                             r"None\), whose next_h None is not a number of at "
                                             r"least 0 \(math.inf for a dead end\)$"):
        run(Combined(lambda n: ("+1", n + 1, 1, None), name), strategy)
