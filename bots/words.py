"""Moves and hint reasons of both editions as codes with values (`Said`: a template key and
JSON data), and the one table of English templates that words them.

`dice_move`, `card_move` say what a move does; `dice_reason`, `card_reason` why it is good
(a list of parts, said one after the other). The command line words them in English
(`english`); the web app in the page's language from the same table translated
(webapp/words/move_words.py through webapp/words/event_i18n.py; the table is extracted for the
catalogs
by webapp/platform/i18n_extract.py). The format of a template: facade/messages.py."""

from __future__ import annotations

from typing import Any

from boardgame import actions as CA  # noqa: N812
from boardgame.material import ABILITY_NAMES, ARMS_CELLS, ARMS_ROWS, COLOUR_INDEX, COLOURS, TILES
from boardgame.state import GameState as CardState
from facade.grid import bits, cell_name
from facade.messages import SHARED, render
from facade.scoring import newly_completed
from rollwrite import actions as DA  # noqa: N812
from rollwrite.state import GameState as DiceState

Said = tuple[str, dict[str, Any]]  # (template key, data)

TEMPLATES: dict[str, str] = {
    # Roll & Write moves
    "move.choose": "choose {tile} with dice {dice:list} ({colours:list})",
    "move.choose+bonuses": " and {bonuses} + bonus",
    "move.choose+bonuses#bonuses": " and {bonuses} + bonuses",
    "move.choose+new_choice": " (yellow ★ New choice)",
    "move.draw.brick": "draw {tile} on {cells:list}, the X on {brick}",
    "move.draw.windows": "draw {tile} on {cells:list}, all O (blue ★)",
    "move.reroll": "reroll dice {dice:list} (red ★)",
    "move.change": "turn dice {dice:list} to {colour} (green ★)",
    "move.extra.brick": "an extra X on {cell} (purple ★)",
    "move.extra.window": "an extra O on {cell} (purple ★, blue ★)",
    "move.arms_cell": "coat of arms: an O on {cell}",
    "move.arms_track": "coat of arms: two boxes on the {track} track",
    "move.pick": "take die {die} ({colour}) for the {track} track",
    "move.setup.track": "start on the {track} track",
    "move.setup.none": "no starting track",
    "move.pass": "mark nothing",
    "move.end": "end the turn",
    # card-edition moves
    "move.take": "take {cards:list} from the harbour",
    "move.take+both": ", and build this turn",
    "move.discard": "discard {cards:list}",
    "move.build.paid": "build {tile} on {cells:list}, paying {cards:list}",
    "move.build.free": "build {tile} on {cells:list} for free",
    "move.build+brick": " (the brick on {brick})",
    "move.arms_white": "place a white tile on {cell}",
    "move.arms_ability": "take the {ability:term} tile",
    "move.arms_refresh": "flip your used ability tiles back",
    "move.card_pass": "pass",
    "move.other": "{line}",
    # why a move is good: parts, said one after the other
    "why.line": "completes {line:line}: +{points}",
    "why.line_windows": "completes {line:line} with windows only: +{points}",
    "why.open": "builds toward open rows and columns, with the X where it hurts least",
    "why.arms_cell": "coat of arms on {cell}",
    "why.arms_row": "coat of arms on {line:line}",
    "why.discount": "costs {paid} card instead of {size}",
    "why.discount#paid": "costs {paid} cards instead of {size}",
    "why.choose": "this tile has the best placement for these dice",
    "why.reroll": "these dice give little; a reroll is likely to give more",
    "why.change": "turning these dice makes a bigger tile possible",
    "why.extra": "the extra cell completes a line now",
    "why.pick": "that track brings the most: its next box or its completion",
    "why.arms": "the coat-of-arms choice that leaves your sheet best",
    "why.end": "nothing more is worth doing this turn",
    "why.setup": "the starting track that helps these dice most",
    "why.pass": "no die helps your tracks now",
    "why.take": "gathers {colour}: {count} cards for a {colour} tile",
    "why.take+both": ", and you build this turn (Both actions)",
    "why.discard": "keeps the colours your hand is gathering",
    "why.ability": "{ability:term}: the most useful ability you lack",
    "why.refresh": "flips your {count} used ability back to active",
    "why.refresh#count": "flips your {count} used abilities back to active",
    "why.nothing": "nothing better is possible now",
    "why.bot": "the bot's choice",
    # key moments of a review: why the best move found was better, from the search's numbers
    "review.better": "the best move found leads to {best} against {played} on average",
    "review.noise": "within the search's noise (±{noise}): no verdict",
}
WORDS: dict[str, str] = {**SHARED, **{f"@{k}": v for k, v in ABILITY_NAMES.items()},
                         **TEMPLATES}  # the row/column/and words and the abilities' names


