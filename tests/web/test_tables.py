"""The Roll & Write table (/rollwrite/...): creating and joining tables, acting through the
page's forms and the JSON api, refusals that change nothing, polling, the host's controls,
the rematch."""

from __future__ import annotations

import random
import re

import pytest

from bots.stand_in import stand_in_step
from webapp import create_app
from webapp.games.seats import new_seed

from .conftest import Phone, Seeds

REAL_NEW_SEED = new_seed


@pytest.fixture(autouse=True)
def fixed_seeds(seeds: Seeds) -> None:
    """Games get the seeds "seed-1", "seed-2", ...: the same dice on every run."""
    seeds.prefix = "seed"


def store_of(app):
    return app.extensions["store"]


def create(phone: Phone, seats: int = 2, name: str = "Ann", dice: str = "app",
           mirror: bool = False) -> str:
    """Create a table from the form; the table's code."""
    phone.get("/rollwrite/new")
    data = {"seats": str(seats), "name": name, "dice": dice}
    if mirror:
        data["mirror"] = "on"
    resp = phone.post("/rollwrite/new", data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    code = resp.headers["Location"].rsplit("/", 1)[1]
    phone.get(f"/rollwrite/{code}")
    return code


def join(phone: Phone, code: str, seat: int, name: str) -> object:
    phone.get(f"/rollwrite/{code}/join")
    return phone.post(f"/rollwrite/{code}/join", {"seat": str(seat), "name": name})


def api(phone: Phone, code: str) -> dict:
    resp = phone.client.get(f"/rollwrite/{code}/api")
    assert resp.status_code == 200
    return resp.get_json()


def act(phone: Phone, code: str, action: str, seq: int | None = None, **kw) -> object:
    if seq is None:
        seq = api(phone, code)["seq"]
    return phone.post(f"/rollwrite/{code}/act", {"seq": str(seq), "action": action}, **kw)


def host_pass(phone: Phone, code: str, seat: int, seq: int | None = None) -> object:
    """The host's "Pass for absent player" for a seat, sent from a page at `seq` (now)."""
    if seq is None:
        seq = api(phone, code)["seq"]
    return phone.post(f"/rollwrite/{code}/host/pass/{seat}", {"seq": str(seq)})


def table_of(app, phones: list[Phone], seats: int = 2, dice: str = "app") -> str:
    """A table with every seat taken: phones[0] hosts, phones[i] sits at seat i."""
    code = create(phones[0], seats, dice=dice)
    for i in range(1, seats):
        assert join(phones[i], code, i, f"P{i + 1}").status_code == 303
    return code


def texts(app, code: str) -> list[str]:
    store = store_of(app)
    return [r.text for r in store.log(store.game(code))]


# ------------------------------------------------------------------------- create and join
def test_new_table_form_offers_seats_dice_and_mirror(phone):
    html = phone.get("/rollwrite/new").get_data(as_text=True)
    for field in ('name="seats"', 'name="name"', 'name="mirror"', 'value="app"', 'value="real"'):
        assert field in html


@pytest.mark.both_databases
def test_creating_a_table_seats_the_host_and_sets_both_cookies(app, phone):
    phone.get("/rollwrite/new")
    resp = phone.post("/rollwrite/new", {"seats": "3", "name": "  Ann  ", "dice": "real",
                                 "mirror": "on"})
    assert resp.status_code == 303
    code = resp.headers["Location"].rsplit("/", 1)[1]
    cookies = resp.headers.getlist("Set-Cookie")
    for name in (f"seat_{code}=", f"host_{code}="):
        line = next(c for c in cookies if c.startswith(name))
        assert "HttpOnly" in line and "SameSite=Lax" in line
    store = store_of(app)
    game = store.game(code)
    assert (game.kind, game.edition) == ("table", "rollwrite")
    assert game.config["players"] == ["Ann", "Seat 2", "Seat 3"]
    assert game.config["options"] == {"mirror": True, "dice": "manual"}
    assert game.config["seed"] == "seed-1"
    seats = store.seats(game)
    assert seats[0].name == "Ann" and seats[0].taken and not seats[1].taken
    html = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
    assert code in html and "QR code" in html  # the host sees the code and the QR code


def test_new_seeds_are_random_strings():
    seeds = {REAL_NEW_SEED() for _ in range(3)}
    assert len(seeds) == 3 and all(isinstance(s, str) and len(s) == 16 for s in seeds)


def test_bad_new_table_input_is_refused_with_a_message_and_nothing_created(app, phone):
    phone.get("/rollwrite/new")
    resp = phone.post("/rollwrite/new", {"seats": "5", "name": "Ann", "dice": "app"})
    assert resp.status_code == 400 and "2 to 4 seats" in resp.get_data(as_text=True)
    resp = phone.post("/rollwrite/new", {"seats": "2", "name": "   ", "dice": "app"})
    assert resp.status_code == 400 and "1 to 40 characters" in resp.get_data(as_text=True)
    resp = phone.post("/rollwrite/new", {"seats": "2", "name": "x" * 41, "dice": "app"})
    assert resp.status_code == 400
    with store_of(app).engine.connect() as conn:
        from sqlalchemy import text
        assert conn.execute(text("select count(*) from games")).scalar() == 0


def test_join_by_code_goes_to_the_join_page(app, phones):
    code = create(phones[0])
    resp = phones[1].get(f"/rollwrite/join?code= {code.lower()[:3]} {code.lower()[3:]}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{code}/join")


def test_unknown_code_gets_a_404_page_no_such_table(phones):
    for url in ("/rollwrite/join?code=ZZZZZZ", "/rollwrite/ZZZZZZ", "/rollwrite/ZZZZZZ/join",
                "/rollwrite/ZZZZZZ/api"):
        resp = phones[0].get(url)
        assert resp.status_code == 404, url
        assert "No such table" in resp.get_data(as_text=True)


@pytest.mark.both_databases
def test_joining_claims_the_seat_and_a_taken_seat_gets_409(app, phones):
    code = create(phones[0], 3)
    assert join(phones[1], code, 1, "Bo").status_code == 303
    assert api(phones[1], code)["seat"] == 1
    resp = join(phones[2], code, 1, "Cy")
    assert resp.status_code == 409
    assert "took seat 2" in resp.get_data(as_text=True)
    assert api(phones[2], code)["seat"] is None
    resp = join(phones[2], code, 0, "Cy")  # the host's seat is taken too
    assert resp.status_code == 409


def test_join_refuses_a_missing_or_too_long_name(app, phones):
    code = create(phones[0])
    assert join(phones[1], code, 1, "").status_code == 400
    resp = join(phones[1], code, 1, "y" * 41)
    assert resp.status_code == 400 and "1 to 40 characters" in resp.get_data(as_text=True)
    assert not store_of(app).seats(store_of(app).game(code))[1].taken


def test_a_name_with_html_is_shown_as_text_everywhere(app, phones):
    # names may be up to 40 characters, so `<script>alert(1)</script>` (25) itself is a name:
    # tests/web/test_security.py follows it through every page of a whole game
    assert join(phones[2], create(phones[3]), 1, "<script>alert(1)</script>").status_code == 303
    code = create(phones[0], 2, name="<script>alert(1)</b>")
    assert join(phones[1], code, 1, "<img src=x onerror=f()>").status_code == 303
    act(phones[0], code, "p1 setup none")
    urls = [f"/rollwrite/{code}", f"/rollwrite/{code}/log", f"/rollwrite/{code}/sheet/0",
            f"/rollwrite/{code}/sheet/1",
            f"/rollwrite/{code}/join", f"/rollwrite/{code}/poll?seq=-1"]
    for phone in phones[:3]:
        for url in urls:
            html = phone.client.get(url).get_data(as_text=True)
            assert "<script>alert" not in html and "<img src=x" not in html, url
    html = phones[1].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "&lt;script&gt;alert(1)&lt;/b&gt;" in html and "&lt;img src=x onerror=f()&gt;" in html


# ------------------------------------------------------------------------- acting
def test_an_action_for_another_seat_is_refused_with_403_and_nothing_changes(app, phones):
    code = table_of(app, phones, 2)
    before = texts(app, code)
    resp = act(phones[1], code, "p1 setup none")
    assert resp.status_code == 403 and "another seat" in resp.get_data(as_text=True)
    assert texts(app, code) == before


def test_a_phone_without_a_seat_cannot_act(app, phones):
    code = create(phones[0])
    phones[3].get(f"/rollwrite/{code}")
    resp = act(phones[3], code, "p2 setup none", seq=0)
    assert resp.status_code == 403 and texts(app, code) == []


def test_an_illegal_move_shows_the_engines_message_and_changes_nothing(app, phones):
    """RULES 3.6: two players start with the setup; a roll now is refused by the engine."""
    code = table_of(app, phones, 2)
    before = texts(app, code)
    resp = act(phones[0], code, "p1 end")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Not now" in html  # headline from the refusal code
    assert "starting track" in html  # the engine's own words
    assert 'id="table"' in html  # with the page, so the player can go on
    resp = act(phones[0], code, "p1 frobnicate")
    assert resp.status_code == 422 and "no such move" in resp.get_data(as_text=True)
    assert texts(app, code) == before


def test_a_post_without_the_csrf_token_is_refused_with_400(app, phones):
    assert app.config.get("WTF_CSRF_ENABLED", True) is True  # TESTING keeps CSRF on
    code = table_of(app, phones, 2)
    resp = phones[0].client.post(f"/rollwrite/{code}/act", data={"seq": "0",
                                                                 "action": "p1 setup none"})
    assert resp.status_code == 400 and "Page expired" in resp.get_data(as_text=True)
    resp = phones[3].client.post("/rollwrite/new", data={"seats": "2", "name": "X", "dice": "app"})
    assert resp.status_code == 400
    assert texts(app, code) == []


@pytest.mark.both_databases
def test_two_identical_submissions_at_one_seq_apply_once_and_the_other_gets_409(app, phones):
    code = table_of(app, phones, 3)
    state = api(phones[0], code)
    roll = state["legal"][0]
    assert roll == "p1 roll"  # the app's dice: rolled by the server when posted (issue 42)
    first = act(phones[0], code, roll, seq=state["seq"])
    second = act(phones[0], code, roll, seq=state["seq"])
    assert sorted([first.status_code, second.status_code]) == [303, 409]
    assert "Someone moved first" in second.get_data(as_text=True)
    assert len(texts(app, code)) == 1 and re.fullmatch(r"p1 roll [RBPGYW]{5}",
                                                       texts(app, code)[0])


@pytest.mark.both_databases
def test_passive_players_may_act_on_a_page_that_is_one_pick_behind(app, phones):
    """RULES 3.4.3: passive players pick at the same time; a stale page is fine for them."""
    code = table_of(app, phones, 3)
    play_until(phones, code, lambda v: v["phase"] == "passive" and len(v["to_act"]) == 2)
    seq = api(phones[1], code)["seq"]
    a1, a2 = api(phones[1], code)["legal"][-1], api(phones[2], code)["legal"][-1]
    assert act(phones[1], code, a1, seq=seq).status_code == 303
    assert act(phones[2], code, a2, seq=seq).status_code == 303


def test_who_picked_a_die_shows_while_players_pick_and_not_in_the_next_turn(app, phones):
    """RULES 3.4.3: the dice show the initials of the passive players who took them while
    they pick; the engine keeps those picks until the next pick phase, the page does not."""
    code = table_of(app, phones, 3)
    play_until(phones, code, lambda v: v["phase"] == "passive" and len(v["to_act"]) == 1
               and any(d["picked_by"] for d in v["dice"]))
    assert 'class="pickers"' in phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    view = play_until(phones, code, lambda v: v["phase"] != "passive" and v["dice"])
    assert any(d["picked_by"] for d in view["dice"])  # still in the engine's view
    assert 'class="pickers"' not in phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)


