"""searchkit plugin: rushhour (work in progress)."""
