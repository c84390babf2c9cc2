"""Where a solitaire challenge's dice come from (issue 42): its public seed (the date, the
week, a friends' challenge) and a secret of the installation, the `dice_key` kept in the
database (table `installation`, made by `copenhagen migrate` or by the first start of a
database without one). The game's dice seed is HMAC-SHA256 of the public seed under that
key: every server and worker of the installation derives the same dice, nobody can compute
them offline from the engine and the date. The dice seed is kept in the game's config on the
server and never shown (the game's text leaves it out even once the game is over: the other
players of the challenge roll the same dice).

Games from before the key (`"dice": "open"` in their challenge settings, marked by
migration 0007) keep the dice of their public seed, which is their stored seed."""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from flask import Flask, current_app

from webapp.platform.player_store import Boards

EXTENSION = "dice_key"  # the app.extensions entry holding the key
KEYED = "keyed"  # a challenge's dice from its seed and the installation's key
OPEN = "open"  # from its public seed alone: the challenges stored before the key


def install(app: Flask, boards: Boards) -> None:
    """Read the installation's key once, as the app starts (made now if it has none)."""
    app.extensions[EXTENSION] = boards.dice_key()


def dice_seed(key: str, seed: str) -> str:
    """The dice seed of the challenge `seed` under `key`: 64 hex digits."""
    return hmac.new(key.encode(), f"copenhagen challenge|{seed}".encode(),
                    hashlib.sha256).hexdigest()


def app_dice_seed(seed: str) -> str:
    """The dice seed of the challenge `seed` on this installation."""
    return dice_seed(str(current_app.extensions[EXTENSION]), seed)


def source(challenge: dict[str, Any] | None) -> str:
    """Where a stored challenge's dice came from: keyed, or open for the games stored before
    the key (marked by migration 0007; unmarked ones are from before it too)."""
    found = (challenge or {}).get("dice")
    return KEYED if found == KEYED else OPEN


def address_mark(address: str) -> str:
    """What an entry keeps of the address it was started from: a keyed hash (32 hex digits),
    equal for equal addresses on this installation, never the address itself."""
    return hmac.new(str(current_app.extensions[EXTENSION]).encode(),
                    f"copenhagen address|{address}".encode(), hashlib.sha256).hexdigest()[:32]
