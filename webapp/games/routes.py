"""The one set of game routes every edition's pages use: new, join, the page, poll, act, skip,
hint, log and the rematch, written once over an edition's adapter (webapp/games/edition.py).
Each request loads its game and seats once (`Visit`) and passes them along; both editions
answer alike: an unknown code (or a code of another kind of game) is the "no such table"
page, a refused move shows the game again with the refusal above it (JSON for programs), a
move from an out-of-date page is 409."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import (
    Blueprint,
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
from werkzeug.wrappers import Response

from webapp.games import botplay, play
from webapp.games.edition import Edition
from webapp.games.seats import NAME_MAX, clean_name, derived_token
from webapp.games.visit import Visit
from webapp.platform.context import give_host, give_seat, seat_token
from webapp.platform.context import store as _store
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited, hint_limited
from webapp.platform.security import PRIVATE
from webapp.platform.store import Conflict, token_hash


def wants_json() -> bool:
    """Whether the request is a program's (JSON sent, or only JSON accepted)."""
    if request.is_json:
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and "text/html" not in request.accept_mimetypes.values()


def posted() -> dict[str, Any]:
    """The posted fields (form or JSON), lists kept where a field repeats."""
    if request.is_json:
        body = request.get_json(silent=True)
        return body if isinstance(body, dict) else {}
    out: dict[str, Any] = {}
    for key in request.form:
        values = request.form.getlist(key)
        out[key] = values if len(values) > 1 else values[0]
    return out


