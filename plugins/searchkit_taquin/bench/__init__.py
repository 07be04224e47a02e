"""The sliding-tile benchmark suites -- ``8puzzle-astar`` (:mod:`.puzzle8_astar`), ``8puzzle-bfs``
(:mod:`.puzzle8_bfs`), ``15puzzle-idastar`` (:mod:`.puzzle15_idastar`), ``15puzzle-korf100``
(:mod:`.puzzle15_korf100`) -- with their hand-tuned baselines (:mod:`.baselines`), the peers'
8-puzzle (:mod:`.peers`), the engine-overhead problem (:mod:`.problems`), their instances
(:mod:`.instances`, :mod:`.korf`); registered by
:func:`searchkit_taquin.plugin.searchkit_bench_suites`."""
