"""One name per edition (issue 38): Roll & Write at /rollwrite, the card edition at /card. The
addresses phones and printed QR codes already share, /t/... and /c/..., answer 308 (permanent,
the method and body kept) to the same page under the new name."""

from __future__ import annotations

import pytest

from tests.web.test_tables import create


@pytest.mark.parametrize(("old", "new"), [
    ("/t/new", "/rollwrite/new"),
    ("/t/ABC234?seq=3&cell=a1", "/rollwrite/ABC234?seq=3&cell=a1"),
    ("/t/ABC234/join", "/rollwrite/ABC234/join"),
    ("/t", "/rollwrite/"),
    ("/c/new", "/card/new"),
    ("/c/ABC234/poll?seq=9", "/card/ABC234/poll?seq=9"),
    ("/c/join?code=ABC234", "/card/join?code=ABC234"),
])
def test_an_old_address_moves_permanently_to_the_editions_one_name(client, old, new):
    resp = client.get(old)
    assert resp.status_code == 308
    assert resp.headers["Location"] == new


def test_a_form_posted_to_an_old_address_keeps_its_method(client):
    resp = client.post("/t/ABC234/act", data={"seq": "0", "action": "p1 setup none"})
    assert resp.status_code == 308 and resp.headers["Location"] == "/rollwrite/ABC234/act"


def test_a_shared_old_link_opens_the_table(app, phones):
    code = create(phones[0])
    resp = phones[1].client.get(f"/t/{code}/join", follow_redirects=True)
    assert resp.status_code == 200 and resp.request.path == f"/rollwrite/{code}/join"
    assert "Ann" in resp.get_data(as_text=True)


def test_the_pages_link_to_the_new_addresses_only(client):
    home = client.get("/").get_data(as_text=True)
    assert 'href="/rollwrite/new"' in home and 'href="/card/new"' in home
    assert 'href="/t/' not in home and 'href="/c/' not in home
