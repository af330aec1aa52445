"""Live match pages: each viewer's fragment rendered once per version and pushed as bytes."""
