"""Pieces of the JSON player view both editions share: a building, its summary, the players."""

from __future__ import annotations

from typing import Any, Protocol

from facade.grid import COLS, ROWS, bits, cell_name, empty_cells, index
from facade.scoring import complete_lines

SCHEMA = 1


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


def building_view(filled: int, bricks: int, arms: list[dict[str, Any]]) -> dict[str, Any]:
    """One building: rows (top first), cells by name and the coats of arms with their state."""
    return {
        "rows": building_rows(filled, bricks),
        "cells": building_cells(filled, bricks),
        "arms": arms,
    }


def building_summary(filled: int, bricks: int) -> dict[str, int]:
    """Rows and columns completed, how many of them hold windows only, empty cells."""
    lines = complete_lines(filled)
    return {
        "rows_completed": sum(1 for ln in lines if ln.kind == "row"),
        "columns_completed": sum(1 for ln in lines if ln.kind == "column"),
        "windows_only_lines": sum(1 for ln in lines if not ln.mask & bricks),
        "empty_cells": empty_cells(filled),
    }


def players_view(names: list[str], scores: list[int], empties: list[int]) -> list[dict[str, Any]]:
    """[{seat, name, score, empty_cells}] in seat order."""
    return [
        {"seat": i, "name": n, "score": s, "empty_cells": e}
        for i, (n, s, e) in enumerate(zip(names, scores, empties))
    ]


class Viewed(Protocol):
    """What the head of a view reads of either edition's state."""

    seq: int
    active: int
    over: bool
    turn: int
    end_reason: Any
    phase: Any

    def to_act(self) -> list[int]: ...
    def scores(self) -> list[int]: ...
    def winners(self) -> list[int]: ...


def view_head(
    state: Viewed, edition: str, viewer: int | None, names: list[str], empties: list[int],
    target: int,
) -> dict[str, Any]:
    """The keys every view of schema 1 opens with, alike in both editions: who plays, whose
    move, the phase, the end and the race target."""
    over = state.over
    return {
        "schema": SCHEMA,
        "edition": edition,
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
