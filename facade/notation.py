"""The placement notation of RULES 1: `R3:A1,a2,b2`, the brick cell upper-cased."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from facade.errors import NotationError
from facade.grid import bits, cell_name, parse_cell
from facade.limits import MAX_ACTION_LINE
from facade.shapes import Shape, image_index

_DIGITS = "0123456789"


@dataclass(frozen=True)
class Drawn:
    """A tile id with the cells it covers and the brick cell among them (0 if none)."""

    tile: str
    mask: int
    brick: int = 0

    def __str__(self) -> str:
        return format_placement(self.tile, self.mask, self.brick)


def check_action_length(text: str) -> None:
    """NotationError (`too_long`) for a line longer than any action can be: refused before any
    parsing, so no pattern ever runs over a long input and no cache ever keeps one."""
    if len(text) > MAX_ACTION_LINE:
        raise NotationError(
            f"an action is at most {MAX_ACTION_LINE} characters long; this one has {len(text)}",
            "too_long", max=MAX_ACTION_LINE,
        )


def split_action(text: str, example: str) -> tuple[int, str, str]:
    """`p1 take 3,4` -> (0, 'take', '3,4'): the seat, the verb (lower-case) and the rest.

    Length-capped before anything else and split with `str.split`, which is linear: no
    regular expression meets the raw line. `example` is the edition's own sample action for
    the message (`p1 end`)."""
    check_action_length(text)
    words = text.strip().split(maxsplit=2)
    head = words[0] if words else ""
    if len(words) < 2 or len(head) != 2 or head[0] not in "pP" or head[1] not in _DIGITS:
        raise NotationError(
            f"'{text.strip()}' is not an action: start with the player, like '{example}'",
            "not_an_action", example=example,
        )
    player = int(head[1]) - 1
    if player < 0:
        raise NotationError("players are numbered from p1", "player_number")
    return player, words[1].lower(), words[2] if len(words) > 2 else ""


@lru_cache(maxsize=65536)
def format_cells(mask: int, brick: int = 0) -> str:
    """`A1,a2,b2`: cells in grid order, the brick upper-cased."""
    return ",".join(
        cell_name(i).upper() if brick >> i & 1 else cell_name(i) for i in bits(mask)
    )


def format_placement(tile: str, mask: int, brick: int = 0) -> str:
    """`R3:A1,a2,b2`."""
    return f"{tile}:{format_cells(mask, brick)}"


def parse_cells(text: str) -> tuple[int, int]:
    """Cells `A1,a2,b2` -> (mask, brick mask). More than one upper-case cell is an error."""
    mask = brick = 0
    parts = [p for p in text.replace(" ", "").split(",")]
    if not parts or any(not p for p in parts):
        raise NotationError(f"'{text}' should list cells separated by commas, like A1,a2,b2",
                            "cell_list", text=text)
    for part in parts:
        idx = parse_cell(part)
        if mask >> idx & 1:
            raise NotationError(f"cell {cell_name(idx)} is listed twice", "cell_twice",
                                cell=cell_name(idx))
        mask |= 1 << idx
        if part.strip()[0].isupper():
            if brick:
                raise NotationError("only one cell can be the brick (upper-case): " + text,
                                    "two_bricks", text=text)
            brick = 1 << idx
    return mask, brick


def split_placement(text: str) -> tuple[str, str]:
    """`R3:A1,a2` -> ('R3', 'A1,a2'), with a clear error when the colon is missing."""
    if ":" not in text:
        raise NotationError(
            f"'{text.strip()}' is not a placement: write the tile, a colon and the cells, "
            "like R3:A1,a2,b2", "placement_syntax", text=text.strip(),
        )
    tile, cells = text.split(":", 1)
    return tile.strip(), cells.strip()


def parse_placement(
    text: str,
    tiles: Mapping[str, Shape],
    mirror: bool = False,
    fixed_brick: bool = False,
) -> Drawn:
    """Read `R3:A1,a2,b2` and check the cells are an allowed image of the tile's shape.

    `tiles` maps ids to shapes. With `mirror` off, a mirror image that is not also a
    rotation is refused. With `fixed_brick` the brick must sit where the tile prints it
    (card edition); otherwise any one cell, or none, may be the brick.
    """
    tile_text, cells_text = split_placement(text)
    tile = _find_tile(tile_text, tiles)
    shape = tiles[tile]
    mask, brick = parse_cells(cells_text)
    if mask.bit_count() != shape.size:
        raise NotationError(
            f"{tile} has {shape.size} cells but {mask.bit_count()} were given", "cell_count",
            tile=tile, size=shape.size, given=mask.bit_count(),
        )
    images = image_index(shape, mirror)
    if mask not in images:
        if not mirror and mask in image_index(shape, True):
            raise NotationError(
                f"{format_cells(mask)} is a mirror image of {tile}; "
                "tiles are only rotated at this table", "mirror_image", tile=tile,
                cells=format_cells(mask),
            )
        raise NotationError(f"{format_cells(mask)} is not the shape of {tile}", "not_shape",
                            tile=tile, cells=format_cells(mask))
    if fixed_brick and shape.brick is not None:
        allowed = images[mask]
        if brick not in allowed:
            where = " or ".join(format_cells(b).upper() for b in allowed)
            raise NotationError(f"in that position the brick of {tile} is on {where}",
                                "brick_position", tile=tile, where=where)
    return Drawn(tile, mask, brick)


def _find_tile(text: str, tiles: Mapping[str, Shape]) -> str:
    if text in tiles:
        return text
    for key in tiles:
        if key.lower() == text.lower():
            return key
    known = ", ".join(sorted(tiles))
    raise NotationError(f"there is no tile '{text}'; the tiles are {known}", "no_such_tile",
                        tile=text, known=known)
