"""The challenge's loose ends at 390×844, in French and German (issues 37 and 42): "Give up"
on the game page, confirmed on a page of its own without JavaScript, then the result and no
more moves; the device code that never breaks inside a group; the records page of a new phone
that says what it is."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.screens import fits_phone, shot, small_targets

pytestmark = pytest.mark.browser

WORDS = {
    "fr-FR": {"give_up": "Abandonner", "yes": "Oui, abandonner",
              "done": "Vous avez abandonné cette partie", "moves": ("Terminer", "Conseil"),
              "device": "Utiliser sur un autre appareil", "new": "Cet appareil n’a pas encore"},
    "de-DE": {"give_up": "Aufgeben", "yes": "Ja, aufgeben",
              "done": "Du hast diese Partie aufgegeben", "moves": ("Zug beenden", "Tipp"),
              "device": "Auf einem anderen Gerät nutzen", "new": "Dieses Gerät hat noch keinen"},
}


def _look(page: Any, shots: Path, name: str) -> None:
    fits_phone(page)
    assert not small_targets(page), small_targets(page)
    shot(page, shots, f"solo-fair-{name}")


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_give_up_on_the_game_page_without_javascript_then_the_result(
        new_phone: Any, shots: Path, locale: str) -> None:
    said = WORDS[locale]
    phone = new_phone(javascript=False, locale=locale)
    phone.goto("/s/me")  # a new phone: what the page is, not a 404
    assert said["new"] in phone.inner_text("main")
    phone.goto("/s/")
    with phone.expect_navigation():
        phone.click("form[action='/s/challenge'] button.big")
    code = re.search(r"/rollwrite/([A-Z0-9]+)", phone.url).group(1)
    with phone.expect_navigation():
        phone.click(f"a[href='/s/{code}/give-up']")
    assert said["give_up"].lower() in phone.inner_text("h1").lower()
    _look(phone, shots, f"confirm-{locale}")
    with phone.expect_navigation():
        phone.click(f"text={said['yes']}")
    assert phone.url.endswith(f"/s/{code}/result")
    body = phone.inner_text("main")
    assert said["done"] in body
    _look(phone, shots, f"given-up-{locale}")
    phone.goto(f"/rollwrite/{code}")  # the game page now shows the result, no moves
    assert phone.url.endswith(f"/s/{code}/result")
    assert phone.locator("form[action$='/act']").count() == 0
    assert not any(word in phone.inner_text("main") for word in said["moves"])


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_the_device_code_breaks_only_between_its_groups(
        new_phone: Any, shots: Path, locale: str) -> None:
    said = WORDS[locale]
    phone = new_phone(locale=locale)
    phone.goto("/s/")
    with phone.expect_navigation():
        phone.click("form[action='/s/challenge'] button.big")
    phone.goto("/s/me")
    with phone.expect_navigation():
        phone.click(f"text={said['device']}")
    groups = phone.locator(".device-code .group")
    assert groups.count() == 5
    for n in range(5):  # each group on one line: one box, four characters
        assert groups.nth(n).evaluate("g => g.getClientRects().length") == 1
        assert len(groups.nth(n).inner_text()) == 4
    _look(phone, shots, f"device-code-{locale}")
