"""`copenhagen solitaire --seed X`: the solitaire challenge (RULES 4) played by a bot. The web
app's challenge of a seed rolls dice derived from the seed and its installation's key
(webapp/solo/dice.py), which only its database holds: without `--database-url` the command
plays practice dice (those of the seed alone, as the web app rolled before the key) and says
so; with it, the installation's own dice."""

from __future__ import annotations

import json
import sys

from bots.solitaire import play
from webapp.platform.db import make_engine
from webapp.platform.player_store import Boards
from webapp.solo.dice import dice_seed

PRACTICE = ("practice dice: without the installation's key (--database-url) these are not "
            "the dice of the web app's challenge of this seed")


def run(seed: str, bot: str, as_json: bool, database_url: str | None) -> int:
    """Play and print the result; exit 1 when the database has no dice key."""
    dice = seed
    if database_url:
        engine = make_engine(database_url)
        try:
            key = Boards(engine).read_dice_key()
        finally:
            engine.dispose()
        if key is None:
            print("copenhagen solitaire: this database has no dice key yet: run "
                  "`copenhagen migrate` first", file=sys.stderr)
            return 1
        dice = dice_seed(key, seed)
    result = play(dice, bot)
    result["seed"] = seed  # never the installation's dice seed
    result["dice"] = "installation" if database_url else "practice"
    if not database_url:
        print(PRACTICE, file=sys.stderr)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        where = "the installation's dice" if database_url else "practice dice"
        print(f"seed {seed} ({where}), bot {result['bot']}: {result['turns']} turns to 12")
        print("\n".join(result["sheet"]))
        print("placements: " + " ".join(result["placements"]))
    return 0
