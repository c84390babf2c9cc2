"""The words printed on the pads, in English, French or German.

The pads take their words from the web app's catalogs (webapp/translations/<lang>/LC_MESSAGES/
messages.po: one catalog, one set of reviewed translations, extracted by scripts/i18n.sh since
babel.cfg scans printables/). They are read here as data with Babel's own .po reader, so that
printables imports nothing from the web app (tests/test_layering.py) and the command line
needs no compiled .mo files. Every drawing function takes the translate function `_` of
`translator(lang)`; the literal strings are written `_("...")` (or `N_("...")` where a value
is only marked) so that extraction finds them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from printables.errors import PadOptionError

LANGS = ("en", "fr", "de")
CATALOGS = Path(__file__).resolve().parent.parent / "webapp" / "translations"

Translate = Callable[[str], str]


def N_(text: str) -> str:  # noqa: N802 - the marker name extraction knows
    """Mark a string for extraction; it is translated where it is printed."""
    return text


# the help line under each ability track (the same words as rollwrite.material.ABILITY_HELP)
ABILITY_HELP = {
    "red": N_("reroll any of the dice before choosing"),
    "blue": N_("mark every cell of one tile O"),
    "purple": N_("draw an extra 1-cell tile marked X"),
    "green": N_("turn dice of one colour to any one face"),
    "yellow": N_("take an X-side shape that is already crossed out"),
}
COLOUR_NAMES = {
    "red": N_("Red"), "blue": N_("Blue"), "purple": N_("Purple"), "green": N_("Green"),
    "yellow": N_("Yellow"),
}


def check_lang(lang: str) -> str:
    """The language key, or PadOptionError naming the choices."""
    key = str(lang).strip().lower()
    if key not in LANGS:
        raise PadOptionError(f"unknown language '{lang}': choose {' or '.join(LANGS)}")
    return key


@cache
def _table(lang: str) -> dict[str, str]:
    """msgid -> translation of one catalog (checked, non-fuzzy entries only)."""
    path = CATALOGS / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    return {m.id: m.string for m in catalog
            if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string
            and not m.fuzzy}


def translator(lang: str) -> Translate:
    """The translate function of a language: English is the text itself; a message missing
    from a catalog stays English (tests/web/test_i18n.py keeps the catalogs complete)."""
    key = check_lang(lang)
    if key == "en":
        return lambda text: text
    table = _table(key)
    return lambda text: table.get(text) or text
