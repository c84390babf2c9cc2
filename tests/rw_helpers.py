"""Helpers to set up Roll & Write positions for rule tests."""

from facade.grid import parse_cell
from rollwrite import new_game
from rollwrite.state import GameState


def cells(*names: str) -> int:
    return sum(1 << parse_cell(n) for n in names)


def rows(*row_numbers: int, but: tuple[str, ...] = ()) -> int:
    """Every cell of the given rows except the listed ones."""
    mask = 0
    for r in row_numbers:
        mask |= 0b11111 << (5 * (r - 1))
    return mask & ~cells(*but) if but else mask


def manual(players: int = 3, **options: object) -> GameState:
    """A game with typed-in dice (companion mode)."""
    return new_game(players, 7, {"dice": "manual", **options})


def at_choose(state: GameState, faces: str) -> GameState:
    """Roll the given faces for the active player."""
    state.apply(f"p{state.active + 1} roll {faces}")
    return state


def unlock(state: GameState, player: int, colour: str, boxes: int) -> None:
    """Mark boxes on a track as if passive players had, usable this turn."""
    sheet = state.sheets[player]
    sheet.marks[colour] = boxes
    sheet.usable[colour] = boxes


def played_turn(players: int = 3, faces: str = "RRBWY") -> GameState:
    """p1 rolled `faces`, drew R2 with dice 1 and 2 (X on a1) and ended: the passive phase,
    with dice 3, 4 and 5 unused."""
    s = at_choose(manual(players), faces)
    s.apply("p1 choose R2 with 1,2")
    s.apply("p1 draw R2:A1,a2")
    s.apply("p1 end")
    return s
