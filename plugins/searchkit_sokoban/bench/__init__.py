"""The ``sokoban`` benchmark suites, registered by
:func:`searchkit_sokoban.plugin.searchkit_bench_suites`: :mod:`.suite` (Microban, optimal
mode, against the hand-tuned reference solver of :mod:`.baseline`) and :mod:`.modes` (both
modes on every collection, and the ``mode="any"`` ablation)."""
