"""Invitations to open matches and rematch offers of finished ones."""
