"""The engine contract (facade/contract.py): both editions' states satisfy EngineState, checked
by mypy on tests/contract_check.py (a state that drops a method or changes a signature fails
it), and at run time by isinstance."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from boardgame.game import new_game as card_game
from facade.contract import EngineState, StoredState
from facade.errors import IllegalAction
from rollwrite.game import new_game as dice_game
from webapp.games.dice_roller import DiceRoller

ROOT = Path(__file__).resolve().parent.parent


def _mypy(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--ignore-missing-imports",
         "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache"), *map(str, paths)],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )


def test_both_editions_satisfy_the_engine_contract_by_type():
    result = _mypy(ROOT / "tests" / "contract_check.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_web_apps_play_pipeline_type_checks_against_the_contract():
    """Issue 20: the one play pipeline and the bots at a web table are written against
    EngineState (facade/contract.py), not against one edition, and the type checker agrees."""
    result = _mypy(ROOT / "webapp" / "games" / "play.py", ROOT / "webapp" / "games" / "botplay.py")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_view_modules_build_exactly_their_typed_views():
    """Issue 31: each edition's player view is built as its TypedDict (rollwrite.view.DiceView,
    boardgame.view.CardView): a key the type does not name, or a value of another type, fails
    the type check where the view is built (tests/test_view_types.py checks real views)."""
    result = _mypy(*(ROOT / m / "view.py" for m in ("facade", "rollwrite", "boardgame")))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_type_check_fails_a_state_that_breaks_the_contract(tmp_path):
    broken = tmp_path / "broken_check.py"
    broken.write_text(
        "from typing import Any\n"
        "from facade.contract import EngineState\n"
        "class Half:\n"
        "    config: dict[str, Any] = {}\n"
        "    seq = 0\n"
        "    def is_over(self) -> bool:\n"
        "        return False\n"
        "def half(state: Half) -> EngineState:\n"
        "    return state\n"
    )
    result = _mypy(broken)
    assert result.returncode != 0 and "EngineState" in result.stdout


def test_both_editions_satisfy_the_engine_contract_at_run_time():
    assert isinstance(dice_game(2, 1), EngineState)
    assert isinstance(card_game(2, 1), EngineState)
    assert isinstance(DiceRoller({"players": ["A"], "seed": "s"}), StoredState)
    assert not isinstance(DiceRoller({"players": ["A"], "seed": "s"}), EngineState)


# ---------------------------------------------------------------- issue 38: a complete contract
# The objects webapp and bots may still ask getattr/hasattr about: none of them is a game state
# (a state's members are typed in facade/contract.py, and read as such).
NOT_STATES = {
    ("webapp/platform/errors.py", "g"),  # Flask's request globals
    ("webapp/platform/i18n.py", "g.get('_flask_babel')"),
    ("webapp/asgi.py", "result"),  # a WSGI app's answer
    ("webapp/words/refusals.py", "err"),  # an engine's refusal
    ("webapp/printing/routes.py", "self"),  # the print form
    ("webapp/platform/deps.py", "self"),  # the app's services
    ("webapp/blueprints.py", "module"),  # a feature's module
}


def attribute_probes(folder: str) -> list[tuple[str, str]]:
    """(file, object) of every getattr/hasattr call in the Python files under `folder`."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args):
                rel = path.relative_to(ROOT).as_posix()
                found.append((rel, ast.unparse(node.args[0])))
    return found


def test_no_getattr_or_hasattr_on_a_state_in_the_web_app_or_the_bots():
    """What a page or a bot reads of a state is in the contract: a getattr with a default
    would hide a member that one edition lacks. Only objects named in NOT_STATES may be
    probed."""
    probes = attribute_probes("webapp") + attribute_probes("bots")
    assert probes, "the scan found no getattr at all: is it still reading the files?"
    assert [probe for probe in probes if probe not in NOT_STATES] == []


def test_the_scan_sees_a_getattr_on_a_state(tmp_path: Path):
    sample = "def f(state):\n    return getattr(state, 'active', None), hasattr(st, 'x')\n"
    tree = ast.parse(sample)
    calls = [ast.unparse(n.args[0]) for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id in ("getattr", "hasattr")]
    assert calls == ["state", "st"]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_roll_and_write_states_answer_active_phase_and_the_roll_due(players: int):
    state = dice_game(players, 7)
    assert isinstance(state.active, int) and 0 <= state.active < players
    assert isinstance(state.phase, str) and state.phase in ("setup", "roll")
    if not state.is_chance():  # two players choose their starting tracks first
        with pytest.raises(IllegalAction) as refused:
            state.chance_action()
        assert refused.value.code == "no_roll_due"
        for seat in range(players):
            state.apply(f"p{seat + 1} setup none")
    assert state.is_chance() and state.phase == "roll"
    roll = state.chance_action()
    assert roll.player == state.active
    state.apply(roll)
    assert state.phase != "roll" and not state.is_chance()


def test_card_states_answer_active_and_phase_and_never_have_a_chance_action():
    state = card_game(3, 7)
    assert state.active == 0 and state.phase == "act" and not state.is_chance()
    with pytest.raises(IllegalAction) as refused:
        state.chance_action()
    assert refused.value.code == "no_roll_due"
    while state.active == 0:  # the first turn: a take, perhaps a discard or a build
        state.apply(state.legal_actions(0)[0])
        assert isinstance(state.phase, str)
    assert state.active == 1 and state.phase == "act"
