"""Building on the card edition's screen: a tile turned and flipped, where its brick can go."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import url_for

from boardgame import actions as A  # noqa: N812
from boardgame.material import COLOURS, TILES
from boardgame.state import GameState as CardState
from facade.grid import bits, cell_name, coords
from facade.shapes import Shape
from webapp.platform.i18n import gettext as _
from webapp.words.colours import COLOUR_WORDS
from webapp.words.piece_words import card_words, join_words, tile_label

# Every way a tile can lie: (quarter turns clockwise, turned over), the printed side first.
TURNS: tuple[tuple[int, int], ...] = tuple((r, f) for f in (0, 1) for r in range(4))

Spot = tuple[int, int]  # a placement: (cells mask, brick bit)


def cards_words(counts: tuple[int, ...]) -> str:
    """(2, 0, 1, 0, 0) -> '2 red cards and 1 green card' (words, never the engine's letters:
    issue 37); a dash for none."""
    parts = [card_words(c, n) for c, n in zip(COLOURS, counts) if n]
    return join_words(parts) if parts else "—"


def image(tile: str, rot: int, flip: int) -> Shape:
    """The tile as it lies after being turned over (`flip`: left and right swapped) and then
    given `rot` quarter turns clockwise, moved to the corner."""
    shape = TILES[tile].mirrored() if flip % 2 else TILES[tile]
    for _turn in range(rot % 4):
        shape = shape.rotated()
    return shape


def image_of(mask: int, brick: int) -> Shape:
    """The shape a placement shows (its cells and brick moved to the corner): two placements
    of one tile lie the same way exactly when their images are equal."""
    cells = frozenset(coords(i) for i in bits(mask))
    return Shape(cells, coords(brick.bit_length() - 1) if brick else None).normalised()


def anchor(mask: int, brick: int) -> int:
    """The cell a player taps for a placement: its brick (its lowest cell if it has none).
    One way of lying and one anchor cell give exactly one placement."""
    return (brick or mask & -mask).bit_length() - 1


def turn_of(tile: str, mask: int, brick: int) -> tuple[int, int]:
    """The (quarter turns, flip) that make the tile lie as this placement does."""
    target = image_of(mask, brick)
    return next((t for t in TURNS if image(tile, *t) == target), (0, 0))


def spots_by_image(builds: list[A.Build]) -> dict[Shape, dict[int, Spot]]:
    """The placements of legal builds (one tile's) by the way the tile lies, then by the
    anchor cell to tap."""
    out: dict[Shape, dict[int, Spot]] = {}
    for a in builds:
        out.setdefault(image_of(a.mask, a.brick), {})[anchor(a.mask, a.brick)] = (a.mask, a.brick)
    return out


def shape_rows(shape: Shape) -> list[list[str]]:
    """Rows top to bottom of a tile's picture: "B" brick, "W" window, "" no square."""
    return [["" if ch == "." else ("B" if ch == "B" else "W") for ch in row]
            for row in shape.rows()]


def _start(tile: str, fits: set[Shape]) -> tuple[int, int]:
    """The printed way up when it fits anywhere, else the first way that does."""
    return next((t for t in TURNS if image(tile, *t) in fits), (0, 0))


def _rotate_to(tile: str, rot: int, flip: int, fits: set[Shape]) -> tuple[int, int] | None:
    """The next quarter turn (of this side) that looks different and fits somewhere."""
    now = image(tile, rot, flip)
    for k in range(1, 4):
        shape = image(tile, rot + k, flip)
        if shape != now and shape in fits:
            return (rot + k) % 4, flip
    return None


def _flip_to(tile: str, rot: int, flip: int, fits: set[Shape]) -> tuple[int, int] | None:
    """Turned over (the picture mirrored left to right); when it fits nowhere that way, the
    first turn of the other side that does; None when turning over gives no new way to lie
    (every image of the other side is a turn of this one)."""
    sides = [{image(tile, r, f) for r in range(4)} for f in (0, 1)]
    if sides[0] == sides[1]:
        return None
    mirror = (-rot) % 4, 1 - flip % 2
    for k in range(4):
        turn = (mirror[0] + k) % 4, mirror[1]
        if image(tile, *turn) in fits:
            return turn
    return mirror


def _pay_option(a: A.Build, colour: str, single: bool) -> dict[str, Any]:
    """One way to pay for the previewed placement: its button and what it uses."""
    paid = sum(a.pay)
    others = [c for c, n in zip(COLOURS, a.pay) if n and c != colour]
    steps = []
    if a.discount:
        steps.append(_("−1: Construction discount"))
    if a.change and others:
        steps.append(_("%(other)s counts as %(colour)s (Change of colours)",
                       other=COLOUR_WORDS[others[0]], colour=COLOUR_WORDS[colour]))
    pay = _("Pay %(cards)s", cards=cards_words(a.pay)) if paid else _("Build for free")
    label = _("Build here") if single else _("Build here: %(pay)s", pay=pay)
    return {"line": str(a), "label": label, "pay": pay, "steps": steps, "paid": paid}


def build_step(code: str, state: CardState, seat: int, tile: str, builds: list[A.Build],
               rot: int | None, flip: int | None, cell: int | None,
               link_to: Callable[..., str] | None = None) -> dict[str, Any]:
    """Everything the build step shows once a tile is chosen: the tile's picture as it lies
    now, Rotate and Flip, the cells where its brick can go, and (a cell tapped) the placement
    previewed with its cost explained and every way to pay for it."""
    mine = [a for a in builds if a.tile == tile]
    spots = spots_by_image(mine)
    fits = set(spots)
    if rot is None and flip is None:
        rot, flip = _start(tile, fits)
    rot, flip = (rot or 0) % 4, (flip or 0) % 2
    shape = image(tile, rot, flip)
    here = spots.get(shape, {})

    def link(turn: tuple[int, int] | None, at: int | None = None) -> str | None:
        if turn is None:
            return None
        cell: dict[str, Any] = {"cell": cell_name(at)} if at is not None else {}
        if link_to is not None:  # another page's own links (a review's puzzle)
            return link_to(tile=tile, rot=turn[0], flip=turn[1], **cell) + "#placer"
        return url_for("card.page", code=code, tile=tile, rot=turn[0], flip=turn[1],
                       **cell) + "#placer"

    colour = tile.split("-")[0]
    out: dict[str, Any] = {
        "tile": tile, "colour": colour, "label": tile_label(tile), "rows": shape_rows(shape),
        "rot": rot, "flip": flip, "fits": bool(here),
        "rotate": link(_rotate_to(tile, rot, flip, fits)),
        "flip_url": link(_flip_to(tile, rot, flip, fits)),
        "anchors": {i: link((rot, flip), i) for i in sorted(here)},
        "preview": None,
    }
    if cell is None or cell not in here:
        return out
    mask, brick = here[cell]
    reasons = next((pl.discounts for pl in state.placements(tile, seat)
                    if (pl.mask, pl.brick) == (mask, brick)), ())
    size = TILES[tile].size
    lines = [_("%(tile)s costs %(size)s cards", tile=tile_label(tile), size=size)]
    if "adjacent_same_colour" in reasons:
        lines.append(_("−1: next to a tile of the same colour"))
    ways = [a for a in mine if (a.mask, a.brick) == (mask, brick)]
    options = sorted((_pay_option(a, colour, len(ways) == 1) for a in ways),
                     key=lambda p: (p["paid"], p["line"]))
    out["preview"] = {
        "mask": mask, "brick": brick, "cell": cell_name(cell),
        "cells": ", ".join(cell_name(i) for i in bits(mask)),
        "lines": lines, "options": options, "choice": len(options) > 1,
    }
    return out
