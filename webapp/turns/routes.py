"""The pages of turn-based tables: a new game (`/turns/new`), joining one (`/turns/<code>/
join`), handing a seat that missed its moves to a bot, My games (`/me/games`, JSON with
`?format=json`) and opening one at one's seat on any device, a vacation, and the device's
push subscription (`/me/push/subscriptions`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Blueprint, current_app, jsonify, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from webapp.games import botplay
from webapp.games.seats import NAME_MAX, clean_name
from webapp.platform.context import give_seat, seat_token
from webapp.platform.context import store as _store
from webapp.platform.deps import deps
from webapp.platform.errors import page as error_page
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited
from webapp.platform.store import Game, NotFound, Store
from webapp.players.identity import current_player, ensure_player, give_secret
from webapp.turns import seating
from webapp.turns.clocks import CLOCK_DAYS, MISSED_FOR_BOT, TIMEOUT_LEVEL
from webapp.turns.holidays import VACATION_DAYS, take_vacation
from webapp.turns.panel import time_left
from webapp.turns.webpush import LEVELS, Refused, public_key, read_subscription, valid_subject
from webapp.turns.wiring import turns

bp = Blueprint("turns", __name__)
JOIN_PAGES = ("rollwrite.join", "card.join")  # the editions' own join pages


@bp.before_app_request
def _join_here() -> ResponseReturnValue | None:
    """An edition's join page of a turn-based game leads to this one (the seat then follows
    the player on every device)."""
    if request.endpoint not in JOIN_PAGES or not request.view_args:
        return None
    try:
        game = _turn_game(str(request.view_args.get("code", "")))
    except NotFound:
        return None
    return redirect(url_for("turns.join", code=game.code), 303)


def _new_page(form: Any, error: str | None, status: int = 200) -> ResponseReturnValue:
    return render_template("turns/new.html", form=form, error=error, name_max=NAME_MAX,
                           clocks=CLOCK_DAYS, kinds=seating.SEAT_KINDS,
                           level_labels=botplay.LEVEL_LABELS), status


@bp.route("/turns/new", methods=["GET", "POST"])
@create_limited
def new() -> ResponseReturnValue:
    """The host's form; its POST makes the game with the host in seat 0 under the host's
    player (made now if this browser has none), and goes to the table."""
    if request.method == "GET":
        player = current_player()
        return _new_page({"name": player.name if player else ""}, None)
    made = seating.read_form(request.form)
    if isinstance(made, str):
        return _new_page(request.form, made, 400)
    player, secret = ensure_player(made.host)
    t = turns()
    game, token = seating.create(_store(), t.records, made, deps().new_seed(),
                                 current_app.config["SECRET_KEY"], player.id)
    at = botplay.play_pending(_store(), game)
    resp = redirect(url_for(seating.page_endpoint(game), code=game.code, at=at), 303)
    give_seat(resp, game.code, token)
    give_secret(resp, secret)
    return resp


def _turn_game(code: str) -> Game:
    """The turn-based game of `code` (NotFound for any other)."""
    game = _store().game(code)
    if turns().records.clock(game.id) is None:
        raise NotFound(code)
    return game


@bp.route("/turns/<code>/join", methods=["GET", "POST"])
def join(code: str) -> ResponseReturnValue:
    """Take a free seat of a turn-based game under a name; the seat follows the player on
    every device (My games)."""
    store = _store()
    game = _turn_game(code)
    seats = store.seats(game)
    mine = Store.holder(seats, seat_token(game.code))
    if mine is not None:
        return redirect(url_for(seating.page_endpoint(game), code=game.code), 303)
    free = [s.seat for s in seats if not s.taken]
    player = current_player()
    ctx = {"game": game, "free": free, "name_max": NAME_MAX,
           "name": player.name if player else ""}
    if request.method == "GET" or not free:
        return render_template("turns/join.html", error=None if free else _(
            "Every seat of this table is taken."), **ctx), 200 if free else 409
    name = clean_name(request.form.get("name"))
    seat = number(request.form.get("seat"))
    if name is None:
        return render_template("turns/join.html", error=_(
            "Give your name: 1 to %(max)s characters.", max=NAME_MAX), **ctx), 400
    if seat is None or seat not in free:
        seat = free[0]
    player, secret = ensure_player(name)
    token = seating.player_token(current_app.config["SECRET_KEY"], player.id, game.code)
    if store.claim_seat(game, seat, name, token) is None:
        return render_template("turns/join.html", error=_(
            "Someone else took seat %(n)s a moment ago. Choose another seat.", n=seat + 1),
            **ctx), 409
    turns().records.set_player(game.id, seat, player.id)
    resp = redirect(url_for(seating.page_endpoint(game), code=game.code), 303)
    give_seat(resp, game.code, token)
    give_secret(resp, secret)
    return resp


@bp.post("/turns/<code>/bot/<int:seat>")
def hand_to_bot(code: str, seat: int) -> ResponseReturnValue:
    """Another player of the game hands a seat whose clock ran out MISSED_FOR_BOT times to
    the greedy bot for good."""
    store, t = _store(), turns()
    game = _turn_game(code)
    seats = store.seats(game)
    me = Store.holder(seats, seat_token(game.code))
    tseats = {s.seat: s for s in t.records.seats(game.id)}
    back = url_for(seating.page_endpoint(game), code=game.code)
    if me is None or me == seat:
        return error_page(403, _("Not allowed"), _(
            "Only the other players of this table can hand a seat to a bot."), back)
    if not 0 <= seat < len(seats) or seats[seat].bot or tseats[seat].missed < MISSED_FOR_BOT:
        return error_page(409, _("Not now"), _(
            "A seat goes to a bot only after the clock has run out on it %(n)s times.",
            n=MISSED_FOR_BOT), back)
    t.records.to_bot(game.id, seat, TIMEOUT_LEVEL)
    store.free_seat(game, seat)  # its phone's token stops working; the pages hear of it
    botplay.play_pending(store, store.game(game.code))
    t.clocks.follow_again(game.id)
    return redirect(back, 303)


def _game_json(g: Any, now: datetime) -> dict[str, Any]:
    return {"code": g.code, "edition": g.edition, "your_turn": g.your_turn,
            "deadline": g.deadline.isoformat() if g.deadline else None,
            "url": url_for("turns.open_game", code=g.code), "players": g.players,
            "over": g.over}


@bp.get("/me/games")
def my_games() -> ResponseReturnValue:
    """Every turn-based game of this browser's player (on every device holding one of the
    player's keys), those waiting for their move first."""
    player = current_player()
    t = turns()
    games = t.records.mine(player.id) if player else []
    now = deps().now()
    if request.args.get("format") == "json":
        resp = jsonify({"games": [_game_json(g, now) for g in games]})
        resp.headers["Cache-Control"] = "no-store"
        return resp
    month, used, until = t.records.vacation(player.id) if player else ("", 0, None)
    this_month = now.strftime("%Y-%m")
    left = VACATION_DAYS - (used if month == this_month else 0)
    rows = [{"game": g, "left": time_left(g.deadline, now) if g.deadline else None,
             "url": url_for("turns.open_game", code=g.code)} for g in games]
    resp = current_app.make_response(render_template(
        "turns/games.html", player=player, rows=rows, waiting=sum(g.your_turn for g in games),
        vacation_left=left, away_until=until if until and until > now else None,
        push_ready=valid_subject(t.subject),
        push_key=public_key(t.vapid()) if valid_subject(t.subject) else "",
        levels=LEVELS))
    resp.headers["Cache-Control"] = "no-store"
    return resp


