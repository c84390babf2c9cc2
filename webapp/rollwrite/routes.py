"""Roll & Write at the table (`/rollwrite`): the edition's adapter on the shared game routes
(webapp/games/routes.py) and the pages only it has (a sheet, the API, the host's buttons).

The game starts the moment the host creates it. The engine knows the players by the names
given at creation (the host's name, "Seat N" for the others); the names shown come from the
seats, so a player who joins later is named everywhere at once. Free seats do not block the
game: the host can pass (or play the turn) for an absent player. A solo game is a table whose
other seats are bots (webapp/solo/routes.py)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from flask import abort, g, jsonify, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from bots.hints import dice_hint as bot_hint
from bots.stand_in import stand_in_step
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from webapp.games import botplay, play
from webapp.games.edition import Edition, NewGame, Templates
from webapp.games.hint_search import searched
from webapp.games.routes import GamePages, posted
from webapp.games.seats import NAME_MAX, clean_name
from webapp.games.visit import Visit
from webapp.platform.context import qr_response, remembered
from webapp.platform.deps import deps
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.store import Conflict
from webapp.players.identity import boards as player_boards
from webapp.players.identity import owner_id
from webapp.rollwrite.events import action_text, event_text
from webapp.rollwrite.hint import hint_dice, hint_reason, hint_words
from webapp.rollwrite.model import roll_count, table_context
from webapp.solo import leaderboard
from webapp.solo.routes import spoiler_guard
from webapp.words import sheet as P  # noqa: N812

MIN_SEATS, MAX_SEATS = 2, 4
HOST_PLAY_STEPS = 60  # a turn played for an absent player never takes more steps


def _list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [p for p in str(value).replace(" ", ",").split(",") if p]


def _unclear(message: str) -> play.Refusal:
    """A form that names no complete action; the message says what is missing."""
    return play.Refusal(400, _("Nothing to do"), message)


def hint_cells(action: Any) -> list[str]:
    """The cells a hinted action marks, for highlighting them on the sheet."""
    if isinstance(action, A.Draw):
        return [P.cell_name(b) for b in P.bits(action.mask)]
    if isinstance(action, A.Extra | A.ArmsCell):
        return [P.cell_name(action.cell)]
    return []


class RollWrite(Edition):
    """The dice edition's adapter."""

    name, prefix, engine = "rollwrite", "/rollwrite", "rollwrite"
    kinds = ("table", "solo")  # solo: a table whose other seats are bots
    templates = Templates("companion/table.html", "companion/_table.html", "companion/join.html",
                          "companion/log.html", "companion/new.html")
    parse = staticmethod(A.parse_action)

    def guard(self, visit: Visit) -> None:
        """Someone else's challenge game: not before one has played the seed out."""
        if (visit.game.kind == "solo" and isinstance(visit.game.config.get("challenge"), dict)
                and visit.seat is None):

            spoiler_guard(visit.game)
        if leaderboard.given_up(player_boards(), visit.game):  # its result, no more moves
            target = url_for("solo.result", code=visit.game.code)
            if g.htmx:
                answer = Response(status=204)
                answer.headers["HX-Redirect"] = target
                abort(answer)
            abort(redirect(target, 303))

    def actor(self, visit: Visit) -> int | None:
        """The cookie's seat; a solo game also knows the browser that started it, so it
        comes back after the seat cookie is gone."""
        if visit.seat is None and visit.game.kind == "solo" and visit.game.owner:

            mine = owner_id() or ""
            if mine and secrets.compare_digest(mine, visit.game.owner):
                return 0
        return visit.seat

    def participant(self, visit: Visit) -> bool:
        return self.actor(visit) is not None or visit.host

    def line(self, seat: int, form: Mapping[str, Any]) -> str:
        """Fields: `action` (a notation line), or `faces` (real dice: the letters rolled), or
        `step` = "reroll" with `reroll` (dice numbers), or `step` = "change" with `change`
        (dice numbers) and `to` (a face letter)."""
        p = f"p{seat + 1}"
        if form.get("action"):
            return str(form["action"]).strip()
        step = form.get("step") or ("reroll" if "reroll" in form else "change" if "change" in
                                    form else "roll" if "faces" in form else "")
        if step == "roll":
            return f"{p} roll {form.get('faces', '')}"
        if step == "reroll":
            if not (dice := _list(form.get("reroll"))):
                raise _unclear(_("Tick the dice you want to reroll first."))
            return f"{p} reroll {','.join(dice)}"
        if step == "change":
            if not (dice := _list(form.get("change"))):
                raise _unclear(_("Tick the dice whose colour you want to change first."))
            return f"{p} change {','.join(dice)} to {form.get('to', '')}"
        raise _unclear(_("The form named no action. Tap one of the buttons."))

    def line_of(self, visit: Visit, seat: int, form: Mapping[str, Any]) -> str:
        """`line`; a roll of the app's dice is posted without its faces ("p1 roll", or the
        Roll button's `step`): the server rolls them now, so no page or JSON answer knew the
        roll before it was rolled (issue 42)."""
        wanted = str(form.get("action") or "").split()
        if (wanted == [f"p{seat + 1}", "roll"]
                or (not wanted and form.get("step") == "roll" and not form.get("faces"))):
            state = visit.state_as(GameState)
            if state.seeded and state.is_chance() and seat == state.active:
                return str(state.chance_action())
        return self.line(seat, form)

    def event_words(self, visit: Visit, event: dict[str, Any]) -> str:
        return event_text(event, self.names(visit))

    def context(self, visit: Visit, at: int | None, args: Mapping[str, Any],
                hint: dict[str, Any] | None) -> dict[str, Any]:
        return table_context(visit, self.actor(visit), self.names(visit), at, args,
                             frozenset(hint["cells"]) if hint else frozenset())

    def hint(self, visit: Visit) -> dict[str, Any]:
        """A solo player's hint: the expert bot's move (from the seat's view only, kept per
        position), why, and the move highlighted (its cells, its dice, its button)."""
        seat = self.actor(visit)
        if visit.game.kind != "solo" or seat is None:
            raise play.Refusal(403, _("No hints here"), _(
                "Hints are for solo games, for the player of the game."))
        state = visit.state_as(GameState)
        if state.is_over() or seat not in state.to_act() or state.is_chance():
            raise play.Refusal(409, _("Nothing to hint"), _(
                "A hint helps when it is your move; wait for your turn or your pick."))
        action = remembered("table_hints", (visit.game.id, state.seq, seat),
                            lambda: searched(bot_hint, state.view(seat), seat)[0])
        if isinstance(visit.game.config.get("challenge"), dict):
            player_boards().hinted(visit.game.id)  # an assisted game: ranked apart
        return {"action": str(action), "words": hint_words(action, list(state.dice)),
                "reason": hint_reason(state, action), "cells": hint_cells(action),
                "dice": hint_dice(action)}

    def log_context(self, visit: Visit) -> dict[str, Any]:
        names = self.names(visit)
        return {"names": names, "rows": [
            {"seq": r.seq, "seat": r.seat, "by_host": r.by_host, "text": r.text,
             "words": action_text(r.events, names),
             "details": [event_text(e, names) for e in r.events]}
            for r in visit.store.log(visit.game)]}

    def new_game(self, form: Mapping[str, str]) -> NewGame | str:
        """Seats, the host's name, the mirror option, app or real dice."""
        name = clean_name(form.get("name"))
        count = number(form.get("seats")) or 0
        if not MIN_SEATS <= count <= MAX_SEATS:
            return _("A table has 2 to 4 seats.")
        if name is None:
            return _("Give your name: 1 to %(max)s characters.", max=NAME_MAX)
        if form.get("dice", "app") not in ("app", "real"):
            return _("Choose who rolls: the app or real dice.")
        config = {
            "players": [name] + [f"Seat {i + 1}" for i in range(1, count)],
            "seed": deps().new_seed(),
            "options": {"mirror": form.get("mirror") in ("1", "on", "true", "yes"),
                        "dice": "seeded" if form.get("dice", "app") == "app" else "manual"},
        }
        return NewGame("table", config, count, claims=[(0, name)], mine=0)

    def rematch_config(self, visit: Visit, names: list[str]) -> dict[str, Any]:
        game = visit.game
        config = {"players": names, "seed": deps().new_seed(),
                  "options": dict(game.config.get("options") or {})}
        if game.config.get("challenge"):  # the same challenge again: the same dice
            config["seed"], config["challenge"] = game.config["seed"], game.config["challenge"]
        return config


