"""The dice-only table: one shared screen rolls the five dice for a table playing on paper pads.

It knows only dice and whose turn it is (the pads keep everything else, a reroll's red ★
included). Its interface is the one the Store needs from an engine: built from a config,
`apply(text)` for the lines `roll`, `reroll 1,3` and `next`, `log`, `seq`, `clone()` and
`is_over()`. The dice come from `seeded_roll(seed, turn, reroll)`, as in the engine's seeded
games, so two tables with the same seed see the same dice for the same rerolls.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from facade.errors import IllegalAction
from facade.events import Event
from facade.limits import MAX_ACTION_LINE
from facade.limits import MAX_NAME as LIMIT_NAME
from rollwrite.dice import faces_text, seeded_roll
from rollwrite.material import DICE

MAX_PLAYERS = 4
MAX_NAME = LIMIT_NAME  # characters of a player's name, as everywhere (facade/limits.py)
MAX_SEED = 40

_REROLL_RE = re.compile(r"^reroll\s+(.+)$")


class DiceRollerError(IllegalAction):
    """Input the dice table refuses; `code` and `params` let a page say it in any language."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass
class Throw:
    """One throw of a turn: the five faces after it, and which dice (0-based) it rolled."""

    faces: tuple[str, ...]
    rolled: tuple[int, ...]


@dataclass
class Turn:
    """One player's turn at the table: its number (1 first), the player, and its throws."""

    number: int
    player: int
    throws: list[Throw] = field(default_factory=list)

    @property
    def faces(self) -> tuple[str, ...] | None:
        """The dice as they stand (None before the roll)."""
        return self.throws[-1].faces if self.throws else None

    @property
    def rerolls(self) -> int:
        """How many rerolls (red ★ at the table) this turn has seen."""
        return max(0, len(self.throws) - 1)


def check_config(config: dict[str, Any]) -> tuple[list[str | None], str]:
    """The player names (None: unnamed, shown as "Player n" in the page's language) and the
    seed of a config, or DiceRollerError for a bad one."""
    names = config.get("players")
    if not isinstance(names, list) or not 1 <= len(names) <= MAX_PLAYERS:
        raise DiceRollerError("players", "a dice table has 1 to 4 players", max=MAX_PLAYERS)
    for name in names:
        if name is not None and (
            not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME
        ):
            raise DiceRollerError("name", "a player's name is 1 to 40 characters long",
                                 max=MAX_NAME)
    seed = config.get("seed")
    if not isinstance(seed, str) or not seed.strip() or len(seed) > MAX_SEED:
        raise DiceRollerError("seed", "the seed is a text of 1 to 40 characters", max=MAX_SEED)
    return [None if n is None else n.strip() for n in names], seed


