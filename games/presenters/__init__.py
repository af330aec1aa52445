"""View models for match pages: what a template needs, built from one viewer's engine view."""
