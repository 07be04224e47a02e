"""The water jugs puzzle, a searchkit plugin."""
