"""Dice only: one shared screen rolls the five dice for a table that plays on the printed pads."""

from __future__ import annotations

import secrets
from typing import Any

from flask import (
    Blueprint,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from facade.errors import IllegalAction
from rollwrite.material import LETTER
from webapp.games.dice_roller import MAX_NAME, MAX_PLAYERS, MAX_SEED, DiceRoller, DiceRollerError
from webapp.platform import errors
from webapp.platform.context import qr_response
from webapp.platform.context import store as _store
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited
from webapp.platform.store import Conflict, Game, NotFound
from webapp.words.colours import COLOUR_WORDS
from webapp.words.refusals import refusal_message

bp = Blueprint("dice", __name__, url_prefix="/d")

HISTORY_TURNS = 30  # turns the history shows, newest first


def player_name(table: DiceRoller, player: int) -> str:
    """A player's name as typed, or "Player n" in the page's language."""
    return table.names[player] or _("Player %(number)s", number=player + 1)


def error_message(err: IllegalAction) -> str:
    """The dice table's refusal in the page's language (its English text if it has no code)."""
    if not isinstance(err, DiceRollerError):
        return refusal_message(err)
    p = err.params
    messages = {
        "rolled": lambda: _("The dice are already rolled for %(player)s. Reroll some of them, "
                            "or pass the dice to the next player.", player=p.get("player")),
        "reroll_first": lambda: _("Roll the dice first: %(player)s has not rolled yet.",
                                  player=p.get("player")),
        "next_first": lambda: _("Roll the dice first: every turn starts with a roll, and "
                                "%(player)s has not rolled yet.", player=p.get("player")),
        "no_dice": lambda: _("Choose the dice to reroll: tick one or more dice, then press "
                             "Reroll."),
        "bad_die": lambda: _("There is no die %(die)s: the dice are numbered 1 to 5.",
                             die=p.get("die")),
        "twice": lambda: _("Die %(die)s is named twice.", die=p.get("die")),
        "unknown": lambda: _("The dice table cannot do that. It can roll, reroll chosen dice, "
                             "or pass to the next player."),
        "players": lambda: _("A dice table has 1 to %(max)s players.", max=MAX_PLAYERS),
        "name": lambda: _("A player's name can be at most %(max)s characters long.",
                          max=MAX_NAME),
        "seed": lambda: _("The seed can be at most %(max)s characters long.", max=MAX_SEED),
    }
    return messages[err.code]() if err.code in messages else str(err)


def _dice_game(code: str) -> Game:
    """The dice table with that code; 404 for an unknown code or another kind of game."""
    game = _store().game(code)
    if game.kind != "dice":
        raise NotFound(code)
    return game


# ---------------------------------------------------------------------- new table
@bp.get("/new")
def new() -> str:
    """The form: how many players, their names (optional) and a seed (optional)."""
    return render_template("dice/new.html", form={"count": "2", "names": [""] * MAX_PLAYERS,
                                                  "seed": ""}, error=None,
                           max_players=MAX_PLAYERS, max_name=MAX_NAME, max_seed=MAX_SEED)


@bp.post("/new")
@create_limited
def create() -> Response | tuple[str, int]:
    """Store a new dice table and go to its screen (303), or show the form again with why."""
    names = [n.strip() for n in request.form.getlist("name")][:MAX_PLAYERS]
    names += [""] * (MAX_PLAYERS - len(names))
    seed = request.form.get("seed", "").strip()
    form = {"count": request.form.get("count", "2"), "names": names, "seed": seed}
    count = number(form["count"], 1) or 0
    filled = [i for i, n in enumerate(names) if n]
    count = max(count, filled[-1] + 1 if filled else 0)  # typed names count as players
    count = max(0, min(count, MAX_PLAYERS + 1))  # the table refuses 0 and 5 alike
    config: dict[str, Any] = {
        "players": [(names[i] if i < len(names) else "") or None for i in range(count)],
        "seed": seed or secrets.token_hex(6),
        "seed_given": bool(seed),
    }
    try:
        # Nobody claims a seat at a dice table; the rows only mirror the players (the Store
        # cannot create a game with zero seats: its seat insert needs at least one row).
        game = _store().create_game("dice", "dice", config, seat_count=len(config["players"]))
    except DiceRollerError as err:
        return render_template("dice/new.html", form=form, error=error_message(err),
                               max_players=MAX_PLAYERS, max_name=MAX_NAME,
                               max_seed=MAX_SEED), 400
    return redirect(url_for("dice.table", code=game.code), 303)


# ---------------------------------------------------------------------- the table
def _panel_context(game: Game, table: DiceRoller) -> dict[str, Any]:
    """What the dice panel shows: the dice, whose turn, the history."""
    history = []
    for turn in reversed(table.turns[-HISTORY_TURNS:]):
        if turn.throws:
            throws = [
                {"faces": t.faces, "rolled": t.rolled,
                 "rerolled": ", ".join(str(d + 1) for d in t.rolled) if i else None}
                for i, t in enumerate(turn.throws)
            ]
            history.append({"number": turn.number, "player": player_name(table, turn.player),
                            "throws": throws})
    nxt = (table.active + 1) % len(table.names)
    return {
        "game": game,
        "table": table,
        "seq": table.seq,
        "turn": table.turn,
        "active_name": player_name(table, table.active),
        "next_name": player_name(table, nxt),
        "players": [player_name(table, p) for p in range(len(table.names))],
        "history": history,
        "letter": LETTER,
        "colour_names": COLOUR_WORDS,
        "poll_seconds": current_app.config["POLL_SECONDS"],
    }


def _panel(game: Game, table: DiceRoller, error: str | None = None, status: int = 200,
           error_title: str | None = None) -> tuple[str, int, dict[str, str]]:
    """The dice panel alone (htmx), marked so the page's script swaps it even on a 4xx."""
    html = render_template("dice/_panel.html", error=error, error_title=error_title,
                           **_panel_context(game, table))
    return html, status, {"X-Dice-Panel": "1"}


@bp.get("/<code>")
def table(code: str) -> str:
    """The shared screen: the dice, the buttons, the history, and how other phones join."""
    game = _dice_game(code)
    state = _store().state_as(game, DiceRoller)
    return render_template(
        "dice/table.html", error=None,
        link=url_for("dice.table", code=game.code, _external=True),
        **_panel_context(game, state),
    )


@bp.get("/<code>/poll")
def poll(code: str) -> Response | tuple[str, int, dict[str, str]]:
    """204 while the table is still at `seq`, else the fresh dice panel."""
    game = _dice_game(code)
    seq, _status = _store().head(game.code)
    if number(request.args.get("seq")) == seq:
        return Response(status=204)
    return _panel(game, _store().state_as(game, DiceRoller))


@bp.post("/<code>/act")
def act(code: str) -> Response | tuple[str, int] | tuple[str, int, dict[str, str]]:
    """Roll, reroll the ticked dice, or pass to the next player (fields `seq`, `action`)."""
    game = _dice_game(code)
    back = url_for("dice.table", code=game.code)
    seen = number(request.form.get("seq"))
    action = " ".join(request.form.get("action", "").split())
    ticked = request.form.getlist("die")
    if action == "reroll" and ticked:
        action = "reroll " + ",".join(d.strip() for d in ticked)
    if seen is None:
        message = _("This form is missing the table's move number. Reload the page and try "
                    "again.")
        if g.htmx:
            return _panel(game, _store().state_as(game, DiceRoller), message, 400)
        return errors.page(400, _("Page out of date"), message, back)
    try:
        state, _events = _store().act(game, None, action, seen_seq=seen)
    except Conflict:
        message = _("Another phone moved first. Here are the dice as they stand now.")
        if g.htmx:
            return _panel(game, _store().state_as(game, DiceRoller), message, 409,
                          _("Someone moved first"))
        return errors.page(409, _("Someone moved first"), message, back)
    except IllegalAction as err:
        if g.htmx:
            return _panel(game, _store().state_as(game, DiceRoller), error_message(err), 400)
        return errors.page(400, _("Not now"), error_message(err), back)
    if g.htmx:
        return _panel(game, state)
    return redirect(back, 303)


@bp.get("/<code>/qr.svg")
def qr(code: str) -> Response:
    """The table's link as a QR code (SVG), for the other phones to scan."""
    game = _dice_game(code)
    return qr_response(url_for("dice.table", code=game.code, _external=True), scale=6,
                       title=game.code)
