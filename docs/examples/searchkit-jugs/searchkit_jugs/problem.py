"""Water jugs: measure exactly ``target`` litres with jugs of given capacities.

A state is a tuple of the litres in each jug, all empty at the start. Actions: fill a jug from
the tap, empty it into the sink, or pour one jug into another until the first is empty or the
second is full. Every action costs 1.
"""

from searchkit import ProblemBase


class Jugs(ProblemBase):
    def __init__(self, capacities, target, heuristic="one-more"):
        self.capacities = tuple(capacities)
        self.target = target
        self.heuristic_name = heuristic

    def initial(self):
        return (0,) * len(self.capacities)

    def successors(self, state):
        caps = self.capacities
        for i, litres in enumerate(state):
            if litres < caps[i]:
                yield ("fill", i), state[:i] + (caps[i],) + state[i + 1:], 1
            if litres > 0:
                yield ("empty", i), state[:i] + (0,) + state[i + 1:], 1
                for j in range(len(state)):
                    if j != i and state[j] < caps[j]:
                        moved = min(litres, caps[j] - state[j])
                        after = list(state)
                        after[i] -= moved
                        after[j] += moved
                        yield ("pour", i, j), tuple(after), 1

    def is_goal(self, state):
        return self.target in state

    def heuristic(self, state):
        # At least one more action unless a jug already holds the target: admissible, consistent.
        if self.heuristic_name == "zero" or self.target in state:
            return 0
        return 1

    def format_action(self, action):
        if action[0] == "pour":
            return f"pour:{action[1]}>{action[2]}"
        return f"{action[0]}:{action[1]}"

    def render(self, state):
        return "  ".join(f"[{litres}/{cap}]" for litres, cap in zip(state, self.capacities))
