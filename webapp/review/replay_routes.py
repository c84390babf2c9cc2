"""Replays (/r): any Roll & Write game of the database move by move, read from its action log
(`/r/<code>?at=N` or `?turn=T`), its shareable text (`/r/<code>/text`), and the page where a
pasted game text is replayed (`/r`). A replay shows only actions already in the log, never a
roll ahead, and never the seed of a game still being played."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    redirect,
    render_template,
    request,
    url_for,
)

from facade.errors import IllegalAction
from facade.gametext import GameTextError, read_text, replay_text
from facade.grid import bits, cell_name
from facade.limits import MAX_TEXT
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from webapp.games.timeline import EDITION, TIMELINES, Timeline, timeline
from webapp.platform.context import remembered
from webapp.platform.context import store as _store
from webapp.platform.errors import Refused, known_game
from webapp.platform.game_text import game_text, player_names, store_text, stored_text
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.limits import create_limited
from webapp.platform.store import Game
from webapp.rollwrite.events import action_text
from webapp.solo.routes import spoiler_guard
from webapp.words import sheet as P  # noqa: N812
from webapp.words.refusals import game_text_reason

bp = Blueprint("replay", __name__, url_prefix="/r")


class BadPosition(Exception):
    """`at` or `turn` names no position of the game; the message says which exist."""


@dataclass
class Position:
    """What the replay shows at one step: the state there, every step's turn and words."""

    at: int  # actions applied (0: the start)
    last: int  # actions in the log
    state: GameState
    turns: list[int]  # turn number at each position 0..last
    steps: dict[int, dict[str, Any]]  # the steps shown (this turn's so far): at -> step


def _game(code: str) -> Game:
    """The game of a replay page: a Roll & Write game, else a 404 page saying why; someone
    else's solitaire challenge only once the viewer has played out its seed (no spoilers)."""
    game = known_game(_store(), code)
    if game.edition != EDITION:
        raise Refused(404, _("No replay for this game"),
                      _("Move-by-move replays are for Roll & Write games; %(code)s is not "
                        "one.", code=game.code), _back(game))
    spoiler_guard(game)
    return game


BACK_PAGES = {"table": "rollwrite.page", "card": "card.page", "dice": "dice.table",
              "solo": "rollwrite.page"}  # a pasted replay ("replay") has no page of its own


def _back_endpoint(game: Game) -> str | None:
    """The page the game itself is shown on: a solo game is played on the table pages, and a
    finished solitaire challenge is shown on its result page (turns, par, records)."""
    if game.kind == "solo" and game.status == "over" and isinstance(
            game.config.get("challenge"), dict):
        return "solo.result"
    return BACK_PAGES.get(game.kind)


def _back(game: Game) -> str | None:
    """Where the game itself is shown, if this app has a page for it."""
    endpoint = _back_endpoint(game)
    if endpoint and endpoint in current_app.view_functions:
        return url_for(endpoint, code=game.code)
    return None


def _back_words(game: Game) -> str:
    """The words of the link back to the game's own page."""
    endpoint = _back_endpoint(game)
    if endpoint == "solo.result":
        return _("Back to the result")
    if game.kind == "solo":
        return _("Back to the game")
    return _("Back to the table")


def _names(game: Game) -> list[str]:
    """Names as the game's own pages show them (a companion's empty seat: "Seat N")."""
    store = _store()
    if game.kind == "table":
        return [s.name or _("Seat %(n)s", n=s.seat + 1) for s in store.seats(game)]
    return player_names(store, game)


def _signed(text: str) -> int | None:
    """A whole number in ASCII digits, maybe negative (a position that does not exist is told
    as such); None for anything else."""
    found = number(text.strip().removeprefix("-"))
    return None if found is None else -found if text.strip().startswith("-") else found


def _replay(line: Timeline, at: int | None, turn: str | None, names: list[str]) -> Position:
    """The position asked for (`at` actions, or the start of turn `turn`) on a replayed
    game, with the words of this turn's steps so far; BadPosition when there is none."""
    want = at
    if turn is not None:
        wanted_turn = _signed(turn)
        if wanted_turn is None:
            raise BadPosition(_("“%(turn)s” is not a turn number.", turn=turn[:12]))
        if wanted_turn == line.turns[0]:
            want = 0
        else:
            want = next((n for n in range(1, line.last + 1) if line.turns[n] == wanted_turn),
                        None)
        if want is None:
            raise BadPosition(_("There is no turn %(turn)s: this game has turns 1 to %(last)s.",
                                turn=wanted_turn, last=line.turns[-1]))
    want = 0 if want is None else want
    if not 0 <= want <= line.last:
        raise BadPosition(_("There is no step %(at)s: this game has steps 0 to %(last)s.",
                            at=want, last=line.last))
    start = line.turns.index(line.turns[want])
    steps = {n: {"at": n, "notation": line.notation[n - 1], "turn": line.turns[n],
                 "words": action_text(line.events[n - 1], names)}
             for n in range(max(1, min(start + 1, want)), want + 1)}  # this one, its turn's
    return Position(want, line.last, line.state_at(want), line.turns, steps)


