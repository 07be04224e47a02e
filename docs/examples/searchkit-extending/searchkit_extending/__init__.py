"""A third party's strategy, frontier and visited backend (see docs/README.md)."""
