"""Dice only: the shared dice screen for a table on paper pads (RULES 3.4 roll and reroll,
RULES 4 seeded dice), its state class and every route with its error paths."""

from __future__ import annotations

import re

import pytest
from flask import url_for

from facade.errors import IllegalAction
from rollwrite.dice import seeded_roll
from rollwrite.material import FACES, LETTER
from webapp.dice import routes as dice_pages
from webapp.games.dice_roller import DiceRoller
from webapp.games.routes import GamePages

DIE_RE = re.compile(r'class="die c-(\w+) die-big"')


def table(names: list[str | None] | None = None, seed: str = "s") -> DiceRoller:
    return DiceRoller({"players": names or ["Ann", "Bo"], "seed": seed})


def start(phone, names=("", ""), seed: str = "", count: str = "2") -> str:
    """Create a dice table through the form; its address."""
    phone.get("/d/new")
    resp = phone.post("/d/new", {"count": count, "name": list(names), "seed": seed})
    assert resp.status_code == 303, resp.get_data(as_text=True)
    return resp.headers["Location"]


def shown_dice(html: str) -> list[str]:
    """The faces of the big dice on a page."""
    return DIE_RE.findall(html)


def log_of(app, url: str) -> list[str]:
    store = app.extensions["store"]
    return store.state(store.game(url.rsplit("/", 1)[-1])).log


# ---------------------------------------------------------------------- the state class
def test_roll_gives_the_five_seeded_dice_of_the_turn_rules_3_4():
    t = table(seed="night")
    t.apply("roll")
    assert t.dice == seeded_roll("night", 1, 0) and len(t.dice) == 5
    assert t.log == ["roll"] and t.seq == 1


def test_reroll_changes_only_the_named_dice_rules_3_4():
    t = table(seed="night")
    t.apply("roll")
    before = t.dice
    t.apply("reroll 1, 3")
    fresh = seeded_roll("night", 1, 1)
    assert t.dice == (fresh[0], before[1], fresh[2], before[3], before[4])
    assert t.log == ["roll", "reroll 1,3"]
    t.apply("reroll 3")  # any number of rerolls: the pads count the red stars
    assert t.dice[2] == seeded_roll("night", 1, 2)[2] and t.turn.rerolls == 2


def test_next_passes_the_dice_clockwise_and_wraps_rules_3_4():
    t = table(["Ann", "Bo", None])
    for player in (0, 1, 2, 0):
        assert t.active == player and t.dice is None
        t.apply("roll")
        t.apply("next")
    assert t.turn.number == 5 and t.name(2) == "Player 3"


@pytest.mark.parametrize(
    ("lines", "bad", "code"),
    [
        ([], "reroll 1", "reroll_first"),
        ([], "next", "next_first"),
        (["roll"], "roll", "rolled"),
        (["roll"], "reroll 7", "bad_die"),
        (["roll"], "reroll 0", "bad_die"),
        (["roll"], "reroll x", "bad_die"),
        (["roll"], "reroll", "no_dice"),
        (["roll"], "reroll 2,2", "twice"),
        (["roll"], "pass", "unknown"),
        (["roll"], "roll RRRRR", "unknown"),
    ],
)
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(lines, bad, code):
    t = table()
    for line in lines:
        t.apply(line)
    before = (list(t.log), t.dice, t.active)
    with pytest.raises(IllegalAction) as err:
        t.apply(bad)
    assert err.value.code == code and str(err.value)
    assert (t.log, t.dice, t.active) == before


def test_replaying_the_log_gives_the_same_table_and_clone_is_independent():
    t = table(seed="x")
    for line in ("roll", "reroll 2,5", "next", "roll", "reroll 1"):
        t.apply(line)
    again = table(seed="x")
    for line in t.log:
        again.apply(line)
    assert again.dice == t.dice and again.active == t.active and again.seq == t.seq == 5
    copy = t.clone()
    copy.apply("next")
    assert t.seq == 5 and copy.seq == 6 and t.active == 1 and copy.active == 0
    assert not t.is_over()


@pytest.mark.parametrize(
    "config",
    [
        {"players": [], "seed": "s"},
        {"players": ["a"] * 5, "seed": "s"},
        {"players": ["x" * 41], "seed": "s"},
        {"players": [" "], "seed": "s"},
        {"players": ["a"], "seed": ""},
        {"players": ["a"], "seed": "s" * 41},
        {"players": "ab", "seed": "s"},
    ],
)
def test_a_bad_config_is_refused(config):
    with pytest.raises(IllegalAction):
        DiceRoller(config)


