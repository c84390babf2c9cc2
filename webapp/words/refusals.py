"""Every engine refusal in the page's language, worded from its stable code and params
(facade.errors.IllegalAction): the engines keep their English sentence for the command line,
the pages say it here. `refusal_words` is the one table; the table companion, the card edition
and the replay page use it (the table companion first tries its own words, which know the
phase the game stands in)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import get_locale
from flask_babel import lazy_gettext as _l

from facade.errors import IllegalAction
from webapp.platform.i18n import gettext as _
from webapp.words.colours import colour_word as _colour
from webapp.words.piece_words import cards_colour, dice_colour, track_colour
from webapp.words.piece_words import tile_name as _tile

# the abilities of the card edition, as its rulebook names them
ABILITIES = {
    "any": _l("Any cards"), "additional": _l("Additional card"),
    "discount": _l("Construction discount"), "change": _l("Change of colours"),
    "both": _l("Both actions"),
}
STEPS = {"reroll": _l("Rerolls"), "change": _l("Colour changes")}


def _ability(value: Any) -> str:
    return str(ABILITIES.get(str(value), value))


def _bad_option(option: str) -> str:
    """A table option the game does not know, or a value it does not allow."""
    if option == "mirror":
        return _("The mirror option is on or off (true or false).")
    if option == "dice":
        return _("The dice option is “seeded” (the game rolls) or “manual” (the dice are "
                 "typed in).")
    return _("“%(option)s” is not an option of this game.", option=option)


def _wrong_phase(p: Mapping[str, Any]) -> str:
    phase = str(p.get("phase", ""))
    if phase == "setup":
        return _("The game has not started yet: choose a starting track first, or none.")
    if phase in ("roll", "reroll"):
        return _("Roll the dice first.")
    if phase == "passive":
        return _("The turn is over: pick one of the unused dice for a track, or mark nothing.")
    if phase == "discard":
        return _("Discard down to 7 cards first.")
    if phase == "arms":
        return _("First choose what your coat of arms gives.")
    if phase == "build":
        return _("You took cards with Both actions: build now, or pass.")
    return _("That cannot be done at this point of the turn.")


def _unaffordable(p: Mapping[str, Any]) -> str:
    if "star" in p:
        return _("You have no unlocked %(colour)s ★ left.", colour=_colour(p["star"]))
    if "bonus" in p:
        return _("Not enough %(colour)s + bonuses: you have %(left)s left.",
                 colour=_colour(p["bonus"]), left=p.get("left", 0))
    if "colour" in p:
        return _("You need %(need)s %(colour)s cards and have %(have)s.",
                 need=p.get("need", ""), colour=cards_colour(p["colour"]), have=p.get("have", 0))
    return _("You cannot pay for that.")


def _illegal_placement(p: Mapping[str, Any]) -> str:
    if p.get("cells"):
        return _("%(cells)s are already drawn on.", cells=p["cells"])
    if p.get("tile"):
        return _("%(tile)s cannot go on those cells.", tile=_tile(p["tile"]))
    return _("The tile cannot go there: it must lie inside the building and touch the ground "
             "row or sit directly on a drawn cell.")


def _player(p: Mapping[str, Any]) -> int:
    return int(p["player"]) + 1


WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    # any game
    "illegal": lambda p: _("That move is not allowed."),
    "notation": lambda p: _("That is not a move in the game's notation."),
    "too_long": lambda p: _("That text is too long: at most %(max)s characters.",
                            max=p["max"]),
    "not_an_action": lambda p: _("That is not a move: a move starts with the player, like "
                                 "“%(example)s”.", example=p.get("example", "p1 end")),
    "player_number": lambda p: _("Players are numbered from p1."),
    "unknown_action": lambda p: _("The game has no such move."),
    "no_such_player": lambda p: _("There is no seat %(n)s at this table.", n=_player(p)),
    "not_your_turn": lambda p: _("It is not your turn."),
    "game_over": lambda p: _("The game is over: no more moves."),
    "wrong_phase": _wrong_phase,
    "player_count": lambda p: _("This game is for %(low)s to %(high)s players.",
                                low=p["low"], high=p["high"]),
    "illegal_placement": _illegal_placement,
    "unaffordable": _unaffordable,
    "tile_unavailable": lambda p: _("%(tile)s cannot be taken now: none is left, it is crossed "
                                    "out, or it fits nowhere on your building.",
                                    tile=_tile(p["tile"])),
    "no_such_tile": lambda p: _("There is no tile %(tile)s.", tile=p["tile"]),
    "no_such_cell": lambda p: _("That cell is not on the building."),
    "no_arms_waiting": lambda p: _("No coat of arms is waiting for a choice."),
    # the notation
    "bad_cell": lambda p: _("“%(text)s” is not a cell: write a column a–e and a row 1–9, "
                            "like b3.", text=p["text"]),
    "cell_list": lambda p: _("List the cells separated by commas, like A1,a2,b2."),
    "cell_twice": lambda p: _("Cell %(cell)s is listed twice.", cell=p["cell"]),
    "two_bricks": lambda p: _("Only one cell can be the X (written in upper case)."),
    "placement_syntax": lambda p: _("Write a placement as the tile, a colon and the cells, "
                                    "like R3:A1,a2,b2."),
    "cell_count": lambda p: _("%(tile)s has %(size)s cells, not %(given)s.",
                              tile=_tile(p["tile"]), size=p["size"], given=p["given"]),
    "mirror_image": lambda p: _("%(cells)s is a mirror image of %(tile)s: at this table tiles "
                                "are only rotated.", cells=p["cells"], tile=_tile(p["tile"])),
    "not_shape": lambda p: _("%(cells)s is not the shape of %(tile)s.", cells=p["cells"],
                             tile=_tile(p["tile"])),
    "brick_position": lambda p: _("Placed like that, the brick of %(tile)s is on %(where)s.",
                                  tile=_tile(p["tile"]), where=p["where"]),
    "syntax": lambda p: _("Write “%(verb)s” like this: %(example)s.", verb=p["verb"],
                          example=p["example"]),
    "takes_nothing": lambda p: _("“%(verb)s” takes nothing after it.", verb=p["verb"]),
    # Roll & Write
    "bad_option": lambda p: _bad_option(p["option"]),
    "no_roll_due": lambda p: _("There are no dice to roll now."),
    "setup_over": lambda p: _("The starting track is chosen before the first roll."),
    "roll_count": lambda p: _("Type %(count)s dice, not %(given)s.", count=p["count"],
                              given=p["given"]),
    "bad_face": lambda p: _("“%(face)s” is not a die face: use R (red), B (blue), P (purple), "
                            "G (green), Y (yellow) or W (white).", face=p.get("face", "?")),
    "dice_rolled_by_game": lambda p: _("At this table the game rolls the dice: typed dice "
                                       "are refused."),
    "after_choice": lambda p: _("%(step)s come before choosing a tile.",
                                step=STEPS.get(str(p.get("step")), p.get("step"))),
    "dice_numbers": lambda p: _("Name each die once, with a number from 1 to %(high)s.",
                                high=p["high"]),
    "die_twice": lambda p: _("Die %(die)s is named twice.", die=p["die"]),
    "change_mixed": lambda p: _("A colour change turns dice that all show the same colour."),
    "change_same_face": lambda p: _("Choose a different colour to turn them to."),
    "already_chosen": lambda p: _("A tile is already chosen this turn."),
    "die_colour": lambda p: _("Die %(die)s shows %(face)s: only %(colour)s or white dice pay "
                              "for %(tile)s.", die=p["die"], face=_colour(p["face"]),
                              colour=dice_colour(p["colour"]), tile=_tile(p["tile"])),
    "bonus_limit": lambda p: _("At most %(high)s bonuses of one colour per turn.",
                               high=p["high"]),
    "tile_size": lambda p: _("%(tile)s has %(size)s cells: use exactly %(size)s dice and "
                             "bonuses (you gave %(dice)s dice and %(bonuses)s bonuses).",
                             tile=_tile(p["tile"]), size=p["size"], dice=p["dice"],
                             bonuses=p["bonuses"]),
    "new_choice_needless": lambda p: _("%(tile)s can be taken without a yellow ★.",
                                       tile=_tile(p["tile"])),
    "choose_first": lambda p: _("Choose a tile before drawing it."),
    "already_drawn": lambda p: _("The tile of this turn is already drawn."),
    "not_chosen_tile": lambda p: _("You chose %(chosen)s, not %(tile)s.",
                                   chosen=_tile(p["chosen"]), tile=_tile(p["tile"])),
    "no_room_left": lambda p: _("A mark on %(cell)s would leave no room for %(tile)s.",
                                cell=p["cell"], tile=_tile(p["tile"])),
    "no_such_track": lambda p: _("“%(letter)s” is not a track: use R, B, P, G or Y.",
                                 letter=p["letter"]),
    "track_full": lambda p: _("Your %(colour)s track is full.",
                              colour=track_colour(p["colour"])),
    "arms_first": lambda p: _("First choose what your coat of arms gives: an O cell or a "
                              "track."),
    "draw_first": lambda p: _("Draw %(tile)s before ending your turn.", tile=_tile(p["tile"])),
    "must_draw": lambda p: _("Your dice alone pay for a tile that fits your building: choose "
                             "one and draw it (spending a + or a ★ is never forced)."),
    "nothing_to_undo": lambda p: _("Nothing to take back: a roll or a reroll cannot be "
                                   "undone."),
    "not_picking": lambda p: _("Dice are picked after the active player ends the turn."),
    "die_used": lambda p: _("Die %(die)s was used by the active player.", die=p["die"]),
    "die_picked": lambda p: _("You already picked die %(die)s.", die=p["die"]),
    "die_track": lambda p: _("Die %(die)s is %(face)s: it marks the %(face)s track (only a "
                             "white die marks any track).", die=p["die"],
                             face=_colour(p["face"])),
    "white_track": lambda p: _("A white die marks the track you name, like “pick %(die)s G”.",
                               die=p["die"]),
    "unpick_refused": lambda p: _("A pick can only be taken back while the other players are "
                                  "still picking."),
    # the card edition
    "harbour_position": lambda p: _("Harbour positions are numbered 1 to %(high)s.",
                                    high=p["high"]),
    "harbour_twice": lambda p: _("Take each harbour position once."),
    "harbour_empty": lambda p: _("Harbour position %(position)s is empty.",
                                 position=p["position"]),
    "not_adjacent": lambda p: _("Positions %(first)s and %(second)s are not side by side: only "
                                "an active Any cards tile takes two cards from anywhere.",
                                first=p["first"], second=p["second"]),
    "needs_ability": lambda p: _("That needs an active %(ability)s tile.",
                                 ability=_ability(p["ability"])),
    "no_discard_due": lambda p: _("Discard only when your hand holds more than %(limit)s "
                                  "cards.", limit=p["limit"]),
    "discard_cards": lambda p: _("Name the cards to discard, like R,G."),
    "discard_count": lambda p: _("Discard exactly %(need)s cards to keep %(limit)s.",
                                 need=p["need"], limit=p["limit"]),
    "short_cards": lambda p: _("You do not have that many %(colour)s cards.",
                               colour=cards_colour(p["colour"])),
    "white_tile": lambda p: _("White tiles come only from a coat of arms."),
    "pay_cards": lambda p: _("Name the cards you pay, like R,R."),
    "wrong_payment": lambda p: _("%(tile)s costs %(cost)s cards here; you offered %(offered)s.",
                                 tile=_tile(p["tile"]), cost=p["cost"], offered=p["offered"]),
    "pay_colour": lambda p: _("%(tile)s is paid with %(colour)s cards; other colours need "
                              "Change of colours.", tile=_tile(p["tile"]),
                              colour=cards_colour(p["colour"])),
    "change_one_colour": lambda p: _("Change of colours lets one other colour count as "
                                     "%(colour)s.", colour=_colour(p["colour"])),
    "bad_card": lambda p: _("“%(text)s” is not a card: use R (red), Y (yellow), G (green), "
                            "B (blue) or P (purple).", text=p["text"]),
    "no_such_ability": lambda p: _("There is no ability “%(ability)s”.", ability=p["ability"]),
    "ability_owned": lambda p: _("You already own the %(ability)s tile.",
                                 ability=_ability(p["ability"])),
    "ability_gone": lambda p: _("No %(ability)s tile is left.", ability=_ability(p["ability"])),
    "nothing_to_refresh": lambda p: _("None of your ability tiles is used."),
    "pass_not_stuck": lambda p: _("You can take cards or build: passing is only for a dead "
                                  "end."),
    # game texts (pasted on the replay page)
    "game_text": lambda p: _("The game text cannot be read."),
    "text_players": lambda p: _("The players are a list of names, like [\"Ann\", \"Bo\"], or a "
                                "number of players from 1 to %(high)s.", high=p["high"]),
    "text_twice": lambda p: _("“%(key)s” is given twice.", key=p["key"]),
    "text_start": lambda p: _("This is not a Copenhagen game text: one starts with "
                              "“%(start)s”.", start=p["start"]),
    "text_empty": lambda p: _("The text is empty: a game text starts with “%(start)s”.",
                              start=p["start"]),
    "text_version": lambda p: _("Version %(version)s of the game text is not known; this site "
                                "reads version %(known)s.", version=p["version"],
                                known=p["known"]),
    "text_missing": lambda p: _("The header has no “%(key)s:” line.", key=p["key"]),
    "text_edition": lambda p: _("Replays here are for Roll & Write games (edition: rollwrite), "
                                "not “%(edition)s”.", edition=p["edition"]),
    "text_options": lambda p: _("The options are a JSON object, like {\"mirror\": false}."),
    "text_seed": lambda p: _("The seed is a text or a whole number of at most %(max)s "
                             "characters.", max=p["max"]),
    "text_too_long": lambda p: _("The text is longer than %(max)s characters.", max=p["max"]),
    "text_line_too_long": lambda p: _("The line is longer than %(max)s characters.",
                                      max=p["max"]),
    "text_too_many_actions": lambda p: _("A game has at most %(max)s moves.", max=p["max"]),
    "text_nested": lambda p: _("A header value is nested more than %(max)s levels deep.",
                               max=p["max"]),
    "text_name_long": lambda p: _("A player's name has at most %(max)s characters.",
                                  max=p["max"]),
    # the game store
    "too_many_actions": lambda p: _("This game has reached %(max)s moves, more than any game "
                                    "needs: start a new one.", max=p["max"]),
}


def refusal_words(code: str, params: Mapping[str, Any]) -> str | None:
    """The refusal of that code and params in the page's language; None for an unknown code
    or params that do not fit the code's sentence."""
    make = WORDS.get(code)
    if make is None:
        return None
    try:
        return make(params)
    except (KeyError, ValueError, TypeError):
        return None


