"""Why a game ended: one vocabulary for both editions (RULES 2.7, 3.5, 5.7, 5.19)."""

from __future__ import annotations

from enum import StrEnum


class EndReason(StrEnum):
    """Why a game ended; the value is what logs, events and statistics show."""

    TARGET_REACHED = "12 points reached"  # a player has 12 points or more (RULES 2.7, 3.5)
    END_CARD = "end card"  # card edition: the end card turned up in a refill (RULES 2.7)
    NO_PROGRESS = "no one can score any more"  # nothing can change any more (RULES 5.7, 5.19)

    @classmethod
    def _missing_(cls, value: object) -> EndReason | None:
        """The card edition's older words, still in games saved before the vocabulary was
        shared: `12 points` and `stalled`."""
        return _OLDER_WORDS.get(value) if isinstance(value, str) else None


_OLDER_WORDS = {"12 points": EndReason.TARGET_REACHED, "stalled": EndReason.NO_PROGRESS}