# ---------------------------------------------------------------------- creating a table
def test_home_page_links_to_the_dice_table(client):
    assert 'href="/d/new"' in client.get("/").get_data(as_text=True)


def test_new_table_form_asks_for_players_names_and_seed(phone):
    html = phone.get("/d/new").get_data(as_text=True)
    assert 'name="count"' in html and html.count('name="name"') == 4 and 'name="seed"' in html
    assert 'name="csrf_token"' in html


def test_new_table_has_numbered_players_by_default_and_no_dice_yet(phone):
    url = start(phone)
    assert re.fullmatch(r"/d/[A-Z2-9]{6}", url)
    html = phone.get(url).get_data(as_text=True)
    assert "Player 1 to play" in html and "Roll the dice" in html
    assert shown_dice(html) == []


def test_typed_names_are_used_and_add_players(app, phone):
    url = start(phone, names=("Ann", "", "Cleo <b>"), count="1")
    store = app.extensions["store"]
    game = store.game(url[-6:])
    assert game.kind == "dice" and game.edition == "dice"
    assert game.config["players"] == ["Ann", None, "Cleo <b>"]
    html = phone.get(url).get_data(as_text=True)
    assert "Ann to play" in html
    phone.post(url + "/act", {"seq": 0, "action": "roll"})
    html = phone.get(url).get_data(as_text=True)
    assert "Next: Player 2" in html
    for line in ("next", "roll", "next"):
        phone.post(url + "/act", {"seq": len(log_of(app, url)), "action": line})
    html = phone.get(url).get_data(as_text=True)
    assert "Cleo &lt;b&gt; to play" in html and "Cleo <b>" not in html  # escaped


@pytest.mark.parametrize(
    ("form", "message"),
    [
        ({"count": "0"}, "1 to 4 players"),
        ({"count": "5"}, "1 to 4 players"),
        ({"count": "many"}, "1 to 4 players"),
        ({"count": "2", "name": ["x" * 41]}, "at most 40 characters"),
        ({"count": "2", "seed": "s" * 41}, "at most 40 characters"),
    ],
)
def test_bad_new_table_form_is_shown_again_with_a_reason(app, phone, form, message):
    phone.get("/d/new")
    resp = phone.post("/d/new", form)
    assert resp.status_code == 400
    assert message in resp.get_data(as_text=True)
    with app.extensions["store"].engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM games").scalar() == 0


def test_new_table_without_the_csrf_token_is_refused(app, client):
    resp = client.post("/d/new", data={"count": "2"})
    assert resp.status_code == 400
    with app.extensions["store"].engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT count(*) FROM games").scalar() == 0


# ---------------------------------------------------------------------- playing
def test_roll_reroll_next_through_the_page_rules_3_4(app, phone):
    url = start(phone, seed="moon")
    resp = phone.post(url + "/act", {"seq": 0, "action": "roll"})
    assert resp.status_code == 303 and resp.headers["Location"] == url
    html = phone.get(url).get_data(as_text=True)
    rolled = list(seeded_roll("moon", 1, 0))
    assert shown_dice(html) == rolled
    for face in rolled:  # every die also shows its colour's mark, no letter
        assert f'class="die c-{face} die-big"><svg class="mark"' in html
        assert f'c-{face} die-big">{LETTER[face]}<' not in html
    phone.post(url + "/act", {"seq": 1, "action": "reroll", "die": ["2", "4"]})
    fresh = seeded_roll("moon", 1, 1)
    expected = [rolled[0], fresh[1], rolled[2], fresh[3], rolled[4]]
    html = phone.get(url).get_data(as_text=True)
    assert shown_dice(html) == expected and "reroll of 2, 4" in html
    phone.post(url + "/act", {"seq": 2, "action": "next"})
    html = phone.get(url).get_data(as_text=True)
    assert "Player 2 to play" in html and "Turn 2" in html and shown_dice(html) == []
    assert "Turn 1 · Player 1" in html  # the history says whose turn it was
    assert log_of(app, url) == ["roll", "reroll 2,4", "next"]


