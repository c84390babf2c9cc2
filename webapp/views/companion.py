"""The table companion: one phone per player at a real Roll & Write table.

Design: the game starts the moment the host creates it. The engine knows the players by the
names given at creation (the host's name, "Seat N" for the others); the names shown come from
the seats table, so a player who joins later is named everywhere at once. Free seats do not
block the game: the host can pass (or play the turn) for an absent player. Each phone holds
a seat cookie `seat_<CODE>`, the host's phone also `host_<CODE>`. A rematch reserves every
seat under a token derived from the old one, so each phone lands in its own seat again.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    g,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from bots.hints import dice_hint as bot_hint
from bots.stand_in import stand_in_step
from rollwrite import actions as A  # noqa: N812
from rollwrite.material import DICE
from rollwrite.state import GameState
from webapp import botplay, play
from webapp.companion import page as P  # noqa: N812
from webapp.companion.events import action_text, event_text
from webapp.companion.hint import hint_dice, hint_reason, hint_words
from webapp.companion.seats import (
    NAME_MAX,
    clean_name,
    derived_token,
)
from webapp.context import give_host, give_seat, qr_response, remembered, seat_token
from webapp.context import is_host as _is_host
from webapp.context import store as _store
from webapp.errors import page
from webapp.inputs import number
from webapp.limits import create_limited
from webapp.points_chart import end_chart
from webapp.store import Conflict, Game, NotFound, token_hash

bp = Blueprint("companion", __name__, url_prefix="/t")

MIN_SEATS, MAX_SEATS = 2, 4
HOST_PLAY_STEPS = 60  # a turn played for an absent player never takes more steps
RECENT_MOVES = 6  # lines of the "latest moves" box of a game with bots


# ---------------------------------------------------------------------------- helpers
def new_seed() -> str:
    """The dice seed of a new game: unpredictable, so nobody can work out the rolls."""
    return secrets.token_hex(8)


# kinds of game whose pages are these (others have their own areas)
KINDS = ("table", "solo")  # solo: a table whose other seats are bots (webapp/views/solo.py)


def _game(code: str) -> Game:
    game = _store().game(code)
    if game.kind not in KINDS:
        raise NotFound(code)
    if (game.kind == "solo" and isinstance(game.config.get("challenge"), dict)
            and play.cookie_seat(_store(), game) is None):
        from webapp.views.replay import spoiler_guard

        spoiler_guard(game)  # someone else's challenge: not before one has played it out
    return game


def _seat(game: Game) -> int | None:
    """The seat this phone holds in the game (from its cookie), if any; a solo game also
    knows the browser that started it, so it comes back after the seat cookie is gone."""
    seat = play.cookie_seat(_store(), game)
    if seat is None and game.kind == "solo" and game.owner:
        from webapp.solo.players import owner_id

        mine = owner_id() or ""
        if mine and secrets.compare_digest(mine, game.owner):
            return 0
    return seat


def _names(game: Game) -> list[str]:
    """The seats' names as the table shows them."""
    return [s.name or _("Seat %(n)s", n=s.seat + 1) for s in _store().seats(game)]


def _wants_json() -> bool:
    if request.is_json:
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and "text/html" not in request.accept_mimetypes.values()


def _form() -> dict[str, Any]:
    """The posted fields (form or JSON), lists kept where a field repeats."""
    if request.is_json:
        body = request.get_json(silent=True)
        return body if isinstance(body, dict) else {}
    out: dict[str, Any] = {}
    for key in request.form:
        values = request.form.getlist(key)
        out[key] = values if len(values) > 1 else values[0]
    return out


