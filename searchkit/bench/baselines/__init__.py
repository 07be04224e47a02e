"""Hand-tuned plain-Python baselines, one module per problem.

Each baseline is written for its one problem and nothing else: integer state encodings, ``heapq``,
``deque`` and ``dict`` used inline, heuristics updated incrementally, no function call per node
that can be avoided. They are the practical speed limit of CPython against which the generic
engine is judged, and they double as independent checks of the engine's answers.
"""
