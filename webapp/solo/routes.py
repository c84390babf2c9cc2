"""Play Roll & Write solo (/s): against 1 to 3 bots, or the solitaire challenge (RULES 4), today's
by default (its seed is the date, so everyone plays the same dice for the same choices). A solo
game is a Roll & Write table whose other seats are bots: it is played on the table pages
(`/rollwrite/<code>`), where bots act through `webapp.games.botplay`. The browser that starts a
game is remembered with it (a random id in a long-lived cookie, `games.owner`): its unfinished
games are listed, and its challenge results give its records (best per daily seed, streak). Only
a daily challenge played on its own date counts toward the streak: a past (or future) date typed
in as the seed is a practice game, kept for the records of that seed."""

from __future__ import annotations

import secrets
from datetime import date
from typing import Any

from flask import (
    Blueprint,
    abort,
    redirect,
    render_template,
    request,
    url_for,
)
from werkzeug.wrappers import Response  # what redirect() gives; flask's extends it

from bots.levels import LEVEL_NAMES
from rollwrite.material import TARGET
from rollwrite.solitaire import result as challenge_result
from rollwrite.state import GameState
from webapp.games import botplay
from webapp.games.botplay import LEVEL_LABELS
from webapp.games.seats import NAME_MAX, clean_name
from webapp.platform.context import give_seat
from webapp.platform.context import store as _store
from webapp.platform.deps import deps
from webapp.platform.errors import Refused
from webapp.platform.game_text import game_text
from webapp.platform.i18n import gettext as _
from webapp.platform.i18n import ngettext
from webapp.platform.inputs import number
from webapp.platform.jobs import jobs
from webapp.platform.limits import create_limited
from webapp.platform.store import Game, NotFound, Store
from webapp.players import identity as players
from webapp.solo import dice, leaderboard, names, pars
from webapp.solo.records import (
    challenge_of,
    challenge_settings,
    daily_date,
    played_on_its_date,
    records,
    unfinished,
)
from webapp.words import sheet as P  # noqa: N812

bp = Blueprint("solo", __name__, url_prefix="/s")

MAX_BOTS = 3
SEED_MAX = 40  # characters of a typed challenge seed


def today() -> str:
    """Today's daily challenge seed, by the app's clock (webapp.platform.deps)."""
    return deps().today()


# ---------------------------------------------------------------------------- the browser
def browser_id() -> str | None:
    """Whose games these are: the player's id (webapp/players/identity.py), else this browser's
    id from before players (a cookie that is not one of ours counts as none)."""
    return players.owner_id()


# ---------------------------------------------------------------------------- pages
def _page(form: dict[str, Any], error: str | None = None, status: int = 200) -> Any:
    owner = browser_id()
    store = _store()
    day = today()
    boards = players.boards()
    top = boards.board(day, limit=leaderboard.TOP_ON_SOLO_PAGE)
    see_codes = leaderboard.settled(boards, day, owner, store)
    player = players.current_player()
    return render_template(
        "solo/index.html", form=form, error=error, levels=LEVEL_NAMES, level_labels=LEVEL_LABELS,
        today=day, unfinished=unfinished(store, owner), records=records(store, owner, day),
        max_bots=MAX_BOTS, seed_max=SEED_MAX, name_max=NAME_MAX,
        week=leaderboard.week_seed(date.fromisoformat(day)), player=player,
        top=[leaderboard.entry_row(e, n, see_codes or e.player_id == owner)
             for n, e in enumerate(top, start=1)],
    ), status


@bp.get("/")
def index() -> Any:
    """Choose: a game against bots, or the solitaire challenge; unfinished games, records."""
    return _page({})


def _start(store: Store, config: dict[str, Any], bots: dict[int, str], name: str) -> Response:
    """Store the game, seat this browser, let the bots make their first moves (the setup is
    played by everyone at once), and go to the table, which shows those moves one by one."""
    player, secret = players.ensure_player(clean_name(request.form.get("name")), name)
    game = store.create_game("solo", "rollwrite", config, len(config["players"]), bots=bots,
                             owner=player.id)
    token = store.claim_seat(game, 0, name)
    challenge = challenge_of(game)
    if challenge is not None:  # its par is computed now, ready before the game ends
        seed, dice_seed, level = pars.of_game(game)
        pars.ahead(store, jobs(), seed, compute=deps().par, dice=dice_seed, level=level)
        players.boards().enter(game, seed, player,
                               leaderboard.ranked_when(seed, date.fromisoformat(today())),
                               address=dice.address_mark(request.remote_addr or ""))
    at = botplay.play_pending(store, game)
    resp = redirect(url_for("rollwrite.page", code=game.code, at=at), 303)
    players.give_secret(resp, secret)
    if token:
        give_seat(resp, game.code, token)
    return resp