def english(said: Said | list[Said], capital: bool = False) -> str:
    """A move or a reason in English (a list of parts joined with commas)."""
    parts = said if isinstance(said, list) else [said]
    text = ", ".join(render(kind, data, WORDS) for kind, data in parts)
    return text[:1].upper() + text[1:] if capital else text


# ---------------------------------------------------------------------- what a move does
def dice_move(action: Any, faces: list[str]) -> Said:
    """A Roll & Write action as a code with values (the dice by number, from 1, and colour)."""
    def colours(dice: tuple[int, ...]) -> list[str]:
        return [faces[d] if 0 <= d < len(faces) else "?" for d in dice]

    if isinstance(action, DA.Choose):
        return "move.choose", {"tile": action.tile, "dice": [d + 1 for d in action.dice],
                               "colours": colours(action.dice), "bonuses": action.bonuses,
                               "new_choice": action.new_choice}
    if isinstance(action, DA.Draw):
        cells = [cell_name(b) for b in bits(action.mask)]
        if action.brick:
            return "move.draw", {"form": "brick", "tile": action.tile, "cells": cells,
                                 "brick": cell_name(action.brick.bit_length() - 1)}
        return "move.draw", {"form": "windows", "tile": action.tile, "cells": cells}
    if isinstance(action, DA.Reroll):
        return "move.reroll", {"dice": [d + 1 for d in action.dice]}
    if isinstance(action, DA.Change):
        return "move.change", {"dice": [d + 1 for d in action.dice], "colour": action.face}
    if isinstance(action, DA.Extra):
        return "move.extra", {"form": "brick" if action.brick else "window",
                              "cell": cell_name(action.cell)}
    if isinstance(action, DA.ArmsCell):
        return "move.arms_cell", {"cell": cell_name(action.cell)}
    if isinstance(action, DA.ArmsTrack):
        return "move.arms_track", {"track": action.colour}
    if isinstance(action, DA.Pick):
        return "move.pick", {"die": action.die + 1, "colour": colours((action.die,))[0],
                             "track": action.track}
    if isinstance(action, DA.Setup):
        if action.track:
            return "move.setup", {"form": "track", "track": action.track}
        return "move.setup", {"form": "none"}
    if isinstance(action, DA.Pass):
        return "move.pass", {}
    if isinstance(action, DA.End):
        return "move.end", {}
    return "move.other", {"line": str(action)}


def card_move(harbour: list[str | None], action: Any) -> Said:
    """A card-edition action as a code with values (`harbour`: the cards on offer before it,
    which a take names)."""
    if isinstance(action, CA.Take):
        picks = [action.first, action.second] + ([action.extra] if action.extra is not None
                                                 else [])
        cards = [harbour[i] if 0 <= i < len(harbour) and harbour[i] else "?" for i in picks]
        return "move.take", {"cards": cards, "both": action.both}
    if isinstance(action, CA.Build):
        cells = [cell_name(b) for b in bits(action.mask)]
        paid = [c for c, n in zip(COLOURS, action.pay) for _ in range(n)]
        brick = cell_name(action.brick.bit_length() - 1) if action.brick else ""
        if paid:
            return "move.build", {"form": "paid", "tile": action.tile, "cells": cells,
                                  "cards": paid, "brick": brick}
        return "move.build", {"form": "free", "tile": action.tile, "cells": cells,
                              "brick": brick}
    if isinstance(action, CA.Discard):
        return "move.discard", {"cards": [c for c, n in zip(COLOURS, action.cards)
                                          for _ in range(n)]}
    if isinstance(action, CA.ArmsWhite):
        return "move.arms_white", {"cell": cell_name(action.cell)}
    if isinstance(action, CA.ArmsAbility):
        return "move.arms_ability", {"ability": action.ability}
    if isinstance(action, CA.ArmsRefresh):
        return "move.arms_refresh", {}
    if isinstance(action, CA.Pass):
        return "move.card_pass", {}
    return "move.other", {"line": str(action)}


