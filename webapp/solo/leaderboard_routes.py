"""The solitaire challenge as a shared event (/s): the daily and weekly leaderboards
(`/s/leaderboard/<seed>`, also `?format=json`), the player's records and devices (`/s/me`,
`/s/device`) and friends' challenges on the same dice (`/s/f/<code>`, two games side by side
at `/s/f/<code>/compare`). The SQL is in webapp/platform/player_store.py, the rules of ranking and
spoilers in webapp/solo/leaderboard.py."""

from __future__ import annotations

import secrets
from datetime import date
from functools import partial
from typing import Any

import segno
from flask import (
    Blueprint,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response

from webapp.games.seats import NAME_MAX, clean_name
from webapp.games.timeline import EDITION, TIMELINES, Timeline, timeline
from webapp.platform.context import remembered
from webapp.platform.context import store as _store
from webapp.platform.deps import deps
from webapp.platform.errors import Refused
from webapp.platform.game_text import stored_text
from webapp.platform.i18n import gettext as _
from webapp.platform.i18n import ngettext
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited
from webapp.platform.player_store import Entry, Player
from webapp.platform.store import Game, NotFound, Store
from webapp.players import identity as players
from webapp.solo import leaderboard as L  # noqa: N812
from webapp.solo import names
from webapp.solo import routes as solo
from webapp.solo.records import daily_date, records
from webapp.solo.turns_chart import DAYS, best_by_day, turns_svg
from webapp.words import sheet as P  # noqa: N812

bp = Blueprint("leaderboard", __name__, url_prefix="/s")

SEED_MAX = 40
PRIVATE = "private, no-store"


def _today() -> str:
    """Today's daily challenge seed, by the app's clock (webapp.platform.deps)."""
    return deps().today()


def _seed(seed: str) -> str:
    seed = " ".join(seed.split())
    if not seed or len(seed) > SEED_MAX:
        raise Refused(404, _("No such challenge"),
                      _("A challenge's date or word has 1 to %(max)s characters.",
                        max=SEED_MAX))
    return seed


def _kind(seed: str) -> str:

    if daily_date(seed) is not None:
        return "daily"
    return "weekly" if L.week_days(seed) is not None else "other"


@bp.app_template_global("challenge_name")
def challenge_name(seed: str) -> str:
    """A challenge's name in the page's words (never its internal seed)."""
    return names.challenge_name(seed, players.boards())


@bp.app_template_global("challenge_label")
def challenge_label(seed: str) -> str:
    """A challenge in a list: its date, else its name."""
    return names.challenge_label(seed, players.boards())


# ---------------------------------------------------------------------------- leaderboards
@bp.get("/leaderboard")
def today_board() -> Response:
    """Today's leaderboard."""
    return redirect(url_for("leaderboard.board", seed=_today()), 303)


@bp.get("/leaderboard/<seed>")
def board(seed: str) -> Any:
    """A seed's leaderboard, best first: names and turns for everyone; the games themselves
    once the viewer has finished or given up the seed (spoiler rule)."""
    seed = _seed(seed)
    store, boards = _store(), players.boards()
    me = players.owner_id()
    page = max(1, number(request.args.get("page"), 1) or 1)
    found = boards.board(seed, limit=L.PAGE_SIZE + 1, offset=(page - 1) * L.PAGE_SIZE)
    more, found = len(found) > L.PAGE_SIZE, found[:L.PAGE_SIZE]
    mine = boards.entry(seed, me) if me else None
    open_games = L.settled(boards, seed, me, store, mine)
    assisted = boards.assisted(seed) if page == 1 else []
    sharing = boards.sharing(seed, [e.address or "" for e in found + assisted])
    rows = [L.entry_row(e, (page - 1) * L.PAGE_SIZE + n, open_games or e.player_id == me,
                        sharing.get(e.address or "", 1))
            for n, e in enumerate(found, start=1)]
    helped = [L.entry_row(e, None, open_games or e.player_id == me,
                          sharing.get(e.address or "", 1)) for e in assisted]
    if request.args.get("format") == "json":
        return jsonify({"seed": seed, "entries": rows, "with_hints": helped})
    my_rank = boards.rank(mine) if mine is not None and mine.listed else None
    return render_template(
        "solo/leaderboard.html", seed=seed, kind=_kind(seed), rows=rows, mine=mine,
        helped=helped,
        open_games=open_games, page=page, more=more, today=_today(),
        week=L.week_seed(date.fromisoformat(_today())),
        mine_row=L.entry_row(mine, my_rank, True) if mine is not None and my_rank else None,
    )


@bp.post("/leaderboard/<seed>/give-up")
def give_up(seed: str) -> Response:
    """Stop one's first game on the seed (it will not be ranked): the others' games open."""
    seed = _seed(seed)
    me = players.owner_id()
    mine = players.boards().entry(seed, me) if me else None
    if mine is None or mine.outcome is not None:
        raise Refused(409, _("Nothing to give up"),
                      _("You have no game of this challenge still being played."),
                      url_for("leaderboard.board", seed=seed))
    players.boards().give_up(mine.game_id)
    return redirect(url_for("leaderboard.board", seed=seed), 303)


# ---------------------------------------------------------------------------- the player
def _need_player() -> Player:
    player = players.current_player()
    if player is None:
        raise Refused(404, _("No player yet"),
                      _("You become a player with your first game: play a challenge first, "
                        "or bring your player from another device."),
                      url_for("leaderboard.device"))
    return player


def _private(body: str, status: int = 200) -> Response:
    resp = make_response(body, status)
    resp.headers["Cache-Control"] = PRIVATE
    return resp


def _me_page(player: Player, device: dict[str, Any] | None = None,
             error: str | None = None, status: int = 200, welcome: bool = False) -> Response:
    store = _store()
    today = date.fromisoformat(_today())
    rec = records(store, player.id, _today())
    best = best_by_day(rec["attempts"], today)
    chart = turns_svg(
        best, today, _("Turns to 12 points, last %(days)s days", days=DAYS),
        _("Your fewest turns to 12 points on each day played: %(days)s days with a game.",
          days=len(best)), _("Day"), _("Turns"))
    return _private(render_template(
        "solo/me.html", player=player, rec=rec, chart=chart, chart_rows=sorted(best.items()),
        device=device, error=error, name_max=NAME_MAX, welcome=welcome,
        challenges=players.boards().challenges_of(player.id)), status)


@bp.get("/me")
def me() -> Response:
    """The player's records (streak, best per seed, games, turns over 30 days), the
    leaderboard switch and "use on another device"; on a device without a player yet, what
    this page is and how to get one (play, or bring one's player with a code)."""
    player = players.current_player()
    if player is None:
        return _private(render_template("solo/me_new.html"))
    welcome = request.args.get("welcome") == "1"
    return _me_page(player, welcome=welcome)


@bp.post("/me")
def me_settings() -> Response:
    """A new name, or the "hide me from leaderboards" switch."""
    player = _need_player()
    boards = players.boards()
    if "name" in request.form:
        name = clean_name(request.form.get("name"))
        if name is None:
            return _me_page(player, error=_("Give your name: 1 to %(max)s characters.",
                                            max=NAME_MAX), status=400)
        boards.rename(player.id, name)
    if "hidden" in request.form:
        boards.set_hidden(player.id, request.form.get("hidden") == "1")
    return redirect(url_for("leaderboard.me"), 303)


@bp.post("/me/device")
@create_limited
def new_device() -> Response:
    """A single-use code (and its QR code) that brings this player to another device."""
    player = _need_player()
    code = players.new_device_code()
    players.boards().new_device_code(player.id, code.replace("-", ""))
    # the code rides in the fragment, which browsers never send: no request log sees it
    link = url_for("leaderboard.device", _external=True) + "#" + code
    qr = segno.make(link, error="m").svg_inline(scale=5, dark="#1d1d1f")
    return _me_page(player, {"code": code, "qr": qr, "minutes": 15})


@bp.get("/device")
def device() -> Response:
    """The form where another device's code is typed (or filled from the QR code's link)."""
    return _private(render_template("solo/device.html", error=None,
                                    player=players.current_player()))


@bp.post("/device")
@create_limited
def redeem() -> Response:
    """Use a device code: this browser becomes that player (a key of its own)."""
    code = players.normal_device_code(request.form.get("code", ""))
    found = players.boards().redeem_device_code(code.replace("-", "")) if code else None
    if found is None:
        return _private(render_template(
            "solo/device.html", player=players.current_player(),
            error=_("This code does not work: it may be mistyped, used already or expired "
                    "(a code works once, for 15 minutes). Make a new one on your other "
                    "device.")), 400)
    resp = redirect(url_for("leaderboard.me", welcome=1), 303)
    players.give_secret(resp, found[1])
    return resp


# ---------------------------------------------------------------------------- friends
@bp.post("/friends")
@create_limited
def new_friends() -> Response:
    """A challenge for friends on a seed: the one given (a game's), else today's, or fresh
    dice (`seed=new`)."""
    wanted = " ".join(str(request.form.get("seed") or "").split()) or _today()
    if wanted == "new":

        wanted = "f-" + secrets.token_hex(5)
    if len(wanted) > SEED_MAX:
        return solo._page(request.form, _("A challenge's date or word has at most %(max)s "
                                          "characters.", max=SEED_MAX), 400)
    typed = request.form.get("name")
    if typed and clean_name(typed) is None:
        return solo._page(request.form, _("Give your name: 1 to %(max)s characters.",
                                          max=NAME_MAX), 400)
    player, secret = players.ensure_player(clean_name(typed), _("Player"))
    code = players.boards().create_challenge(wanted, player)
    resp = redirect(url_for("leaderboard.friends", code=code), 303)
    players.give_secret(resp, secret)
    return resp


def _challenge(code: str) -> dict[str, Any]:
    found = players.boards().challenge("".join(ch for ch in code.upper() if ch.isalnum())[:12])
    if found is None:
        raise Refused(404, _("No such challenge"),
                      _("There is no friends' challenge with the code %(code)s.",
                        code=code[:12]))
    return found


def _member_rows(members: list[tuple[Player, Entry | None]], me: str | None,
                 open_games: bool) -> list[dict[str, Any]]:
    out = []
    for p, e in members:
        out.append({"name": p.name, "me": p.id == me, "entry": e,
                    "state": "none" if e is None else e.outcome or "playing",
                    "code": e.code if e is not None and e.outcome == "done"
                    and (open_games or p.id == me) else ""})
    return out


def share_words(title: str, name: str) -> str:
    """The invitation's words: who sends it and the challenge's name (never its seed)."""
    return _("%(name)s challenges you to a Copenhagen solitaire (%(title)s): the same dice "
             "for the same choices. Who reaches 12 points in fewer turns?", name=name,
             title=title)


@bp.get("/f/<code>")
def friends(code: str) -> Response:
    """A friends' challenge: the link, QR code and words to send, each member's result, and
    their games side by side once the viewer has finished."""
    found = _challenge(code)
    boards, store = players.boards(), _store()
    me = players.owner_id()
    seed = found["seed"]
    members = boards.members(found["code"], seed)
    open_games = L.settled(boards, seed, me, store)
    link = url_for("leaderboard.friends", code=found["code"], _external=True)
    creator = next((p.name for p, _e in members if p.id == found["creator"]), "")
    title = names.friends_name(creator, found.get("created"))
    rows = _member_rows(members, me, open_games)
    done = [r for r in rows if r["code"]]
    mine = boards.entry(seed, me) if me else None
    return _private(render_template(
        "solo/friends.html", challenge=found, seed=seed, rows=rows, link=link, title=title,
        qr=segno.make(link, error="m").svg_inline(scale=5, dark="#1d1d1f"),
        share=share_words(title, creator) + "\n" + link, member=any(r["me"] for r in rows),
        mine=mine, open_games=open_games, name_max=NAME_MAX,
        player=players.current_player(),
        pairs=[(a, b) for i, a in enumerate(done) for b in done[i + 1:]] if open_games else [],
    ))


@bp.post("/f/<code>/play")
@create_limited
def play_friends(code: str) -> Response:
    """Join the challenge and play its seed (or go back to one's game on it)."""
    found = _challenge(code)
    seed = found["seed"]
    typed = request.form.get("name")
    if typed and clean_name(typed) is None:
        raise Refused(400, _("Check your name"),
                      _("Give your name: 1 to %(max)s characters.", max=NAME_MAX),
                      url_for("leaderboard.friends", code=found["code"]))
    me = players.current_player()
    mine = players.boards().entry(seed, me.id) if me else None
    if me is not None and mine is not None:
        players.boards().join(found["code"], me.id)
        return redirect(url_for("solo.open_game", code=mine.code), 303)
    resp = solo.start_challenge(seed, clean_name(typed) or _("Player"))
    player = players.current_player()
    if player is not None:
        players.boards().join(found["code"], player.id)
    return resp


def _game_of(code: str) -> Game:
    try:
        return _store().game(code)
    except NotFound:
        raise Refused(404, _("No such game"),
                      _("There is no game with the code %(code)s. Check the code and try "
                        "again.", code=code[:12])) from None


def _timeline_of(store: Store, game: Game) -> Timeline:
    """A finished game's timeline, replayed from its stored text."""
    return timeline(stored_text(store, game), store.factories[EDITION])


@bp.get("/f/<code>/compare")
def compare(code: str) -> Response:
    """Two members' games side by side at the end of a turn (`?a=`, `?b=`, `?turn=`)."""
    found = _challenge(code)
    seed = found["seed"]
    boards, store = players.boards(), _store()
    me = players.owner_id()
    if not L.settled(boards, seed, me, store):
        raise Refused(403, _("Not yet: no spoilers"),
                      _("The games open side by side once you have finished this challenge "
                        "or given up."), url_for("leaderboard.friends", code=found["code"]))
    members = {e.code: (p, e) for p, e in boards.members(found["code"], seed)
               if e is not None and e.outcome == "done"}
    picked = [request.args.get("a", ""), request.args.get("b", "")]
    if any(c.upper() not in members for c in picked):
        raise Refused(404, _("No such game"),
                      _("Choose two finished games of this challenge's players."),
                      url_for("leaderboard.friends", code=found["code"]))
    sides, last_turn = [], 1
    for c in picked:
        player, entry = members[c.upper()]
        game = _game_of(c)
        line = remembered("replay_timelines", (game.id, game.seq),
                          partial(_timeline_of, store, game), size=TIMELINES)
        sides.append((player, entry, game, line))
        last_turn = max(last_turn, line.turns[-1])
    turn = number(request.args.get("turn"), last_turn) or last_turn
    turn = max(1, min(turn, last_turn))
    boards_shown = []
    for player, entry, game, line in sides:
        # the position at the end of `turn`: the last step whose turn is not after it
        at = max((n for n in range(line.last + 1) if line.turns[n] <= turn), default=0)
        state = line.state_at(at)
        view = state.player_view(None)
        grid = P.grid(view["buildings"][0]["rows"], set(), set(), set(), None, lambda n: "")
        boards_shown.append({"name": player.name, "entry": entry, "game": game, "grid": grid,
                             "view": view, "score": state.sheets[0].score,
                             "ended": turn >= line.turns[-1]})
    return _private(render_template(
        "solo/compare.html", challenge=found, seed=seed, sides=boards_shown, turn=turn,
        last_turn=last_turn, a=picked[0].upper(), b=picked[1].upper(),
        turn_words=ngettext("after %(num)s turn", "after %(num)s turns", turn)))
