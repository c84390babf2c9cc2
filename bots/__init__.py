"""Bots of both editions: `bots.levels.make_bot`, the play-out loop, shared heuristics.

Kept free of imports: the editions' own bots import `bots.potential`, so this package must load
without loading them (`bots.levels` does load them).
"""
