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