def bot_names(levels: list[str]) -> list[str]:
    """The bots' seat names: "Bot 1 (strong)", ... in the page's language."""
    return [_("Bot %(n)s (%(level)s)", n=i + 1, level=LEVEL_LABELS[lv])
            for i, lv in enumerate(levels)]


@bp.post("/bots")
@create_limited
def create_bots() -> Any:
    """A game against 1 to 3 bots, each with its level; the mirror option."""
    form = request.form
    name = clean_name(form.get("name")) or _("Player")
    count = number(form.get("bots"), 1) or 0
    if not 1 <= count <= MAX_BOTS:
        return _page(form, _("Choose 1, 2 or 3 bots."), 400)
    levels = [form.get(f"level{i}", "greedy") for i in range(1, count + 1)]
    for i, level in enumerate(levels):
        if level not in LEVEL_NAMES:
            return _page(form, _("Bot %(n)s: choose its level: random, greedy, strong or expert.",
                                 n=i + 1), 400)
    if form.get("name") and clean_name(form.get("name")) is None:
        return _page(form, _("Give your name: 1 to %(max)s characters.", max=NAME_MAX), 400)
    config = {
        "players": [name, *bot_names(levels)],
        "seed": secrets.token_hex(8),
        "options": {"mirror": form.get("mirror") in ("1", "on", "true", "yes"),
                    "dice": "seeded"},
    }
    bots = {i + 1: level for i, level in enumerate(levels)}
    return _start(_store(), config, bots, name)


@bp.post("/challenge")
@create_limited
def create_challenge() -> Any:
    """The solitaire challenge of a seed: today's date unless another seed is typed (another
    date is practice: it does not count toward the streak)."""
    form = request.form
    seed = " ".join(str(form.get("seed") or "").split()) or today()
    if len(seed) > SEED_MAX:
        return _page(form, _("A challenge's date or word has at most %(max)s characters.",
                             max=SEED_MAX), 400)
    if form.get("name") and clean_name(form.get("name")) is None:
        return _page(form, _("Give your name: 1 to %(max)s characters.", max=NAME_MAX), 400)
    return start_challenge(seed, clean_name(form.get("name")) or _("Player"))


def unfinished_entry(seed: str) -> Game | None:
    """The game of this player's entry on `seed` while it is still being played (neither
    finished nor given up), on whichever device it was started."""
    player = players.current_player()
    entry = players.boards().entry(seed, player.id) if player is not None else None
    if entry is None or entry.outcome is not None:
        return None
    store = _store()
    game = store.game(entry.code)
    if game.status == "over":  # its result was not recorded: made from the log now
        leaderboard.record_over(store, players.boards(), game)
        return None
    return game


def start_challenge(seed: str, name: str) -> Response:
    """Start the solitaire challenge of `seed` for this browser's player (made now if it
    has none): the player's first game on a seed is their leaderboard entry. While that
    game is unfinished, starting the seed again goes back to it: a practice game on the
    same dice opens only once it is finished or given up. The dice come from the seed and
    the installation's key (webapp/solo/dice.py)."""
    resume = unfinished_entry(seed)
    if resume is not None:
        return redirect(url_for("rollwrite.page", code=resume.code), 303)
    config = {
        "players": [name],
        "seed": dice.app_dice_seed(seed),
        "options": {"mirror": False, "dice": "seeded"},
        "challenge": {**challenge_settings(seed, today()), "dice": dice.KEYED},
    }
    return _start(_store(), config, {}, name)


def spoiler_refusal(seed: str) -> Refused:
    """The page for someone else's game on a seed the viewer has not played out yet."""
    return Refused(403, _("Not yet: no spoilers"),
                   _("This is someone else's game (%(name)s). Others' games of a challenge "
                     "open once you have finished it or given up.",
                     name=names.challenge_name(seed, players.boards())),
                   url_for("leaderboard.board", seed=seed))


def spoiler_guard(game: Game) -> None:
    """Refuse (403) someone else's solitaire challenge to a viewer who has not finished or
    given up its seed (webapp/solo/leaderboard.py): the replay, the review and the table's
    pages all ask before showing a game."""
    if not leaderboard.may_open(_store(), players.boards(), game, players.owner_id()):
        raise spoiler_refusal(str(game.config["challenge"].get("seed")))


# the share text's picture of the building: a brick, a window, an empty cell
SHARE_CELLS = {"X": "\U0001F7EB", "O": "\U0001F7E6"}
SHARE_EMPTY = "\u2B1C"


