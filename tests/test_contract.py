"""The engine contract (facade/contract.py): both editions' states satisfy EngineState, checked
by mypy on tests/contract_check.py (a state that drops a method or changes a signature fails
it), and at run time by isinstance."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from boardgame.game import new_game as card_game
from facade.contract import EngineState, StoredState
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
