"""The networks shipped in the package, read once per process."""

from __future__ import annotations

from functools import cache

from bots.learned import SOLITAIRE
from bots.learned.ntuple import Network


@cache
def solitaire_network() -> Network:
    """The solitaire's network (turns to 12 points of a sheet)."""
    return Network.load(SOLITAIRE)