def share_text(seed: str, res: dict[str, Any], par_result: dict[str, Any] | None,
               rows: list[list[str]]) -> str:
    """A short spoiler-free text to share, as daily puzzles do: the seed, turns, par (once it
    is known) and a picture of the building in characters (bricks and windows, never tiles or
    dice)."""
    lines = [_("Copenhagen solitaire %(seed)s",
               seed=names.challenge_label(seed, players.boards()))]
    if res["reached_12"]:
        lines.append(ngettext("%(target)s points in %(num)s turn",
                              "%(target)s points in %(num)s turns", res["turns"],
                              target=TARGET))
    else:
        lines.append(_("%(points)s points: 12 were not reached.", points=res["score"]))
    if par_result is not None and par_result["reached_12"]:
        lines.append(ngettext("Par: %(num)s turn", "Par: %(num)s turns", par_result["turns"]))
    lines.append("")
    lines.extend("".join(SHARE_CELLS.get(ch, SHARE_EMPTY) for ch in row) for row in rows)
    return "\n".join(lines)


@bp.get("/<code>/result")
def result(code: str) -> Any:
    """A finished challenge: turns to 12 points, the par, the game as text, the records.
    The par is read, never computed here: until its job has stored it (it started with the
    game) the page says it is being computed, and asks again by itself."""
    store = _store()
    game = store.game(code)
    challenge = challenge_of(game)
    if game.kind != "solo" or challenge is None:
        raise NotFound(code)
    gave_up = leaderboard.given_up(players.boards(), game)
    if game.status != "over" and not gave_up:
        return redirect(url_for("rollwrite.page", code=game.code), 303)
    if not leaderboard.may_open(store, players.boards(), game, browser_id()):
        raise spoiler_refusal(str(challenge["seed"]))
    state = store.state_as(game, GameState)
    res = challenge_result(state)
    view = state.player_view(0)
    grid = P.grid(view["buildings"][0]["rows"], set(), set(), set(), None, lambda n: "")
    seed = str(challenge["seed"])
    owner = browser_id()
    mine = owner is not None and owner == game.owner
    _seed, dice_seed, level = pars.of_game(game)
    found = pars.current(store, jobs(), seed, compute=deps().par, dice=dice_seed, level=level)
    par = found.body if found is not None and found.status == "ready" else None
    par_failed = found is not None and found.status == "failed"
    entry = players.boards().entry_of_game(game.id)
    if entry is not None and entry.outcome is None:  # its listener failed: derived data,
        leaderboard.record_over(store, players.boards(), game)  # made from the log again
        entry = players.boards().entry_of_game(game.id)
    rank = players.boards().rank(entry) if entry is not None else None
    return render_template(
        "solo/result.html", game=game, entry=entry, rank=rank, res=res, seed=seed, view=view,
        grid=grid, gave_up=gave_up,
        daily=daily_date(seed), practice=daily_date(seed) is not None
        and not played_on_its_date(challenge), par=par, par_failed=par_failed, target=TARGET,
        text=game_text(store, game),
        share=share_text(seed, res, par, view["buildings"][0]["rows"]),
        mine=mine, records=records(store, game.owner, today()) if mine else None, today=today(),
    )


def _own_entry_game(code: str) -> Game:
    """The game of `code` if it is this player's challenge entry still being played, else
    a refusal saying why it cannot be given up."""
    store = _store()
    game = store.game(code)
    owner = browser_id()
    if game.kind != "solo" or owner is None or game.owner != owner:
        raise Refused(403, _("Not your game"),
                      _("Only the player of this challenge can give it up."),
                      url_for("solo.index"))
    if leaderboard.given_up(players.boards(), game) or game.status == "over":
        raise Refused(409, _("Nothing to give up"), _("This game is over already."),
                      url_for("solo.open_game", code=game.code))
    if not leaderboard.may_give_up(players.boards(), game):
        raise Refused(409, _("Nothing to give up"),
                      _("Only your ranked game of a challenge can be given up; a practice "
                        "game can simply be left."), url_for("solo.open_game", code=game.code))
    return game


@bp.get("/<code>/give-up")
def give_up_form(code: str) -> Any:
    """"Give up": the confirmation, a page of its own (it works without JavaScript)."""
    game = _own_entry_game(code)
    challenge = challenge_of(game) or {}
    return render_template("solo/give_up.html", game=game, seed=str(challenge.get("seed")))


@bp.post("/<code>/give-up")
def give_up(code: str) -> Response:
    """Give up one's ranked game of a challenge: it is not ranked, the others' games of the
    challenge open, practice on its dice opens, and its page shows the result."""
    game = _own_entry_game(code)
    players.boards().give_up(game.id)
    leaderboard.forget_entry(game)
    return redirect(url_for("solo.result", code=game.code), 303)


@bp.app_template_global("may_give_up")
def may_give_up(game: Game) -> bool:
    """Whether the table page offers "Give up" (a challenge entry still being played)."""
    return leaderboard.may_give_up(players.boards(), game)


@bp.get("/<code>")
def open_game(code: str) -> Response:
    """A solo game's short link: its table page (or its result, once a challenge is over)."""
    game = _store().game(code)
    if game.kind != "solo":
        abort(404)
    if game.status == "over" and challenge_of(game):
        return redirect(url_for("solo.result", code=game.code), 303)
    return redirect(url_for("rollwrite.page", code=game.code), 303)
