"""The card edition (Copenhagen) in the browser: new game, the table screen, actions, the
"pass the phone" screen of hot-seat games, joining a table, polling (the bots' moves shown
one at a time), the log and hints. The engine decides every rule: the page lists
`legal_actions(seat)` grouped for display and posts back one action line."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

import segno
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
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from boardgame import actions as A  # noqa: N812
from boardgame.material import (
    ABILITY_NAMES,
    ARMS_CELLS,
    ARMS_ROWS,
    COLOURS,
    HARBOUR_SIZE,
    LETTER,
    WHITE,
)
from boardgame.state import GameState as CardState
from bots.hints import card_hint as hint
from bots.levels import CARD_LEVELS as LEVELS
from facade.errors import IllegalAction
from facade.grid import cell_name, index, parse_cell
from webapp import botplay, play
from webapp.botplay import LEVEL_LABELS
from webapp.card.build import build_step, cards_words
from webapp.colours import COLOUR_WORDS
from webapp.companion.seats import NAME_MAX
from webapp.context import give_host, give_seat, remembered
from webapp.context import is_host as _is_host
from webapp.context import store as _store
from webapp.errors import page
from webapp.event_i18n import event_line
from webapp.inputs import number
from webapp.limits import create_limited
from webapp.move_words import card_move_words, said_words
from webapp.points_chart import end_chart
from webapp.security import PRIVATE
from webapp.store import Game, Store

bp = Blueprint("card", __name__, url_prefix="/c")


@bp.after_request
def _never_cached(resp: Response) -> Response:
    """Card pages may show a hand: no browser, proxy or service worker keeps any of them
    (the hot-seat phone goes round the table; Back must not show the last player's hand)."""
    resp.headers["Cache-Control"] = PRIVATE
    return resp

MODES = ("hotseat", "table")
# the abilities' names: boardgame.material.ABILITY_NAMES (extracted for the catalogs from there)
ABILITY_LABELS = {k: _l(v) for k, v in ABILITY_NAMES.items()}
ABILITY_HELP = {
    "any": _l("Take two cards from anywhere in the harbour, not only side by side."),
    "additional": _l("Take a third card from the harbour."),
    "discount": _l("A facade tile costs one card less."),
    "change": _l("Pay with cards of one other colour as if they were the tile's colour."),
    "both": _l("Take cards and build in the same turn."),
}


# ---------------------------------------------------------------------- access
def _load(code: str) -> tuple[Store, Game]:
    store = _store()
    game = store.game(code)
    if game.kind != "card":
        abort(404)
    return store, game


def _mode(game: Game) -> str:
    return str(game.config.get("mode", "table"))




def _revealed(game: Game, state: CardState) -> int | None:
    """Hot-seat: the seat whose hand this screen shows now, if its person asked for it
    during this very turn."""
    shown = session.get("card_reveal", {}).get(game.code)
    if not shown or state.is_over():
        return None
    seat, turn = shown
    return seat if seat == state.active and turn == state.turn else None


@dataclass
class Who:
    """Who is looking: the seat whose hand and choices the page shows (None: only the
    public table), whether this screen is a participant, and what hot-seat waits for."""

    viewer: int | None
    participant: bool
    pass_to: int | None = None  # hot-seat: the seat the phone must be handed to
    humans: list[int] = field(default_factory=list)


def _who(store: Store, game: Game, state: CardState, frame: bool = False) -> Who:
    """Who looks at this screen; a frame of the bots' moves on the shared hot-seat screen
    shows only the public table (nobody's hand, no "pass the phone")."""
    seats = store.seats(game)
    humans = [s.seat for s in seats if not s.bot]
    if _mode(game) == "hotseat" and _is_host(game):
        if frame:
            return Who(None, True, None, humans)
        viewer = _revealed(game, state)
        if viewer not in humans:
            viewer = None  # a bot's hand is never shown, nor played from this screen
        pass_to = None
        if viewer is None and not state.is_over() and state.active in humans:
            pass_to = state.active
        return Who(viewer, True, pass_to, humans)
    seat = play.cookie_seat(store, game)
    return Who(seat, seat is not None or _is_host(game), None, humans)


def _acting_seat(store: Store, game: Game, state: CardState) -> int | None:
    """The seat a POST from this screen may act for (None: none; a bot's seat is nobody's,
    bots play only through botplay)."""
    who = _who(store, game, state)
    if who.viewer is None or who.viewer not in who.humans:
        return None
    return who.viewer


# ---------------------------------------------------------------------- display model
def _cards(counts: list[int] | tuple[int, ...]) -> list[dict[str, Any]]:
    """A hand (counts in COLOURS order) grouped by colour, for display."""
    return [
        {"colour": c, "letter": LETTER[c], "name": COLOUR_WORDS[c], "count": n}
        for c, n in zip(COLOURS, counts) if n
    ]


def _board(pv: dict[str, Any], masks: list[int], seat: int) -> list[dict[str, Any]]:
    """Rows top (9) to bottom (1) of a player's building, from the player view's rows, with
    the colour of each tile (public: tiles are coloured on the table)."""
    rows = []
    for k, marks in enumerate(pv["buildings"][seat]["rows"]):
        r = 8 - k
        row = []
        for c, mark in enumerate(marks):
            i = index(c, r)
            bit = 1 << i
            colour = None
            if mark:
                colour = next((COLOURS[n] for n in range(5) if masks[n] & bit), "white")
            row.append({
                "cell": cell_name(i), "index": i, "colour": colour,
                "letter": LETTER.get(colour or "", "W" if colour else ""),
                "brick": mark == "X", "arms": bool(ARMS_CELLS & bit),
            })
        rows.append({"number": r + 1, "arms": r in ARMS_ROWS, "cells": row})
    return rows


def _take_label(state: CardState, a: A.Take) -> dict[str, Any]:
    picks = [a.first, a.second] + ([a.extra] if a.extra is not None else [])
    cards = [state.harbour[i] or "" for i in picks]  # a take picks cards, never a gap
    uses = []
    if abs(a.first - a.second) != 1:
        uses.append(ABILITY_LABELS["any"])
    if a.extra is not None:
        uses.append(ABILITY_LABELS["additional"])
    if a.both:
        uses.append(ABILITY_LABELS["both"])
    words = ", ".join(
        _("%(colour)s from %(position)s", colour=COLOUR_WORDS[c], position=i + 1)
        for c, i in zip(cards, picks)
    )
    label = _("Take %(cards)s", cards=words)
    if a.both:
        label = _("Take %(cards)s and build this turn", cards=words)
    return {"line": str(a), "label": label, "uses": uses}


def _int_arg(name: str) -> int | None:
    return number(request.args.get(name), 3)


def _picks() -> list[int]:
    raw = request.args.get("pick", "")
    out: list[int] = []
    for part in raw.split(",")[:3]:
        position = number(part, 1)
        if position is not None and 1 <= position <= 7 and position - 1 not in out:
            out.append(position - 1)
    return out


def _cell_arg() -> int | None:
    raw = request.args.get("cell", "")
    try:
        return parse_cell(raw) if raw else None
    except IllegalAction:
        return None


def _url(code: str, **args: Any) -> str:
    return url_for("card.game", code=code, **{k: v for k, v in args.items() if v is not None})


def _choices(game: Game, state: CardState, seat: int) -> dict[str, Any]:
    """The viewer's legal actions grouped for the screen, with the selection in the URL
    (harbour picks, a tile, a cell, an orientation) narrowing them down."""
    legal = state.legal_actions(seat)
    takes = [a for a in legal if isinstance(a, A.Take)]
    builds = [a for a in legal if isinstance(a, A.Build)]
    out: dict[str, Any] = {
        "phase": state.phase, "picks": [], "pickable": {}, "takes": [],
        "discards": [_discard(a) for a in legal if isinstance(a, A.Discard)],
        "buildable": sorted({a.tile for a in builds}),
        "tile": None, "build": None,
        "white": {}, "white_cell": None,
        "abilities": [{"key": a.ability, "line": str(a)} for a in legal
                      if isinstance(a, A.ArmsAbility)],
        "refresh": next((str(a) for a in legal if isinstance(a, A.ArmsRefresh)), None),
        "can_pass": next((str(a) for a in legal if isinstance(a, A.Pass)), None),
        "only_pass": bool(legal) and all(isinstance(a, A.Pass) for a in legal),
        "hand_over": state.cards_over_limit(seat),
    }
    # taking cards: tap harbour cards; the next card is offered only if some take has it
    picks = [p for p in _picks() if any(p in _take_set(a) for a in takes)]
    chosen = set(picks)
    while chosen and not any(chosen <= _take_set(a) for a in takes):
        picks.pop()
        chosen = set(picks)
    out["picks"] = picks
    for i in range(HARBOUR_SIZE):
        if i in chosen:
            rest = [p for p in picks if p != i]
            out["pickable"][i] = _url(game.code, pick=_join(rest) or None)
        elif len(picks) < 3 and any(chosen | {i} <= _take_set(a) for a in takes):
            out["pickable"][i] = _url(game.code, pick=_join([*picks, i]))
    if len(picks) >= 2:
        out["takes"] = [_take_label(state, a) for a in takes if _take_set(a) == chosen]
    # building: a tile, turned and flipped, then where its brick goes, then how to pay
    tile = request.args.get("tile")
    if tile is not None and tile in out["buildable"]:
        out["tile"] = tile
        out["build"] = build_step(game.code, state, seat, tile, builds, _int_arg("rot"),
                                  _int_arg("flip"), _cell_arg())
    # coats of arms: a white tile on a cell, an ability tile, or flipping tiles back
    whites = [a for a in legal if isinstance(a, A.ArmsWhite)]
    wcell = _cell_arg()
    for a in whites:
        out["white"][a.cell] = _url(game.code, cell=cell_name(a.cell)) + "#myboard"
        if a.cell == wcell:
            out["white_cell"] = {"cell": cell_name(a.cell), "line": str(a), "mask": 1 << a.cell}
    return out


def _take_set(a: A.Take) -> set[int]:
    return {a.first, a.second} | ({a.extra} if a.extra is not None else set())


def _join(picks: list[int]) -> str:
    return ",".join(str(p + 1) for p in picks)


def _discard(a: A.Discard) -> dict[str, Any]:
    return {"line": str(a), "label": _("Discard %(cards)s", cards=cards_words(a.cards)),
            "cards": _cards(a.cards)}


def _events_of(store: Store, game: Game, upto: int, last: int = 0) -> list[dict[str, Any]]:
    """Recent events up to position `upto` (newest last), each with the seq of the action
    that caused it."""
    rows = store.log(game, after=max(0, upto - last) if last else 0, upto=upto)
    out = []
    for row in rows:
        for ev in row.events:
            out.append({"seq": row.seq, "kind": ev["kind"], "text": event_line("boardgame", ev),
                        "player": ev.get("player")})
    return out


def _by_turn(events: list[dict[str, Any]], first: str) -> list[dict[str, Any]]:
    """Events grouped under the turn they happened in, the newest turn first (`first`: the
    name of the first player, for the turn no event opens)."""
    groups: list[dict[str, Any]] = []
    for ev in events:
        if ev["kind"] == "turn_started" or not groups:
            title = ev["text"] if ev["kind"] == "turn_started" else (
                _("Turn %(turn)s: %(name)s", turn=1, name=first) if ev["seq"] == 1
                else _("Earlier"))
            groups.append({"title": title, "events": []})
            if ev["kind"] == "turn_started":
                continue
        groups[-1]["events"].append(ev)
    return groups[::-1]


def _model(store: Store, game: Game, state: CardState, who: Who, frame: bool = False
           ) -> dict[str, Any]:
    """Everything the table screen shows, from the viewer's player view only (a spectator's
    view when nobody's hand may be shown); a frame (a past `state`) offers no move."""
    viewer = who.viewer
    pv = state.player_view(viewer)
    seats = store.seats(game)
    hand = [pv["hand"][c] for c in COLOURS] if viewer is not None else None
    players = []
    for p, info in enumerate(pv["players"]):
        seat = seats[p]
        players.append({
            "seat": p, "name": info["name"], "bot": seat.bot,
            "bot_label": LEVEL_LABELS.get(seat.bot or ""),
            "score": info["score"], "hand_size": pv["hand_sizes"][p],
            "abilities": [
                {"key": k, "label": ABILITY_LABELS[k], "state": v,
                 "fresh": k in pv["fresh_abilities"][p]}
                for k, v in pv["abilities"][p].items()
            ],
            "empty": info["empty_cells"],
            "board": _board(pv, state.colour_masks[p], p),
            "open": seat.token is None and not seat.bot,
            "active": p == pv["active"] and not pv["over"],
        })
    supply = [
        {"colour": colour, "letter": LETTER[colour], "name": COLOUR_WORDS[colour],
         "sizes": [{"tile": f"{colour}-{n}", "size": n, "left": pv["supply"][f"{colour}-{n}"]}
                   for n in (2, 3, 4, 5)]}
        for colour in COLOURS
    ]
    harbour = [
        {"position": h["position"], "index": h["position"] - 1, "colour": h["colour"],
         "letter": LETTER.get(h["colour"] or "", ""),
         "name": COLOUR_WORDS.get(h["colour"] or "", "")}
        for h in pv["harbour"]
    ]
    my_turn = viewer is not None and viewer in pv["to_act"] and not frame
    choices = _choices(game, state, viewer) if my_turn and viewer is not None else None
    levels = {s.seat: s.bot for s in seats if s.bot}
    return {
        "game": game, "mode": _mode(game), "seq": pv["seq"],
        "who": who, "viewer": viewer, "hand": _cards(hand) if hand is not None else None,
        "hand_line": A.cards_text(tuple(hand)) if hand is not None else None,
        "hand_size": sum(hand) if hand is not None else 0,
        "players": players, "supply": supply, "white_left": pv["supply"][WHITE],
        "ability_supply": [
            {"key": k, "label": ABILITY_LABELS[k], "help": ABILITY_HELP[k], "left": n}
            for k, n in pv["ability_supply"].items()
        ],
        "harbour": harbour, "deck_size": pv["deck_size"],
        "end_card": pv["end_card"], "active": pv["active"],
        "active_name": pv["players"][pv["active"]]["name"], "phase": pv["phase"],
        "my_turn": my_turn, "choices": choices, "over": pv["over"], "winners": pv["winners"],
        "end_reason": pv["end_reason"] or "",
        "bots_pending": bool(botplay.pending(state, levels)),
        "open_seats": [p for p in players if p["open"]],
        "turns": _by_turn(_events_of(store, game, pv["seq"], last=12),
                          pv["players"][0]["name"]),
        "frame": frame,
        "seat_sig": play.seats_signature(seats),  # the poll asks whether a seat changed
        "hint": None, "ability_help": ABILITY_HELP, "ability_labels": ABILITY_LABELS,
        "colour_names": COLOUR_WORDS, "level_labels": LEVEL_LABELS,
    }


def _render_game(store: Store, game: Game, state: CardState, who: Who, frame: bool = False,
                 **extra: Any) -> Response:
    """The table screen (its fragment for htmx) for `state`: the present, or a frame of the
    bots' moves, whose htmx answer puts the present's address in the address bar."""
    model = _model(store, game, state, who, frame)
    model["chart"] = (end_chart(store.log(game), [p["name"] for p in model["players"]])
                      if model.get("over") else None)
    model.update(extra)
    kept: dict[str, Any] = {k: v for k, v in request.args.items()
                            if k in ("pick", "tile", "cell", "rot", "flip")}
    model["poll_url"] = url_for("card.poll", code=game.code, seq=model["seq"],
                                seats=model["seat_sig"], **kept)
    model["poll_seconds"] = (botplay.BOT_STEP_SECONDS if frame
                             else current_app.config["POLL_SECONDS"])
    if model["mode"] == "table" and model["open_seats"]:
        link = url_for("card.join", code=game.code, _external=True)
        model["join_link"] = link
        model["qr_svg"] = segno.make(link, error="m").svg_inline(scale=4, dark="#1d1d1f")
    template = "card/_game.html" if g.htmx else "card/game.html"
    resp = make_response(render_template(template, **model))
    if g.htmx and frame:
        resp.headers["HX-Replace-Url"] = url_for("card.game", code=game.code)
    return resp


# ---------------------------------------------------------------------- new game
SEAT_KINDS = ("person", *LEVELS)  # "person" or a bot level


@bp.get("/new")
def new() -> str:
    """The form for a new card-edition game: seats (person or bot), names, mode."""
    return render_template("card/new.html", kinds=SEAT_KINDS, level_labels=LEVEL_LABELS,
                           name_max=NAME_MAX,
                           form={}, error=None)


def _new_form_error(message: str, form: dict[str, Any]) -> tuple[str, int]:
    return render_template("card/new.html", kinds=SEAT_KINDS, level_labels=LEVEL_LABELS,
                           name_max=NAME_MAX,
                           form=form, error=message), 400


@bp.post("/new")
@create_limited
def create() -> Response | tuple[str, int]:
    """Create the game, seat its bots and this screen, and go to the table."""
    form = request.form
    mode = form.get("mode", "hotseat")
    if mode not in MODES:
        return _new_form_error(_("Choose how you play: one screen, or one phone each."), form)
    kinds: list[str] = []
    names: list[str] = []
    for i in range(4):
        kind = form.get(f"kind{i}", "none" if i >= 2 else "person")
        if kind == "none":
            continue
        if kind not in SEAT_KINDS:
            return _new_form_error(_("Seat %(n)s: choose a person or a bot level.", n=i + 1),
                                   form)
        name = " ".join(form.get(f"name{i}", "").split())
        if len(name) > NAME_MAX:
            return _new_form_error(
                _("The name at seat %(n)s is too long: at most %(max)s letters.", n=i + 1,
                  max=NAME_MAX), form)
        if not name:
            name = (_("Player %(n)s", n=len(names) + 1) if kind == "person"
                    else _("Bot %(n)s", n=len(names) + 1))
        base, k = name[:NAME_MAX - 3], 2
        while name in names:  # two seats never share a name: the log tells them apart
            name, k = f"{base} {k}", k + 1
        kinds.append(kind)
        names.append(name)
    if not 2 <= len(kinds) <= 4:
        return _new_form_error(_("The card edition is for 2 to 4 players: fill 2, 3 or 4 "
                                 "seats."), form)
    people = [i for i, k in enumerate(kinds) if k == "person"]
    if not people:
        return _new_form_error(_("Seat at least one person: bots need someone to play "
                                 "against."), form)
    if len(people) == 1:
        mode = "table"  # one person: their own phone, nothing to hide from anyone
    config = {"players": names, "seed": secrets.token_hex(12), "options": {}, "mode": mode}
    bots = {i: k for i, k in enumerate(kinds) if k != "person"}
    store = _store()
    game = store.create_game("card", "boardgame", config, len(kinds), bots=bots)
    if mode == "hotseat":
        for i in people:
            store.claim_seat(game, i, names[i])
        token = None
    else:
        token = store.claim_seat(game, people[0], names[people[0]]) or ""
    at = botplay.play_pending(store, game)  # a bot that starts plays its turn now
    resp = redirect(url_for("card.game", code=game.code, at=at), 303)
    give_host(resp, game.code, game.host_key)
    if token is not None:
        give_seat(resp, game.code, token)
    return resp


# ---------------------------------------------------------------------- the table
def _shown(store: Store, game: Game, at: int | None) -> Response:
    """The table at frame `at` of the bots' moves, or the present (`at` None)."""
    state = store.state_as(game, CardState, at)
    frame = at is not None
    return _render_game(store, game, state, _who(store, game, state, frame), frame)


@bp.get("/<code>")
def game(code: str) -> Response:
    """The table as this screen may see it; with `at` (after a move the bots answered) their
    moves one at a time first. Reads only."""
    store, game = _load(code)
    return _shown(store, game, botplay.frame(store, game, number(request.args.get("at"))))


@bp.get("/<code>/poll")
def poll(code: str) -> Response | str | tuple[str, int]:
    """Has the table moved since `seq`? htmx gets the next frame of the bots' moves or the
    present table (or 204: nothing new); anything else gets a small JSON answer. Reads only."""
    store, game = _load(code)
    seq, status = game.seq, game.status
    seen = request.args.get("seq", "")
    if g.htmx:
        if not play.behind(store, game, number(seen), request.args.get("seats")):
            return Response(status=204)
        return _shown(store, game, botplay.frame_after(store, game, number(seen)))
    state = store.state_as(game, CardState)
    who = _who(store, game, state)
    return jsonify({
        "seq": seq, "status": status, "changed": seen != str(seq),
        "active": state.active, "phase": state.phase, "your_turn": who.viewer in
        state.to_act() if who.viewer is not None else False,
        "bots_pending": botplay.waiting_on_bots(store, game, state),
    })


@bp.post("/<code>/act")
def act(code: str) -> Response | tuple[str, int]:
    """One action line from the viewer's seat, through the one play pipeline (webapp/play.py):
    checked against the page's move number and by the engine, then the bots' replies."""
    store, game = _load(code)
    state = store.state_as(game, CardState)
    seat = _acting_seat(store, game, state)
    if seat is None and _mode(game) == "hotseat":  # one screen: nobody joins, a hand is shown
        return _refused(game, play.Refusal(403, _("Not allowed"), _(
            "This is not your seat: only the phone that took a seat can act for it.")))
    try:
        played = play.play(store, game, seat,
                           request.form.get("action", ""), play.seen_seq(request.form.get("seq")),
                           A.parse_action, game.config["players"])
    except play.Refusal as refusal:
        return _refused(game, refusal)
    return redirect(url_for("card.game", code=game.code, at=played.at), 303)


def _refused(game: Game, refusal: play.Refusal) -> tuple[str, int]:
    """A refused move: the refusal's box (in the page's #flash box for htmx), the game kept."""
    return page(refusal.status, refusal.title, refusal.message,
                back=url_for("card.game", code=game.code))


@bp.post("/<code>/skip")
def skip(code: str) -> Response:
    """Skip ahead on a game whose bots were left waiting (bots play in the request that gives
    them the turn, so this is rare): every pending bot action at once, then the present."""
    store, game = _load(code)
    state = store.state_as(game, CardState)
    if not _who(store, game, state).participant:
        abort(403)
    botplay.play_pending(store, game)
    return redirect(url_for("card.game", code=game.code), 303)


# ---------------------------------------------------------------------- hot seat
@bp.post("/<code>/reveal")
def reveal(code: str) -> Response:
    """Hot-seat: the person whose turn it is has the phone; show their hand this turn."""
    store, game = _load(code)
    state = store.state_as(game, CardState)
    if _mode(game) != "hotseat" or not _is_host(game):
        abort(403)
    seat = number(request.form.get("seat"), 1)
    bots = {s.seat for s in store.seats(game) if s.bot}
    if (seat is None or seat != state.active or state.is_over()
            or state.active in bots):
        body, status = page(409, _("Not this person's turn"),
                            _("The turn has moved on: look at the screen for whose turn it "
                              "is now."), back=url_for("card.game", code=game.code))
        return make_response(body, status)
    reveal_map = dict(session.get("card_reveal", {}))
    reveal_map[game.code] = [state.active, state.turn]
    if len(reveal_map) > 20:
        reveal_map.pop(next(iter(reveal_map)))
    session["card_reveal"] = reveal_map
    return redirect(url_for("card.game", code=game.code), 303)


@bp.post("/<code>/hide")
def hide(code: str) -> Response:
    """Hot-seat: hide the hand again (before handing the phone on)."""
    _unused, game = _load(code)
    if _mode(game) != "hotseat" or not _is_host(game):
        abort(403)
    reveal_map = dict(session.get("card_reveal", {}))
    reveal_map.pop(game.code, None)
    session["card_reveal"] = reveal_map
    return redirect(url_for("card.game", code=game.code), 303)


# ---------------------------------------------------------------------- joining (table mode)
@bp.get("/join")
def join_code() -> ResponseReturnValue:
    """Join by typing a code: on to that game's join page (webapp/play.py)."""
    return play.join_by_code(_store(), request.args.get("code"))


@bp.get("/<code>/join")
def join(code: str) -> str | Response:
    """The open seats of a table: take one."""
    store, game = _load(code)
    if play.cookie_seat(store, game) is not None:
        return redirect(url_for("card.game", code=game.code), 303)
    seats = store.seats(game)
    names = game.config["players"]
    open_seats = [{"seat": s.seat, "name": names[s.seat]} for s in seats if not s.taken]
    return render_template("card/join.html", game=game, open_seats=open_seats,
                           hotseat=_mode(game) == "hotseat")


@bp.post("/<code>/join")
def join_seat(code: str) -> Response | tuple[str, int]:
    """Take an open seat: this phone gets its unguessable token in a cookie."""
    store, game = _load(code)
    if _mode(game) == "hotseat":
        return page(400, _("One screen only"),
                    _("This game is played on one shared screen: nobody joins from another "
                      "phone."), back=url_for("card.game", code=game.code))
    found = number(request.form.get("seat"), 1)
    seats = store.seats(game)
    if found is None or found >= len(seats):
        return page(400, _("No such seat"), _("Choose one of the open seats."),
                    back=url_for("card.join", code=game.code))
    seat = found
    token = store.claim_seat(game, seat, game.config["players"][seat])
    if token is None:
        return page(409, _("Seat taken"),
                    _("Someone else took that seat first. Choose another one."),
                    back=url_for("card.join", code=game.code))
    resp = redirect(url_for("card.game", code=game.code), 303)
    give_seat(resp, game.code, token)
    return resp


# ---------------------------------------------------------------------- log and hint
@bp.get("/<code>/log")
def log(code: str) -> str:
    """Every action in the notation, with what it caused."""
    store, game = _load(code)
    names = game.config["players"]
    rows: list[dict[str, Any]] = [
        {"seq": r.seq, "who": names[r.seat] if r.seat is not None else "",
         "line": r.text, "events": [event_line("boardgame", e) for e in r.events]}
        for r in store.log(game)
    ]
    return render_template("card/log.html", game=game, rows=rows,
                           notation="\n".join(r["line"] for r in rows))


def _hint_for(game: Game, state: CardState, seat: int) -> tuple[A.Action, str]:
    """The expert bot's suggestion from the seat's view (kept per game, move and seat)."""
    return remembered("card_hints", (game.id, len(state.log), seat),
                      lambda: hint(state.view(seat), seat))


@bp.get("/<code>/hint")
def hint_page(code: str) -> Response | tuple[str, int]:
    """The table with the strong bot's suggestion for the viewer, its cells highlighted."""
    store, game = _load(code)
    state = store.state_as(game, CardState)
    who = _who(store, game, state)
    if who.viewer is None:
        abort(403)
    if who.viewer not in state.to_act():
        return page(400, _("Not your turn"),
                    _("Hints are for your own turn: wait until the game asks you to play."),
                    back=url_for("card.game", code=game.code))
    action, why = _hint_for(game, state, who.viewer)
    why = said_words(why)
    cells = 0
    positions: list[int] = []
    if isinstance(action, A.Build):
        cells = action.mask
    elif isinstance(action, A.ArmsWhite):
        cells = 1 << action.cell
    elif isinstance(action, A.Take):
        positions = sorted(_take_set(action))
    info = {"line": str(action), "reason": why, "cells": cells, "positions": positions,
            "words": _hint_words(state, action)}
    return _render_game(store, game, state, who, hint=info)


def _hint_words(state: CardState, action: A.Action) -> str:
    return card_move_words(list(state.harbour), action)
