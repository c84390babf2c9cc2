"""The review of a finished game (/r/<code>/review), for every edition: each player's accuracy
and count of inaccuracies, mistakes and blunders, then every turn's move beside the best move
the reviewer found, what each would bring and what the difference cost. The review is computed
once, in the background (webapp/review/reviews.py); this page only reads it, shows "being prepared"
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
from flask_babel import lazy_gettext as _l

from boardgame import actions as CA  # noqa: N812
from boardgame.material import COLOURS
from bots import card_review
from bots.review_labels import BAND_GAMES, Scale, band_of
from bots.words import card_move, dice_move
from webapp.card import model as card_model
from webapp.games import play
from webapp.platform.context import is_host
from webapp.platform.context import store as _store
from webapp.platform.deps import deps
from webapp.platform.errors import Refused, known_game
from webapp.platform.errors import page as error_page
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.jobs import jobs
from webapp.platform.security import PRIVATE
from webapp.platform.store import Game, Store
from webapp.review import puzzles, reviews
from webapp.review.sheets import DEFS, sheet_svg
from webapp.solo.routes import spoiler_guard
from webapp.words import sheet as companion_page
from webapp.words.colours import colour_word
from webapp.words.move_words import card_move_words, dice_move_words, said_words
from webapp.words.piece_words import way_words

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

    spoiler_guard(game)
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


def _num(value: Any) -> str:
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
        words = said_words(turn.get(f"{kind}_steps"), capital=True, past=kind == "played")
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
    if not reason:
        return f"{numbers[:1].upper()}{numbers[1:]}."
    opening = reason[:1].upper() + reason[1:]
    return _("%(reason)s: %(numbers)s.", reason=opening, numbers=numbers)


def _value(value: Any, unit: str) -> str:
    """A value with its unit, in words."""
    if unit == "turns":
        return _("%(num)s turns", num=_num(value))
    return _("%(num)s points", num=_num(value))


def _seat_arg(hidden: bool) -> dict[str, Any]:
    """The hot-seat screen's `?seat=N`, carried on to a card puzzle's links and forms."""
    seat = request.args.get("seat")
    return {"seat": seat} if hidden and seat else {}


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
        as_good = same or bool(turn.get("in_noise"))  # no other move is shown as better
        out.append({
            "index": index, "raw_loss": float(turn.get("loss") or 0),
            "puzzle": (url_for("review.try_again", code=game.code, index=index,
                               **_seat_arg(hidden))
                       if puzzles.is_puzzle(game, turn) else None),
            "played_words": said_words(turn.get("played_steps"), capital=True, past=True),
            "best_words": said_words(turn.get("best_steps"), capital=True),
            "sheets": _sheets(turn, as_good), "why": _why(turn, unit) if not same else "",
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
    """The turns that cost most, the costliest first (not one whose loss lies within the
    search's noise: its row says its move is as good as the best found)."""
    costly = [r for r in rows if r["raw_loss"] > 0 and not r["in_noise"]]
    return sorted(costly, key=lambda r: (-r["raw_loss"], r["index"]))[:KEY_MOMENTS]


BANDS = {  # a rating band's name (bots.review_labels.BANDS): the bot level one plays like
    "expert": _l("Expert"), "strong": _l("Strong"), "greedy": _l("Steady"),
    "random": _l("Beginner"),
}
BAND_MEANINGS = {  # what a band means, beside it (issue 37)
    "expert": _l("Plays like our expert bot: the best moves the bots find."),
    "strong": _l("Plays like our strong bot: it weighs what the next dice or cards may bring."),
    "greedy": _l("Plays like our greedy bot: the move that scores most at once, without "
                 "looking ahead."),
    "random": _l("Plays like our random bot: moves picked by chance."),
}


def _signed(value: float) -> str:
    """A number with its sign, as the page's language writes it."""
    text = _num(abs(value))
    return f"+{text}" if value > 0 else f"−{text}" if value < 0 else text


def _summary(body: dict[str, Any], scale: Scale) -> list[dict[str, Any]]:
    """Per player: the name, the accuracy, the counts of each label, the luck of the dice, the
    rating and its band (older reviews have neither: shown as a dash). The band is read from
    the rating with the bands measured now, not the one stored with the review: bands measured
    again apply to every review at once, with no search run again."""
    out = []
    for p in body.get("players") or []:
        luck = p.get("luck")
        rated = p.get("rating")
        band = band_of(float(rated), scale) if isinstance(rated, int | float) else None
        out.append({**p, "accuracy": _num(p.get("accuracy")),
                    "luck_text": _signed(float(luck)) if isinstance(luck, int | float) else "–",
                    "rating_text": _num(p.get("rating")),
                    "band_word": BANDS.get(str(band), ""),
                    "band_meaning": BAND_MEANINGS.get(str(band), "")})
    return out


def _luck_lines(body: dict[str, Any]) -> list[str]:
    """One sentence per player: the result, and how much of it the dice made and how much the
    choices (dice edition; none for a review without luck)."""
    players = body.get("players") or []
    if not players or any(not isinstance(p.get("luck"), int | float) for p in players):
        return []
    if body.get("unit") == "turns":
        p = players[0]
        luck = float(p["luck"])
        if p.get("turns") is None:
            head = _("%(name)s did not reach 12 points.", name=p.get("name"))
        else:
            head = _("%(name)s reached 12 points in %(turns)s turns.", name=p.get("name"),
                     turns=p.get("turns"))
        if luck >= 0:
            tail = _("The dice saved about %(num)s turns against average rolls.",
                     num=_num(luck))
        else:
            tail = _("The dice cost about %(num)s turns against average rolls.",
                     num=_num(-luck))
        return [f"{head} {tail}"]
    if any(not isinstance(p.get("score"), int | float) for p in players):
        return []
    out = []
    for p in players:
        others = [o for o in players if o is not p]
        rival = max(others, key=lambda o: (o["score"], -o["player"]))
        margin = float(p["score"]) - float(rival["score"])
        dice = float(p["luck"]) - float(rival["luck"])
        choices = margin - dice
        words = {"name": p.get("name"), "other": rival.get("name"), "margin": _num(abs(margin)),
                 "dice": _signed(dice), "choices": _signed(choices)}
        if margin < 0:
            out.append(_("%(name)s lost to %(other)s by %(margin)s points: the dice made "
                         "%(dice)s of the difference, the choices %(choices)s.", **words))
        elif margin > 0:
            out.append(_("%(name)s beat %(other)s by %(margin)s points: the dice made "
                         "%(dice)s of the difference, the choices %(choices)s.", **words))
        else:
            out.append(_("%(name)s and %(other)s scored the same: the dice made %(dice)s of "
                         "the difference, the choices %(choices)s.", **words))
    return out


def _context(store: Store, game: Game) -> dict[str, Any]:
    """What the page shows of the game's review as it stands."""
    # A GET never changes a game (the design's rule; see webapp/games/botplay.py); a review is
    # derived data of a finished game, not part of it. So this GET may claim the computing
    # of a review that is missing (the game ended before reviews existed, it was pasted, its
    # job was lost in a restart) and hand it to the background jobs; it waits for none of
    # it and changes no game.
    found = reviews.current(store, jobs(), game, current_app.config.get("REVIEW_ROLLOUTS"),
                            compute=deps().review)
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
    scale = puzzles.scale_of(game)
    names = [str(p.get("name", "")) for p in body.get("players") or []]
    seat, switch = _viewer(store, game) if ctx["hidden"] else (None, [])
    shows_turns = not ctx["hidden"] or seat is not None
    ctx.update({
        "names": names, "players": _summary(body, scale), "seat": seat,
        "luck_lines": _luck_lines(body),
        "rated": any(p.get("rating") is not None for p in body.get("players") or []),
        "band_games": BAND_GAMES[scale.name],
        "lucky": any(p.get("luck") is not None for p in body.get("players") or []),
        "switch": [(s, names[s] if s < len(names) else str(s + 1)) for s in switch],
        "turns": _turn_rows(game, body, names, seat) if shows_turns else None,
        "sheet_defs": DEFS, "key_moments": [],
        "unit": body.get("unit", "points"), "rollouts": body.get("rollouts"),
        "thresholds": {k: _num(v) for k, v in (body.get("thresholds") or {}).items()},
    })
    if ctx["turns"]:
        ctx["key_moments"] = _key_moments(ctx["turns"])
    return ctx


BACK_PAGES = {"table": "rollwrite.page", "solo": "rollwrite.page", "card": "card.page",
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


# ---------------------------------------------------------------------- try it again
def _puzzle_of(code: str, index: int) -> tuple[Game, puzzles.Puzzle]:
    """The game and the puzzle of its review's turn `index`; 404 saying why when there is
    none (the review not ready, the turn no mistake or blunder, a card game)."""
    store = _store()
    game = _game(code)
    found = store.review(game) if game.status == "over" else None
    body = found.body if found is not None and found.status == "ready" else None
    p = puzzles.puzzle(store, game, body, index) if body else None
    if p is not None and game.edition in HIDDEN_HANDS and _viewer(store, game)[0] != p.player:
        p = None  # a card turn tells its seat's hand: only the review page's own rule shows it
    if p is None:
        raise Refused(404, _("No puzzle for this turn"),
                      _("Mistakes and blunders of a reviewed game open as puzzles, a card "
                        "game's only on its own player's phone; this turn is not one, or its "
                        "review is not ready yet."))
    return game, p


def _pick(options: list[Any], raw: str | None) -> Any:
    """The option a form named by its number (from 1), or None."""
    n = number(raw, 4)
    return options[n - 1] if n and 1 <= n <= len(options) else None


def _puzzle_context(game: Game, p: puzzles.Puzzle, choice: Any, draw: Any,
                    cell: str | None = None, k: int = 0) -> dict[str, Any]:
    """What the puzzle page shows, as a game's table does: the dice, the sheet as it stood,
    the tiles by shape with the dice that pay for them; once a tile is chosen the sheet's
    cells it fits, tapped (`cell`, `k`: the companion's own placement picker) to preview a
    placement and draw it; once drawn the answer."""
    faces = list(p.before.dice)
    sheet = p.before.sheets[p.player].building
    view = p.before.player_view(p.player)
    options = puzzles.choices(p)
    here = url_for("review.try_again", code=game.code, index=p.index)
    number_of = {str(c): i + 1 for i, c in enumerate(options)}
    groups = companion_page.group_choices(list(options), faces)
    ctx: dict[str, Any] = {
        "game": game, "p": p, "turn": p.turn.get("turn"), "sheet_defs": DEFS,
        "dice": [(i + 1, f) for i, f in enumerate(faces)],
        "dice_words": ", ".join(colour_word(f) for f in faces),
        "sheet": sheet_svg(sheet.filled, sheet.bricks, 0, 0, "played",
                           _("The sheet as it stood")),
        "tiles": [{"tile": g.tile, "shape": g.shape, "colour": g.colour,
                   "ways": [{"n": number_of[w.action], "faces": w.faces, "bonuses": w.bonuses,
                             "words": dice_move_words(options[number_of[w.action] - 1], faces)}
                            for w in g.ways]} for g in groups],
        "choices": [(i + 1, dice_move_words(c, faces)) for i, c in enumerate(options)],
        "choice": None, "drawings": [], "answer": None, "here": here,
        "arms": view["buildings"][p.player]["arms"], "shapes": companion_page.SHAPES,
        "colour_of": companion_page.COLOUR_OF,
        "back": url_for("review.page", code=game.code),
    }
    if choice is None:
        return ctx
    n = options.index(choice) + 1
    ctx["choice"] = n
    ctx["choice_tile"] = choice.tile
    ctx["choice_words"] = dice_move_words(choice, faces)
    ctx["choice_paid"] = way_words([faces[d] for d in choice.dice], choice.bonuses)
    ctx["choice_dice"] = [d + 1 for d in choice.dice]
    draws = puzzles.drawings(p, choice)
    ctx["drawings"] = [(i + 1, dice_move_words(d, faces)) for i, d in enumerate(draws)]
    draw_number = {str(d): i + 1 for i, d in enumerate(draws)}
    taps = companion_page.tapping(list(draws), cell if draw is None else None, k)

    def href(name: str) -> str:
        return url_for("review.try_again", code=game.code, index=p.index, choice=n,
                       cell=name) + "#sheet"

    ctx["grid"] = companion_page.grid(view["buildings"][p.player]["rows"], taps.selectable,
                                      taps.selectable, taps.preview, taps.cell, href)
    placement = taps.placement
    ctx["placement"] = placement
    ctx["place_draws"] = ([(where, draw_number[t]) for where, t in placement.draws]
                          if placement else [])
    ctx["placement_next"] = (url_for("review.try_again", code=game.code, index=p.index,
                                     choice=n, cell=placement.cell, k=placement.index + 1)
                             + "#sheet" if placement else "")
    if draw is None:
        return ctx
    answer = puzzles.verdict(p, choice, draw)
    unit = p.scale.unit
    answer.update({
        "value_text": _value(answer["value"], unit), "best_text": _value(answer["best"], unit),
        "loss_text": _value(answer["loss"], unit),
        "words": said_words([dice_move(choice, faces), dice_move(draw, faces)], capital=True),
        "svg": sheet_svg(sheet.filled, sheet.bricks, draw.mask, draw.brick, "played",
                         _("Your answer")),
        "best_svg": sheet_svg(sheet.filled, sheet.bricks,
                              int((p.turn.get("best_picture") or {}).get("cells") or 0),
                              int((p.turn.get("best_picture") or {}).get("bricks") or 0),
                              "best", _("Best move found")),
        "best_words": said_words(p.turn.get("best_steps"), capital=True),
    })
    ctx["answer"] = answer
    return ctx


def _hand_words(hand: list[int]) -> str:
    """A hand in words: "2 red, 1 blue" (none: a dash)."""
    parts = [f"{n} {colour_word(c)}" for c, n in zip(COLOURS, hand) if n]
    return ", ".join(parts) or "–"


def _card_words(harbour: list[Any], a: Any) -> str:
    """A card turn's first action in words, a take with the harbour places it takes from."""
    words = card_move_words(harbour, a)
    if isinstance(a, CA.Take):
        places = [a.first, a.second] + ([a.extra] if a.extra is not None else [])
        words = _("%(words)s (harbour places %(places)s)", words=words,
                  places=", ".join(str(n + 1) for n in places))
    return words


def _card_choices(p: puzzles.Puzzle, harbour: list[Any]) -> list[tuple[Any, str]]:
    """The card turn's legal first actions in words, takes with the harbour places they take
    from (two takes of the same colours differ in the abilities they need); actions worded
    alike (they differ in nothing a player chooses here) once, the engine's first."""
    out: list[tuple[Any, str]] = []
    seen: set[str] = set()
    for a in puzzles.card_options(p):
        words = _card_words(harbour, a)
        if words not in seen:
            seen.add(words)
            out.append((a, words))
    return out


def _card_puzzle_context(game: Game, p: puzzles.Puzzle, action: Any) -> dict[str, Any]:
    """A card puzzle's page, as the card table shows a turn (webapp/card/model.py): the
    harbour's cards tapped to pick a take, the hand, the buildable tiles by shape, a tile
    turned and its brick's cell tapped on the facade, then how to pay; each move's button
    sends its number in the list of first actions (`action`). Only the seat's view is shown;
    once an action is sent, the answer."""
    view = p.before.view(p.player)
    pv = p.before.player_view(p.player)
    harbour = list(view["harbour"])
    board = p.before.boards[p.player]
    options = _card_choices(p, harbour)
    seat_arg = _seat_arg(True)
    here = url_for("review.try_again", code=game.code, index=p.index, **seat_arg)

    def link_to(**args: Any) -> str:
        return url_for("review.try_again", code=game.code, index=p.index, **seat_arg,
                       **{k: v for k, v in args.items() if v is not None})

    numbers = {words: i + 1 for i, (_a, words) in enumerate(options)}
    number_of = {str(a): numbers[words] for a in puzzles.card_options(p)
                 if (words := _card_words(harbour, a)) in numbers}
    picked = (card_model.choices(game, p.before, p.player, request.args, link_to)
              if action is None else {})
    ctx: dict[str, Any] = {
        "game": game, "p": p, "turn": p.turn.get("turn"), "sheet_defs": DEFS,
        "harbour": [{"position": i + 1, "index": i, "colour": c,
                     "letter": "", "name": colour_word(c) if c else _("empty")}
                    for i, c in enumerate(harbour)],
        "hand": card_model.cards(list(view["hands"][p.player])),
        "hand_words": _hand_words(list(view["hands"][p.player])),
        "sheet": sheet_svg(board.filled, board.bricks, 0, 0, "played",
                           _("The facade as it stood")),
        "board": card_model.board(pv, p.before.colour_masks[p.player], p.player),
        "choices": picked, "hint": None, "number_of": number_of,
        "others": [(number_of[str(a)], words) for a, words in options
                   if not isinstance(a, CA.Take | CA.Build) and str(a) in number_of],
        "answer": None, "seat_arg": seat_arg, "here": here,
        "action_url": here,
        "back": url_for("review.page", code=game.code, **seat_arg),
    }
    if action is None:
        return ctx
    answer = puzzles.card_verdict(p, action)
    pic = card_review.picture(p.before, [action], p.player)
    best_pic = p.turn.get("best_picture") or {}
    answer.update({
        "value_text": _value(answer["value"], "points"),
        "best_text": _value(answer["best"], "points"),
        "loss_text": _value(answer["loss"], "points"),
        "words": said_words(card_move(harbour, action), capital=True),
        "svg": sheet_svg(board.filled, board.bricks, int(pic["cells"]), int(pic["bricks"]),
                         "played", _("Your answer")),
        "best_svg": sheet_svg(board.filled, board.bricks, int(best_pic.get("cells") or 0),
                              int(best_pic.get("bricks") or 0), "best", _("Best move found")),
        "best_words": said_words(p.turn.get("best_steps"), capital=True),
    })
    ctx["answer"] = answer
    return ctx


def _card_try_again(game: Game, p: puzzles.Puzzle) -> Response:
    """A card puzzle: GET the legal actions, POST (action) the answer; never cached (a hand)."""
    action = None
    if request.method == "POST":
        harbour = list(p.before.view(p.player)["harbour"])
        action = _pick([a for a, _w in _card_choices(p, harbour)], request.form.get("action"))
        if action is None:
            raise Refused(400, _("Choose one of the actions listed"),
                          _("Pick one of the actions listed for this turn, then send."))
    resp = make_response(render_template("review/card_puzzle.html",
                                         **_card_puzzle_context(game, p, action)))
    resp.headers["Cache-Control"] = PRIVATE
    return resp


@bp.route("/<code>/review/try/<int:index>", methods=["GET", "POST"])
def try_again(code: str, index: int) -> str | Response:
    """A mistake or blunder as a puzzle: the same dice, the sheet as it was; GET shows the
    tiles (and with ?choice=N where to draw it), POST (choice, draw) the answer. A card
    game's: the same harbour, hand and facade, one form. The game is only read."""
    game, p = _puzzle_of(code, index)
    if game.edition == "boardgame":
        return _card_try_again(game, p)
    args = request.form if request.method == "POST" else request.args
    options = puzzles.choices(p)
    choice = _pick(options, args.get("choice"))
    draw = None
    cell = str(args.get("cell") or "").lower()[:3] or None
    if choice is not None and request.method == "POST":
        draw = _pick(puzzles.drawings(p, choice), args.get("draw"))
        if draw is None:
            raise Refused(400, _("Choose where to draw the tile"),
                          _("Pick one of the places listed for the tile, then send."))
    return render_template("review/puzzle.html",
                           **_puzzle_context(game, p, choice, draw, cell,
                                             number(args.get("k"), 4) or 0))
