"""Translations: every message of the web app (extracted afresh from the templates and the
webapp sources, as scripts/i18n.sh does) has a French and a German translation with the same
placeholders, and the pages come out in the language asked for."""

from __future__ import annotations

import html as htmlmod
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "webapp" / "translations"
LANGS = ("fr", "de")
PLACEHOLDER_RE = re.compile(r"%\((\w+)\)[sd]")
BRACE_RE = re.compile(r"\{(\w*(?::\w+)?)\}")  # engine event templates: {name}, {line:line}


@cache
def extracted() -> tuple[tuple[str | tuple[str, ...], str, str | None], ...]:
    """Every (msgid, where, context) of the current sources, read with the mapping of
    babel.cfg (the context of a pgettext, else None)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    keywords = {**DEFAULT_KEYWORDS, "_l": None}
    out = []
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=keywords
    ):
        out.append((message, f"{filename}:{lineno}", _context))
    return tuple(out)


@cache
def catalog(lang: str) -> Catalog:
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        return read_po(f, locale=lang)


def _texts(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def test_extraction_finds_the_messages_of_templates_and_python():
    places = {where.split(":")[0] for _msg, where, _ctx in extracted()}
    assert "templates/home.html" in places and "webapp/platform/errors.py" in places
    assert "templates/dice/_panel.html" in places and "webapp/dice/routes.py" in places
    assert len(extracted()) > 50


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_has_a_translation_with_the_same_placeholders(lang):
    problems = []
    for msgid, where, context in extracted():
        entry: Message | None = catalog(lang).get(msgid, context=context)
        if entry is None or not all(_texts(entry.string or "")):
            problems.append(f"{where}: not translated: {msgid!r}")
            continue
        if entry.fuzzy:
            problems.append(f"{where}: fuzzy (check and unmark it): {msgid!r}")
            continue
        wanted = set(PLACEHOLDER_RE.findall(" ".join(_texts(msgid))))
        braces = sorted(BRACE_RE.findall(_texts(msgid)[-1]))  # a plural: its plural's fields
        forms = _texts(entry.string)
        for i, text in enumerate(forms):
            if sorted(BRACE_RE.findall(text)) != braces:
                problems.append(f"{where}: fields differ: {msgid!r} -> {text!r}")
            found = set(PLACEHOLDER_RE.findall(text))
            # A plural's singular may leave the number out ("the last card"), as English
            # does; no form may add one, and the last (plural) form must carry them all.
            plural_short = isinstance(msgid, tuple) and i < len(forms) - 1 and found < wanted
            if found != wanted and not plural_short:
                problems.append(f"{where}: placeholders differ: {msgid!r} -> {text!r}")
            try:
                text % {name: 1 for name in wanted}  # 1 fits %s and %d
            except (KeyError, ValueError, TypeError) as err:
                problems.append(f"{where}: broken format ({err}): {text!r}")
    assert not problems, f"run scripts/i18n.sh, then translate ({lang}):\n" + "\n".join(problems)


def test_a_message_without_translation_is_caught():
    """The check above can fail: a made-up message is missing from both catalogs."""
    for lang in LANGS:
        assert catalog(lang).get("A page nobody translated yet.") is None


# ---------------------------------------------------------------------- rendered pages
def _english_sentences() -> set[str]:
    """The longer English messages without placeholders: none may show on a translated page."""
    return {
        m for m, _where, _ctx in extracted()
        if isinstance(m, str) and len(m) >= 12 and "%(" not in m
        and m not in ("Copenhagen Roll & Write",)  # the game's name stays as printed
    }


def _visible_text(page: str) -> str:
    return htmlmod.unescape(re.sub(r"<[^>]+>", " ", page))


def _pages(phone) -> dict[str, str]:
    """Every page of this branch, HTML by name."""
    phone.get("/d/new")
    url = phone.post("/d/new", {"count": "2", "name": ["Ann", ""], "seed": "moon"}).headers[
        "Location"]
    phone.post(url + "/act", {"seq": 0, "action": "roll"})
    phone.post(url + "/act", {"seq": 1, "action": "reroll", "die": ["2"]})
    bad = phone.post(url + "/act", {"seq": 2, "action": "reroll"})
    stale = phone.post(url + "/act", {"seq": 0, "action": "next"})
    return {
        "home": phone.get("/").get_data(as_text=True),
        "dice form": phone.get("/d/new").get_data(as_text=True),
        "dice table": phone.get(url).get_data(as_text=True),
        "refused action": bad.get_data(as_text=True),
        "stale action": stale.get_data(as_text=True),
        "404": phone.get("/no/such/page").get_data(as_text=True),
        "no table": phone.get("/d/ZZZZZZ").get_data(as_text=True),
    }


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("fr", ("Dés seuls", "Tour 1 ·")), ("de", ("Nur Würfel", "Zug 1 ·"))],
)
def test_pages_speak_the_language_of_the_switch(app, phone, lang, expected):
    phone.get(f"/lang/{lang}?next=/")
    pages = _pages(phone)
    english = _english_sentences()
    for name, page in pages.items():
        assert f'<html lang="{lang}">' in page, name
        text = _visible_text(page)
        left = [s for s in english if s in text]
        assert not left, f"{lang} {name} page still shows English: {left}"
    assert expected[0] in pages["home"] and expected[0] in pages["dice form"]
    assert expected[1] in pages["dice table"] and "Ann" in pages["dice table"]


@pytest.mark.parametrize(
    ("header", "phrase"),
    [("fr-FR,fr;q=0.9,en;q=0.5", "Dés seuls"), ("de-CH,de;q=0.9", "Nur Würfel"),
     ("en-GB,en;q=0.9", "Dice only"), ("es-ES", "Dice only")],
)
def test_pages_follow_the_browser_language(client, header, phrase):
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert phrase in page


def test_translated_unnamed_players_and_dice_colours(phone):
    phone.get("/lang/fr?next=/")
    phone.get("/d/new")
    url = phone.post("/d/new", {"count": "2"}).headers["Location"]
    phone.post(url + "/act", {"seq": 0, "action": "roll"})
    page = phone.get(url).get_data(as_text=True)
    assert "Joueur 1" in page and "Player 1" not in page
    assert re.search(r"Dé 1\s:\s(rouge|bleu|violet|vert|jaune|blanc)", page)


def test_templates_take_the_catalog_of_the_language_in_force(app):
    """The templates' gettext keeps the request's catalog (webapp/platform/i18n.py), but a block
    under
    Flask-Babel's force_locale speaks that language, and the request's comes back after it."""
    from flask import render_template_string
    from flask_babel import force_locale

    with app.test_request_context("/?lang=fr"):
        said = [render_template_string("{{ _('Dice') }}")]
        with force_locale("de"):
            said.append(render_template_string("{{ _('Dice') }}"))
        said.append(render_template_string("{{ _('Dice') }}"))
    with app.test_request_context("/?lang=en"):
        said.append(render_template_string("{{ _('Dice') }}"))
    assert said == ["Dés", "Würfel", "Dés", "Dice"]
