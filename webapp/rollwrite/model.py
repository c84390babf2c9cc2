"""The Roll & Write table page as data for its templates: the phone's sheet with what it may
tap now, the dice, the tracks, the latest moves in words, from the engine's player view and
`legal_actions` only (webapp/rollwrite/routes.py shows it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import current_app, url_for

from rollwrite.material import DICE
from rollwrite.state import GameState
from rollwrite.view import DiceView
from webapp.games import botplay, play
from webapp.games.points_chart import end_chart
from webapp.games.visit import Visit
from webapp.platform.inputs import number
from webapp.rollwrite.events import action_text
from webapp.words import sheet as P  # noqa: N812

RECENT_MOVES = 6  # lines of the "latest moves" box of a game with bots


def roll_count(state: GameState) -> int:
    """How many dice faces a manual roll needs now (all the dice, or those being rerolled)."""
    return len(state.reroll_dice) if state.phase == "reroll" else DICE


def table_context(visit: Visit, seat: int | None, names: list[str], at: int | None,
                  args: Mapping[str, Any], highlight: frozenset[str]) -> dict[str, Any]:
    """What the table page shows to the player of `seat` (None: a watcher): the present, or
    (`at`) the game as it stood after `at` actions, a frame of the bots' moves shown one at
    a time, where nobody may move; `highlight`: the cells of a hinted move."""
    game, seats, store = visit.game, visit.seats, visit.store
    state = visit.state_as(GameState, at)
    view = state.player_view(seat)
    legal = state.legal_actions(seat) if seat is not None and at is None else []
    seq = state.seq
    if at is not None:
        args = {}
    # one read of the log's tail: the last move, and the bots' recent moves
    levels = visit.bots
    tail = RECENT_MOVES  # the latest moves box (with bots) and the sentences said (news)
    recent = store.log(game, after=max(0, seq - tail), upto=seq) if seq else []
    verbs = {P.verb(a) for a in legal}
    ctx: dict[str, Any] = {
        "game": game, "state": state, "view": view, "seat": seat, "names": names,
        "seats": seats, "seq": seq, "legal": [str(a) for a in legal], "host": visit.host,
        "table_sig": play.table_signature(store, game, seats),
        "last_line": action_text(recent[-1].events, names) if recent else "",
        "free_seats": [s.seat for s in seats if not s.taken],
        "poll_seconds": (botplay.BOT_STEP_SECONDS if at is not None
                         else current_app.config["POLL_SECONDS"]),
        "args": {k: v for k, v in args.items() if k in ("cell", "k", "mode", "faces")},
        "manual": view["options"]["dice"] == "manual",
        "faces_letters": P.FACE_LETTERS, "colour_of": P.COLOUR_OF, "shapes": P.SHAPES,
        "chosen_colour": P.colour_of(view["chosen"]["tile"]) if view["chosen"] else None,
        "winner_names": ", ".join(names[w] for w in view["winners"]),
        "frame": at is not None, "verbs": verbs,
        "actions": {v: [str(a) for a in legal if P.verb(a) == v] for v in verbs},
        "tracks": P.track_actions(legal),  # ready actions: the page builds no notation
        "choices": P.group_choices(legal, list(state.dice)),
        "rerolls": "reroll" in verbs, "changes": "change" in verbs,
        "picks": P.picks(legal, state.dice),
        "bots": levels, "bots_pending": bool(botplay.pending(state, levels)),
        "challenge": game.config.get("challenge"),
        "recent": [line for line in (action_text(r.events, names) for r in reversed(recent))
                   if line] if levels else [],
        "news": [(r.seq, line) for r in recent if (line := action_text(r.events, names))],
        "roll_count": roll_count(state),
        "reroll_dice": [d + 1 for d in state.reroll_dice],
        "chart": end_chart(store.log(game), names) if view["over"] else None,
    }
    ctx["faces"] = "".join(ch for ch in str(args.get("faces", "")).upper()
                           if ch in P.FACE_LETTERS)[: ctx["roll_count"]]
    ctx.update(_grid(visit, view, seat, legal, args, highlight))
    return ctx

def _grid(visit: Visit, view: DiceView, seat: int | None, legal: list[Any],
          args: Mapping[str, Any], highlight: frozenset[str]) -> dict[str, Any]:
    """The own building with what can be tapped now: placements, extra cells, arms."""
    if seat is None:
        return {"grid": None, "grid_mode": None, "placement": None, "cell_actions": []}
    cell = (args.get("cell") or "").lower() or None
    taps = P.tapping(legal, cell, number(args.get("k"), 4) or 0,
                     args.get("mode", "") == "extra")

    def href(name: str) -> str:
        params: dict[str, Any] = {"cell": name}
        if taps.mode == "extra":
            params["mode"] = "extra"
        return url_for("rollwrite.page", code=visit.game.code, **params) + "#sheet"

    rows = view["buildings"][seat]["rows"]
    return {
        "grid": P.grid(rows, taps.selectable, taps.selectable, taps.preview | highlight,
                       taps.cell, href),
        "grid_mode": taps.mode, "placement": taps.placement,
        "cell_actions": taps.cell_actions, "cell": taps.cell,
        "extras_possible": taps.extras_possible,
    }

