"""Evaluations learned by self-play (issue 40): an n-tuple network and what trains it."""

from pathlib import Path

# What `copenhagen train` writes by default: the solitaire's network, which the package ships
# (and every table size plays on), and a two-player one, trained to compare (docs/learning.md)
# into the current folder.
SOLITAIRE = Path(__file__).resolve().parent / "solitaire.npz"
TWO_PLAYERS = Path("two_players.npz")
