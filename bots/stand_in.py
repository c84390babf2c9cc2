"""A stand-in for an absent player of a Roll & Write table: what the host's phone plays for a
seat whose person is not there, so the others are never kept waiting."""

from __future__ import annotations

from bots.rollwrite.greedy import GreedyBot
from rollwrite.state import GameState


def stand_in_step(state: GameState, seat: int) -> str | None:
    """The step taken for an absent `seat`: the roll that is due, the lightest of
    `setup none` / `pass` / `end` the rules allow, else the greedy bot's move; None when the
    seat has nothing to do now."""
    if seat not in state.to_act():
        return None
    if state.is_chance() and seat == state.active:
        return str(state.chance_action())
    legal = state.legal_actions(seat)
    for wanted in ("setup none", "pass", "end"):
        for a in legal:
            if str(a) == f"p{seat + 1} {wanted}":
                return str(a)
    return str(GreedyBot(0).decide(state, seat)) if legal else None