EDITION = RollWrite()
pages = GamePages(EDITION)
bp = pages.bp


# ---------------------------------------------------------------------------- its own pages
@bp.get("/<code>/version")
def version(code: str) -> Response:
    """{"seq", "status", "next"} of a game, with an ETag (304 when unchanged)."""
    game = pages.visit(code).game
    etag = f"{game.seq}-{game.status}-{game.next_code or ''}"
    if request.if_none_match.contains(etag):
        resp = Response(status=304)
    else:
        resp = jsonify({"seq": game.seq, "status": game.status, "next": game.next_code})
    resp.set_etag(etag)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/<code>/qr.svg")
def qr(code: str) -> Response:
    """The QR code of the table's join link."""
    game = pages.visit(code).game
    return qr_response(url_for("rollwrite.join", code=game.code, _external=True), scale=5)


@bp.get("/<code>/api")
def api(code: str) -> Response:
    """JSON for tools and bots: the seat's view and its legal actions in the notation."""
    visit = pages.visit(code)
    seat = EDITION.actor(visit)
    state = visit.state_as(GameState)
    out: dict[str, Any] = {
        "seq": state.seq, "seat": seat, "view": state.player_view(seat),
        "legal": [unrolled(state, a) for a in state.legal_actions(seat)]
        if seat is not None else [],
    }
    if seat is not None and state.is_chance() and seat == state.active and not state.seeded:
        out["roll_faces"] = roll_count(state)  # real dice: send `faces` with this many letters
    return jsonify(out)