@pytest.mark.parametrize(
    ("before", "form", "message"),
    [
        ([], {"action": "reroll", "die": ["1"]}, "Roll the dice first"),
        ([], {"action": "next"}, "Roll the dice first"),
        (["roll"], {"action": "roll"}, "already rolled"),
        (["roll"], {"action": "reroll", "die": ["7"]}, "There is no die 7"),
        (["roll"], {"action": "reroll"}, "Choose the dice to reroll"),
        (["roll"], {"action": "dance"}, "cannot do that"),
    ],
)
def test_bad_action_gets_422_with_a_reason_and_the_log_is_unchanged(
    app, phone, before, form, message
):
    """Issue 38: a move the table refuses is a 422, as in both editions (it was a 400)."""
    url = start(phone)
    for i, line in enumerate(before):
        phone.post(url + "/act", {"seq": i, "action": line})
    resp = phone.post(url + "/act", {"seq": len(before), **form})
    assert resp.status_code == 422
    html = resp.get_data(as_text=True)
    assert message in html and 'id="dice-panel"' in html  # the table, its reason above
    assert log_of(app, url) == before


def test_action_without_a_move_number_is_refused(app, phone):
    url = start(phone)
    resp = phone.post(url + "/act", {"action": "roll"})
    assert resp.status_code == 400 and log_of(app, url) == []


@pytest.mark.both_databases
def test_stale_page_gets_409_and_the_move_is_not_made(app, phones):
    url = start(phones[0])
    phones[1].get(url)
    assert phones[0].post(url + "/act", {"seq": 0, "action": "roll"}).status_code == 303
    resp = phones[1].post(url + "/act", {"seq": 0, "action": "roll"})  # saw the table at 0
    assert resp.status_code == 409 and "Someone moved first" in resp.get_data(as_text=True)
    resp = phones[1].post(url + "/act", {"seq": 0, "action": "next"})
    assert resp.status_code == 409
    assert log_of(app, url) == ["roll"]


def test_action_without_the_csrf_token_is_refused(app, phone, client):
    url = start(phone)
    assert client.post(url + "/act", data={"seq": 0, "action": "roll"}).status_code == 400
    assert log_of(app, url) == []


def test_htmx_action_answers_with_the_dice_panel(app, phone):
    url = start(phone, seed="sun")
    hx = {"HX-Request": "true"}
    resp = phone.post(url + "/act", {"seq": 0, "action": "roll"}, headers=hx,
                      follow_redirects=True)  # htmx follows the 303 to the page, as htmx
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in html and 'id="dice-panel"' in html
    assert shown_dice(html) == list(seeded_roll("sun", 1, 0))
    resp = phone.post(url + "/act", {"seq": 1, "action": "roll"}, headers=hx)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 422 and "<html" not in html and 'id="dice-panel"' in html
    assert "already rolled" in html
    resp = phone.post(url + "/act", {"seq": 0, "action": "next"}, headers=hx)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 409 and 'id="dice-panel"' in html and "moved first" in html
    assert log_of(app, url) == ["roll"]


@pytest.mark.both_databases
def test_poll_is_204_until_the_table_changes_then_the_panel(phones):
    url = start(phones[0])
    hx = {"HX-Request": "true"}
    assert phones[1].get(url + "/poll?seq=0", headers=hx).status_code == 204
    phones[0].post(url + "/act", {"seq": 0, "action": "roll"})
    resp = phones[1].get(url + "/poll?seq=0", headers=hx)
    html = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in html and len(shown_dice(html)) == 5
    assert f'{url}/poll?seq=1"' in html  # the next poll asks from the new head
    assert phones[1].get(url + "/poll?seq=1", headers=hx).status_code == 204


def test_page_polls_every_1_5_s_and_offers_a_refresh_link(phone):
    url = start(phone)
    html = phone.get(url).get_data(as_text=True)
    assert 'hx-trigger="every 1.5s, push"' in html and f'hx-get="{url}/poll?seq=0"' in html
    assert f'href="{url}">Refresh</a>' in html


def test_same_seed_gives_the_same_rolls_on_two_tables_rules_4(app, phones):
    a, b = start(phones[0], seed="Friday"), start(phones[1], seed="Friday")
    c = start(phones[2], seed="Saturday")
    seen: dict[str, list[list[str]]] = {a: [], b: [], c: []}
    script = [("roll", []), ("reroll", ["1", "5"]), ("next", []), ("roll", []),
              ("reroll", ["3"]), ("next", []), ("roll", [])]
    for url, phone in ((a, phones[0]), (b, phones[1]), (c, phones[2])):
        for seq, (action, dice) in enumerate(script):
            phone.post(url + "/act", {"seq": seq, "action": action, "die": dice})
            seen[url].append(shown_dice(phone.get(url).get_data(as_text=True)))
    assert seen[a] == seen[b]
    assert seen[a] != seen[c]
    assert all(f in FACES for faces in seen[a] for f in faces)
    watcher = phones[3].get(a).get_data(as_text=True)  # any phone opening the link
    assert shown_dice(watcher) == seen[a][-1]


