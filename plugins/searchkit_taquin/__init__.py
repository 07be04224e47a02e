"""searchkit plugin: taquin (work in progress)."""
