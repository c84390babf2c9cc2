"""A stand-in for bots.review.review in the web tests: a review in the reviewer's schema (the
keys the review page reads), made from the game text in no time, with every label present.
The web tests' apps are given it as their reviewer (webapp.platform.deps; tests/web/conftest.py), so
that no test waits for, or shares its CPU with, a real review's play-outs."""

from __future__ import annotations

from typing import Any

from boardgame import actions as card_actions
from bots import card_review, rollwrite_review
from facade.gametext import GameText
from rollwrite import actions as dice_actions
from webapp.games.engines import FACTORIES

STEPS = {"rollwrite": (rollwrite_review.steps_said, dice_actions.parse_action),
         "boardgame": (card_review.steps_said, card_actions.parse_action)}

DECISIONS = ("draw", "take", "build")  # the actions a turn is judged by
LOSSES = (0.0, 0.4, 0.9, 2.0)  # one of each label, in turn: fine, inaccuracy, mistake, blunder
THRESHOLDS = {"inaccuracy": 0.3, "mistake": 0.7, "blunder": 1.5}


def label_of(loss: float) -> str:
    """The label of a loss, by THRESHOLDS."""
    found = [name for name, at in THRESHOLDS.items() if loss >= at]
    return found[-1] if found else ""


def fake_review(text: GameText, **_options: Any) -> dict[str, Any]:
    """One row per turn and player that made a decision; losses cycle through LOSSES."""
    state = FACTORIES[text.edition](text.config)
    turns: list[dict[str, Any]] = []
    seen: set[tuple[int, int]] = set()
    said, parse = STEPS[text.edition]
    for _line, action in text.actions:
        turn = state.turn + 1
        before = state.clone()
        state.apply(action)
        words = action.split()
        if len(words) < 2 or words[1] not in DECISIONS:
            continue
        player = int(words[0][1:]) - 1
        if (turn, player) in seen:
            continue
        seen.add((turn, player))
        loss = LOSSES[len(turns) % len(LOSSES)]
        best = " ".join(words[1:]) if loss == 0 else f"best of turn {turn} for p{player + 1}"
        turns.append({"turn": turn, "player": player, "played": " ".join(words[1:]),
                      "played_steps": [[kind, data]
                                       for kind, data in said(before, [parse(action)])],
                      "best": best, "played_value": 10.0 - loss, "best_value": 10.0,
                      "loss": loss, "label": label_of(loss)})
    names = list(text.config["players"])
    players = []
    for p, name in enumerate(names):
        own = [t for t in turns if t["player"] == p]
        players.append({
            "player": p, "name": name,
            "accuracy": round(100 - 10 * sum(t["loss"] for t in own) / max(1, len(own)), 1),
            "inaccuracies": sum(t["label"] == "inaccuracy" for t in own),
            "mistakes": sum(t["label"] == "mistake" for t in own),
            "blunders": sum(t["label"] == "blunder" for t in own),
        })
    return {"edition": text.edition, "unit": "turns" if len(names) == 1 else "points",
            "rollouts": 12, "thresholds": dict(THRESHOLDS), "players": players, "turns": turns}
