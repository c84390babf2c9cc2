"""Phase codes of Roll & Write, as a string enum (values are the logged strings); end reasons are
facade.outcome.EndReason, shared by both editions."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a Roll & Write turn stands."""

    SETUP = "setup"  # two players: choosing the starting track (RULES 3.6)
    ROLL = "roll"  # the five dice are to be rolled
    REROLL = "reroll"  # a red ★ asked for some dice to be rolled again
    MAIN = "main"  # the active player chooses, draws, uses abilities, ends
    PASSIVE = "passive"  # the other players pick unused dice
    OVER = "over"


# Each member as a module constant too, as python-chess has chess.PAWN: the engine compares
# phases on every action, and on Python 3.11 `Phase.MAIN` goes through the enum metaclass's
# __getattr__, several times slower than reading a global.
SETUP = Phase.SETUP
ROLL = Phase.ROLL
REROLL = Phase.REROLL
MAIN = Phase.MAIN
PASSIVE = Phase.PASSIVE
OVER = Phase.OVER
