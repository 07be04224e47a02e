"""The ``rushhour`` benchmark suite (:mod:`.suite`) and its hand-tuned bitboard BFS
(:mod:`.baseline`), registered by :func:`searchkit_rushhour.plugin.searchkit_bench_suites`."""
