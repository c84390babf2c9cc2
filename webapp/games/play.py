"""The one way a move reaches a game from the web, for every edition: the seat this browser
holds, the move number its page showed, the engine's judgement, a move that came second, the
bots' replies, and whether a polling page is behind. The game routes (webapp/games/routes.py)
call it with the request's loaded game (`Visit`) and their edition's notation parser."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from flask import current_app, redirect, url_for
from flask.typing import ResponseReturnValue

from facade.contract import StoredState
from facade.errors import IllegalAction
from facade.events import Event
from webapp.games import botplay
from webapp.platform.context import seat_token
from webapp.platform.errors import page
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.platform.store import Conflict, Game, NotFound, Seat, Store, normalise_code
from webapp.words.refusals import refusal_text

if TYPE_CHECKING:
    from webapp.games.visit import Visit

Parser = Callable[[str], Any]  # a notation line -> the edition's action (IllegalAction if not)

# Where a code typed on any join form leads, by kind of game (each area has its own pages).
JOIN_PAGES = {
    "table": "rollwrite.join", "solo": "rollwrite.page", "card": "card.join", "dice": "dice.table",
    "replay": "replay.game",
}


class Refusal(Exception):
    """A move that was not played (nothing changed), with what the page says about it: the
    HTTP status, a headline, the sentence below it, and the engine's stable code if any."""

    def __init__(self, status: int, title: str, message: str, code: str = "") -> None:
        super().__init__(message)
        self.status, self.title, self.message, self.code = status, title, message, code


@dataclass(frozen=True)
class Played:
    """A move the game took: the state after it (before the bots' replies), its events, and
    the position the page shows the bots' replies from (None: no bot replied)."""

    state: StoredState
    events: list[Event]
    at: int | None


def cookie_seat(store: Store, game: Game) -> int | None:
    """The seat this browser holds in the game through its `seat_<CODE>` cookie, if any."""
    return store.seat_of(game, seat_token(game.code))


def seen_seq(value: Any) -> int | None:
    """The `seq` a form carries (the move number of the page it was sent from); None when it
    is missing or not a whole number from 0 up."""
    return number(value)


def table_signature(store: Store, game: Game, seats: list[Seat]) -> str:
    """A short fingerprint of what a game's pages show besides its moves: its mark
    (Store.mark: who holds which seat, a rematch, a feature's part such as the moves a bot
    played for a run-out clock), so a polling page refreshes when one changes although no
    move was made (the push stream's `table` event asks it to look)."""
    return hashlib.sha256(store.mark(game, seats).encode()).hexdigest()[:10]


def behind(game: Game, seen: int | None, sent: str | None, signature: Callable[[], str]
           ) -> bool:
    """Whether a polling page that shows move `seen` (and the table `sent`, when it sent
    one: its `table_signature`) is out of date: a move was made, or the table's
    `signature()` now is another (read only when the moves agree)."""
    if seen != game.seq:
        return True
    return sent is not None and sent != signature()


def refusal_title(err: IllegalAction) -> str:
    """A translated headline for an engine refusal, from its stable code (the sentence below
    it is `refusal_text`: the code and params worded in the page's language)."""
    titles = {
        "notation": _("Not a move"),
        "not_your_turn": _("Not your turn"),
        "game_over": _("The game is over"),
        "wrong_phase": _("Not now"),
        "illegal_placement": _("It cannot go there"),
        "unaffordable": _("Not enough to pay for that"),
        "tile_unavailable": _("That tile cannot be taken"),
        "must_draw": _("A tile must be drawn"),
        "unpick_refused": _("Too late to take it back"),
    }
    return titles.get(err.code, _("Not allowed"))


def judged(err: IllegalAction, names: list[str], view: Mapping[str, Any]) -> Refusal:
    """The engine's refusal as the page says it (422), worded from its code and params."""
    return Refusal(422, refusal_title(err), refusal_text(err, names, view), err.code)


def not_seated() -> Refusal:
    """A move from a browser that holds no seat of the game."""
    return Refusal(403, _("Not seated"), _("This phone holds no seat at this table: join first."))


def no_seq() -> Refusal:
    """A move whose form did not say which move number its page showed."""
    return Refusal(400, _("Reload the page"),
                   _("This move did not say which state of the game it was made on, so it was "
                     "not played. Reload the page, look at the game as it stands, then try "
                     "again."))


def moved_first() -> Refusal:
    """A move made on a page that was out of date: another move reached the game first."""
    return Refusal(409, _("Someone moved first"),
                   _("Another move reached the table before yours. The page now shows the game "
                     "as it stands; look, then try again."))


def play(visit: Visit, seat: int | None, line: str, seen: int | None,
         parse: Parser, names: list[str]) -> Played:
    """Play `line` for `seat` on the game as its page saw it (move `seen`), then the bots'
    replies; raises Refusal, with nothing changed, when any check fails: no seat, no move
    number, not a move, another seat's move, a move that came second, the engine's no.
    The game, its seats and its state come loaded (`visit`): a move that is taken costs
    one write, and reads nothing more when this process's cached state is current."""
    if seat is None:
        raise not_seated()
    if seen is None:
        raise no_seq()
    try:
        action = parse(line)
    except IllegalAction as err:
        raise judged(err, names, visit.engine_state().player_view(None)) from err
    if action.player != seat:
        raise Refusal(403, _("Not your seat"),
                      _("This phone plays seat %(n)s; that action is for another seat.",
                        n=seat + 1))
    store, game = visit.store, visit.game
    try:
        state, events = store.act(game, seat, line, seen)
    except Conflict as err:
        raise moved_first() from err
    except IllegalAction as err:
        raise judged(err, names, visit.engine_state().player_view(None)) from err
    visit.moved(state)
    return Played(state, events, botplay.play_pending(store, game, levels=visit.bots))


def join_by_code(store: Store, typed: str | None) -> ResponseReturnValue:
    """A code typed on a join form (the home page's, the card edition's): on to that game's
    join page, whatever kind of game it is; 400 when nothing was typed, 404 when no game of a
    kind with pages has it."""
    code = normalise_code((typed or "")[:64])  # a code is six characters
    if not code:
        return page(400, _("No code"), _("Type the code shown on the table's screen, like "
                                         "ABC234."))
    game = store.game(code)
    endpoint = JOIN_PAGES.get(game.kind)
    if endpoint is None or endpoint not in current_app.view_functions:
        raise NotFound(code)
    return redirect(url_for(endpoint, code=game.code), 303)
