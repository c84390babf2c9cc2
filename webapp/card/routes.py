"""The card edition (Copenhagen) in the browser (`/card`): the edition's adapter on the shared
game routes (webapp/games/routes.py), and what only it has: the "pass the phone" screen of
hot-seat games (reveal, hide). The engine decides every rule: the page lists
`legal_actions(seat)` grouped for display (webapp/card/model.py) and posts back one action
line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import segno
from flask import abort, current_app, redirect, request, session, url_for
from werkzeug.wrappers import Response

from boardgame import actions as A  # noqa: N812
from boardgame.state import GameState as CardState
from bots.hints import card_hint
from bots.levels import CARD_LEVELS as LEVELS
from webapp.card import model as M  # noqa: N812
from webapp.games import botplay, play
from webapp.games.botplay import LEVEL_LABELS
from webapp.games.edition import Edition, NewGame, Templates
from webapp.games.hint_search import searched
from webapp.games.points_chart import end_chart
from webapp.games.routes import GamePages
from webapp.games.seats import NAME_MAX
from webapp.games.visit import Visit
from webapp.platform.context import remembered
from webapp.platform.deps import deps
from webapp.platform.i18n import gettext as _
from webapp.platform.inputs import number
from webapp.words.event_i18n import event_line
from webapp.words.move_words import card_move_words, said_words

MODES = ("hotseat", "table")
SEAT_KINDS = ("person", *LEVELS)  # "person" or a bot level
KEPT_ARGS = ("pick", "tile", "cell", "rot", "flip")  # a selection in progress, kept by polls


class Card(Edition):
    """The card edition's adapter."""

    name, prefix, engine = "card", "/card", "boardgame"
    kinds = ("card",)
    templates = Templates("card/game.html", "card/_game.html", "card/join.html",
                          "card/log.html", "card/new.html")
    parse = staticmethod(A.parse_action)
    private = True  # a page may show a hand
    asks_name = False  # every seat is named when the game is made

    def who(self, visit: Visit, frame: bool = False) -> M.Who:
        """Who looks at this screen (the hot-seat screen plays for the revealed person)."""
        return M.who(visit, visit.state_as(CardState), session.get("card_reveal", {}), frame)

    def actor(self, visit: Visit) -> int | None:
        """The seat a POST from this screen may act for (a bot's seat is nobody's: bots play
        only through botplay)."""
        who = self.who(visit)
        return who.viewer if who.viewer in who.humans else None

    def no_seat(self, visit: Visit) -> play.Refusal:
        if M.mode(visit.game) == "hotseat":  # one screen: a hand is shown before a move
            return play.Refusal(403, _("Not allowed"), _(
                "This is not your seat: only the phone that took a seat can act for it."))
        return play.not_seated()

    def participant(self, visit: Visit) -> bool:
        return self.who(visit).participant

    def unnamed(self, visit: Visit, seat: int) -> str:
        return str(visit.game.config["players"][seat])

    def event_words(self, visit: Visit, event: dict[str, Any]) -> str:
        return event_line("boardgame", event)

    def context(self, visit: Visit, at: int | None, args: Mapping[str, Any],
                hint: dict[str, Any] | None) -> dict[str, Any]:
        """The table screen for the present, or a frame of the bots' moves (`at`)."""
        frame = at is not None
        state = visit.state_as(CardState, at)
        ctx = M.model(visit, state, M.who(visit, state, session.get("card_reveal", {}), frame),
                      args, frame)
        ctx["chart"] = (end_chart(visit.store.log(visit.game), [p["name"] for p in
                                                                ctx["players"]])
                        if ctx.get("over") else None)
        kept = {k: v for k, v in args.items() if k in KEPT_ARGS}
        ctx["poll_url"] = url_for("card.poll", code=visit.game.code, seq=ctx["seq"],
                                  seats=ctx["table_sig"], **kept)
        ctx["poll_seconds"] = (botplay.BOT_STEP_SECONDS if frame
                               else current_app.config["POLL_SECONDS"])
        if ctx["mode"] == "table" and ctx["open_seats"]:
            link = url_for("card.join", code=visit.game.code, _external=True)
            ctx["join_link"] = link
            ctx["qr_svg"] = segno.make(link, error="m").svg_inline(scale=4, dark="#1d1d1f")
        return ctx

    def hint(self, visit: Visit) -> dict[str, Any]:
        """The strong bot's suggestion for the viewer (from the seat's view, kept per game,
        move and seat), its cells or harbour cards highlighted."""
        state = visit.state_as(CardState)
        viewer = self.who(visit).viewer
        if viewer is None:
            raise play.Refusal(403, _("No hints here"), _(
                "Hints are for the player whose hand this screen shows."))
        if viewer not in state.to_act():
            raise play.Refusal(409, _("Not your turn"), _(
                "Hints are for your own turn: wait until the game asks you to play."))
        action, why = remembered("card_hints", (visit.game.id, len(state.log), viewer),
                                 lambda: searched(card_hint, state.view(viewer), viewer))
        cells, positions = 0, []
        if isinstance(action, A.Build):
            cells = action.mask
        elif isinstance(action, A.ArmsWhite):
            cells = 1 << action.cell
        elif isinstance(action, A.Take):
            positions = sorted(M.take_set(action))
        return {"line": str(action), "reason": said_words(why), "cells": cells,
                "positions": positions, "words": card_move_words(list(state.harbour), action)}

    def log_context(self, visit: Visit) -> dict[str, Any]:
        names = self.names(visit)
        rows: list[dict[str, Any]] = [
            {"seq": r.seq, "who": names[r.seat] if r.seat is not None else "",
             "line": r.text, "events": [event_line("boardgame", e) for e in r.events]}
            for r in visit.store.log(visit.game)]
        return {"rows": rows, "notation": "\n".join(r["line"] for r in rows)}

    def join_refusal(self, visit: Visit) -> play.Refusal | None:
        if M.mode(visit.game) == "hotseat":
            return play.Refusal(400, _("One screen only"), _(
                "This game is played on one shared screen: nobody joins from another phone."))
        return None

    def new_context(self) -> dict[str, Any]:
        return {"kinds": SEAT_KINDS, "level_labels": LEVEL_LABELS}

    def new_game(self, form: Mapping[str, str]) -> NewGame | str:
        """Seats (a person or a bot level, a name each) and how the people play: one shared
        screen, or a phone each."""
        mode = form.get("mode", "hotseat")
        if mode not in MODES:
            return _("Choose how you play: one screen, or one phone each.")
        kinds: list[str] = []
        names: list[str] = []
        for i in range(4):
            kind = form.get(f"kind{i}", "none" if i >= 2 else "person")
            if kind == "none":
                continue
            if kind not in SEAT_KINDS:
                return _("Seat %(n)s: choose a person or a bot level.", n=i + 1)
            name = " ".join(form.get(f"name{i}", "").split())
            if len(name) > NAME_MAX:
                return _("The name at seat %(n)s is too long: at most %(max)s letters.",
                         n=i + 1, max=NAME_MAX)
            if not name:
                name = (_("Player %(n)s", n=len(names) + 1) if kind == "person"
                        else _("Bot %(n)s", n=len(names) + 1))
            base, k = name[:NAME_MAX - 3], 2
            while name in names:  # two seats never share a name: the log tells them apart
                name, k = f"{base} {k}", k + 1
            kinds.append(kind)
            names.append(name)
        if not 2 <= len(kinds) <= 4:
            return _("The card edition is for 2 to 4 players: fill 2, 3 or 4 seats.")
        people = [i for i, k in enumerate(kinds) if k == "person"]
        if not people:
            return _("Seat at least one person: bots need someone to play against.")
        if len(people) == 1:
            mode = "table"  # one person: their own phone, nothing to hide from anyone
        config = {"players": names, "seed": deps().new_seed(), "options": {}, "mode": mode}
        bots = {i: k for i, k in enumerate(kinds) if k != "person"}
        claims = [(i, names[i]) for i in (people if mode == "hotseat" else people[:1])]
        return NewGame("card", config, len(kinds), bots, claims,
                       None if mode == "hotseat" else people[0])

    def rematch_config(self, visit: Visit, names: list[str]) -> dict[str, Any]:
        config = dict(visit.game.config)
        config["seed"] = deps().new_seed()
        return config


