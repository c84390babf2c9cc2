"""Card-edition actions as small frozen dataclasses, written and read in a text notation.

Players and harbour positions are numbered from 1 in text, from 0 in code. Cards are
colour letters R Y G B P. One action per line:

    p1 take 3,4              two adjacent harbour cards (1 and 7 are not adjacent)
    p1 take 1,5              two cards anywhere: uses Any cards
    p1 take 3,4 +6           and a third card from position 6: uses Additional card
    p1 take 3,4 both         Both actions: take now, build afterwards in this turn
    p1 discard R,G           discard down to 7 cards (your choice which)
    p1 build red-3:A1,a2,b2 pay R,R        tile, placement (brick upper-case), cards paid
    p1 build red-3:A1,a2,b2 pay R discount  with Construction discount
    p1 build red-3:A1,a2,b2 pay R,G change  with Change of colours (G counts as red)
    p1 build red-3:A1,a2,b2 pay - ...       a free build pays nothing
    p1 arms white b4         coat of arms: a white tile on b4
    p1 arms ability discount coat of arms: a new ability tile
    p1 arms refresh          coat of arms: flip used ability tiles back
    p1 pass                  skip the build after Both actions, or pass when nothing is possible
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from boardgame.material import ABILITIES, COLOUR_OF_LETTER, COLOURS, LETTER
from facade.errors import NotationError
from facade.grid import cell_name, parse_cell
from facade.notation import format_placement, parse_cells, split_action, split_placement

Cards = tuple[int, int, int, int, int]  # counts in COLOURS order


def cards_text(cards: Sequence[int]) -> str:
    """(2, 0, 1, 0, 0) -> 'R,R,G'; '-' for none: counts in COLOURS order (an action's
    `Cards`, or a hand as the player view gives it)."""
    out = [LETTER[c] for c, n in zip(COLOURS, cards) for _ in range(n)]
    return ",".join(out) if out else "-"


def parse_cards(text: str) -> Cards:
    """'R,R,G' -> counts in COLOURS order."""
    counts = dict.fromkeys(COLOURS, 0)
    t = text.strip()
    if t in ("-", ""):
        return tuple(counts.values())  # type: ignore[return-value]
    for part in t.replace(" ", "").split(","):
        colour = COLOUR_OF_LETTER.get(part.upper())
        if colour is None:
            raise NotationError(
                f"'{part}' is not a card: use R (red), Y (yellow), G (green), B (blue), P (purple)",
                "bad_card", text=part,
            )
        counts[colour] += 1
    return tuple(counts.values())  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Take:
    """Take two harbour cards (and a third with Additional card; Both actions to build too)."""

    player: int
    first: int
    second: int
    extra: int | None = None
    both: bool = False

    def __str__(self) -> str:
        text = f"p{self.player + 1} take {self.first + 1},{self.second + 1}"
        if self.extra is not None:
            text += f" +{self.extra + 1}"
        return text + (" both" if self.both else "")


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard cards down to the hand limit."""

    player: int
    cards: Cards

    def __str__(self) -> str:
        return f"p{self.player + 1} discard {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class Build:
    """Take a facade tile, pay for it and place it."""

    player: int
    tile: str
    mask: int
    brick: int
    pay: Cards
    discount: bool = False
    change: bool = False

    def __str__(self) -> str:
        text = (
            f"p{self.player + 1} build {format_placement(self.tile, self.mask, self.brick)} "
            f"pay {cards_text(self.pay)}"
        )
        return text + (" discount" if self.discount else "") + (" change" if self.change else "")


@dataclass(frozen=True, slots=True)
class ArmsWhite:
    """Coat of arms: place a white tile."""

    player: int
    cell: int

    def __str__(self) -> str:
        return f"p{self.player + 1} arms white {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class ArmsAbility:
    """Coat of arms: a new ability tile."""

    player: int
    ability: str

    def __str__(self) -> str:
        return f"p{self.player + 1} arms ability {self.ability}"


@dataclass(frozen=True, slots=True)
class ArmsRefresh:
    """Coat of arms: flip every used ability tile back to active."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} arms refresh"


@dataclass(frozen=True, slots=True)
class Pass:
    """Skip the build after Both actions, or pass when nothing else is possible."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} pass"


Action = Take | Discard | Build | ArmsWhite | ArmsAbility | ArmsRefresh | Pass

def _position(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 7:
        raise NotationError(f"'{text}' is not a harbour position: they are numbered 1 to 7",
                            "harbour_position", high=7)
    return int(text) - 1


def parse_action(text: str) -> Action:
    """Read one action in the notation above; NotationError with a hint when malformed."""
    player, verb, rest = split_action(text, "p1 take 3,4")
    if verb == "take":
        mm = re.fullmatch(r"(\d+)\s*,\s*(\d+)(?:\s*\+\s*(\d+))?(\s+both)?", rest, re.IGNORECASE)
        if not mm:
            raise NotationError("write a take as 'take 3,4', 'take 3,4 +6' or 'take 3,4 both'",
                                "syntax", verb="take",
                                example="take 3,4 · take 3,4 +6 · take 3,4 both")
        extra = _position(mm.group(3)) if mm.group(3) else None
        return Take(
            player, _position(mm.group(1)), _position(mm.group(2)), extra, bool(mm.group(4))
        )
    if verb == "discard":
        return Discard(player, parse_cards(rest))
    if verb == "build":
        mm = re.fullmatch(r"(\S+)\s+pay\s+(\S+)((?:\s+(?:discount|change))*)", rest, re.IGNORECASE)
        if not mm:
            raise NotationError("write a build as 'build red-3:A1,a2,b2 pay R,R'", "syntax",
                                verb="build", example="build red-3:A1,a2,b2 pay R,R")
        tile, cells = split_placement(mm.group(1))
        mask, brick = parse_cells(cells)
        flags = mm.group(3).lower().split()
        return Build(
            player, tile.lower(), mask, brick, parse_cards(mm.group(2)),
            "discount" in flags, "change" in flags,
        )
    if verb == "arms":
        parts = rest.split()
        if len(parts) == 2 and parts[0].lower() == "white":
            return ArmsWhite(player, parse_cell(parts[1]))
        if len(parts) == 2 and parts[0].lower() == "ability":
            if parts[1].lower() not in ABILITIES:
                raise NotationError(f"unknown ability '{parts[1]}': {', '.join(ABILITIES)}",
                                    "no_such_ability", ability=parts[1])
            return ArmsAbility(player, parts[1].lower())
        if parts == ["refresh"]:
            return ArmsRefresh(player)
        raise NotationError(
            "write a coat of arms as 'arms white b4', 'arms ability discount' or 'arms refresh'",
            "syntax", verb="arms", example="arms white b4 · arms ability discount · arms refresh",
        )
    if verb == "pass":
        if rest:
            raise NotationError("'pass' takes nothing after it", "takes_nothing", verb="pass")
        return Pass(player)
    raise NotationError(
        f"unknown action '{verb}': take, discard, build, arms or pass", "unknown_action"
    )
