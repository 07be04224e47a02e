"""Collection settings for the doctest run over the package sources."""

# the deprecated alias of searchkit.patterndb warns on import; its content is tested there
collect_ignore = ["searchkit/pdb.py"]