class GamePages:
    """An edition's pages: the shared routes bound to its adapter, on its own blueprint
    (`bp`, to which the edition adds the routes only it has)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.bp = Blueprint(edition.name, __name__, url_prefix=edition.prefix)
        rules: list[tuple[str, str, Any, list[str]]] = [
            ("/new", "new", create_limited(self.new), ["GET", "POST"]),
            ("/join", "join_code", self.join_code, ["GET"]),
            ("/<code>", "page", self.page, ["GET"]),
            ("/<code>/join", "join", self.join, ["GET", "POST"]),
            ("/<code>/poll", "poll", self.poll, ["GET"]),
            ("/<code>/act", "act", self.act, ["POST"]),
            ("/<code>/skip", "skip", self.skip, ["POST"]),
            ("/<code>/hint", "hint", hint_limited(self.hint), ["GET"]),
            ("/<code>/log", "log", self.log, ["GET"]),
            ("/<code>/again", "again", create_limited(self.again), ["POST"]),
            ("/<code>/next", "follow", self.follow, ["GET"]),
        ]
        for rule, endpoint, view, methods in rules:
            if endpoint in edition.routes:
                self.bp.add_url_rule(rule, endpoint, view, methods=methods)
        if edition.private:
            self.bp.after_request(self._never_cached)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _never_cached(resp: Response) -> Response:
        """Pages that may show a hand: no browser, proxy or service worker keeps any of them
        (a hot-seat phone goes round the table; Back must not show the last player's hand)."""
        resp.headers["Cache-Control"] = PRIVATE
        return resp

    def visit(self, code: str) -> Visit:
        """The request's one load of the game (NotFound for a code of another kind)."""
        visit = Visit.load(_store(), code, self.edition.kinds)
        self.edition.guard(visit)
        return visit

    def url(self, endpoint: str, **args: Any) -> str:
        """The address of one of this edition's pages."""
        return url_for(f"{self.edition.name}.{endpoint}", **args)

    def render(self, visit: Visit, status: int = 200, message: str | None = None,
               title: str | None = None, args: Mapping[str, Any] | None = None,
               hint: dict[str, Any] | None = None, at: int | None = None) -> Response:
        """The game page (its fragment for htmx), of the present or of the frame `at`; a frame
        sent to htmx puts the present's address in the address bar (a reload shows it)."""
        ctx = self.edition.context(visit, at, request.args if args is None else args, hint)
        ctx.update(message=message, message_title=title, hint=hint)
        template = self.edition.templates.fragment if g.htmx else self.edition.templates.page
        resp = make_response(render_template(template, **ctx), status)
        if g.htmx and at is not None:
            resp.headers["HX-Replace-Url"] = self.url("page", code=visit.game.code)
        return resp

    def refuse(self, visit: Visit, refusal: play.Refusal) -> Response:
        """A refused request: JSON for a program, else the game page with the refusal above it
        (its fragment for htmx, which keeps the refused form's address out of the history)."""
        if wants_json():
            answer = jsonify({"ok": False, "error": refusal.message, "title": refusal.title,
                              "code": refusal.code})
            answer.status_code = refusal.status
            return answer
        resp = self.render(visit, refusal.status, refusal.message, refusal.title, args={})
        if g.htmx:
            resp.headers["HX-Push-Url"] = "false"
        return resp

    def to_page(self, visit: Visit, at: int | None = None) -> Response:
        """303 to the game page (from `at`, the frame its bots' moves are shown from)."""
        return redirect(self.url("page", code=visit.game.code, at=at), 303)

    # ------------------------------------------------------------------ create, join
    def new(self) -> ResponseReturnValue:
        """The new-game form; its POST creates the game, seats this browser, plays the bots'
        first moves and goes to the page."""
        ed = self.edition
        if request.method == "GET":
            return render_template(ed.templates.new, form={}, error=None, name_max=NAME_MAX,
                                   **ed.new_context())
        made = ed.new_game(request.form)
        if isinstance(made, str):
            return render_template(ed.templates.new, form=request.form, error=made,
                                   name_max=NAME_MAX, **ed.new_context()), 400
        store = _store()
        game = store.create_game(made.kind, ed.engine, made.config, made.seat_count,
                                 bots=made.bots)
        tokens = {seat: store.claim_seat(game, seat, name) for seat, name in made.claims}
        at = botplay.play_pending(store, game, levels=made.bots)  # a bot that starts plays
        resp = redirect(self.url("page", code=game.code, at=at), 303)
        give_host(resp, game.code, game.host_key)
        token = tokens.get(made.mine) if made.mine is not None else None
        if token:
            give_seat(resp, game.code, token)
        return resp

    def join_code(self) -> ResponseReturnValue:
        """A code typed on a join form: on to that game's page to join (webapp/games/play.py)."""
        return play.join_by_code(_store(), request.args.get("code"))

    def join(self, code: str) -> ResponseReturnValue:
        """Take a free seat (under a name, where the edition asks for one); this browser gets
        the seat's unguessable token in a cookie."""
        visit = self.visit(code)
        if visit.seat is not None:
            return self.to_page(visit)
        refusal = self.edition.join_refusal(visit)
        if request.method == "GET" or refusal is not None:  # the page says why it is closed
            status = refusal.status if refusal is not None and request.method == "POST" else 200
            return self._join_page(visit, None, status, closed=refusal is not None)
        found = number(request.form.get("seat"), 1)
        seat = -1 if found is None else found
        name = None
        if 0 <= seat < len(visit.seats):
            name = (clean_name(request.form.get("name")) if self.edition.asks_name
                    else self.edition.names(visit)[seat])
        if not 0 <= seat < len(visit.seats):
            return self._join_page(visit, _("Choose one of the free seats."), 400)
        if name is None:
            return self._join_page(visit, _("Give your name: 1 to %(max)s characters.",
                                            max=NAME_MAX), 400)
        token = visit.store.claim_seat(visit.game, seat, name)
        if token is None:  # the seats as they are now: someone was faster
            return self._join_page(self.visit(code), _(
                "Someone else took seat %(n)s a moment ago. Choose another seat.", n=seat + 1),
                409)
        resp = self.to_page(visit)
        give_seat(resp, visit.game.code, token)
        return resp

    def _join_page(self, visit: Visit, error: str | None, status: int,
                   closed: bool = False) -> Response:
        names = self.edition.names(visit)
        open_seats = [{"seat": s.seat, "name": names[s.seat]} for s in visit.seats
                      if not s.taken]
        body = render_template(self.edition.templates.join, game=visit.game, seats=visit.seats,
                               names=names, open_seats=open_seats, error=error,
                               form=request.form, name_max=NAME_MAX,
                               closed=closed)
        return make_response(body, status)

    # ------------------------------------------------------------------ the page
    def page(self, code: str) -> Response:
        """The game as this browser may see it; with `at` (after a move the bots answered)
        their moves one at a time first. Reads only."""
        visit = self.visit(code)
        at = botplay.frame(visit.store, visit.game, number(request.args.get("at")),
                           levels=visit.bots)
        return self.render(visit, at=at)

    def poll(self, code: str) -> ResponseReturnValue:
        """Has the game moved since `seq` (or a seat changed hands)? htmx gets 204, the next
        frame of the bots' moves, or the fresh page; once the finished game has a rematch,
        every phone is sent to its seat there. A program gets a small JSON answer."""
        visit = self.visit(code)
        game = visit.game
        seen = number(request.args.get("seq"))
        if not g.htmx:
            return jsonify({"seq": game.seq, "status": game.status, "changed": seen != game.seq,
                            "next": game.next_code, **self.edition.turn(visit)})
        if game.next_code:
            resp = make_response("", 204)
            resp.headers["HX-Redirect"] = self.url("follow", code=game.code)
            return resp
        if not play.behind(game, seen, request.args.get("seats"),
                           lambda: play.table_signature(visit.store, game, visit.seats)):
            return Response(status=204)
        return self.render(visit, at=botplay.frame_after(visit.store, game, seen,
                                                         levels=visit.bots))

    def log(self, code: str) -> str:
        """The whole game: one line per action, in words and in the notation."""
        visit = self.visit(code)
        return render_template(self.edition.templates.log, game=visit.game,
                               **self.edition.log_context(visit))

    # ------------------------------------------------------------------ acting
    def act(self, code: str) -> Response:
        """One action of this browser's seat, through the one play pipeline (webapp/games/play.py):
        checked against the move number its page showed (a page that is out of date gets
        409), judged by the engine, then the bots' replies."""
        visit = self.visit(code)
        form = posted()
        try:
            played = self.edition.move(visit, form, play.seen_seq(form.get("seq")))
        except play.Refusal as refusal:
            return self.refuse(visit, refusal)
        if wants_json():
            return jsonify({"ok": True, "seq": played.state.seq, "events": [
                self.edition.event_words(visit, e.to_dict()) for e in played.events]})
        return self.to_page(visit, played.at)

    def skip(self, code: str) -> Response:
        """"Skip ahead" on a game whose bots were left waiting (bots play in the request
        that gives them the turn, so this is rare): every pending bot action now."""
        visit = self.visit(code)
        if not self.edition.participant(visit):
            return self.refuse(visit, play.Refusal(
                403, _("Not seated"), _("Only the players of this game can make the bots "
                                        "hurry.")))
        botplay.play_pending(visit.store, visit.game, levels=visit.bots)
        return self.to_page(visit)

    def hint(self, code: str) -> Response:
        """The game page with the expert bot's suggestion for this browser's seat."""
        visit = self.visit(code)
        try:
            info = self.edition.hint(visit)
        except play.Refusal as refusal:
            return self.refuse(visit, refusal)
        return self.render(visit, args={}, hint=info)

    # ------------------------------------------------------------------ rematch
    def again(self, code: str) -> Response:
        """A new game with the same seats and options; every phone is sent to its seat
        there (each under a token only it can work out)."""
        visit = self.visit(code)
        game = visit.game
        if not self.edition.participant(visit):
            return self.refuse(visit, play.Refusal(403, _("Not seated"), _(
                "Only the players of this game can start the next one.")))
        if game.status != "over":
            return self.refuse(visit, play.Refusal(409, _("Game not over"), _(
                "A new game can start once this one is over.")))
        if game.next_code:
            return redirect(self.url("follow", code=game.code), 303)
        names = [s.name or f"Seat {s.seat + 1}" for s in visit.seats]
        config = self.edition.rematch_config(visit, names)
        secret = current_app.config["SECRET_KEY"]

        def reserve(new: str) -> tuple[str, dict[int, tuple[str, str]]]:
            """Every phone's seat (and the host role) under a token only it can work out: an
            HMAC of its old token's stored hash (the phone hashes the token it holds)."""
            return derived_token(secret, game.host_token, new), {
                s.seat: (names[s.seat], derived_token(secret, s.token, new))
                for s in visit.seats if s.token}

        store = visit.store
        try:  # one transaction: the game, its seats, and the old game's `next_code`
            fresh = store.create_game(game.kind, self.edition.engine, config, len(visit.seats),
                                      parent_id=game.id, owner=game.owner, reserve=reserve,
                                      bots=visit.bots)
        except Conflict:  # another phone pressed "play again" first: its game is the rematch
            return redirect(self.url("follow", code=game.code), 303)
        at = botplay.play_pending(store, fresh, levels=visit.bots)  # the bots' first moves
        return redirect(self.url("follow", code=game.code, at=at), 303)

    def follow(self, code: str) -> Response:
        """From a finished game to its rematch, taking this phone's seat (and host role)
        along (and `at`, the frame its bots' first moves are shown from)."""
        visit = self.visit(code)
        game = visit.game
        if not game.next_code:
            return self.to_page(visit)
        fresh = self.visit(game.next_code)
        secret = current_app.config["SECRET_KEY"]
        resp = redirect(self.url("page", code=fresh.game.code,
                                 at=number(request.args.get("at"))), 303)
        old = seat_token(game.code)
        if old and visit.seat is not None:
            token = derived_token(secret, token_hash(old), fresh.game.code)  # as `reserve`
            if fresh.store.holder(fresh.seats, token) is not None:
                give_seat(resp, fresh.game.code, token)
        if visit.host:
            give_host(resp, fresh.game.code,
                      derived_token(secret, game.host_token, fresh.game.code))
        return resp
