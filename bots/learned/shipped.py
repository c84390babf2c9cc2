"""The solitaire's network, which the package ships, read once per process (the card
edition's: `bots.learned.card.card_network`)."""

from __future__ import annotations

from functools import cache

from bots.learned import SOLITAIRE
from bots.learned.ntuple import Network


@cache
def solitaire_network() -> Network:
    """The solitaire's network (turns to 12 points of a sheet)."""
    return Network.load(SOLITAIRE)
