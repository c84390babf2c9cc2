"""Dice, cards, tracks and tiles in words, in the page's language: every tile of both editions
named by colour and size ("the purple four-square tile"), its shape said for a reader who cannot
see it ("four squares in an L, the foot to the right") and its cost; dice and cards by colour,
with the colour agreeing with its noun (French "la piste bleue", "le dé bleu"). The shapes are
read off the engines' tile data by webapp/words/shape_kinds.py; the terms are docs/glossary.md's."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from boardgame.material import TILES, tile_colour
from rollwrite.material import COLOUR_OF_LETTER, SHAPES, colour_of
from webapp.platform.i18n import gettext as _
from webapp.platform.i18n import ngettext, pgettext
from webapp.words.colours import COLOUR_WORDS
from webapp.words.piece_marks import MARK_PATHS
from webapp.words.shape_kinds import shape_kind

ROLLWRITE = "rollwrite"
CARD = "card"


# Each colour agreeing with each noun, as written for the catalog (pybabel reads these
# literal calls): a function per word, so that naming a piece translates that one word, not
# all thirty (the log page of a 197-action game: 0.58 s, 30 of 31 catalog reads per word
# thrown away).
_ADJECTIVES: dict[str, dict[str, Callable[[], str]]] = {
    "die": {
        "red": lambda: pgettext("die", "red"), "blue": lambda: pgettext("die", "blue"),
        "purple": lambda: pgettext("die", "purple"), "green": lambda: pgettext("die", "green"),
        "yellow": lambda: pgettext("die", "yellow"), "white": lambda: pgettext("die", "white"),
    },
    "one die": {
        "red": lambda: pgettext("one die", "red"), "blue": lambda: pgettext("one die", "blue"),
        "purple": lambda: pgettext("one die", "purple"),
        "green": lambda: pgettext("one die", "green"),
        "yellow": lambda: pgettext("one die", "yellow"),
        "white": lambda: pgettext("one die", "white"),
    },
    "dice": {
        "red": lambda: pgettext("dice", "red"), "blue": lambda: pgettext("dice", "blue"),
        "purple": lambda: pgettext("dice", "purple"), "green": lambda: pgettext("dice", "green"),
        "yellow": lambda: pgettext("dice", "yellow"), "white": lambda: pgettext("dice", "white"),
    },
    "tile": {
        "red": lambda: pgettext("tile", "red"), "blue": lambda: pgettext("tile", "blue"),
        "purple": lambda: pgettext("tile", "purple"), "green": lambda: pgettext("tile", "green"),
        "yellow": lambda: pgettext("tile", "yellow"), "white": lambda: pgettext("tile", "white"),
    },
    "tiles": {
        "red": lambda: pgettext("tiles", "red"), "blue": lambda: pgettext("tiles", "blue"),
        "purple": lambda: pgettext("tiles", "purple"), "green": lambda: pgettext("tiles", "green"),
        "yellow": lambda: pgettext("tiles", "yellow"), "white": lambda: pgettext("tiles", "white"),
    },
}


def _adjective(colour: str, noun: str) -> str:
    """A colour agreeing with its noun: `die` (the die), `one die` (German "ein roter Würfel"),
    `dice`, `tile` (a tile, a card or a track, after "the" or "1": feminine in French) and
    `tiles` (tiles and cards, plural)."""
    return _ADJECTIVES[noun][colour]()


def edition_of(tile: str) -> str:
    """Which edition a tile id belongs to: `B4L` is Roll & Write's, `blue-4` the card edition's."""
    if tile in SHAPES:
        return ROLLWRITE
    if tile in TILES:
        return CARD
    raise KeyError(tile)


def tile_colour_of(tile: str) -> str:
    """A tile's colour, either edition."""
    return colour_of(tile) if edition_of(tile) == ROLLWRITE else tile_colour(tile)


def tile_size(tile: str) -> int:
    """How many squares a tile has."""
    return (SHAPES.get(tile) or TILES[tile]).size