def _list(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [p for p in str(value).replace(" ", ",").split(",") if p]


# ---------------------------------------------------------------------------- create, join
@bp.route("/new", methods=["GET", "POST"])
@create_limited
def new() -> Any:
    """Create a table: seats, the host's name, the mirror option, app or real dice."""
    if request.method == "GET":
        return render_template("companion/new.html", form={}, error=None, name_max=NAME_MAX)
    form = request.form
    name = clean_name(form.get("name"))
    error = None
    count = number(form.get("seats")) or 0
    if not MIN_SEATS <= count <= MAX_SEATS:
        error = _("A table has 2 to 4 seats.")
    elif name is None:
        error = _("Give your name: 1 to %(max)s characters.", max=NAME_MAX)
    elif form.get("dice", "app") not in ("app", "real"):
        error = _("Choose who rolls: the app or real dice.")
    if error:
        return render_template("companion/new.html", form=form, error=error,
                               name_max=NAME_MAX), 400
    assert name is not None
    players = [name] + [f"Seat {i + 1}" for i in range(1, count)]
    config = {
        "players": players,
        "seed": new_seed(),
        "options": {
            "mirror": form.get("mirror") in ("1", "on", "true", "yes"),
            "dice": "seeded" if form.get("dice", "app") == "app" else "manual",
        },
    }
    store = _store()
    game = store.create_game("table", "rollwrite", config, count)
    token = store.claim_seat(game, 0, name)
    resp = redirect(url_for("companion.table", code=game.code), 303)
    give_host(resp, game.code, game.host_key)
    if token:
        give_seat(resp, game.code, token)
    return resp


@bp.get("/join")
def join_code() -> ResponseReturnValue:
    """The home page's code field: on to that game's join page (webapp/play.py)."""
    return play.join_by_code(_store(), request.args.get("code"))


@bp.route("/<code>/join", methods=["GET", "POST"])
def join(code: str) -> Any:
    """Take a free seat under a name."""
    game = _game(code)
    store = _store()
    if _seat(game) is not None:
        return redirect(url_for("companion.table", code=game.code), 303)
    seats = store.seats(game)
    names = _names(game)
    if request.method == "GET":
        return render_template("companion/join.html", game=game, seats=seats, names=names,
                               error=None, form={}, name_max=NAME_MAX)
    name = clean_name(request.form.get("name"))
    found = number(request.form.get("seat"))
    seat = -1 if found is None else found
    error, status = None, 400
    if not 0 <= seat < len(seats):
        error = _("Choose one of the free seats.")
    elif name is None:
        error = _("Give your name: 1 to %(max)s characters.", max=NAME_MAX)
    if error is None:
        token = store.claim_seat(game, seat, name or "")
        if token is None:
            error, status = _("Someone else took seat %(n)s a moment ago. Choose another seat.",
                              n=seat + 1), 409
        else:
            resp = redirect(url_for("companion.table", code=game.code), 303)
            give_seat(resp, game.code, token)
            return resp
    seats = store.seats(game)
    return render_template("companion/join.html", game=game, seats=seats, names=_names(game),
                           error=error, form=request.form, name_max=NAME_MAX), status


# ---------------------------------------------------------------------------- the page
def _roll_count(state: GameState) -> int:
    """How many dice faces a manual roll needs now (all the dice, or those being rerolled)."""
    return len(state.reroll_dice) if state.phase == "reroll" else DICE


def _table_context(game: Game, seat: int | None, args: Any,
                   highlight: frozenset[str] = frozenset(), at: int | None = None
                   ) -> dict[str, Any]:
    """What the table page shows: the present, or (`at`) the game as it stood after `at`
    actions, a frame of the bots' moves shown one at a time, where nobody may move."""
    store = _store()
    state = store.state_as(game, GameState, at)
    seats = store.seats(game)
    names = [s.name or _("Seat %(n)s", n=s.seat + 1) for s in seats]
    view = state.player_view(seat)
    legal = state.legal_actions(seat) if seat is not None and at is None else []
    seq = state.seq
    if at is not None:
        args = {}
    # one read of the log's tail: the last move, and the bots' recent moves where there are bots
    tail = RECENT_MOVES if any(s.bot for s in seats) else 1
    recent = store.log(game, after=max(0, seq - tail), upto=seq) if seq else []
    last_line = action_text(recent[-1].events, names) if recent else ""
    ctx: dict[str, Any] = {
        "game": game, "state": state, "view": view, "seat": seat, "names": names,
        "seats": seats, "seq": seq, "legal": [str(a) for a in legal], "host": _is_host(game),
        "seat_sig": play.seats_signature(seats),
        "last_line": last_line, "free_seats": [s.seat for s in seats if not s.taken],
        "poll_seconds": current_app.config["POLL_SECONDS"],
        "args": {k: v for k, v in args.items() if k in ("cell", "k", "mode", "faces")},
        "manual": view["options"]["dice"] == "manual",
        "faces_letters": P.FACE_LETTERS, "colour_of": P.COLOUR_OF, "shapes": P.SHAPES,
        "chosen_colour": P.colour_of(view["chosen"]["tile"]) if view["chosen"] else None,
        "winner_names": ", ".join(names[w] for w in view["winners"]),
        "frame": at is not None,
    }
    verbs = {P.verb(a) for a in legal}
    ctx["verbs"] = verbs
    ctx["actions"] = {v: [str(a) for a in legal if P.verb(a) == v] for v in verbs}
    ctx["tracks"] = P.track_actions(legal)  # ready actions: the page builds no notation
    ctx["choices"] = P.group_choices(legal, list(state.dice))
    ctx["rerolls"] = "reroll" in verbs
    ctx["changes"] = "change" in verbs
    ctx["picks"] = P.picks(legal, state.dice)
    ctx.update(_bots_context(game, state, seats, names, recent, at is not None))
    ctx["roll_count"] = _roll_count(state)
    ctx["reroll_dice"] = [d + 1 for d in getattr(state, "reroll_dice", [])]
    ctx["faces"] = "".join(ch for ch in str(args.get("faces", "")).upper()
                           if ch in P.FACE_LETTERS)[: ctx["roll_count"]]
    ctx.update(_grid_context(game, state, view, seat, legal, args, highlight))
    ctx["hint"] = None
    ctx["chart"] = end_chart(store.log(game), names) if view["over"] else None
    return ctx


def _bots_context(game: Game, state: GameState, seats: list[Any], names: list[str],
                  recent: list[Any], frame: bool) -> dict[str, Any]:
    """Bots at the table: who they are, whether one is to act, and the latest moves in words
    (newest first, from `recent`, the log's last RECENT_MOVES rows) so that a person can
    follow what they did; a frame of their moves asks for the next one after
    BOT_STEP_SECONDS."""
    levels = {s.seat: s.bot for s in seats if s.bot}
    out: dict[str, Any] = {"bots": levels, "bots_pending": bool(botplay.pending(state, levels)),
                           "recent": [], "challenge": game.config.get("challenge")}
    if levels:
        out["recent"] = [line for line in (action_text(r.events, names) for r in reversed(recent))
                         if line]
    if frame:
        out["poll_seconds"] = botplay.BOT_STEP_SECONDS
    return out


def _grid_context(
    game: Game, state: GameState, view: dict[str, Any], seat: int | None, legal: list[Any],
    args: Any, highlight: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """The own building with what can be tapped now: placements, extra cells, arms cells."""
    if seat is None:
        return {"grid": None, "grid_mode": None, "placement": None, "cell_actions": []}
    cell = (args.get("cell") or "").lower() or None
    taps = P.tapping(legal, cell, number(args.get("k"), 4) or 0, args.get("mode", "") == "extra")

    def href(name: str) -> str:
        params: dict[str, Any] = {"cell": name}
        if taps.mode == "extra":
            params["mode"] = "extra"
        return url_for("companion.table", code=game.code, **params) + "#sheet"

    rows = view["buildings"][seat]["rows"]
    return {
        "grid": P.grid(rows, taps.selectable, taps.selectable, taps.preview | highlight,
                       taps.cell, href),
        "grid_mode": taps.mode, "placement": taps.placement, "cell_actions": taps.cell_actions,
        "cell": taps.cell, "extras_possible": taps.extras_possible,
    }


def _render_table(game: Game, status: int = 200, message: str | None = None,
                  title: str | None = None, args: Any = None,
                  hint: dict[str, Any] | None = None, at: int | None = None) -> Any:
    """The table page (its fragment for htmx), of the present or of the frame `at`; a frame
    sent to htmx puts the present's address in the address bar (a reload shows the present)."""
    highlight = frozenset(hint["cells"]) if hint else frozenset()
    ctx = _table_context(game, _seat(game), request.args if args is None else args, highlight,
                         at)
    ctx["message"], ctx["message_title"] = message, title
    ctx["hint"] = hint
    template = "companion/_table.html" if g.htmx else "companion/table.html"
    resp = make_response(render_template(template, **ctx), status)
    if g.htmx and at is not None:
        resp.headers["HX-Replace-Url"] = url_for("companion.table", code=game.code)
    return resp


def _frame_arg(game: Game) -> int | None:
    """The frame a page link asks for (`?at=N`, after a move the bots answered), if it is one
    to show (see botplay.frame); None: the present."""
    return botplay.frame(_store(), game, number(request.args.get("at")))


@bp.get("/<code>")
def table(code: str) -> Any:
    """A phone's page: its sheet and what it may do now (or a join prompt and the overview);
    with `at`, the bots' latest moves one at a time first. Reads only."""
    game = _game(code)
    return _render_table(game, at=_frame_arg(game))


@bp.get("/<code>/poll")
def poll(code: str) -> Any:
    """htmx polling: 204 while the game stands at `seq`, else the next frame of the bots'
    moves or the fresh fragment; once the finished game has a rematch, every phone is sent to
    its seat there. Reads only."""
    game = _game(code)
    found = number(request.args.get("seq"))
    if game.next_code:
        resp = make_response("", 204)
        resp.headers["HX-Redirect"] = url_for("companion.follow", code=game.code)
        return resp
    if not play.behind(_store(), game, found, request.args.get("seats")):
        return Response(status=204)
    return _render_table(game, at=botplay.frame_after(_store(), game, found))


@bp.get("/<code>/version")
def version(code: str) -> Response:
    """{"seq", "status"} of a game, with an ETag (304 when unchanged)."""
    seq, status = _store().head(code)
    game_next = None
    if status == "over":
        game_next = _game(code).next_code
    etag = f"{seq}-{status}-{game_next or ''}"
    if request.if_none_match.contains(etag):
        resp = Response(status=304)
    else:
        resp = jsonify({"seq": seq, "status": status, "next": game_next})
    resp.set_etag(etag)
    resp.headers["Cache-Control"] = "no-cache"
    return resp


@bp.get("/<code>/qr.svg")
def qr(code: str) -> Response:
    """The QR code of the table's join link."""
    game = _game(code)
    return qr_response(url_for("companion.join", code=game.code, _external=True), scale=5)


@bp.get("/<code>/api")
def api(code: str) -> Response:
    """JSON for tools and bots: the seat's view and its legal actions in the notation."""
    game = _game(code)
    seat = _seat(game)
    state = _store().state_as(game, GameState)
    out: dict[str, Any] = {
        "seq": state.seq,
        "seat": seat,
        "view": state.player_view(seat),
        "legal": [str(a) for a in state.legal_actions(seat)] if seat is not None else [],
    }
    if seat is not None and state.is_chance() and seat == state.active and not state.seeded:
        out["roll_faces"] = _roll_count(state)  # real dice: send `faces` with this many letters
    return jsonify(out)


@bp.get("/<code>/sheet/<int:seat>")
def sheet(code: str, seat: int) -> Any:
    """Any player's sheet, read-only."""
    game = _game(code)
    state = _store().state_as(game, GameState)
    if not 0 <= seat < state.players:
        abort(404)
    names = _names(game)
    view = state.player_view(seat)
    grid = P.grid(view["buildings"][seat]["rows"], set(), set(), set(), None, lambda n: "")
    return render_template("companion/sheet.html", game=game, view=view, names=names, who=seat,
                           grid=grid, me=_seat(game))


@bp.get("/<code>/log")
def log(code: str) -> Any:
    """The whole game: one line per action, in words and in the notation."""
    game = _game(code)
    names = _names(game)
    rows = [
        {"seq": r.seq, "seat": r.seat, "by_host": r.by_host, "text": r.text,
         "words": action_text(r.events, names),
         "details": [event_text(e, names) for e in r.events]}
        for r in _store().log(game)
    ]
    return render_template("companion/log.html", game=game, rows=rows, names=names)


# ---------------------------------------------------------------------------- acting
def _unclear(message: str) -> play.Refusal:
    """A form that names no complete action; the message says what is missing."""
    return play.Refusal(400, _("Nothing to do"), message)


def _notation(seat: int, form: dict[str, Any]) -> str:
    """The action the posted fields describe, in the notation (the engine judges it).

    Fields: `action` (a notation line), or `faces` (real dice: the letters rolled), or
    `step` = "reroll" with `reroll` (dice numbers), or `step` = "change" with `change`
    (dice numbers) and `to` (a face letter)."""
    p = f"p{seat + 1}"
    if form.get("action"):
        return str(form["action"]).strip()
    step = form.get("step") or ("reroll" if "reroll" in form else "change" if "change" in form
                                else "roll" if "faces" in form else "")
    if step == "roll":
        return f"{p} roll {form.get('faces', '')}"
    if step == "reroll":
        dice = _list(form.get("reroll"))
        if not dice:
            raise _unclear(_("Tick the dice you want to reroll first."))
        return f"{p} reroll {','.join(dice)}"
    if step == "change":
        dice = _list(form.get("change"))
        if not dice:
            raise _unclear(_("Tick the dice whose colour you want to change first."))
        return f"{p} change {','.join(dice)} to {form.get('to', '')}"
    raise _unclear(_("The form named no action. Tap one of the buttons."))


def _refuse(game: Game, refusal: play.Refusal) -> Any:
    """A refused move: JSON for a program, else the table page with the refusal above it
    (its fragment for htmx, which does not put the refused form's address in the history)."""
    if _wants_json():
        return jsonify({"ok": False, "error": refusal.message, "title": refusal.title,
                        "code": refusal.code}), refusal.status
    resp = _render_table(game, refusal.status, refusal.message, refusal.title, args={})
    if g.htmx:
        resp.headers["HX-Push-Url"] = "false"
    return resp


@bp.post("/<code>/act")
def act(code: str) -> Any:
    """One action of this phone's seat: a notation line, or the fields the page's forms use.
    Every form sends `seq`, the move number its page showed, so a move made on a page that is
    out of date is refused (409) instead of being applied to a game the player has not seen."""
    game = _game(code)
    seat = _seat(game)
    form = _form()
    seen = play.seen_seq(form.get("seq"))
    try:  # the form's own checks first (seat, seq, a complete action), then the one pipeline
        if seat is None:
            raise play.not_seated()
        if seen is None:
            raise play.no_seq()
        text = _notation(seat, form)
        played = play.play(_store(), game, seat, text, seen, A.parse_action, _names(game))
    except play.Refusal as refusal:
        return _refuse(game, refusal)
    if _wants_json():
        names = _names(game)
        return jsonify({"ok": True, "seq": played.state.seq,
                        "events": [event_text(e.to_dict(), names) for e in played.events]})
    return redirect(url_for("companion.table", code=game.code, at=played.at), 303)


# ---------------------------------------------------------------------------- bots, hint
@bp.post("/<code>/skip")
def skip(code: str) -> Any:
    """"Skip ahead" on a game whose bots were left waiting (bots play in the request that gives
    them the turn, so this is rare): every pending bot action now, then the present."""
    game = _game(code)
    if _seat(game) is None:
        return _refuse(game, play.Refusal(403, _("Not seated"),
                                          _("Only the player of this game can make the bots "
                                            "hurry.")))
    botplay.play_pending(_store(), game)
    return redirect(url_for("companion.table", code=game.code), 303)


def hint_cells(action: Any) -> list[str]:
    """The cells a hinted action marks, for highlighting them on the sheet."""
    if isinstance(action, A.Draw):
        return [P.cell_name(b) for b in P.bits(action.mask)]
    if isinstance(action, A.Extra | A.ArmsCell):
        return [P.cell_name(action.cell)]
    return []


def _hint_for(game: Game, state: GameState, seat: int) -> Any:
    """The expert bot's suggestion for `seat` (decided from that seat's view only); kept per
    game position, since the search takes a moment."""

    def search() -> Any:
        action, _why = bot_hint(state.view(seat), seat)
        return action

    return remembered("table_hints", (game.id, state.seq, seat), search)


@bp.get("/<code>/hint")
def hint(code: str) -> Any:
    """A solo player's hint: the expert bot's move in words, why, and the move highlighted
    (its cells on the sheet, its dice, its button)."""
    game = _game(code)
    seat = _seat(game)
    if game.kind != "solo" or seat is None:
        return _refuse(game, play.Refusal(403, _("No hints here"),
                                          _("Hints are for solo games, for the player of the "
                                            "game.")))
    state = _store().state_as(game, GameState)
    if state.is_over() or seat not in state.to_act() or state.is_chance():
        return _refuse(game, play.Refusal(409, _("Nothing to hint"),
                                          _("A hint helps when it is your move; wait for your "
                                            "turn or your pick.")))
    action = _hint_for(game, state, seat)
    info = {"action": str(action), "words": hint_words(action, list(state.dice)),
            "reason": hint_reason(state, action), "cells": hint_cells(action),
            "dice": hint_dice(action)}
    return _render_table(game, args={}, hint=info)


# ---------------------------------------------------------------------------- host
def _require_host(game: Game) -> None:
    if not _is_host(game):
        abort(403)


@bp.post("/<code>/host/free/<int:seat>")
def host_free(code: str, seat: int) -> Any:
    """The host frees a seat: its phone is out, another phone may take it."""
    game = _game(code)
    _require_host(game)
    if not 0 <= seat < len(_store().seats(game)):
        abort(404)
    _store().free_seat(game, seat)
    return redirect(url_for("companion.table", code=game.code), 303)


@bp.post("/<code>/host/pass/<int:seat>")
def host_pass(code: str, seat: int) -> Any:
    """The host acts for an absent player until that seat has nothing left to do now. The form
    sends `seq` like every move: a seat that has moved since the host's page is not passed."""
    game = _game(code)
    _require_host(game)
    store = _store()
    state = store.state_as(game, GameState)
    if not 0 <= seat < state.players:
        abort(404)
    seen = play.seen_seq(_form().get("seq"))
    if seen is None:
        return _refuse(game, play.no_seq())
    if seat not in state.to_act():
        return _refuse(game, play.Refusal(409, _("Nothing to pass"),
                                          _("%(name)s has nothing to do right now.",
                                            name=_names(game)[seat])))
    for step in range(HOST_PLAY_STEPS):
        text = stand_in_step(state, seat)
        if text is None:
            break
        try:  # the first step is judged against the page the host saw, like a player's move
            state, _events = store.act(game, seat, text, seen, by_host=True)
        except Conflict:
            if step == 0:  # that seat moved (or the game went on) since the host's page
                return _refuse(game, play.moved_first())
            break  # the table moved on meanwhile: show it as it stands
        seen = state.seq
    at = botplay.play_pending(store, game)
    return redirect(url_for("companion.table", code=game.code, at=at), 303)


# ---------------------------------------------------------------------------- rematch
@bp.post("/<code>/again")
@create_limited
def again(code: str) -> Any:
    """A new game with the same seats and options; every phone is sent to its seat there."""
    game = _game(code)
    store = _store()
    seat = _seat(game)
    if seat is None and not _is_host(game):
        abort(403)
    if game.status != "over":
        return _refuse(game, play.Refusal(409, _("Game not over"),
                                          _("A new game can start once this one is over.")))
    if not game.next_code:
        seats = store.seats(game)
        names = [s.name or f"Seat {s.seat + 1}" for s in seats]
        config = {"players": names, "seed": new_seed(),
                  "options": dict(game.config.get("options") or {})}
        if game.config.get("challenge"):  # the same challenge again: the same dice
            config["seed"] = game.config["seed"]
            config["challenge"] = game.config["challenge"]
        secret = current_app.config["SECRET_KEY"]

        def reserve(new: str) -> tuple[str, dict[int, tuple[str, str]]]:
            """Every phone's seat (and the host role) under a token only it can work out: an
            HMAC of its old token's stored hash (the phone hashes the token it holds)."""
            return derived_token(secret, game.host_token, new), {
                s.seat: (names[s.seat], derived_token(secret, s.token, new))
                for s in seats if s.token}

        try:  # one transaction: the game, its seats, and the old game's `next_code`
            fresh = store.create_game(game.kind, "rollwrite", config, len(seats),
                                      parent_id=game.id, owner=game.owner, reserve=reserve,
                                      bots={s.seat: s.bot for s in seats if s.bot})
        except Conflict:
            pass  # another phone pressed "play again" first: its game is the rematch
        else:
            at = botplay.play_pending(store, fresh)  # the bots' first moves, if theirs
            return redirect(url_for("companion.follow", code=game.code, at=at), 303)
    return redirect(url_for("companion.follow", code=game.code), 303)


@bp.get("/<code>/next")
def follow(code: str) -> Response:
    """From a finished game to its rematch, taking this phone's seat (and host role) along
    (and `at`, the frame its bots' first moves are shown from)."""
    game = _game(code)
    if not game.next_code:
        return redirect(url_for("companion.table", code=game.code), 303)
    fresh = _game(game.next_code)
    secret = current_app.config["SECRET_KEY"]
    resp = redirect(url_for("companion.table", code=fresh.code,
                            at=number(request.args.get("at"))), 303)
    old_seat = seat_token(game.code)
    if old_seat and _store().seat_of(game, old_seat) is not None:
        token = derived_token(secret, token_hash(old_seat), fresh.code)  # as `reserve` did
        if _store().seat_of(fresh, token) is not None:
            give_seat(resp, fresh.code, token)
    if _is_host(game):
        give_host(resp, fresh.code, derived_token(secret, game.host_token, fresh.code))
    return resp


__all__ = ["bp", "page"]
