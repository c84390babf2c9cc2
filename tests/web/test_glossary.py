"""The French and German catalogs use the glossary's words (docs/glossary.md): wherever a game
term appears in an English message, its translation holds the rulebook's word for it."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
CATALOGS = ROOT / "webapp" / "translations"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{[^}]*\}")


@cache
def terms() -> list[tuple[str, dict[str, list[str]]]]:
    """(English term, {lang: accepted forms}) for every checked row of the glossary's tables."""
    rows = []
    for line in GLOSSARY.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("English", "") or set(cells[0]) <= {"-"}:
            continue
        if "not checked" in cells[3]:
            continue
        forms = {lang: [f.strip() for f in cell.split(" / ")]
                 for lang, cell in (("fr", cells[1]), ("de", cells[2]))}
        for english in cells[0].split(" / "):
            rows.append((english.strip(), forms))
    return rows


@cache
def catalog(lang: str) -> dict[str, str]:
    with (CATALOGS / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    return {m.id: m.string for m in cat if isinstance(m.id, str) and m.id
            and isinstance(m.string, str) and m.string}


def uses_term(msgid: str, term: str) -> bool:
    """Whether the English message speaks of the term (outside its placeholders)."""
    text = PLACEHOLDER.sub(" ", msgid)
    if term[0].isupper():  # a name: with its capital, and not as the message's first word
        return any(m.start() > 0 or text.strip() == term
                   for m in re.finditer(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text))
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text, re.IGNORECASE) is not None


def test_the_glossary_has_the_terms_of_both_editions():
    english = {t for t, _forms in terms()}
    assert {"building", "coat of arms", "harbour", "track", "Construction discount",
            "facade sheet", "first player"} <= english
    assert len(english) >= 25


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_the_catalog_uses_the_glossarys_word_wherever_a_term_appears(lang):
    wrong = []
    for msgid, translation in catalog(lang).items():
        said = PLACEHOLDER.sub(" ", translation).lower()
        for term, forms in terms():
            if uses_term(msgid, term) and not any(f.lower() in said for f in forms[lang]):
                wrong.append(f"{term!r} in {msgid!r}: {translation!r}")
    assert wrong == []