def tile_name(tile: str) -> str:
    """A tile by its colour and size, with its article: "the purple four-square tile" (an id
    that is no tile, as a player may type one, as it is)."""
    if tile not in SHAPES and tile not in TILES:
        return tile
    colour, size = tile_colour_of(tile), tile_size(tile)
    c = _adjective(colour, "tile")
    names = {
        1: _("the %(colour)s tile", colour=c),
        2: _("the %(colour)s two-square tile", colour=c),
        3: _("the %(colour)s three-square tile", colour=c),
        4: _("the %(colour)s four-square tile", colour=c),
        5: _("the %(colour)s five-square tile", colour=c),
    }
    return names[size]


def tile_label(tile: str) -> str:
    """The tile's name opening a sentence or a button: "The purple four-square tile"."""
    return _capital(tile_name(tile))


# A tile's shape alone, by shape kind (webapp/words/shape_kinds.py): one phrase, or one per
# side or stem direction; a function per phrase (translated when said, as _ADJECTIVES).
_SHAPES: dict[str, Callable[[], str] | tuple[Callable[[], str], ...]] = {
    "single": lambda: _("one square"),
    "line2": lambda: _("two squares"),
    "line3": lambda: _("three squares in a line"),
    "corner3": lambda: _("three squares in an L"),
    "line4": lambda: _("four squares in a line"),
    "square4": lambda: _("four squares in a square"),
    "l4": (lambda: _("four squares in an L, the foot to the left"),
           lambda: _("four squares in an L, the foot to the right")),
    "t4": (lambda: _("four squares in a T, the stem pointing up"),
           lambda: _("four squares in a T, the stem pointing down"),
           lambda: _("four squares in a T, the stem pointing left"),
           lambda: _("four squares in a T, the stem pointing right")),
    "zigzag4": (lambda: _("four squares in a zigzag, the top to the left"),
                lambda: _("four squares in a zigzag, the top to the right")),
    "line5": lambda: _("five squares in a line"),
    "p5": (lambda: _("five squares: a block of four with one more below, on the left"),
           lambda: _("five squares: a block of four with one more below, on the right")),
    "t5": (lambda: _("five squares in a T with a long stem pointing up"),
           lambda: _("five squares in a T with a long stem pointing down"),
           lambda: _("five squares in a T with a long stem pointing left"),
           lambda: _("five squares in a T with a long stem pointing right")),
    "cross5": lambda: _("five squares in a cross"),
    "zigzag5": (lambda: _("five squares: a bar of three, one more above its left end and one "
                          "below its right end"),
                lambda: _("five squares: a bar of three, one more above its right end and one "
                          "below its left end")),
}
_WAYS = {"up": 0, "down": 1, "left": 2, "right": 3}


def _shape_alone(tile: str) -> str:
    k = shape_kind(tile)
    said = _SHAPES.get(k.kind)
    if said is None:
        return ngettext("%(num)s square", "%(num)s squares", k.size)
    if not isinstance(said, tuple):
        return said()
    if k.stem:
        return said[_WAYS[k.stem]]()
    return said[1 if k.side == "right" else 0]()


def shape_words(tile: str) -> str:
    """A tile's shape as a reader who cannot see it needs it, with its brick in the card
    edition: "four squares in an L, the foot to the right"."""
    shape = _shape_alone(tile)
    brick = {
        "end": _("the brick at one end"),
        "stem": _("the brick at the tip of the stem"),
        "middle": _("the brick in the middle"),
        "corner": _("the brick in a corner"),
    }.get(shape_kind(tile).brick)
    if brick is None:
        return shape
    return _("%(shape)s, %(brick)s", shape=shape, brick=brick)


