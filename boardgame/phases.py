"""Phase codes of the card edition, as a string enum (values are the logged strings); end
reasons are facade.outcome.EndReason, shared by both editions."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a card-edition turn stands."""

    ACT = "act"  # take cards or build (RULES 2.5)
    DISCARD = "discard"  # more than 7 cards in hand after taking: discard down to 7 (RULES 2.5)
    BUILD = "build"  # took cards with Both actions: build now, or pass (RULES 2.5)
    ARMS = "arms"  # coats of arms won, their choice still to make (RULES 2.6)
    OVER = "over"


# Each member as a module constant too, as python-chess has chess.PAWN: the engine compares
# phases on every action, and on Python 3.11 `Phase.ACT` goes through the enum metaclass's
# __getattr__, several times slower than reading a global.
ACT = Phase.ACT
DISCARD = Phase.DISCARD
BUILD = Phase.BUILD
ARMS = Phase.ARMS
OVER = Phase.OVER
