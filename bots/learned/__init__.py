"""Evaluations learned by play (issue 40): an n-tuple network and what trains it."""

from pathlib import Path

# What `copenhagen train` writes by default: the solitaire's network, which the package ships
# (and every table size plays on), the card edition's, shipped too, and a two-player Roll &
# Write one, trained to compare (docs/learning.md) into the current folder.
SOLITAIRE = Path(__file__).resolve().parent / "solitaire.npz"
CARD = Path(__file__).resolve().parent / "card.npz"
TWO_PLAYERS = Path("two_players.npz")