GENERIC = ("illegal", "notation", "game_text")  # codes that say only "refused"

# The same refusals where a move is tapped, not typed (every page but a game text's): what
# was wrong and what to do, in words, with no example of the notation (issue 37). A page about
# a game text (the replay's paste) keeps WORDS: there the notation is what the reader writes.
_READ = _l("That move cannot be read: choose one of the moves the page offers.")
_CELLS = _l("Those cells do not make a placement: tap a highlighted cell of your building, "
            "then one of the positions shown.")
TAPPED: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "notation": lambda p: str(_READ),
    "illegal": lambda p: _("That move is not allowed: choose one of the moves the page "
                           "offers."),
    "not_an_action": lambda p: str(_READ),
    "player_number": lambda p: str(_READ),
    "syntax": lambda p: str(_READ),
    "takes_nothing": lambda p: str(_READ),
    "bad_cell": lambda p: _("That is not a cell of the building: its columns go from a to e, "
                            "its rows from 1 to 9."),
    "cell_list": lambda p: str(_CELLS),
    "cell_twice": lambda p: str(_CELLS),
    "two_bricks": lambda p: _("Only one cell of a tile gets the X."),
    "placement_syntax": lambda p: str(_CELLS),
    "mirror_image": lambda p: _("Placed like that, %(tile)s would be turned over: at this "
                                "table tiles are only rotated.", tile=_tile(p["tile"])),
    "not_shape": lambda p: _("Those cells do not have the shape of %(tile)s.",
                             tile=_tile(p["tile"])),
    "brick_position": lambda p: _("Placed like that, %(tile)s cannot have its X there: "
                                  "choose one of the cells the page offers for the X.",
                                  tile=_tile(p["tile"])),
    "bad_face": lambda p: _("That is not a die face: a die shows red, blue, purple, green, "
                            "yellow or white."),
    "white_track": lambda p: _("Die %(die)s is white: it marks the track you choose, press "
                               "that track’s button.", die=p["die"]),
    "no_such_track": lambda p: _("That is not a track: the tracks are red, blue, purple, green "
                                 "and yellow."),
    "discard_cards": lambda p: _("Choose the cards to discard among those the page shows."),
    "pay_cards": lambda p: _("Choose one of the ways to pay the page shows."),
    "bad_card": lambda p: _("That is not a card: the cards are red, yellow, green, blue or "
                            "purple."),
}