def _position_args() -> tuple[int | None, str | None, str | None]:
    """`at` and `turn` from the query; a message when `at` is not a number."""
    at_text = request.args.get("at", "").strip()
    turn = request.args.get("turn", "").strip() or None
    if not at_text:
        return None, turn, None
    at = _signed(at_text)
    if at is None:
        return None, None, _("“%(at)s” is not a step number.", at=at_text[:12])
    return at, None, None


def _touched(action: str) -> tuple[int | None, set[str]]:
    """The seat an action belongs to and the cells it marked (drawn tile, extra, arms)."""
    try:
        a = A.parse_action(action)
    except IllegalAction:
        return None, set()
    if isinstance(a, A.Draw):
        return a.player, {cell_name(b) for b in bits(a.mask)}
    if isinstance(a, A.Extra | A.ArmsCell):
        return a.player, {cell_name(a.cell)}
    return a.player, set()


def _context(game: Game, names: list[str], pos: Position,
             message: str | None = None) -> dict[str, Any]:
    state = pos.state
    view = state.player_view(None)
    step = pos.steps[pos.at] if pos.at else None
    actor, cells = _touched(step["notation"]) if step else (None, set())
    grids = [
        P.grid(view["buildings"][p]["rows"], set(), set(), set(), None, lambda n: "")
        for p in range(state.players)
    ]
    if actor is not None and 0 <= actor < len(grids):
        for row in grids[actor]:
            for cell in row:
                if cell.name in cells:
                    cell.css.append("acted")  # the cells this step marked
    turn = pos.turns[pos.at]
    start = pos.turns.index(turn)
    return {
        "game": game, "names": names, "view": view, "pos": pos, "step": step, "grids": grids,
        "actor": actor, "turn_steps": [pos.steps[n] for n in range(start + 1, pos.at + 1)],
        "turn_start": start,
        "last_turn": pos.turns[-1], "message": message,
        "colour_of": P.COLOUR_OF, "shapes": P.SHAPES,
        "winner_names": ", ".join(names[w] for w in view["winners"]),
        "back": _back(game), "back_words": _back_words(game),
    }


def _render(game: Game, status: int = 200) -> tuple[str, int]:
    store = _store()
    line = remembered("replay_timelines", (game.id, game.seq),
                      lambda: timeline(stored_text(store, game), store.factories[EDITION]),
                      size=TIMELINES)
    names = _names(game)
    at, turn, message = _position_args()
    try:
        pos = _replay(line, at, turn, names) if message is None else None
    except BadPosition as err:
        message = str(err)
        pos = None
    if pos is None:
        pos, status = _replay(line, 0, None, names), 400
    ctx = _context(game, names, pos, message)
    template = "replay/_board.html" if g.htmx else "replay/game.html"
    return render_template(template, **ctx), status


@bp.get("/<code>")
def game(code: str) -> Any:
    """The replay of a game at step `at` (or the start of turn `turn`; default the start)."""
    return _render(_game(code))


@bp.get("/<code>/text")
def text(code: str) -> Response:
    """The game's shareable text (`copenhagen replay` and the paste page read it)."""
    game = _game(code)
    resp = Response(game_text(_store(), game), mimetype="text/plain")
    resp.headers["Content-Disposition"] = f'inline; filename="copenhagen-{game.code}.txt"'
    return resp


def _reason(err: GameTextError) -> str:
    """Where and why a game text failed, in the page's language (worded from its code)."""
    return game_text_reason(err)


@bp.route("", methods=["GET", "POST"])
@create_limited
def paste() -> Any:
    """The form where a game text is pasted, and its replay: kept as a read-only game, then
    shown at its start; 400 with the line that failed and why when it does not replay."""
    if request.method == "GET":
        return render_template("replay/paste.html", text="", error=None)
    body = request.form.get("text", "")
    try:
        parsed = read_text(body)  # length-capped before anything is parsed
        if parsed.edition != EDITION:
            raise GameTextError(f"replays on this site are for Roll & Write games "
                                f"(edition: {EDITION}), not '{parsed.edition}'",
                                code="text_edition", edition=parsed.edition)
        state, steps = replay_text(parsed, _store().factories[EDITION])
    except GameTextError as err:
        return render_template("replay/paste.html", text=body[:MAX_TEXT], error=_reason(err)), 400
    game = store_text(_store(), parsed, steps, bool(state.is_over()))
    return redirect(url_for("replay.game", code=game.code), 303)


__all__ = ["bp"]
