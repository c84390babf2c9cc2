"""Bots of both editions: `bots.levels.make_bot`, the play-out loop, shared heuristics.

Each edition's own bots live in `bots.rollwrite` and `bots.card`. This file is kept free of
imports: those subpackages import `bots.potential`, and importing any of them loads this file
first, so it must load without loading them (`bots.levels` does load them).
"""