def cost_words(tile: str) -> str:
    """What the tile costs: dice of its colour (or white) in Roll & Write, cards of its colour
    in the card edition (less a discount), and the white tile is a coat of arms' reward."""
    size, colour = tile_size(tile), tile_colour_of(tile)
    if edition_of(tile) == ROLLWRITE:
        return ngettext("costs %(num)s die of its colour or white",
                        "costs %(num)s dice of its colour or white", size)
    if colour == "white":
        return _("never bought: a coat of arms gives it")
    if size == 1:
        return _("costs 1 %(colour)s card", colour=_adjective(colour, "tile"))
    return _("costs %(num)s %(colour)s cards", num=size, colour=_adjective(colour, "tiles"))


def tile_description(tile: str) -> str:
    """Shape and cost in one sentence, for a screen reader: "Four squares in an L, the foot to
    the right; costs 4 dice of its colour or white."."""
    return _capital(_("%(shape)s; %(cost)s.", shape=shape_words(tile), cost=cost_words(tile)))


def die_words(face: str, count: int = 1) -> str:
    """`count` dice of one face: "1 red die", "2 white dice"."""
    colour = COLOUR_OF_LETTER.get(face, face)
    return ngettext("%(num)s %(colour)s die", "%(num)s %(colour)s dice", count,
                    colour=_adjective(colour, "one die" if count == 1 else "dice"))


def die_name(face: str, number: int | None = None) -> str:
    """One die by its colour, and its number where the page numbers the dice: "die 3, red"."""
    colour = COLOUR_OF_LETTER.get(face, face)
    if number is None:
        return _("the %(colour)s die", colour=_adjective(colour, "die"))
    return _("die %(n)s, %(colour)s", n=number, colour=COLOUR_WORDS[colour])


def card_words(colour: str, count: int = 1) -> str:
    """`count` cards of one colour: "1 red card", "3 blue cards"."""
    return ngettext("%(num)s %(colour)s card", "%(num)s %(colour)s cards", count,
                    colour=_adjective(colour, "tile" if count == 1 else "tiles"))


def track_name(colour: str) -> str:
    """A Roll & Write track by its colour: "the blue track" (French "la piste bleue")."""
    return _("the %(colour)s track", colour=_adjective(colour, "tile"))


def track_colour(colour: str) -> str:
    """A track's colour agreeing with "track" (French "piste bleue", German "rote Leiste"),
    for a sentence that says "the %s track" itself."""
    return _adjective(colour, "tile")


def dice_colour(colour: str) -> str:
    """A colour agreeing with dice in the plural (French "dés bleus")."""
    return _adjective(colour, "dice")


def cards_colour(colour: str) -> str:
    """A colour agreeing with cards in the plural (French "cartes bleues"), for a sentence that
    says "%s cards" itself."""
    return _adjective(colour, "tiles")


def way_words(faces: Iterable[str], bonuses: int = 0) -> str:
    """How a Roll & Write tile is paid: dice by colour (letters or colour names) and bonuses,
    "2 green dice, 1 white die and 1 bonus"."""
    counts = Counter(COLOUR_OF_LETTER.get(f, f) for f in faces)
    parts = [die_words(colour, n) for colour, n in counts.items()]
    if bonuses:
        parts.append(ngettext("%(num)s bonus", "%(num)s bonuses", bonuses))
    return join_words(parts)


def join_words(parts: list[str]) -> str:
    """A list in words: "a, b and c"."""
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return _("%(list)s and %(last)s", list=", ".join(parts[:-1]), last=parts[-1])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def tile_rows(tile: str) -> list[str]:
    """A tile as printed, rows top to bottom (`#` a square; `B` and `W` in the card edition)."""
    return (SHAPES.get(tile) or TILES[tile]).rows()


def template_context() -> dict[str, Any]:
    """What templates/_pieces.html and the pages draw and name pieces with."""
    return {
        "mark_paths": MARK_PATHS, "tile_rows": tile_rows, "tile_colour_of": tile_colour_of,
        "tile_name": tile_name, "tile_label": tile_label, "shape_words": shape_words,
        "cost_words": cost_words, "tile_description": tile_description, "die_name": die_name,
        "track_name": track_name, "way_words": way_words, "card_words": card_words,
    }
