"""Chat per match: stored messages, mutes and reports, sent live over the match socket."""
