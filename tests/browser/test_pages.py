"""Every page in a real browser on a phone: htmx loads, nothing scrolls sideways at 390 px,
touch targets are at least 44 px, and the pages work with JavaScript turned off."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, SHOTS, serve_cdn
from tests.browser.screens import crawl, fits_phone, same_site_links, shot, small_targets
from webapp.platform.config import HTMX_CDN_URL, HTMX_SRI, HTMX_VERSION, LANGUAGES

pytestmark = pytest.mark.browser

# Reachable by typing rather than by a link: the error page everybody eventually sees.
EXTRA_PAGES = ("/no/such/page",)


def _crawl_all_languages(page, base, visit):
    """Crawl the site once per language (the switch sets a cookie); language links skipped."""
    seen = []
    for code in LANGUAGES:
        page.goto(f"{base}/lang/{code}?next=/")
        assert page.get_attribute("html", "lang") == code
        for path in EXTRA_PAGES:
            page.goto(base + path)
            visit(page)
            seen.append((page.url, 404))
        seen += crawl(page, base, visit)
    return seen


@pytest.fixture(scope="module")
def tour(browser, live_server):
    """Every reachable page in every language, visited once on a phone: what each showed."""
    context = browser.new_context(**PHONE, base_url=live_server)
    serve_cdn(context, "up")
    page = context.new_page()
    SHOTS.mkdir(parents=True, exist_ok=True)
    found = {"pages": [], "wide": [], "small": [], "langs": []}

    def visit(page):
        lang = page.get_attribute("html", "lang")
        found["langs"].append(lang)
        try:
            fits_phone(page)
        except AssertionError as err:
            found["wide"].append(str(err))
        found["small"] += [f"{page.url} ({lang}): {t}" for t in small_targets(page)]
        shot(page, SHOTS, f"page-{lang}-{page.url.removeprefix(live_server)}")

    found["pages"] = _crawl_all_languages(page, live_server, visit)
    context.close()
    return found


def test_home_page_loads_the_pinned_htmx(phone):
    phone.goto("/")
    phone.wait_for_function("() => window.htmx !== undefined")
    assert phone.evaluate("window.htmx.version") == HTMX_VERSION
    cdn = phone.locator(f"script[src='{HTMX_CDN_URL}']")
    assert cdn.count() == 1 and cdn.get_attribute("integrity") == HTMX_SRI
    assert phone.locator("script[src='/static/vendor/htmx.min.js']").count() == 0
    assert phone.get_attribute("html", "data-htmx-local") is None


def test_no_page_scrolls_sideways_on_a_390px_phone(tour):
    assert len(tour["pages"]) >= 2 * len(LANGUAGES)
    # every page in each of the languages: the same pages, each once per language
    visited = [(url, lang) for (url, _s), lang in zip(tour["pages"], tour["langs"])]
    assert len(set(visited)) == len(visited), visited
    for code in LANGUAGES:
        assert {u for u, lang in visited if lang == code} == {
            u for u, lang in visited if lang == LANGUAGES[0]}, (code, visited)
    assert all(status < 500 for _, status in tour["pages"]), tour["pages"]
    assert not tour["wide"], "\n".join(tour["wide"])


def test_touch_targets_in_main_are_at_least_44px(tour):
    assert not tour["small"], "touch targets under 44 px:\n" + "\n".join(tour["small"])


def test_links_and_forms_work_with_javascript_off(new_phone, live_server):
    page = new_phone(javascript=False)
    page.goto("/")
    # The language switch is a plain link that comes back to the page it was made on.
    page.click("nav.langs a[hreflang=de]")
    assert page.get_attribute("html", "lang") == "de"
    assert page.url == live_server + "/"
    page.click("nav.langs a[hreflang=en]")
    # Every link in <main> leads to a page that answers without scripts.
    for url in same_site_links(page, live_server):
        resp = page.goto(url)
        assert resp is not None and resp.status < 400, url
        assert page.locator("main").count() == 1, url
    # The join form is a plain GET form: an unknown code gets a readable page, not a blank.
    page.goto("/")
    page.fill("#code", "ZZZZZZ")
    with page.expect_navigation():
        page.click("form.join button[type=submit]")
    assert "ZZZZZZ" in page.url or page.locator(".error").count() == 1
