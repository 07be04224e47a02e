"""The ``sokoban`` benchmark suite (:mod:`.suite`) and its hand-tuned reference solver
(:mod:`.baseline`), registered by :func:`searchkit_sokoban.plugin.searchkit_bench_suites`."""
