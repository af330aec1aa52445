"""What is kept of finished matches: replays, exports and checks, ratings, leaderboards, stats."""