def test_a_passive_player_takes_back_a_pick_while_others_still_pick(app, phones):
    """RULES 5.15: an unpick is allowed until every passive player is done."""
    code = table_of(app, phones, 3)
    play_until(phones, code, lambda v: v["phase"] == "passive" and len(v["to_act"]) == 2
               and any(not d["used"] for d in v["dice"]))
    info = api(phones[1], code)
    pick = next(a for a in info["legal"] if " pick " in a)
    assert act(phones[1], code, pick, seq=info["seq"]).status_code == 303
    html = phones[1].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Take back my last pick" in html and 'value="p2 unpick"' in html
    assert act(phones[1], code, "p2 unpick").status_code == 303
    assert texts(app, code)[-2:] == [pick, "p2 unpick"]
    assert "takes back the pick" in phones[2].get(f"/rollwrite/{code}").get_data(as_text=True)


def test_a_manual_roll_takes_the_faces_the_player_tapped(app, phones):
    code = table_of(app, phones, 3, dice="real")
    info = api(phones[0], code)
    assert info["legal"] == [] and info["roll_faces"] == 5
    html = phones[0].get(f"/rollwrite/{code}?faces=RB").get_data(as_text=True)
    assert f'href="/rollwrite/{code}?faces=RBW"' in html  # the next tap adds a letter
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": str(info["seq"]), "faces": "RBPGW"})
    assert resp.status_code == 303
    assert texts(app, code) == ["p1 roll RBPGW"]
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "1", "faces": "RRR"})
    assert resp.status_code == 422


