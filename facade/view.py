"""Pieces of the JSON player view both editions share: a building, its summary, the players."""

from __future__ import annotations

from typing import Any

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
