"""Roll & Write actions as small frozen dataclasses, written and read in a text notation.

Players and dice are numbered from 1 in text, from 0 in code. One action per line:

    p1 roll RRGBW            chance: the five faces (after `reroll`, the faces of those dice)
    p1 reroll 1,3            red ★: reroll dice 1 and 3
    p1 change 2,4 to R       green ★: dice 2 and 4 (same face) now show red
    p1 choose R3 with 1,2 +1 tile R3 with dice 1 and 2 and one red bonus (`with -` = no die)
    p1 choose R4* with 1,2,3,5   `*`: yellow ★, an already crossed-out X-side shape
    p1 draw R3:A1,a2,b2      the tile, brick (X) upper-case; all lower-case uses a blue ★
    p1 extra A3              purple ★: extra 1-cell X (lower-case a3: O, with a blue ★)
    p1 arms a4               coat of arms: a 1-cell O tile on a4
    p1 arms track G          coat of arms: two boxes on the green track
    p1 end                   confirm the end of the turn
    p1 undo                  take back your last step of this turn (never a roll)
    p2 pick 3 G              passive: die 3 marks the green track (white die: any track)
    p2 pass                  passive: mark nothing (more)
    p2 unpick                passive: take back your last pick while others still pick (5.15)
    p1 setup G | p1 setup none   two players: the first two boxes of one track, or none
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from facade.errors import NotationError
from facade.grid import cell_name, parse_cell
from facade.notation import (
    check_action_length,
    format_placement,
    parse_cells,
    split_action,
    split_placement,
)
from rollwrite.dice import faces_text, parse_faces
from rollwrite.material import COLOUR_OF_LETTER, DICE, LETTER


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: faces of all five dice, or of the dice being rerolled."""

    player: int
    faces: tuple[str, ...]

    def __str__(self) -> str:
        return f"p{self.player + 1} roll {faces_text(self.faces)}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Red ★: reroll the given dice."""

    player: int
    dice: tuple[int, ...]

    def __str__(self) -> str:
        return f"p{self.player + 1} reroll {_dice_text(self.dice)}"


@dataclass(frozen=True, slots=True)
class Change:
    """Green ★: dice that show one colour are set to another face."""

    player: int
    dice: tuple[int, ...]
    face: str

    def __str__(self) -> str:
        return f"p{self.player + 1} change {_dice_text(self.dice)} to {LETTER[self.face]}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Choose a tile of the facade sheet, the dice paying for it and the bonuses added."""

    player: int
    tile: str
    dice: tuple[int, ...]
    bonuses: int = 0
    new_choice: bool = False

    def __str__(self) -> str:
        star = "*" if self.new_choice else ""
        bonus = f" +{self.bonuses}" if self.bonuses else ""
        return f"p{self.player + 1} choose {self.tile}{star} with {_dice_text(self.dice)}{bonus}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the chosen tile: cells as a mask, the X cell as `brick` (0: all O, blue ★)."""

    player: int
    tile: str
    mask: int
    brick: int

    def __str__(self) -> str:
        return f"p{self.player + 1} draw {format_placement(self.tile, self.mask, self.brick)}"


@dataclass(frozen=True, slots=True)
class Extra:
    """Purple ★: an extra 1-cell tile, marked X (or O with a blue ★)."""

    player: int
    cell: int
    brick: bool = True

    def __str__(self) -> str:
        name = cell_name(self.cell)
        return f"p{self.player + 1} extra {name.upper() if self.brick else name}"


@dataclass(frozen=True, slots=True)
class ArmsCell:
    """Coat of arms: a 1-cell tile marked O."""

    player: int
    cell: int

    def __str__(self) -> str:
        return f"p{self.player + 1} arms {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True)
class ArmsTrack:
    """Coat of arms: two boxes on one track."""

    player: int
    colour: str

    def __str__(self) -> str:
        return f"p{self.player + 1} arms track {LETTER[self.colour]}"


@dataclass(frozen=True, slots=True)
class End:
    """The active player confirms the end of their turn."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} end"


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step of this turn (not a roll or reroll)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} undo"


@dataclass(frozen=True, slots=True)
class Pick:
    """Passive player: an unused die marks a track (its colour; any track for white)."""

    player: int
    die: int
    track: str

    def __str__(self) -> str:
        track = f" {LETTER[self.track]}" if self.track in LETTER else ""
        return f"p{self.player + 1} pick {self.die + 1}{track}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Passive player: mark nothing (more) this turn."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} pass"


@dataclass(frozen=True, slots=True)
class Unpick:
    """Passive player: take back the last pick, while another passive player still picks."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player + 1} unpick"


@dataclass(frozen=True, slots=True)
class Setup:
    """Two players: mark the first two boxes of one track, or none (RULES 3.6, 5.10)."""

    player: int
    track: str | None

    def __str__(self) -> str:
        return f"p{self.player + 1} setup {LETTER[self.track] if self.track else 'none'}"


