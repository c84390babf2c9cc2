"""The review of a finished game (/r/<code>/review), for every edition: each player's accuracy
and count of inaccuracies, mistakes and blunders, then every turn's move beside the best move
the reviewer found, what each would bring and what the difference cost. The review is computed
once, in the background (webapp/reviews.py); this page only reads it, shows "being prepared"
while it is computed, and asks again by itself (htmx, or a meta refresh without JavaScript).

In the card edition the best move of a turn could tell what was in that seat's hand: a phone
sees only the turns of the seat it holds (a hot-seat game's shared screen shows one seat's
turns at a time, as it shows one hand at a time); anyone else sees the accuracies alone."""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    make_response,
    render_template,
    request,
    url_for,
)
from flask_babel import format_decimal
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from webapp import play, reviews
from webapp.colours import colour_word
from webapp.context import is_host
from webapp.context import store as _store
from webapp.errors import Refused, known_game
from webapp.errors import page as error_page
from webapp.inputs import number
from webapp.jobs import jobs
from webapp.move_words import said_words
from webapp.review_sheets import DEFS, sheet_svg
from webapp.security import PRIVATE
from webapp.store import Game, Store

bp = Blueprint("review", __name__, url_prefix="/r")

POLL_SECONDS = 2  # how often a page waiting for its review asks again (htmx)
REFRESH_SECONDS = 5  # the same without JavaScript (a meta refresh)
HIDDEN_HANDS = ("boardgame",)  # editions where a turn's best move may tell a hand
REPLAYED = ("rollwrite",)  # editions whose games have a move-by-move replay (/r/<code>)

LABELS = {  # a label's word and symbol: never its colour alone
    "inaccuracy": (_l("inaccuracy"), "?!"),
    "mistake": (_l("mistake"), "?"),
    "blunder": (_l("blunder"), "??"),
}


def _game(code: str) -> Game:
    """The game of a review page: one of a kind that has reviews, else a 404 saying why."""
    game = known_game(_store(), code)
    if not reviews.reviewable(game):
        raise Refused(404, _("No review for this game"),
                      _("Reviews are for Roll & Write and card games; %(code)s is not one.",
                        code=game.code))
    return game


def _human_seats(store: Store, game: Game) -> list[int]:
    """The seats people played (a bot's turns are nobody's to see in the card edition)."""
    return [s.seat for s in store.seats(game) if not s.bot]


def _viewer(store: Store, game: Game) -> tuple[int | None, list[int]]:
    """Whose turns this screen may show in a game with hidden hands, and the seats it may
    switch to: the seat of this phone's cookie; on a hot-seat game's shared screen (its
    host's), the human seat asked for with `?seat=N` (the phone goes round, as for a hand)."""
    seat = play.cookie_seat(store, game)
    if seat is not None:
        return seat, []
    if game.config.get("mode") == "hotseat" and is_host(game):
        humans = _human_seats(store, game)
        asked = number(request.args.get("seat"))
        asked = asked - 1 if asked else None  # seats are numbered from 1 in the address
        return (asked if asked in humans else None), humans
    return None, []


def _num(value: Any) -> str:  # noqa: ANN401 - a number from the stored review
    """A value as the page's language writes it, to two decimals at most."""
    if not isinstance(value, int | float):
        return "–"
    return format_decimal(round(float(value), 2), format="#,##0.0#")


def _sheets(turn: dict[str, Any], same: bool) -> list[dict[str, Any]]:
    """The small sheets of a turn (schema 2 on): the sheet as it stood with the move played,
    and with the best move found where it differs; none for an older review."""
    sheet = turn.get("sheet")
    if not isinstance(sheet, dict):
        return []
    filled, bricks = int(sheet.get("filled") or 0), int(sheet.get("bricks") or 0)
    out = []
    kinds = [("played", _("Move played"))] + ([] if same else [("best", _("Best move found"))])
    for kind, caption in kinds:
        pic = turn.get(f"{kind}_picture") or {}
        words = said_words(turn.get(f"{kind}_steps"), capital=True)
        label = _("%(what)s, turn %(turn)s: %(words)s", what=caption, turn=turn.get("turn"),
                  words=words)
        out.append({"caption": caption, "kind": kind,
                    "marks": _marks(pic.get("marks") or {}),
                    "svg": sheet_svg(filled, bricks, int(pic.get("cells") or 0),
                                     int(pic.get("bricks") or 0), kind, label)})
    return out


def _marks(marks: dict[str, Any]) -> str:
    """Boxes a move marked on the tracks, in words ("+1 red")."""
    return ", ".join(f"+{n} {colour_word(c)}" for c, n in marks.items()
                     if isinstance(n, int) and n > 0)


def _why(turn: dict[str, Any], unit: str) -> str:
    """One sentence on why the best move found was better, from the search's numbers; or that
    the difference lies within the search's noise."""
    if turn.get("in_noise"):
        return said_words(("review.noise", {"noise": _num(turn.get("noise"))}), capital=True)
    numbers = said_words(("review.better", {"best": _value(turn.get("best_value"), unit),
                                            "played": _value(turn.get("played_value"), unit)}))
    reason = said_words(turn.get("why_steps"))
    return f"{reason[:1].upper()}{reason[1:]}: {numbers}." if reason else (
        f"{numbers[:1].upper()}{numbers[1:]}.")


