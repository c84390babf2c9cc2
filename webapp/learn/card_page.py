"""What a guided card-edition step shows: the harbour, the hand and the board as the card
table shows them (webapp/views/card.py's pieces), and the learner's legal actions."""

from __future__ import annotations

from typing import Any


def context(state: Any, me: int, expected: str | None, args: Any, here: str) -> dict[str, Any]:  # noqa: ANN401, ARG001
    """Placeholder until the card page is written."""
    return {"view": state.player_view(me)}