Action = (
    Roll | Reroll | Change | Choose | Draw | Extra | ArmsCell | ArmsTrack | End | Undo | Pick
    | Pass | Unpick | Setup
)


def _dice_text(dice: tuple[int, ...]) -> str:
    return ",".join(str(d + 1) for d in dice) if dice else "-"


def _parse_dice(text: str) -> tuple[int, ...]:
    if text.strip() == "-":
        return ()
    out = []
    for part in text.split(","):
        part = part.strip()
        if not part.isdigit() or not 1 <= int(part) <= DICE:
            raise NotationError(f"'{part}' is not a die: dice are numbered 1 to {DICE}",
                                "dice_numbers", high=DICE)
        d = int(part) - 1
        if d in out:
            raise NotationError(f"die {d + 1} is named twice", "die_twice", die=d + 1)
        out.append(d)
    return tuple(sorted(out))


def _colour(letter: str) -> str:
    c = COLOUR_OF_LETTER.get(letter.strip().upper())
    if c is None or c == "white":
        raise NotationError(
            f"'{letter}' is not a track: use R, B, P, G or Y", "no_such_track",
            letter=letter.strip(),
        )
    return c


def parse_action(text: str, tiles: dict[str, object] | None = None) -> Action:
    """Read one action in the notation above; NotationError with a hint when malformed."""
    check_action_length(text)  # before the cache: a long line never becomes one of its keys
    return _parse(text)


# Keys are lines of at most MAX_ACTION_LINE characters: a full cache holds about 4 MB.
@lru_cache(maxsize=16384)  # replays read the same lines again and again; actions are frozen
def _parse(text: str) -> Action:
    """`parse_action`, remembered per line (errors are not remembered)."""
    player, verb, rest = split_action(text, "p1 end")
    if verb == "roll":
        return Roll(player, parse_faces(rest))
    if verb == "reroll":
        return Reroll(player, _parse_dice(rest))
    if verb == "change":
        mm = re.fullmatch(r"([\d,\s]+)\s+to\s+(\w)", rest, re.IGNORECASE)
        if not mm:
            raise NotationError("write a colour change as 'change 2,4 to R'", "syntax",
                                verb="change", example="change 2,4 to R")
        return Change(player, _parse_dice(mm.group(1)), parse_faces(mm.group(2), 1)[0])
    if verb == "choose":
        mm = re.fullmatch(r"(\w+?)(\*?)\s+with\s+([-\d,\s]+?)(?:\s*\+(\d))?", rest)
        if not mm:
            raise NotationError("write a choice as 'choose R3 with 1,2' or 'choose R3 with 1 +1'",
                                "syntax", verb="choose",
                                example="choose R3 with 1,2 · choose R3 with 1 +1")
        return Choose(
            player,
            mm.group(1).upper(),
            _parse_dice(mm.group(3)),
            int(mm.group(4) or 0),
            bool(mm.group(2)),
        )
    if verb == "draw":
        tile, cells = split_placement(rest)
        mask, brick = parse_cells(cells)
        return Draw(player, tile.upper(), mask, brick)
    if verb == "extra":
        cell = rest.strip()
        return Extra(player, parse_cell(cell), cell[:1].isupper())
    if verb == "arms":
        parts = rest.split()
        if len(parts) == 2 and parts[0].lower() == "track":
            return ArmsTrack(player, _colour(parts[1]))
        if len(parts) == 1:
            return ArmsCell(player, parse_cell(parts[0]))
        raise NotationError("write a coat of arms as 'arms a4' or 'arms track G'", "syntax",
                            verb="arms", example="arms a4 · arms track G")
    if verb == "pick":
        parts = rest.split()
        if not parts or len(parts) > 2:
            raise NotationError("write a pick as 'pick 3' or, for a white die, 'pick 3 G'",
                                "syntax", verb="pick", example="pick 3 · pick 3 G")
        die = _parse_dice(parts[0])
        if len(die) != 1:
            raise NotationError("pick exactly one die", "syntax", verb="pick",
                                example="pick 3 · pick 3 G")
        track = _colour(parts[1]) if len(parts) == 2 else ""
        return Pick(player, die[0], track)
    if verb == "setup":
        word = rest.strip().lower()
        return Setup(player, None if word in ("none", "-", "") else _colour(word))
    simple = {"end": End, "undo": Undo, "pass": Pass, "unpick": Unpick}
    if verb in simple:
        if rest:
            raise NotationError(f"'{verb}' takes nothing after it", "takes_nothing", verb=verb)
        return simple[verb](player)
    raise NotationError(
        f"unknown action '{verb}': roll, reroll, change, choose, draw, extra, arms, end, undo, "
        "pick, pass, unpick or setup",
        "unknown_action",
    )
