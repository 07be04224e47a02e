"""Hand-tuned plain-Python solvers for the sliding-tile puzzle, the suites' references:
:mod:`.sliding8` (3x3: packed-int heapq A*, bucket A*, layered BFS) and :mod:`.sliding15`
(4x4: recursive IDA* with incremental Manhattan + linear conflict)."""
