"""Events and refusals of a companion table in words, in the page's language, with the names the
players gave their seats (the engine knows seats by the names it was created with; the table's
names may come later)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _

from facade.errors import IllegalAction
from webapp import event_i18n
from webapp.colours import colour_word as _colour
from webapp.refusals import refusal_message, refusal_words


def event_text(event: dict[str, Any], names: list[str]) -> str:
    """One stored event (`Event.to_dict()`) as a sentence naming the seats as the table does
    (webapp/event_i18n.py words the events of both editions)."""
    return event_i18n.event_text("rollwrite", event, names)


def action_text(events: list[dict[str, Any]], names: list[str]) -> str:
    """Everything one action caused, as one line ("Bo takes G4L with GGW +1 bonus; ...")."""
    return "; ".join(t for t in (event_text(e, names) for e in events) if t)


# ---------------------------------------------------------------------------- refusals
def _not_your_turn(p: Mapping[str, Any], view: Mapping[str, Any], name: Callable[[Any], str],
                   ) -> str | None:
    phase, active = view.get("phase"), p.get("active", view.get("active"))
    if phase == "setup":
        return _("Waiting for the others to choose their starting track.")
    if phase == "passive":
        if p.get("player") == active:
            return _("The others are picking from your unused dice.")
        return _("Waiting for the others to pick.")
    if name(active):
        return _("Turn %(turn)s: %(name)s’s turn.", turn=view.get("turn", ""), name=name(active))
    return None


def _unaffordable(p: Mapping[str, Any]) -> str | None:
    if "star" in p:
        return _("You have no unlocked %(colour)s ★ left.", colour=_colour(p["star"]))
    if "bonus" in p:
        return _("Not enough %(colour)s + bonuses: you have %(left)s left.",
                 colour=_colour(p["bonus"]), left=p.get("left", 0))
    return None


def refusal_text(err: IllegalAction, names: list[str], view: Mapping[str, Any]) -> str:
    """An engine refusal in the page's language, worded from its stable code and params (and
    the phase the game stands in, `view` being the engine's view of it); a code without a
    translation here keeps the engine's own English sentence."""
    p = err.params

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    tile = str(p.get("tile") or "")
    worded: dict[str, Callable[[], str | None]] = {
        "game_over": lambda: _("The game is over: no more moves. The end screen offers a new "
                               "game with the same seats."),
        "not_your_turn": lambda: _not_your_turn(p, view, name),
        "wrong_phase": lambda: refusal_words(  # the phase the refusal names, else the game's
            "wrong_phase", {**p, "phase": p.get("phase", view.get("phase"))}),
        "no_such_player": lambda: _("There is no seat %(n)s at this table.",
                                    n=int(p["player"]) + 1) if "player" in p else None,
        "illegal_placement": lambda: _(
            "%(tile)s cannot go on those cells: tap a highlighted cell of your building, then "
            "take one of the positions shown.", tile=tile) if tile else None,
        "unaffordable": lambda: _unaffordable(p),
        "tile_unavailable": lambda: _(
            "%(tile)s cannot be taken now: choose one of the tiles the page offers.",
            tile=tile) if tile else None,
        "must_draw": lambda: _("Your dice alone pay for a tile that fits your building: choose "
                               "one and draw it (spending a + or a ★ is never forced)."),
        "unpick_refused": lambda: _("You have no pick to take back this turn.")
        if view.get("phase") == "passive"
        else _("A pick can only be taken back while the other players are still picking."),
    }
    make = worded.get(err.code)
    try:
        text = make() if make else None
    except (KeyError, ValueError, TypeError):
        text = None  # params not as expected: the engine's own words are still right
    return text or refusal_message(err)
