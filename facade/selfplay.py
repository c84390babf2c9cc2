"""Edition-neutral pieces of self-play: the statistics of many games, the winners of one, and
the way into either engine (`Games`): new games, logged games replayed."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

from facade.events import Event
from facade.outcome import EndReason


class Finished(Protocol):
    """What the statistics read of a finished game (both engines' states have it)."""

    turn: int
    end_reason: EndReason | None  # None until the game is over

    def scores(self) -> list[int]:
        """Final scores."""
        ...


def winners(scores: list[int], empty_cells: list[int]) -> list[int]:
    """Highest score, then fewest empty cells; several on a full tie (RULES 1)."""
    key = [(s, -e) for s, e in zip(scores, empty_cells)]
    best = max(key)
    return [i for i, k in enumerate(key) if k == best]


def run_games(
    edition: str,
    players: int,
    games: int,
    seed: int,
    play: Callable[[int, int], tuple[Finished, int]],
    end_reasons: tuple[EndReason, ...] = (),
    check: bool = True,
) -> dict[str, Any]:
    """Play `games` games with `play(players, seed) -> (final state, problems)` and report
    the JSON of `copenhagen simulate`; `ended_by` counts every reason in `end_reasons`, the
    ones that did not happen too."""
    start = time.perf_counter()
    turns = 0
    totals = [0] * players
    problems = 0
    reasons = {str(r): 0 for r in end_reasons}
    for g in range(games):
        state, bad = play(players, seed * 100_003 + g)
        problems += bad
        turns += state.turn + 1
        for p, s in enumerate(state.scores()):
            totals[p] += s
        reason = str(EndReason(state.end_reason))  # the card edition's older words too
        reasons[reason] = reasons.get(reason, 0) + 1
    seconds = time.perf_counter() - start
    return {
        "edition": edition,
        "players": players,
        "games": games,
        "seconds": round(seconds, 3),
        "games_per_s": round(games / seconds, 1) if seconds else None,
        "mean_turns": round(turns / games, 2) if games else 0,
        "mean_scores": [round(t / games, 2) for t in totals] if games else [],
        "invariant_violations": problems,
        "ended_by": reasons,
        "checked": check,
    }


class Replayable(Protocol):
    """A state that applies actions written in its edition's notation."""

    def apply(self, action: str) -> list[Event]:
        """Apply one action."""
        ...


def apply_log(state: Replayable, log: list[str]) -> list[tuple[str, list[Event]]]:
    """Apply a logged game to a fresh state, step by step; each line with its events."""
    return [(line, state.apply(line)) for line in log]


def player_names(players: int | list[str]) -> list[str]:
    """Names given, or `Player 1` .. `Player n` for a count."""
    return [f"Player {i + 1}" for i in range(players)] if isinstance(players, int) else list(
        players
    )


R = TypeVar("R", bound=Replayable)


class Games(Generic[R]):
    """An engine's way in, for its state class `make` (built from a config): what both
    editions' `game` modules export as new_game, replay and replay_events."""

    def __init__(self, make: Callable[[dict[str, Any]], R]) -> None:
        self.make = make

    def new_game(self, players: int | list[str], seed: int | str = 0,
                 options: dict[str, Any] | None = None) -> R:
        """A new game: the players' names (or a count), the seed of its dice or deck, its
        table options (each edition lists its own; an unknown one is refused)."""
        return self.make({"players": player_names(players), "seed": seed,
                          "options": options or {}})

    def replay(self, config: dict[str, Any], log: list[str]) -> R:
        """The state reached by applying a logged game to its config: exact, step by step."""
        state = self.make(config)
        apply_log(state, log)
        return state

    def replay_events(self, config: dict[str, Any],
                      log: list[str]) -> list[tuple[str, list[Event]]]:
        """Each logged action with the events it caused."""
        return apply_log(self.make(config), log)
