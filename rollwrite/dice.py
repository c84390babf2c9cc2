"""Dice faces, their letters, and rolls derived from a seed, a turn and a reroll number."""

from __future__ import annotations

import hashlib
from functools import lru_cache

from facade.errors import NotationError
from rollwrite.material import COLOUR_OF_LETTER, DICE, FACES, LETTER


def faces_text(faces: tuple[str, ...] | list[str]) -> str:
    """('red', 'white') -> 'RW'."""
    return "".join(map(LETTER.__getitem__, faces))


def parse_faces(text: str, count: int | None = None) -> tuple[str, ...]:
    """'RRgbw' -> ('red', 'red', 'green', 'blue', 'white'); checks letters and how many."""
    t = text.replace(",", "").replace(" ", "").upper()
    bad = [ch for ch in t if ch not in COLOUR_OF_LETTER]
    if bad:
        raise NotationError(
            f"'{bad[0]}' is no die face: use R (red), B (blue), P (purple), G (green), "
            "Y (yellow) or W (white)", "bad_face", face=bad[0],
        )
    if count is not None and len(t) != count:
        raise NotationError(f"expected {count} dice faces, got {len(t)} ('{text}')", "roll_count",
                            count=count, given=len(t))
    return tuple(COLOUR_OF_LETTER[ch] for ch in t)


@lru_cache(maxsize=1024)
def seeded_roll(seed: int | str, turn: int, reroll: int) -> tuple[str, ...]:
    """The five faces of the dice for (seed, turn, reroll number): equal inputs, equal dice.

    Rerolled dice take the faces at their own positions, so a reroll's result depends only
    on which dice were rerolled, never on other choices (RULES 4, solitaire).
    """
    number = int.from_bytes(hashlib.sha256(f"{seed}|{turn}|{reroll}".encode()).digest())
    number %= ROLLS  # 256 bits: no visible bias; the faces are its lowest base-6 digits
    faces = _ROLLS.get(number)
    if faces is None:
        faces = _ROLLS[number] = _roll_of(number)
    return faces


def _roll_of(number: int) -> tuple[str, ...]:
    """The faces a number gives, die by die its base-6 digits from the lowest."""
    faces = []
    for _ in range(DICE):
        number, face = divmod(number, len(FACES))
        faces.append(FACES[face])
    return tuple(faces)


ROLLS = len(FACES) ** DICE  # how many rolls there are
_ROLLS: dict[int, tuple[str, ...]] = {}  # a number below ROLLS -> its roll, once made
