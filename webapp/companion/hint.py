"""The Roll & Write hint in words, in the page's language: what the strong bot's move does
("Draw R3 on a1, b1, b2, the X on b1") and why, from the action and the engine's own
scoring of completed lines; and what the page highlights for it (cells, dice, the button)."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from facade.grid import bits, cell_name
from facade.scoring import newly_completed
from rollwrite import actions as A  # noqa: N812
from rollwrite.state import GameState
from webapp.colours import colour_word as _colour


def _dice(numbers: tuple[int, ...] | list[int], faces: list[str]) -> str:
    """Dice by number and colour: "2 (green), 5 (white)"."""
    return ", ".join(f"{d + 1} ({_colour(faces[d])})" if 0 <= d < len(faces) else str(d + 1)
                     for d in numbers)


def _cells(mask: int) -> str:
    return ", ".join(cell_name(b) for b in bits(mask))


def hint_words(action: Any, faces: list[str]) -> str:
    """The hinted move as a sentence (the dice named by number and colour)."""
    if isinstance(action, A.Choose):
        words = _("Choose %(tile)s with dice %(dice)s", tile=action.tile,
                  dice=_dice(action.dice, faces))
        if action.bonuses:
            words += " " + ngettext("and %(num)s + bonus", "and %(num)s + bonuses",
                                    action.bonuses)
        if action.new_choice:
            words += " " + _("(yellow ★ New choice)")
        return words
    if isinstance(action, A.Draw):
        if action.brick:
            return _("Draw %(tile)s on %(cells)s, the X on %(cell)s", tile=action.tile,
                     cells=_cells(action.mask), cell=cell_name(action.brick.bit_length() - 1))
        return _("Draw %(tile)s on %(cells)s, all O (blue ★)", tile=action.tile,
                 cells=_cells(action.mask))
    if isinstance(action, A.Reroll):
        return _("Reroll dice %(dice)s (red ★)", dice=_dice(action.dice, faces))
    if isinstance(action, A.Change):
        return _("Turn dice %(dice)s to %(colour)s (green ★)", dice=_dice(action.dice, faces),
                 colour=_colour(action.face))
    if isinstance(action, A.Extra):
        if action.brick:
            return _("An extra X on %(cell)s (purple ★)", cell=cell_name(action.cell))
        return _("An extra O on %(cell)s (purple ★, blue ★)", cell=cell_name(action.cell))
    if isinstance(action, A.ArmsCell):
        return _("Coat of arms: an O on %(cell)s", cell=cell_name(action.cell))
    if isinstance(action, A.ArmsTrack):
        return _("Coat of arms: two boxes on the %(track)s track", track=_colour(action.colour))
    if isinstance(action, A.Pick):
        return _("Take die %(die)s for the %(track)s track", die=_dice((action.die,), faces),
                 track=_colour(action.track))
    if isinstance(action, A.Setup):
        if action.track:
            return _("Start on the %(track)s track", track=_colour(action.track))
        return _("No starting track")
    if isinstance(action, A.Pass):
        return _("Mark nothing")
    if isinstance(action, A.End):
        return _("End turn")
    return str(action)


def _line(line: Any) -> str:
    if line.kind == "row":
        return _("row %(n)s", n=line.short)
    return _("column %(letter)s", letter=line.short)


def hint_reason(state: GameState, action: Any) -> str:
    """Why the move is good, in words: the lines a drawing completes (scored by the engine's
    own line table), else the kind of move."""
    if isinstance(action, A.Draw):
        sheet = state.sheets[action.player]
        before = sheet.building.filled
        bricks = sheet.building.bricks | action.brick
        lines = newly_completed(before, before | action.mask)
        if lines:
            names = ", ".join(_line(ln) + (" " + _("(windows only)") if not ln.mask & bricks
                                           else "") for ln in lines)
            points = sum(ln.points(bricks) for ln in lines)
            return ngettext("it completes %(lines)s: %(num)s point",
                            "it completes %(lines)s: %(num)s points", points, lines=names)
        return _("it builds toward open rows and columns, with the X where it hurts least")
    reasons = {
        A.Choose: _("this tile has the best placement for these dice"),
        A.Reroll: _("these dice give little; a reroll is likely to give more"),
        A.Change: _("turning these dice makes a bigger tile possible"),
        A.Extra: _("the extra cell completes a line now"),
        A.Pick: _("that track brings the most: its next box or its completion"),
        A.ArmsCell: _("the coat-of-arms choice that leaves your sheet best"),
        A.ArmsTrack: _("the coat-of-arms choice that leaves your sheet best"),
        A.End: _("nothing more is worth doing this turn"),
        A.Setup: _("the starting track that helps these dice most"),
        A.Pass: _("no die helps your tracks now"),
    }
    return reasons.get(type(action), _("the strong bot’s choice"))


def hint_dice(action: Any) -> list[int]:
    """The dice (1-based, as the page numbers them) the hinted move uses."""
    if isinstance(action, A.Choose | A.Reroll | A.Change):
        return [d + 1 for d in action.dice]
    if isinstance(action, A.Pick):
        return [action.die + 1]
    return []
