"""The solitaire challenge (RULES 4): same seed, same dice; turns to 12."""

import json

from bots.solitaire import play
from commandline.main import main
from rollwrite.dice import seeded_roll


def test_rolls_come_from_seed_turn_and_reroll_number():
    """RULES 4: a roll is derived from (seed, turn, reroll number)."""
    assert seeded_roll("2026-11-22", 3, 0) == seeded_roll("2026-11-22", 3, 0)
    rolls = {seeded_roll("2026-11-22", t, r) for t in range(6) for r in range(3)}
    assert len(rolls) > 10


def test_same_seed_same_bot_same_challenge():
    a, b = play("2026-11-22", "greedy"), play("2026-11-22", "greedy")
    assert a == b
    assert a["score"] >= 12 and a["turns"] == len([x for x in a["log"] if " end" in x])


def test_solitaire_command_prints_turns_and_sheet(capsys):
    assert main(["solitaire", "--seed", "2026-11-22", "--bot", "greedy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["turns"] >= 4 and len(data["sheet"]) == 10
    assert all(":" in p or p.startswith(("extra", "arms")) for p in data["placements"])
