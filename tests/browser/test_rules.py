"""The rules pages in a real browser at 390×844: axe-core finds no violation at all (any
impact) in the light and the dark theme, nothing sticks out past the screen, the touch targets
are big enough, the print stylesheet keeps the figures and drops the app's chrome, and the
home page's "How to play" leads there."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser import test_a11y
from tests.browser.screens import fits_phone, shot, small_targets
from tests.browser.test_a11y import Audit

pytestmark = pytest.mark.browser

# the accessibility audit's fixtures: phones audited in the light and the dark theme
open_phone = test_a11y.open_phone
audit = test_a11y.audit

PAGES = ("/rules/", "/rules/rollwrite", "/rules/card", "/rules/rollwrite?lang=fr",
         "/rules/card?lang=de")


def test_rules_pages_have_no_axe_violation_and_fit_a_phone(open_phone: Any, audit: Audit,
                                                          shots: Path) -> None:
    page = open_phone()
    for path in PAGES[1:3]:  # the figures' bot games are played at a page's first view
        page.goto(path, timeout=60_000)
    for path in PAGES:
        page.goto(path)
        name = "rules" + path.replace("/", "-").replace("?lang=", "-").rstrip("-")
        found = audit.check(page, name)
        assert found == [], f"{path}: {[(v['impact'], v['id'], v['nodes']) for v in found]}"
        fits_phone(page)
        assert small_targets(page) == [], path
    # every section is reached from the contents and lands at the top of the screen
    page.goto("/rules/rollwrite")
    for anchor in ("turn", "placement", "scoring", "coat-of-arms", "tracks", "stars", "passive",
                   "end"):
        page.click(f'nav.toc a[href="#{anchor}"]')
        top = page.evaluate(f"document.getElementById('{anchor}').getBoundingClientRect().top")
        assert -20 < top < 420, (anchor, top)  # the last one cannot scroll to the top
        shot(page, shots, f"rules-rollwrite-{anchor}")


def test_the_rules_print_without_the_apps_chrome(browser: Any, live_server: str,
                                                 shots: Path) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  base_url=live_server)
    page = context.new_page()
    page.emulate_media(media="print")
    for path in ("/rules/rollwrite", "/rules/card"):
        page.goto(path)
        assert page.locator("header.top").is_hidden()
        assert page.locator("nav.toc").is_hidden()
        assert page.locator("figure.fig").first.is_visible()
        assert page.locator("figure.fig").count() >= 7
        page.screenshot(path=str(shots / f"rules-print{path.replace('/', '-')}.png"),
                        full_page=True)
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(pdf) > 20_000
    context.close()


def test_how_to_play_on_the_home_page_leads_to_the_rules(browser: Any, live_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=live_server)
    page = context.new_page()
    page.goto("/")
    page.get_by_role("link", name="How to play").click()
    page.wait_for_url("**/rules/")
    page.get_by_role("link", name="Copenhagen Roll & Write").click()
    page.wait_for_url("**/rules/rollwrite")
    assert page.locator("figure#fig-scoring b.num").count() >= 4
    context.close()