def _value(value: Any, unit: str) -> str:  # noqa: ANN401 - a number from the stored review
    """A value with its unit, in words."""
    if unit == "turns":
        return _("%(num)s turns", num=_num(value))
    return _("%(num)s points", num=_num(value))


def _turn_rows(game: Game, body: dict[str, Any], names: list[str],
               seat: int | None) -> list[dict[str, Any]]:
    """The turns this screen shows: all of them, or only `seat`'s where hands are hidden."""
    hidden = game.edition in HIDDEN_HANDS
    unit = str(body.get("unit", "points"))
    out = []
    for index, turn in enumerate(body.get("turns") or []):
        player = int(turn.get("player", -1))
        if hidden and player != seat:
            continue
        label = str(turn.get("label") or "")
        word, symbol = LABELS.get(label, ("", ""))
        same = turn.get("played") == turn.get("best")
        out.append({
            "index": index, "raw_loss": float(turn.get("loss") or 0),
            "played_words": said_words(turn.get("played_steps"), capital=True),
            "best_words": said_words(turn.get("best_steps"), capital=True),
            "sheets": _sheets(turn, same), "why": _why(turn, unit) if not same else "",
            "in_noise": bool(turn.get("in_noise")), "noise": _num(turn.get("noise")),
            "turn": turn.get("turn"), "player": player,
            "name": names[player] if 0 <= player < len(names) else "?",
            "played": turn.get("played", ""), "best": turn.get("best", ""),
            "same": same,
            "played_value": _num(turn.get("played_value")),
            "best_value": _num(turn.get("best_value")), "loss": _num(turn.get("loss")),
            "label": label, "word": word, "symbol": symbol,
            "link": (url_for("replay.game", code=game.code, turn=turn.get("turn"))
                     if game.edition in REPLAYED else None),
        })
    return out


KEY_MOMENTS = 3  # the turns that cost most, shown first


def _key_moments(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The turns that cost most (a loss within the search's noise is no key moment), the
    costliest first."""
    costly = [r for r in rows if r["raw_loss"] > 0 and not r["in_noise"]]
    return sorted(costly, key=lambda r: (-r["raw_loss"], r["index"]))[:KEY_MOMENTS]


def _summary(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Per player: the name, the accuracy and the counts of each label."""
    return [{**p, "accuracy": _num(p.get("accuracy"))} for p in body.get("players") or []]


def _context(store: Store, game: Game) -> dict[str, Any]:
    """What the page shows of the game's review as it stands."""
    # A GET never changes a game (the design's rule; see webapp/botplay.py); a review is
    # derived data of a finished game, not part of it. So this GET may claim the computing
    # of a review that is missing (the game ended before reviews existed, it was pasted, its
    # job was lost in a restart) and hand it to the background jobs; it waits for none of
    # it and changes no game.
    found = reviews.current(store, jobs(), game, current_app.config.get("REVIEW_ROLLOUTS"))
    status = "pending" if found is None else found.status
    if found is not None and found.version > reviews.VERSION:
        status = "pending"  # made by a newer server: this one cannot read it
    ctx: dict[str, Any] = {"game": game, "status": status, "poll_seconds": POLL_SECONDS,
                           "refresh_seconds": REFRESH_SECONDS,
                           "replayed": game.edition in REPLAYED,
                           "hidden": game.edition in HIDDEN_HANDS, "seat": None, "switch": [],
                           "back": _back(game)}
    if status != "ready" or found is None or found.body is None:
        return ctx
    body = found.body
    names = [str(p.get("name", "")) for p in body.get("players") or []]
    seat, switch = _viewer(store, game) if ctx["hidden"] else (None, [])
    shows_turns = not ctx["hidden"] or seat is not None
    ctx.update({
        "names": names, "players": _summary(body), "seat": seat,
        "switch": [(s, names[s] if s < len(names) else str(s + 1)) for s in switch],
        "turns": _turn_rows(game, body, names, seat) if shows_turns else None,
        "sheet_defs": DEFS, "key_moments": [],
        "unit": body.get("unit", "points"), "rollouts": body.get("rollouts"),
        "thresholds": {k: _num(v) for k, v in (body.get("thresholds") or {}).items()},
    })
    if ctx["turns"]:
        ctx["key_moments"] = _key_moments(ctx["turns"])
    return ctx


BACK_PAGES = {"table": "companion.table", "solo": "companion.table", "card": "card.game",
              "replay": "replay.game"}


def _back(game: Game) -> str | None:
    """The game's own page (a finished challenge's is its result)."""
    if game.kind == "solo" and isinstance(game.config.get("challenge"), dict):
        return url_for("solo.result", code=game.code)
    endpoint = BACK_PAGES.get(game.kind)
    return url_for(endpoint, code=game.code) if endpoint else None


@bp.get("/<code>/review")
def page(code: str) -> Response | tuple[str, int]:
    """The review of a finished game; 409 while the game is still being played. Never waits
    for the review: "being prepared" until its job has stored it."""
    store = _store()
    game = _game(code)
    if game.status != "over":
        return error_page(409, _("The game is not over"),
                          _("The review is ready once the game is over: come back after its "
                            "last move."))
    ctx = _context(store, game)
    template = "review/_review.html" if g.htmx else "review/page.html"
    resp = make_response(render_template(template, **ctx))
    if ctx["hidden"]:
        resp.headers["Cache-Control"] = PRIVATE  # a seat's own turns: never kept anywhere
    return resp
