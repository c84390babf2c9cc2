"""`copenhagen replay FILE|-` in a subprocess: a good game text replays to the engine's own
final scores, a bad line exits 2 naming the line and the engine's reason; the reading of the
text itself (facade.gametext) refuses malformed headers with their line."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from facade.gametext import GameTextError, read_text, write_text
from rollwrite.state import GameState

ROOT = Path(__file__).resolve().parent.parent


def played(players: list[str], seed: str, steps: int | None = None) -> GameState:
    """A Roll & Write game played by random legal moves (no undo), to its end or `steps`."""
    state = GameState({"players": players, "seed": seed, "options": {}})
    rng = random.Random(seed)
    while not state.is_over() and (steps is None or state.seq < steps):
        if state.is_chance():
            state.apply(state.chance_action())
            continue
        seat = state.to_act()[0]
        state.apply(rng.choice([a for a in state.legal_actions(seat)
                                if not str(a).endswith("undo")]))
    return state


def text_of(state: GameState, seed: bool = True) -> str:
    return write_text("rollwrite", state.config["players"], state.config["options"],
                      state.config["seed"] if seed else None, state.log, "a test game")


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "commandline.main", "replay", *args], cwd=ROOT, input=stdin,
        capture_output=True, text=True, timeout=120,
    )


@pytest.fixture(scope="module")
def game() -> GameState:
    return played(["Ann", "Bo", "Cy"], "cli-replay")


def test_a_good_file_prints_every_step_and_the_final_scores(game, tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(text_of(game), encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "rollwrite: Ann, Bo, Cy"
    steps = [ln for ln in lines if ln.split(".", 1)[0].strip().isdigit()]
    assert [s.split(". ", 1)[1].split("  — ")[0] for s in steps] == game.log
    scores = game.scores()
    assert f"final scores: Ann {scores[0]}, Bo {scores[1]}, Cy {scores[2]}" in lines
    won = [game.config["players"][w] for w in game.winners()]
    assert lines[-1].endswith(", ".join(won))


def test_the_text_can_come_from_standard_input(game):
    done = cli("-", stdin=text_of(game))
    assert done.returncode == 0 and "final scores:" in done.stdout


def test_a_bad_line_exits_2_naming_the_line_and_the_engines_reason(game, tmp_path):
    lines = text_of(game).splitlines()
    n = next(i for i, ln in enumerate(lines) if " draw " in ln)
    lines[n] = lines[n].split()[0] + " draw Q9:A1"
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith(f"copenhagen replay: line {n + 1} ({lines[n]}): ")
    assert "Q9" in done.stderr.split("): ", 1)[1]  # the engine's reason follows


def test_a_bad_header_and_a_missing_file_exit_2(tmp_path):
    path = tmp_path / "nope.txt"
    path.write_text("players: 2\n", encoding="utf-8")
    done = cli(str(path))
    assert done.returncode == 2 and "line 1: this is not a Copenhagen game text" in done.stderr
    done = cli(str(tmp_path / "missing.txt"))
    assert done.returncode == 2 and "cannot read" in done.stderr


def test_without_a_seed_the_rolls_are_taken_as_written(tmp_path):
    state = played(["Ann", "Bo"], "hidden", steps=40)
    done = cli("-", stdin=text_of(state, seed=False))
    assert done.returncode == 0, done.stderr
    assert "no seed given: the rolls are taken as written" in done.stdout
    assert "scores so far: " in done.stdout


def test_a_card_game_replays_through_its_own_engine(tmp_path):
    from boardgame.state import GameState as CardGame

    state = CardGame({"players": ["Ann", "Bo"], "seed": 3, "options": {}})
    rng = random.Random(3)
    while not state.is_over() and state.seq < 60:
        seat = state.to_act()[0]
        state.apply(rng.choice(state.legal_actions(seat)))
    text = write_text("boardgame", ["Ann", "Bo"], {}, 3, state.log)
    done = cli("-", stdin=text)
    assert done.returncode == 0, done.stderr
    scores = state.scores()
    assert f"Ann {scores[0]}, Bo {scores[1]}" in done.stdout


# ------------------------------------------------------------------------- reading the text
@pytest.mark.parametrize("text, line, why", [
    ("", None, "the text is empty"),
    ("edition: rollwrite\n", 1, "not a Copenhagen game text"),
    ("copenhagen-game: 2\nedition: rollwrite\nplayers: 2\n", 1, "version 2"),
    ("copenhagen-game: 1\nplayers: 2\n", None, "no 'edition:' line"),
    ("copenhagen-game: 1\nedition: rollwrite\nplayers: 2\nplayers: 3\n", 4, "given twice"),
    ("copenhagen-game: 1\nedition: rollwrite\nplayers: [1, 2]\n", 3, "list of names"),
    ("copenhagen-game: 1\nedition: rollwrite\nplayers: 99\n", 3, "1 to 8"),
    ("copenhagen-game: 1\nedition: rollwrite\nplayers: 2\noptions: [1]\n", 4, "JSON object"),
    ("copenhagen-game: 1\nedition: Roll Write\nplayers: 2\n", 2, "a word"),
    ("copenhagen-game: 1\nedition: rollwrite\nplayers: 2\nseed: true\n", 4, "whole number"),
])
def test_malformed_headers_are_refused_with_their_line(text, line, why):
    with pytest.raises(GameTextError) as caught:
        read_text(text)
    assert caught.value.line == line and why in str(caught.value)


def test_a_hand_written_header_reads_bare_words_and_counts():
    parsed = read_text("# hi\n\ncopenhagen-game: 1\nedition: rollwrite\nplayers: 2\n"
                       "seed: 2026-11-24\np1 setup G\n  # a note\np2 setup none\n")
    assert parsed.config == {"players": ["Player 1", "Player 2"], "options": {},
                             "seed": "2026-11-24"}
    assert parsed.actions == [(7, "p1 setup G"), (9, "p2 setup none")] and parsed.seeded
