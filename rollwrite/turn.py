"""The Roll & Write turn in progress as one value: what a clone copies and an undo restores."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rollwrite.facade_sheet import FacadeSheet
from rollwrite.phases import ROLL, Phase
from rollwrite.sheet import Sheet


class Choice(NamedTuple):
    """The tile the active player chose this turn and how it was paid (RULES 3.4.1); a
    tuple, never changed once made."""

    tile: str
    dice: tuple[int, ...]  # the dice that paid, sorted
    bonuses: int  # `+` of the tile's colour spent
    new_choice: bool  # a yellow ★ took an entry already crossed out
    entry: int | None  # the X-side entry the draw crosses out (None: ∞ side or yellow ★)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (the `chosen` of a saved game)."""
        return {
            "tile": self.tile,
            "dice": list(self.dice),
            "bonuses": self.bonuses,
            "new_choice": self.new_choice,
            "entry": self.entry,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Choice:
        """Inverse of `to_dict`."""
        return cls(d["tile"], tuple(d["dice"]), d["bonuses"], d["new_choice"], d.get("entry"))


@dataclass(slots=True)
class Turn:
    """Where the game stands within a turn: the phase, the dice, the active player's steps so
    far and the passive players' picks. The sheets and the facade sheet live beside it."""

    phase: Phase
    dice: list[str]  # faces of the five dice, once rolled
    rerolls: int  # red ★ rerolls this turn (the seeded dice depend on it)
    reroll_dice: list[int]  # dice to roll again now (phase REROLL)
    chosen: Choice | None
    drawn: bool  # the chosen tile is on the building
    extras: int  # purple ★ extra cells drawn this turn
    pending_arms: list[str]  # coats of arms won, their choice still to make (oldest first)
    picks: list[list[int]]  # per player: the dice picked as a passive player this turn
    pick_tracks: list[list[str]]  # per player: the track each pick marked (RULES 5.15)
    done: list[bool]  # per player: finished picking this turn
    setup_done: list[bool]  # per player: starting track chosen (two players, RULES 3.6)

    @classmethod
    def start(cls, players: int, phase: Phase) -> Turn:
        """The turn state of a new game."""
        return cls(
            phase, [], 0, [], None, False, 0, [],
            [[] for _ in range(players)], [[] for _ in range(players)],
            [False] * players, [False] * players,
        )

    def begin(self) -> None:
        """A new active turn: dice to roll, nothing chosen (the picks stay until the end)."""
        self.phase = ROLL
        self.dice = []
        self.rerolls = 0
        self.reroll_dice = []
        self.chosen = None
        self.drawn = False
        self.extras = 0
        self.pending_arms = []

    def copy(self) -> Turn:
        """An independent copy (lists copied one level deep; a Choice is immutable)."""
        return Turn(
            self.phase, self.dice[:], self.rerolls, self.reroll_dice[:], self.chosen,
            self.drawn, self.extras, self.pending_arms[:], list(map(list, self.picks)),
            list(map(list, self.pick_tracks)), self.done[:], self.setup_done[:],
        )

    def step_copy(self) -> Turn:
        """A copy for an undo point of the main phase, sharing the per-player lists (picks,
        pick tracks, done, setup done): in the main phase nothing changes those in place,
        and ending the turn gives the turn new ones (RULES 3.4: steps are taken back within
        the active player's turn only)."""
        return Turn(
            self.phase, self.dice[:], self.rerolls, self.reroll_dice[:], self.chosen,
            self.drawn, self.extras, self.pending_arms[:], self.picks, self.pick_tracks,
            self.done, self.setup_done,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the turn fields of a saved game."""
        return {
            "phase": self.phase,
            "dice": list(self.dice),
            "rerolls": self.rerolls,
            "reroll_dice": list(self.reroll_dice),
            "chosen": None if self.chosen is None else self.chosen.to_dict(),
            "drawn": self.drawn,
            "extras": self.extras,
            "pending_arms": list(self.pending_arms),
            "picks": [list(x) for x in self.picks],
            "pick_tracks": [list(x) for x in self.pick_tracks],
            "done": list(self.done),
            "setup_done": list(self.setup_done),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Turn:
        """Inverse of `to_dict`; a game saved before RULES 5.15 has no pick tracks (nothing
        to take back)."""
        picks = [list(x) for x in d["picks"]]
        tracks = d.get("pick_tracks")
        return cls(
            Phase(d["phase"]), list(d["dice"]), d["rerolls"], list(d["reroll_dice"]),
            None if d["chosen"] is None else Choice.from_dict(d["chosen"]), d["drawn"],
            d["extras"], list(d["pending_arms"]), picks,
            [[] for _ in picks] if tracks is None else [list(x) for x in tracks],
            list(d["done"]), list(d["setup_done"]),
        )


class UndoPoint(NamedTuple):
    """What a step of the active player's turn may change, saved before it (RULES 3.4):
    the turn, the facade sheet's crossed-out entries (`FacadeSheet.mask`) and the active
    player's sheet. Never changed once saved (a tuple: the cheapest object to make)."""

    turn: Turn
    crossed: int
    sheet: Sheet

    def to_dict(self) -> dict[str, Any]:
        """JSON form: the turn fields with `crossed` and the sheet (as `sheets`, one long)."""
        d = self.turn.to_dict()
        d["crossed"] = FacadeSheet(self.crossed).to_list()
        d["sheets"] = [self.sheet.to_dict()]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> UndoPoint:
        """Inverse of `to_dict`."""
        return cls(
            Turn.from_dict(d), FacadeSheet.from_list(d["crossed"]).mask,
            Sheet.from_dict(d["sheets"][0]),
        )