# ---------------------------------------------------------------------- why it is good
def _lines(filled: int, mask: int, bricks: int) -> list[Said]:
    """A part per line that drawing `mask` completes, with its points."""
    out = []
    for ln in newly_completed(filled, filled | mask):
        kind = "why.line" if ln.mask & bricks else "why.line_windows"
        out.append((kind, {"line": ln.short, "points": ln.points(bricks)}))
    return out


def dice_reason(state: DiceState, action: Any) -> list[Said]:
    """Why a Roll & Write action is good, in parts: the lines a drawing completes (scored by
    the engine's own line table), else the kind of move."""
    if isinstance(action, DA.Draw):
        building = state.sheets[action.player].building
        parts = _lines(building.filled, action.mask, building.bricks | action.brick)
        return parts or [("why.open", {})]
    kinds = {DA.Choose: "why.choose", DA.Reroll: "why.reroll", DA.Change: "why.change",
             DA.Extra: "why.extra", DA.Pick: "why.pick", DA.ArmsCell: "why.arms",
             DA.ArmsTrack: "why.arms", DA.End: "why.end", DA.Setup: "why.setup",
             DA.Pass: "why.pass"}
    return [(kinds.get(type(action), "why.bot"), {})]


def _card_place(state: CardState, player: int, mask: int, brick: int) -> list[Said]:
    """Lines completed and coats of arms won by drawing `mask` on the player's board."""
    board = state.boards[player]
    parts = _lines(board.filled, mask, board.bricks | brick)
    parts += [("why.arms_cell", {"cell": cell_name(c)}) for c in bits(mask & ARMS_CELLS)]
    parts += [("why.arms_row", {"line": ln.short})
              for ln in newly_completed(board.filled, board.filled | mask)
              if ln.kind == "row" and ln.index in ARMS_ROWS]
    return parts


def card_reason(state: CardState, action: Any) -> list[Said]:
    """Why a card-edition action is good, in parts."""
    p = action.player
    if isinstance(action, CA.Build):
        parts = _card_place(state, p, action.mask, action.brick) or [("why.open", {})]
        size, paid = TILES[action.tile].size, sum(action.pay)
        if paid < size:
            parts.append(("why.discount", {"paid": paid, "size": size}))
        return parts
    if isinstance(action, CA.Take):
        hand = list(state.hands[p])
        for pos in (action.first, action.second, action.extra):
            colour = None if pos is None else state.harbour[pos]
            if colour is not None:
                hand[COLOUR_INDEX[colour]] += 1
        best = max(range(len(COLOURS)), key=lambda i: hand[i])
        return [("why.take", {"colour": COLOURS[best], "count": hand[best],
                              "both": action.both})]
    if isinstance(action, CA.Discard):
        return [("why.discard", {})]
    if isinstance(action, CA.ArmsWhite):
        return _card_place(state, p, 1 << action.cell, 0) or [("why.open", {})]
    if isinstance(action, CA.ArmsAbility):
        return [("why.ability", {"ability": action.ability})]
    if isinstance(action, CA.ArmsRefresh):
        used = sum(1 for v in state.abilities[p].values() if v == "used")
        return [("why.refresh", {"count": used})]
    return [("why.nothing", {})]
