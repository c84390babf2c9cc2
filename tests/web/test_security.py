"""Security of the web app: one creation budget per client, names with HTML shown as text on
every page, seat tokens only ever in cookies, and the language switch never leaving the site."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import func, select

from webapp import create_app
from webapp.platform.db import games, seats
from webapp.platform.deps import Deps
from webapp.platform.store import token_hash

from .conftest import Phone, Seeds
from .test_tables import act, api, create, host_pass, join, play_until

SCRIPT = "<script>alert(1)</script>"  # 25 characters: a name like any other
QUOTES = 'Tom "Tiger" & Co'


@pytest.fixture(autouse=True)
def fixed_seeds(seeds: Seeds) -> None:
    """The same dice on every run."""
    seeds.prefix = "sec"


def game_count(app: Flask) -> int:
    with app.extensions["store"].engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(games)).scalar() or 0)


# ------------------------------------------------------------------------- creation budget
@pytest.fixture
def limited_app(db_url: str, tmp_path: Path, deps: Deps) -> Iterator[Flask]:
    """An app whose creation budget is 3 per minute, with the rate limit switched on."""
    application = create_app({
        "TESTING": True, "DATABASE_URL": db_url, "SECRET_KEY": "test-secret",
        "HTMX_URL": "/static/vendor/htmx.min.js",
        "CREATE_LIMIT": "3 per minute", "RATELIMIT_ENABLED": True,
    }, deps)
    yield application
    application.extensions["store"].engine.dispose()


def test_every_creating_route_draws_on_one_budget_per_client(limited_app):
    """Tables, dice tables, card games, solo games and pasted replays share one budget: a
    client that used it up on /rollwrite/new and /d/new is refused everywhere, with a page a person
    can read, and the refused request creates nothing."""
    phone = Phone(limited_app.test_client())
    phone.get("/rollwrite/new")
    table = {"seats": "2", "name": "Ann", "dice": "app"}
    first = phone.post("/rollwrite/new", table)
    assert first.status_code == 303
    code = first.headers["Location"].rsplit("/", 1)[1]
    assert phone.post("/d/new", {"count": "2"}).status_code == 303
    assert phone.post("/rollwrite/new", table).status_code == 303
    assert game_count(limited_app) == 3
    refused = phone.post("/d/new", {"count": "2"})
    html = refused.get_data(as_text=True)
    # a minute's budget: 60 s to wait, 59 when the clock turned a second since the first
    assert refused.status_code == 429 and refused.headers["Retry-After"] in ("59", "60")
    assert "<html" in html and 'role="alert"' in html
    assert "Too many new games" in html and "Wait a minute, then try again" in html
    for url in ("/rollwrite/new", f"/rollwrite/{code}/again", "/card/new", "/s/bots",
                "/s/challenge", "/r"):
        resp = phone.post(url, table)
        assert resp.status_code == 429, url  # before the view: even `again` of an open game
    assert game_count(limited_app) == 3
    other = Phone(limited_app.test_client())
    other.client.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    other.get("/rollwrite/new")
    assert other.post("/rollwrite/new", table).status_code == 303  # another client, its own budget
    assert phone.get(f"/rollwrite/{code}").status_code == 200  # playing is not limited


def test_the_rematch_is_limited_like_a_new_table(limited_app):
    """Without the budget a rematch refused for an open game says so (409); once the budget
    is spent the same request gets 429: `again` counts as creating a game."""
    phone = Phone(limited_app.test_client())
    phone.get("/rollwrite/new")
    resp = phone.post("/rollwrite/new", {"seats": "2", "name": "Ann", "dice": "app"})
    code = resp.headers["Location"].rsplit("/", 1)[1]
    assert phone.post(f"/rollwrite/{code}/again").status_code == 409  # 2 of 3 used
    assert phone.post(f"/rollwrite/{code}/again").status_code == 409  # 3 of 3
    assert phone.post(f"/rollwrite/{code}/again").status_code == 429
    assert game_count(limited_app) == 1


def test_the_limit_page_words_come_from_the_catalogs(limited_app):
    """The 429 page is worded through the translations, never with werkzeug's English."""
    phone = Phone(limited_app.test_client())
    phone.get("/d/new")
    for _ in range(3):
        phone.post("/d/new", {"count": "2"})
    resp = phone.post("/d/new", {"count": "2"}, headers={"Accept-Language": "fr"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 429 and '<html lang="fr">' in html
    assert "Too Many Requests" not in html  # never werkzeug's English status name


# ------------------------------------------------------------------------- names as text
ESCAPED = {SCRIPT: "&lt;script&gt;alert(1)&lt;/script&gt;", QUOTES: "Tom &#34;Tiger&#34; &amp; Co"}


def assert_escaped(html: str, where: str, shown: tuple[str, ...] = (SCRIPT, QUOTES)) -> None:
    """No raw markup from the names; the names the page shows are there in escaped form."""
    assert "<script>alert" not in html, where
    assert QUOTES not in html, where  # the raw `"` and `&` never reach the page
    for name in shown:
        assert ESCAPED[name] in html, f"{where}: {name}"


@pytest.mark.slow
def test_names_with_markup_are_shown_as_text_on_every_page_of_a_whole_game(app, phones):
    """A player named `<script>alert(1)</script>` and one named `Tom "Tiger" & Co`: every page
    and fragment either phone sees, from the first move to the end screen and the replay,
    shows the names escaped."""
    code = create(phones[0], 2, name=SCRIPT)
    assert join(phones[1], code, 1, QUOTES).status_code == 303
    hx = {"HX-Request": "true"}
    host, guest = phones[0], phones[1]

    def check_pages(moment: str, logged: tuple[str, ...] = (SCRIPT, QUOTES)) -> None:
        pages = {f"/rollwrite/{code}": (SCRIPT, QUOTES), f"/rollwrite/{code}/log": logged,
                 f"/rollwrite/{code}/sheet/0": (SCRIPT,), f"/rollwrite/{code}/sheet/1": (QUOTES,)}
        for phone in (host, guest):
            for url, shown in pages.items():
                assert_escaped(phone.get(url).get_data(as_text=True), f"{moment} {url}", shown)
            for url in (f"/rollwrite/{code}", f"/rollwrite/{code}/poll?seq=-1"):
                frag = phone.client.get(url, headers=hx).get_data(as_text=True)
                assert frag.lstrip().startswith('<section id="table"'), url
                assert_escaped(frag, f"{moment} htmx {url}")
        watcher = phones[2].get(f"/rollwrite/{code}/join").get_data(as_text=True)
        assert_escaped(watcher, f"{moment} join page", shown=())  # every seat taken: no names

    check_pages("start", logged=())
    assert act(host, code, "p1 setup G", seq=0).status_code == 303  # "... marks green box 1"
    check_pages("setup", logged=(SCRIPT,))
    # refusals that name a player, as htmx fragments: the host has nothing left to pass...
    assert act(guest, code, "p2 setup B", seq=1).status_code == 303
    resp = host.post(f"/rollwrite/{code}/host/pass/1", {"seq": "2"}, headers=hx)
    assert resp.status_code == 409
    assert "Tom &#34;Tiger&#34; &amp; Co has nothing to do" in resp.get_data(as_text=True)
    assert_escaped(resp.get_data(as_text=True), "host pass refusal")
    # ... and it is not the guest's turn (the refusal names whose turn it is)
    play_until([host, guest], code, lambda v: v["phase"] == "main" and v["active"] == 0)
    seq = api(guest, code)["seq"]
    resp = guest.post(f"/rollwrite/{code}/act", {"seq": str(seq), "action": "p2 end"}, headers=hx)
    body = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "&lt;script&gt;alert(1)&lt;/script&gt;’s turn" in body
    assert_escaped(body, "not-your-turn refusal")
    check_pages("main phase")

    view = play_until([host, guest], code, lambda v: v["over"], random.Random(3))
    assert view["over"]
    check_pages("end")
    end = guest.get(f"/rollwrite/{code}").get_data(as_text=True)
    final = end[end.index('class="final"'):]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;</th>" in final
    assert "Tom &#34;Tiger&#34; &amp; Co</th>" in final
    for url in (f"/r/{code}", f"/r/{code}?at=1", f"/r/{code}?turn=2"):
        resp = phones[3].get(url)
        assert resp.status_code == 200, url
        assert_escaped(resp.get_data(as_text=True), url)


# ------------------------------------------------------------------------- seat tokens
class RecordingClient(FlaskClient):
    """A test client that keeps the body of every response it received."""

    bodies: list[tuple[str, str]]

    def open(self, *args: Any, **kwargs: Any) -> Any:
        resp = super().open(*args, **kwargs)
        where = str(args[0] if args else kwargs.get("path", ""))
        type(self).bodies.append((where, resp.get_data(as_text=True)))
        return resp


def test_seat_and_host_tokens_appear_in_no_response_body(app):
    """Seat and host tokens live only in (HttpOnly) cookies: no page, fragment, JSON answer
    or image of a whole game and its rematch carries any of them."""
    RecordingClient.bodies = []
    app.test_client_class = RecordingClient
    host, guest, watcher = (Phone(app.test_client()) for _ in range(3))
    hx = {"HX-Request": "true"}
    code = create(host, 2, name="Ann")
    assert join(guest, code, 1, "Bo").status_code == 303
    watcher.get(f"/rollwrite/{code}")

    def visit() -> None:
        for phone in (host, guest, watcher):
            for url in (f"/rollwrite/{code}", f"/rollwrite/{code}/log",
                        f"/rollwrite/{code}/sheet/0",
                        f"/rollwrite/{code}/join", f"/rollwrite/{code}/api",
                        f"/rollwrite/{code}/version",
                        f"/rollwrite/{code}/qr.svg"):
                phone.get(url)
            phone.client.get(f"/rollwrite/{code}", headers=hx)
            phone.client.get(f"/rollwrite/{code}/poll?seq=-1", headers=hx)

    visit()
    host_pass(host, code, 1)  # the host acts for the guest's setup
    act(host, code, "p1 setup none", seq=1)
    host.post(f"/rollwrite/{code}/act", {"seq": "0", "action": "p1 end"}, headers=hx)  # refused
    visit()
    play_until([host, guest], code, lambda v: v["over"], random.Random(5))
    visit()
    assert host.post(f"/rollwrite/{code}/again").status_code == 303
    for phone in (host, guest, watcher):
        resp = phone.client.get(f"/rollwrite/{code}/next")
        fresh = resp.headers["Location"].rsplit("/", 1)[1]
        phone.get(f"/rollwrite/{fresh}")
        phone.client.get(f"/rollwrite/{fresh}/api")

    store = app.extensions["store"]
    with store.engine.connect() as conn:
        tokens = {t for (t,) in conn.execute(select(seats.c.token)) if t}
        tokens |= {t for (t,) in conn.execute(select(games.c.host_token)) if t}
    cookies = {c.value for p in (host, guest) for c in p.client._cookies.values()}
    held = {c for c in cookies if token_hash(c) in tokens}  # the store keeps their hashes
    assert len(tokens) == 6 and len(held) == 6  # 2 seats + host, twice: the phones hold them
    assert not tokens & cookies  # the database has no token a phone holds
    assert len(RecordingClient.bodies) > 150
    for where, body in RecordingClient.bodies:
        for token in tokens | held:
            assert token not in body, where


# ------------------------------------------------------------------------- language switch
@pytest.mark.parametrize("target", [
    "//evil.com", "/\\evil.com", "/\\/evil.com", "https://evil.com", "http:/evil.com",
    "\\\\evil.com", "/\t/evil.com", "javascript:alert(1)", "evil.com", "",
])
def test_the_language_switch_never_sends_the_browser_to_another_site(client, target):
    resp = client.get("/lang/fr", query_string={"next": target})
    assert resp.status_code == 302 and resp.headers["Location"] == "/"
    assert "lang=fr" in resp.headers.get("Set-Cookie", "")  # the choice itself still counts


@pytest.mark.parametrize("target", ["/rollwrite/ABC234", "/rollwrite/ABC234?cell=a1&k=2", "/",
                                    "/r"])
def test_the_language_switch_goes_back_to_a_local_page(client, target):
    resp = client.get("/lang/de", query_string={"next": target})
    assert resp.status_code == 302 and resp.headers["Location"] == target


def test_is_local_path_reads_addresses_as_a_browser_would():
    from webapp.home.routes import is_local_path

    assert is_local_path("/rollwrite/ABC234") and is_local_path("/print/?paper=a4")
    for target in ("//evil.com", "/\\evil.com", "https://evil.com", "/\nevil", "ftp:x"):
        assert not is_local_path(target), target