def test_unseeded_tables_get_their_own_seed(app, phones):
    a, b = start(phones[0]), start(phones[1])
    store = app.extensions["store"]
    seeds = [store.game(u[-6:]).config["seed"] for u in (a, b)]
    assert seeds[0] != seeds[1] and all(seeds)
    assert "Seed:" not in phones[0].get(a).get_data(as_text=True)
    assert "Seed: Friday" in phones[0].get(start(phones[0], seed="Friday")).get_data(
        as_text=True)


def test_page_shows_the_code_link_and_qr_code(phone):
    url = start(phone)
    code = url[-6:]
    html = phone.get(url).get_data(as_text=True)
    assert code in html and f'href="http://localhost{url}"' in html
    assert f'src="{url}/qr.svg"' in html
    resp = phone.get(url + "/qr.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    assert resp.get_data(as_text=True).startswith("<svg") and f"<title>{code}</title>" in (
        resp.get_data(as_text=True))


@pytest.mark.parametrize("suffix", ["", "/poll?seq=0", "/qr.svg"])
def test_unknown_table_code_is_404(client, suffix):
    resp = client.get("/d/ZZZZZZ" + suffix)
    assert resp.status_code == 404
    assert "There is no table with the code" in resp.get_data(as_text=True)


def test_another_kind_of_game_is_not_a_dice_table(app, client):
    game = app.extensions["store"].create_game(
        "table", "rollwrite", {"players": ["A", "B"], "seed": 1}, seat_count=2)
    assert client.get(f"/d/{game.code}").status_code == 404
    assert client.post(f"/d/{game.code}/act").status_code in (400, 404)


def test_lower_case_code_finds_the_table(phone):
    url = start(phone)
    assert phone.get(url.lower()).status_code == 200


# ---------------------------------------------------------------------- on the shared routes
def test_the_table_is_an_adapter_on_the_shared_game_routes(app):
    """Issue 38: the table's page, poll and moves are the shared game routes' (the editions'
    own), at the addresses the table always had; only its form and its QR code are its own."""
    assert isinstance(dice_pages.pages, GamePages)
    rules = {r.rule: r.endpoint for r in app.url_map.iter_rules() if r.rule.startswith("/d/")}
    shared = {app.view_functions[e].__func__ for r, e in rules.items()
              if r in ("/d/<code>", "/d/<code>/poll", "/d/<code>/act")}
    assert shared == {GamePages.page, GamePages.poll, GamePages.act}
    assert set(rules) == {"/d/new", "/d/<code>", "/d/<code>/poll", "/d/<code>/act",
                          "/d/<code>/qr.svg"}


def test_the_old_addresses_and_endpoint_keep_working(app, phone):
    url = start(phone, seed="old")
    code = url.rsplit("/", 1)[-1]
    with app.test_request_context():
        assert url_for("dice.table", code=code) == url_for("dice.page", code=code) == url
    assert phone.get(url).status_code == 200
    assert phone.post(url + "/act", {"seq": 0, "action": "roll"}).headers["Location"] == url
    assert phone.get(url + "/poll?seq=1", headers={"HX-Request": "true"}).status_code == 204
    assert log_of(app, url) == ["roll"]


def test_a_program_gets_json_answers_like_the_editions(app, phone):
    url = start(phone, seed="json")
    json_only = {"Accept": "application/json"}
    resp = phone.post(url + "/act", {"seq": 0, "action": "roll"}, headers=json_only)
    assert resp.status_code == 200 and resp.json["ok"] and resp.json["seq"] == 1
    assert "rolls" in resp.json["events"][0]
    resp = phone.post(url + "/act", {"seq": 1, "action": "roll"}, headers=json_only)
    assert resp.status_code == 422 and resp.json["code"] == "rolled"
    assert "already rolled" in resp.json["error"]
    poll = phone.get(url + "/poll?seq=0").json
    assert poll["changed"] and poll["seq"] == 1 and poll["active"] == 0
    assert poll["phase"] == "reroll" and not poll["bots_pending"]
    assert log_of(app, url) == ["roll"]
