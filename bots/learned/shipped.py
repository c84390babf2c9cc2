"""The networks shipped in the package, read once per process."""

from __future__ import annotations

from functools import cache

from bots.learned import CARD, SOLITAIRE
from bots.learned.card import CARD_SIZE
from bots.learned.ntuple import Network


@cache
def solitaire_network() -> Network:
    """The solitaire's network (turns to 12 points of a sheet)."""
    return Network.load(SOLITAIRE)


@cache
def card_network() -> Network:
    """The card edition's network (the points a player will lack at the game's end)."""
    return Network.load(CARD, CARD_SIZE)
