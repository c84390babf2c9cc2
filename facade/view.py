"""Pieces of the JSON player view both editions share: a building, its summary, the players,
and their types (`TypedDict`s: plain dicts at run time, checked by mypy, and against real
views by tests/test_view_types.py). Each edition's view module extends them (rollwrite.view,
boardgame.view); the engine contract promises `ViewHead`, the part both editions open with."""

from __future__ import annotations

from typing import Protocol, TypedDict

from facade.grid import COLS, ROWS, bits, cell_name, empty_cells, index
from facade.scoring import complete_lines

SCHEMA = 1


class PlayerEntry(TypedDict):
    """One seat in the view's `players`."""

    seat: int
    name: str
    score: int
    empty_cells: int


class Summary(TypedDict):
    """One building's lines completed and cells left (`summary`, one per seat)."""

    rows_completed: int
    columns_completed: int
    windows_only_lines: int
    empty_cells: int


class BuildingGrid(TypedDict):
    """A building's marks: `rows` (top row first; "" empty, "X" brick, "O" window) and the
    filled `cells` by name; each edition's building adds its coats of arms."""

    rows: list[list[str]]
    cells: dict[str, str]


class Head(TypedDict):
    """The keys `view_head` gives: who plays, whose move, the phase, the end, the target."""

    seq: int
    viewer: int | None
    players: list[PlayerEntry]
    active: int
    phase: str
    to_act: list[int]
    over: bool
    end_reason: str | None
    winners: list[int]
    target: int
    turn: int


class ViewHead(Head):
    """What every player view of schema 1 holds, in both editions: what the engine contract
    (facade.contract) promises of `player_view`. Each edition's view adds its `edition`
    (a literal, so a union of the two views narrows on it) and its own keys."""

    schema: int


def building_rows(filled: int, bricks: int) -> list[list[str]]:
    """9 rows of 5 marks, the TOP row (row 9) first: "" empty, "X" brick, "O" window."""
    out = []
    for row in reversed(range(ROWS)):
        line = []
        for col in range(COLS):
            bit = 1 << index(col, row)
            line.append("X" if bricks & bit else "O" if filled & bit else "")
        out.append(line)
    return out


def building_cells(filled: int, bricks: int) -> dict[str, str]:
    """Filled cells by name: {"a1": "X", "b1": "O", ...}."""
    return {cell_name(i): "X" if bricks >> i & 1 else "O" for i in bits(filled)}


def building_grid(filled: int, bricks: int) -> BuildingGrid:
    """One building's rows (top first) and cells by name; the edition adds its `arms`."""
    return {
        "rows": building_rows(filled, bricks),
        "cells": building_cells(filled, bricks),
    }


def building_summary(filled: int, bricks: int) -> Summary:
    """Rows and columns completed, how many of them hold windows only, empty cells."""
    lines = complete_lines(filled)
    return {
        "rows_completed": sum(1 for ln in lines if ln.kind == "row"),
        "columns_completed": sum(1 for ln in lines if ln.kind == "column"),
        "windows_only_lines": sum(1 for ln in lines if not ln.mask & bricks),
        "empty_cells": empty_cells(filled),
    }


def players_view(names: list[str], scores: list[int], empties: list[int]) -> list[PlayerEntry]:
    """[{seat, name, score, empty_cells}] in seat order."""
    return [
        {"seat": i, "name": n, "score": s, "empty_cells": e}
        for i, (n, s, e) in enumerate(zip(names, scores, empties))
    ]


class Viewed(Protocol):
    """What the head of a view reads of either edition's state."""

    @property
    def seq(self) -> int: ...
    @property
    def phase(self) -> object: ...
    @property
    def end_reason(self) -> object: ...

    active: int
    over: bool
    turn: int

    def to_act(self) -> list[int]: ...
    def scores(self) -> list[int]: ...
    def winners(self) -> list[int]: ...


def view_head(
    state: Viewed, viewer: int | None, names: list[str], empties: list[int], target: int,
) -> Head:
    """The keys every view of schema 1 holds after its `schema` and `edition`, alike in both
    editions: who plays, whose move, the phase, the end and the race target."""
    over = state.over
    return {
        "seq": state.seq,
        "viewer": viewer,
        "players": players_view(names, state.scores(), empties),
        "active": state.active,
        "phase": str(state.phase),
        "to_act": state.to_act(),
        "over": over,
        "end_reason": str(state.end_reason) if state.end_reason else None,
        "winners": state.winners() if over else [],
        "target": target,
        "turn": state.turn + 1,
    }
