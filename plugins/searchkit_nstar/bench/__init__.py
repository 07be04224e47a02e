"""The ``nstar`` benchmark suite (:mod:`.suite`) and its hand-tuned BFS (:mod:`.baseline`),
registered by :func:`searchkit_nstar.plugin.searchkit_bench_suites`."""