def test_the_reroll_and_change_forms_send_the_ticked_dice(app, phones):
    """RULES 3.4.1: red ★ rerolls chosen dice (two red ★ at the start); green ★ needs a mark."""
    code = table_of(app, phones, 3)
    act(phones[0], code, api(phones[0], code)["legal"][0])
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "1", "step": "reroll"})
    assert resp.status_code == 400 and "Tick the dice" in resp.get_data(as_text=True)
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "1", "step": "change", "to": "R"})
    assert resp.status_code == 400
    other = "R" if texts(app, code)[0][8] != "R" else "B"
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "1", "step": "change", "change": "1",
                                             "to": other})
    assert resp.status_code == 422 and "green ★" in resp.get_data(as_text=True)
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "1", "step": "reroll",
                                             "reroll": ["1", "3"]})
    assert resp.status_code == 303
    assert texts(app, code)[1:] == ["p1 reroll 1,3"]
    roll = api(phones[0], code)["legal"]
    assert roll == ["p1 roll"]  # the faces are rolled by the server when it is posted
    assert "Reroll dice 1, 3" in phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert act(phones[0], code, roll[0]).status_code == 303
    assert re.fullmatch(r"p1 roll [RBPGYW]{2}", texts(app, code)[-1])  # the two dice


def test_json_clients_get_json_answers(app, phones):
    code = table_of(app, phones, 3)
    info = api(phones[0], code)
    assert info["seat"] == 0 and info["view"]["schema"] == 1
    resp = phones[0].client.post(
        f"/rollwrite/{code}/act", json={"seq": info["seq"], "action": info["legal"][0]},
        headers={"X-CSRFToken": phones[0].token},
    )
    assert resp.status_code == 200 and resp.get_json()["ok"] is True
    assert resp.get_json()["seq"] == 1
    resp = phones[0].client.post(
        f"/rollwrite/{code}/act", json={"seq": 1, "action": "p1 extra a9"},
        headers={"X-CSRFToken": phones[0].token},
    )
    assert resp.status_code == 422 and resp.get_json()["ok"] is False
    assert resp.get_json()["code"] == "illegal_placement"
    assert resp.get_json()["title"] == "It cannot go there"


def test_a_request_body_over_the_limit_gets_413(app, phones):
    code = table_of(app, phones, 2)
    resp = phones[0].post(f"/rollwrite/{code}/act", {"seq": "0", "action": "p1 setup none",
                                             "pad": "x" * (70 * 1024)})
    assert resp.status_code == 413 and texts(app, code) == []


# ------------------------------------------------------------------------- the page
def test_the_page_offers_exactly_the_legal_choices_grouped_by_tile(app, phones):
    code = table_of(app, phones, 3)
    act(phones[0], code, api(phones[0], code)["legal"][0])  # roll
    info = api(phones[0], code)
    html = phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    chooses = [a for a in info["legal"] if " choose " in a]
    assert chooses
    for a in chooses:
        assert f'value="{a}"' in html
    offered = set(re.findall(r'name="action" value="(p1 choose [^"]+)"', html))
    assert offered == set(chooses)
    # the passive phones see no choice, only what they wait for
    other = phones[1].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "choose" not in " ".join(re.findall(r'name="action" value="([^"]+)"', other))


