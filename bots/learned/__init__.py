"""Evaluations learned by self-play (issue 40): an n-tuple network and what trains it."""

from pathlib import Path

# What `copenhagen train` writes: a network for the solitaire, one for two players.
SOLITAIRE = Path(__file__).resolve().parent / "solitaire.npz"
TWO_PLAYERS = Path(__file__).resolve().parent / "two_players.npz"