def refusal_message(err: IllegalAction, as_text: bool = False) -> str:
    """An engine refusal in the page's language; the engine's English sentence when its code
    has no words here (and on English pages for a generic code, whose sentence says more).
    `as_text`: the page is about a game text, whose notation the refusal may show; elsewhere
    a refusal about notation is said in words (TAPPED)."""
    if not as_text and err.code in TAPPED:
        try:
            return TAPPED[err.code](err.params)
        except (KeyError, ValueError, TypeError):
            pass
    if err.code in GENERIC and str(get_locale() or "en") == "en":
        return str(err)
    return refusal_words(err.code, err.params) or str(err)


def game_text_reason(err: IllegalAction) -> str:
    """Where and why a game text failed, in the page's language: the line, its text and the
    reason worded from the code (the notation may show: the page is about the text)."""
    reason = refusal_message(err, as_text=True)
    line = getattr(err, "line", None)
    action = getattr(err, "action", "")
    if line is None:
        return reason
    if action:
        return _("Line %(line)s (%(action)s): %(reason)s", line=line, action=action,
                 reason=reason)
    return _("Line %(line)s: %(reason)s", line=line, reason=reason)


# ---------------------------------------------------------------- refusals in their context
def _whose_turn(p: Mapping[str, Any], view: Mapping[str, Any], name: Callable[[Any], str],
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


def _short_of(p: Mapping[str, Any]) -> str | None:
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
        "not_your_turn": lambda: _whose_turn(p, view, name),
        "wrong_phase": lambda: refusal_words(  # the phase the refusal names, else the game's
            "wrong_phase", {**p, "phase": p.get("phase", view.get("phase"))}),
        "no_such_player": lambda: _("There is no seat %(n)s at this table.",
                                    n=int(p["player"]) + 1) if "player" in p else None,
        "illegal_placement": lambda: _(
            "%(tile)s cannot go on those cells: tap a highlighted cell of your building, then "
            "take one of the positions shown.", tile=tile) if tile else None,
        "unaffordable": lambda: _short_of(p),
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
