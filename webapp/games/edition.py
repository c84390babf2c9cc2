"""What one edition plugs into the game routes (webapp/games/routes.py): its kinds of game,
its notation, who a screen plays for, its page's model and templates, its new-game form, its
hints and its log. Everything else a game's pages do is written once, in the routes. Three
adapters plug in: Roll & Write, the card edition, and the dice-only table (which has only the
page, its poll and its moves of the shared routes)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from webapp.games import botplay, play
from webapp.games.visit import Visit
from webapp.platform.i18n import gettext as _


@dataclass(frozen=True)
class NewGame:
    """A new game as its form describes it: what `Store.create_game` gets, the seats taken
    at once under a name, and the one whose token this browser keeps (None: nobody's, as on
    the one shared screen of a hot-seat game, whose host plays every person)."""

    kind: str
    config: dict[str, Any]
    seat_count: int
    bots: dict[int, str] = field(default_factory=dict)
    claims: list[tuple[int, str]] = field(default_factory=list)
    mine: int | None = None


@dataclass(frozen=True)
class Templates:
    """An edition's page templates: the game page and its htmx fragment, joining, the log,
    the new-game form."""

    page: str
    fragment: str
    join: str
    log: str
    new: str


class Edition:
    """An edition's adapter; the defaults are what both editions share."""

    name: str  # the blueprint's name ("rollwrite", "card"): its endpoints' prefix
    prefix: str  # the URL prefix of its pages ("/rollwrite", "/card")
    engine: str  # the engine that plays it (Store factories' key)
    kinds: tuple[str, ...]  # the kinds of game whose pages these are
    templates: Templates
    parse: Callable[[str], Any]  # a notation line -> the engine's action
    private = False  # pages may show a hand: no cache keeps any of them
    asks_name = True  # joining takes a name (else the seat's name from the game's config)
    routes: frozenset[str] = frozenset({  # the shared routes its pages have, by endpoint
        "new", "join_code", "page", "join", "poll", "act", "skip", "hint", "log", "again",
        "follow"})

    # ------------------------------------------------------------------ who looks
    def guard(self, visit: Visit) -> None:
        """Raise what a page must answer instead of the game (a spoiler); nothing by default."""

    def actor(self, visit: Visit) -> int | None:
        """The seat a POST from this browser plays for (None: none)."""
        return visit.seat

    def participant(self, visit: Visit) -> bool:
        """Whether this browser plays in the game (may hurry its bots, ask for a rematch)."""
        return visit.seat is not None or visit.host

    def no_seat(self, visit: Visit) -> play.Refusal:
        """The refusal of a move from a browser that plays no seat now."""
        return play.not_seated()

    def unnamed(self, visit: Visit, seat: int) -> str:
        """The name of a seat nobody has named yet."""
        return _("Seat %(n)s", n=seat + 1)

    def names(self, visit: Visit) -> list[str]:
        """Every seat's name as the pages show it."""
        return [s.name or self.unnamed(visit, s.seat) for s in visit.seats]

    # ------------------------------------------------------------------ moves
    def line(self, seat: int, form: Mapping[str, Any]) -> str:
        """The action the posted fields describe, in the notation (the engine judges it)."""
        return str(form.get("action", "")).strip()

    def line_of(self, visit: Visit, seat: int, form: Mapping[str, Any]) -> str:
        """`line`, for an edition that needs the game to write it (the server's own roll)."""
        return self.line(seat, form)

    def move(self, visit: Visit, form: Mapping[str, Any], seen: int | None) -> play.Played:
        """Play the move the posted fields describe, made on the page of move `seen`, through
        the one play pipeline (webapp/play.py); raises play.Refusal with nothing changed."""
        seat = self.actor(visit)
        if seat is None:
            raise self.no_seat(visit)
        if seen is None:
            raise play.no_seq()
        line = self.line_of(visit, seat, form)
        return play.play(visit, seat, line, seen, self.parse, self.names(visit))

    def event_words(self, visit: Visit, event: dict[str, Any]) -> str:
        """One event of a move in words, for a program's JSON answer."""
        raise NotImplementedError

    def turn(self, visit: Visit) -> dict[str, Any]:
        """Whose turn and what it waits for, for a program's poll: the engine's `active` and
        `phase`, whether this browser's seat may act, whether bots are to play."""
        state = visit.engine_state()
        me = self.actor(visit)
        return {"active": state.active, "phase": str(state.phase),
                "your_turn": me is not None and me in state.to_act(),
                "bots_pending": bool(botplay.pending(state, visit.bots))}

    # ------------------------------------------------------------------ pages
    def context(self, visit: Visit, at: int | None, args: Mapping[str, Any],
                hint: dict[str, Any] | None) -> dict[str, Any]:
        """What the game page shows: the present, or (`at`) a frame of the bots' moves."""
        raise NotImplementedError

    def hint(self, visit: Visit) -> dict[str, Any]:
        """The hint for this browser's seat; raises play.Refusal where there is none."""
        raise NotImplementedError

    def log_context(self, visit: Visit) -> dict[str, Any]:
        """What the log page shows."""
        raise NotImplementedError

    def join_refusal(self, visit: Visit) -> play.Refusal | None:
        """Why nobody may join this game from another phone (None: seats may be taken)."""
        return None

    # ------------------------------------------------------------------ new games
    def new_context(self) -> dict[str, Any]:
        """What the new-game form needs besides `form` and `error`."""
        return {}

    def new_game(self, form: Mapping[str, str]) -> NewGame | str:
        """The game the posted form asks for, or the message saying what is wrong with it."""
        raise NotImplementedError

    def rematch_config(self, visit: Visit, names: list[str]) -> dict[str, Any]:
        """The config of a finished game's rematch: the same seats and options, new cards
        or dice (a challenge keeps its seed)."""
        raise NotImplementedError