@bp.get("/me/games/<code>/open")
def open_game(code: str) -> ResponseReturnValue:
    """A game of My games (or a notification's click), opened at the player's seat on this
    device: the seat's cookie is the player's token for that game."""
    game = _turn_game(code)
    player = current_player()
    resp = redirect(url_for(seating.page_endpoint(game), code=game.code), 303)
    if player is not None:
        token = seating.player_token(current_app.config["SECRET_KEY"], player.id, game.code)
        if Store.holder(_store().seats(game), token) is not None:
            give_seat(resp, game.code, token)
    return resp


@bp.post("/me/vacation")
def vacation() -> ResponseReturnValue:
    """Pause every clock of the player for a few days (VACATION_DAYS a month at most)."""
    player = current_player()
    if player is None:
        return error_page(403, _("No games yet"), _(
            "A vacation pauses the clocks of your turn-based games; you have none yet."))
    days = number(request.form.get("days"), 1)
    refusal = take_vacation(turns().records, player.id, days, deps().now())
    if refusal:
        return error_page(400, _("No vacation"), refusal, url_for("turns.my_games"))
    return redirect(url_for("turns.my_games"), 303)


@bp.get("/me/push/key")
def push_key() -> ResponseReturnValue:
    """The installation's public VAPID key (applicationServerKey), when pushes are set up."""
    t = turns()
    if not valid_subject(t.subject):
        return jsonify({"key": None, "error": _(
            "Notifications are not set up on this server.")}), 404
    return jsonify({"key": public_key(t.vapid())})


@bp.route("/me/push/subscriptions", methods=["POST", "DELETE"])
def subscriptions() -> ResponseReturnValue:
    """POST: keep this device's PushSubscription.toJSON() (with `level`: all, turn or none);
    DELETE: forget it. The form token comes in X-CSRFToken, as htmx sends it."""
    player = current_player()
    t = turns()
    body = request.get_json(silent=True)
    if player is None:
        return jsonify({"ok": False, "error": _(
            "Play a turn-based game first: notifications are for its moves.")}), 403
    if request.method == "DELETE":
        endpoint = body.get("endpoint") if isinstance(body, dict) else None
        found = t.subscriptions.find(endpoint) if isinstance(endpoint, str) else None
        if found is not None and found.player_id == player.id:
            t.subscriptions.remove(found.id)
        return jsonify({"ok": True})
    try:
        endpoint, p256dh, auth = read_subscription(body, t.extra_hosts)
    except Refused as err:
        return jsonify({"ok": False, "error": str(err)}), 400
    level = body.get("level") if isinstance(body, dict) else None
    if level is not None and level not in LEVELS:
        return jsonify({"ok": False, "error": _("Choose all, only my move, or none.")}), 400
    kept = t.subscriptions.save(player.id, endpoint, p256dh, auth, level,
                                str(get_locale() or "en"))
    if kept is None:
        return jsonify({"ok": False, "error": _(
            "Too many devices get notifications already: turn them off on one first.")}), 429
    return jsonify({"ok": True, "level": kept}), 201

