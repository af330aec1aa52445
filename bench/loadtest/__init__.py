"""Load generator for the live site: `python -m bench.loadtest` (see README.md here)."""
