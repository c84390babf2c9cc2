"""One player's sheet: the building, the five ability tracks, used bonuses and stars, score."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from facade.building import Building
from facade.events import Event
from facade.placement_index import LegalSet
from facade.scoring import Line
from rollwrite.material import (
    BONUS_PREFIX,
    COLOURS,
    STAR_PREFIX,
    STARTING_RED_STARS,
    TRACK_COMPLETE_POINTS,
    TRACK_LENGTH,
    TRACKS,
)
from rollwrite.messages import ABILITY_CODES, event
from rollwrite.shape_index import placement_index


def _zeros() -> dict[str, int]:
    return dict.fromkeys(COLOURS, 0)


@dataclass(slots=True)
class Sheet:
    """A player sheet (RULES 3.2). `usable[c]` is how many boxes of track c count as unlocked
    this turn: the marks made before the owner's turn began (RULES 3.4.3, 5.2)."""

    name: str
    building: Building = field(default_factory=Building)
    marks: dict[str, int] = field(default_factory=_zeros)
    usable: dict[str, int] = field(default_factory=_zeros)
    bonuses_used: dict[str, int] = field(default_factory=_zeros)
    stars_used: dict[str, int] = field(default_factory=_zeros)
    arms_used: list[str] = field(default_factory=list)  # coat-of-arms lines crossed: '2', 'b'
    score: int = 0
    # the legal placements of the building as last asked for: (mirror, LegalSet); not part
    # of the sheet's value (a cache that follows `building.filled`, see `legal_set`)
    fit: tuple[bool, LegalSet] | None = field(default=None, compare=False, repr=False)

    # --- where tiles fit --------------------------------------------------------------
    def legal_set(self, mirror: bool) -> LegalSet:
        """The legal placements of the facade-sheet shapes on this building now (a
        `LegalSet` over `placement_index(mirror)`), kept up to date incrementally: each
        answer grows the previous one by the cells drawn since."""
        fit = self.fit
        filled = self.building.filled
        if fit is not None and fit[0] == mirror:
            known = fit[1]
            if known[0] == filled:
                return known
            legal = placement_index(mirror).legal_set(filled, known)
        else:
            legal = placement_index(mirror).legal_set(filled)
        self.fit = (mirror, legal)
        return legal

    # --- what is unlocked -------------------------------------------------------------
    def bonuses_left(self, colour: str) -> int:
        """Unlocked, unused `+` of a track."""
        return BONUS_PREFIX[colour][self.usable[colour]] - self.bonuses_used[colour]

    def stars_left(self, colour: str) -> int:
        """Unlocked, unused `★` of a track (red counts the two printed starting stars)."""
        n = STAR_PREFIX[colour][self.usable[colour]]
        if colour == "red":
            n += STARTING_RED_STARS
        return n - self.stars_used[colour]

    def start_turn(self) -> None:
        """Marks made so far become usable (RULES 3.4.3: from your next turn on)."""
        self.usable = dict(self.marks)

    # --- marking tracks ---------------------------------------------------------------
    def room(self, colour: str) -> int:
        """Empty boxes left on a track."""
        return TRACK_LENGTH - self.marks[colour]

    def fill(self, mask: int, brick: int) -> list[tuple[Line, int]]:
        """Draw checked cells (`brick` the X among them, 0 for none) and add the points of
        the rows and columns they complete (RULES 1): those lines with their points."""
        scored = self.building.fill(mask, brick)
        for _, points in scored:
            self.score += points
        return scored

    def mark(self, colour: str, boxes: int, player: int) -> list[Event]:
        """Mark the next `boxes` boxes of a track (as many as fit); completion scores 2."""
        events = []
        n = min(boxes, self.room(colour))
        track = TRACKS[colour]
        for _ in range(n):
            box = self.marks[colour]
            self.marks[colour] += 1
            symbol = track.symbols[box]
            if symbol == "*":
                events.append(event("track_marked", player, name=self.name, track=colour,
                                    box=box + 1, form="star", ability=ABILITY_CODES[colour]))
            else:
                events.append(event("track_marked", player, name=self.name, track=colour,
                                    box=box + 1, form="bonus" if symbol == "+" else None))
        if n and self.marks[colour] == TRACK_LENGTH:
            self.score += TRACK_COMPLETE_POINTS
            events.append(event("track_completed", player, name=self.name, track=colour,
                                points=TRACK_COMPLETE_POINTS))
        return events

    def recount(self) -> int:
        """Score recounted from the building and the tracks."""
        tracks = sum(TRACK_COMPLETE_POINTS for c in COLOURS if self.marks[c] == TRACK_LENGTH)
        return self.building.points() + tracks

    # --- serialisation ----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form."""
        return {
            "name": self.name,
            "filled": self.building.filled,
            "bricks": self.building.bricks,
            "marks": dict(self.marks),
            "usable": dict(self.usable),
            "bonuses_used": dict(self.bonuses_used),
            "stars_used": dict(self.stars_used),
            "arms_used": list(self.arms_used),
            "score": self.score,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Sheet:
        """Inverse of `to_dict`."""
        return cls(
            name=d["name"],
            building=Building(d["filled"], d["bricks"]),
            marks=dict(d["marks"]),
            usable=dict(d["usable"]),
            bonuses_used=dict(d["bonuses_used"]),
            stars_used=dict(d["stars_used"]),
            arms_used=list(d["arms_used"]),
            score=d["score"],
        )

    def copy(self) -> Sheet:
        """An independent copy."""
        return Sheet(
            self.name,
            Building(self.building.filled, self.building.bricks),
            self.marks.copy(),
            self.usable.copy(),
            self.bonuses_used.copy(),
            self.stars_used.copy(),
            self.arms_used[:],
            self.score,
            self.fit,  # immutable, and right for the copy's building too
        )