class DiceRoller:
    """The state of a dice-only table: the turns so far and the log that made them."""

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.names, self.seed = check_config(config)
        self.log: list[str] = []
        self.turns: list[Turn] = [Turn(1, 0)]

    # ------------------------------------------------------------------ reading
    @property
    def seq(self) -> int:
        """Actions applied so far."""
        return len(self.log)

    @property
    def turn(self) -> Turn:
        """The turn being played."""
        return self.turns[-1]

    @property
    def active(self) -> int:
        """Whose turn it is (0-based)."""
        return self.turn.player

    @property
    def phase(self) -> str:
        """"roll" before this turn's roll, then "reroll" (reroll some dice, or pass on)."""
        return "reroll" if self.turn.throws else "roll"

    @property
    def dice(self) -> tuple[str, ...] | None:
        """The five faces showing, or None before this turn's roll."""
        return self.turn.faces

    def is_over(self) -> bool:
        """A dice table never ends by itself; the pads say who won."""
        return False

    def clone(self) -> DiceRoller:
        """An independent copy."""
        new = DiceRoller.__new__(DiceRoller)
        new.config = self.config
        new.names, new.seed = list(self.names), self.seed
        new.log = list(self.log)
        new.turns = [Turn(t.number, t.player, list(t.throws)) for t in self.turns]
        return new

    # ------------------------------------------------------------------ acting
    def apply(self, text: str) -> list[Event]:
        """Apply one line: `roll`, `reroll 1,3` (dice 1 to 5) or `next`."""
        if len(str(text)) > MAX_ACTION_LINE:  # capped before it is read at all
            raise DiceRollerError("unknown", "that is not something the dice table does",
                                 text=str(text)[:40])
        line = " ".join(str(text).lower().split())
        if line == "roll":
            events, logged = self._roll(), "roll"
        elif line == "next":
            events, logged = self._next(), "next"
        elif line == "reroll" or _REROLL_RE.match(line):
            dice = _parse_dice(line[len("reroll"):])
            events = self._reroll(dice)
            logged = "reroll " + ",".join(str(d + 1) for d in dice)
        else:
            raise DiceRollerError(
                "unknown", f"'{text}' is not something the dice table does: "
                "roll, reroll (with the dice to reroll) or next", text=str(text)[:40])
        self.log.append(logged)
        return events

    def name(self, player: int) -> str:
        """A player's name, "Player n" for an unnamed one (English: pages translate it)."""
        return self.names[player] or f"Player {player + 1}"

    def _name(self) -> str:
        return self.name(self.active)

    def _roll(self) -> list[Event]:
        if self.turn.throws:
            raise DiceRollerError(
                "rolled", f"the dice are already rolled for {self._name()}: reroll some of "
                "them or pass to the next player", player=self._name())
        faces = seeded_roll(self.seed, self.turn.number, 0)
        self.turn.throws.append(Throw(faces, tuple(range(DICE))))
        return [Event("rolled", f"{self._name()} rolls {faces_text(faces)}", self.active,
                      {"dice": faces_text(faces)})]

    def _reroll(self, dice: tuple[int, ...]) -> list[Event]:
        if not self.turn.throws:
            raise DiceRollerError(
                "reroll_first", f"roll the dice first: {self._name()} has not rolled yet",
                player=self._name())
        fresh = seeded_roll(self.seed, self.turn.number, self.turn.rerolls + 1)
        faces = list(self.turn.faces or ())
        for d in dice:
            faces[d] = fresh[d]  # a die takes the face at its own position (as the engine does)
        self.turn.throws.append(Throw(tuple(faces), dice))
        return [Event("rerolled", f"{self._name()} rerolls to {faces_text(faces)}", self.active,
                      {"dice": faces_text(faces), "rerolled": [d + 1 for d in dice]})]

    def _next(self) -> list[Event]:
        if not self.turn.throws:
            raise DiceRollerError(
                "next_first", f"roll the dice first: every turn starts with a roll "
                f"({self._name()} has not rolled yet)", player=self._name())
        player = (self.active + 1) % len(self.names)
        self.turns.append(Turn(self.turn.number + 1, player))
        return [Event("turn", f"{self.name(player)}'s turn", player)]


def _parse_dice(text: str) -> tuple[int, ...]:
    """' 1, 3' -> (0, 2): the dice to reroll, numbered 1 to 5 on the screen."""
    parts = [p for p in re.split(r"[,\s]+", text.strip()) if p]
    if not parts:
        raise DiceRollerError("no_dice", "choose the dice to reroll: one or more of 1 to 5")
    dice: list[int] = []
    for p in parts:
        if len(p) != 1 or p not in "12345"[:DICE]:  # one ASCII digit ("²" passes isdigit)
            raise DiceRollerError("bad_die", f"there is no die {p[:10]}: the dice are 1 to 5",
                                 die=p[:10])
        if int(p) - 1 in dice:
            raise DiceRollerError("twice", f"die {p} is named twice", die=p)
        dice.append(int(p) - 1)
    return tuple(sorted(dice))
