"""Playing solo's helpers: the solitaire challenge's records, par and unfinished games, the
players without an account, the leaderboards and their turns chart."""
