"""What the site teaches about each game: names and effects of every card, hazard and token,
the error a refused move shows, and the rules pages. Text only, in the reader's language;
the engines give codes and numbers."""