def test_tapping_a_cell_previews_a_placement_and_offers_its_draws(app, phones):
    code = table_of(app, phones, 3)
    act(phones[0], code, api(phones[0], code)["legal"][0])
    info = api(phones[0], code)
    choose = next(a for a in info["legal"] if " choose " in a)
    assert act(phones[0], code, choose).status_code == 303
    draws = [a for a in api(phones[0], code)["legal"] if " draw " in a]
    cells = draws[0].split(":")[1].split(",")
    html = phones[0].get(f"/rollwrite/{code}?cell={cells[0].lower()}").get_data(as_text=True)
    first = re.findall(r'name="action" value="(p1 draw [^"]+)"', html)
    assert first and set(first) <= set(draws)
    assert any(c.upper() in d.split(":")[1].split(",") for d in first for c in cells)
    html2 = phones[0].get(f"/rollwrite/{code}?cell={cells[0].lower()}&k=1").get_data(as_text=True)
    second = re.findall(r'name="action" value="(p1 draw [^"]+)"', html2)
    assert set(second) <= set(draws)
    assert act(phones[0], code, first[0]).status_code == 303
    assert texts(app, code)[-1] == first[0]


def test_htmx_requests_get_the_fragment_only(app, phones):
    code = table_of(app, phones, 2)
    html = phones[0].client.get(f"/rollwrite/{code}", headers={"HX-Request": "true"}).get_data(
        as_text=True)
    assert html.lstrip().startswith("<section id=\"table\"") and "<html" not in html


def test_links_that_leave_the_table_page_are_not_swapped_into_it(app, phones):
    """htmx swaps only the table page's own fragment; a log, sheet or join page loads whole."""
    code = create(phones[0], 3)
    act(phones[0], code, api(phones[0], code)["legal"][0])
    for phone in (phones[0], phones[3]):
        html = phone.get(f"/rollwrite/{code}").get_data(as_text=True)
        links = re.findall(r"<a ([^>]*)>", html[html.index('id="table"'):])
        assert links
        for attrs in links:
            href = re.search(r'href="([^"]*)"', attrs).group(1)
            stays = re.fullmatch(rf"/rollwrite/{code}(\?.*)?", href) is not None
            assert stays or 'hx-boost="false"' in attrs, href


@pytest.mark.both_databases
def test_poll_answers_204_until_the_game_moves(app, phones):
    code = table_of(app, phones, 2)
    resp = phones[1].client.get(f"/rollwrite/{code}/poll?seq=0", headers={"HX-Request": "true"})
    assert resp.status_code == 204 and resp.data == b""
    act(phones[0], code, "p1 setup none")
    resp = phones[1].client.get(f"/rollwrite/{code}/poll?seq=0", headers={"HX-Request": "true"})
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert 'id="table"' in html and "seq=1" in html  # the new fragment polls from seq 1


