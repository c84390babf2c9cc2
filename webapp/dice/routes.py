"""Dice only: one shared screen rolls the five dice for a table that plays on the printed pads.

The table is the third adapter on the shared game routes (webapp/games/routes.py): its page,
its poll and its moves are theirs, at the addresses it always had (/d/<code>, /poll, /act),
and a move the table refuses is a 422 with the reason in words, as in both editions. Only
its new-table form and its QR code are its own. Nobody holds a seat: anyone at the table
rolls."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import current_app, redirect, render_template, request, url_for
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from facade.errors import IllegalAction
from rollwrite.material import LETTER
from webapp.games import play
from webapp.games.dice_roller import MAX_NAME, MAX_PLAYERS, MAX_SEED, DiceRoller, DiceRollerError
from webapp.games.edition import Edition, Templates
from webapp.games.routes import GamePages
from webapp.games.visit import Visit
from webapp.platform.context import qr_response
from webapp.platform.context import store as _store
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited
from webapp.platform.store import Conflict, Game
from webapp.words.colours import COLOUR_WORDS
from webapp.words.refusals import refusal_message

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


def dice_line(form: Mapping[str, Any]) -> str:
    """The table's line of the posted fields: `action` (roll, reroll, next), and for a reroll
    the ticked dice (`die`, one field a die)."""
    action = " ".join(str(form.get("action", "")).split())
    ticked = form.get("die") or []
    ticked = [ticked] if isinstance(ticked, str) else [str(d) for d in ticked]
    if action == "reroll" and ticked:
        action = "reroll " + ",".join(d.strip() for d in ticked)
    return action


class DiceTable(Edition):
    """The dice-only table's adapter: a shared screen, no seats to hold, no bots."""

    name, prefix, engine = "dice", "/d", "dice"
    kinds = ("dice",)
    templates = Templates("dice/table.html", "dice/_panel.html", "", "", "dice/new.html")
    parse = staticmethod(str)  # the table reads its own lines (DiceRoller.apply)
    routes = frozenset({"page", "poll", "act"})

    def move(self, visit: Visit, form: Mapping[str, Any], seen: int | None) -> play.Played:
        """Roll, reroll the ticked dice, or pass to the next player, for whoever is at the
        table; the table's refusal is a 422 worded in the page's language."""
        if seen is None:
            raise play.no_seq()
        try:
            state, events = visit.store.act(visit.game, None, dice_line(form), seen)
        except Conflict as err:
            raise play.moved_first() from err
        except IllegalAction as err:
            raise play.Refusal(422, _("Not now"), error_message(err), err.code) from err
        visit.moved(state)
        return play.Played(state, events, None)

    def event_words(self, visit: Visit, event: dict[str, Any]) -> str:
        """What the table did, in English (the dice by their letters)."""
        return str(event.get("text", ""))

    def turn(self, visit: Visit) -> dict[str, Any]:
        """Whose turn and its phase; anyone at the table may act, no bot plays."""
        table = visit.state_as(DiceRoller)
        return {"active": table.active, "phase": table.phase, "your_turn": True,
                "bots_pending": False}

    def context(self, visit: Visit, at: int | None, args: Mapping[str, Any],
                hint: dict[str, Any] | None) -> dict[str, Any]:
        """The panel (and, on the whole page, the link other phones open)."""
        ctx = _panel_context(visit.game, visit.state_as(DiceRoller))
        ctx["link"] = url_for("dice.page", code=visit.game.code, _external=True)
        return ctx


EDITION = DiceTable()
pages = GamePages(EDITION)
bp = pages.bp
bp.add_url_rule("/<code>", "table", pages.page)  # the page's older endpoint name, same address


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
    return redirect(url_for("dice.page", code=game.code), 303)



@bp.get("/<code>/qr.svg")
def qr(code: str) -> Response:
    """The table's link as a QR code (SVG), for the other phones to scan."""
    game = pages.visit(code).game
    return qr_response(url_for("dice.page", code=game.code, _external=True), scale=6,
                       title=game.code)
