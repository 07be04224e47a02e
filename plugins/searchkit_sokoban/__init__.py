"""searchkit plugin: sokoban (work in progress)."""
