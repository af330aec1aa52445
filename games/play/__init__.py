"""Playing a match: the lobby and match pages, sockets, the services behind them, live pushes."""