def unrolled(state: GameState, action: A.Action) -> str:
    """An action in the notation, a roll of the app's dice without its faces ("p1 roll"):
    the server rolls them when it is posted, and nobody sees them before."""
    if state.seeded and isinstance(action, A.Roll):
        return f"p{action.player + 1} roll"
    return str(action)


@bp.get("/<code>/sheet/<int:seat>")
def sheet(code: str, seat: int) -> str:
    """Any player's sheet, read-only."""
    visit = pages.visit(code)
    state = visit.state_as(GameState)
    if not 0 <= seat < state.players:
        abort(404)
    view = state.player_view(seat)
    grid = P.grid(view["buildings"][seat]["rows"], set(), set(), set(), None, lambda n: "")
    return render_template("companion/sheet.html", game=visit.game, view=view,
                           names=EDITION.names(visit), who=seat, grid=grid,
                           me=EDITION.actor(visit))


@bp.post("/<code>/host/free/<int:seat>")
def host_free(code: str, seat: int) -> Response:
    """The host frees a seat: its phone is out, another phone may take it."""
    visit = pages.visit(code)
    if not visit.host:
        abort(403)
    if not 0 <= seat < len(visit.seats):
        abort(404)
    visit.store.free_seat(visit.game, seat)
    return pages.to_page(visit)


@bp.post("/<code>/host/pass/<int:seat>")
def host_pass(code: str, seat: int) -> Response:
    """The host acts for an absent player until that seat has nothing left to do now. The form
    sends `seq` like every move: a seat that has moved since the host's page is not passed."""
    visit = pages.visit(code)
    if not visit.host:
        abort(403)
    state = visit.state_as(GameState)
    if not 0 <= seat < state.players:
        abort(404)
    seen = play.seen_seq(posted().get("seq"))
    if seen is None:
        return pages.refuse(visit, play.no_seq())
    if seat not in state.to_act():
        return pages.refuse(visit, play.Refusal(409, _("Nothing to pass"), _(
            "%(name)s has nothing to do right now.", name=EDITION.names(visit)[seat])))
    for step in range(HOST_PLAY_STEPS):
        text = stand_in_step(state, seat)
        if text is None:
            break
        try:  # the first step is judged against the page the host saw, like a player's move
            state, _events = visit.store.act(visit.game, seat, text, seen, by_host=True)
        except Conflict:
            if step == 0:  # that seat moved (or the game went on) since the host's page
                return pages.refuse(visit, play.moved_first())
            break  # the table moved on meanwhile: show it as it stands
        seen = state.seq
    at = botplay.play_pending(visit.store, visit.game, levels=visit.bots)
    return pages.to_page(visit, at)