@pytest.mark.both_databases
def test_version_has_an_etag_and_answers_304_when_unchanged(app, phones):
    code = table_of(app, phones, 2)
    resp = phones[1].client.get(f"/rollwrite/{code}/version")
    assert resp.status_code == 200 and resp.get_json()["seq"] == 0
    assert resp.get_json()["status"] == "open"
    etag = resp.headers["ETag"]
    again = phones[1].client.get(f"/rollwrite/{code}/version", headers={"If-None-Match": etag})
    assert again.status_code == 304
    act(phones[0], code, "p1 setup none")
    moved = phones[1].client.get(f"/rollwrite/{code}/version", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.get_json()["seq"] == 1


def test_sheet_log_and_qr_pages(app, phones):
    code = table_of(app, phones, 2)
    act(phones[0], code, "p1 setup G")
    html = phones[3].get(f"/rollwrite/{code}/sheet/0").get_data(as_text=True)
    assert "Sheet of Ann" in html and "building" in html
    assert phones[3].get(f"/rollwrite/{code}/sheet/7").status_code == 404
    log = phones[3].get(f"/rollwrite/{code}/log").get_data(as_text=True)
    assert "p1 setup G" in log and "marks box 1 of the green track" in log
    qr = phones[3].client.get(f"/rollwrite/{code}/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml" and b"<svg" in qr.data


def test_a_watcher_sees_the_join_prompt_and_no_buttons(app, phones):
    code = create(phones[0], 3)
    html = phones[3].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Join this table" in html and 'name="action"' not in html


@pytest.mark.both_databases
def test_the_game_survives_a_restart_of_the_app(app, phones, tmp_path, deps):
    code = table_of(app, phones, 2)
    act(phones[0], code, "p1 setup G")
    url = app.config["DATABASE_URL"]  # the same database (SQLite file or PostgreSQL schema)
    fresh = create_app({"TESTING": True, "DATABASE_URL": url, "SECRET_KEY": "test-secret",
                        "HTMX_URL": "/static/vendor/htmx.min.js"}, deps)
    try:
        client = fresh.test_client()
        for cookie in phones[0].client._cookies.values():  # the same phone, a new server
            client.set_cookie(cookie.key, cookie.value, domain=cookie.domain)
        info = client.get(f"/rollwrite/{code}/api").get_json()
        assert info["seq"] == 1 and info["seat"] == 0
        assert info["view"]["tracks"][0]["green"]["marked"] == 2
        assert "Ann" in client.get(f"/rollwrite/{code}").get_data(as_text=True)
    finally:
        fresh.extensions["store"].engine.dispose()


# ------------------------------------------------------------------------- host
def test_host_controls_need_the_host_cookie(app, phones):
    code = table_of(app, phones, 2)
    for url in (f"/rollwrite/{code}/host/free/1", f"/rollwrite/{code}/host/pass/1"):
        assert phones[1].post(url).status_code == 403
    assert store_of(app).seats(store_of(app).game(code))[1].taken


@pytest.mark.both_databases
def test_host_frees_a_seat_and_its_phone_loses_it(app, phones):
    code = table_of(app, phones, 2)
    assert phones[0].post(f"/rollwrite/{code}/host/free/1").status_code == 303
    assert api(phones[1], code)["seat"] is None
    assert join(phones[2], code, 1, "Cy").status_code == 303
    assert api(phones[2], code)["seat"] == 1


def test_host_passes_for_an_absent_player(app, phones):
    """RULES 3.6 / 5.10: the setup boxes are optional; the host declines them for a free seat."""
    code = create(phones[0], 2)
    html = phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Pass for absent player" in html
    assert host_pass(phones[0], code, 1).status_code == 303
    store = store_of(app)
    rows = store.log(store.game(code))
    assert [(r.text, r.by_host) for r in rows] == [("p2 setup none", True)]
    assert host_pass(phones[0], code, 1).status_code == 409  # nothing left to do


def test_host_plays_an_absent_active_players_turn_to_its_end(app, phones):
    code = create(phones[0], 3)
    state = store_of(app).state(store_of(app).game(code))
    assert stand_in_step(state, 1) is None  # not seat 2's turn
    # seat 1 (p1) is the host; let the host play p1's turn through the host control too
    assert host_pass(phones[0], code, 0).status_code == 303
    view = api(phones[0], code)["view"]
    assert view["phase"] == "passive" or view["active"] == 1
    assert all(r.by_host for r in store_of(app).log(store_of(app).game(code)))


# ------------------------------------------------------------------------- whole game, rematch
def play_until(phones: list[Phone], code: str, stop, rng: random.Random | None = None,
               limit: int = 2000) -> dict:
    """Random legal actions from every seat (through /api and /act) until `stop(view)`."""
    rng = rng or random.Random(7)
    for _ in range(limit):
        infos = [api(p, code) for p in phones]
        view = infos[0]["view"]
        if stop(view):
            return view
        movers = [(p, i) for p, i in zip(phones, infos) if i["legal"]]
        assert movers, "nobody can move in a game that is not over"
        phone, info = rng.choice(movers)
        options = [a for a in info["legal"] if not a.endswith(" undo")] or info["legal"]
        resp = act(phone, code, rng.choice(options), seq=info["seq"])
        assert resp.status_code == 303, resp.get_data(as_text=True)[:400]
    raise AssertionError("the game did not reach the wanted point")


@pytest.mark.both_databases
def test_a_whole_two_player_game_through_the_app_ends_with_the_final_scores(app, phones):
    """RULES 3.5: the game ends after the round in which someone reaches 12; the winner has
    the highest score, then the fewest empty cells."""
    code = table_of(app, phones, 2)
    view = play_until(phones[:2], code, lambda v: v["over"], random.Random(3))
    scores = [p["score"] for p in view["players"]]
    assert max(scores) >= 12 or view["end_reason"]
    assert view["winners"] and all(scores[w] == max(scores) for w in view["winners"])
    html = phones[1].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert "Game over" in html and "Play again" in html
    names = ["Ann", "P2"]
    if len(view["winners"]) == 1:
        assert f"{names[view['winners'][0]]} wins!" in html
    final = html[html.index('class="final"'):html.index("</table>", html.index('class="final"'))]
    order = sorted(view["players"], key=lambda p: (-p["score"], p["empty_cells"]))
    header = re.findall(r'<th scope="col"[^>]*>(?:★ )?([^<]+)</th>', final)
    assert header == [names[p["seat"]] for p in order]
    rows = [[int(x) for x in re.findall(r"<td>(\d+)</td>", r)]
            for r in re.findall(r"<tr[^>]*><th scope=\"row\">.*?</tr>", final, re.S)]
    keys = ["empty_cells", "rows_completed", "columns_completed", "windows_only_lines",
            "tracks_completed"]
    assert rows[0] == [p["score"] for p in order]
    assert rows[1:] == [[view["summary"][p["seat"]][k] for p in order] for k in keys]
    assert store_of(app).game(code).status == "over"
    # a rematch: every phone lands in its own seat of the new game
    resp = phones[1].post(f"/rollwrite/{code}/again")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/rollwrite/{code}/next")
    new_code = phones[1].client.get(f"/rollwrite/{code}/next").headers["Location"].rsplit("/", 1)[1]
    assert new_code != code
    poll = phones[0].client.get(f"/rollwrite/{code}/poll?seq=0", headers={"HX-Request": "true"})
    assert poll.headers["HX-Redirect"] == f"/rollwrite/{code}/next"
    phones[0].client.get(f"/rollwrite/{code}/next")
    assert api(phones[0], new_code)["seat"] == 0 and api(phones[1], new_code)["seat"] == 1
    assert api(phones[3], new_code)["seat"] is None
    assert phones[3].client.get(f"/rollwrite/{code}/next").status_code == 303
    assert api(phones[3], new_code)["seat"] is None  # a watcher gets no seat
    assert "Table code" in phones[0].get(f"/rollwrite/{new_code}").get_data(as_text=True)  # host
    fresh = store_of(app).game(new_code)
    assert fresh.config["players"] == names and fresh.parent_id == store_of(app).game(code).id
    assert phones[0].post(f"/rollwrite/{code}/again").status_code == 303  # a second tap: same game
    assert store_of(app).game(code).next_code == new_code


@pytest.mark.both_databases
def test_again_needs_a_finished_game_and_a_seat(app, phones):
    code = table_of(app, phones, 2)
    assert phones[0].post(f"/rollwrite/{code}/again").status_code == 409
    phones[3].get(f"/rollwrite/{code}")
    assert phones[3].post(f"/rollwrite/{code}/again").status_code == 403


def reachable(phone: Phone, code: str, action: str) -> bool:
    """Whether the page offers this legal action: as a button, or after the taps the page
    links to (a cell for a placement, an extra cell or a coat of arms; the k-th position)."""
    def offered(url: str) -> bool:
        return f'value="{action}"' in phone.client.get(url).get_data(as_text=True)

    base = f"/rollwrite/{code}"
    if offered(base):
        return True
    words = action.split()
    if words[1] == "reroll":
        return 'name="reroll"' in phone.client.get(base).get_data(as_text=True)
    if words[1] == "change":
        return 'name="change"' in phone.client.get(base).get_data(as_text=True)
    if words[1] == "extra":
        return offered(f"{base}?mode=extra&cell={words[2].lower()}")
    if words[1] == "arms" and words[2] != "track":
        return offered(f"{base}?cell={words[2]}")
    if words[1] == "draw":
        cell = words[2].split(":")[1].split(",")[0].lower()
        return any(offered(f"{base}?cell={cell}&k={k}") for k in range(12))
    return False


def test_every_legal_action_can_be_reached_from_the_page(app, phones):
    """Whatever the engine allows, a phone can do by taps (sampled over a 3-player game)."""
    code = table_of(app, phones, 3)
    rng = random.Random(11)
    wanted = {"roll", "reroll", "change", "choose", "draw", "extra", "arms", "undo", "end",
              "pick", "pass"}  # the fixed seeds reach every kind of step
    checked: dict[str, int] = {}
    for _ in range(300):
        if wanted <= set(checked):
            break
        infos = [api(p, code) for p in phones[:3]]
        movers = [(p, i) for p, i in zip(phones, infos) if i["legal"]]
        if not movers:
            break
        phone, info = rng.choice(movers)
        by_verb: dict[str, list[str]] = {}
        for a in info["legal"]:
            by_verb.setdefault(a.split()[1], []).append(a)
        for verb, options in by_verb.items():
            if checked.get(verb, 0) < 4:  # a few samples of each kind keep the test quick
                sample = rng.choice(options)
                assert reachable(phone, code, sample), sample
                checked[verb] = checked.get(verb, 0) + 1
        options = [a for a in info["legal"] if not a.endswith(" undo")] or info["legal"]
        assert act(phone, code, rng.choice(options), seq=info["seq"]).status_code == 303
    assert wanted <= set(checked)


def test_the_home_code_field_leads_to_the_right_kind_of_table(app, phones):
    """A card-edition or dice-only code typed on the home page reaches its own join page; a
    companion address never serves another kind of game."""
    store = app.extensions["store"]
    card = store.create_game("card", "boardgame", {"players": ["A", "B"], "seed": "s",
                                                   "options": {}}, 2)
    resp = phones[0].get(f"/rollwrite/join?code={card.code.lower()}")
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/card/{card.code}/join")
    assert phones[0].get(f"/rollwrite/{card.code}").status_code == 404
    assert phones[0].get(f"/rollwrite/{card.code}/api").status_code == 404


def test_a_polling_host_page_refreshes_when_someone_takes_a_seat(app, phones):
    """No move is made by a join, yet the host's page must name the newcomer."""
    code = create(phones[0], 3)
    html = phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    import re as _re

    poll = _re.search(r'hx-get="(/rollwrite/[^"]*/poll[^"]*)"', html).group(1).replace("&amp;", "&")
    htmx = {"HX-Request": "true"}
    assert phones[0].get(poll, headers=htmx).status_code == 204
    phones[1].get(f"/rollwrite/{code}/join")
    phones[1].post(f"/rollwrite/{code}/join", {"seat": "1", "name": "Ben"})
    resp = phones[0].get(poll, headers=htmx)
    assert resp.status_code == 200 and "Ben" in resp.get_data(as_text=True)


# ------------------------------------------------------------------------- seq, refusals, host
@pytest.mark.both_databases
@pytest.mark.parametrize("fields", [{}, {"seq": ""}, {"seq": "abc"}, {"seq": "-1"},
                                    {"seq": "1.5"}, {"seq": " "}])
def test_a_move_without_a_valid_seq_is_refused_with_400_and_nothing_applied(app, phones, fields):
    """A move must say which state of the game it was made on (the page's seq); without it the
    stale-page check could not work, so the move is refused and the player told to reload."""
    code = table_of(app, phones, 2)
    resp = phones[0].post(f"/rollwrite/{code}/act", {"action": "p1 setup none", **fields})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and "Reload the page" in html and 'id="table"' in html
    hx = phones[0].post(f"/rollwrite/{code}/act", {"action": "p1 setup none", **fields},
                        headers={"HX-Request": "true"})
    assert hx.status_code == 400 and hx.get_data(as_text=True).lstrip().startswith("<section")
    resp = phones[0].client.post(f"/rollwrite/{code}/act", json={"action": "p1 setup none",
                                                                 **fields},
                                 headers={"X-CSRFToken": phones[0].token})
    assert resp.status_code == 400 and resp.get_json()["ok"] is False
    assert "Reload" in resp.get_json()["error"]
    assert texts(app, code) == []
    assert act(phones[0], code, "p1 setup none", seq=0).status_code == 303  # with seq: played


def test_a_json_move_may_send_seq_as_a_number_but_not_as_true(app, phones):
    code = table_of(app, phones, 2)
    headers = {"X-CSRFToken": phones[0].token}
    resp = phones[0].client.post(f"/rollwrite/{code}/act", json={"seq": True,
                                                                 "action": "p1 setup none"},
                                 headers=headers)
    assert resp.status_code == 400 and texts(app, code) == []
    resp = phones[0].client.post(f"/rollwrite/{code}/act", json={"seq": 0,
                                                                 "action": "p1 setup none"},
                                 headers=headers)
    assert resp.status_code == 200 and texts(app, code) == ["p1 setup none"]


FORM_RE = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)


def test_every_template_form_that_makes_a_move_sends_the_seq():
    """Statically: each form of templates/companion/ posting to /act or to the host's pass
    carries the page's seq (a form without it would now be refused)."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "templates" / "companion"
    found = 0
    for path in sorted(folder.glob("*.html")):
        for attrs, body in FORM_RE.findall(path.read_text()):
            if "rollwrite.act" in attrs or "rollwrite.host_pass" in attrs:
                found += 1
                assert '<input type="hidden" name="seq" value="{{ seq }}">' in body, (
                    f"{path.name}: {attrs.strip()}")
    assert found >= 6  # act_form, manual roll, tile ways, reroll, change, host pass


def test_every_move_form_on_the_pages_of_a_game_carries_the_current_seq(app, phones):
    """Dynamically, over a game: every form the pages (and the cells they link to) show that
    posts a move names the seq the game stands at."""
    code = create(phones[0], 3)  # seat 3 stays free: the host's pass form shows too
    assert join(phones[1], code, 1, "Bo").status_code == 303
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(60):
        infos = [api(p, code) for p in phones[:2]]
        seq = infos[0]["seq"]
        for phone in phones[:2]:
            html = phone.client.get(f"/rollwrite/{code}").get_data(as_text=True)
            links = sorted(set(re.findall(rf'href="(/rollwrite/{code}\?[^"]+)"', html)))[:2]
            for page in [html] + [phone.client.get(u.replace("&amp;", "&")).get_data(
                    as_text=True) for u in links]:
                for attrs, body in FORM_RE.findall(page):
                    if "/act" in attrs or "/host/pass/" in attrs:
                        kinds.add("host" if "/host/" in attrs else "act")
                        assert f'name="seq" value="{seq}"' in body, attrs
        if infos[0]["view"]["over"]:
            break
        movers = [(p, i) for p, i in zip(phones, infos) if i["legal"]]
        if not movers:
            assert host_pass(phones[0], code, 2, seq).status_code == 303
            continue
        phone, info = rng.choice(movers)
        options = [a for a in info["legal"] if not a.endswith(" undo")] or info["legal"]
        assert act(phone, code, rng.choice(options), seq=info["seq"]).status_code == 303
    assert kinds == {"act", "host"}
    manual = table_of(app, phones[2:4], 2, dice="real")
    html = phones[2].get(f"/rollwrite/{manual}?faces=RBPGW").get_data(as_text=True)
    assert act(phones[2], manual, "p1 setup none", seq=0).status_code == 303
    assert act(phones[3], manual, "p2 setup none", seq=1).status_code == 303
    html = phones[2].get(f"/rollwrite/{manual}?faces=RBPGW").get_data(as_text=True)
    roll = [b for a, b in FORM_RE.findall(html) if 'name="faces"' in b]
    assert roll and 'name="seq" value="2"' in roll[0]


def test_the_host_passes_for_an_absent_player_while_the_others_pick(app, phones):
    """RULES 3.4.3: in the passive phase an absent player is passed by the host (`pass`, no
    pick), while a present passive player still picks; the host's page may be a pick behind."""
    code = create(phones[0], 3)  # seat 3 stays free
    assert join(phones[1], code, 1, "Bo").status_code == 303
    rng = random.Random(2)
    for _ in range(400):
        info = api(phones[0], code)
        view = info["view"]
        if view["phase"] == "passive" and 2 in view["to_act"] and len(view["to_act"]) == 2:
            break
        movers = [(p, i) for p, i in ((p, api(p, code)) for p in phones[:2]) if i["legal"]]
        if not movers:
            assert host_pass(phones[0], code, 2).status_code == 303
            continue
        phone, mine = rng.choice(movers)
        options = [a for a in mine["legal"] if a.split()[1] not in ("undo", "unpick")]
        assert act(phone, code, rng.choice(options), seq=mine["seq"]).status_code == 303
    else:
        raise AssertionError("no passive phase with the absent seat and a present one to pick")
    host_page = phones[0].get(f"/rollwrite/{code}").get_data(as_text=True)
    assert f"/rollwrite/{code}/host/pass/2" in host_page  # the control is offered for the free seat
    seen = info["seq"]
    present = next(s for s in view["to_act"] if s != 2)
    picker = phones[present]
    pick = next(a for a in api(picker, code)["legal"] if " pick " in a or a.endswith(" pass"))
    assert act(picker, code, pick, seq=seen).status_code == 303  # the other seat picks first
    assert host_pass(phones[0], code, 2, seen).status_code == 303  # a page one pick behind
    rows = store_of(app).log(store_of(app).game(code))
    assert (rows[-1].text, rows[-1].by_host, rows[-1].seat) == ("p3 pass", True, 2)
    assert (rows[-2].text, rows[-2].by_host) == (pick, False)
    assert 2 not in api(phones[0], code)["view"]["to_act"]
    assert host_pass(phones[0], code, 2).status_code == 409  # nothing left for that seat


def test_the_host_pass_needs_the_pages_seq(app, phones):
    code = create(phones[0], 2)
    resp = phones[0].post(f"/rollwrite/{code}/host/pass/1")
    assert resp.status_code == 400 and "Reload the page" in resp.get_data(as_text=True)
    assert texts(app, code) == []


@pytest.mark.both_databases
def test_the_host_pass_is_refused_when_that_seat_moved_since_the_hosts_page(app, phones):
    """A player who came back and moved is not passed on the strength of an older page: the
    host sees the game as it stands, and only then can play the rest of that turn."""
    code = table_of(app, phones, 3)
    play_until(phones[:3], code, lambda v: v["phase"] == "main" and v["active"] == 1
               and v["chosen"] is None)
    seen = api(phones[0], code)["seq"]
    choose = next(a for a in api(phones[1], code)["legal"] if " choose " in a)
    assert act(phones[1], code, choose, seq=seen).status_code == 303  # the player is back
    before = texts(app, code)
    resp = host_pass(phones[0], code, 1, seen)
    assert resp.status_code == 409 and "Someone moved first" in resp.get_data(as_text=True)
    assert texts(app, code) == before
    assert host_pass(phones[0], code, 1).status_code == 303  # from the page as it stands
    rows = store_of(app).log(store_of(app).game(code))[len(before):]
    assert rows and all(r.by_host and r.seat == 1 for r in rows)
    assert 1 not in api(phones[0], code)["view"]["to_act"]


@pytest.mark.parametrize("how", ["switch", "header"])
def test_a_refusal_is_shown_in_the_pages_language(app, phones, how):
    """An engine refusal is worded from its code and params in the page's language, not in
    the engine's English; the game does not change."""
    code = table_of(app, phones, 2)
    headers = {}
    if how == "switch":
        phones[0].get(f"/lang/fr?next=/rollwrite/{code}")
    else:
        headers = {"Accept-Language": "fr-FR,fr;q=0.9"}
    assert act(phones[0], code, "p1 setup none", seq=0, headers=headers).status_code == 303
    before = texts(app, code)
    resp = act(phones[0], code, "p1 setup G", seq=1, headers=headers)  # already chose
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and '<html lang="fr">' in html
    assert "Ce n’est pas votre tour" in html  # the headline
    assert "En attente des autres pour le choix de leur piste de départ." in html
    assert "already chosen a starting track" not in html  # not the engine's English
    assert texts(app, code) == before
    if how == "header":  # without the header the same phone gets English words again
        resp = act(phones[0], code, "p1 setup G", seq=1)
        assert "Waiting for the others to choose their starting track." in resp.get_data(
            as_text=True)


def test_a_refusal_with_a_name_in_it_uses_the_names_of_the_table(app, phones):
    """RULES 3.4: only the active player acts in the main phase; the refusal says whose turn
    it is, by the name the seat was taken under."""
    code = table_of(app, phones, 3)
    play_until(phones[:3], code, lambda v: v["phase"] == "main" and v["active"] == 0)
    seq = api(phones[1], code)["seq"]
    resp = act(phones[1], code, "p2 end", seq=seq)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "Not your turn" in html
    assert re.search(r"Turn \d+: Ann’s turn\.", html)
    de = act(phones[1], code, "p2 end", seq=seq, headers={"Accept-Language": "de"})
    assert "Du bist nicht dran" in de.get_data(as_text=True)


def test_refusal_wording_falls_back_to_the_engines_english_for_an_unworded_code(app):
    from facade.errors import IllegalAction
    from webapp.words.refusals import refusal_text

    with app.test_request_context(headers={"Accept-Language": "fr"}):
        plain = IllegalAction("dice are numbered 1 to 5")  # code `illegal`: no params
        said = refusal_text(plain, ["A", "B"], {"phase": "passive"})
        assert said.startswith("Ce coup n’est pas permis") and said != str(plain)
        unknown = IllegalAction("dice are numbered 1 to 5", "no_such_code")
        assert refusal_text(unknown, ["A", "B"], {"phase": "passive"}) == str(unknown)
        odd = IllegalAction("no such player", "no_such_player", player="x")  # odd params
        assert refusal_text(odd, ["A", "B"], {}) == "no such player"
        worded = IllegalAction("the game is over", "game_over")
        assert refusal_text(worded, ["A", "B"], {}) != str(worded)


# ------------------------------------------------------------------------- placement preview
def preview_cells(html: str) -> set[str]:
    """The cells the sheet shows as the previewed placement (class `preview`)."""
    return set(re.findall(r'<td class="cell[^"]*\bpreview\b[^"]*"[^>]*>\s*<(?:a|span)[^>]*'
                          r'(?:aria-label="|"visually-hidden">)([a-e]\d), ', html))


def test_the_rotate_link_shows_the_next_position_of_the_tile(app, phones):
    """Placing a tile: a tapped cell previews one legal placement over it (highlighted on the
    sheet and named in words), and "Rotate / next position" moves to another one."""
    code = table_of(app, phones, 3)
    play_until(phones[:3], code, lambda v: v["phase"] == "main" and v["active"] == 0
               and v["chosen"] is not None and not v["chosen"].get("drawn", False)
               and any(" draw " in a for a in api(phones[0], code)["legal"]))
    draws = [a for a in api(phones[0], code)["legal"] if " draw " in a]
    by_cell: dict[str, set[str]] = {}
    for d in draws:
        cells = frozenset(c.lower() for c in d.split(":")[1].split(","))
        for c in cells:
            by_cell.setdefault(c, set()).add(cells)
    cell = next(c for c, masks in sorted(by_cell.items()) if len(masks) > 1)
    html = phones[0].get(f"/rollwrite/{code}?cell={cell}").get_data(as_text=True)
    first = preview_cells(html)
    assert cell in first and frozenset(first) in by_cell[cell]
    named = re.search(r"Preview: ([a-e0-9 ]+)</p>", html)
    assert named and set(named.group(1).split()) == first  # in words too
    rotate = re.search(r'href="([^"]+)">Rotate / next position \(1 of (\d+)\)', html)
    assert rotate and int(rotate.group(2)) == len(by_cell[cell])
    html2 = phones[0].get(rotate.group(1).replace("&amp;", "&")).get_data(as_text=True)
    second = preview_cells(html2)
    assert cell in second and frozenset(second) in by_cell[cell] and second != first
    assert "Rotate / next position (2 of" in html2
    offered = re.findall(r'name="action" value="(p1 draw [^"]+)"', html2)
    assert offered and all({c.lower() for c in a.split(":")[1].split(",")} == second
                           for a in offered)
