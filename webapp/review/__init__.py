"""Reviews and replays of finished games, and the puzzles made of their mistakes."""