EDITION = Card()
pages = GamePages(EDITION)
bp = pages.bp


# ---------------------------------------------------------------------- hot seat
@bp.post("/<code>/reveal")
def reveal(code: str) -> Response:
    """Hot-seat: the person whose turn it is has the phone; show their hand this turn."""
    visit = pages.visit(code)
    if M.mode(visit.game) != "hotseat" or not visit.host:
        abort(403)
    state = visit.state_as(CardState)
    seat = number(request.form.get("seat"), 1)
    if seat is None or seat != state.active or state.is_over() or state.active in visit.bots:
        return pages.refuse(visit, play.Refusal(409, _("Not this person's turn"), _(
            "The turn has moved on: look at the screen for whose turn it is now.")))
    shown = dict(session.get("card_reveal", {}))
    shown[visit.game.code] = [state.active, state.turn]
    if len(shown) > 20:
        shown.pop(next(iter(shown)))
    session["card_reveal"] = shown
    return redirect(url_for("card.page", code=visit.game.code), 303)


@bp.post("/<code>/hide")
def hide(code: str) -> Response:
    """Hot-seat: hide the hand again (before handing the phone on)."""
    visit = pages.visit(code)
    if M.mode(visit.game) != "hotseat" or not visit.host:
        abort(403)
    shown = dict(session.get("card_reveal", {}))
    shown.pop(visit.game.code, None)
    session["card_reveal"] = shown
    return redirect(url_for("card.page", code=visit.game.code), 303)
