"""How each game is shown: its board for one viewer, live and in a replay (one registry)."""
